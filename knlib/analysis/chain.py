"""The trick loop of four-seat chain games (Knüffeln, Stýrivolt), unrolled: the same search
as :meth:`.count.Tricks.trick`, with the four plays of a trick written out."""

from __future__ import annotations

from .classes import CardClasses

__all__ = ["ChainLoop"]


class ChainLoop(CardClasses):
    """The unrolled trick of a four-seat game with partners opposite."""

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
        cur = self.tt.early if rest >= self.early else self.tt.current
        use_tt = self.use_tt
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
                            t = self.two4(order[p3])
                            v = w + t if mine else w + rest - t
                        else:
                            # The table first (most trick ends are found there).
                            ws = order[p3]
                            lay = layouts.get(hands[s0] | hands[s1] | hands[s2] | hands[s3])
                            e = cur.get(lay[1] | ws) if lay is not None and use_tt else None
                            if mine:
                                lo3, hi3 = a3 - w, b3 - w
                            else:
                                lo3, hi3 = rest - b3 + w, rest - a3 + w
                            if e is not None and (e[0] >= hi3 or e[1] <= lo3 or e[0] == e[1]):
                                t = e[0] if e[0] >= hi3 or e[0] == e[1] else e[1]
                            else:
                                t = self.tricks(ws, lo3, hi3, lay)
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

    def two4(self, leader: int) -> int:
        """Side 0's tricks of the last two (two cards in each hand), played out directly:
        cheaper than equivalent cards and the table for so few cards; remembered by the
        hands and the leader."""
        hands = self.hands
        order = self.order[leader]
        # The key: the leader, then each hand's two cards in play order (a small int).
        key = leader
        for s in order:
            m = hands[s]
            key = key << 12 | ((m & -m).bit_length() - 1) << 6 | (m.bit_length() - 1)
        twos = self.tt.twos
        hit = twos.get(key)
        if hit is not None:
            return hit
        if len(twos) > self.tt.part_limit:
            twos.clear()
        # The two cards of each hand in play order, weaker first: p[2 * i], p[2 * i + 1].
        p: list[int] = []
        for s in order:
            m = hands[s]
            p.append((m & -m).bit_length() - 1)
            p.append(m.bit_length() - 1)
        beats = self.beats
        o4 = self.order
        s0, s1, s2, s3 = order
        rest = [0] * len(hands)
        g0 = -1
        for j0 in (0, 1):
            c0 = p[j0]
            rest[s0] = p[1 - j0]
            g1 = 3
            for j1 in (0, 1):
                c1 = p[2 + j1]
                rest[s1] = p[3 - j1]
                if beats[c0 << 6 | c1]:
                    k1, q1 = c1, 1
                else:
                    k1, q1 = c0, 0
                g2 = -1
                for j2 in (0, 1):
                    c2 = p[4 + j2]
                    rest[s2] = p[5 - j2]
                    if beats[k1 << 6 | c2]:
                        k2, q2 = c2, 2
                    else:
                        k2, q2 = k1, q1
                    g3 = 3
                    for j3 in (0, 1):
                        rest[s3] = p[7 - j3]
                        q = 3 if beats[k2 << 6 | p[6 + j3]] else q2
                        # The last trick, led by the winner of this one.
                        o = o4[order[q]]
                        a = rest[o[0]]
                        x = rest[o[1]]
                        r = 0
                        if beats[a << 6 | x]:
                            a, r = x, 1
                        x = rest[o[2]]
                        if beats[a << 6 | x]:
                            a, r = x, 2
                        if beats[a << 6 | rest[o[3]]]:
                            r = 3
                        # The leader's side's tricks: q even is the leader's side; the
                        # last trick's place r is counted from seat q.
                        v = (1 - (q & 1)) + (1 - ((q + r) & 1))
                        if v < g3:
                            g3 = v
                            if v == 0:
                                break
                    if g3 > g2:
                        g2 = g3
                        if g2 == 2:
                            break
                if g2 < g1:
                    g1 = g2
                    if g1 == 0:
                        break
            if g1 > g0:
                g0 = g1
                if g0 == 2:
                    break
        hit = twos[key] = g0 if self.side[leader] == 0 else 2 - g0
        return hit

