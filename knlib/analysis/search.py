"""Alpha-beta search of a :class:`~knlib.analysis.position.Position`, all cards face up.

Values are payments to one member of side 0 (side 0 maximises, side 1 minimises). The
search is exact; what makes it fast:

* **null windows**: :meth:`Search.exact` finds the value among the few payments a deal
  can end with by tests "is it at least v?" (MTD-f on the payment levels);
* **transposition table** at the start of each trick (:mod:`.table`);
* **equivalent cards**: cards of one hand that stand in the same relation to every card
  still out in the other hands and the trick are played once, and the table key names a
  hand by one card of each such class;
* **move ordering**: the table's best lead, then cheap winners or cheap discards;
* **quick tricks**: a leader with enough cards that nothing still out can take wins the
  deal at once.

Leading face down (drehen) is not searched: the analysis module proves that it never
pays more than leading the same card face up (see :func:`knlib.analysis.solver.solve`).
Karniffel's concession is not searched either: it ends the deal at the lowest payment.
"""

from __future__ import annotations

from dataclasses import dataclass

from .position import Position, cards_of
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
    that share the transposition table."""

    def __init__(self, pos: Position, tt: TranspositionTable | None = None,
                 options: Options = Options()) -> None:
        self.pos = pos
        self.options = options
        self.tt = tt if tt is not None else TranspositionTable()
        k = pos.kit
        self.kit = k
        self.chain = k.chain
        self.slow = k.slow
        self.beats = k.beats
        self.rank = k.rank
        self.lead_rank = k.lead_rank
        self.takes = k.takes
        self.beaten = k.beaten
        self.strength = k.strength
        self.side = pos.side
        self.nxt = pos.nxt
        self.size = sum(1 for s in pos.side if s >= 0)
        self.seats = [s for s in range(pos.n) if pos.side[s] >= 0]
        self.hands = list(pos.hands)
        self.trick = [0] * self.size
        self.tseats = [0] * self.size
        self.tmask = 0
        self.cls: list[list[tuple[int, int]]] = []
        self.march = pos.march
        self.pay = pos.payoff
        self.top = max(pos.payoff.values())
        self.bottom = min(pos.payoff.values())
        self.nodes = 0
        self.budget = options.max_nodes
        self.best = -1
        self.lone_key = pos.lone_crosses
        self.turns = pos.turns

    # -- keys -----------------------------------------------------------------------------
    def _sig(self, c: int, others: int, olist: list[int] | None) -> object:
        if self.chain:
            return (self.takes[c] & others, self.beaten[c] & others)
        if self.slow:
            return c
        rank, lr = self.rank, self.lead_rank
        assert olist is not None
        return (lr[c], tuple(rank[c * 52 + z] for z in olist),
                tuple(rank[z * 52 + c] for z in olist))

    def _olist(self, others: int) -> list[int] | None:
        if self.chain or self.slow:
            return None
        return cards_of(others)

    def classes(self) -> list[list[tuple[int, int]]]:
        """For each seat, its cards in classes of equivalent cards as ``(first card,
        mask of the class)``: cards that stand in the same relation to every card still
        out in the other hands and in the trick. Fixed for the whole of a trick."""
        hands = self.hands
        out: list[list[tuple[int, int]]] = [[] for _ in hands]
        allmask = self.tmask
        for s in self.seats:
            allmask |= hands[s]
        merge = self.options.equivalence and not self.slow
        sig = self._sig
        for s in self.seats:
            h = hands[s]
            if not merge:
                out[s] = [(c, 1 << c) for c in cards_of(h)]
                continue
            others = allmask ^ h
            olist = self._olist(others)
            reps: dict[object, int] = {}
            cls = out[s]
            while h:
                low = h & -h
                c = low.bit_length() - 1
                h ^= low
                g = sig(c, others, olist)
                k = reps.get(g)
                if k is None:
                    reps[g] = len(cls)
                    cls.append((c, low))
                else:
                    rep, members = cls[k]
                    cls[k] = (rep, members | low)
        return out

    def key(self, leader: int, w0: int, w1: int, lone: int) -> tuple[object, ...]:
        """The table key of the position at the start of a trick: each hand named by the
        first card of each class of equivalent cards and the size of the class."""
        hk = tuple(sum(m.bit_count() << (4 * rep) for rep, m in self.cls[s])
                   for s in self.seats)
        return (hk, leader, w0, w1, lone if self.lone_key else -1, self.march, self.turns)

    # -- move generation --------------------------------------------------------------------
    def moves(self, seat: int, i: int, apos: int, akey: int, first_trick: bool,
              first: int = -1) -> list[int]:
        """The cards worth trying, one per class of equivalent cards, best first."""
        hand = self.hands[seat]
        if first_trick:
            legal = hand & ~(self.kit.ban_lead if i == 0 else self.kit.ban_follow)
            cards = []
            for _, m in self.cls[seat]:
                m &= legal
                if m:
                    cards.append((m & -m).bit_length() - 1)
        else:
            cards = [rep for rep, _ in self.cls[seat]]
        if self.options.ordering and len(cards) > 1:
            # Leads: the table's best lead first, the rest as dealt (measured better than
            # strongest or weakest first). Following: the cheapest card that takes the
            # lead from an opponent, or the cheapest that leaves a partner ahead.
            if i > 0:
                strength = self.strength
                partner = self.side[self.tseats[apos]] == self.side[seat]
                take = self._taker(i, apos, akey)
                if partner:
                    cards.sort(key=lambda c: (take(c), strength[c]))
                else:
                    cards.sort(key=lambda c: (not take(c), strength[c]))
            if first >= 0 and first in cards:
                cards.remove(first)
                cards.insert(0, first)
        return cards

    def _taker(self, i: int, apos: int, akey: int):  # type: ignore[no-untyped-def]
        if self.chain:
            beats = self.beats
            base = akey * 52
            return lambda c: beats[base + c] == 1
        if not self.slow:
            rank = self.rank
            base = self.trick[0] * 52
            return lambda c: rank[base + c] > akey
        trick = self.trick
        ahead = self.kit.ahead
        return lambda c: ahead((*trick[:i], c)) == i

    # -- the search ---------------------------------------------------------------------------
    def node(self, leader: int, w0: int, w1: int, lone: int, alpha: int, beta: int) -> int:
        """Value of the position at the start of a trick, ``leader`` to lead."""
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise Budget(f"more than {self.budget} positions searched")
        pay = self.pay
        march = self.march
        opts = self.options
        if march < 0:
            # A side with a trick cannot lose a Jann or march to the other (and stops
            # rather than fail in a march of its own): only the game is left to lose.
            top = pay[("game", 0, False)] if w1 else self.top
            if top <= alpha:
                return top
            bottom = pay[("game", 1, False)] if w0 else self.bottom
            if bottom >= beta:
                return bottom
        if opts.quick_tricks and march < 0 and not self.slow and w0 + w1 > 0:
            for a in (self.side[leader], 1 - self.side[leader]):
                lb = self.quick(leader, a, w0, w1)
                if lb is not None:
                    if a == 0 and lb >= beta:
                        return lb
                    if a == 1 and lb <= alpha:
                        return lb
        first = -1
        key = None
        self.cls = self.classes()
        if opts.tt:
            key = self.key(leader, w0, w1, lone)
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
            else:
                lo, hi = -INF, INF
                a0, b0 = alpha, beta
        else:
            lo, hi = -INF, INF
            a0, b0 = alpha, beta
        g = self.play(0, leader, 0, 0, (w0, w1, lone), a0, b0, -1, first)
        if key is not None:
            if g <= a0:
                hi = min(hi, g)
            elif g >= b0:
                lo = max(lo, g)
            else:
                lo = hi = g
            self.tt.store(key, [lo, hi, self.best])
        return g

    def quick(self, leader: int, a: int, w0: int, w1: int) -> int | None:
        """A payment side ``a`` is sure of (for side 0), or None: quick tricks.

        * The opponents cannot reach their target any more.
        * The leader holds enough cards that nothing still out takes, and leads them.
        * Top cards (chain games): a card that no opponent's card takes, that takes every
          card an opponent or partner could have ahead, and that partners overtake only
          with cards no opponent takes, wins every trick its holder plays it to, unless
          an opponent's card that side ``a`` cannot take is ahead already (a block). With
          ``m`` such cards in one hand, ``u`` such opponents' cards, ``k`` tricks to go
          and the opponents needing more than ``u``: if ``m >= k + u``, side ``a`` wins.
        """
        pos = self.pos
        hands, side, beaten = self.hands, self.side, self.beaten
        mine, theirs = (w0, w1) if a == 0 else (w1, w0)
        need, their_need = pos.target - mine, pos.target - theirs
        pay = self.pay
        if their_need > hands[leader].bit_count():
            return pay[("game", a, False)]
        own = opp = 0
        for s in self.seats:
            if side[s] == a:
                own |= hands[s]
            else:
                opp |= hands[s]
        if side[leader] == a:
            both = own | opp
            sure = 0
            h = hands[leader]
            while h:
                low = h & -h
                h ^= low
                if not beaten[low.bit_length() - 1] & both:
                    sure += 1
            if sure >= need:
                return pay[("jann" if pos.jann and theirs == 0 else "game", a, False)]
        if not self.chain:
            return None
        takes = self.takes
        beatable = opp
        u = 0
        h = opp
        while h:
            low = h & -h
            h ^= low
            if not beaten[low.bit_length() - 1] & own:
                u += 1
                if u >= their_need:
                    return None
                beatable ^= low
        goal = need + u
        for s in self.seats:
            hand = hands[s]
            if side[s] != a or hand.bit_count() < goal:
                continue
            partners = own & ~hand
            unsafe = 0
            h = partners
            while h:
                low = h & -h
                h ^= low
                if beaten[low.bit_length() - 1] & opp:
                    unsafe |= low
            must = beatable | unsafe
            m = 0
            h = hand
            while h:
                low = h & -h
                h ^= low
                c = low.bit_length() - 1
                bc = beaten[c]
                if not bc & opp and not bc & unsafe and takes[c] & must == must:
                    m += 1
            if m >= goal:
                return pay[("jann" if pos.jann and theirs == 0 and u == 0 else "game", a,
                            False)]
        return None

    def play(self, i: int, seat: int, apos: int, akey: int, ctx: tuple[int, int, int],
             alpha: int, beta: int, only: int = -1, first: int = -1) -> int:
        """Value with ``i`` cards in the trick and ``seat`` to play (``only``: just that
        card). ``apos``/``akey``: the card ahead (its place; the card, or its rank in a
        winner-order game)."""
        hands = self.hands
        hand = hands[seat]
        if only >= 0:
            moves = [only]
        else:
            moves = self.moves(seat, i, apos, akey, ctx[0] + ctx[1] == 0, first)
        maxi = self.side[seat] == 0
        g = -INF if maxi else INF
        best = -1
        trick = self.trick
        self.tseats[i] = seat
        last = i + 1 == self.size
        chain = self.chain
        slow = self.slow
        beats = self.beats
        for c in moves:
            bit = 1 << c
            hands[seat] = hand ^ bit
            trick[i] = c
            self.tmask |= bit
            if i == 0:
                na = 0
                nk = c if chain or slow else self.lead_rank[c]
            elif chain:
                if beats[akey * 52 + c]:
                    na, nk = i, c
                else:
                    na, nk = apos, akey
            elif not slow:
                r = self.rank[trick[0] * 52 + c]
                if r > akey:
                    na, nk = i, r
                else:
                    na, nk = apos, akey
            else:
                na = self.kit.ahead(tuple(trick[: i + 1]))
                nk = 0
            if last:
                v = self.after_trick(self.tseats[na], ctx, alpha, beta)
            else:
                v = self.play(i + 1, self.nxt[seat], na, nk, ctx, alpha, beta)
            hands[seat] = hand
            self.tmask ^= bit
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

    def after_trick(self, ws: int, ctx: tuple[int, int, int], alpha: int, beta: int) -> int:
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
        # The next trick gets fresh lists; this trick's are put back afterwards.
        saved = self.tmask, self.trick, self.tseats, self.cls
        self.tmask = 0
        self.trick = [0] * self.size
        self.tseats = [0] * self.size
        try:
            if march >= 0:
                if ws_side != march:
                    return pay[("failed march", ws_side, False)]
                if number == pos.march_len:
                    return pay[("march", march, pos.lone_crosses and lone >= 0)]
                return self.node(ws, w0, w1, lone, alpha, beta)
            mine, theirs = (w0, w1) if ws_side == 0 else (w1, w0)
            if mine >= pos.target:
                if pos.jann and theirs == 0:
                    return self.jann(ws, w0, w1, lone, alpha, beta)
                return pay[("game", ws_side, False)]
            return self.node(ws, w0, w1, lone, alpha, beta)
        finally:
            self.tmask, self.trick, self.tseats, self.cls = saved

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
            return self.node(ws, w0, w1, lone, alpha, beta)
        finally:
            self.march = -1

    # -- drivers ------------------------------------------------------------------------------
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
