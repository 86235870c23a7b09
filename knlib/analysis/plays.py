"""The plays within one trick of the search, for both trick loops (the trick count's,
:mod:`.count`, and the payments', :mod:`.search`): which card is ahead after a card is
played (:func:`ahead_after`), and which cards to try, best first (:func:`moves`)."""

from __future__ import annotations

from .frame import Frame, SearchTrick

__all__ = ["ahead_after", "moves"]


def ahead_after(f: Frame, i: int, apos: int, akey: int, played: tuple[int, ...],
                c: int) -> tuple[int, int]:
    """The card ahead once card ``c`` is played as card ``i`` of the trick: its place in
    the trick and its key (the card itself in chain and slow games, else its rank in the
    winner order). ``apos``, ``akey``: the card ahead before; ``played``: the trick's
    cards so far (needed in winner-order games)."""
    if i == 0:
        return 0, (c if f.chain or f.slow else f.lead_rank[c])
    if f.chain:
        if f.beats[akey << 6 | c]:
            return i, c
        return apos, akey
    if not f.slow:
        r = f.rank[played[0] << 6 | c]
        if r > akey:
            return i, r
        return apos, akey
    return f.kit.ahead((*played, c)), 0


def key_of(f: Frame, played: tuple[int, ...], apos: int) -> int:
    """The key :func:`ahead_after` keeps for the card ahead of a trick in progress."""
    if f.chain or f.slow:
        return played[apos]
    if apos == 0:
        return f.lead_rank[played[0]]
    return f.rank[played[0] << 6 | played[apos]]


def moves(f: Frame, t: SearchTrick, i: int, seat: int, apos: int, akey: int,
          played: tuple[int, ...]) -> list[int]:
    """The cards worth trying (one of each class), best first: leading, the table's
    best lead, then the strongest first; following, the cheapest card that takes
    the lead from an opponent, or the cheapest that leaves a partner ahead. At the
    root's first play, ``t.only`` alone when it is set."""
    if t.only >= 0 and i == t.start:
        return [t.only]
    reps = t.classes[seat]
    if not f.ordering or len(reps) < 2:
        return reps
    if i == 0:
        out = reps[::-1]
        first = t.first
        if first >= 0 and first in out:
            out.remove(first)
            out.insert(0, first)
        return out
    if f.chain:
        beats = f.beats
        base = akey << 6
        take = [c for c in reps if beats[base | c]]
        keep = [c for c in reps if not beats[base | c]] if take else reps
    elif not f.slow:
        rank = f.rank
        base = played[0] << 6
        take = [c for c in reps if rank[base | c] > akey]
        keep = [c for c in reps if rank[base | c] <= akey] if take else reps
    else:
        ahead = f.kit.ahead
        take = [c for c in reps if ahead((*played, c)) == i]
        keep = [c for c in reps if c not in take]
    if f.side[f.order[t.leader][apos]] == f.side[seat]:
        return keep + take
    return take + keep
