"""``solve``: the value of every legal action with all cards face up.

Both sides know every card and each maximises its own payment. The value of an action is
what one member of the side to move receives at the end of the deal under best play
after it, in the game's own unit (cents, Pfennig, rungs, strokes or points).

Two decisions are not searched but derived, exactly:

* **Leading face down (drehen).** Let ``V`` be the value, for the leader's side A, of
  leading card ``c`` face up with ``t`` turns accepted. Every payment is
  ``±(base + turns × turn stake)``, so one more accepted turn moves every ending by one
  turn stake towards its winner: if B sees, the value is ``V`` moved so (B's best play
  and A's stay the best). If B runs, A gets the run payment: the value so far
  (``basic + t × turn``), or during A's march, where the rules allow the face-down lead
  there (option ``drehen_in_march``), the failed march. B takes the smaller, so the
  value is ``min(run, V moved by one turn)``: outside a march the value so far if
  ``V > 0`` (A wins whatever B does, so B runs), else ``V - turn``; in a march always a
  loss for A. Face down is never better for A than face up, so the search never leads
  face down. (Bernhard's limit on turns only takes options from A, and A never needs
  them.) The tests check this against exhaustive play through the Deal.
* **Conceding (Karniffel).** It ends the deal at the losing payment, the lowest there is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.deal import Action, Deal, as_deal
from ..errors import RulesError
from ..i18n import tr
from ..kinds import ActionKind, Phase, ResultKind
from .position import Position, position
from .search import Options, Search
from .table import TranspositionTable

__all__ = ["Solution", "solve", "wins", "won", "Solver", "Decision", "run_value",
           "one_turn_more"]


@dataclass(eq=False)
class Solution:
    """Best play with all cards face up from one position: values, no words.

    ``value``: what one member of the side to move receives under best play; ``line``:
    one line of best play to the end of the deal, as actions; ``seat`` is the seat to move
    and ``side`` its side; ``nodes`` the positions searched. ``decision`` answers the
    questions about the actions (:attr:`values`, :meth:`value_of`, :meth:`wins`,
    :attr:`best`), each searched when first asked (a hint needs only the value and the
    line). Its words are :mod:`knlib.analysis.solution_words`'.
    """

    value: int
    line: list[Action]
    seat: int
    side: int
    decision: Decision
    nodes: int = 0

    @property
    def values(self) -> dict[Action, int]:
        """The exact value of each legal action (searched on first access)."""
        return self.decision.values()

    def value_of(self, action: Action) -> int:
        """The exact value of one legal action (without searching the others)."""
        return self.decision.value(action)

    def wins(self, action: Action) -> bool:
        """Whether an action wins the deal for the side to move under best play (its
        value is above 0), without searching for its exact value."""
        return self.decision.wins(action)

    @property
    def best(self) -> list[Action]:
        """Every action that keeps the best value (by one null-window test each, unless
        the values are known)."""
        return [a for a in self.decision.legal if self.decision.keeps(a)]

    def __repr__(self) -> str:
        return (f"Solution(value={self.value}, seat={self.seat}, side={self.side}, "
                f"line={self.line})")


class Decision:
    """The decision at one position: the exact value of each action, searched only when
    asked for and remembered. Every value is for one member of the side to move.
    ``value``: the position's value, where it is known already (a review knows it from
    the decision before, a line from the step before)."""

    def __init__(self, solver: Solver, deal: Deal, value: int | None = None) -> None:
        self.solver = solver
        self.deal = deal
        self.pos = pos = position(deal)
        self.seat = pos.to_move
        self.side = pos.side[self.seat]
        self.legal = deal.legal_actions()
        self.search_of: Search | None = None
        self.up: dict[int, int] = {}  # class of a card played face up -> its value
        self.rep: dict[int, int] = {}  # card -> the card its class is searched by
        self.known: dict[Action, int] = {}
        self.kept: dict[int, bool] = {}  # class of a card -> keeps the best value
        self.won_by: dict[int, bool] = {}  # class of a card -> wins the deal
        self.value_known = value
        self.keeper_card = -1  # a card that keeps the value, from the value's own tests

    @property
    def search(self) -> Search:
        """The position's search (made when first needed), on the solver's table."""
        if self.search_of is None:
            self.search_of = self.solver.search(self.pos)
            for m in self.search_of.root_groups():
                rep = (m & -m).bit_length() - 1
                while m:
                    low = m & -m
                    m ^= low
                    self.rep[low.bit_length() - 1] = rep
        return self.search_of

    def count(self, s: Search, n0: int) -> None:
        """Add the positions a search has searched since ``n0`` to the solver's count."""
        self.solver.nodes += s.nodes - n0

    def best(self, near: int | None = None) -> int:
        """The value of the position (``near``: a likely value)."""
        if self.value_known is None:
            if self.pos.phase == Phase.PLAY:
                s = self.search
                n0 = s.nodes
                found = s.exact(s.levels(), near)
                self.value_known = found.value
                self.count(s, n0)
                # The card that decided the test proving the value keeps it: the line
                # needs no test of its own here.
                self.keeper_card = found.keeper
            else:
                self.value_known = max(self.value(a) for a in self.legal)
        return self.value_known

    def card(self, c: int) -> int:
        """Value of leading or playing card number ``c`` face up. Equivalent cards share
        one search; the position's value bounds it from above."""
        s = self.search
        rep = self.rep.get(c, c)
        hit = self.up.get(rep)
        if hit is None:
            n0 = s.nodes
            levels = s.levels()
            if self.value_known is not None:
                levels = [v for v in levels if v <= self.value_known]
            hit = self.up[rep] = s.exact(levels, only=rep).value
            self.count(s, n0)
        return hit

    def value(self, a: Action) -> int:
        """The exact value of one legal action."""
        hit = self.known.get(a)
        if hit is not None:
            return hit
        pos, side = self.pos, self.side
        kind = a.kind
        if kind == ActionKind.PLAY:
            v = self.card(pos.kit.local[a.card.index])  # type: ignore[union-attr]
        elif kind == ActionKind.DOWN:
            up = self.card(pos.kit.local[a.card.index])  # type: ignore[union-attr]
            v = min(run_value(pos, side, side), one_turn_more(pos, up))
        elif kind == ActionKind.CONCEDE:
            v = pos.worth(side, ResultKind.CONCEDED, 1 - side)
        elif kind == ActionKind.STOP:
            v = pos.worth(side, ResultKind.JANN, side, pos.lone_crosses and pos.lone >= 0)
        elif kind == ActionKind.PLAY_ON:
            s = self.search
            n0 = s.nodes
            v = s.exact(s.levels(march=side), march=True).value
            self.count(s, n0)
        elif kind == ActionKind.RUN:
            v = run_value(pos, pos.side[pos.trick_seats[0]], side)
        else:  # see
            v = self.after_see()
        self.known[a] = v
        return v

    def after_see(self) -> int:
        """Value once the face-down card is seen: one more accepted turn, and the next
        seat (the side that saw) plays to the card."""
        pos = self.pos
        seen = pos.copy()
        seen.turns += 1
        seen.payoff = pos.turn_payoff
        seen.phase = Phase.PLAY
        seen.to_move = pos.nxt[pos.trick_seats[0]]
        s = self.solver.search(seen)
        assert s.view == self.side, "the side that sees plays next"
        value = s.exact(s.levels()).value
        self.solver.nodes += s.nodes
        return value

    def keeps(self, a: Action) -> bool:
        """Whether an action keeps the best value: a null-window test for a card."""
        want = self.best()
        if a in self.known or a.kind != ActionKind.PLAY:
            return self.value(a) == want
        c = self.pos.kit.local[a.card.index]  # type: ignore[union-attr]
        rep = self.rep.get(c, c) if self.search_of is not None else c
        if rep in self.up:
            return self.up[rep] == want
        s = self.search
        rep = self.rep.get(c, c)
        ok = self.kept.get(rep)
        if ok is None:
            n0 = s.nodes
            ok = self.kept[rep] = s.root(want - 1, want, only=rep)[0] >= want
            self.count(s, n0)
        return ok

    def keeper(self) -> Action | None:
        """A card that keeps the best value, found by one null-window test of the whole
        position at that value: the card that decides the test keeps it (the searching
        side's card at the cutoff), and it is the one the table's proof follows, so the
        next step of a line finds its proof there. Where the value's own tests decided
        it with a card (:attr:`.search.Exact.keeper`), that card, without a test. Any
        card keeps the value when the test is decided without a search. None outside
        the play phase."""
        pos = self.pos
        if pos.phase != Phase.PLAY:
            return None
        want = self.best()
        s = self.search
        card = self.keeper_card
        if card < 0:
            n0 = s.nodes
            g, card = s.root(want - 1, want)
            self.count(s, n0)
            assert g >= want, "the position's value is kept by some card"
        local = pos.kit.local
        plays = [a for a in self.legal if a.kind == ActionKind.PLAY]
        return next((a for a in plays if local[a.card.index] == card),  # type: ignore[union-attr]
                    plays[0] if card < 0 and plays else None)

    def wins(self, a: Action) -> bool:
        """Whether an action wins the deal for the side to move (a value above 0): for a
        card, one null-window test (:meth:`.search.Search.wins`); nothing to test once
        the position itself is lost."""
        if a in self.known:
            return self.known[a] > 0
        pos = self.pos
        if a.kind not in (ActionKind.PLAY, ActionKind.DOWN) or pos.phase != Phase.PLAY or (
                a.kind == ActionKind.DOWN and pos.march >= 0):
            return self.value(a) > 0
        c = pos.kit.local[a.card.index]  # type: ignore[union-attr]
        s = self.search
        rep = self.rep.get(c, c)
        if rep in self.up:
            return self.up[rep] > 0
        hit = self.won_by.get(rep)
        if hit is None:
            if not self.won():
                return False
            n0 = s.nodes
            # Face down wins exactly where face up does (see the module notes), but in
            # a march (then running fails the march).
            hit = self.won_by[rep] = s.wins(only=rep)
            self.count(s, n0)
        return hit

    def won(self) -> bool:
        """Whether the side to move wins the deal under best play (one null-window test
        in the play phase)."""
        if self.value_known is not None:
            return self.value_known > 0
        if self.pos.phase != Phase.PLAY:
            return self.best() > 0
        s = self.search
        n0 = s.nodes
        up = s.wins()
        self.count(s, n0)
        return up

    def values(self) -> dict[Action, int]:
        """The exact value of every legal action."""
        return {a: self.value(a) for a in self.legal}


def run_value(pos: Position, lside: int, side: int) -> int:
    """What one member of ``side`` receives when the side of the face-down card's leader
    (``lside``) is run from: the deal at its value so far, or, during its march, the
    march failed (the opponents may run from a face-down lead in a march where the rules
    allow that lead: ruleset option ``drehen_in_march``)."""
    if pos.march >= 0:
        return pos.worth(side, ResultKind.FAILED_MARCH, 1 - lside)
    return pos.worth(side, ResultKind.RUN, lside)


def one_turn_more(pos: Position, v: int) -> int:
    """A value with one more accepted turn: one turn stake more towards its winner."""
    turn = abs(pos.turn_payoff[(ResultKind.GAME, 0, False)]
               - pos.payoff[(ResultKind.GAME, 0, False)])
    return v + turn if v > 0 else v - turn


class Solver:
    """Solves positions of deals, keeping one transposition table across solves (a
    review solves every position of a deal in turn)."""

    def __init__(self, tt: TranspositionTable | None = None,
                 options: Options | None = None) -> None:
        if tt is not None and not isinstance(tt, TranspositionTable):
            raise RulesError(tr("tt={value} is not a transposition table: give a "
                                "knlib.analysis.TranspositionTable, or None for a new one",
                                value=repr(tt)))
        if options is not None and not isinstance(options, Options):
            raise RulesError(tr("options={value} is not the solver's options: give a "
                                "knlib.analysis.Options, or None for the defaults",
                                value=repr(options)))
        self.tt = tt if tt is not None else TranspositionTable()
        self.options = options or Options()
        self.nodes = 0

    def search(self, pos: Position) -> Search:
        """A search of one position, on this solver's table."""
        return Search(pos, self.tt, self.options)

    def values(self, deal: Deal) -> tuple[dict[Action, int], int, int]:
        """The value of each legal action for the side to move; the seat and side."""
        root = Decision(self, deal)
        return root.values(), root.seat, root.side

    def solve(self, deal: Any, *, line: bool = True, value: int | None = None,
              near: int | None = None) -> Solution:
        """Solve a deal in its play phase; see :func:`solve`. ``value``: the position's
        value for the side to move when it is already known (a review knows it from the
        decision before), ``near``: a likely value (the first test is there)."""
        deal = as_deal(deal)
        root = Decision(self, deal, value)
        value = root.best(near)
        moves = self.line(deal, root) if line else []
        side = root.side
        return Solution(value=value, line=moves, seat=root.seat, side=side, decision=root,
                        nodes=self.nodes)

    def line(self, deal: Deal, root: Decision) -> list[Action]:
        """One line of best play to the end: at each step an action that keeps the
        value, in the play phase the card that decides one null-window test of the
        position (:meth:`Decision.keeper`; a card face up is never worse than face down,
        see the module notes), else the first action that keeps it."""
        d = deal.copy()
        out: list[Action] = []
        want = root.best()
        side = root.side
        act = self.keeping(root)
        while True:
            out.append(act)
            d.apply(act)
            if d.is_over:
                return out
            mover = d.to_move
            assert mover is not None, "a deal that is not over has a player to move"
            if d.side_of(mover) != side:
                # The value is the other side's now: what one side receives, the other pays.
                want, side = -want, 1 - side
            root = Decision(self, d, want)
            act = self.keeping(root)

    @staticmethod
    def keeping(root: Decision) -> Action:
        """The first action of the side to move that keeps its best value, face up
        rather than face down, stopping or seeing rather than the other: in the play
        phase the card that decides one test of the position (:meth:`Decision.keeper`)."""
        hit = root.keeper()
        if hit is not None:
            return hit
        legal = root.legal
        for a in legal:
            if a.kind in (ActionKind.PLAY, ActionKind.STOP, ActionKind.SEE) and root.keeps(a):
                return a
        return next(a for a in legal if root.keeps(a))


def wins(deal: Deal, *, tt: TranspositionTable | None = None,
         options: Options | None = None) -> dict[Action, bool]:
    """Which of ``deal.legal_actions()`` win the deal for the side to move under best
    play with all cards face up (a value above 0): cheaper than :func:`solve`'s exact
    values, by null-window tests only (none at all once the position is lost)."""
    root = Decision(Solver(tt, options), deal)
    return {a: root.wins(a) for a in root.legal}


def won(deal: Deal, *, tt: TranspositionTable | None = None,
        options: Options | None = None) -> bool:
    """Whether the side to move wins the deal under best play with all cards face up (a
    value above 0): one null-window test, without the value itself. ``deal`` must be in
    its play phase and not over, as for :func:`solve`."""
    return Decision(Solver(tt, options), deal).won()


def solve(deal_or_state: Any, *, tt: TranspositionTable | None = None,
          options: Options | None = None, line: bool = True) -> Solution:
    """Best play with all cards face up from a :class:`~knlib.Deal` in its play phase.

    Returns a :class:`Solution`: ``.value`` (what one member of the side to move
    receives under best play, in the game's unit), ``.values`` (the same for each of
    ``deal.legal_actions()``, exact, searched when first read) and ``.line`` (one line
    of best play to the end: at each step an action that keeps the value). Every
    play-phase decision is covered: the card, leading face down, seeing or running,
    stopping at a Jann or playing on, and Karniffel's concession. The deal is left
    unchanged. Games: the four-player Knüffeln versions (and five-player Knüffeln when
    the dealer sits out), Stýrivolt, Karniffel, Karnöffel and Karnoffel 2024.

    A bare :class:`~knlib.engine.state.State` is solved as the Deal it is (on a copy).
    A deal that is not in its play phase, is over, or is a five-player solo (not two
    equal sides), and anything that is neither, raises :class:`~knlib.RulesError`.
    ``tt`` shares a transposition table between calls; ``line=False`` skips the line.

    >>> import knlib
    >>> deal = knlib.new_deal("karnoeffel-2024", seed=3, players=2)
    >>> sol = solve(deal)
    >>> sol.value == max(sol.values.values())
    True
    """
    return Solver(tt, options).solve(deal_or_state, line=line)
