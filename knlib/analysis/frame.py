"""The state a trick search keeps (:class:`SearchFrame`): the position's hands, the tables
of who takes whom, the seats in play order, and the shared transposition table; and the
options, budget and layout types of the search. :mod:`.count` (the search),
:mod:`.classes` (equivalent cards) and :mod:`.chain` (the unrolled trick loop) build on it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .position import Position
from .table import Layout, TranspositionTable

__all__ = ["Options", "Budget", "INF", "Layout", "SearchFrame"]


INF = 1 << 40

@dataclass(frozen=True)
class Options:
    """Switches for each technique (for the benchmark; all on by default)."""

    tt: bool = True
    equivalence: bool = True
    ordering: bool = True
    quick_tricks: bool = True
    null_window: bool = True
    #: The unrolled trick loop of four-seat chain games (:meth:`Tricks.chain4`), with
    #: their last two tricks played out directly (:meth:`ChainLoop.two4`).
    unrolled: bool = True
    #: Give up (raise :class:`Budget`) after this many trick starts: for benchmarks only.
    max_nodes: int | None = None


class Budget(Exception):
    """The search went over ``Options.max_nodes``."""


class SearchFrame:
    """The trick search's state from the hands of one position (``hands``, changed in
    place as cards are played and put back), sharing the transposition table ``tt``."""

    def __init__(self, pos: Position, tt: TranspositionTable | None = None,
                 options: Options | None = None) -> None:
        options = options or Options()
        self.pos = pos
        self.options = options
        self.tt = tt if tt is not None else TranspositionTable()
        k = pos.kit
        self.kit = k
        self.scope = (k.rules.key, k.chosen, tuple(pos.side), tuple(pos.nxt), pos.target,
                      pos.march_len, pos.jann, pos.lone_crosses, pos.stakes)
        self.tt.bind(self.scope)
        self.hands = list(pos.hands)
        self.tt.hold(self.hands)
        self.chain = k.chain
        self.slow = k.slow
        self.beats = k.beats
        self.rank = k.rank
        self.lead_rank = k.lead_rank
        self.rel = k.rel
        self.differ = k.differ
        self.side = pos.side
        self.nxt = pos.nxt
        self.seats = [s for s in range(pos.n) if pos.side[s] >= 0]
        self.size = len(self.seats)
        self.order: list[tuple[int, ...]] = [()] * pos.n
        for s in self.seats:
            seq = [s]
            while len(seq) < self.size:
                seq.append(pos.nxt[seq[-1]])
            self.order[s] = tuple(seq)
        #: No classes for any seat (:meth:`.classes.CardClasses._chain` copies it).
        self.no_classes: list[list[int]] = [[] for _ in pos.hands]
        self.nodes = 0
        self.budget = options.max_nodes if options.max_nodes is not None else INF
        self.best = -1
        #: Positions with at least this many cards a hand (the first two trick starts
        #: after the root) keep their table entries apart
        #: (:meth:`.table.TranspositionTable.store`).
        self.early = max(h.bit_count() for h in self.hands) - 2
        self.use_tt = options.tt
        self.merge = options.equivalence and not self.slow
        self.ordering = options.ordering
        self.quick = options.quick_tricks and not self.slow
        #: Cards that never take the lead and that nothing takes when led (a chosen
        #: Seven in Knüffeln): the only cards a top card (see :meth:`bounds`) cannot take.
        self.lock = 0
        if self.chain:
            for c in range(k.size):
                if not k.takes[c] and not k.beaten[c]:
                    self.lock |= 1 << c
        self._hand_cards = self.tt.hand_cards
        self._hands = self.tt.parts
        #: The last two leads that won enough tricks, by the number of cards in hand (the
        #: one before at +32).
        self.killer = [-1] * 64
        # Four seats, partners opposite: the unrolled trick loop.
        self.fast = options.unrolled and self.chain and self.size == 4 and all(
            side[o[0]] == side[o[2]] != side[o[1]] == side[o[3]]
            for side in (pos.side,) for o in (self.order[s] for s in self.seats))
        #: The two seats of each side (four seats only; see :meth:`CardClasses._masters`).
        self.partners: list[tuple[int, int]] = []
        if self.size == 4:
            two = [tuple(s for s in self.seats if pos.side[s] == a) for a in (0, 1)]
            if all(len(t) == 2 for t in two):
                self.partners = [(t[0], t[1]) for t in two]

    def ready(self) -> None:
        """Bind the table to this search's game and hands again (another solve may have
        used it for another game or choice of suits since, and it is emptied then; or
        for other hands, and its layouts are emptied then)."""
        if self.tt.scope != self.scope:
            self.tt.bind(self.scope)
        self.tt.hold(self.hands)
        self._hand_cards = self.tt.hand_cards
        self._hands = self.tt.parts

    def tricks(self, leader: int, alpha: int, beta: int, lay: Layout | None = None) -> int:
        """Side 0's tricks from here on (the search itself: :class:`.count.Tricks`)."""
        raise NotImplementedError
