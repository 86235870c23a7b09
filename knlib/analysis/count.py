"""The trick search: how many of the remaining tricks side 0 wins, all cards face up.

Once only the game is left to decide (both sides have a trick, or the game has no Jann)
or a side plays for the march, the payment depends only on how many of the remaining
tricks side 0 wins. :class:`Tricks` searches that number as bridge double-dummy solvers
do: alpha-beta on trick counts, its table entries holding bounds on the number and keyed
by the hands and the leader only, so that positions reached with different scores (and
the successive tests of one solve, and the solves of one review) share them.

* **equivalent cards** (:meth:`Tricks.classes`): cards of one hand that stand in the same
  relation to every card still out in the other hands and the trick are played once,
  and the table key names a hand by the weakest card of each class and the size of the
  class. In chain games the name is the weakest twin (a card of the pack that stands in
  the same relation to every other card, such as another dud of its suit) of the classes
  in all hands that stand in the same relation to every card out, so that positions
  that differ only in which of such cards a hand holds share an entry. The classes of a
  position are remembered by its hands (:meth:`Tricks.layout`);
* **move ordering**: the table's best lead first, else the last lead that won enough
  tricks with as many cards in hand (two killer moves), then the strongest; following,
  the cheapest card that takes the lead from an opponent (first one that no opponent
  still to play can take), or the cheapest that leaves a partner ahead;
* **quick tricks** (:meth:`Tricks.bounds`);
* the last trick is played out directly, without the table (and the last two, in games
  without the unrolled loop).

Four-seat chain games (Knüffeln, Stýrivolt) have a trick loop of their own
(:meth:`Tricks.chain4`), the same search unrolled; other games use :meth:`Tricks.trick`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .position import Position
from .table import TranspositionTable

__all__ = ["Options", "Budget", "INF", "Layout", "Tricks"]

INF = 1 << 40

#: The classes of equivalent cards at the start of a trick: for each seat one card of each
#: class, weakest first; the table key of the hands (each class named by a card and its
#: size; three low bits left free for the leader); for each seat, how many of its cards
#: nothing still out takes when led; how many top cards side 0 and side 1 hold in one
#: hand (see :meth:`Tricks.bounds`).
Layout = tuple[list[list[int]], int, list[int], int, int]


@dataclass(frozen=True)
class Options:
    """Switches for each technique (for the benchmark; all on by default)."""

    tt: bool = True
    equivalence: bool = True
    ordering: bool = True
    quick_tricks: bool = True
    null_window: bool = True
    #: The unrolled trick loop of four-seat chain games (:meth:`Tricks.chain4`).
    unrolled: bool = True
    #: Give up (raise :class:`Budget`) after this many trick starts: for benchmarks only.
    max_nodes: int | None = None


class Budget(Exception):
    """The search went over ``Options.max_nodes``."""


class Tricks:
    """The trick search from the hands of one position (``hands``, changed in place as
    cards are played and put back), sharing the transposition table ``tt``."""

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
        self.chain = k.chain
        self.slow = k.slow
        self.beats = k.beats
        self.rank = k.rank
        self.lead_rank = k.lead_rank
        self.rel = k.rel
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
        self.hands = list(pos.hands)
        self.nodes = 0
        self.budget = options.max_nodes if options.max_nodes is not None else INF
        self.best = -1
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
        self._near = self.tt.near
        self._hands = self.tt.parts
        #: The last two leads that won enough tricks, by the number of cards in hand (the
        #: one before at +32).
        self.killer = [-1] * 64
        # Four seats, partners opposite: the unrolled trick loop.
        self.fast = options.unrolled and self.chain and self.size == 4 and all(
            side[o[0]] == side[o[2]] != side[o[1]] == side[o[3]]
            for side in (pos.side,) for o in (self.order[s] for s in self.seats))

    def ready(self) -> None:
        """Bind the table to this search's game again (another solve may have used it
        for another game or choice of suits since: it is emptied then)."""
        if self.tt.scope != self.scope:
            self.tt.bind(self.scope)
        self._near = self.tt.near
        self._hands = self.tt.parts

    # -- classes of equivalent cards, and the table key ---------------------------------------
    def classes(self, tmask: int = 0, ban: int = 0) -> Layout:
        """The hands' classes of equivalent cards (see :data:`Layout`): cards that stand
        in the same relation to every card still out in the other hands and in the trick
        (``tmask``). ``ban``: cards that may not be played (the first trick); a class is
        then played by its weakest allowed card."""
        hands = self.hands
        out: list[list[int]] = [[] for _ in hands]
        sure = [0] * len(hands)
        allmask = tmask
        for s in self.seats:
            allmask |= hands[s]
        key = 0
        rel = self.rel
        fast = self.merge and self.chain and not ban
        tops = [0, 0]
        side = self.side
        lock = self.lock
        twin = self.kit.twin
        takes = self.kit.takes
        sizes: dict[int, int] = {}
        for s in self.seats:
            h = hands[s]
            others = allmask ^ h
            cls = out[s]
            hk = 0
            if fast:
                part = self._hand(h, others)
                cls.extend(part[0])
                for r, n in zip(part[0], part[1], strict=True):
                    sizes[r] = n
                sc = part[2]
                sure[s] = len(sc)
                if sc:
                    need = others & ~lock
                    k = 0
                    for c in sc:
                        if not need & ~takes[c]:
                            k += 1
                    if k > tops[side[s]]:
                        tops[side[s]] = k
            else:
                m = h
                while m:
                    low = m & -m
                    m ^= low
                    if not rel[low.bit_length() - 1] >> 64 & others:
                        sure[s] += 1
                for m in self._groups(h, others):
                    low = m & -m
                    hk += m.bit_count() << 4 * (low.bit_length() - 1)
                    m &= ~ban
                    if m:
                        cls.append((m & -m).bit_length() - 1)
            key = key << 200 | hk
        if fast:
            # Name each class by the weakest twin among the classes of all hands that
            # stand in the same relation to every card out (see the module notes).
            am = allmask | allmask << 64
            names: dict[int, int] = {}
            for r in sizes:
                g = rel[r] & am
                t = twin[r]
                if names.get(g, 64) > t:
                    names[g] = t
            key = 0
            for s in self.seats:
                hk = 0
                for r in out[s]:
                    hk += sizes[r] << 4 * names[rel[r] & am]
                key = key << 200 | hk
        return out, key << 3, sure, tops[0], tops[1]

    def _hand(self, hand: int, others: int) -> tuple[list[int], list[int], list[int]]:
        """One hand's classes (chain games): one card of each, weakest first; the sizes;
        the cards nothing still out takes. The classes are remembered by the hand and
        those of the other cards out that tell its cards apart."""
        near = self._near.get(hand)
        if near is None:
            near = self._near[hand] = self._telling(hand)
        tell, cards = near
        beaten = self.kit.beaten
        sure = [c for c in cards if not beaten[c] & others]
        k = (hand, others & tell)
        hit = self._hands.get(k)
        if hit is None:
            if len(self._hands) > self.tt.part_limit:
                self._hands.clear()
                self._near.clear()
            rel = self.rel
            om = others | others << 64
            reps: dict[int, int] = {}
            cls: list[int] = []
            sizes: list[int] = []
            for c in cards:
                g = rel[c] & om
                i = reps.get(g)
                if i is None:
                    reps[g] = len(cls)
                    cls.append(c)
                    sizes.append(1)
                else:
                    sizes[i] += 1
            hit = self._hands[k] = (cls, sizes)
        return hit[0], hit[1], sure

    def _telling(self, hand: int) -> tuple[int, list[int]]:
        """The cards that tell two cards of a hand apart, and the hand's cards."""
        takes, beaten = self.kit.takes, self.kit.beaten
        cards: list[int] = []
        m = hand
        out = 0
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            for d in cards:
                out |= (takes[c] ^ takes[d]) | (beaten[c] ^ beaten[d])
            cards.append(c)
        return out & ~hand, cards

    def _groups(self, hand: int, others: int) -> list[int]:
        """The classes of equivalent cards of a hand as masks, by their weakest card."""
        cards = []
        m = hand
        while m:
            low = m & -m
            cards.append(low.bit_length() - 1)
            m ^= low
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
        """:meth:`classes` at the start of a trick, remembered by the hands themselves in
        the table (a position recurs often, and a table hit still needs the key)."""
        raw = tuple(self.hands)
        tt = self.tt
        hit = tt.layouts.get(raw)
        if hit is None:
            hit = tt.layout(raw)
            if hit is None:
                hit = self.classes()
                tt.keep_layout(raw, hit)
        return hit

    def bounds(self, leader: int, h: int, sure: int, top0: int,
               top1: int) -> tuple[int, int]:
        """Tricks each side is sure of (quick tricks), from :meth:`classes`' counts.

        * The leader's cards that nothing still out takes (``sure``) win a trick each,
          led one after the other.
        * A top card (chain games) takes every card still out in other hands but those
          of :attr:`lock`, and nothing out takes it: whenever its holder plays it, its
          side wins the trick, unless the trick was led with a lock card (which wins
          for the side that led it). So a side holding ``k`` top cards in one hand
          (``top0``, ``top1``) wins at least ``min(k, h - the opponents' lock cards)``
          tricks."""
        out = [0, 0]
        out[self.side[leader]] = sure
        if top0 or top1:
            lock = self.lock
            held = [0, 0]
            hands = self.hands
            side = self.side
            for s in self.seats:
                held[side[s]] |= hands[s]
            for a, k in ((0, top0), (1, top1)):
                if k:
                    k = min(k, h - (held[1 - a] & lock).bit_count())
                    if k > out[a]:
                        out[a] = k
        return out[0], out[1]

    # -- the trick search ---------------------------------------------------------------------
    def tricks(self, leader: int, alpha: int, beta: int) -> int:
        """How many of the remaining tricks side 0 wins under best play, ``leader`` to
        lead (fail-soft within ``alpha``, ``beta``)."""
        hand = self.hands[leader]
        if not hand:
            return 0
        h = hand.bit_count()
        if alpha >= h:
            return h
        if beta <= 0:
            return 0
        self.nodes += 1
        if self.nodes > self.budget:
            raise Budget(f"more than {self.budget} positions searched")
        if h <= 2 and not self.fast:
            if h == 1:
                return self.last_trick(leader)
            return self.two(leader, alpha, beta)
        if h == 1:
            return self.last_trick(leader)
        cls, key, sure, top0, top1 = self.layout()
        lo, hi, first = 0, h, -1
        if self.use_tt:
            key |= leader
            entry = self.tt.get(key)
            if entry is not None:
                lo, hi, first = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
        if self.quick:
            q0, q1 = self.bounds(leader, h, sure[leader], top0, top1)
            if q0 > lo or h - q1 < hi:
                lo = max(lo, q0)
                hi = min(hi, h - q1)
                if lo >= beta or hi <= alpha:
                    if self.use_tt:
                        self.tt.store(key, [lo, hi, first])
                    return lo if lo >= beta else hi
        a0 = alpha if alpha > lo else lo
        b0 = beta if beta < hi else hi
        if self.fast:
            g = self.chain4(leader, h, cls, a0, b0, first)
        else:
            g = self.trick(0, leader, leader, 0, 0, cls, None, a0, b0, first=first)
        if self.use_tt:
            if g <= a0:
                if g < hi:
                    hi = g
            elif g >= b0:
                if g > lo:
                    lo = g
            else:
                lo = hi = g
            self.tt.store(key, [lo, hi, self.best])
        return g

    def last_trick(self, leader: int) -> int:
        """1 if side 0 wins the last trick (one card in each hand), else 0."""
        hands = self.hands
        order = self.order[leader]
        played = tuple(hands[s].bit_length() - 1 for s in order)
        return 1 if self.side[order[self.kit.ahead(played)]] == 0 else 0

    def two(self, leader: int, alpha: int, beta: int) -> int:
        """The last two tricks (two cards in each hand), played out."""
        hands = self.hands
        order = self.order[leader]
        side = self.side
        ahead = self.kit.ahead
        n = len(order)
        pairs = []
        for s in order:
            h = hands[s]
            low = h & -h
            pairs.append((low.bit_length() - 1, (h ^ low).bit_length() - 1))
        at = {s: p for p, s in enumerate(order)}
        maxi = [side[s] == 0 for s in order]
        chosen = [0] * n

        def ply(i: int, alpha: int, beta: int) -> int:
            g = -1 if maxi[i] else 3
            for j in (0, 1):
                chosen[i] = j
                if i + 1 < n:
                    v = ply(i + 1, alpha, beta)
                else:
                    ws = order[ahead(tuple(pairs[p][chosen[p]] for p in range(n)))]
                    last = tuple(pairs[at[s]][1 - chosen[at[s]]] for s in self.order[ws])
                    v = (side[ws] == 0) + (side[self.order[ws][ahead(last)]] == 0)
                if maxi[i]:
                    if v > g:
                        g = v
                        if g > alpha:
                            alpha = g
                            if g >= beta:
                                break
                elif v < g:
                    g = v
                    if g < beta:
                        beta = g
                        if g <= alpha:
                            break
            return g

        return ply(0, alpha, beta)

    def trick(self, i: int, seat: int, leader: int, apos: int, akey: int, cls: list[list[int]],
              ctx: tuple[int, int, int] | None, alpha: int, beta: int,
              played: tuple[int, ...] = (), only: int = -1, first: int = -1) -> int:
        """Value with ``i`` cards in the trick led by ``leader`` and ``seat`` to play.
        ``apos``/``akey``: the card ahead (its place; the card, or its rank in a
        winner-order game). ``ctx``: None in the trick search (the value is the number
        of tricks side 0 wins from this one on), or ``(w0, w1, lone)`` for payments
        (:meth:`after` then values the end of the trick). ``played``: the cards of the
        trick so far (kept where the ahead card alone does not decide, and at the root).
        ``only``: just that card; ``first``: try it first."""
        hands = self.hands
        hand = hands[seat]
        side = self.side
        if only >= 0:
            moves = [only]
        else:
            moves = self.moves(i, seat, leader, apos, akey, cls[seat], played, first)
        maxi = side[seat] == 0
        g = -INF if maxi else INF
        best = -1
        last = i + 1 == self.size
        nseat = self.nxt[seat]
        chain = self.chain
        slow = self.slow
        keep_played = not chain
        for c in moves:
            hands[seat] = hand ^ (1 << c)
            if i == 0:
                na = 0
                nk = c if chain or slow else self.lead_rank[c]
            elif chain:
                if self.beats[akey << 6 | c]:
                    na, nk = i, c
                else:
                    na, nk = apos, akey
            elif not slow:
                r = self.rank[played[0] << 6 | c]
                if r > akey:
                    na, nk = i, r
                else:
                    na, nk = apos, akey
            else:
                na = self.kit.ahead((*played, c))
                nk = 0
            if last:
                ws = self.order[leader][na]
                if ctx is None:
                    w = 1 if side[ws] == 0 else 0
                    v = w + self.tricks(ws, alpha - w, beta - w)
                else:
                    v = self.after(ws, ctx, alpha, beta)
            else:
                v = self.trick(i + 1, nseat, leader, na, nk, cls, ctx, alpha, beta,
                               (*played, c) if keep_played else ())
            hands[seat] = hand
            if maxi:
                if v > g:
                    g = v
                    best = c
                    if g > alpha:
                        alpha = g
                        if g >= beta:
                            break
            elif v < g:
                g = v
                best = c
                if g < beta:
                    beta = g
                    if g <= alpha:
                        break
        if i == 0:
            self.best = best
        return g

    def after(self, ws: int, ctx: tuple[int, int, int], alpha: int, beta: int) -> int:
        """Value once a trick of the payment search is complete (see the subclass)."""
        raise NotImplementedError

    def moves(self, i: int, seat: int, leader: int, apos: int, akey: int, reps: list[int],
              played: tuple[int, ...], first: int) -> list[int]:
        """The cards worth trying (one of each class), best first: leading, the table's
        best lead, then the strongest first; following, the cheapest card that takes
        the lead from an opponent, or the cheapest that leaves a partner ahead."""
        if not self.ordering or len(reps) < 2:
            return reps
        if i == 0:
            moves = reps[::-1]
            if first >= 0 and first in moves:
                moves.remove(first)
                moves.insert(0, first)
            return moves
        if self.chain:
            beats = self.beats
            base = akey << 6
            take = [c for c in reps if beats[base | c]]
            keep = [c for c in reps if not beats[base | c]] if take else reps
        elif not self.slow:
            rank = self.rank
            base = played[0] << 6
            take = [c for c in reps if rank[base | c] > akey]
            keep = [c for c in reps if rank[base | c] <= akey] if take else reps
        else:
            ahead = self.kit.ahead
            take = [c for c in reps if ahead((*played, c)) == i]
            keep = [c for c in reps if c not in take]
        if self.side[self.order[leader][apos]] == self.side[seat]:
            return keep + take
        return take + keep

    def chain4(self, leader: int, h: int, cls: list[list[int]], alpha: int, beta: int,
               first: int) -> int:
        """:meth:`trick` for a whole trick of a four-seat chain game in the trick search,
        unrolled: the leader's side (seats 0 and 2 of the trick) maximises its tricks,
        the other side minimises them. Returns side 0's tricks from this one on."""
        hands = self.hands
        beats = self.beats
        order = self.order[leader]
        s0, s1, s2, s3 = order
        h0, h1, h2, h3 = hands[s0], hands[s1], hands[s2], hands[s3]
        mine = self.side[leader] == 0
        # Work in the leader's side's tricks: t = side 0's tricks for side 0, else h - t.
        if mine:
            a0, b0 = alpha, beta
        else:
            a0, b0 = h - beta, h - alpha
        ordering = self.ordering
        r1, r2, r3 = cls[s1], cls[s2], cls[s3]
        moves0 = cls[s0]
        killer = self.killer
        if ordering and len(moves0) > 1:
            moves0 = moves0[::-1]
            k2 = killer[h + 32]
            if k2 >= 0 and k2 != first and k2 in moves0:
                moves0.remove(k2)
                moves0.insert(0, k2)
            k1 = killer[h]
            if k1 >= 0 and k1 != first and k1 in moves0:
                moves0.remove(k1)
                moves0.insert(0, k1)
            if first >= 0 and first in moves0:
                moves0.remove(first)
                moves0.insert(0, first)
        tricks = self.tricks
        rest = h - 1
        order4 = self.order
        rel = self.rel
        last = h3 << 64
        third = h2 << 64
        layouts = self.tt.layouts
        cur = self.tt.current
        use_tt = self.use_tt
        four = len(hands) == 4
        g0 = -1
        best = -1
        for c0 in moves0:
            hands[s0] = h0 ^ (1 << c0)
            base = c0 << 6
            if ordering and len(r1) > 1:
                # Second hand: the cheapest card that takes the lead and that the leader's
                # partner cannot take, the other cards that take it, then the rest.
                m1 = [c for c in r1 if beats[base | c] and not rel[c] & third]
                m1 += [c for c in r1 if beats[base | c] and rel[c] & third]
                if m1:
                    m1 += [c for c in r1 if not beats[base | c]]
                else:
                    m1 = r1
            else:
                m1 = r1
            a1, b1 = a0, b0
            g1 = h + 1
            for c1 in m1:
                hands[s1] = h1 ^ (1 << c1)
                if beats[base | c1]:
                    k1, p1 = c1, 1
                else:
                    k1, p1 = c0, 0
                base1 = k1 << 6
                if ordering and len(r2) > 1:
                    # The leader's partner: the cheapest card that takes the lead from an
                    # opponent, the cheapest that leaves the leader ahead.
                    if p1:
                        m2 = [c for c in r2 if beats[base1 | c]]
                        if m2:
                            m2 += [c for c in r2 if not beats[base1 | c]]
                        else:
                            m2 = r2
                    elif rel[k1] & last:
                        # The leader's card can be taken by the last seat: first a card
                        # that takes it and that the last seat cannot take.
                        m2 = [c for c in r2 if beats[base1 | c] and not rel[c] & last]
                        m2 += [c for c in r2 if not beats[base1 | c]]
                        if len(m2) < len(r2):
                            m2 += [c for c in r2 if beats[base1 | c] and rel[c] & last]
                    else:
                        m2 = [c for c in r2 if not beats[base1 | c]]
                        if len(m2) < len(r2):
                            m2 += [c for c in r2 if beats[base1 | c]]
                else:
                    m2 = r2
                a2, b2 = a1, b1
                g2 = -1
                for c2 in m2:
                    hands[s2] = h2 ^ (1 << c2)
                    if beats[base1 | c2]:
                        k2, p2 = c2, 2
                    else:
                        k2, p2 = k1, p1
                    base2 = k2 << 6
                    if ordering and len(r3) > 1:
                        if p2 & 1:
                            m3 = [c for c in r3 if not beats[base2 | c]]
                            if len(m3) < len(r3):
                                m3 += [c for c in r3 if beats[base2 | c]]
                        else:
                            m3 = [c for c in r3 if beats[base2 | c]]
                            if m3:
                                m3 += [c for c in r3 if not beats[base2 | c]]
                            else:
                                m3 = r3
                    else:
                        m3 = r3
                    a3, b3 = a2, b2
                    g3 = h + 1
                    for c3 in m3:
                        hands[s3] = h3 ^ (1 << c3)
                        p3 = 3 if beats[base2 | c3] else p2
                        w = 0 if p3 & 1 else 1
                        # The rest, in side 0's tricks, then back to the leader's side's.
                        if rest == 1:
                            # The last trick: one card in each hand.
                            o = order4[order[p3]]
                            a = hands[o[0]].bit_length() - 1
                            x = hands[o[1]].bit_length() - 1
                            q = 0
                            if beats[a << 6 | x]:
                                a, q = x, 1
                            x = hands[o[2]].bit_length() - 1
                            if beats[a << 6 | x]:
                                a, q = x, 2
                            if beats[a << 6 | hands[o[3]].bit_length() - 1]:
                                q = 3
                            v = w + (1 if (q & 1) == (p3 & 1) else 0)
                        else:
                            # The table first (most trick ends are found there).
                            ws = order[p3]
                            lay = layouts.get((hands[0], hands[1], hands[2], hands[3])
                                              if four else tuple(hands))
                            e = cur.get(lay[1] | ws) if lay is not None and use_tt else None
                            if mine:
                                lo3, hi3 = a3 - w, b3 - w
                            else:
                                lo3, hi3 = rest - b3 + w, rest - a3 + w
                            if e is not None and (e[0] >= hi3 or e[1] <= lo3 or e[0] == e[1]):
                                t = e[0] if e[0] >= hi3 or e[0] == e[1] else e[1]
                            else:
                                t = tricks(ws, lo3, hi3)
                            v = w + t if mine else w + rest - t
                        if v < g3:
                            g3 = v
                            if g3 < b3:
                                b3 = g3
                                if g3 <= a3:
                                    break
                    hands[s3] = h3
                    if g3 > g2:
                        g2 = g3
                        if g2 > a2:
                            a2 = g2
                            if g2 >= b2:
                                break
                hands[s2] = h2
                if g2 < g1:
                    g1 = g2
                    if g1 < b1:
                        b1 = g1
                        if g1 <= a1:
                            break
            hands[s1] = h1
            if g1 > g0:
                g0 = g1
                best = c0
                if g0 > a0:
                    a0 = g0
                    if g0 >= b0:
                        break
        hands[s0] = h0
        self.best = best
        if g0 >= b0 and killer[h] != best:
            killer[h + 32] = killer[h]
            killer[h] = best
        return g0 if mine else h - g0
