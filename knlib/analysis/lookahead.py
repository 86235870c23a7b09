"""The solver player's first tricks: each action played on by the habits up to the exact
phase, then one test with all cards face up.

Early in a deal one exact search can take seconds, too long to repeat for a dozen layouts
of the unseen cards and every action. So :class:`~knlib.analysis.player.SolverPlayer`
scores the actions of an early decision this way: in each of a number of layouts of the
unseen cards (:func:`~knlib.players.bots.hidden_world`) it takes the action, plays the
deal on with the rule-based habits (:class:`~knlib.players.bots.RulePlayer`, all four
seats) until every hand holds at most ``cards`` cards, and asks the solver whether its
side wins the rest with all cards face up (one null-window test,
:func:`knlib.analysis.solver.won`). Where the deal ends before that, its result counts.
An action scores the layouts in which its side wins so.

Why stop the habits there: a side that enters the exact phase able to force the win with
all cards face up wins most such deals, and one that cannot wins few (the solver player
won 90% and 15% of them against sampling players, ``benchmarks/README.md``, "What we
tried"), while the habits' play of the last tricks is not the solver player's. What it is
worth: :class:`~knlib.analysis.player.SolverPlayer`. A tactic, not a rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..engine.deal import Action, Deal
from ..players.bots import RulePlayer
from ..players.player import seat_to_move
from .search import Options
from .solver import won
from .table import TranspositionTable

__all__ = ["largest_hand", "wins_at_exact_phase", "lookahead_wins"]


def largest_hand(deal: Deal) -> int:
    """Cards in the largest hand in play: the solver player's exact phase begins once it
    is at most ``exact_cards``."""
    return max(len(deal.hands[s]) for s in deal.active)


def wins_at_exact_phase(deal: Deal, side: int, cards: int, habits: RulePlayer, *,
                        tt: TranspositionTable | None = None,
                        options: Options | None = None) -> bool:
    """Play ``deal`` on with ``habits`` until every hand in play holds at most ``cards``
    cards (``deal`` is changed: give a copy), then whether ``side`` wins the rest with
    all cards face up; if the deal ends first, whether ``side`` won it. A search over
    ``options.max_nodes`` raises :class:`~knlib.analysis.frame.Budget`."""
    while not deal.is_over and largest_hand(deal) > cards:
        deal.apply(habits.choose(deal))
    result = deal.result
    if result is not None:
        return result.winner == side
    return won(deal, tt=tt, options=options) == (deal.side_of(seat_to_move(deal)) == side)


def lookahead_wins(deal: Deal, acts: Sequence[Action], layouts: Iterable[Deal], *,
                   cards: int, habits: RulePlayer, options: Options | None = None) -> list[int]:
    """For each of ``acts`` (legal in ``deal``), in how many of ``layouts`` (``deal`` with
    the cards its seat to move cannot see dealt again: :func:`~knlib.players.bots.hidden_world`)
    the side to move wins at the exact phase (:func:`wins_at_exact_phase`). ``deal`` and
    the layouts are left unchanged."""
    side = deal.side_of(seat_to_move(deal))
    assert side is not None  # a seat in play belongs to a side in the games solved
    tt = TranspositionTable()
    score = [0] * len(acts)
    for world in layouts:
        for i, a in enumerate(acts):
            after = world.copy()
            after.apply(a)
            score[i] += wins_at_exact_phase(after, side, cards, habits, tt=tt, options=options)
    return score
