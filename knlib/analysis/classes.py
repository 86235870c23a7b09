"""Equivalent cards in the trick search: cards of one hand that stand in the same relation
to every card still out are searched once, and the table key names each class by one card
and its size (see :data:`.table.Layout`)."""

from __future__ import annotations

from typing import Final, final

from .frame import Frame
from .position import cards_of
from .table import Layout

__all__ = ["CardClasses"]


@final
class CardClasses:
    """The classes of equivalent cards of the frame's hands, remembered by the hands (in
    the frame's table)."""

    def __init__(self, frame: Frame) -> None:
        self.frame: Final = frame
        self.hands: Final = frame.hands
        self.seats: Final = frame.seats
        self.side: Final = frame.side
        self.kit: Final = frame.kit
        self.tt: Final = frame.tt
        self.rel: Final = frame.rel
        self.differ: Final = frame.differ
        self.rank: Final = frame.rank
        self.lead_rank: Final = frame.lead_rank
        self.chain: Final = frame.chain
        self.merge: Final = frame.merge
        self.lock: Final = frame.lock
        self.fast: Final = frame.fast
        self.partners: Final = frame.partners
        self.no_classes: Final = frame.no_classes

    def classes(self, tmask: int = 0, ban: int = 0) -> Layout:
        """The hands' classes of equivalent cards (see :data:`Layout`): cards that stand
        in the same relation to every card still out in the other hands and in the trick
        (``tmask``). ``ban``: cards that may not be played (the first trick); a class is
        then played by its weakest allowed card."""
        hands = self.hands
        allmask = tmask
        for s in self.seats:
            allmask |= hands[s]
        if self.merge and self.chain and not ban:
            return self.chain_classes(allmask)
        out: list[list[int]] = [[] for _ in hands]
        sure = [0] * len(hands)
        key = 0
        rel = self.rel
        for s in self.seats:
            h = hands[s]
            others = allmask ^ h
            cls = out[s]
            hk = 0
            m = h
            while m:
                low = m & -m
                m ^= low
                if not rel[low.bit_length() - 1] >> 64 & others:
                    sure[s] += 1
            for m in self.groups(h, others):
                low = m & -m
                hk += m.bit_count() << 4 * (low.bit_length() - 1)
                m &= ~ban
                if m:
                    cls.append((m & -m).bit_length() - 1)
            key = key << 200 | hk
        return out, key << 3, sure, 0, 0

    def chain_classes(self, allmask: int) -> Layout:
        """:meth:`classes` of a chain game (no first-trick bans). Each class is named by
        the weakest twin of its card (:attr:`Kit.twin <knlib.analysis.position.Kit>`):
        a hand's part of the key then depends on its classes alone and is remembered
        with them, by a short name (:meth:`TranspositionTable.name
        <knlib.analysis.table.TranspositionTable.name>`). (Naming the classes of all
        hands that stand in the same relation to every card out alike shares 9% more
        positions from trick 3, but costs more than it saves.)"""
        hands = self.hands
        takes, beaten = self.kit.takes, self.kit.beaten
        lock = self.lock
        side = self.side
        # (The classes' lists are shared and never changed: the seats out of play keep
        # the empty ones.)
        out = self.no_classes[:]
        sure = [0] * len(hands)
        tops = [0, 0]
        key = 0
        # A side's top cards in one hand are masters too (:meth:`masters`).
        masters = self.fast and self.partners
        for s in self.seats:
            h = hands[s]
            others = allmask ^ h
            cls, hk, cards = self.hand(h, others)
            out[s] = cls
            key = key << 40 | hk
            n = 0
            for c in cards:
                if not beaten[c] & others:
                    n += 1
            if n:
                sure[s] = n
                if masters:
                    continue
                need = others & ~lock
                k = 0
                for c in cards:
                    if not beaten[c] & others and not need & ~takes[c]:
                        k += 1
                if k > tops[side[s]]:
                    tops[side[s]] = k
        if masters:
            # The strongest master is a card nothing still out takes (where the cards
            # that take each other form no cycle): without one, none are counted.
            (p0, q0), (p1, q1) = self.partners
            return (out, key << 3, sure, self.masters(0) if sure[p0] or sure[q0] else 0,
                    self.masters(1) if sure[p1] or sure[q1] else 0)
        return out, key << 3, sure, tops[0], tops[1]

    def masters(self, a: int) -> int:
        """How many masters side ``a`` holds (four seats, partners opposite): cards that
        win any trick not led with a lock card in which they are played, whoever led
        and wherever they fall. A master ``c`` of one partner: nothing the opponents
        hold takes it, it takes each of their cards but the locks, it takes each card
        of the other partner that an opponent's card takes (so a partner's lead cannot
        be left for the last opponent to take), and any card of the other partner that
        takes it is a master too. The side plays one master in each such trick, so it
        wins at least that many of them (see :meth:`.count.TrickCount.bounds`)."""
        hands = self.hands
        beaten, takes = self.kit.beaten, self.kit.takes
        p, q = self.partners[a]
        r, t = self.partners[1 - a]
        opp = hands[r] | hands[t]
        need = opp & ~self.lock
        hp, hq = hands[p], hands[q]
        m = 0
        for mine, other in ((hp, hq), (hq, hp)):
            x = mine
            loose = -1
            while x:
                low = x & -x
                x ^= low
                c = low.bit_length() - 1
                if beaten[c] & opp or need & ~takes[c]:
                    continue
                if loose < 0:
                    # The other partner's cards that an opponent's card takes.
                    loose = 0
                    y = other
                    while y:
                        b = y & -y
                        y ^= b
                        if beaten[b.bit_length() - 1] & opp:
                            loose |= b
                if not loose & ~takes[c]:
                    m |= low
        while m:
            keep = m
            x = m
            while x:
                low = x & -x
                x ^= low
                other = hq if low & hp else hp
                if beaten[low.bit_length() - 1] & other & ~m:
                    keep ^= low
            if keep == m:
                break
            m = keep
        return m.bit_count()

    def hand(self, hand: int, others: int) -> tuple[list[int], int, list[int]]:
        """One hand's classes (chain games): one card of each, weakest first; the hand's
        part of the table key (the short name of each class's size at its name, see
        :meth:`chain_classes`); the hand's cards, weakest first. Each card joins the first class
        from whose card nothing out tells it apart (:attr:`Kit.differ
        <knlib.analysis.position.Kit>`, small masks); the classes are remembered by the
        hand and which class each card joined (a hand meets few of those)."""
        tt = self.tt
        hand_cards = tt.hand_cards
        cards = hand_cards.get(hand)
        if cards is None:
            cards = hand_cards[hand] = cards_of(hand)
        differ = self.differ
        reps: list[int] = []
        # Which class each card joined, as one number: the class's place among those so
        # far, or the next place for a new class, a digit of base one more than the
        # classes so far (below n! for n cards: with the 48 cards of a Knüffeln pack the
        # key stays a machine-size int up to seven cards a hand).
        joined = 0
        base = 1
        for c in cards:
            j = 0
            for r in reps:
                if not differ[r << 6 | c] & others:
                    break
                j += 1
            joined += j * base
            base *= len(reps) + 1
            if j == len(reps):
                reps.append(c)
        k = joined << self.kit.size | hand
        parts = tt.parts
        hit = parts.get(k)
        if hit is None:
            if len(parts) > tt.part_limit:
                parts.clear()
                hand_cards.clear()
            # Each card adds one to its class's size, at the class's name (the class it
            # joined read back from ``joined``, digit by digit).
            unit = self.kit.unit
            hk = 0
            n = 0
            for _ in cards:
                j = joined % (n + 1)
                joined //= n + 1
                if j == n:
                    n += 1
                hk += unit[reps[j]]
            hit = parts[k] = (reps, tt.name(hk))
        return hit[0], hit[1], cards

    def groups(self, hand: int, others: int) -> list[int]:
        """The classes of equivalent cards of a hand as masks, by their weakest card."""
        cards = cards_of(hand)
        if not self.merge:
            return [1 << c for c in cards]
        if self.chain:
            om = others | others << 64
            sig: list[object] = [self.rel[c] & om for c in cards]
        else:
            olist = []
            m = others
            while m:
                low = m & -m
                olist.append(low.bit_length() - 1)
                m ^= low
            rank, lr = self.rank, self.lead_rank
            sig = [(lr[c], tuple(rank[c << 6 | z] for z in olist),
                    tuple(rank[z << 6 | c] for z in olist)) for c in cards]
        groups: dict[object, int] = {}
        for c, g in zip(cards, sig, strict=True):
            groups[g] = groups.get(g, 0) | 1 << c
        return list(groups.values())

    def layout(self) -> Layout:
        """:meth:`classes` at the start of a trick, remembered in the table by the cards
        left in the hands (a position recurs often, and a table hit still needs the key;
        the table knows whose hand each card is in, :meth:`TranspositionTable.hold
        <knlib.analysis.table.TranspositionTable.hold>`)."""
        hands = self.hands
        cards = 0
        for s in self.seats:
            cards |= hands[s]
        tt = self.tt
        hit = tt.layouts.get(cards)
        if hit is None:
            # Not in the current generation: the old one, else new (kept in the current).
            hit = tt.old_layouts.pop(cards, None)
            if hit is None:
                hit = self.classes()
            tt.keep_layout(cards, hit)
        return hit
