"""What a deal is worth, who pays whom, and how a session keeps score.

* :data:`STAKES`: one :class:`Stakes` row per game, with its source: the basic game,
  each accepted turn (*drehen*), a Jann (vol) and a march (all nine), in the game's
  smallest unit (cents, Pfennig, rungs, strokes or points).
* :func:`payments`: one number per seat, positive for what the seat receives, summing
  to zero. "Each member of the losing team pays one member of the winning team"
  (seed 000, 'Scoring'); in the five-player solo the dealer pays or is paid by each of
  the four (seed 000, 'Five-Player Knüffeln').
* Score keepers: :class:`Purse` (Bohmstedt, Hattstedt, Grünberg), :class:`LadderSlate`
  (Bernhard 1924, with its Knüppel and Brille), :class:`ChalkUp` (Stýrivolt's bars and
  crosses) and :class:`Points` (Karniffel and the Karnöffel games).
* :class:`Session`: deal after deal, the dealer rotating clockwise, and the running score.
"""

from __future__ import annotations

import html
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import RulesError
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

if TYPE_CHECKING:
    from collections.abc import Callable

    from .deal import Action, Deal, Result

__all__ = [
    "Stakes",
    "STAKES",
    "stakes",
    "deal_value",
    "payments",
    "format_amount",
    "Purse",
    "Points",
    "LadderSlate",
    "ChalkUp",
    "Session",
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
        source=f"{S000_SCORING}: basic game 10 cents, each accepted drehen 10 cents, Jann 1 "
        f"euro, Durchmarsch 3 euros; each loser pays one winner; {S000_DREHEN}: turns are "
        f"added to a Jann or march; {S000_PLAY}: a failed march pays what it would have won",
    ),
    "knueffeln-hattstedt": Stakes(
        "knueffeln-hattstedt", "cents", basic=10, turn=0, jann=20, march=40,
        source=f"{S000_HATT}: a Jann twice the basic game, a march (Durchspielen) four times; "
        "no drehen; the basic stake is not given (10 cents assumed, as in Bohmstedt)",
    ),
    "knueffeln-1924": Stakes(
        "knueffeln-1924", "rungs", basic=1, turn=1, jann=2, march=3,
        source=f"{S001_SCORING}: single win one rung, Jann two, Durchmarsch three; "
        f"{S000_EARLY}: one extra rung for each accepted drehen",
    ),
    "knueffeln-1938": Stakes(
        "knueffeln-1938", "Pf", basic=5, turn=1, jann=10, march=20,
        source=f"{S000_EARLY}: Grünberg's scale: 5 Pf a basic game, 1 Pf for each accepted "
        "drehen, 10 Pf a Jann, 20 Pf a march",
    ),
    "styrivolt": Stakes(
        "styrivolt", "strokes", basic=1, turn=0, jann=2, march=3, lone_jann=3, lone_march=6,
        source=f"{STY_END}: game 1 stroke, vol 2, all nine 3; a vol by one partner alone a "
        "cross, all nine alone a double cross; a cross is three strokes [S: Parlett]",
    ),
    "karniffel": Stakes(
        "karniffel", "points", basic=1, turn=0, jann=None, march=None, pays="each_winner",
        source=f"{S002_SCORING}: the team with three tricks 'wins the stake' (size not given: "
        "each loser pays each winner 1 point)",
    ),
    "karnoeffel": Stakes(
        "karnoeffel", "points", basic=1, turn=0, jann=None, march=None,
        source=f"{S003_PLAY}: the team with the majority of tricks wins the round (no stake "
        "given: 1 point)",
    ),
    "karnoeffel-2024": Stakes(
        "karnoeffel-2024", "points", basic=1, turn=0, jann=None, march=None,
        source=f"{S004_HOW}: the first to win three tricks wins the game (no stake given: "
        "1 point)",
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
    """'€1.20', '25 Pf', '2 rungs', '1 stroke', '3 points' (with '+' when sign=True)."""
    pre = ("+" if value > 0 else "-" if value < 0 else "") if sign else ("-" if value < 0 else "")
    v = abs(value)
    if unit == "cents":
        return f"{pre}€{v // 100}.{v % 100:02d}"
    if unit == "Pf":
        return f"{pre}{v} Pf"
    word = unit[:-1] if v == 1 and unit.endswith("s") else unit
    return f"{pre}{v} {word}"


# -- open questions and options of the scoring ------------------------------------------------

#: Scoring options per game (passed to :class:`Session`), as :class:`~knlib.games.Option`.
SCORING_OPTIONS: dict[str, tuple[Option, ...]] = {
    "knueffeln-1924": (
        Option(
            name="brille",
            default="opponents_unscored",
            choices={
                "opponents_unscored": "a Brille when the winners erase their last rung while "
                "the losers have not yet erased any (seed 001, 'Scoring')",
                "all_at_once": "a Brille when the winners erase all four rungs in one deal, "
                "e.g. a Jann and two drehen (seed 000, 'Early 20th century versions')",
            },
            question="When do the losers of a ladder get a Brille (double loss) instead of a "
            "Knüppel? The sources differ.",
            source=f"{S001_SCORING}; {S000_EARLY}",
        ),
    ),
}

_KN_Q = (
    ("failed_march_turns", "A failed march pays the opponents 'what they would have won for the "
     "march': are accepted turns included?",
     "Yes: the march value plus every accepted turn, paid to the opponents.",
     f"{S000_PLAY}; {S000_DREHEN}"),
    ("run_value", "When the opponents run, what do they pay if the leaders had won every trick "
     "so far (on the way to a Jann)?",
     "Only the value so far: the basic game plus the turns already accepted.", S000_DREHEN),
    ("who_pays_whom", "Does each loser pay each winner, or one winner? 'Drehen und Sehen' says "
     "the cost is 'paid by each loser to each winner'; 'Scoring' says 'each member of the "
     "losing team pays one member of the winning team'.",
     "Each loser pays one winner ('Scoring'): every player of the losing side pays the "
     "deal's value once, and every winner receives it once.", f"{S000_SCORING}; {S000_DREHEN}"),
)

#: Deal-level scoring questions per game: (topic, question, default, source).
SCORING_QUESTIONS: dict[str, tuple[tuple[str, str, str, str], ...]] = {
    "knueffeln": _KN_Q + (
        ("five_player_payments", "In the five-player game, what does the dealer pay or receive "
         "when sitting out?", "Nothing: the four others settle as two partnerships.",
         S000_FIVE),
    ),
    "knueffeln-hattstedt": (
        ("basic_stake", "What is the basic stake in Hattstedt? Only the ratios are given.",
         "10 cents, as in Bohmstedt: Jann 20 cents, march 40 cents.", S000_HATT),
        _KN_Q[0],
    ),
    "knueffeln-1938": _KN_Q,
    "knueffeln-1924": (
        ("turn_value", "Seed 001 says a card led face down 'effectively doubles' the points; "
         "seed 000 says each accepted drehen erases one extra rung.",
         "One extra rung per accepted drehen, for whichever side wins.",
         f"{S000_EARLY}; {S001_RAISE}"),
        ("march", "Did Bernhard's game have a march, and what was it worth on the slate? Seed 001 "
         "gives three rungs under 'Scoring' but under 'Bonuses' says a march belongs to 'most "
         "later rules' and earns 'a punch on the spot', the ladder being redrawn.",
         "A march erases three rungs (plus turns); a failed march gives the opponents three.",
         f"{S001_SCORING}; {S001_BONUS}"),
        ("ladder_overflow", "When a side erases more rungs than it has left, do the extra rungs "
         "count on the next ladder?",
         "No: the slate is wiped clean and both sides start again with four rungs.",
         f"{S001_SCORING}; {S000_EARLY}"),
        ("run_value", _KN_Q[1][1], _KN_Q[1][2], f"{S001_RAISE}: running concedes a point"),
    ),
    "styrivolt": (
        ("lone_cross", "What does 'a vol made by one partner alone earns a cross' mean in "
         "strokes?",
         "A cross is three strokes, so a lone vol scores 3 strokes and a lone all-nine (double "
         "cross) 6, instead of 2 and 3. 'Alone' means one player won all the side's tricks.",
         f"{STY_END} [A]"),
        ("failed_all_nine", "A side that plays on after a vol and fails pays 'the deal plus a "
         "penalty' of unknown size.",
         "The opponents score what all nine would have won: 3 strokes.", f"{STY_END} [A]"),
        ("cross_or_rub_out", "When a side's bars are gone it draws a cross 'or rubs out one of "
         "the opponents' crosses': which?",
         "It rubs out one of the opponents' crosses if they have any, otherwise it draws its "
         "own; then both sides' bars are redrawn and extra strokes carry over.",
         f"{STY_END} [A]"),
        ("stock_taking", "A rule about taking the stock exists (an illegal taking costs a "
         "cross), but its conditions are unknown.",
         "Not modelled: the stock is never taken.", f"{STY_END} [S: Parlett; conditions "
         "unknown]"),
    ),
    "karniffel": (
        ("stake_size", "How much is 'the stake'?",
         "1 point from each loser to each winner: +2/-2 with four players, +3/-3 with six.",
         S002_SCORING),
    ),
    "karnoeffel": (
        ("stake_size", "What is a deal worth?", "1 point to each winner from one loser.",
         S003_PLAY),
    ),
    "karnoeffel-2024": (
        ("stake_size", "What is a deal worth?", "1 point to each winner from one loser.",
         S004_HOW),
    ),
}


# -- score keepers ------------------------------------------------------------------------------


def _row(cells: list[str], tag: str = "td") -> str:
    return "<tr>" + "".join(f"<{tag}>{html.escape(c)}</{tag}>" for c in cells) + "</tr>"


def _result_of(deal: Deal) -> Result:
    """The result of a deal that is over (:meth:`Session.record` checks that it is)."""
    res = deal.result
    if res is None:
        raise RulesError(f"this deal is not over ({deal.phase}): a score keeper records only "
                         f"a finished deal ({S000_SCORING})")
    return res


class Purse:
    """Money won and lost per seat (cents or Pfennig), as in seed 000, 'Scoring'."""

    kind = "purse"

    def __init__(self, unit: str, names: tuple[str, ...]) -> None:
        self.unit = unit
        self.names = names
        self.balances = [0] * len(names)

    def record(self, deal: Deal) -> list[str]:
        res = _result_of(deal)
        for s, p in enumerate(res.payments):
            self.balances[s] += p
        paid = [f"{self.names[s]} {format_amount(self.unit, p, sign=True)}"
                for s, p in enumerate(res.payments) if p]
        return [", ".join(paid) if paid else "No money changes hands."]

    def __str__(self) -> str:
        width = max(len(n) for n in self.names)
        lines = [f"Purse ({self.unit})"]
        lines += [f"  {n:<{width}}  {format_amount(self.unit, b, sign=True):>9}"
                  for n, b in zip(self.names, self.balances, strict=True)]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = [_row(["seat", f"balance ({self.unit})"], "th")]
        rows += [_row([n, format_amount(self.unit, b, sign=True)])
                 for n, b in zip(self.names, self.balances, strict=True)]
        return f"<table class='knlib-purse'>{''.join(rows)}</table>"


class Points(Purse):
    """Points per seat and deals won per side (Karniffel, Karnöffel, Karnoffel 2024)."""

    kind = "points"

    def __init__(self, unit: str, names: tuple[str, ...], side_names: tuple[str, ...]) -> None:
        super().__init__(unit, names)
        self.side_names = side_names
        self.deals_won = [0] * len(side_names)

    def record(self, deal: Deal) -> list[str]:
        self.deals_won[_result_of(deal).winner] += 1
        return super().record(deal)

    def __str__(self) -> str:
        won = ", ".join(f"{n} {w}" for n, w in zip(self.side_names, self.deals_won, strict=True))
        return super().__str__().replace(f"Purse ({self.unit})", "Points") + f"\n  deals won: {won}"

    def _repr_html_(self) -> str:
        won = "; ".join(f"{n}: {w}" for n, w in zip(self.side_names, self.deals_won, strict=True))
        return (super()._repr_html_().replace("knlib-purse", "knlib-points")
                + f"<p>Deals won: {html.escape(won)}</p>")


class LadderSlate:
    """Bernhard's ladder on the slate (seed 001, 'Scoring'; seed 000, 'Early 20th century
    versions'): four rungs per side; the winners of a deal erase rungs (one for a game, two
    for a Jann, three for a march, one more per accepted drehen). The first side to erase
    its last rung wins the ladder; the losers get a Knüppel, or a Brille (double loss) by
    the ``brille`` option; then the slate is wiped and redrawn."""

    kind = "ladder"
    RUNGS = 4

    def __init__(self, side_names: tuple[str, ...], brille: str = "opponents_unscored") -> None:
        if brille not in SCORING_OPTIONS["knueffeln-1924"][0].choices:
            raise RulesError(f"{brille!r} is not a choice for option 'brille': choose one of "
                             f"{sorted(SCORING_OPTIONS['knueffeln-1924'][0].choices)}")
        self.side_names = side_names
        self.brille_rule = brille
        self.rungs = [self.RUNGS, self.RUNGS]
        self.knueppel = [0, 0]
        self.brille = [0, 0]
        self.ladders_won = [0, 0]

    @property
    def losses(self) -> list[int]:
        """Losses per side: a Knüppel counts one, a Brille two."""
        return [k + 2 * b for k, b in zip(self.knueppel, self.brille, strict=True)]

    def erase(self, side: int, rungs: int) -> list[str]:
        """Side ``side`` erases ``rungs`` rungs; returns what happened, in words."""
        other = 1 - side
        before = self.rungs[side]
        self.rungs[side] = max(0, before - rungs)
        name, oname = self.side_names[side], self.side_names[other]
        out = [f"{name} erase {min(rungs, before)} rung{'s' if min(rungs, before) != 1 else ''}"
               f" ({self.rungs[side]} left)."]
        if self.rungs[side] == 0:
            if self.brille_rule == "opponents_unscored":
                double = self.rungs[other] == self.RUNGS
            else:
                double = before == self.RUNGS and rungs >= self.RUNGS
            self.ladders_won[side] += 1
            if double:
                self.brille[other] += 1
                out.append(f"{name} win the ladder; {oname} get a Brille (double loss).")
            else:
                self.knueppel[other] += 1
                out.append(f"{name} win the ladder; {oname} get a Knüppel.")
            self.rungs = [self.RUNGS, self.RUNGS]
        return out

    def record(self, deal: Deal) -> list[str]:
        res = _result_of(deal)
        return self.erase(res.winner, res.value)

    def __str__(self) -> str:
        w = max(len(n) for n in self.side_names)
        lines = ["Ladder slate", f"  {self.side_names[0]:>{w}} | {self.side_names[1]}"]
        for r in range(self.RUNGS, 0, -1):
            left = "====" if self.rungs[0] >= r else "    "
            right = "====" if self.rungs[1] >= r else "    "
            lines.append(f"  {left:>{w}} | {right}")
        marks = ["●" * k + " ●●" * b for k, b in zip(self.knueppel, self.brille, strict=True)]
        lines.append(f"  {marks[0].strip() or '-':>{w}} | {marks[1].strip() or '-'}"
                     "   (● Knüppel, ●● Brille)")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        head = _row(["", *self.side_names], "th")
        rows = [_row([f"rung {r}"] + ["▬▬▬" if self.rungs[s] >= r else "" for s in (0, 1)])
                for r in range(self.RUNGS, 0, -1)]
        rows.append(_row(["Knüppel ●"] + [str(k) for k in self.knueppel]))
        rows.append(_row(["Brille ●●"] + [str(b) for b in self.brille]))
        return f"<table class='knlib-ladder'>{head}{''.join(rows)}</table>"


class ChalkUp:
    """Stýrivolt's chalk-up (styrivolt.md, 'End of a deal and scoring' [S: Parlett]): three
    bars per side; each stroke won rubs out one of your bars; when they are gone you rub out
    one of the opponents' crosses, or else draw a cross on your side; then the chalk-up is
    redrawn and strokes beyond your bars carry over."""

    kind = "chalk-up"
    BARS = 3

    def __init__(self, side_names: tuple[str, ...]) -> None:
        self.side_names = side_names
        self.bars = [self.BARS, self.BARS]
        self.crosses = [0, 0]

    def score(self, side: int, strokes: int) -> list[str]:
        other = 1 - side
        name = self.side_names[side]
        out = [f"{name} score {strokes} stroke{'s' if strokes != 1 else ''}."]
        while strokes > 0:
            take = min(strokes, self.bars[side])
            self.bars[side] -= take
            strokes -= take
            if self.bars[side] == 0:
                if self.crosses[other]:
                    self.crosses[other] -= 1
                    out.append(f"{name}'s bars are gone: they rub out a cross of "
                               f"{self.side_names[other]}.")
                else:
                    self.crosses[side] += 1
                    out.append(f"{name}'s bars are gone: they draw a cross.")
                self.bars = [self.BARS, self.BARS]
        return out

    def record(self, deal: Deal) -> list[str]:
        res = _result_of(deal)
        return self.score(res.winner, res.value)

    def __str__(self) -> str:
        w = max(len(n) for n in self.side_names)
        lines = ["Chalk-up", f"  {self.side_names[0]:>{w}} | {self.side_names[1]}"]
        for b in range(self.BARS, 0, -1):
            left = "—" if self.bars[0] >= b else " "
            right = "—" if self.bars[1] >= b else " "
            lines.append(f"  {left:>{w}} | {right}")
        lines.append(f"  {'✕' * self.crosses[0] or '-':>{w}} | {'✕' * self.crosses[1] or '-'}"
                     "   (✕ cross)")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        head = _row(["", *self.side_names], "th")
        rows = [_row([f"bar {b}"] + ["—" if self.bars[s] >= b else "" for s in (0, 1)])
                for b in range(self.BARS, 0, -1)]
        rows.append(_row(["crosses ✕"] + [str(c) for c in self.crosses]))
        return f"<table class='knlib-chalkup'>{head}{''.join(rows)}</table>"


# -- the session --------------------------------------------------------------------------------


class Session:
    """Deal after deal with the dealer rotating clockwise, and the running score.

    >>> s = Session("knueffeln", seed=1)
    >>> d = s.new_deal()
    >>> d.dealer
    0

    ``score`` is the game's score keeper: a :class:`Purse` (Bohmstedt, Hattstedt,
    Grünberg), the :class:`LadderSlate` (Bernhard 1924), the :class:`ChalkUp`
    (Stýrivolt) or :class:`Points` (Karniffel, Karnöffel). ``totals`` adds up every
    deal's payments per seat in the game's unit, whatever the game.
    Scoring options (``brille`` for Bernhard) are keyword arguments; other keyword
    arguments are options of the rule set.
    """

    def __init__(self, game: str | Ruleset, *, seed: int | str | None = 0,
                 players: int | None = None, dealer: int = 0,
                 names: tuple[str, ...] | None = None, **options: str) -> None:
        from ..rules.dealing import check_dealer, check_names, check_seed
        from .deal import check_players

        gid = game.id if isinstance(game, Ruleset) else game
        known = {o.name: o for o in SCORING_OPTIONS.get(gid, ())} if isinstance(gid, str) else {}
        score_opts = {k: v for k, v in options.items() if k in known}
        rule_opts = {k: v for k, v in options.items() if k not in known}
        self.rules = ruleset(game, **rule_opts)
        self.players = check_players(self.rules, players)
        dealer = check_dealer(dealer, self.players)
        seed = check_seed(seed)
        for k, v in score_opts.items():
            if v not in known[k].choices:
                raise RulesError(f"{v!r} is not a choice for option {k!r} of {gid}: choose one of "
                                 f"{sorted(known[k].choices)}")
        self.options = {name: score_opts.get(name, o.default) for name, o in known.items()}
        self.seed = seed
        self.names = check_names(names, self.players)
        self.dealer = dealer
        self._rng = random.Random(seed)
        self._play_rng = random.Random(self._rng.getrandbits(64))
        self.stakes = STAKES[self.rules.id]
        self.results: list[Result] = []
        self.totals = [0] * self.players
        self.events: list[str] = []
        #: The recorded deals themselves (kept, so that one is never recorded twice).
        self.recorded: list[Deal] = []
        self.score: Purse | Points | LadderSlate | ChalkUp = self._make_score()

    def _side_names(self) -> tuple[str, ...]:
        from .deal import side_name

        if self.players == 5:
            return ()
        sides = ((0,), (1,)) if self.players == 2 else (
            tuple(range(0, self.players, 2)), tuple(range(1, self.players, 2)))
        return tuple(side_name(s, self.names, self.players) for s in sides)

    def _make_score(self) -> Purse | Points | LadderSlate | ChalkUp:
        gid = self.rules.id
        if gid == "knueffeln-1924":
            return LadderSlate(self._side_names(), brille=self.options["brille"])
        if gid == "styrivolt":
            return ChalkUp(self._side_names())
        if self.stakes.unit in ("cents", "Pf"):
            return Purse(self.stakes.unit, self.names)
        return Points(self.stakes.unit, self.names, self._side_names())

    @property
    def deals(self) -> int:
        """How many deals have been recorded."""
        return len(self.results)

    def new_deal(self) -> Deal:
        """The next deal, dealt by the current dealer from a seed drawn from the session's
        generator (so a session seed fixes every deal)."""
        from .deal import new_deal

        return new_deal(self.rules, seed=self._rng.getrandbits(63), players=self.players,
                        dealer=self.dealer)

    def record(self, deal: Deal) -> list[str]:
        """Score a finished deal of this session; the deal passes to the left (clockwise).

        Returns what happened on the score sheet, in words."""
        if deal.rules.key != self.rules.key or deal.players != self.players:
            raise RulesError(f"this deal is {deal.rules!r} with {deal.players} players; the "
                             f"session plays {self.rules!r} with {self.players}")
        if not deal.is_over:
            raise RulesError("a deal is scored only when it is over: "
                             f"{deal.to_move_text()} is still to act")
        if any(d is deal for d in self.recorded):
            raise RulesError("this deal has already been recorded")
        if deal.dealer != self.dealer:
            raise RulesError(f"it is {self.names[self.dealer]}'s deal (seat {self.dealer}), not "
                             f"seat {deal.dealer}'s: the deal passes clockwise")
        self.recorded.append(deal)
        res = _result_of(deal)
        for s, p in enumerate(res.payments):
            self.totals[s] += p
        self.results.append(res)
        lines = [f"Deal {len(self.results)} ({self.names[deal.dealer]} dealt): {res.reason}"]
        lines += self.score.record(deal)
        self.events += lines
        self.dealer = (deal.dealer + 1) % self.players
        return lines

    def play(self, deals: int = 1,
             choose: Callable[[Deal], Action | str] | None = None) -> list[Deal]:
        """Deal and play ``deals`` deals, asking ``choose(deal)`` for every action (by default
        a uniformly random legal action from the session's own generator); records each."""
        out = []
        for _ in range(deals):
            d = self.new_deal()
            while not d.is_over:
                d.apply(choose(d) if choose else self._play_rng.choice(d.legal_actions()))
            self.record(d)
            out.append(d)
        return out

    def __str__(self) -> str:
        head = (f"{self.rules.title}, {self.players} players: {self.deals} deal"
                f"{'s' if self.deals != 1 else ''} played; next dealer {self.names[self.dealer]}")
        return f"{head}\n{self.score}"

    def __repr__(self) -> str:
        return f"<Session {self.rules.id!r} seed={self.seed!r} deals={self.deals}>"

    def _repr_html_(self) -> str:
        head = html.escape(str(self).splitlines()[0])
        return f"<div class='knlib-session'><p>{head}</p>{self.score._repr_html_()}</div>"

    def to_dict(self) -> dict[str, Any]:
        """Totals and score state as plain data."""
        return {"game": self.rules.id, "players": self.players, "deals": self.deals,
                "dealer": self.dealer, "totals": list(self.totals)}
