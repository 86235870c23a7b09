"""What every part of the trick search reads: the options, the hands being searched (the
:class:`Frame`, changed in place as cards are played and put back) with the position's
tables of who takes whom and its seats in play order, and the record of one trick being
searched (:class:`SearchTrick`). The parts themselves: :mod:`.classes` (equivalent cards),
:mod:`.plays` (the cards tried in a trick), :mod:`.endgame` (the last two tricks),
:mod:`.count` (the trick count) and :mod:`.search` (the payments).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, final

from ..players.deadline import Deadline
from .position import Position
from .table import Layout, TranspositionTable

__all__ = ["Options", "Budget", "TimeUp", "INF", "Layout", "Frame", "SearchTrick", "Score"]


#: Beyond every value and trick count (a fail-soft search's widest window).
INF: Final = 1 << 40

#: With a deadline, the clock is read once every this many trick starts (a trick start
#: takes microseconds, so a search stops within about a millisecond of its deadline).
CLOCK_EVERY: Final = 16

#: The score of a trick of the payment search: tricks won by side 0 and side 1, and the
#: seat that has won every trick so far (-1 if none or several).
Score = tuple[int, int, int]


@dataclass(frozen=True)
class Options:
    """Switches for each technique (for the benchmark; all on by default)."""

    tt: bool = True
    equivalence: bool = True
    ordering: bool = True
    quick_tricks: bool = True
    null_window: bool = True
    #: The unrolled trick loop of four-seat chain games (:meth:`.count.TrickCount.chain4`),
    #: with their last two tricks played out directly (:func:`.endgame.two4`).
    unrolled: bool = True
    #: Give up (raise :class:`Budget`) after this many trick starts: for benchmarks only.
    max_nodes: int | None = None
    #: Give up (raise :class:`TimeUp`) once this deadline has passed (None: never).
    deadline: Deadline | None = None


class Budget(Exception):
    """The search went over ``Options.max_nodes``."""


class TimeUp(Budget):
    """The search went past ``Options.deadline``."""


@final
class SearchTrick:
    """One trick being searched: who led it, the classes of equivalent cards of each hand
    at its start, the score before it (None in the trick count), the card to try first
    when leading (the table's best lead, -1 for none), and at the root the one card to
    search at play ``start`` (-1 for all)."""

    __slots__ = ("leader", "classes", "score", "first", "only", "start")

    def __init__(self, leader: int, classes: list[list[int]], score: Score | None = None,
                 first: int = -1, only: int = -1, start: int = 0) -> None:
        self.leader: Final = leader
        self.classes: Final = classes
        self.score: Final = score
        self.first: Final = first
        self.only: Final = only
        self.start: Final = start


@final
class Frame:
    """The hands of one position (``hands``, bitmasks by seat, changed in place as the
    search plays cards and puts them back), its tables of who takes whom, its seats in
    play order, the shared transposition table ``tt`` and the search's counters."""

    def __init__(self, pos: Position, tt: TranspositionTable | None = None,
                 options: Options | None = None) -> None:
        options = options or Options()
        self.pos: Final = pos
        self.options: Final = options
        self.tt: Final = tt if tt is not None else TranspositionTable()
        k = pos.kit
        self.kit: Final = k
        self.scope: Final = (k.rules.key, k.chosen, tuple(pos.side), tuple(pos.nxt),
                             pos.target, pos.march_len, pos.jann, pos.lone_crosses,
                             pos.stakes)
        self.tt.bind(self.scope)
        self.hands: Final = list(pos.hands)
        self.tt.hold(self.hands)
        self.chain: Final = k.chain
        self.slow: Final = k.slow
        self.beats: Final = k.beats
        self.rank: Final = k.rank
        self.lead_rank: Final = k.lead_rank
        self.rel: Final = k.rel
        self.differ: Final = k.differ
        self.side: Final = pos.side
        self.nxt: Final = pos.nxt
        self.seats: Final = [s for s in range(pos.n) if pos.side[s] >= 0]
        self.size: Final = len(self.seats)
        order: list[tuple[int, ...]] = [()] * pos.n
        for s in self.seats:
            seq = [s]
            while len(seq) < self.size:
                seq.append(pos.nxt[seq[-1]])
            order[s] = tuple(seq)
        #: Each seat's trick in play order when it leads.
        self.order: Final = order
        #: No classes for any seat (:meth:`.classes.CardClasses.chain_classes` copies it).
        self.no_classes: Final[list[list[int]]] = [[] for _ in pos.hands]
        self.nodes = 0
        self.budget: Final = options.max_nodes if options.max_nodes is not None else INF
        self.deadline: Final = options.deadline
        #: The count of trick starts at which :meth:`node` next looks at the budget and
        #: the clock.
        self.check = self.budget if self.deadline is None else min(self.budget, CLOCK_EVERY)
        #: Positions with at least this many cards a hand (the first two trick starts
        #: after the root) keep their table entries apart
        #: (:meth:`.table.TranspositionTable.store`).
        self.early: Final = max(h.bit_count() for h in self.hands) - 2
        self.use_tt: Final = options.tt
        self.merge: Final = options.equivalence and not self.slow
        self.ordering: Final = options.ordering
        self.quick: Final = options.quick_tricks and not self.slow
        #: Cards that never take the lead and that nothing takes when led (a chosen
        #: Seven in Knüffeln): the only cards a top card (see
        #: :meth:`.count.TrickCount.bounds`) cannot take.
        lock = 0
        if self.chain:
            for c in range(k.size):
                if not k.takes[c] and not k.beaten[c]:
                    lock |= 1 << c
        self.lock: Final = lock
        #: The last two leads that won enough tricks, by the number of cards in hand (the
        #: one before at +32).
        self.killer: Final = [-1] * 64
        # Four seats, partners opposite: the unrolled trick loop.
        self.fast: Final = options.unrolled and self.chain and self.size == 4 and all(
            side[o[0]] == side[o[2]] != side[o[1]] == side[o[3]]
            for side in (pos.side,) for o in (order[s] for s in self.seats))
        #: The two seats of each side (four seats only; see
        #: :meth:`.classes.CardClasses.masters`).
        partners: list[tuple[int, int]] = []
        if self.size == 4:
            two = [tuple(s for s in self.seats if pos.side[s] == a) for a in (0, 1)]
            if all(len(t) == 2 for t in two):
                partners = [(t[0], t[1]) for t in two]
        self.partners: Final = partners

    def ready(self) -> None:
        """Bind the table to this search's game and hands again (another solve may have
        used it for another game or choice of suits since, and it is emptied then; or
        for other hands, and its layouts are emptied then)."""
        if self.tt.scope != self.scope:
            self.tt.bind(self.scope)
        self.tt.hold(self.hands)

    def node(self) -> None:
        """Count a trick start searched; :class:`Budget` past ``Options.max_nodes``,
        :class:`TimeUp` past ``Options.deadline``."""
        self.nodes += 1
        if self.nodes > self.check:
            if self.nodes > self.budget:
                raise Budget(f"more than {self.budget} positions searched")
            if self.deadline is not None:
                if self.deadline.passed():
                    raise TimeUp(f"the deadline passed after {self.nodes} positions")
                self.check = min(self.budget, self.nodes + CLOCK_EVERY)
