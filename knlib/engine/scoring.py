"""How a session keeps score, deal after deal.

* Score keepers: :class:`Purse` (Bohmstedt, Hattstedt, Grünberg), :class:`LadderSlate`
  (Bernhard 1924, with its Knüppel and Brille), :class:`ChalkUp` (Stýrivolt's bars and
  crosses) and :class:`Points` (Karniffel and the Karnöffel games).
* :class:`Session`: deal after deal, the dealer rotating clockwise, and the running score.

What each deal is worth is the game's own (:attr:`knlib.games.Ruleset.stakes`, in the
game's module); who pays whom is :mod:`knlib.games.stakes` (its names are also importable
from here). The stakes say which score keeper a game uses (``Stakes.keeper``).
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

from ..counts import shown
from ..errors import RulesError
from ..games import RULESETS, Ruleset, deal_value, ruleset, stakes
from ..games.knueffeln import BRILLE
from ..games.stakes import (
    Stakes,
    format_amount,
    payments,
)
from ..i18n import ntr, tr
from ..rules.dealing import seat_word
from ..rules.shuffle import seeded
from ..sources import (
    S000_SCORING,
)

if TYPE_CHECKING:
    from .deal import Action, Deal, Result

__all__ = [
    "Stakes",
    "stakes",
    "deal_value",
    "payments",
    "format_amount",
    "Purse",
    "Points",
    "LadderSlate",
    "ChalkUp",
    "Session",
    "ScoreMark",
    "DealScored",
    "Paid",
    "RungsErased",
    "LadderWon",
    "StrokesScored",
    "BarsGone",
    "mark_text",
]


# -- what happens on the score sheet, as values -------------------------------------------------


@dataclass(frozen=True)
class DealScored:
    """A deal recorded: its number in the session, its dealer's seat and its result."""

    number: int
    dealer: int
    result: Result


@dataclass(frozen=True)
class Paid:
    """What each seat won (+) or paid (−) for a deal, in the game's unit."""

    payments: tuple[int, ...]


@dataclass(frozen=True)
class RungsErased:
    """A side erased ``rungs`` rungs of its ladder, and has ``left`` left."""

    side: int
    rungs: int
    left: int


@dataclass(frozen=True)
class LadderWon:
    """A side erased its last rung: the other side gets a Knüppel, or a Brille."""

    side: int
    brille: bool


@dataclass(frozen=True)
class StrokesScored:
    """A side scored ``strokes`` strokes on the chalk-up."""

    side: int
    strokes: int


@dataclass(frozen=True)
class BarsGone:
    """A side's bars are gone: it rubbed out one of the other side's crosses, or drew one."""

    side: int
    rubbed_out: bool


#: One thing that happened on a score sheet (:meth:`Session.record`, a keeper's ``record``).
ScoreMark: TypeAlias = DealScored | Paid | RungsErased | LadderWon | StrokesScored | BarsGone

#: A keeper's side names: as given, or a function giving them in the current language.
SideNames: TypeAlias = tuple[str, ...] | Callable[[], tuple[str, ...]]


def mark_text(mark: ScoreMark, names: tuple[str, ...], side_names: tuple[str, ...],
              unit: str) -> str:
    """One score-sheet mark in words, in the current language, given the seats' names, the
    sides' names and the game's unit: 'Deal 1 (South dealt): …', 'South +€0.30, …',
    'North-South erase 2 rungs (2 left).'."""
    if isinstance(mark, DealScored):
        return tr("Deal {number} ({name} dealt): {reason}", number=mark.number,
                  name=seat_word(names[mark.dealer]), reason=mark.result.reason)
    if isinstance(mark, Paid):
        paid = [f"{seat_word(names[s])} {format_amount(unit, p, sign=True)}"
                for s, p in enumerate(mark.payments) if p]
        return ", ".join(paid) if paid else tr("No money changes hands.")
    if isinstance(mark, RungsErased):
        return ntr("{name} erase {n} rung ({left} left).", "{name} erase {n} rungs ({left} left).",
                   mark.rungs, name=side_names[mark.side], left=mark.left)
    if isinstance(mark, LadderWon):
        name, other = side_names[mark.side], side_names[1 - mark.side]
        if mark.brille:
            return tr("{name} win the ladder; {other} get a Brille (double loss).", name=name,
                      other=other)
        return tr("{name} win the ladder; {other} get a Knüppel.", name=name, other=other)
    if isinstance(mark, StrokesScored):
        return ntr("{name} score {n} stroke.", "{name} score {n} strokes.", mark.strokes,
                   name=side_names[mark.side])
    name = side_names[mark.side]
    if mark.rubbed_out:
        return tr("{name}'s bars are gone: they rub out a cross of {other}.", name=name,
                  other=side_names[1 - mark.side])
    return tr("{name}'s bars are gone: they draw a cross.", name=name)

def _row(cells: list[str], tag: str = "td") -> str:
    return "<tr>" + "".join(f"<{tag}>{html.escape(c)}</{tag}>" for c in cells) + "</tr>"


def _result_of(deal: Deal) -> Result:
    """The result of a deal that is over (:meth:`Session.record` checks that it is)."""
    res = deal.result
    if res is None:
        raise RulesError(tr("this deal is not over ({phase}): a score keeper records only a "
                            "finished deal", phase=deal.phase), source=S000_SCORING)
    return res


def _named(sides: SideNames) -> tuple[str, ...]:
    return sides() if callable(sides) else sides


class Purse:
    """Money won and lost per seat (cents or Pfennig), as in seed 000, 'Scoring'."""

    kind = "purse"

    def __init__(self, unit: str, names: tuple[str, ...]) -> None:
        self.unit = unit
        self.names = names
        self.balances = [0] * len(names)

    def record(self, deal: Deal) -> list[ScoreMark]:
        """Score a finished deal; returns what happened on the sheet (:meth:`text` words it)."""
        res = _result_of(deal)
        for s, p in enumerate(res.payments):
            self.balances[s] += p
        return [Paid(tuple(res.payments))]

    def text(self, mark: ScoreMark) -> str:
        """A mark of this sheet in words, in the current language."""
        return mark_text(mark, self.names, (), self.unit)

    def __str__(self) -> str:
        width = max(len(n) for n in self.names)
        names = [seat_word(n) for n in self.names]
        width = max(len(n) for n in names)
        lines = [self._head()]
        lines += [f"  {n:<{width}}  {format_amount(self.unit, b, sign=True):>9}"
                  for n, b in zip(names, self.balances, strict=True)]
        return "\n".join(lines)

    def _head(self) -> str:
        return tr("Purse ({unit})", unit=tr(self.unit))

    def standing(self) -> str:
        """Each seat's balance in words: 'South +€0.30, West -€0.30, ...'."""
        return ", ".join(f"{seat_word(n)} {format_amount(self.unit, b, sign=True)}"
                         for n, b in zip(self.names, self.balances, strict=True))

    def _repr_html_(self) -> str:
        rows = [_row([tr("seat"), tr("balance ({unit})", unit=tr(self.unit))], "th")]
        rows += [_row([seat_word(n), format_amount(self.unit, b, sign=True)])
                 for n, b in zip(self.names, self.balances, strict=True)]
        return f"<table class='knlib-purse'>{''.join(rows)}</table>"


class Points(Purse):
    """Points per seat and deals won per side (Karniffel, Karnöffel, Karnoffel 2024)."""

    kind = "points"

    def __init__(self, unit: str, names: tuple[str, ...], side_names: SideNames) -> None:
        super().__init__(unit, names)
        self._sides = side_names
        self.deals_won = [0] * len(self.side_names)

    @property
    def side_names(self) -> tuple[str, ...]:
        """The sides' names, in the current language when a session gave them."""
        return _named(self._sides)

    def record(self, deal: Deal) -> list[ScoreMark]:
        self.deals_won[_result_of(deal).winner] += 1
        return super().record(deal)

    def text(self, mark: ScoreMark) -> str:
        return mark_text(mark, self.names, self.side_names, self.unit)

    def _head(self) -> str:
        return tr("Points")

    def __str__(self) -> str:
        won = ", ".join(f"{n} {w}" for n, w in zip(self.side_names, self.deals_won, strict=True))
        return super().__str__() + "\n  " + tr("deals won: {won}", won=won)

    def _repr_html_(self) -> str:
        won = "; ".join(f"{n}: {w}" for n, w in zip(self.side_names, self.deals_won, strict=True))
        return (super()._repr_html_().replace("knlib-purse", "knlib-points")
                + "<p>" + html.escape(tr("Deals won: {won}", won=won)) + "</p>")


class LadderSlate:
    """Bernhard's ladder on the slate (seed 001, 'Scoring'; seed 000, 'Early 20th century
    versions'): four rungs per side; the winners of a deal erase rungs (one for a game, two
    for a Jann, three for a march, one more per accepted drehen). The first side to erase
    its last rung wins the ladder; the losers get a Knüppel, or a Brille (double loss) by
    the ``brille`` option; then the slate is wiped and redrawn."""

    kind = "ladder"
    RUNGS = 4

    def __init__(self, side_names: SideNames, brille: str = "opponents_unscored") -> None:
        if brille not in BRILLE.choices:
            raise RulesError(tr("{value} is not a choice for option 'brille': choose one of "
                                "{choices}", value=repr(brille),
                                choices=sorted(BRILLE.choices)))
        self._sides = side_names
        self.brille_rule = brille
        self.rungs = [self.RUNGS, self.RUNGS]
        self.knueppel = [0, 0]
        self.brille = [0, 0]
        self.ladders_won = [0, 0]

    @property
    def losses(self) -> list[int]:
        """Losses per side: a Knüppel counts one, a Brille two."""
        return [k + 2 * b for k, b in zip(self.knueppel, self.brille, strict=True)]

    @property
    def side_names(self) -> tuple[str, ...]:
        """The sides' names, in the current language when a session gave them."""
        return _named(self._sides)

    def erase(self, side: int, rungs: int) -> list[ScoreMark]:
        """Side ``side`` erases ``rungs`` rungs; returns what happened (:meth:`text`)."""
        other = 1 - side
        before = self.rungs[side]
        self.rungs[side] = max(0, before - rungs)
        out: list[ScoreMark] = [RungsErased(side, min(rungs, before), self.rungs[side])]
        if self.rungs[side] == 0:
            if self.brille_rule == "opponents_unscored":
                double = self.rungs[other] == self.RUNGS
            else:
                double = before == self.RUNGS and rungs >= self.RUNGS
            self.ladders_won[side] += 1
            if double:
                self.brille[other] += 1
            else:
                self.knueppel[other] += 1
            out.append(LadderWon(side, double))
            self.rungs = [self.RUNGS, self.RUNGS]
        return out

    def record(self, deal: Deal) -> list[ScoreMark]:
        res = _result_of(deal)
        return self.erase(res.winner, res.value)

    def text(self, mark: ScoreMark) -> str:
        """A mark of this slate in words, in the current language."""
        return mark_text(mark, (), self.side_names, "rungs")

    def __str__(self) -> str:
        sides = self.side_names
        w = max(len(n) for n in sides)
        lines = [tr("Ladder slate"), f"  {sides[0]:>{w}} | {sides[1]}"]
        for r in range(self.RUNGS, 0, -1):
            left = "====" if self.rungs[0] >= r else "    "
            right = "====" if self.rungs[1] >= r else "    "
            lines.append(f"  {left:>{w}} | {right}")
        marks = ["●" * k + " ●●" * b for k, b in zip(self.knueppel, self.brille, strict=True)]
        lines.append(f"  {marks[0].strip() or '-':>{w}} | {marks[1].strip() or '-'}   "
                     + tr("(● Knüppel, ●● Brille)"))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        head = _row(["", *self.side_names], "th")
        rows = [_row([tr("rung {number}", number=r)]
                     + ["▬▬▬" if self.rungs[s] >= r else "" for s in (0, 1)])
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

    def __init__(self, side_names: SideNames) -> None:
        self._sides = side_names
        self.bars = [self.BARS, self.BARS]
        self.crosses = [0, 0]

    @property
    def side_names(self) -> tuple[str, ...]:
        """The sides' names, in the current language when a session gave them."""
        return _named(self._sides)

    def score(self, side: int, strokes: int) -> list[ScoreMark]:
        """Side ``side`` scores ``strokes`` strokes; returns what happened (:meth:`text`)."""
        other = 1 - side
        out: list[ScoreMark] = [StrokesScored(side, strokes)]
        while strokes > 0:
            take = min(strokes, self.bars[side])
            self.bars[side] -= take
            strokes -= take
            if self.bars[side] == 0:
                rubbed_out = self.crosses[other] > 0
                if rubbed_out:
                    self.crosses[other] -= 1
                else:
                    self.crosses[side] += 1
                out.append(BarsGone(side, rubbed_out))
                self.bars = [self.BARS, self.BARS]
        return out

    def record(self, deal: Deal) -> list[ScoreMark]:
        res = _result_of(deal)
        return self.score(res.winner, res.value)

    def text(self, mark: ScoreMark) -> str:
        """A mark of this chalk-up in words, in the current language."""
        return mark_text(mark, (), self.side_names, "strokes")

    def __str__(self) -> str:
        sides = self.side_names
        w = max(len(n) for n in sides)
        lines = [tr("Chalk-up"), f"  {sides[0]:>{w}} | {sides[1]}"]
        for b in range(self.BARS, 0, -1):
            left = "—" if self.bars[0] >= b else " "
            right = "—" if self.bars[1] >= b else " "
            lines.append(f"  {left:>{w}} | {right}")
        lines.append(f"  {'✕' * self.crosses[0] or '-':>{w}} | {'✕' * self.crosses[1] or '-'}   "
                     + tr("(✕ cross)"))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        head = _row(["", *self.side_names], "th")
        rows = [_row([tr("bar {number}", number=b)]
                     + ["—" if self.bars[s] >= b else "" for s in (0, 1)])
                for b in range(self.BARS, 0, -1)]
        rows.append(_row([tr("crosses ✕")] + [str(c) for c in self.crosses]))
        return f"<table class='knlib-chalkup'>{head}{''.join(rows)}</table>"


# -- the session --------------------------------------------------------------------------------


#: The most deals :meth:`Session.play` plays in one call.
MOST_DEALS = 1_000_000


class Session:
    """Deal after deal with the dealer rotating clockwise, and the running score.

    >>> from knlib.games import KNUEFFELN
    >>> s = Session(KNUEFFELN, seed=1)
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
        game_class = RULESETS.get(gid) if isinstance(gid, str) else None
        known = {o.name: o for o in game_class.SCORING_OPTIONS} if game_class else {}
        score_opts = {k: v for k, v in options.items() if k in known}
        rule_opts = {k: v for k, v in options.items() if k not in known}
        self.rules = ruleset(game, **rule_opts)
        self.players = check_players(self.rules, players)
        dealer = check_dealer(dealer, self.players)
        seed = check_seed(seed)
        for k, v in score_opts.items():
            if v not in known[k].choices:
                raise RulesError(tr("{value} is not a choice for option {option} of {game}: "
                                    "choose one of {choices}", value=repr(v), option=repr(k),
                                    game=gid, choices=sorted(known[k].choices)))
        self.options = {name: score_opts.get(name, o.default) for name, o in known.items()}
        self.seed = seed
        self.names = check_names(names, self.players)
        self.dealer = dealer
        # The deal numbers' generator: a negative seed gives its own deals, as in new_deal.
        self._rng = seeded(seed)
        self._play_rng = random.Random(self._rng.getrandbits(64))
        self.stakes = self.rules.stakes
        # The session's records, handed out as tuples (results, totals, events, recorded).
        self._results: list[Result] = []
        self._totals = [0] * self.players
        self._marks: list[ScoreMark] = []
        self._recorded: list[Deal] = []
        self.score: Purse | Points | LadderSlate | ChalkUp = self._make_score()

    def _side_names(self) -> tuple[str, ...]:
        from .deal import side_name

        if self.rules.procedure.dealer_sits_out(self.players):
            return ()  # no fixed sides: each deal's dealer chooses
        sides = ((0,), (1,)) if self.players == 2 else (
            tuple(range(0, self.players, 2)), tuple(range(1, self.players, 2)))
        return tuple(side_name(s, self.names, self.players) for s in sides)

    def _make_score(self) -> Purse | Points | LadderSlate | ChalkUp:
        keeper = self.stakes.keeper
        if keeper == "ladder":
            return LadderSlate(self._side_names, brille=self.options["brille"])
        if keeper == "chalk-up":
            return ChalkUp(self._side_names)
        if keeper == "purse":
            return Purse(self.stakes.unit, self.names)
        return Points(self.stakes.unit, self.names, self._side_names)

    @property
    def deals(self) -> int:
        """How many deals have been recorded."""
        return len(self._results)

    @property
    def results(self) -> tuple[Result, ...]:
        """The result of each deal recorded, in order."""
        return tuple(self._results)

    @property
    def totals(self) -> tuple[int, ...]:
        """Every recorded deal's payments added up, seat by seat, in the game's unit."""
        return tuple(self._totals)

    @property
    def events(self) -> tuple[str, ...]:
        """What happened on the score sheet, deal by deal, in words (in the current
        language: :attr:`marks` in :meth:`text`)."""
        return tuple(self.text(m) for m in self._marks)

    @property
    def marks(self) -> tuple[ScoreMark, ...]:
        """What happened on the score sheet, deal by deal, as values."""
        return tuple(self._marks)

    def text(self, mark: ScoreMark) -> str:
        """A mark of this session's score sheet in words, in the current language."""
        return mark_text(mark, self.names, self._side_names(), self.stakes.unit)

    @property
    def recorded(self) -> tuple[Deal, ...]:
        """The recorded deals themselves (kept, so that one is never recorded twice)."""
        return tuple(self._recorded)

    def new_deal(self) -> Deal:
        """The next deal, dealt by the current dealer from a seed drawn from the session's
        generator (so a session seed fixes every deal)."""
        from .deal import new_deal

        return new_deal(self.rules, seed=self._rng.getrandbits(63), players=self.players,
                        dealer=self.dealer)

    def record(self, deal: Deal) -> list[str]:
        """Score a finished deal of this session; the deal passes to the left (clockwise).

        Returns what happened on the score sheet, in words (the values: :meth:`score_marks`)."""
        return [self.text(m) for m in self.score_marks(deal)]

    def score_marks(self, deal: Deal) -> list[ScoreMark]:
        """Score a finished deal of this session, as :meth:`record` does; returns what
        happened on the score sheet as values (:meth:`text` words each)."""
        from .deal import Deal

        if not isinstance(deal, Deal):
            raise RulesError(tr("{value} is not a deal: a session records a finished "
                                "knlib.Deal of its game", value=shown(deal)))
        if deal.rules.key != self.rules.key or deal.players != self.players:
            raise RulesError(tr("this deal is {rules} with {players} players; the session "
                                "plays {session} with {session_players}", rules=repr(deal.rules),
                                players=deal.players, session=repr(self.rules),
                                session_players=self.players))
        if not deal.is_over:
            raise RulesError(tr("a deal is scored only when it is over: {who} is still to act",
                                who=deal.to_move_text()))
        if any(d is deal for d in self._recorded):
            raise RulesError(tr("this deal has already been recorded"))
        if deal.dealer != self.dealer:
            raise RulesError(tr("it is {name}'s deal (seat {seat}), not seat {other}'s: the deal "
                                "passes clockwise", name=seat_word(self.names[self.dealer]),
                                seat=self.dealer, other=deal.dealer))
        self._recorded.append(deal)
        res = _result_of(deal)
        for s, p in enumerate(res.payments):
            self._totals[s] += p
        self._results.append(res)
        marks = [DealScored(len(self._results), deal.dealer, res), *self.score.record(deal)]
        self._marks += marks
        self.dealer = (deal.dealer + 1) % self.players
        return marks

    def play(self, deals: int = 1,
             choose: Callable[[Deal], Action | str] | None = None) -> list[Deal]:
        """Deal and play ``deals`` deals, asking ``choose(deal)`` for every action (by default
        a uniformly random legal action from the session's own generator); records each.
        ``deals`` is a whole number, at least one; anything else is a RulesError."""
        if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MOST_DEALS:
            raise RulesError(tr("deals {deals} is not a number of deals to play: give a whole "
                                "number, at least one deal and at most {most}",
                                deals=shown(deals), most=MOST_DEALS))
        if choose is not None and not callable(choose):
            raise RulesError(tr("choose {choose} is not a function of the deal giving an "
                                "action", choose=shown(choose)))
        out = []
        for _ in range(deals):
            d = self.new_deal()
            while not d.is_over:
                d.apply(choose(d) if choose else self._play_rng.choice(d.legal_actions()))
            self.record(d)
            out.append(d)
        return out

    def __str__(self) -> str:
        head = ntr("{title}, {players} players: {n} deal played; next dealer {name}",
                   "{title}, {players} players: {n} deals played; next dealer {name}",
                   self.deals, title=self.rules.title, players=self.players,
                   name=seat_word(self.names[self.dealer]))
        return f"{head}\n{self.score}"

    def __repr__(self) -> str:
        return f"<Session {self.rules.id!r} seed={self.seed!r} deals={self.deals}>"

    def _repr_html_(self) -> str:
        head = html.escape(str(self).splitlines()[0])
        return f"<div class='knlib-session'><p>{head}</p>{self.score._repr_html_()}</div>"

    def to_dict(self) -> dict[str, Any]:
        """Totals and score state as plain data."""
        return {"game": self.rules.id, "players": self.players, "deals": self.deals,
                "dealer": self.dealer, "totals": list(self._totals)}
