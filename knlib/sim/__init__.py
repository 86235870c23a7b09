"""Bulk simulation: play many deals with chosen players and return tidy results.

:func:`simulate` plays ``n_deals`` deals of a game and returns a :class:`SimResult`:
deals won by each side, Janns and marches, payments per seat, and one record per deal
(:attr:`SimResult.records`, plain dicts; :attr:`SimResult.columns`, the same as columns).
:func:`wilson` and :func:`mean_ci` give confidence intervals for proportions and means.

Two paths give the same kind of result:

* **the deal API** (any game, any player): ``knlib.new_deal`` and ``player.choose(deal)``
  for every action, exactly as a reader's game is played;
* **the fast path** (numpy, imported only when used): many deals at once, as arrays. It
  covers the games in :data:`FAST_GAMES` (four players, one chain rule, chosen suits by
  turn-ups: ``knueffeln``, ``knueffeln-hattstedt``, ``knueffeln-1938`` and Stýrivolt),
  for the random players and the rule-based player (:mod:`knlib.players`). It deals by
  the game's procedure (:mod:`.fast`) and plays every deal's tricks in lock step
  (:mod:`knlib.players.playouts`), reading the procedure, the stakes and payments and the
  trick engine's tables instead of stating the rules again. The tests check it against
  the deal API exactly (the same pack orders and the same random numbers give the same
  tricks, winners and payments, and the rule-based player's choices are the same) and
  statistically.

Both paths play the same deals for the same seed (:mod:`.packs`): deal ``i`` is
``knlib.new_deal(game, seed=s_i)`` with a seed drawn from the simulation's seed, and the
players named 'random' or 'random-cards' draw their numbers from that deal's generator.
The rule-based player is deterministic, so the fast path, the deal API (``fast=False``)
and a Python without numpy (the deal API) give the same result, record for record.

The modules: :mod:`.run` (:func:`simulate`), :mod:`.fast` (the fast path's deal),
:mod:`.packs` (each deal's seed, pack order and random numbers),
:mod:`.results` (:class:`SimResult`), :mod:`.stats` (intervals), :mod:`.scripts` (the
scripted players of the tests), :mod:`.values` (what a card is worth, the order of play),
:mod:`.matches` (the stored matches). The book draws the counts as bars with intervals
(:func:`knbook.pictures.intervals.ci_chart`).
"""

from ..players.playkit import KINDS
from ..players.playouts import playout_wins, supports_playouts
from .fast import FAST_GAMES, FAST_POLICIES, fast_deals
from .matches import MATCHES, match_deal, match_players, match_record, match_rows, play_match
from .results import COLUMNS, SimResult
from .run import fast_supported, progress_bar, simulate
from .scripts import OrderScript, UniformScript
from .stats import Mean, Proportion, mean_ci, wilson
from .values import CardValue, card_label, card_values, order_changes_winner

__all__ = [
    "simulate",
    "SimResult",
    "Proportion",
    "Mean",
    "wilson",
    "mean_ci",
    "FAST_GAMES",
    "FAST_POLICIES",
    "KINDS",
    "COLUMNS",
    "fast_supported",
    "fast_deals",
    "UniformScript",
    "OrderScript",
    "supports_playouts",
    "playout_wins",
    "order_changes_winner",
    "card_values",
    "card_label",
    "CardValue",
    "MATCHES",
    "match_players",
    "match_deal",
    "match_rows",
    "match_record",
    "play_match",
    "progress_bar",
]
