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
  class. In chain games the name is the weakest twin of that card (a card of the pack
  that stands in the same relation to every other card, such as another dud of its
  suit), so that positions that differ only in which of such cards a hand holds share
  an entry. The classes of a position are remembered by its hands
  (:meth:`Tricks.layout`);
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
* **quick tricks** (:meth:`Tricks.bounds`);
* the last two tricks are played out directly, without equivalent cards or the table
  (the last two of the unrolled loop remembered by the hands: :meth:`ChainLoop.two4`).

Four-seat chain games (Knüffeln, Stýrivolt) have a trick loop of their own
(:meth:`Tricks.chain4`), the same search unrolled; other games use :meth:`Tricks.trick`.
"""

from __future__ import annotations

from .chain import ChainLoop
from .frame import INF, Budget, Layout, Options

__all__ = ["Options", "Budget", "INF", "Layout", "Tricks"]


def raised(sure: int, tops: int, room: int) -> int:
    """Quick tricks ``sure``, or the top cards' ``tops`` if more, up to ``room`` (the
    tricks left less the opponents' lock cards; see :meth:`Tricks.bounds`)."""
    k = tops if tops < room else room
    return k if k > sure else sure


class Tricks(ChainLoop):
    """The trick search from the hands of one position: quick-trick bounds, alpha-beta on
    side 0's tricks with the shared table, the last tricks played out directly."""

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
          tricks. In four-seat games with partners opposite, ``k`` counts the masters
          of both partners instead (:meth:`.classes.CardClasses._masters`), of which
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

    # -- the trick search ---------------------------------------------------------------------
    def tricks(self, leader: int, alpha: int, beta: int, lay: Layout | None = None) -> int:
        """How many of the remaining tricks side 0 wins under best play, ``leader`` to
        lead (fail-soft within ``alpha``, ``beta``). ``lay``: the hands' :meth:`layout`,
        where the caller has it already."""
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
        if h <= 2:
            return self.last_trick(leader) if h == 1 else self.two4(leader)
        cls, key, sure, top0, top1 = lay if lay is not None else self.layout()
        lo, hi, first = 0, h, -1
        early = h >= self.early
        if self.use_tt:
            key |= leader
            entry = self.tt.get(key, early)
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
                if q0 > lo:
                    lo = q0
                if h - q1 < hi:
                    hi = h - q1
                if lo >= beta or hi <= alpha:
                    if self.use_tt:
                        self.tt.store(key, (lo, hi, first), early)
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
            self.tt.store(key, (lo, hi, self.best), early)
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
        # The best card of this node (the outermost call's is the last one written: the
        # table keeps the lead, the solver's line the root's card).
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
