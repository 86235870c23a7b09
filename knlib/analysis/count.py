"""The trick search: how many of the remaining tricks side 0 wins, all cards face up.

Once only the game is left to decide (both sides have a trick, or the game has no Jann)
or a side plays for the march, the payment depends only on how many of the remaining
tricks side 0 wins. :class:`TrickCount` searches that number as bridge double-dummy
solvers do: alpha-beta on trick counts, its table entries holding bounds on the number and keyed
by the hands and the leader only, so that positions reached with different scores (and
the successive tests of one solve, and the solves of one review) share them.

* **equivalent cards** (:meth:`.classes.CardClasses.classes`): cards of one hand that
  stand in the same relation to every card still out in the other hands and the trick
  are played once, and the table key names a hand by the weakest card of each class and
  the size of the class. In chain games the name is the weakest twin of that card (a
  card of the pack that stands in the same relation to every other card, such as another
  dud of its suit), so that positions that differ only in which of such cards a hand
  holds share an entry. The classes of a position are remembered by its hands
  (:meth:`.classes.CardClasses.layout`);
* **move ordering**: the table's best lead first, else the last lead that won enough
  tricks with as many cards in hand (two killer moves), then the strongest (in the
  unrolled loop of four-seat chain games, first the cards nothing in the other hands
  takes, strongest first, then the rest: 5.5% fewer positions over 50 deals from the
  second trick, 3.6% from the third); following,
  the cheapest card that takes the lead from an opponent (first one that no opponent
  still to play can take), or the cheapest that leaves a partner ahead (in the unrolled
  loop, the second hand plays low before taking with a card the leader's partner can
  take where its own partner can take the lead: 12.5% fewer positions over the 50 deals
  from the second trick, 3.1% from the third; the leader's partner takes first with a
  card the last seat cannot take: 2.2% fewer from the second trick);
* **quick tricks** (:meth:`TrickCount.bounds`);
* the last two tricks are played out directly, without equivalent cards or the table
  (:mod:`.endgame`; the last two of the unrolled loop remembered by the hands).

Four-seat chain games (Knüffeln, Stýrivolt) have a trick loop of their own
(:meth:`TrickCount.chain4`), the same search unrolled; other games use
:meth:`TrickCount.trick`.
"""

from __future__ import annotations

from typing import Final, final

from .classes import CardClasses
from .endgame import last_trick, two, two4
from .frame import INF, Frame, SearchTrick
from .plays import ahead_after, moves
from .table import OPEN, Layout, narrowed, settled

__all__ = ["TrickCount", "raised"]


def raised(sure: int, tops: int, room: int) -> int:
    """Quick tricks ``sure``, or the top cards' ``tops`` if more, up to ``room`` (the
    tricks left less the opponents' lock cards; see :meth:`TrickCount.bounds`)."""
    k = tops if tops < room else room
    return k if k > sure else sure


@final
class TrickCount:
    """How many of the remaining tricks side 0 wins from the frame's hands: quick-trick
    bounds, alpha-beta on that number with the shared table, the four-seat chain games'
    trick unrolled (:meth:`chain4`), the last tricks played out (:mod:`.endgame`)."""

    def __init__(self, frame: Frame, classes: CardClasses) -> None:
        self.frame: Final = frame
        self.classes: Final = classes
        self.hands: Final = frame.hands
        self.side: Final = frame.side
        self.seats: Final = frame.seats
        self.order: Final = frame.order
        self.nxt: Final = frame.nxt
        self.beats: Final = frame.beats
        self.kit: Final = frame.kit
        self.tt: Final = frame.tt
        self.size: Final = frame.size
        self.lock: Final = frame.lock
        self.fast: Final = frame.fast

    def bounds(self, leader: int, h: int, sure: int, top0: int,
               top1: int) -> tuple[int, int]:
        """Tricks each side is sure of (quick tricks), from the counts of
        :meth:`.classes.CardClasses.classes`.

        * The leader's cards that nothing still out takes (``sure``) win a trick each,
          led one after the other.
        * A top card (chain games) takes every card still out in other hands but those
          of the frame's ``lock`` cards, and nothing out takes it: whenever its holder plays it, its
          side wins the trick, unless the trick was led with a lock card (which wins
          for the side that led it). So a side holding ``k`` top cards in one hand
          (``top0``, ``top1``) wins at least ``min(k, h - the opponents' lock cards)``
          tricks. In four-seat games with partners opposite, ``k`` counts the masters
          of both partners instead (:meth:`.classes.CardClasses.masters`), of which
          the top cards are some."""
        if self.side[leader] == 0:
            q0, q1 = sure, 0
        else:
            q0, q1 = 0, sure
        if top0 or top1:
            # The lock cards each side holds.
            l0 = l1 = 0
            lock = self.lock
            if lock:
                hands = self.hands
                side = self.side
                for s in self.seats:
                    if side[s] == 0:
                        l0 |= hands[s] & lock
                    else:
                        l1 |= hands[s] & lock
            q0 = raised(q0, top0, h - l1.bit_count())
            q1 = raised(q1, top1, h - l0.bit_count())
        return q0, q1

    def tricks(self, leader: int, alpha: int, beta: int, lay: Layout | None = None) -> int:
        """How many of the remaining tricks side 0 wins under best play, ``leader`` to
        lead (fail-soft within ``alpha``, ``beta``). ``lay``: the hands' layout
        (:meth:`.classes.CardClasses.layout`), where the caller has it already."""
        frame = self.frame
        hand = self.hands[leader]
        if not hand:
            return 0
        h = hand.bit_count()
        if alpha >= h:
            return h
        if beta <= 0:
            return 0
        frame.node()
        if h == 1:
            return last_trick(frame, leader)
        if h == 2:
            return two4(frame, leader) if self.fast else two(frame, leader, alpha, beta)
        cls, key, sure, top0, top1 = lay if lay is not None else self.classes.layout()
        lo, hi, first = 0, h, -1
        early = h >= frame.early
        use_tt = frame.use_tt
        if use_tt:
            key |= leader
            entry = self.tt.get(key, early)
            if entry is not None:
                lo, hi, first = entry
                g = settled(lo, hi, alpha, beta)
                if g != OPEN:
                    return g
        if frame.quick:
            q0, q1 = self.bounds(leader, h, sure[leader], top0, top1)
            if q0 > lo or h - q1 < hi:
                if q0 > lo:
                    lo = q0
                if h - q1 < hi:
                    hi = h - q1
                if lo >= beta or hi <= alpha:
                    if use_tt:
                        self.tt.store(key, (lo, hi, first), early)
                    return lo if lo >= beta else hi
        a0 = alpha if alpha > lo else lo
        b0 = beta if beta < hi else hi
        if self.fast:
            g, best = self.chain4(leader, h, cls, a0, b0, first)
        else:
            g, best = self.trick(SearchTrick(leader, cls, None, first), 0, leader, 0, 0, (), a0, b0)
        if use_tt:
            lo, hi = narrowed(lo, hi, g, a0, b0)
            self.tt.store(key, (lo, hi, best), early)
        return g

    def trick(self, t: SearchTrick, i: int, seat: int, apos: int, akey: int,
              played: tuple[int, ...], alpha: int, beta: int) -> tuple[int, int]:
        """Side 0's tricks from trick ``t`` on, with ``i`` cards ``played`` in it (kept
        where the card ahead alone does not decide, and at the root) and ``seat`` to
        play; ``apos``, ``akey``: the card ahead (:func:`.plays.ahead_after`). Returns
        the value and the best card of this play (-1 if none was searched)."""
        frame = self.frame
        hands = self.hands
        hand = hands[seat]
        side = self.side
        maxi = side[seat] == 0
        g = -INF if maxi else INF
        best = -1
        last = i + 1 == self.size
        nseat = self.nxt[seat]
        keep_played = not frame.chain
        for c in moves(frame, t, i, seat, apos, akey, played):
            hands[seat] = hand ^ (1 << c)
            ahead_pos, ahead_key = ahead_after(frame, i, apos, akey, played, c)
            if last:
                winner = self.order[t.leader][ahead_pos]
                w = 1 if side[winner] == 0 else 0
                v = w + self.tricks(winner, alpha - w, beta - w)
            else:
                v = self.trick(t, i + 1, nseat, ahead_pos, ahead_key,
                               (*played, c) if keep_played else (), alpha, beta)[0]
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
        return g, best

    def chain4(self, leader: int, h: int, cls: list[list[int]], alpha: int, beta: int,
               first: int) -> tuple[int, int]:
        """:meth:`trick` for a whole trick of a four-seat chain game, unrolled: the
        leader's side (seats 0 and 2 of the trick) maximises its tricks, the other side
        minimises them. Returns side 0's tricks from this one on and the best lead."""
        frame = self.frame
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
        ordering = frame.ordering
        r1, r2, r3 = cls[s1], cls[s2], cls[s3]
        moves0 = cls[s0]
        killer = frame.killer
        # The cards that take each card when it is ahead.
        beaten = self.kit.beaten
        if ordering and len(moves0) > 1:
            # Leads: the cards that nothing in the other hands takes, then the rest, each
            # strongest first; the killers and the table's best lead before them.
            out = h1 | h2 | h3
            moves0 = ([c for c in reversed(moves0) if not beaten[c] & out]
                      + [c for c in reversed(moves0) if beaten[c] & out])
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
        rest = h - 1
        order4 = self.order
        layouts = self.tt.layouts
        # Where the next trick starts early in the search, its entries are kept apart.
        cur = self.tt.early if rest >= frame.early else self.tt.current
        use_tt = frame.use_tt
        g0 = -1
        best = -1
        for c0 in moves0:
            hands[s0] = h0 ^ (1 << c0)
            base = c0 << 6
            if ordering and len(r1) > 1:
                # Second hand: the cheapest card that takes the lead and that the leader's
                # partner cannot take; then, where its own partner (the last seat) can take
                # the lead, the cards that do not take it before those the leader's
                # partner can take, else the other way round.
                m1 = [c for c in r1 if beats[base | c] and not beaten[c] & h2]
                if beaten[c0] & h3:
                    if len(m1) < len(r1):
                        m1 += [c for c in r1 if not beats[base | c]]
                        m1 += [c for c in r1 if beats[base | c] and beaten[c] & h2]
                else:
                    m1 += [c for c in r1 if beats[base | c] and beaten[c] & h2]
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
                    # opponent (first one the last seat cannot take), the cheapest that
                    # leaves the leader ahead.
                    if p1:
                        m2 = [c for c in r2 if beats[base1 | c] and not beaten[c] & h3]
                        m2 += [c for c in r2 if beats[base1 | c] and beaten[c] & h3]
                        if m2:
                            m2 += [c for c in r2 if not beats[base1 | c]]
                        else:
                            m2 = r2
                    elif beaten[k1] & h3:
                        # The leader's card can be taken by the last seat: first a card
                        # that takes it and that the last seat cannot take.
                        m2 = [c for c in r2 if beats[base1 | c] and not beaten[c] & h3]
                        m2 += [c for c in r2 if not beats[base1 | c]]
                        if len(m2) < len(r2):
                            m2 += [c for c in r2 if beats[base1 | c] and beaten[c] & h3]
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
                        elif rest == 2:
                            t = two4(frame, order[p3])
                            v = w + t if mine else w + rest - t
                        else:
                            # The table first (most trick ends are found there).
                            winner = order[p3]
                            lay = layouts.get(hands[s0] | hands[s1] | hands[s2] | hands[s3])
                            e = cur.get(lay[1] | winner) if lay is not None and use_tt else None
                            if mine:
                                lo3, hi3 = a3 - w, b3 - w
                            else:
                                lo3, hi3 = rest - b3 + w, rest - a3 + w
                            t = OPEN if e is None else settled(e[0], e[1], lo3, hi3)
                            if t == OPEN:
                                t = self.tricks(winner, lo3, hi3, lay)
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
        if g0 >= b0 and killer[h] != best:
            killer[h + 32] = killer[h]
            killer[h] = best
        return (g0 if mine else h - g0), best
