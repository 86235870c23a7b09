"""The transposition table: bounds on exact values, keyed at trick boundaries, bounded in
size.

Replacement is by age in two generations: new entries go into the current generation;
when it holds half the allowed entries it becomes the old one and the previous old one
is dropped. A lookup that hits the old generation moves the entry back into the current
one, so positions still in use survive. The positions of the first two trick starts
after a search's root are kept apart and not dropped by age: each stands for much of the
search, and the tests that follow (the next payment level, the solver's line) need them
again after the generations have dropped them. Memory stays below the limit (200 MB by
default), as the browser (Pyodide) has far less memory than a desktop.
"""

from __future__ import annotations

from typing import Any

#: An entry: the value's low and high bounds and the best lead (a tuple of ints, which
#: Python's collector of reference cycles stops tracking, unlike a list).
Entry = tuple[int, int, int]
#: The classes of equivalent cards at the start of a trick (:mod:`.classes`): for each
#: seat one card of each class, weakest first; the table key of the hands (each class
#: named by a card and its size; three low bits left free for the leader); for each seat,
#: how many of its cards nothing still out takes when led; how many top cards side 0 and
#: side 1 hold in one hand (see :meth:`knlib.analysis.count.TrickCount.bounds`).
Layout = tuple[list[list[int]], int, list[int], int, int]

__all__ = ["TranspositionTable", "Entry", "Layout", "DEFAULT_MB", "ENTRY_BYTES", "LAYOUT_BYTES",
           "PART_BYTES", "SHARES", "OPEN", "settled", "narrowed"]

#: :func:`settled`'s answer when an entry's bounds do not decide the search.
OPEN = -(1 << 50)


def settled(lo: int, hi: int, alpha: int, beta: int) -> int:
    """The value that bounds ``[lo, hi]`` (an entry's) give a fail-soft search within
    ``alpha``, ``beta`` without searching, or :data:`OPEN`."""
    if lo >= beta or lo == hi:
        return lo
    if hi <= alpha:
        return hi
    return OPEN


def narrowed(lo: int, hi: int, g: int, alpha: int, beta: int) -> tuple[int, int]:
    """Bounds ``[lo, hi]`` narrowed by a fail-soft search within ``alpha``, ``beta`` that
    returned ``g``: an upper bound if it failed low, a lower one if it failed high, else
    the value."""
    if g <= alpha:
        if g < hi:
            hi = g
    elif g >= beta:
        if g > lo:
            lo = g
    else:
        lo = hi = g
    return lo, hi

#: Default size limit in megabytes.
DEFAULT_MB = 200
#: What one entry costs in CPython 3.11, measured (session 19: ``sys.getsizeof`` of the
#: key, the value and their items, and the dict's own share, summed over the 282,000
#: entries of a solve from the second trick: 145 bytes each), rounded up.
ENTRY_BYTES = 150
#: What one remembered layout of classes costs, measured as above (743 bytes each over
#: 246,000 layouts), rounded up.
LAYOUT_BYTES = 750
#: ... and one hand's classes: 236 bytes each over 600,000, rounded up (session 19, when
#: their keys were 116-bit ints; since session 20 they are mostly machine-size ints, so
#: this is an upper bound). The last two tricks remembered (``twos``, 79 bytes each) are
#: emptied at the same count, as are the names and the hands' cards (a few hundred).
PART_BYTES = 240
#: The limit's shares: entries, layouts (two generations), one hand's classes; the last
#: two tricks take 2.6%. With the sizes above the four fill 161 MB of 200: the rest is
#: left to the allocator, which keeps memory that dropped generations freed (the peak
#: memory of a process grew by at most 144 MB in the hardest solves from the second
#: trick measured, against 135 MB with the estimated sizes before, which held 250,000
#: entries; entries before layouts, as an entry saves a search and a layout only the
#: classes' work: 2.1 times faster on the hardest of those solves).
SHARES = (0.45, 0.25, 0.08)


class TranspositionTable:
    """Positions at the start of a trick, each with ``(low, high, best lead)``: the exact
    value (payment to a member of side 0) lies in ``[low, high]``."""

    __slots__ = ("limit", "current", "old", "hits", "stores", "scope", "layouts",
                 "old_layouts", "layout_limit", "hand_cards", "parts", "part_limit", "twos",
                 "names", "named", "holders", "early", "early_limit", "generation")

    def __init__(self, megabytes: float = DEFAULT_MB) -> None:
        self.limit = max(1000, int(megabytes * 1e6 * SHARES[0] / ENTRY_BYTES))
        #: The classes of equivalent cards of positions, by the cards left in the hands
        #: (a quarter of the limit, :data:`SHARES`; two generations as for the entries;
        #: see :meth:`knlib.analysis.classes.CardClasses.layout`): those cards say whose hand
        #: each is in, as no card changes hands in the play (:meth:`hold`).
        self.layouts: dict[int, Layout] = {}
        self.old_layouts: dict[int, Layout] = {}
        #: The cards each seat has held in the positions of the layouts.
        self.holders: list[int] = []
        #: One hand's classes (:meth:`knlib.analysis.classes.CardClasses.hand`) by the
        #: hand and which class each of its cards joined (``joined << pack size | hand``),
        #: and the hand's cards by the hand.
        self.parts: dict[int, tuple[list[int], int]] = {}
        self.hand_cards: dict[int, list[int]] = {}
        #: Short names of a hand's classes in the table keys (:meth:`name`), and the
        #: last name given.
        self.names: dict[int, int] = {}
        self.named = 0
        #: Side 0's tricks of the last two, by the hands and the leader
        #: (:func:`knlib.analysis.endgame.two4`); emptied at ``part_limit``.
        self.twos: dict[int, int] = {}
        self.layout_limit = max(100, int(megabytes * 1e6 * SHARES[1] / LAYOUT_BYTES) // 2)
        self.part_limit = max(100, int(megabytes * 1e6 * SHARES[2] / PART_BYTES))
        self.current: dict[Any, Entry] = {}
        self.old: dict[Any, Entry] = {}
        #: Entries of the positions early in a search (:meth:`store`), kept apart
        #: from the generations: up to 1/64 of the entries allowed (a few thousand are
        #: made in the hardest solves measured, from the opening lead), the rest split
        #: between the two generations.
        self.early: dict[Any, Entry] = {}
        self.early_limit = self.limit // 64
        self.generation = (self.limit - self.early_limit) // 2
        self.hits = 0
        self.stores = 0
        self.scope: Any = None

    def bind(self, scope: Any) -> None:
        """Keys name cards by the solver's numbers, which mean different cards in another
        game or choice of suits: a table serves one ``scope`` (game, suits, seats and
        payments) at a time and is emptied when it changes."""
        if scope != self.scope:
            self.clear()
            self.scope = scope

    def get(self, key: Any, early: bool = False) -> Entry | None:
        """The entry of a position, or None; ``early``: the position is early in the
        search, and may be among the entries kept apart (:meth:`store`)."""
        if early:
            entry = self.early.get(key)
            if entry is not None:
                self.hits += 1
                return entry
        entry = self.current.get(key)
        if entry is None:
            entry = self.old.pop(key, None)
            if entry is None:
                return None
            self._put(key, entry)
        self.hits += 1
        return entry

    def _put(self, key: Any, entry: Entry) -> None:
        cur = self.current
        if len(cur) >= self.generation:
            self.old = cur
            self.current = cur = {}
        cur[key] = entry

    def store(self, key: Any, entry: Entry, early: bool = False) -> None:
        """Store an entry in the current generation. ``early``: the position is early in
        a search (the first trick starts after its root), and its entry is kept apart,
        not dropped for its age while there is room. Each such entry stands for a large
        search, and its position is met again rarely, so the generations would drop it
        while the search below fills them; the solver's line and later tests need it
        again (:meth:`knlib.analysis.solver.Decision.keeper`). When there is no room left
        (a table shared by many solves), the entries kept apart join the current
        generation and age out from there."""
        self.stores += 1
        if early:
            kept = self.early
            if key not in kept and len(kept) >= self.early_limit:
                for k, e in kept.items():
                    self._put(k, e)
                self.early = kept = {}
            kept[key] = entry
        elif key in self.current:
            self.current[key] = entry
        else:
            self._put(key, entry)

    def keep_layout(self, cards: int, layout: Layout) -> None:
        """Keep a layout (new, or found in the old generation) in the current one, by the
        cards left in the hands."""
        if len(self.layouts) >= self.layout_limit:
            self.old_layouts = self.layouts
            self.layouts = {}
        self.layouts[cards] = layout

    def hold(self, hands: list[int]) -> None:
        """A search from these hands is to use the table: the layouts, keyed by the cards
        left alone, stay only while no card is in another seat's hand than in the
        positions they were kept for (the later positions of one deal, or another
        deal of the same cards in the same hands); else they are emptied."""
        holders = self.holders
        if len(holders) == len(hands):
            held = 0
            for h in holders:
                held |= h
            if not any(h & held & ~holders[s] for s, h in enumerate(hands)):
                for s, h in enumerate(hands):
                    holders[s] |= h
                return
        self.layouts = {}
        self.old_layouts = {}
        self.holders = list(hands)

    def name(self, long: int) -> int:
        """A short name (below 2 ** 40) for a hand's classes in the key of a four-seat
        chain game, whose long name (each class's size at its card) runs to 200 bits:
        small keys are cheaper to build, hash and compare. Names are never given twice,
        even when the remembered ones are dropped at ``part_limit``, so a key never
        means two positions (a class named anew only shares fewer entries); 2 ** 40
        names would take years of searching."""
        n = self.names.get(long)
        if n is None:
            if len(self.names) > self.part_limit:
                self.names.clear()
            self.named += 1
            n = self.names[long] = self.named
        return n

    def __len__(self) -> int:
        return len(self.current) + len(self.old) + len(self.early)

    def clear(self) -> None:
        self.current = {}
        self.old = {}
        self.early = {}
        self.layouts = {}
        self.old_layouts = {}
        self.holders = []
        self.parts = {}
        self.hand_cards = {}
        self.twos = {}
