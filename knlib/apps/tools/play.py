"""Play against the computer: a whole deal at a table of computer players, in the page.

:class:`PlayTool` holds a :class:`~knlib.apps.play.Table` (the reader in one seat,
computer players in the others) and offers every decision of the game as a control
whose action is the engine's own action text (``play SA``, ``lead face down SA``,
``see``, ``run``, ``stop``, ``play on``, the exchanges): only the legal ones are enabled.
Its own commands never look like an engine action: ``hint``, ``why 3`` (explain a
finished trick), ``say ID`` (a phrase of the table talk), ``analyse``, ``next deal``,
and the settings ``game``, ``players`` and ``opponents`` (choices, at a new table).

The computer players act inside :meth:`PlayTool.act` (the table lets them move until the
reader is to act), so a tool rebuilt from its settings and its log of actions is the
same tool: every random choice is seeded from the settings. The sampling player runs
through the deal itself (``engine='api'``), never through numpy, so the notebook and the
page, which has no numpy, play the same moves.

:class:`PlayWidget` is its notebook face (:mod:`knlib.apps.play.widget`); the view is
drawn by :mod:`.play_view`.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from ...engine.deal import Action
from ...errors import RulesError
from ...i18n import marked, tr
from ...players.sampling import SamplingPlayer
from ...rules.dealing import PROCEDURES
from ...rules.games import GAMES, ruleset
from ..play.table import TABLE_PLAYERS, Event, Table, opponents
from .base import Tool, View, choose_from
from .play_talk import ReaderTalk
from .play_view import OPPONENTS, decision_words, table_view

__all__ = ["PlayTool", "OPPONENTS", "SAMPLES", "GUESS", "COMMANDS"]

#: The sampling player's imagined deals per decision, at the table and for a hint.
#: Measured in pure Python (KNLIB_PURE=1, CPython 3.11, tables 0-9, a reader playing at
#: random): with sampling opponents a reader's action and the computer players' answers
#: take 0.05 s (median), 0.23 s at most; a guessed hint 0.06 s, 0.11 s at most. Under
#: Pyodide in Node the same took 0.06 s and 0.23 s. Solver opponents took up to 6 s a
#: move: they are not offered.
SAMPLES = 48
#: How the sampling player's advice is labelled: a guess, never proven.
GUESS = marked("A good player's guess, not proven")
#: " (seat 2)" after a seat's name in the engine's messages (left out for the reader;
#: "Platz" in German).
SEAT_NUMBER = re.compile(r" \((?:seat|Platz) \d+\)")
#: What the hint says while it works.
_IMAGINING = marked("imagining the hidden cards")
#: The first words of the tool's own commands (never an engine action's first word).
COMMANDS = ("hint", "why", "say", "analyse", "next", "game", "players", "opponents")


#: Said when a setting is changed during a deal, by setting.
_SETTING_LATER = {
    "game": marked("the game can be changed at a new deal: finish this one first"),
    "players": marked("the players can be changed at a new deal: finish this one first"),
    "opponents": marked("the opponents can be changed at a new deal: finish this one first"),
}


class PlayTool(Tool):
    """A session at the table: ``game`` (any of :data:`knlib.GAMES`), ``players`` (the
    game's numbers of players, e.g. 5 for Bohmstedt Knüffeln), ``seed`` (fixes the
    deals and the computer players), ``seat`` (the reader's), ``opponents`` (a name of
    :data:`OPPONENTS`, or ``'solver'``; the partner plays by plain habits) or ``bots``
    (one name for every computer player, or one per seat), ``bluff_rate`` (how often a
    computer player's table talk is a bluff), ``story_lines`` (the latest lines of the
    story shown)."""

    name = "play"
    start_label = marked("Play")

    def __init__(self, game: str = "knueffeln", *, seed: int = 0, seat: int = 0,
                 players: int | None = None, opponents: str = "sampling",
                 bots: str | list[str] | None = None, bluff_rate: float = 0.1,
                 story_lines: int = 14) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RulesError(tr("table number {value}: a table's number is a whole number",
                                value=repr(seed)))
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
        self.table = self._new_table(self.settings)
        self._reset_deal()

    # -- the table ---------------------------------------------------------------------------
    def _bots(self, settings: dict[str, Any], n: int) -> list[Any]:
        """One computer player per seat, each seeded from the settings."""
        seed, seat = self.config["seed"], self.config["seat"]
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
                out.append(SamplingPlayer(SAMPLES, seed=f"{seed}:{s}", engine="api",
                                          bluff_rate=self.config["bluff_rate"]))
            else:
                out.append(name)
        return out

    def _new_table(self, settings: dict[str, Any]) -> Table:
        rules = ruleset(settings["game"])
        n = settings["players"]
        allowed = PROCEDURES[rules.id].players
        if n is None:
            n = allowed[0]
        if isinstance(n, bool) or n not in allowed:
            raise RulesError(tr("{value} players cannot play {game}: it is for {numbers}",
                                value=repr(n), game=rules.title,
                                numbers=tr(" or ").join(str(p) for p in allowed)))
        return Table(rules.id, seed=self.config["seed"], seat=self.config["seat"],
                     bots=self._bots(settings, n), bluff_rate=self.config["bluff_rate"],
                     players=n)

    def _reset_deal(self) -> None:
        """What belongs to one deal only: the trick explained, the hint shown, the review,
        what the reader has said, whether the reader has acted."""
        self.why: int | None = None
        self.advice = ""
        self.review = ""
        self.acted = False
        self.talk = ReaderTalk(self.table)

    # -- what the reader does ----------------------------------------------------------------
    def act(self, action: str, value: str = "") -> None:
        verb, _, rest = action.strip().partition(" ")
        if verb == "hint" and not rest:
            self._hint()
        elif verb == "why":
            self._why(rest)
        elif verb == "say":
            self.talk.say(rest)
        elif verb == "analyse" and not rest:
            self._analyse()
        elif action.strip() == "next deal":
            self.table.new_deal()
            self._reset_deal()
        elif verb in ("game", "players", "opponents") and not rest:
            self._setting(verb, value)
        else:
            self._play(action)

    def _play(self, text: str) -> None:
        """An engine action; the computer players answer until the reader is to act."""
        act = Action(text)
        self.table.act(act)
        self.acted = True
        self.advice = ""

    def _why(self, number: str) -> None:
        done = len(self.table.deal.tricks)
        if not (number.isascii() and number.isdigit()) or not 1 <= int(number) <= done:
            if done:
                raise RulesError(tr("trick {value} cannot be explained: the finished tricks "
                                    "are 1 to {count}", value=repr(number), count=done))
            raise RulesError(tr("trick {value} cannot be explained: no trick is finished "
                                "yet", value=repr(number)))
        self.why = None if self.why == int(number) else int(number)

    def _setting(self, what: str, value: str) -> None:
        d = self.table.deal
        if self.acted and not d.is_over:
            raise RulesError(tr(_SETTING_LATER[what]))
        settings = dict(self.settings)
        if what == "game":
            settings["game"] = choose_from(value, {g: g for g in GAMES},
                                           marked("{value} is not a game: choose one of "
                                                  "{choices}"))
            if settings["players"] not in PROCEDURES[settings["game"]].players:
                settings["players"] = None
        elif what == "players":
            allowed = PROCEDURES[settings["game"]].players
            settings["players"] = choose_from(
                value, {str(n): n for n in allowed},
                tr("{{value}} is not a number of players of {game}: choose one of "
                   "{{choices}}", game=d.rules.title))
        else:
            settings["opponents"] = choose_from(value, {k: k for k in OPPONENTS},
                                                marked("{value} is not a choice of opponents: "
                                                       "choose one of {choices}"))
            settings["bots"] = None
        table = self._new_table(settings)
        self.settings, self.table = settings, table
        self._reset_deal()

    # -- long work ---------------------------------------------------------------------------
    def _hint(self) -> None:
        """Best play with all cards face up where the solver answers quickly; otherwise
        the sampling player's advice, labelled as a guess."""
        from ...analysis.advice import APP_EXACT_CARDS
        from ...analysis.position import PLAY_PHASES

        t = self.table
        d = t.deal
        if d.is_over:
            raise RulesError(tr("the deal is over: there is nothing left to hint at; "
                                "'{analyse}' reviews it", analyse=tr("Analyse this deal")))
        if d.to_move != t.seat:  # pragma: no cover - the computer players move first
            raise RulesError(tr("it is not your turn: {seat} is to act",
                                seat=d.to_move_text()))
        if d.phase in PLAY_PHASES and len(d.hands[t.reader]) <= APP_EXACT_CARDS:
            try:
                self.advice = t.hint().html
                return
            except RulesError:
                pass  # a position the solver does not take (the five-player solo)
        text, html = self._guess()
        t.events.append(Event("hint", t.seat, text, html))
        self.advice = html

    def _guess(self) -> tuple[str, str]:
        """The sampling player's advice for the reader's seat, in words."""
        t = self.table
        d = t.deal
        self.progress(0, 1, tr(_IMAGINING))
        player = SamplingPlayer(SAMPLES, seed=f"hint {self.config['seed']}:"
                                f"{t.session.deals}:{len(d.history)}", engine="api")
        choice = player.choose(d.copy())
        self.progress(1, 1, tr(_IMAGINING))
        head = tr("{guess}: {decision}.", guess=tr(GUESS), decision=decision_words(d, choice))
        lines = [head]
        scores = sorted(player.last_scores, key=lambda s: (s[0] != choice, -s[1]))
        if scores:
            tried = scores[0][2]
            lines.append(tr("It imagined {count} ways the cards you cannot see might lie, and "
                            "played each choice to the end with plain habits. How often your "
                            "side won:", count=tried))
            lines += [tr("{decision}: {won} of {count}", decision=decision_words(d, a), won=w,
                         count=n) for a, w, n in scores[:4]]
        else:
            lines.append(tr("This is the habit a steady player follows here."))
        lines.append(tr("A guess can be wrong: nobody has seen the hidden cards."))
        html = ('<div class="knlib-hint knlib-guess"><b>' + escape(head) + "</b>"
                + "".join(f"<br>{escape(x)}" for x in lines[1:]) + "</div>")
        return "\n".join(lines), html

    def _analyse(self) -> None:
        if not self.review:
            summary = self.table.analyse(
                progress=lambda done, total, what: self.progress(done, total, what))
            self.review = summary.html

    # -- what the reader sees ----------------------------------------------------------------
    def answer(self, action: str, value: str = "") -> View:
        view = super().answer(action, value)
        if not self.message:
            return view
        # The engine names a seat with its number for programmers; a reader needs the name.
        self.message = SEAT_NUMBER.sub("", self.message)
        return self.shown()

    def view(self) -> View:
        return table_view(self)
