"""Alpha-beta search of a :class:`~knlib.analysis.position.Position`, all cards face up.

Values are payments to one member of side 0 (side 0 maximises, side 1 minimises). The
search is exact. Two searches share the trick-level code and one transposition table:

* **payments** (:meth:`Search.value`): the first tricks while one side has won every
  trick (a Jann or a march is still possible), with the payments themselves;
* **tricks** (:class:`~knlib.analysis.count.Tricks`, where the techniques are listed):
  once only the game is left to decide, or a side plays for the march, the payment
  depends only on how many of the remaining tricks side 0 wins, and that number is
  searched.

:meth:`Search.exact` finds a value among the few payments a deal can end with by
null-window tests "is it at least v?" (MTD-f on the payment levels); a test on the
game asks the trick search "does side 0 win at least n more tricks?".

Leading face down (drehen) is not searched: the analysis module proves that it never
pays more than leading the same card face up (see :func:`knlib.analysis.solver.solve`).
Karniffel's concession is not searched either: it ends the deal at the lowest payment.
"""

from __future__ import annotations

import gc
from collections.abc import Callable

from .count import INF, Budget, Layout, Options, Tricks
from .position import Position
from .table import TranspositionTable

__all__ = ["Options", "Search", "Budget", "INF", "Layout"]


def promote() -> None:
    """Move every object the collector tracks into its oldest generation, unvisited
    (``gc.freeze()`` then ``gc.unfreeze()``). The search makes hundreds of thousands of
    table entries and remembered classes while the collector is paused; left young, the
    next collection of the young generations would walk every one of them (about an
    eighth of a compiled solve's time from the second trick), though none is ever
    garbage. :meth:`Search.paused` collects the young generations before the search, so
    that the program's own garbage is not promoted with them. Skipped where the program
    has frozen objects of its own (``gc.get_freeze_count()``), so as not to release
    them."""
    if gc.get_freeze_count() == 0:
        gc.freeze()
        gc.unfreeze()


class Search(Tricks):
    """Search from one position; reusable for many root moves and successive positions
    that share the transposition table.

    The position's trick in progress is the root trick: :meth:`root` searches it (or
    one card of it) and every later trick."""

    def __init__(self, pos: Position, tt: TranspositionTable | None = None,
                 options: Options | None = None) -> None:
        super().__init__(pos, tt, options or Options())
        #: The last value's deciding tests (:meth:`exact`).
        self.raised: tuple[int, int] | None = None
        self.lowered: tuple[int, int] | None = None
        k = pos.kit
        self.march = pos.march
        self.pay = pos.payoff
        self.top = max(pos.payoff.values())
        self.bottom = min(pos.payoff.values())
        self.game0 = pos.payoff[("game", 0, False)]
        self.game1 = pos.payoff[("game", 1, False)]
        self.lone_key = pos.lone_crosses
        self.turns = pos.turns
        # Every ending a side wins pays it at least the game (see :meth:`by_tricks`).
        self.ordered = all((v >= self.game0) if w == 0 else (v <= self.game1)
                           for (kind, w, _), v in pos.payoff.items()
                           if kind in ("game", "jann", "march"))
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
        self.root_cls = self.classes(tmask, ban)[0]

    def root_groups(self) -> list[int]:
        """The classes of equivalent cards of the hand to move at the root, as masks."""
        pos = self.pos
        tmask = 0
        for c in pos.trick:
            tmask |= 1 << c
        allmask = tmask
        for s in self.seats:
            allmask |= self.hands[s]
        hand = self.hands[pos.to_move]
        return self._groups(hand, allmask ^ hand)

    def _key_of(self, played: tuple[int, ...], apos: int) -> int:
        """What the trick code keeps of the card ahead: the card (chain and slow games)
        or its rank in the winner order."""
        if self.chain or self.slow:
            return played[apos]
        if apos == 0:
            return self.lead_rank[played[0]]
        return self.rank[played[0] << 6 | played[apos]]

    # -- the payment search -------------------------------------------------------------------
    def value(self, leader: int, w0: int, w1: int, lone: int, alpha: int, beta: int) -> int:
        """Value (payment) of the position at the start of a trick, ``leader`` to lead."""
        goal = self.by_tricks(w0, w1, lone, alpha, beta)
        if goal is not None:
            need, win, lose = goal
            if lose >= beta:
                return lose
            if win <= alpha:
                return win
            return win if self.tricks(leader, need - 1, need) >= need else lose
        if self.march < 0:
            # A side with a trick cannot lose a Jann or march to the other (and stops
            # rather than fail in a march of its own): only the game is left to lose.
            top = self.game0 if w1 else self.top
            if top <= alpha:
                return top
            bottom = self.game1 if w0 else self.bottom
            if bottom >= beta:
                return bottom
        march = self.march
        self.nodes += 1
        if self.nodes > self.budget:
            raise Budget(f"more than {self.budget} positions searched")
        cls, hk = self.layout()[:2]
        first = -1
        key = None
        early = False
        lo, hi = -INF, INF
        a0, b0 = alpha, beta
        if self.use_tt:
            key = (hk, leader, w0, w1, lone if self.lone_key else -1, march, self.turns)
            early = self.hands[leader].bit_count() >= self.early
            entry = self.tt.get(key, early)
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
            self.tt.store(key, (lo, hi, self.best), early)
        return g

    def by_tricks(self, w0: int, w1: int, lone: int, alpha: int,
                  beta: int) -> tuple[int, int, int] | None:
        """``(need, win, lose)`` when the value within ``alpha``, ``beta`` depends only on
        whether side 0 wins ``need`` of the tricks left: ``win`` if it does (a lower
        bound on the value), ``lose`` if not (an upper bound); else None.

        * Only the game is left (both sides have a trick, or the game has no Jann), or
          the window only asks whether side 0 wins the game: whichever side reaches
          its target first wins at least the game (a Jann or a march pay more, and a
          side at a Jann stops rather than fail in a march).
        * A march: made if the marching side wins every trick left (for Stýrivolt's
          crosses, only once two partners have won tricks)."""
        pos = self.pos
        march = self.march
        if march < 0:
            g0, g1 = self.game0, self.game1
            if not pos.jann or (w0 and w1) or (self.ordered and alpha >= g1 and beta <= g0):
                return pos.target - w0, g0, g1
            return None
        if self.lone_key and lone >= 0:
            return None
        made = self.pay[("march", march, False)]
        failed = self.pay[("failed march", 1 - march, False)]
        if march == 0:
            return pos.march_len - w0 - w1, made, failed
        return 1, failed, made

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
        self.ready()
        self.march = self.side[ws]
        try:
            return self.paused(lambda: self.value(ws, w0, w1, lone, alpha, beta))
        finally:
            self.march = -1

    def paused(self, search: Callable[[], int]) -> int:
        """``search()`` with Python's collector of reference cycles paused: the table's
        millions of entries would make each collection walk them all, and the search
        itself makes no cycles. The young generations are collected first and what the
        search made is promoted afterwards (:func:`promote`), so that no collection
        walks it later either."""
        collecting = gc.isenabled()
        if collecting:
            # What the program left young is collected first (a few thousand objects at
            # most), so that only the search's own objects are promoted unvisited below.
            gc.collect(1)
        gc.disable()
        try:
            return search()
        finally:
            promote()
            if collecting:
                gc.enable()

    # -- drivers ------------------------------------------------------------------------------
    def root(self, alpha: int, beta: int, only: int = -1) -> int:
        """Value (payment to side 0) of the position, fail-soft within ``alpha``, ``beta``;
        ``only``: the value after the side to move plays that card (face up). Afterwards
        :attr:`best` is the card that decided the test (-1 if none was searched)."""
        return self.paused(lambda: self._root(alpha, beta, only))

    def _root(self, alpha: int, beta: int, only: int) -> int:
        self.ready()
        self.best = -1
        pos = self.pos
        apos, akey = self.root_ahead
        played = self.root_played
        w0, w1 = pos.won
        goal = self.by_tricks(w0, w1, pos.lone, alpha, beta)
        if goal is not None:
            need, win, lose = goal
            if lose >= beta:
                return lose
            if win <= alpha:
                return win
            t = self.trick(len(played), pos.to_move, self.root_leader, apos, akey,
                           self.root_cls, None, need - 1, need, played, only)
            return win if t >= need else lose
        return self.trick(len(played), pos.to_move, self.root_leader, apos, akey,
                          self.root_cls, (w0, w1, pos.lone), alpha, beta, played, only)

    def exact(self, bound: Callable[[int, int], int], levels: list[int],
              near: int | None = None) -> int:
        """The exact value of ``bound(alpha, beta)``, a fail-soft alpha-beta search, among
        the payment ``levels``: by null-window tests (MTD-f), or one full window.
        ``near``: a value the exact one is likely to be (the first test is there).

        Afterwards :attr:`raised` and :attr:`lowered` are ``(bound, card)`` of the last
        test that raised the value's lower bound and of the last that lowered its upper
        bound (None if none did): the card that decided that test (:attr:`best`) keeps
        the value for side 0, or for side 1, when its bound is the value (the solver's
        line starts with it instead of testing the position again)."""
        self.raised = self.lowered = None
        if not self.options.null_window:
            return bound(-INF, INF)
        lo, hi = 0, len(levels) - 1
        walk = near is not None and near in levels
        # Else start at the smallest win for side 0: most deals are decided there.
        guess = (levels.index(near) if walk and near is not None
                 else next((k for k, v in enumerate(levels) if v > 0), hi))
        while lo < hi:
            mid = min(max(guess, lo + 1), hi)
            v = levels[mid]
            g = bound(v - 1, v)
            if g >= v:
                self.raised = g, self.best
                lo = mid
                # Fail-soft: the search may already prove a higher level.
                while lo < hi and levels[lo + 1] <= g:
                    lo += 1
            else:
                self.lowered = g, self.best
                hi = mid - 1
                while hi > lo and levels[hi] > g:
                    hi -= 1
            # From a likely value, the next level either way.
            guess = (lo + 1 if g >= v else hi) if walk else (lo + hi + 1) // 2
        return levels[lo]
