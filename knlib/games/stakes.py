"""What a deal is worth and who pays whom.

* :class:`Stakes`: what a deal of one game is worth, with its source: the basic game,
  each accepted turn (*drehen*), a Jann (vol) and a march (all nine), in the game's
  smallest unit (cents, Pfennig, rungs, strokes or points), and how the score is kept;
  each game's row is in its module (``knlib.games``, :attr:`Ruleset.stakes`).
* :func:`payments`: one number per seat, positive for what the seat receives, summing
  to zero. "Each member of the losing team pays one member of the winning team"
  (seed 000, 'Scoring'); in the five-player solo the dealer pays or is paid by each of
  the four (seed 000, 'Five-Player Knüffeln').

Where the sources leave a game's scoring open, the readings used are the game's own
(``SCORING_QUESTIONS`` and ``SCORING_OPTIONS`` of its rule set).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from ..compiled import by_fields
from ..i18n import amount_text, ntr
from ..kinds import ResultKind

__all__ = [
    "Stakes",
    "payments",
    "format_amount",
]

# The kinds with a stake of their own. (Final: the compiled module keeps them in C
# variables; reading an enum's member through its class costs more than a module's name.)
_JANN: Final = ResultKind.JANN
_MARCH: Final = ResultKind.MARCH
_FAILED_MARCH: Final = ResultKind.FAILED_MARCH


@dataclass(frozen=True)
class Stakes:
    """What a deal is worth in one game, in its smallest unit."""

    game: str
    #: 'cents', 'Pf', 'rungs', 'strokes' or 'points'.
    unit: str
    basic: int
    #: Each accepted turn (drehen); 0 where the game has none.
    turn: int
    #: A Jann (vol): the first five tricks straight, then stop. None where there is none.
    jann: int | None
    #: A march (all nine); a failed march pays the opponents this much.
    march: int | None
    source: str
    #: Stýrivolt: a vol / all nine made by one partner alone (a cross, a double cross).
    lone_jann: int | None = None
    lone_march: int | None = None
    #: "one_winner": each loser pays one winner (equal sides); "each_winner": each loser
    #: pays every winner. Unequal sides (the five-player solo) always pay each opponent.
    pays: str = "one_winner"
    #: How the score is kept deal after deal: "purse" (money won and lost), "points",
    #: "ladder" (Bernhard's slate of rungs) or "chalk-up" (Stýrivolt's bars and crosses).
    keeper: str = "purse"

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)  # (compiled, it cannot be unpickled field by field)

    def value(self, kind: str, turns: int = 0, lone: bool = False) -> int:
        """The stake of a finished deal of a :class:`~knlib.kinds.ResultKind` (or its text:
        'game', 'run', 'conceded', 'jann', 'march' or 'failed march'). Accepted turns are
        added to every kind (seed 000, 'Drehen und Sehen': "added to the payment for the
        Jann or march")."""
        if kind == _JANN:
            assert self.jann is not None
            base = self.lone_jann if lone and self.lone_jann is not None else self.jann
        elif kind == _MARCH:
            assert self.march is not None
            base = self.lone_march if lone and self.lone_march is not None else self.march
        elif kind == _FAILED_MARCH:
            assert self.march is not None
            base = self.march
        else:
            base = self.basic
        return base + turns * self.turn


def payments(n: int, sides: tuple[tuple[int, ...], ...], winner: int, value: int,
             pays: str = "one_winner") -> tuple[int, ...]:
    """One amount per seat, positive for what the seat receives, summing to zero.

    Equal sides with ``pays='one_winner'``: each loser pays one winner the value
    (seed 000, 'Scoring'). Otherwise every loser pays every winner the value: the
    five-player solo (seed 000, 'Five-Player Knüffeln': the dealer "is paid by each of
    the four opponents ... but pays each of them") and Karniffel's reading."""
    win, lose = sides[winner], sides[1 - winner]
    out = [0] * n
    if pays == "one_winner" and len(win) == len(lose):
        for s in win:
            out[s] = value
        for s in lose:
            out[s] = -value
    else:
        for s in win:
            out[s] = value * len(lose)
        for s in lose:
            out[s] = -value * len(win)
    return tuple(out)


def format_amount(unit: str, value: int, *, sign: bool = False) -> str:
    """'€1.20' ('1,20 €' in German), '25 Pf', '2 rungs', '1 stroke', '3 points' (with '+'
    when sign=True)."""
    if unit == "cents":
        return amount_text(value, sign=sign)
    pre = ("+" if value > 0 else "-" if value < 0 else "") if sign else ("-" if value < 0 else "")
    v = abs(value)
    if unit == "Pf":
        return f"{pre}{v} Pf"
    if unit in _UNIT_WORDS:
        return pre + _UNIT_WORDS[unit](v)
    word = unit[:-1] if v == 1 and unit.endswith("s") else unit
    return f"{pre}{v} {word}"


#: The counted units of the scores (a slate's rungs and strokes, points), in both forms.
_UNIT_WORDS: dict[str, Callable[[int], str]] = {
    "rungs": lambda n: ntr("{n} rung", "{n} rungs", n),
    "strokes": lambda n: ntr("{n} stroke", "{n} strokes", n),
    "points": lambda n: ntr("{n} point", "{n} points", n),
}
