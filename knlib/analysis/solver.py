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

from collections.abc import Callable
from typing import Any

from ..engine.deal import Action, Deal
from ..engine.scoring import format_amount
from ..i18n import marked, tr
from ..players.words import game_word
from .position import Position, position
from .search import Options, Search
from .table import TranspositionTable

__all__ = ["Solution", "solve", "wins", "won", "Solver", "describe", "outcome"]


class Solution:
    """Best play with all cards face up from one position.

    ``value``: what one member of the side to move receives under best play;
    ``values``: the same for each legal action (computed when first asked for: a hint
    needs only the value and the line); ``line``: one line of best play to the end of
    the deal. ``seat`` is the seat to move and ``side`` its side; ``unit`` the game's
    unit.
    """

    def __init__(self, value: int, line: list[Action], seat: int, side: int,
                 side_name: str, unit: str, describe: Callable[[int], str],
                 outcome: Callable[[int], tuple[str, bool] | None],
                 values: Callable[[], dict[Action, int]] | dict[Action, int],
                 keeps: Callable[[Action], bool] | None = None,
                 value_of: Callable[[Action], int] | None = None,
                 wins: Callable[[Action], bool] | None = None,
                 actions: list[Action] | None = None, nodes: int = 0) -> None:
        self.value = value
        self.line = line
        self.seat = seat
        self.side = side
        self.side_name = side_name
        self.unit = unit
        self.describe = describe
        #: The ending a value stands for, for this side: ('a Jann', True), or None.
        self.outcome = outcome
        self.nodes = nodes
        self._values = values if isinstance(values, dict) else None
        self._compute = values if not isinstance(values, dict) else None
        self._keeps = keeps
        self._value_of = value_of
        self._wins = wins
        self._legal = actions if actions is not None else list(self.values)

    @property
    def values(self) -> dict[Action, int]:
        """The exact value of each legal action (searched on first access)."""
        if self._values is None:
            assert self._compute is not None
            self._values = self._compute()
        return self._values

    def value_of(self, action: Action) -> int:
        """The exact value of one legal action (without searching the others)."""
        if self._values is not None or self._value_of is None:
            return self.values[action]
        return self._value_of(action)

    def wins(self, action: Action) -> bool:
        """Whether an action wins the deal for the side to move under best play (its
        value is above 0), without searching for its exact value."""
        if self._values is not None or self._wins is None:
            return self.values[action] > 0
        return self._wins(action)

    @property
    def best(self) -> list[Action]:
        """Every action that keeps the best value (by one null-window test each, unless
        the values are known)."""
        if self._values is None and self._keeps is not None:
            return [a for a in self._legal if self._keeps(a)]
        return [a for a, v in self.values.items() if v == self.value]

    def __repr__(self) -> str:
        return (f"Solution(value={self.value}, seat={self.seat}, side={self.side}, "
                f"line={self.line})")

    def amount(self, value: int) -> str:
        """A value in the game's unit, signed: '+€0.10', '-2 rungs'."""
        return format_amount(self.unit, value, sign=True)

    def summary(self) -> str:
        """Plain words for learners: the best result with all cards face up."""
        best = self.best
        first = ", ".join(f"'{a}'" for a in best[:3])
        if len(best) > 3:
            first = tr("{actions} or another", actions=first)
        return tr("With all cards face up, best play gives {side} {result}. Best: {actions}.",
                  side=self.side_name, result=self.describe(self.value), actions=first)

    def __str__(self) -> str:
        lines = [self.summary()]
        for a, v in sorted(self.values.items(), key=lambda av: -av[1]):
            lines.append(f"  {a:<22} {self.amount(v):>9}  {self.describe(v)}")
        return "\n".join(lines)


#: The endings :func:`outcome` names, by (kind, by one partner alone, one more turn
#: accepted); ``{jann}`` and ``{march}`` are the game's words.
ENDINGS: dict[tuple[str, bool, bool], str] = {
    ("game", False, False): marked("the game"),
    ("game", True, False): marked("the game by one partner alone"),
    ("game", False, True): marked("the game, one more turn accepted"),
    ("game", True, True): marked("the game by one partner alone, one more turn accepted"),
    ("jann", False, False): marked("a {jann}"),
    ("jann", True, False): marked("a {jann} by one partner alone"),
    ("jann", False, True): marked("a {jann}, one more turn accepted"),
    ("jann", True, True): marked("a {jann} by one partner alone, one more turn accepted"),
    ("march", False, False): marked("the {march}"),
    ("march", True, False): marked("the {march} by one partner alone"),
    ("march", False, True): marked("the {march}, one more turn accepted"),
    ("march", True, True): marked("the {march} by one partner alone, one more turn accepted"),
}


def outcome(pos: Position, words: tuple[str, str], side: int,
            value: int) -> tuple[str, bool] | None:
    """The ending a value stands for, for one side: ('a Jann', True) for a win with a
    Jann, ('the game', False) for a lost game; None if it is no single ending.
    ``words``: the game's names for the Jann and the march. The name is in the current
    language (:data:`ENDINGS`)."""
    sgn = 1 if side == 0 else -1
    for table, turn in ((pos.payoff, False), (pos.turn_payoff, True)):
        for kind in ("game", "jann", "march"):
            for lone in (False, True):
                for who, win in ((side, True), (1 - side, False)):
                    if sgn * table.get((kind, who, lone), 0) == value:
                        return tr(ENDINGS[kind, lone, turn], jann=game_word(words[0]),
                                  march=game_word(words[1])), win
    return None


def describe(pos: Position, words: tuple[str, str], unit: str, side: int,
             value: int) -> str:
    """What a value means for one side, in words: 'a win with a Jann (+€1.00 each)'."""
    amount = format_amount(unit, value, sign=True)
    hit = outcome(pos, words, side, value)
    if hit is None:
        return (tr("a win ({amount} each)", amount=amount) if value > 0
                else tr("a loss ({amount} each)", amount=amount))
    name, win = hit
    if win:
        return tr("a win with {name} ({amount} each)", name=name, amount=amount)
    return tr("a loss: the opponents make {name} ({amount} each)", name=name, amount=amount)


class _Root:
    """The decision at one position: the exact value of each action, searched only
    when asked for and remembered. Values are for one member of the side to move."""

    def __init__(self, solver: Solver, deal: Deal) -> None:
        self.solver = solver
        self.deal = deal
        self.pos = pos = position(deal)
        self.seat = pos.to_move
        self.side = pos.side[self.seat]
        self.sgn = 1 if self.side == 0 else -1
        self.legal = deal.legal_actions()
        self._search: Search | None = None
        self._up: dict[int, int] = {}  # class of a card led face up -> value for side 0
        self._rep: dict[int, int] = {}
        self._values: dict[Action, int] = {}
        self._kept: dict[int, bool] = {}  # class of a card -> keeps the best value
        self._won: dict[int, bool] = {}  # class of a card -> wins the deal
        self._best: int | None = None
        self._keeper = -1  # a card that keeps the value, from the value's own tests

    @property
    def search(self) -> Search:
        if self._search is None:
            self._search = self.solver.search(self.pos)
            for m in self._search.root_groups():
                rep = (m & -m).bit_length() - 1
                while m:
                    low = m & -m
                    m ^= low
                    self._rep[low.bit_length() - 1] = rep
        return self._search

    def _count(self, s: Search, n0: int) -> None:
        self.solver.nodes += s.nodes - n0

    def best(self, near: int | None = None) -> int:
        """The value of the position for the side to move (``near``: a likely value)."""
        if self._best is None:
            pos = self.pos
            if pos.phase == "play":
                s = self.search
                n0 = s.nodes
                v0 = s.exact(s.root, pos.levels(), None if near is None else self.sgn * near)
                self._best = self.sgn * v0
                self._count(s, n0)
                # The card that decided the test proving the value for the side to move
                # keeps it: the line needs no test of its own here.
                proof = s.raised if self.side == 0 else s.lowered
                if proof is not None and proof[0] == v0:
                    self._keeper = proof[1]
            else:
                self._best = max(self.value(a) for a in self.legal)
        return self._best

    def card(self, c: int) -> int:
        """Value for side 0 of leading or playing card number ``c`` face up. Equivalent
        cards share one search; the position's value bounds it from one side."""
        s = self.search
        rep = self._rep.get(c, c)
        hit = self._up.get(rep)
        if hit is None:
            n0 = s.nodes
            levels = self.pos.levels()
            if self._best is not None:
                b0 = self.sgn * self._best
                levels = [v for v in levels if (v <= b0 if self.side == 0 else v >= b0)]
            hit = self._up[rep] = s.exact(lambda al, be: s.root(al, be, only=rep), levels)
            self._count(s, n0)
        return hit

    def value(self, a: Action) -> int:
        """The exact value of one legal action."""
        hit = self._values.get(a)
        if hit is not None:
            return hit
        pos, side, sgn = self.pos, self.side, self.sgn
        kind = a.kind
        if kind == "play":
            v = sgn * self.card(pos.kit.local[a.card.index])  # type: ignore[union-attr]
        elif kind == "down":
            up = sgn * self.card(pos.kit.local[a.card.index])  # type: ignore[union-attr]
            v = min(sgn * run_payoff(pos, side), _one_turn_more(pos, up))
        elif kind == "concede":
            v = sgn * pos.payoff[("conceded", 1 - side, False)]
        elif kind == "stop":
            v = sgn * pos.payoff[("jann", side, pos.lone_crosses and pos.lone >= 0)]
        elif kind == "play on":
            s = self.search
            n0 = s.nodes
            w0, w1 = pos.won
            v = sgn * s.exact(lambda al, be: s.play_on(self.seat, w0, w1, pos.lone, al, be),
                              pos.levels(march=side))
            self._count(s, n0)
        elif kind == "run":
            v = sgn * run_payoff(pos, pos.side[pos.tseats[0]])
        else:  # see
            v = sgn * self._after_see()
        self._values[a] = v
        return v

    def _after_see(self) -> int:
        """Value (side 0) once the face-down card is seen: one more accepted turn, and
        the next seat plays to the card."""
        pos = self.pos
        seen = pos.copy()
        seen.turns += 1
        seen.payoff = pos.turn_payoff
        seen.phase = "play"
        seen.to_move = pos.nxt[pos.tseats[0]]
        s = self.solver.search(seen)
        value = s.exact(s.root, seen.levels())
        self.solver.nodes += s.nodes
        return value

    def keeps(self, a: Action) -> bool:
        """Whether an action keeps the best value: a null-window test for a card."""
        want = self.best()
        if a in self._values or a.kind != "play":
            return self.value(a) == want
        c = self.pos.kit.local[a.card.index]  # type: ignore[union-attr]
        rep = self._rep.get(c, c) if self._search is not None else c
        if rep in self._up:
            return self.sgn * self._up[rep] == want
        s = self.search
        rep = self._rep.get(c, c)
        ok = self._kept.get(rep)
        if ok is None:
            n0 = s.nodes
            v0 = self.sgn * want
            ok = self._kept[rep] = (s.root(v0 - 1, v0, only=rep) >= v0 if self.side == 0
                                    else s.root(v0, v0 + 1, only=rep) <= v0)
            self._count(s, n0)
        return ok

    def keeper(self) -> Action | None:
        """A card that keeps the best value, found by one null-window test of the whole
        position at that value: the card that decides the test keeps it (the searching
        side's card at the cutoff), and it is the one the table's proof follows, so the
        next step of a line finds its proof there. Where the value's own tests decided
        it with a card (``Search.raised``, set by :meth:`.search.Search.exact`), that card,
        without a test. Any card keeps the value when the test is decided without a search.
        None outside the play phase."""
        pos = self.pos
        if pos.phase != "play":
            return None
        v0 = self.sgn * self.best()
        s = self.search
        card = self._keeper
        if card < 0:
            n0 = s.nodes
            ok = s.root(v0 - 1, v0) >= v0 if self.side == 0 else s.root(v0, v0 + 1) <= v0
            self._count(s, n0)
            assert ok, "the position's value is kept by some card"
            card = s.best
        local = pos.kit.local
        plays = [a for a in self.legal if a.kind == "play"]
        return next((a for a in plays if local[a.card.index] == card),  # type: ignore[union-attr]
                    plays[0] if card < 0 and plays else None)

    def wins(self, a: Action) -> bool:
        """Whether an action wins the deal for the side to move (a value above 0): for a
        card, one null-window test at the smallest winning payment; nothing to test
        once the position itself is lost."""
        if a in self._values:
            return self._values[a] > 0
        pos = self.pos
        if a.kind not in ("play", "down") or pos.phase != "play" or (
                a.kind == "down" and pos.march >= 0):
            return self.value(a) > 0
        c = pos.kit.local[a.card.index]  # type: ignore[union-attr]
        s = self.search
        rep = self._rep.get(c, c)
        if rep in self._up:
            return self.sgn * self._up[rep] > 0
        hit = self._won.get(rep)
        if hit is None:
            if not self.won():
                return False
            n0 = s.nodes
            up = s.root(self._win0 - 1, self._win0, only=rep) >= self._win0
            self._count(s, n0)
            # Face down wins exactly where face up does (see the module notes), but in
            # a march (then running fails the march).
            hit = self._won[rep] = up == (self.side == 0)
        return hit

    @property
    def _win0(self) -> int:
        """Side 0 wins the deal with a value of at least the smallest positive payment."""
        return min(v for v in self.pos.levels() if v > 0)

    def won(self) -> bool:
        """Whether the side to move wins the deal under best play (one null-window test
        in the play phase)."""
        if self._best is not None:
            return self._best > 0
        if self.pos.phase != "play":
            return self.best() > 0
        s = self.search
        n0 = s.nodes
        up = s.root(self._win0 - 1, self._win0) >= self._win0
        self._count(s, n0)
        return up == (self.side == 0)

    def values(self) -> dict[Action, int]:
        return {a: self.value(a) for a in self.legal}


def run_payoff(pos: Position, lside: int) -> int:
    """What side 0 receives when the side of the face-down card's leader (``lside``) is
    run from: the deal at its value so far, or, during its march, the march failed
    (the opponents may run from a face-down lead in a march where the rules allow that
    lead: ruleset option ``drehen_in_march``)."""
    if pos.march >= 0:
        return pos.payoff[("failed march", 1 - lside, False)]
    return pos.payoff[("run", lside, False)]


def _one_turn_more(pos: Position, v: int) -> int:
    """A value with one more accepted turn: one turn stake more towards its winner."""
    turn = abs(pos.turn_payoff[("game", 0, False)] - pos.payoff[("game", 0, False)])
    return v + turn if v > 0 else v - turn


class Solver:
    """Solves positions of deals, keeping one transposition table across solves (a
    review solves every position of a deal in turn)."""

    def __init__(self, tt: TranspositionTable | None = None,
                 options: Options | None = None) -> None:
        self.tt = tt if tt is not None else TranspositionTable()
        self.options = options or Options()
        self.nodes = 0

    def search(self, pos: Position) -> Search:
        """A search of one position, on this solver's table."""
        return Search(pos, self.tt, self.options)

    def values(self, deal: Deal) -> tuple[dict[Action, int], int, int]:
        """The value of each legal action for the side to move; the seat and side."""
        root = _Root(self, deal)
        return root.values(), root.seat, root.side

    def solve(self, deal: Any, *, line: bool = True, value: int | None = None,
              near: int | None = None) -> Solution:
        """Solve a deal in its play phase; see :func:`solve`. ``value``: the position's
        value for the side to move when it is already known (a review knows it from the
        decision before), ``near``: a likely value (the first test is there)."""
        root = _Root(self, deal)
        pos = root.pos
        words = (deal.proc.jann_word, deal.proc.march_word)
        if value is not None:
            root._best = value
        value = root.best(near)
        moves = self._line(deal, root) if line else []
        side = root.side
        unit = deal.stakes.unit
        return Solution(
            value=value, line=moves, seat=root.seat, side=side,
            side_name=deal.side_name(side), unit=unit,
            describe=lambda v: describe(pos, words, unit, side, v),
            outcome=lambda v: outcome(pos, words, side, v),
            values=root.values, keeps=root.keeps, value_of=root.value, wins=root.wins,
            actions=root.legal, nodes=self.nodes,
        )

    def _line(self, deal: Deal, root: _Root) -> list[Action]:
        """One line of best play to the end: at each step an action that keeps the
        value, in the play phase the card that decides one null-window test of the
        position (:meth:`_Root.keeper`; a card face up is never worse than face down,
        see the module notes), else the first action that keeps it."""
        d = deal.copy()
        out: list[Action] = []
        want = root.best()
        side = root.side
        act = self._keeping(root)
        while True:
            out.append(act)
            d.apply(act)
            if d.is_over:
                return out
            mover = d.to_move
            assert mover is not None, "a deal that is not over has a player to move"
            if d.side_of(mover) != side:
                want, side = -want, 1 - side
            root = _Root(self, d)
            root._best = want
            act = self._keeping(root)

    @staticmethod
    def _keeping(root: _Root) -> Action:
        """The first action of the side to move that keeps its best value, face up
        rather than face down, stopping or seeing rather than the other: in the play
        phase the card that decides one test of the position (:meth:`_Root.keeper`)."""
        hit = root.keeper()
        if hit is not None:
            return hit
        legal = root.legal
        for a in legal:
            if a.kind in ("play", "stop", "see") and root.keeps(a):
                return a
        return next(a for a in legal if root.keeps(a))


def wins(deal: Deal, *, tt: TranspositionTable | None = None,
         options: Options | None = None) -> dict[Action, bool]:
    """Which of ``deal.legal_actions()`` win the deal for the side to move under best
    play with all cards face up (a value above 0): cheaper than :func:`solve`'s exact
    values, by null-window tests only (none at all once the position is lost)."""
    root = _Root(Solver(tt, options), deal)
    return {a: root.wins(a) for a in root.legal}


def won(deal: Deal, *, tt: TranspositionTable | None = None,
        options: Options | None = None) -> bool:
    """Whether the side to move wins the deal under best play with all cards face up (a
    value above 0): one null-window test, without the value itself. ``deal`` must be in
    its play phase and not over, as for :func:`solve`."""
    return _Root(Solver(tt, options), deal).won()


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

    A deal that is not in its play phase, is over, or is a five-player solo (not two
    equal sides), and anything that is not a Deal, raises :class:`~knlib.RulesError`.
    ``tt`` shares a transposition table between calls; ``line=False`` skips the line.

    >>> import knlib
    >>> deal = knlib.new_deal("karnoeffel-2024", seed=3, players=2)
    >>> sol = solve(deal)
    >>> sol.value == max(sol.values.values())
    True
    """
    return Solver(tt, options).solve(deal_or_state, line=line)
