"""Alpha-beta search of a :class:`~knlib.analysis.position.Position`, all cards face up.

Values are payments to one member of side 0 (side 0 maximises, side 1 minimises). The
search is exact. Two searches share the trick-level code and one transposition table:

* **tricks** (:meth:`Search.tricks`): once only the game is left to decide (both sides
  have a trick, or the game has no Jann) or a side plays for the march, the payment
  depends only on how many of the remaining tricks side 0 wins. The number it can force
  is searched as in bridge double-dummy solvers: its table entries hold bounds on that
  number and are keyed by the hands and the leader only, so positions reached with
  different scores share them;
* **payments** (:meth:`Search.value`): the first tricks while one side has won every
  trick (a Jann or a march is still possible), with the payments themselves.

What makes it fast:

* **null windows**: :meth:`Search.exact` finds the value among the few payments a deal
  can end with by tests "is it at least v?" (MTD-f on the payment levels), and a
  payment test asks the trick search "does side 0 win at least n tricks?";
* **transposition table** at the start of each trick (:mod:`.table`);
* **equivalent cards**: cards of one hand that stand in the same relation to every card
  still out in the other hands and the trick are played once, and the table key names a
  hand by the weakest card of each such class and the size of the class;
* **move ordering**: the table's best lead first; following, the cheapest card that takes
  the lead from an opponent or the cheapest that leaves a partner ahead;
* **quick tricks**: a leader's cards that nothing still out can take win a trick each
  when led, one after the other.

Leading face down (drehen) is not searched: the analysis module proves that it never
pays more than leading the same card face up (see :func:`knlib.analysis.solver.solve`).
Karniffel's concession is not searched either: it ends the deal at the lowest payment.
"""

from __future__ import annotations

from dataclasses import dataclass

from .position import Position
from .table import TranspositionTable

__all__ = ["Options", "Search", "Budget", "INF"]

INF = 1 << 40


@dataclass(frozen=True)
class Options:
    """Switches for each technique (for the benchmark; all on by default)."""

    tt: bool = True
    equivalence: bool = True
    ordering: bool = True
    quick_tricks: bool = True
    null_window: bool = True
    #: Give up (raise :class:`Budget`) after this many trick starts: for benchmarks only.
    max_nodes: int | None = None


class Budget(Exception):
    """The search went over ``Options.max_nodes``."""


class Search:
    """Search from one position; reusable for many root moves and successive positions
    that share the transposition table.

    The position's trick in progress is the root trick: :meth:`root` searches it (or
    one card of it) and every later trick."""

    def __init__(self, pos: Position, tt: TranspositionTable | None = None,
                 options: Options = Options()) -> None:
        self.pos = pos
        self.options = options
        self.tt = tt if tt is not None else TranspositionTable()
        k = pos.kit
        self.kit = k
        self.tt.bind((k.rules.key, k.chosen, tuple(pos.side), tuple(pos.nxt), pos.target,
                      pos.march_len, pos.jann, pos.lone_crosses, pos.stakes))
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
        self.march = pos.march
        self.pay = pos.payoff
        self.top = max(pos.payoff.values())
        self.bottom = min(pos.payoff.values())
        self.game0 = pos.payoff[("game", 0, False)]
        self.game1 = pos.payoff[("game", 1, False)]
        self.nodes = 0
        self.budget = options.max_nodes if options.max_nodes is not None else INF
        self.best = -1
        self.lone_key = pos.lone_crosses
        self.turns = pos.turns
        self.use_tt = options.tt
        self.merge = options.equivalence and not self.slow
        self.ordering = options.ordering
        self.quick = options.quick_tricks and not self.slow
        #: Cards that never take the lead and that nothing takes when led (a chosen
        #: Seven in Knüffeln): the only cards a top card (see :meth:`classes`) cannot take.
        self.lock = 0
        if self.chain:
            for c in range(k.size):
                if not k.takes[c] and not k.beaten[c]:
                    self.lock |= 1 << c
        self.tops = [0, 0]
        # The root trick: its cards, who led it, the card ahead.
        self.root_leader = pos.tseats[0] if pos.trick else pos.to_move
        self.root_played = tuple(pos.trick)
        tmask = 0
        for c in pos.trick:
            tmask |= 1 << c
        apos = akey = 0
        if pos.trick:
            apos = k.ahead(self.root_played)
            akey = self._key_of(self.root_played, apos)
        self.root_ahead = apos, akey
        ban = 0
        if pos.ntricks == 0:
            ban = k.ban_lead if not pos.trick else k.ban_follow
        self.root_cls, _, _ = self.classes(self.root_leader, tmask, ban)

    def _key_of(self, played: tuple[int, ...], apos: int) -> int:
        """What the trick code keeps of the card ahead: the card (chain and slow games)
        or its rank in the winner order."""
        if self.chain or self.slow:
            return played[apos]
        if apos == 0:
            return self.lead_rank[played[0]]
        return self.rank[played[0] << 6 | played[apos]]

    # -- classes of equivalent cards, and the table key ---------------------------------------
    def classes(self, leader: int, tmask: int = 0,
                ban: int = 0) -> tuple[list[list[int]], int, int]:
        """For each seat, one card of each class of equivalent cards, weakest first: cards
        that stand in the same relation to every card still out in the other hands and
        in the trick (``tmask``). Returns those lists, the table key of the hands (each
        class named by its weakest card and its size) and how many of the leader's cards
        nothing still out takes when led (quick tricks). ``ban``: cards that may not be
        played (the first trick); a class is then played by its weakest allowed card."""
        hands = self.hands
        out: list[list[int]] = [[] for _ in hands]
        allmask = tmask
        for s in self.seats:
            allmask |= hands[s]
        key = 0
        sure = 0
        rel = self.rel
        fast = self.merge and self.chain and not ban
        tops = self.tops
        tops[0] = tops[1] = 0
        side = self.side
        lock = self.lock
        for s in self.seats:
            h = hands[s]
            others = allmask ^ h
            if s == leader:
                m = h
                while m:
                    low = m & -m
                    m ^= low
                    if not rel[low.bit_length() - 1] >> 64 & others:
                        sure += 1
            cls = out[s]
            hk = 0
            if fast:
                om = others | others << 64
                need = others & ~lock
                k = 0
                reps: dict[int, int] = {}
                while h:
                    low = h & -h
                    c = low.bit_length() - 1
                    h ^= low
                    g = rel[c] & om
                    if g >= need and not g >> 64 and not need & ~g:
                        k += 1
                    first = reps.get(g)
                    if first is None:
                        reps[g] = c
                        hk |= 1 << 4 * c
                        cls.append(c)
                    else:
                        hk += 1 << 4 * first
                if k > tops[side[s]]:
                    tops[side[s]] = k
            else:
                for m in self._groups(h, others):
                    low = m & -m
                    hk += m.bit_count() << 4 * (low.bit_length() - 1)
                    m &= ~ban
                    if m:
                        cls.append((m & -m).bit_length() - 1)
            key = key << 200 | hk
        return out, key, sure

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
            sig = [self.rel[c] & om for c in cards]
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

    # -- the trick ----------------------------------------------------------------------------
    def trick(self, i: int, seat: int, leader: int, apos: int, akey: int, cls: list[list[int]],
              ctx: tuple[int, int, int] | None, alpha: int, beta: int,
              played: tuple[int, ...] = (), only: int = -1, first: int = -1) -> int:
        """Value with ``i`` cards in the trick led by ``leader`` and ``seat`` to play.
        ``apos``/``akey``: the card ahead (its place; the card, or its rank in a
        winner-order game). ``ctx``: None in the trick search (the value is the number
        of tricks side 0 wins from this one on), or ``(w0, w1, lone)`` for payments.
        ``played``: the cards of the trick so far (only kept where the rule set decides
        tricks itself, and at the root). ``only``: just that card; ``first``: try it
        first."""
        hands = self.hands
        hand = hands[seat]
        side = self.side
        if only >= 0:
            moves = [only]
        else:
            reps = cls[seat]
            if i == 0:
                moves = reps
                if self.ordering and len(reps) > 1:
                    moves = reps[::-1]
                    if first >= 0 and first in moves:
                        moves.remove(first)
                        moves.insert(0, first)
            elif not self.ordering or len(reps) < 2:
                moves = reps
            else:
                if self.chain:
                    # Cheapest first: a card that takes the lead and that no opponent
                    # still to play can take; a card that leaves the lead where it is;
                    # a card that takes the lead but can be taken again. With the
                    # partner ahead and safe, the cheapest card that leaves it ahead.
                    beats = self.beats
                    rel = self.rel
                    base = akey << 6
                    mine = side[seat]
                    later = 0
                    for s2 in self.order[leader][i + 1:]:
                        if side[s2] != mine:
                            later |= hands[s2]
                    later <<= 64
                    sure = []
                    take = []
                    keep = []
                    for c in reps:
                        if beats[base | c]:
                            if rel[c] & later:
                                take.append(c)
                            else:
                                sure.append(c)
                        else:
                            keep.append(c)
                    if side[self.order[leader][apos]] == mine:
                        moves = keep + sure + take
                    else:
                        moves = sure + take + keep
                elif not self.slow:
                    rank = self.rank
                    base = played[0] << 6
                    take = [c for c in reps if rank[base | c] > akey]
                    keep = [c for c in reps if rank[base | c] <= akey] if take else reps
                else:
                    ahead = self.kit.ahead
                    take = [c for c in reps if ahead((*played, c)) == i]
                    keep = [c for c in reps if c not in take]
                if self.chain:
                    pass
                elif side[self.order[leader][apos]] == side[seat]:
                    moves = keep + take
                else:
                    moves = take + keep
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
            else:
                if v < g:
                    g = v
                    best = c
                    if g < beta:
                        beta = g
                        if g <= alpha:
                            break
        if i == 0:
            self.best = best
        return g

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
        if h == 1:
            return self.last_trick(leader)
        cls, key, sure = self.classes(leader)
        lo, hi, first = 0, h, -1
        if self.use_tt:
            key = key << 3 | leader
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
            q0, q1 = self.bounds(leader, h, sure)
            if q0 > lo or h - q1 < hi:
                lo = max(lo, q0)
                hi = min(hi, h - q1)
                if lo >= beta or hi <= alpha:
                    if self.use_tt:
                        self.tt.store(key, [lo, hi, first])
                    return lo if lo >= beta else hi
        a0 = alpha if alpha > lo else lo
        b0 = beta if beta < hi else hi
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

    def bounds(self, leader: int, h: int, sure: int) -> tuple[int, int]:
        """Tricks each side is sure of (quick tricks), from :meth:`classes`' counts.

        * The leader's cards that nothing still out takes win a trick each, led one
          after the other.
        * A top card (chain games) takes every card still out in other hands but those
          of :attr:`lock`, and nothing out takes it: whenever its holder plays it, its
          side wins the trick, unless the trick was led with a lock card (which wins
          for the side that led it). So a side holding ``k`` top cards in one hand wins
          at least ``min(k, h - the opponents' lock cards)`` tricks."""
        out = [0, 0]
        side = self.side
        if side[leader] == 0:
            out[0] = sure
        else:
            out[1] = sure
        if self.chain:
            tops = self.tops
            if tops[0] or tops[1]:
                lock = self.lock
                held = [0, 0]
                hands = self.hands
                for s in self.seats:
                    held[side[s]] |= hands[s]
                for a in (0, 1):
                    if tops[a]:
                        k = min(tops[a], h - (held[1 - a] & lock).bit_count())
                        if k > out[a]:
                            out[a] = k
        return out[0], out[1]

    # -- the payment search -------------------------------------------------------------------
    def value(self, leader: int, w0: int, w1: int, lone: int, alpha: int, beta: int) -> int:
        """Value (payment) of the position at the start of a trick, ``leader`` to lead."""
        pos = self.pos
        pay = self.pay
        march = self.march
        if march < 0:
            if not pos.jann or (w0 and w1):
                # Only the game is left: side 0 wins it with target - w0 tricks more.
                g0, g1 = self.game0, self.game1
                if g1 >= beta:
                    return g1
                if g0 <= alpha:
                    return g0
                need = pos.target - w0
                return g0 if self.tricks(leader, need - 1, need) >= need else g1
            # A side with a trick cannot lose a Jann or march to the other (and stops
            # rather than fail in a march of its own): only the game is left to lose.
            top = self.game0 if w1 else self.top
            if top <= alpha:
                return top
            bottom = self.game1 if w0 else self.bottom
            if bottom >= beta:
                return bottom
        elif not (self.lone_key and lone >= 0):
            # The march: made if the marching side wins every trick left, else failed.
            made = pay[("march", march, False)]
            failed = pay[("failed march", 1 - march, False)]
            hi, lo = (made, failed) if march == 0 else (failed, made)
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            left = self.hands[leader].bit_count()
            if march == 0:
                return made if self.tricks(leader, left - 1, left) >= left else failed
            return failed if self.tricks(leader, 0, 1) >= 1 else made
        self.nodes += 1
        if self.nodes > self.budget:
            raise Budget(f"more than {self.budget} positions searched")
        cls, hk, _ = self.classes(leader)
        first = -1
        key = None
        lo, hi = -INF, INF
        a0, b0 = alpha, beta
        if self.use_tt:
            key = (hk, leader, w0, w1, lone if self.lone_key else -1, march, self.turns)
            entry = self.tt.get(key)
            if entry is not None:
                lo, hi, first = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                a0 = alpha if alpha > lo else lo
                b0 = beta if beta < hi else hi
        g = self.trick(0, leader, leader, 0, 0, cls, (w0, w1, lone), a0, b0, first=first)
        if key is not None:
            if g <= a0:
                hi = min(hi, g)
            elif g >= b0:
                lo = max(lo, g)
            else:
                lo = hi = g
            self.tt.store(key, [lo, hi, self.best])
        return g

    def after(self, ws: int, ctx: tuple[int, int, int], alpha: int, beta: int) -> int:
        """Value once a trick is complete, won by seat ``ws``."""
        w0, w1, lone = ctx
        ws_side = self.side[ws]
        if ws_side == 0:
            w0 += 1
        else:
            w1 += 1
        number = w0 + w1
        lone = ws if number == 1 else (lone if lone == ws else -1)
        pos = self.pos
        pay = self.pay
        march = self.march
        if march >= 0:
            if ws_side != march:
                return pay[("failed march", ws_side, False)]
            if not self.hands[ws]:
                return pay[("march", march, pos.lone_crosses and lone >= 0)]
            return self.value(ws, w0, w1, lone, alpha, beta)
        mine, theirs = (w0, w1) if ws_side == 0 else (w1, w0)
        if mine >= pos.target:
            if pos.jann and theirs == 0:
                return self.jann(ws, w0, w1, lone, alpha, beta)
            return pay[("game", ws_side, False)]
        return self.value(ws, w0, w1, lone, alpha, beta)

    def jann(self, ws: int, w0: int, w1: int, lone: int, alpha: int, beta: int) -> int:
        """The side of seat ``ws`` has won the first tricks straight: stop, or play on."""
        s = self.side[ws]
        stop = self.pay[("jann", s, self.pos.lone_crosses and lone >= 0)]
        if s == 0 and stop >= beta:
            return stop
        if s == 1 and stop <= alpha:
            return stop
        on = self.play_on(ws, w0, w1, lone, alpha, beta)
        return max(stop, on) if s == 0 else min(stop, on)

    def play_on(self, ws: int, w0: int, w1: int, lone: int, alpha: int, beta: int) -> int:
        """Value of playing on for the march, seat ``ws`` to lead."""
        self.march = self.side[ws]
        try:
            return self.value(ws, w0, w1, lone, alpha, beta)
        finally:
            self.march = -1

    # -- drivers ------------------------------------------------------------------------------
    def root(self, alpha: int, beta: int, only: int = -1) -> int:
        """Value (payment to side 0) of the position, fail-soft within ``alpha``, ``beta``;
        ``only``: the value after the side to move plays that card (face up)."""
        pos = self.pos
        apos, akey = self.root_ahead
        played = self.root_played
        return self.trick(len(played), pos.to_move, self.root_leader, apos, akey,
                          self.root_cls, (pos.won[0], pos.won[1], pos.lone), alpha, beta,
                          played, only)

    def exact(self, bound, levels: list[int]) -> int:  # type: ignore[no-untyped-def]
        """The exact value of ``bound(alpha, beta)``, a fail-soft alpha-beta search, among
        the payment ``levels``: by null-window tests (MTD-f), or one full window."""
        if not self.options.null_window:
            return bound(-INF, INF)
        lo, hi = 0, len(levels) - 1
        # Start at the smallest win for side 0: most deals are decided there.
        guess = next((k for k, v in enumerate(levels) if v > 0), hi)
        while lo < hi:
            mid = min(max(guess, lo + 1), hi)
            v = levels[mid]
            g = bound(v - 1, v)
            if g >= v:
                lo = mid
                # Fail-soft: the search may already prove a higher level.
                while lo < hi and levels[lo + 1] <= g:
                    lo += 1
            else:
                hi = mid - 1
                while hi > lo and levels[hi] > g:
                    hi -= 1
            guess = (lo + hi + 1) // 2
        return levels[lo]
