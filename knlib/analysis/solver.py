"""``solve``: the value of every legal action with all cards face up.

Both sides know every card and each maximises its own payment. The value of an action is
what one member of the side to move receives at the end of the deal under best play
after it, in the game's own unit (cents, Pfennig, rungs, strokes or points).

Two decisions are not searched but derived, exactly:

* **Leading face down (drehen).** Let ``V`` be the value, for the leader's side A, of
  leading card ``c`` face up with ``t`` turns accepted. Every payment is
  ``±(base + turns × turn stake)``, so one more accepted turn moves every ending by one
  turn stake towards its winner. If ``V > 0``, A wins whatever B does; after a face-down
  ``c`` B can run (A gets the value so far, ``basic + t × turn``) or see (A still wins,
  now one turn more), so B runs and the value is the value so far. If ``V < 0``, B wins
  whatever A does; after seeing, B's winning play still wins one turn more and A's best
  play loses exactly one turn more, so B sees and the value is ``V - turn``. (Bernhard's
  limit on turns only takes options from A, and A never needs them: by the same
  argument face down is never better than face up.) The tests check this against
  exhaustive play through the Deal.
* **Conceding (Karniffel).** It ends the deal at the losing payment, the lowest there is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..deal import Action, Deal
from ..scoring import format_amount
from .position import Position, position
from .search import Options, Search
from .table import TranspositionTable

__all__ = ["Solution", "solve", "Solver", "describe", "outcome"]


@dataclass
class Solution:
    """Best play with all cards face up from one position.

    ``value``: what one member of the side to move receives under best play;
    ``values``: the same for each legal action; ``line``: one line of best play to the
    end of the deal. ``seat`` is the seat to move and ``side`` its side; ``unit`` the
    game's unit.
    """

    value: int
    values: dict[Action, int]
    line: list[Action]
    seat: int
    side: int
    side_name: str
    unit: str
    describe: Callable[[int], str] = field(repr=False)
    #: The ending a value stands for, for this side: ('a Jann', True), or None.
    outcome: Callable[[int], tuple[str, bool] | None] = field(repr=False)
    nodes: int = 0

    @property
    def best(self) -> list[Action]:
        """Every action that keeps the best value."""
        return [a for a, v in self.values.items() if v == self.value]

    def amount(self, value: int) -> str:
        """A value in the game's unit, signed: '+€0.10', '-2 rungs'."""
        return format_amount(self.unit, value, sign=True)

    def summary(self) -> str:
        """Plain words for learners: the best result with all cards face up."""
        best = self.best
        first = ", ".join(f"'{a}'" for a in best[:3]) + (" or another" if len(best) > 3 else "")
        return (f"With all cards face up, best play gives {self.side_name} "
                f"{self.describe(self.value)}. Best: {first}.")

    def __str__(self) -> str:
        lines = [self.summary()]
        for a, v in sorted(self.values.items(), key=lambda av: -av[1]):
            lines.append(f"  {a:<22} {self.amount(v):>9}  {self.describe(v)}")
        return "\n".join(lines)


def outcome(pos: Position, words: tuple[str, str], side: int,
            value: int) -> tuple[str, bool] | None:
    """The ending a value stands for, for one side: ('a Jann', True) for a win with a
    Jann, ('the game', False) for a lost game; None if it is no single ending.
    ``words``: the game's names for the Jann and the march."""
    names = {"game": "the game", "jann": f"a {words[0]}", "march": f"the {words[1]}"}
    sgn = 1 if side == 0 else -1
    for table, extra in ((pos.payoff, ""), (pos.turn_payoff, ", one more turn accepted")):
        for kind in ("game", "jann", "march"):
            for lone in (False, True):
                alone = " by one partner alone" if lone else ""
                if sgn * table.get((kind, side, lone), 0) == value:
                    return names[kind] + alone + extra, True
                if sgn * table.get((kind, 1 - side, lone), 0) == value:
                    return names[kind] + alone + extra, False
    return None


def describe(pos: Position, words: tuple[str, str], unit: str, side: int,
             value: int) -> str:
    """What a value means for one side, in words: 'a win with a Jann (+€1.00 each)'."""
    amount = format_amount(unit, value, sign=True)
    hit = outcome(pos, words, side, value)
    if hit is None:
        return ("a win" if value > 0 else "a loss") + f" ({amount} each)"
    name, win = hit
    if win:
        return f"a win with {name} ({amount} each)"
    return f"a loss: the opponents make {name} ({amount} each)"


class Solver:
    """Solves positions of deals, keeping one transposition table across solves (a
    review solves every position of a deal in turn)."""

    def __init__(self, tt: TranspositionTable | None = None,
                 options: Options | None = None) -> None:
        self.tt = tt if tt is not None else TranspositionTable()
        self.options = options or Options()
        self.nodes = 0

    def _search(self, pos: Position) -> Search:
        return Search(pos, self.tt, self.options)

    def values(self, deal: Deal) -> tuple[dict[Action, int], int, int]:
        """The value of each legal action for the side to move; the seat and side."""
        pos = position(deal)
        seat = pos.to_move
        side = pos.side[seat]
        sgn = 1 if side == 0 else -1
        out: dict[Action, int] = {}
        legal = deal.legal_actions()
        if pos.phase == "Jann":
            s = self._search(pos)
            w0, w1 = pos.won
            for a in legal:
                if a.kind == "stop":
                    out[a] = sgn * pos.payoff[("jann", side, pos.lone_crosses and pos.lone >= 0)]
                else:
                    out[a] = sgn * s.exact(
                        lambda al, be: s.play_on(seat, w0, w1, pos.lone, al, be),
                        pos.levels(march=side))
            self.nodes += s.nodes
            return out, seat, side
        if pos.phase == "answer":
            leader = pos.tseats[0]
            a_side = pos.side[leader]
            seen = pos.copy()
            seen.turns += 1
            seen.payoff = pos.turn_payoff
            seen.phase = "play"
            for a in legal:
                if a.kind == "run":
                    out[a] = sgn * pos.payoff[("run", a_side, False)]
                else:
                    out[a] = sgn * self._after_see(seen, pos.nxt[leader])
            return out, seat, side
        s = self._search(pos)
        local = pos.kit.local
        face_up: dict[int, int] = {}

        def card_value(c: int) -> int:
            if c not in face_up:
                face_up[c] = s.exact(lambda al, be: s.root(al, be, only=c), pos.levels())
            return face_up[c]

        for a in legal:
            if a.kind == "play":
                out[a] = sgn * card_value(local[a.card.index])  # type: ignore[union-attr]
        for a in legal:
            if a.kind == "down":
                v = sgn * card_value(local[a.card.index])  # type: ignore[union-attr]
                if v > 0:
                    out[a] = sgn * pos.payoff[("run", side, False)]
                else:
                    turn = sgn * (pos.turn_payoff[("game", side, False)]
                                  - pos.payoff[("game", side, False)])
                    out[a] = v - turn
            elif a.kind == "concede":
                out[a] = sgn * pos.payoff[("conceded", 1 - side, False)]
        self.nodes += s.nodes
        return {a: out[a] for a in legal}, seat, side

    def _after_see(self, seen: Position, nxt: int) -> int:
        """Value (side 0) once the face-down card is seen and ``nxt`` plays to it."""
        seen.to_move = nxt
        s = self._search(seen)
        value = s.exact(s.root, seen.levels())
        self.nodes += s.nodes
        return value

    def solve(self, deal: Any, *, line: bool = True) -> Solution:
        """Solve a deal in its play phase; see :func:`solve`."""
        pos = position(deal)
        words = (deal.proc.jann_word, deal.proc.march_word)
        values, seat, side = self.values(deal)
        value = max(values.values())
        moves: list[Action] = []
        if line:
            moves = self._line(deal, values)
        return Solution(
            value=value, values=values, line=moves, seat=seat, side=side,
            side_name=deal.side_name(side), unit=deal.stakes.unit,
            describe=lambda v: describe(pos, words, deal.stakes.unit, side, v),
            outcome=lambda v: outcome(pos, words, side, v),
            nodes=self.nodes,
        )

    def _line(self, deal: Deal, values: dict[Action, int]) -> list[Action]:
        """One line of best play to the end: at each step the first action that keeps
        the value, found by one null-window test per card tried (a card face up is
        never worse than face down, see the module notes)."""
        d = deal.copy()
        out: list[Action] = []
        want = max(values.values())
        side = d.side_of(d.to_move)
        ties = [a for a, v in values.items() if v == want]
        act = next((a for a in ties if a.kind in ("play", "stop", "see")), ties[0])
        while True:
            out.append(act)
            d.apply(act)
            if d.is_over:
                return out
            if d.side_of(d.to_move) != side:
                want, side = -want, 1 - side
            act = self._keeping(d, want)

    def _keeping(self, deal: Deal, want: int) -> Action:
        """An action of the side to move whose value is ``want`` (its best)."""
        pos = position(deal)
        if pos.phase == "play":
            s = self._search(pos)
            maxi = pos.side[pos.to_move] == 0
            v0 = want if maxi else -want
            for a in deal.legal_actions():
                if a.kind != "play":
                    continue
                c = pos.kit.local[a.card.index]  # type: ignore[union-attr]
                ok = (s.root(v0 - 1, v0, only=c) >= v0 if maxi
                      else s.root(v0, v0 + 1, only=c) <= v0)
                if ok:
                    self.nodes += s.nodes
                    return a
        values = self.values(deal)[0]
        ties = [a for a, v in values.items() if v == want]
        return next((a for a in ties if a.kind in ("play", "stop", "see")), ties[0])


def solve(deal_or_state: Any, *, tt: TranspositionTable | None = None,
          options: Options | None = None, line: bool = True) -> Solution:
    """Best play with all cards face up from a :class:`~knlib.Deal` in its play phase.

    Returns a :class:`Solution`: ``.value`` (what one member of the side to move
    receives under best play, in the game's unit), ``.values`` (the same for each of
    ``deal.legal_actions()``) and ``.line`` (one line of best play to the end). Every
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
