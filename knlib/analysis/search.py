"""Alpha-beta search of a :class:`~knlib.analysis.position.Position`, all cards face up.

Its public methods (:meth:`Search.root`, :meth:`Search.play_on`, :meth:`Search.exact`,
:meth:`Search.levels`) speak for the side to move at the position: a value is what one
member of that side receives, and a window bounds that value. Inside, the search values
payments to one member of side 0 (side 0 maximises, side 1 minimises), so that the
table's entries serve both sides; :meth:`Search.root` is the one place that turns one
view into the other. The search is exact. Two searches share one transposition table:

* **payments** (:meth:`Search.value`): the first tricks while one side has won every
  trick (a Jann or a march is still possible), with the payments themselves;
* **tricks** (:class:`~knlib.analysis.count.TrickCount`, where the techniques are
  listed): once only the game is left to decide, or a side plays for the march, the
  payment depends only on how many of the remaining tricks side 0 wins, and that number
  is searched.

:meth:`Search.exact` finds a value among the few payments a deal can end with by
null-window tests "is it at least v?" (MTD-f on the payment levels); a test on the
game asks the trick search "does side 0 win at least n more tricks?".

The search is built of parts with one task each, sharing one :class:`~.frame.Frame`
(the hands being searched): :class:`~.classes.CardClasses` (equivalent cards),
:class:`~.count.TrickCount` (the trick count), :mod:`.plays` (the cards tried in a
trick), :mod:`.endgame` (the last two tricks) and the table (:mod:`.table`).

Leading face down (drehen) is not searched: the analysis module proves that it never
pays more than leading the same card face up (see :func:`knlib.analysis.solver.solve`).
Karniffel's concession is not searched either: it ends the deal at the lowest payment.
"""

from __future__ import annotations

import gc
from typing import Final, NamedTuple, final

from ..kinds import ResultKind
from .classes import CardClasses
from .count import TrickCount
from .frame import INF, Budget, Frame, Options, SearchTrick
from .plays import ahead_after, key_of, moves
from .position import Position
from .table import OPEN, Layout, TranspositionTable, narrowed, settled

__all__ = ["Options", "Search", "Budget", "INF", "Layout", "Exact", "pause", "resume",
           "promote"]

GAME: Final = ResultKind.GAME
JANN: Final = ResultKind.JANN
MARCH: Final = ResultKind.MARCH
FAILED_MARCH: Final = ResultKind.FAILED_MARCH


def promote() -> None:
    """Move every object the collector tracks into its oldest generation, unvisited
    (``gc.freeze()`` then ``gc.unfreeze()``). The search makes hundreds of thousands of
    table entries and remembered classes while the collector is paused; left young, the
    next collection of the young generations would walk every one of them (about an
    eighth of a compiled solve's time from the second trick), though none is ever
    garbage. :func:`pause` collects the young generations before the search, so that the
    program's own garbage is not promoted with them. Skipped where the program has
    frozen objects of its own (``gc.get_freeze_count()``), so as not to release them."""
    if gc.get_freeze_count() == 0:
        gc.freeze()
        gc.unfreeze()


def pause() -> bool:
    """Pause Python's collector of reference cycles for a search (the table's millions
    of entries would make each collection walk them all, and the search itself makes no
    cycles), after collecting the young generations (a few thousand objects at most),
    so that only the search's own objects are promoted unvisited by :func:`resume`.
    Returns whether the collector was running."""
    collecting = gc.isenabled()
    if collecting:
        gc.collect(1)
    gc.disable()
    return collecting


def resume(collecting: bool) -> None:
    """After a search: promote what it made (:func:`promote`), so that no collection
    walks it later either, and restart the collector if :func:`pause` stopped it."""
    promote()
    if collecting:
        gc.enable()


class Exact(NamedTuple):
    """The exact value of a position or move for the side to move (:meth:`Search.exact`),
    and the card that decided the test proving it (-1 if no test did): that card keeps
    the value, so the solver's line can start with it without a test of its own."""

    value: int
    keeper: int


@final
class Search:
    """Search from one position; reusable for many root moves and successive positions
    that share the transposition table.

    The position's trick in progress is the root trick: :meth:`root` searches it (or
    one card of it) and every later trick."""

    def __init__(self, pos: Position, tt: TranspositionTable | None = None,
                 options: Options | None = None) -> None:
        frame = Frame(pos, tt, options)
        self.frame: Final = frame
        self.classes: Final = CardClasses(frame)
        self.count: Final = TrickCount(frame, self.classes)
        self.pos: Final = pos
        self.options: Final = frame.options
        self.hands: Final = frame.hands
        self.side: Final = frame.side
        self.nxt: Final = frame.nxt
        self.order: Final = frame.order
        self.size: Final = frame.size
        self.tt: Final = frame.tt
        #: The side to move at the root, whose view the public methods take.
        self.view: Final = pos.side[pos.to_move]
        #: The side marching (-1 for none): changed while :meth:`march_on` searches.
        self.march = pos.march
        pay = pos.payoff
        self.pay: Final = pay
        self.top: Final = max(pay.values())
        self.bottom: Final = min(pay.values())
        self.game0: Final = pay[(GAME, 0, False)]
        self.game1: Final = pay[(GAME, 1, False)]
        self.lone_key: Final = pos.lone_crosses
        self.turns: Final = pos.turns
        # Every ending a side wins pays it at least the game (see :meth:`by_tricks`).
        self.ordered: Final = all((v >= self.game0) if w == 0 else (v <= self.game1)
                                  for (kind, w, _), v in pay.items()
                                  if kind in (GAME, JANN, MARCH))
        # The root trick: its cards, who led it, the card ahead, the classes.
        self.root_leader: Final = pos.trick_seats[0] if pos.trick else pos.to_move
        self.root_played: Final = tuple(pos.trick)
        tmask = 0
        for c in pos.trick:
            tmask |= 1 << c
        apos = akey = 0
        if pos.trick:
            apos = pos.kit.ahead(self.root_played)
            akey = key_of(frame, self.root_played, apos)
        self.root_apos: Final = apos
        self.root_akey: Final = akey
        ban = 0
        if pos.ntricks == 0:
            ban = pos.kit.ban_lead if not pos.trick else pos.kit.ban_follow
        self.root_cls: Final = self.classes.classes(tmask, ban)[0]

    @property
    def nodes(self) -> int:
        """Trick starts searched so far."""
        return self.frame.nodes

    def root_groups(self) -> list[int]:
        """The classes of equivalent cards of the hand to move at the root, as masks."""
        pos = self.pos
        allmask = 0
        for c in pos.trick:
            allmask |= 1 << c
        for s in self.frame.seats:
            allmask |= self.hands[s]
        hand = self.hands[pos.to_move]
        return self.classes.groups(hand, allmask ^ hand)

    # -- the side to move's view -----------------------------------------------------------------
    def levels(self, march: int | None = None) -> list[int]:
        """The payments the side to move can still receive, ascending
        (:meth:`.position.Position.levels`, whose ``march`` this takes)."""
        out = self.pos.levels(march)
        return out if self.view == 0 else [-v for v in reversed(out)]

    def root(self, alpha: int, beta: int, only: int = -1) -> tuple[int, int]:
        """The value of the position for the side to move, fail-soft within ``alpha``,
        ``beta``, and the card that decided it (-1 if none was searched); ``only``: the
        value after the side to move plays that card (face up)."""
        if self.view == 0:
            return self.test(alpha, beta, only, False)
        g, card = self.test(-beta, -alpha, only, False)
        return -g, card

    def play_on(self, alpha: int, beta: int) -> int:
        """The value for the side to move, which has just made a Jann, of playing on for
        the march (fail-soft within ``alpha``, ``beta``)."""
        if self.view == 0:
            return self.test(alpha, beta, -1, True)[0]
        return -self.test(-beta, -alpha, -1, True)[0]

    def exact(self, levels: list[int], near: int | None = None, only: int = -1,
              march: bool = False) -> Exact:
        """The exact value for the side to move among the payment ``levels``
        (:meth:`levels`) of :meth:`root` (``only``: after that card) or of
        :meth:`play_on` (``march``), by null-window tests (MTD-f), or one full window;
        ``near``: a value the exact one is likely to be (the first test is there). With
        it, the card that decided the test proving the value for the side to move."""
        if self.view == 0:
            value, card = self.exact_payment(levels, near, only, march)
            return Exact(value, card)
        value, card = self.exact_payment([-v for v in reversed(levels)],
                                         None if near is None else -near, only, march)
        return Exact(-value, card)

    def wins(self, only: int = -1) -> bool:
        """Whether the side to move wins the deal (a value above 0), ``only``: after
        that card: one null-window test at side 0's smallest win, the test that
        :meth:`exact` starts with (so that they share the table's entries)."""
        win0 = min(v for v in self.pos.levels() if v > 0)
        up = self.test(win0 - 1, win0, only, False)[0] >= win0
        return up == (self.view == 0)

    # -- the payment search (side 0's view) -------------------------------------------------------
    def test(self, alpha: int, beta: int, only: int, march: bool) -> tuple[int, int]:
        """:meth:`root` (or with ``march``, :meth:`play_on`) in side 0's view, with the
        collector paused (:func:`pause`)."""
        collecting = pause()
        try:
            if march:
                pos = self.pos
                w0, w1 = pos.won
                return self.march_on(pos.to_move, w0, w1, pos.lone, alpha, beta), -1
            return self.root_payment(alpha, beta, only)
        finally:
            resume(collecting)

    def exact_payment(self, levels: list[int], near: int | None, only: int,
                      march: bool) -> tuple[int, int]:
        """:meth:`exact` in side 0's view (``levels`` ascending payments to side 0).

        Besides the value, the card that decided the last test that raised the value's
        lower bound (side 0 to move) or lowered its upper bound (side 1), when that bound
        is the value; else -1."""
        if not self.options.null_window:
            return self.test(-INF, INF, only, march)[0], -1
        raised = lowered = (-INF - 1, -1)
        lo, hi = 0, len(levels) - 1
        walk = near is not None and near in levels
        # Else start at the smallest win for side 0: most deals are decided there.
        guess = (levels.index(near) if walk and near is not None
                 else next((k for k, v in enumerate(levels) if v > 0), hi))
        while lo < hi:
            mid = min(max(guess, lo + 1), hi)
            v = levels[mid]
            g, card = self.test(v - 1, v, only, march)
            if g >= v:
                raised = g, card
                lo = mid
                # Fail-soft: the search may already prove a higher level.
                while lo < hi and levels[lo + 1] <= g:
                    lo += 1
            else:
                lowered = g, card
                hi = mid - 1
                while hi > lo and levels[hi] > g:
                    hi -= 1
            # From a likely value, the next level either way.
            guess = (lo + 1 if g >= v else hi) if walk else (lo + hi + 1) // 2
        value = levels[lo]
        proof = raised if self.view == 0 else lowered
        return value, (proof[1] if proof[0] == value else -1)

    def value(self, leader: int, w0: int, w1: int, lone: int, alpha: int, beta: int) -> int:
        """Value (payment to side 0) of the position at the start of a trick, ``leader``
        to lead: side 0 has won ``w0`` tricks, side 1 ``w1``, seat ``lone`` every one."""
        goal = self.by_tricks(w0, w1, lone, alpha, beta)
        if goal is not None:
            return self.counted(goal, leader, alpha, beta, None)[0]
        march = self.march
        if march < 0:
            # A side with a trick cannot lose a Jann or march to the other (and stops
            # rather than fail in a march of its own): only the game is left to lose.
            top = self.game0 if w1 else self.top
            if top <= alpha:
                return top
            bottom = self.game1 if w0 else self.bottom
            if bottom >= beta:
                return bottom
        frame = self.frame
        frame.node()
        cls, hk = self.classes.layout()[:2]
        first = -1
        key = None
        early = False
        lo, hi = -INF, INF
        a0, b0 = alpha, beta
        if frame.use_tt:
            key = (hk, leader, w0, w1, lone if self.lone_key else -1, march, self.turns)
            early = self.hands[leader].bit_count() >= frame.early
            entry = self.tt.get(key, early)
            if entry is not None:
                lo, hi, first = entry
                g = settled(lo, hi, alpha, beta)
                if g != OPEN:
                    return g
                a0 = alpha if alpha > lo else lo
                b0 = beta if beta < hi else hi
        g, best = self.trick(SearchTrick(leader, cls, (w0, w1, lone), first), 0, leader, 0, 0, (),
                             a0, b0)
        if key is not None:
            lo, hi = narrowed(lo, hi, g, a0, b0)
            self.tt.store(key, (lo, hi, best), early)
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
        made = self.pay[(MARCH, march, False)]
        failed = self.pay[(FAILED_MARCH, 1 - march, False)]
        if march == 0:
            return pos.march_len - w0 - w1, made, failed
        return 1, failed, made

    def counted(self, goal: tuple[int, int, int], leader: int, alpha: int, beta: int,
                root: SearchTrick | None) -> tuple[int, int]:
        """The value within ``alpha``, ``beta`` where it depends only on whether side 0
        wins ``need`` more tricks (``goal``, :meth:`by_tricks`), by a null-window trick
        count from the start of ``leader``'s trick, or from the ``root`` trick in
        progress; and the card that decided it there (-1 elsewhere)."""
        need, win, lose = goal
        if lose >= beta:
            return lose, -1
        if win <= alpha:
            return win, -1
        if root is None:
            return (win if self.count.tricks(leader, need - 1, need) >= need else lose), -1
        t, card = self.count.trick(root, root.start, self.pos.to_move, self.root_apos,
                                   self.root_akey, self.root_played, need - 1, need)
        return (win if t >= need else lose), card

    def trick(self, t: SearchTrick, i: int, seat: int, apos: int, akey: int,
              played: tuple[int, ...], alpha: int, beta: int) -> tuple[int, int]:
        """The value (payment to side 0) with ``i`` cards ``played`` in trick ``t`` and
        ``seat`` to play (:meth:`.count.TrickCount.trick`, valued by the payments);
        returns the value and the best card of this play."""
        frame = self.frame
        hands = self.hands
        hand = hands[seat]
        side = self.side
        maxi = side[seat] == 0
        g = -INF if maxi else INF
        best = -1
        last = i + 1 == self.size
        nseat = self.nxt[seat]
        chain = frame.chain
        beats = frame.beats
        keep_played = not chain
        for c in moves(frame, t, i, seat, apos, akey, played):
            hands[seat] = hand ^ (1 << c)
            if chain and i:
                # (:func:`.plays.ahead_after` for a chain game, inline: the hot case.)
                if beats[akey << 6 | c]:
                    ahead_pos, ahead_key = i, c
                else:
                    ahead_pos, ahead_key = apos, akey
            else:
                ahead_pos, ahead_key = ahead_after(frame, i, apos, akey, played, c)
            if last:
                v = self.after(self.order[t.leader][ahead_pos], t, alpha, beta)
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

    def after(self, winner: int, t: SearchTrick, alpha: int, beta: int) -> int:
        """Value once trick ``t`` is complete, won by seat ``winner``."""
        score = t.score
        assert score is not None, "a trick of the payment search has a score"
        w0, w1, lone = score
        winner_side = self.side[winner]
        if winner_side == 0:
            w0 += 1
        else:
            w1 += 1
        number = w0 + w1
        lone = winner if number == 1 else (lone if lone == winner else -1)
        pos = self.pos
        pay = self.pay
        march = self.march
        if march >= 0:
            if winner_side != march:
                return pay[(FAILED_MARCH, winner_side, False)]
            if not self.hands[winner]:
                return pay[(MARCH, march, pos.lone_crosses and lone >= 0)]
            return self.value(winner, w0, w1, lone, alpha, beta)
        mine, theirs = (w0, w1) if winner_side == 0 else (w1, w0)
        if mine >= pos.target:
            if pos.jann and theirs == 0:
                return self.jann(winner, w0, w1, lone, alpha, beta)
            return pay[(GAME, winner_side, False)]
        return self.value(winner, w0, w1, lone, alpha, beta)

    def jann(self, winner: int, w0: int, w1: int, lone: int, alpha: int, beta: int) -> int:
        """The side of seat ``winner`` has won the first tricks straight: stop, or play on."""
        s = self.side[winner]
        stop = self.pay[(JANN, s, self.pos.lone_crosses and lone >= 0)]
        if s == 0 and stop >= beta:
            return stop
        if s == 1 and stop <= alpha:
            return stop
        on = self.march_on(winner, w0, w1, lone, alpha, beta)
        return max(stop, on) if s == 0 else min(stop, on)

    def march_on(self, winner: int, w0: int, w1: int, lone: int, alpha: int, beta: int) -> int:
        """Value (payment to side 0) of playing on for the march, seat ``winner`` to lead."""
        self.frame.ready()
        self.march = self.side[winner]
        try:
            return self.value(winner, w0, w1, lone, alpha, beta)
        finally:
            self.march = -1

    def root_payment(self, alpha: int, beta: int, only: int) -> tuple[int, int]:
        """:meth:`root` in side 0's view."""
        self.frame.ready()
        pos = self.pos
        w0, w1 = pos.won
        t = SearchTrick(self.root_leader, self.root_cls, (w0, w1, pos.lone), -1, only,
                  len(self.root_played))
        goal = self.by_tricks(w0, w1, pos.lone, alpha, beta)
        if goal is not None:
            return self.counted(goal, pos.to_move, alpha, beta, t)
        return self.trick(t, t.start, pos.to_move, self.root_apos, self.root_akey,
                          self.root_played, alpha, beta)
