"""The last two tricks, played out directly: cheaper than equivalent cards and the table
for so few cards. Each function reads the frame's hands and returns side 0's tricks."""

from __future__ import annotations

from .frame import Frame

__all__ = ["last_trick", "two", "two4"]


def last_trick(f: Frame, leader: int) -> int:
    """1 if side 0 wins the last trick (one card in each hand), else 0."""
    hands = f.hands
    order = f.order[leader]
    played = tuple(hands[s].bit_length() - 1 for s in order)
    return 1 if f.side[order[f.kit.ahead(played)]] == 0 else 0


def two(f: Frame, leader: int, alpha: int, beta: int) -> int:
    """The last two tricks (two cards in each hand), played out."""
    hands = f.hands
    order = f.order[leader]
    side = f.side
    ahead = f.kit.ahead
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
                winner = order[ahead(tuple(pairs[p][chosen[p]] for p in range(n)))]
                last = tuple(pairs[at[s]][1 - chosen[at[s]]] for s in f.order[winner])
                v = (side[winner] == 0) + (side[f.order[winner][ahead(last)]] == 0)
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


def two4(f: Frame, leader: int) -> int:
    """Side 0's tricks of the last two (two cards in each hand), played out directly:
    cheaper than equivalent cards and the table for so few cards; remembered by the
    hands and the leader."""
    hands = f.hands
    order = f.order[leader]
    # The key: the leader, then each hand's two cards in play order (a small int).
    key = leader
    for s in order:
        m = hands[s]
        key = key << 12 | ((m & -m).bit_length() - 1) << 6 | (m.bit_length() - 1)
    twos = f.tt.twos
    hit = twos.get(key)
    if hit is not None:
        return hit
    if len(twos) > f.tt.part_limit:
        twos.clear()
    # The two cards of each hand in play order, weaker first: p[2 * i], p[2 * i + 1].
    p: list[int] = []
    for s in order:
        m = hands[s]
        p.append((m & -m).bit_length() - 1)
        p.append(m.bit_length() - 1)
    beats = f.beats
    o4 = f.order
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
    hit = twos[key] = g0 if f.side[leader] == 0 else 2 - g0
    return hit
