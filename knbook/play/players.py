"""The computer seats at the table: the players offered (:data:`TABLE_PLAYERS`), one by
name (:func:`make_table_player`), one per seat (:func:`seat_players`, :func:`opponents`),
the time they may think (:data:`THINKING_SECONDS`), and a player that says when it
thinks (:class:`ThinkingPlayer`, for a face that shows it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from knlib.errors import RulesError
from knlib.games import Ruleset
from knlib.players.bots import Player, make_player
from knlib.players.deadline import check_budget

from ..i18n import tr

__all__ = ["TABLE_PLAYERS", "THINKING_SECONDS", "make_table_player", "opponents",
           "seat_players", "ThinkingPlayer", "Notice"]

#: The computer players offered at the table, weakest first; 'solver' is the strongest.
TABLE_PLAYERS = ("random", "rules", "sampling", "solver")

#: The most time, in seconds, that one decision of a computer player takes in the
#: terminal's game, for the players that search (the others answer at once). Within it
#: they play at their full strength (48 layouts played out; 24 layouts solved, and 24
#: looked ahead in the first tricks), as long as the machine is fast enough; past it they
#: decide on the layouts done so far (:mod:`knlib.players.deadline`).
THINKING_SECONDS: dict[str, float] = {"sampling": 1.0, "solver": 1.5}

#: Told before (``done=False``) and after (``done=True``) a computer player chooses:
#: ``notice(seat, done)``.
Notice = Callable[[int, bool], None]


def make_table_player(name: Any, seed: Any = None, *,
                      time_budget: float | None = None) -> Player:
    """A computer player by name for the table: :func:`knlib.players.bots.make_player`'s
    names, and 'solver' (:class:`knlib.analysis.player.SolverPlayer`, the strongest).
    ``time_budget``: seconds for each decision of the sampling and solver players (None:
    no limit)."""
    if name == "solver":
        from knlib.analysis.player import SolverPlayer

        return SolverPlayer(seed=seed, time_budget=time_budget)
    if name == "sampling":
        from knlib.players.sampling import SamplingPlayer

        return SamplingPlayer(seed=seed, time_budget=time_budget)
    if time_budget is not None:
        check_budget(time_budget)
    return make_player(name, seed)


def seat_players(bots: Any, count: int, seed: int | None, *, bluff_rate: float,
                 time_budgets: Mapping[str, float] | None = None) -> list[Player]:
    """One computer player for each of ``count`` seats: ``bots`` is one player (or name)
    for every seat, or a list of one per seat; None: the rule-based player everywhere.
    A player given by name is seeded from ``seed`` and its seat, bluffs at ``bluff_rate``
    and thinks for at most its ``time_budgets`` entry."""
    base = "none" if seed is None else str(seed)
    if bots is None:
        bots = ["rules"] * count
    elif isinstance(bots, str) or not isinstance(bots, Sequence):
        bots = [bots] * count
    if len(bots) != count:
        raise RulesError(tr("give one player for each of the {count} seats, or one for "
                            "all", count=count))
    players: list[Player] = []
    for s, b in enumerate(bots):
        if isinstance(b, str):
            p = make_table_player(b, f"{base}:{s}", time_budget=(time_budgets or {}).get(b))
            p.bluff_rate = bluff_rate
            p.seed_talk(f"talk {base}:{s}")
        else:
            p = make_table_player(b)
        players.append(p)
    return players


def opponents(game: str | Ruleset, opponent: Any, *, seat: int = 0, partner: Any = "rules",
              players: int | None = None) -> list[Any]:
    """One player per seat: ``opponent`` for the reader's opponents, ``partner`` for the
    rest (the reader's own entry is ignored). For example ``opponents('knueffeln',
    'solver')``: the solver player against you, a rule-based partner with you."""
    from knlib.engine.deal import new_deal

    d = new_deal(game, seed=0, players=players)
    n = d.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise RulesError(tr("seat {value} is not a seat: seats are 0 to {last}",
                            value=repr(seat), last=n - 1))
    return [opponent if d.side_of(s) != d.side_of(seat) else partner for s in range(n)]


class ThinkingPlayer(Player):
    """A computer player at the table that calls ``notice(seat, done)`` before
    (``done=False``) and after (``done=True``) it chooses; everything else is the
    ``inner`` player's."""

    def __init__(self, inner: Player, seat: int, notice: Notice) -> None:
        self.inner = inner
        self.seat = seat
        self.notice = notice
        self.name = inner.name

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def choose(self, deal: Any) -> Any:
        self.notice(self.seat, False)
        try:
            return self.inner.choose(deal)
        finally:
            self.notice(self.seat, True)

    def talk(self, deal: Any, seat: int | None = None) -> Any:
        return self.inner.talk(deal, seat)

    def call(self, deal: Any, seat: int) -> Any:
        return self.inner.call(deal, seat)

    def remark(self, deal: Any, seat: int, action: Any) -> Any:
        return self.inner.remark(deal, seat, action)
