"""What a deal is worth and who pays whom: the stakes tables of every game.

* :data:`STAKES`: one :class:`Stakes` row per game, with its source: the basic game,
  each accepted turn (*drehen*), a Jann (vol) and a march (all nine), in the game's
  smallest unit (cents, Pfennig, rungs, strokes or points).
* :func:`payments`: one number per seat, positive for what the seat receives, summing
  to zero. "Each member of the losing team pays one member of the winning team"
  (seed 000, 'Scoring'); in the five-player solo the dealer pays or is paid by each of
  the four (seed 000, 'Five-Player Knüffeln').
* :data:`SCORING_OPTIONS` and :data:`SCORING_QUESTIONS`: where the sources leave the
  scoring open, the readings used.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..compiled import by_fields
from ..i18n import amount_text, marked, ntr
from ..rules.games import Option, Ruleset, ruleset
from ..sources import (
    S000_DREHEN,
    S000_EARLY,
    S000_FIVE,
    S000_PLAY,
    S000_SCORING,
    S001_BONUS,
    S001_RAISE,
    S001_SCORING,
    S002_SCORING,
    S003_PLAY,
    S004_HOW,
    STY_END,
)
from ..sources import (
    S000_HATTSTEDT as S000_HATT,
)

__all__ = [
    "Stakes",
    "STAKES",
    "stakes",
    "deal_value",
    "payments",
    "format_amount",
    "SCORING_OPTIONS",
    "SCORING_QUESTIONS",
]


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

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)  # (compiled, it cannot be unpickled field by field)

    def value(self, kind: str, turns: int = 0, lone: bool = False) -> int:
        """The stake of a finished deal: kind is 'game', 'run', 'conceded', 'jann',
        'march' or 'failed march'. Accepted turns are added to every kind
        (seed 000, 'Drehen und Sehen': "added to the payment for the Jann or march")."""
        if kind == "jann":
            assert self.jann is not None
            base = self.lone_jann if lone and self.lone_jann is not None else self.jann
        elif kind == "march":
            assert self.march is not None
            base = self.lone_march if lone and self.lone_march is not None else self.march
        elif kind == "failed march":
            assert self.march is not None
            base = self.march
        else:
            base = self.basic
        return base + turns * self.turn


STAKES: dict[str, Stakes] = {
    "knueffeln": Stakes(
        "knueffeln", "cents", basic=10, turn=10, jann=100, march=300,
        source=f"{S000_SCORING}: " + marked(
            "basic game 10 cents, each accepted drehen 10 cents, Jann 1 euro, Durchmarsch 3 "
            "euros; each loser pays one winner") + f"; {S000_DREHEN}: " + marked(
            "turns are added to a Jann or march") + f"; {S000_PLAY}: " + marked(
            "a failed march pays what it would have won"),
    ),
    "knueffeln-hattstedt": Stakes(
        "knueffeln-hattstedt", "cents", basic=10, turn=0, jann=20, march=40,
        source=f"{S000_HATT}: " + marked(
            "a Jann twice the basic game, a march (Durchspielen) four times; no drehen; the basic "
            "stake is not given (10 cents assumed, as in Bohmstedt)"),
    ),
    "knueffeln-1924": Stakes(
        "knueffeln-1924", "rungs", basic=1, turn=1, jann=2, march=3,
        source=f"{S001_SCORING}: " + marked("single win one rung, Jann two, Durchmarsch three")
        + f"; {S000_EARLY}: " + marked("one extra rung for each accepted drehen"),
    ),
    "knueffeln-1938": Stakes(
        "knueffeln-1938", "Pf", basic=5, turn=1, jann=10, march=20,
        source=f"{S000_EARLY}: " + marked(
            "Grünberg's scale: 5 Pf a basic game, 1 Pf for each accepted drehen, 10 Pf a Jann, 20 "
            "Pf a march"),
    ),
    "styrivolt": Stakes(
        "styrivolt", "strokes", basic=1, turn=0, jann=2, march=3, lone_jann=3, lone_march=6,
        source=f"{STY_END}: " + marked(
            "game 1 stroke, vol 2, all nine 3; a vol by one partner alone a cross, all nine alone "
            "a double cross; a cross is three strokes [S: Parlett]"),
    ),
    "karniffel": Stakes(
        "karniffel", "points", basic=1, turn=0, jann=None, march=None, pays="each_winner",
        source=f"{S002_SCORING}: " + marked(
            "the team with three tricks 'wins the stake' (size not given: each loser pays each "
            "winner 1 point)"),
    ),
    "karnoeffel": Stakes(
        "karnoeffel", "points", basic=1, turn=0, jann=None, march=None,
        source=f"{S003_PLAY}: " + marked(
            "the team with the majority of tricks wins the round (no stake given: 1 point)"),
    ),
    "karnoeffel-2024": Stakes(
        "karnoeffel-2024", "points", basic=1, turn=0, jann=None, march=None,
        source=f"{S004_HOW}: " + marked(
            "the first to win three tricks wins the game (no stake given: 1 point)"),
    ),
}


def stakes(game: str | Ruleset) -> Stakes:
    """The stakes row of a game."""
    return STAKES[ruleset(game).id]


def deal_value(game: str | Ruleset, kind: str, turns: int = 0, lone: bool = False) -> int:
    """The stake of a finished deal; see :meth:`Stakes.value`."""
    return stakes(game).value(kind, turns, lone)


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


# -- open questions and options of the scoring ------------------------------------------------

#: Scoring options per game (passed to :class:`Session`), as :class:`~knlib.rules.games.Option`.
SCORING_OPTIONS: dict[str, tuple[Option, ...]] = {
    "knueffeln-1924": (
        Option(
            name="brille",
            default="opponents_unscored",
            choices={
                "opponents_unscored": marked("a Brille when the winners erase their last rung "
                                             "while the losers have not yet erased any (seed "
                                             "001, 'Scoring')"),
                "all_at_once": marked("a Brille when the winners erase all four rungs in one "
                                      "deal, e.g. a Jann and two drehen (seed 000, 'Early 20th "
                                      "century versions')"),
            },
            question=marked("When do the losers of a ladder get a Brille (double loss) instead "
                            "of a Knüppel? The sources differ."),
            source=f"{S001_SCORING}; {S000_EARLY}",
        ),
    ),
}

_KN_Q = (
    ("failed_march_turns",
     marked("A failed march pays the opponents 'what they would have won for the march': are "
            "the face-down leads seen included?"),
     marked("Yes: the march value plus every face-down lead seen, paid to the opponents."),
     f"{S000_PLAY}; {S000_DREHEN}"),
    ("run_value",
     marked("When the opponents run, what do they pay if the leaders had won every trick so "
            "far (on the way to a Jann)?"),
     marked("Only the value so far: the basic game plus the turns already accepted."),
     S000_DREHEN),
    ("who_pays_whom",
     marked("Does each loser pay each winner, or one winner? 'Drehen und Sehen' says the cost "
            "is 'paid by each loser to each winner'; 'Scoring' says 'each member of the losing "
            "team pays one member of the winning team'."),
     marked("Each loser pays one winner ('Scoring'): every player of the losing side pays the "
            "deal's value once, and every winner receives it once."),
     f"{S000_SCORING}; {S000_DREHEN}"),
)

#: Deal-level scoring questions per game: (topic, question, default, source).
SCORING_QUESTIONS: dict[str, tuple[tuple[str, str, str, str], ...]] = {
    "knueffeln": _KN_Q + (
        ("five_player_payments",
         marked("In the five-player game, what does the dealer pay or receive when sitting "
                "out?"), marked("Nothing: the four others settle as two partnerships."),
         S000_FIVE),
    ),
    "knueffeln-hattstedt": (
        ("basic_stake", marked("What is the basic stake in Hattstedt? Only the ratios are given."),
         marked("10 cents, as in Bohmstedt: Jann 20 cents, march 40 cents."), S000_HATT),
        _KN_Q[0],
    ),
    "knueffeln-1938": _KN_Q,
    "knueffeln-1924": (
        ("turn_value", marked("Seed 001 says a card led face down 'effectively doubles' the "
                              "points; seed 000 says each accepted drehen erases one extra "
                              "rung."),
         marked("One extra rung per accepted drehen, for whichever side wins."),
         f"{S000_EARLY}; {S001_RAISE}"),
        ("march", marked("Did Bernhard's game have a march, and what was it worth on the slate? "
                         "Seed 001 gives three rungs under 'Scoring' but under 'Bonuses' says a "
                         "march belongs to 'most later rules' and earns 'a punch on the spot', "
                         "the ladder being redrawn."),
         marked("A march erases three rungs (plus turns); a failed march gives the opponents "
                "three."),
         f"{S001_SCORING}; {S001_BONUS}"),
        ("ladder_overflow", marked("When a side erases more rungs than it has left, do the extra "
                                   "rungs "
         "count on the next ladder?"),
         marked("No: the slate is wiped clean and both sides start again with four rungs."),
         f"{S001_SCORING}; {S000_EARLY}"),
        ("run_value", _KN_Q[1][1], _KN_Q[1][2], f"{S001_RAISE}: " + marked(
            "running concedes a point")),
    ),
    "styrivolt": (
        ("lone_cross", marked("What does 'a vol made by one partner alone earns a cross' mean in "
         "strokes?"),
         marked("A cross is three strokes, so a lone vol scores 3 strokes and a lone all-nine "
                "(double "
         "cross) 6, instead of 2 and 3. 'Alone' means one player won all the side's tricks."),
         f"{STY_END} [A]"),
        ("failed_all_nine", marked("A side that plays on after a vol and fails pays 'the deal "
                                   "plus a "
         "penalty' of unknown size."),
         marked("The opponents score what all nine would have won: 3 strokes."), f"{STY_END} [A]"),
        ("cross_or_rub_out", marked("When a side's bars are gone it draws a cross 'or rubs out "
                                    "one of "
         "the opponents' crosses': which?"),
         marked("It rubs out one of the opponents' crosses if they have any, otherwise it draws "
                "its "
         "own; then both sides' bars are redrawn and extra strokes carry over."),
         f"{STY_END} [A]"),
        ("stock_taking", marked("A rule about taking the stock exists (an illegal taking costs a "
         "cross), but its conditions are unknown."),
         marked("Not modelled: the stock is never taken."), f"{STY_END} [S: Parlett; conditions "
         "unknown]"),
    ),
    "karniffel": (
        ("stake_size", marked("How much is 'the stake'?"),
         marked("1 point from each loser to each winner: +2/-2 with four players, +3/-3 with six."),
         S002_SCORING),
    ),
    "karnoeffel": (
        ("stake_size", marked("What is a deal worth?"), marked("1 point to each winner from one "
                                                               "loser."),
         S003_PLAY),
    ),
    "karnoeffel-2024": (
        ("stake_size", marked("What is a deal worth?"), marked("1 point to each winner from one "
                                                               "loser."),
         S004_HOW),
    ),
}


# -- score keepers ------------------------------------------------------------------------------
