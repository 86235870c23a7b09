"""Play against the computer: a whole deal at a table of computer players, in the page.

:class:`PlayTool` is the page's and the notebook's face of the play controller
:class:`~knbook.play.PlaySession` (the reader in one seat, computer players in the
others): it offers every decision of the game as a control whose action is the engine's
own action text (``play SA``, ``lead face down SA``, ``see``, ``run``, ``stop``,
``play on``, the exchanges): only the legal ones are enabled.
Its own commands never look like an engine action: ``hint`` (the coach's judgement from
what the reader can see, :func:`knbook.course.coach.judge`), ``why 3`` (explain a
finished trick), ``say ID`` (a phrase of the table talk), ``analyse`` (the review of
every decision of the reader, :func:`knbook.course.coach.review_deal`), ``rewind N``
(play on from the reader's decision at action N of the reviewed deal), ``next deal``,
``deal 4711-2`` (the deal of that number), ``counts`` (show or hide what a player
counts), and the settings ``game``, ``players`` and ``opponents`` (choices, at a new
deal).

Every visit deals a fresh deal: without a ``seed`` (the table's number) the tool draws
one from the operating system, and keeps it in its settings, so a tool rebuilt from its
settings and its log of actions is the same tool. A deal is named by its table's number
and its own (``4711-2``: the second deal at table 4711), which any reader can type in to
play the same deal. The computer players act inside :meth:`PlayTool.act` (the table lets
them move until the reader is to act); every random choice is seeded from the settings.
The sampling player runs through the deal itself (``engine='api'``), never through
numpy, so the notebook and the page, which has no numpy, play the same moves.

:class:`PlayWidget` is its notebook face (:mod:`.play_widget`); the view is
drawn by :mod:`.play_view`, the hint and the review by :mod:`.play_advice`.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from knlib.engine.deal import Action
from knlib.engine.explain import refused
from knlib.errors import RulesError
from knlib.games import GAMES, KNUEFFELN, ruleset
from knlib.players.sampling import SamplingPlayer

from ..i18n import marked, tr
from ..play.advice import must_be_over
from ..play.players import TABLE_PLAYERS, opponents
from ..play.session import MAX_DEAL, PlaySession
from .controller import Tool, ToolView, choose_from
from .play_talk import ReaderTalk
from .play_view import OPPONENTS, preview_view, table_view

__all__ = ["PlayTool", "OPPONENTS", "SAMPLES", "COMMANDS", "Score", "MAX_TABLE",
           "deal_name"]

#: The sampling player's imagined deals per decision at the table. Measured in pure
#: Python (KNLIB_PURE=1, CPython 3.11, tables 0-9, a reader playing at random): with
#: sampling opponents a reader's action and the computer players' answers take 0.05 s
#: (median), 0.23 s at most. Under Pyodide in Node the same took 0.06 s and 0.23 s.
#: Solver opponents took up to 6 s a move: they are not offered.
SAMPLES = 48
#: The highest table number (a fresh table's number is drawn from 1 to 999999: six
#: digits, easy to read out to a course).
MAX_TABLE = 999_999_999
_FRESH = 999_999
#: The first words of the tool's own commands (never an engine action's first word).
COMMANDS = ("hint", "why", "say", "analyse", "rewind", "next", "deal", "counts", "game",
            "players", "opponents")
#: A deal's number as a reader types it: the table's number, then the deal's ("4711-2");
#: the table's number alone is its first deal.
_DEAL_NUMBER = re.compile(r"(\d{1,9})(?:\s*[-–/]\s*(\d{1,3}))?")

#: Said when a setting is changed during a deal, by setting.
_SETTING_LATER = {
    "game": marked("the game can be changed at a new deal: finish this one first"),
    "players": marked("the players can be changed at a new deal: finish this one first"),
    "opponents": marked("the opponents can be changed at a new deal: finish this one first"),
    "deal": marked("another deal can be played once this one is over: finish this one "
                   "first"),
}


@dataclass
class Score:
    """The running score of one setting (game, players, opponents): the deals counted and
    each seat's payments in all, in the game's unit."""

    unit: str
    totals: list[int]
    deals: int = 0

    def count(self, payments: tuple[int, ...] | list[int]) -> None:
        """Add one finished deal's payments."""
        self.totals = [a + b for a, b in zip(self.totals, payments, strict=True)]
        self.deals += 1


@dataclass
class Review:
    """The review of the present deal: the coach's :class:`~knbook.course.coach.DealReview`
    and the deal's actions as played then (what ``rewind`` goes back into)."""

    review: Any
    history: list[tuple[int, Action]] = field(default_factory=list)


def deal_name(table: int, deal: int) -> str:
    """A deal's number as the reader sees and types it: ``4711-2``."""
    return f"{table}-{deal}"


def fresh_table() -> int:
    """A table number nobody chose: drawn from the operating system's randomness, so every
    visit deals a new deal."""
    return random.SystemRandom().randint(1, _FRESH)


class PlayTool(Tool):
    """A session at the table: ``game`` (any of :data:`knlib.GAMES`), ``players`` (the
    game's numbers of players, e.g. 5 for Bohmstedt Knüffeln), ``seed`` (the table's
    number, which fixes its deals and the computer players; None: a fresh table),
    ``seat`` (the reader's), ``opponents`` (a name of :data:`OPPONENTS`, or ``'solver'``;
    the partner plays by plain habits) or ``bots`` (one name for every computer player,
    or one per seat), ``bluff_rate`` (how often a computer player's table talk is a bluff),
    ``story_lines`` (the latest lines of the story shown)."""

    name = "play"
    start_label = marked("Play")

    def __init__(self, game: str = KNUEFFELN, *, seed: int | None = None, seat: int = 0,
                 players: int | None = None, opponents: str = "sampling",
                 bots: str | list[str] | None = None, bluff_rate: float = 0.1,
                 story_lines: int = 14) -> None:
        #: No table number was given: the tool deals a fresh deal at every visit.
        self.fresh = seed is None
        if seed is None:
            seed = fresh_table()
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_TABLE:
            raise RulesError(tr("table number {value}: a table's number is a whole number "
                                "from 0 to {last}", value=repr(seed), last=MAX_TABLE))
        if isinstance(bluff_rate, bool) or not isinstance(bluff_rate, (int, float)) \
                or not 0 <= bluff_rate <= 1:
            raise RulesError(tr("bluff rate {value}: a bluff rate is from 0 to 1",
                                value=repr(bluff_rate)))
        if isinstance(story_lines, bool) or not isinstance(story_lines, int) \
                or story_lines < 1:
            raise RulesError(tr("story lines {value}: show at least one line",
                                value=repr(story_lines)))
        rules = ruleset(game)
        super().__init__(game=rules.id, seed=seed, seat=seat, players=players,
                         opponents=opponents, bots=bots, bluff_rate=bluff_rate,
                         story_lines=story_lines)
        self.settings: dict[str, Any] = {"game": rules.id, "players": players,
                                         "opponents": opponents, "bots": bots}
        #: The running score of each setting (:meth:`setting_key`), kept when the reader
        #: changes the game or the opponents and comes back.
        self.scores: dict[str, Score] = {}
        #: What a player counts is shown (the reader may hide it to practise counting).
        self.counts_shown = True
        self.table = self._new_table(self.settings, seed, 1)
        self._reset_deal()
        self._count()

    # -- the table ---------------------------------------------------------------------------
    def _bots(self, settings: dict[str, Any], n: int, number: int) -> list[Any]:
        """One computer player per seat, each seeded from the table's number."""
        seat = self.config["seat"]
        names = settings["bots"]
        if names is None:
            chosen = settings["opponents"]
            if chosen not in TABLE_PLAYERS:
                raise RulesError(tr("{value} is not a computer player: choose one of "
                                    "{choices}", value=repr(chosen),
                                    choices=", ".join(repr(p) for p in TABLE_PLAYERS)))
            names = opponents(settings["game"], chosen, seat=seat, players=n)
        elif isinstance(names, str):
            names = [names] * n
        if not isinstance(names, list) or len(names) != n \
                or not all(isinstance(b, str) for b in names):
            raise RulesError(tr("bots {value}: give one computer player's name for all "
                                "seats, or one name for each of the {count} seats",
                                value=repr(names), count=n))
        out: list[Any] = []
        for s, name in enumerate(names):
            if name == "sampling":
                out.append(SamplingPlayer(SAMPLES, seed=f"{number}:{s}", engine="api",
                                          bluff_rate=self.config["bluff_rate"]))
            else:
                out.append(name)
        return out

    def _new_table(self, settings: dict[str, Any], number: int, deal: int) -> PlaySession:
        """The table of ``number`` with ``settings``, at its deal ``deal``."""
        rules = ruleset(settings["game"])
        n = settings["players"]
        allowed = rules.procedure.players
        if n is None:
            n = allowed[0]
        if isinstance(n, bool) or n not in allowed:
            raise RulesError(tr("{value} players cannot play {game}: it is for {numbers}",
                                value=repr(n), game=rules.title,
                                numbers=tr(" or ").join(str(p) for p in allowed)))
        return PlaySession(rules.id, seed=number, seat=self.config["seat"],
                           bots=self._bots(settings, n, number),
                           bluff_rate=self.config["bluff_rate"], players=n, deal=deal)

    @property
    def number(self) -> int:
        """The table's number (the seed of its deals)."""
        seed = self.table.session.seed
        assert isinstance(seed, int)
        return seed

    @property
    def deal_name(self) -> str:
        """The number of the deal on the table (``4711-2``)."""
        return deal_name(self.number, self.table.number)

    def setting_key(self) -> str:
        """The setting a score belongs to: the game, the players, the opponents."""
        s = self.settings
        bots = s["bots"] if s["bots"] is not None else s["opponents"]
        return f"{s['game']}/{self.table.deal.players}/{bots}"

    @property
    def score(self) -> Score:
        """The running score of the present setting."""
        key = self.setting_key()
        if key not in self.scores:
            d = self.table.deal
            self.scores[key] = Score(d.rules.stakes.unit, [0] * d.players)
        return self.scores[key]

    def _reset_deal(self) -> None:
        """What belongs to one deal only: the trick explained, the hint shown, the review,
        what the reader has said, whether the reader has acted, whether it was scored."""
        self.why: int | None = None
        self.judgement: Any = None
        self.review: Review | None = None
        self.acted = False
        self.counted = False
        #: played on from the review: practice, not counted again
        self.practice = False
        self.talk = ReaderTalk(self.table)

    def _count(self) -> None:
        """A finished deal's payments go to the score of its setting, once (a deal played
        on from the review is practice: it is not counted again)."""
        d = self.table.deal
        if d.is_over and not self.counted:
            assert d.result is not None
            self.score.count(d.result.payments)
            self.counted = True

    # -- what the reader does ----------------------------------------------------------------
    def act(self, action: str, value: str = "") -> None:
        verb, _, rest = action.strip().partition(" ")
        if verb == "hint" and not rest:
            self._hint()
        elif verb == "why":
            if rest or value:
                self._why(rest or value)
            else:  # the list's first line: no trick explained
                self.why = None
        elif verb == "say":
            if rest or value:
                self.talk.say(rest or value)
        elif verb == "analyse" and not rest:
            self._analyse()
        elif verb == "rewind":
            self._rewind(rest or value)
        elif action.strip() == "next deal":
            self.table.new_deal()
            self._reset_deal()
        elif verb == "deal" and not rest:
            self._deal(value)
        elif verb == "counts" and not rest:
            self.counts_shown = not self.counts_shown
        elif verb in ("game", "players", "opponents") and not rest:
            self._setting(verb, value)
        else:
            self._play(action)
        self._count()

    def _play(self, text: str) -> None:
        """An engine action; the computer players answer until the reader is to act."""
        act = Action(text)
        self.table.act(act)
        self.acted = True
        self.judgement = None

    def _why(self, number: str) -> None:
        done = len(self.table.deal.tricks)
        if not (number.isascii() and number.isdigit()) or not 1 <= int(number) <= done:
            if done:
                raise RulesError(tr("trick {value} cannot be explained: the finished tricks "
                                    "are 1 to {count}", value=repr(number), count=done))
            raise RulesError(tr("trick {value} cannot be explained: no trick is finished "
                                "yet", value=repr(number)))
        self.why = None if self.why == int(number) else int(number)

    def _free(self, what: str) -> None:
        """A RulesError while the reader is in the middle of a deal (``what``: the setting)."""
        if self.acted and not self.table.deal.is_over:
            raise RulesError(tr(_SETTING_LATER[what]))

    def _next_number(self) -> int:
        """The deal a new table of the same number starts at: this deal while it is not
        played, else the next one."""
        t = self.table
        return min(t.number + 1, MAX_DEAL) if t.deal.is_over else t.number

    def _deal(self, value: str) -> None:
        """The deal of the number ``value`` ("4711-2", or "4711" for its first deal)."""
        text = value.strip()
        found = _DEAL_NUMBER.fullmatch(text) if text.isascii() else None
        if found is None or not 1 <= int(found.group(2) or 1) <= MAX_DEAL:
            raise RulesError(tr("deal {value} is not a deal's number: give the table's "
                                "number and the deal's, such as {example} (tables 0 to "
                                "{tables}, deals 1 to {deals})", value=repr(value),
                                example=deal_name(4711, 2), tables=MAX_TABLE, deals=MAX_DEAL))
        self._free("deal")
        table = self._new_table(self.settings, int(found.group(1)), int(found.group(2) or 1))
        self.table = table
        self._reset_deal()

    def _setting(self, what: str, value: str) -> None:
        d = self.table.deal
        self._free(what)
        settings = dict(self.settings)
        if what == "game":
            settings["game"] = choose_from(value, {g: g for g in GAMES},
                                           marked("{value} is not a game: choose one of "
                                                  "{choices}"))
            if settings["players"] not in ruleset(settings["game"]).procedure.players:
                settings["players"] = None
        elif what == "players":
            allowed = ruleset(settings["game"]).procedure.players
            settings["players"] = choose_from(
                value, {str(n): n for n in allowed},
                tr("{{value}} is not a number of players of {game}: choose one of "
                   "{{choices}}", game=d.rules.title))
        else:
            settings["opponents"] = choose_from(value, {k: k for k in OPPONENTS},
                                                marked("{value} is not a choice of opponents: "
                                                       "choose one of {choices}"))
            settings["bots"] = None
        table = self._new_table(settings, self.number, self._next_number())
        self.settings, self.table = settings, table
        self._reset_deal()

    def _rewind(self, index: str) -> None:
        """Back to just before the reader's decision at ``index`` of the reviewed deal."""
        if self.review is None:
            raise RulesError(tr("there is no review to play on from: analyse the deal "
                                "first"))
        review = self.review
        made = {str(r.index): r for r in review.review.decisions}
        if index not in made:
            raise RulesError(tr("{value} is not one of your reviewed decisions",
                                value=repr(index)))
        d = self.table.deal
        if not d.is_over:
            raise refused(marked("finish this deal first: {seat} is to act"), d.get_game(),
                          {"seat": d.to_move}, words=tr)
        self.table.rewind(review.history, int(index))
        self.review = None  # it was of the deal as first played: the replay is reviewed anew
        self.practice = True
        self.judgement = None
        self.why = None
        self.talk = ReaderTalk(self.table)
        self.acted = True

    # -- long work ---------------------------------------------------------------------------
    def _hint(self) -> None:
        """The coach's judgement of the reader's decision, from what the reader can see."""
        if self.table.deal.is_over:
            raise RulesError(tr("the deal is over: there is nothing left to hint at; "
                                "'{analyse}' reviews it", analyse=tr("Analyse this deal")))
        self.judgement = self.table.judge(progress=self.progress)

    def _analyse(self) -> None:
        """The review of every decision of the reader in the finished deal."""
        d = self.table.deal
        must_be_over(d)
        if self.review is None:
            self.progress(0, 1, tr("Reviewing your decisions"))
            self.review = Review(self.table.review(progress=self.progress, whole=True),
                                 list(d.history))

    # -- what the reader sees ----------------------------------------------------------------
    def refusal_text(self, err: RulesError) -> str:
        """A refusal with each seat it names by the player's name alone: the engine adds the
        seat's number for programmers, a reader needs the name."""
        names = self.table.deal.names
        return err.cited(err.worded(tr, names.__getitem__))

    def view(self) -> ToolView:
        return table_view(self)

    def preview(self) -> tuple[dict[str, Any], ToolView]:
        """A fresh table's page holds its settings without the table's number, and no
        cards: each visit deals a new deal, and no page shows the hands of a deal before
        it is played."""
        if not self.fresh or self.log:
            return super().preview()
        return {**self.config, "seed": None}, preview_view(self)
