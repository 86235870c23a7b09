"""Computer players for every game of the family, through the deal API: the names the
book and the tests use, and :func:`make_player`.

A player is any object with ``choose(deal) -> action``, one of ``deal.legal_actions()``
for the seat ``deal.to_move``. Three are here:

* :class:`RandomPlayer` (:mod:`.random_player`): a uniformly random legal action (seeded);
* :class:`RulePlayer` (:mod:`.rule_player`): a handful of plain habits, deterministic and
  cheap;
* :class:`SamplingPlayer` (:mod:`.sampling`): deals the cards it cannot see at random
  many times, plays every candidate action out with the rule-based habits and keeps the
  action that wins most often. One parameter, ``samples``, sets its strength and speed.

Every player also talks (:class:`~knlib.players.player.Player`): a table-talk line about a
hand, the announcement that goes with an action, the call to a partner.

**The habits are tactics, not rules.** They are this project's own simple advice for
beginners, defined once in :mod:`knlib.players.habits`. The rules themselves are only
ever asked of the engine: which actions are legal (``deal.legal_actions()``), which card
takes which (the one relation :class:`~knlib.rules.tricks.Takes`), and how strong a card
is (:meth:`~knlib.games.Ruleset.strength`).

The bulk simulator (:mod:`knlib.sim`) plays the same habits on many deals at once with
numpy (:mod:`knlib.players.playouts`); its tests check that it makes exactly the choices
made here.
"""

from __future__ import annotations

from typing import Any

from ..counts import shown
from ..errors import RulesError
from ..i18n import tr
from .card_facts import CardFacts, card_facts, seen_bits
from .habits import SOLO_STRONG, STRONG_TAKERS
from .player import Player, Remark, never_turn_in_march
from .random_player import RandomPlayer
from .rule_player import RulePlayer
from .sampling import SamplingPlayer, hidden_world

__all__ = [
    "Player",
    "RandomPlayer",
    "RulePlayer",
    "SamplingPlayer",
    "Remark",
    "CardFacts",
    "card_facts",
    "seen_bits",
    "hidden_world",
    "make_player",
    "never_turn_in_march",
    "PLAYER_NAMES",
    "STRONG_TAKERS",
    "SOLO_STRONG",
]


# -- by name ---------------------------------------------------------------------------------------

#: Names accepted by :func:`make_player` (and by :func:`knlib.sim.simulate`).
PLAYER_NAMES = ("random", "random-cards", "rules", "sampling")


def make_player(name: str | Player, seed: Any = None) -> Player:
    """A player from a name in :data:`PLAYER_NAMES` (a player passes through)."""
    if not isinstance(name, str):
        if not callable(getattr(name, "choose", None)):
            raise RulesError(tr("{value} is not a player: give an object with choose(deal) or "
                                "one of {names}", value=shown(name),
                                names=", ".join(PLAYER_NAMES)))
        return name
    if name == "random":
        return RandomPlayer(seed)
    if name == "random-cards":
        return RandomPlayer(seed, drehen=False)
    if name == "rules":
        return RulePlayer()
    if name == "sampling":
        return SamplingPlayer(seed=seed)
    raise RulesError(tr("{value} is not a player: choose one of {names}", value=shown(name),
                        names=", ".join(PLAYER_NAMES)))
