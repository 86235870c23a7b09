"""Play in the terminal: :func:`terminal` (``knlib play``), the terminal's face of the play
controller :class:`~knbook.play.session.PlaySession` (:class:`TerminalGame`: it reads what
the reader types, passes it on, and prints what the controller gives, in the words of
:mod:`.screen`), and the command line's arguments.

Nothing the reader types escapes as an error: a refused choice gets a message and the
prompt again, and leaves the deal as it was; 'quit', the end of input and Ctrl-C end
the game with the score so far.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from typing import Any, TextIO

from knlib.errors import RulesError
from knlib.games import KNUEFFELN, Ruleset
from knlib.players.deadline import seconds_text

from ..i18n import marked, ptr, tr
from .players import TABLE_PLAYERS, THINKING_SECONDS, opponents
from .screen import choices_text, offered, read_choice, score_text, status_text
from .session import PlaySession

__all__ = ["terminal", "TerminalGame", "SLOW_PLAYERS", "add_play_arguments", "run_play",
           "whole_number_arg"]


# -- the words -------------------------------------------------------------------------------------

_HELP = marked("Type the number of an action or its text (for example 'play S3', 'see'); "
               "'help' for this text, 'hand' to show the table and the choices again, "
               "'quit' to stop.")
_HELP_ANALYSIS = marked("'hint' judges your decision now from the cards you can see; at the "
                        "end of a deal, 'analyse' reviews every decision you made.")
# The commands, in English and in German (the German help names the German words).
_ANALYSE = ("analyse", "analyze", "review", "a", "auswerten")
_QUIT = ("quit", "exit", "q", "ende", "beenden")
_NO = ("n", "no", "nein", *_QUIT)
#: Yes to another deal: Enter alone, or the word in English or German.
_YES = ("", "y", "yes", "j", "ja")
_HELP_WORDS = ("help", "?", "h", "hilfe")
_HAND_WORDS = ("hand", "table", "status", "tisch")
_HINT_WORDS = ("hint", "hints", "tipp")
#: The computer players that take long enough for the screen to say they are thinking:
#: those with a time budget at the table.
SLOW_PLAYERS = tuple(THINKING_SECONDS)
#: Said when the reader presses Ctrl-C (marked for the catalogue).
INTERRUPTED = marked("Stopped (Ctrl-C).")


def _not_possible(err: RulesError) -> str:
    """A refused input in the reader's words (the rule's source by author and title)."""
    return tr("Not possible: {reason}.", reason=str(err))


# -- the game loop ---------------------------------------------------------------------------------

class TerminalGame:
    """The terminal's face of a :class:`~knbook.play.session.PlaySession` (``table``):
    ``say`` writes a line. :meth:`respond` takes one typed line at the reader's turn;
    :meth:`stop` ends with the score so far."""

    def __init__(self, table: PlaySession, say: Callable[[str], None]) -> None:
        self.table = table
        self.say = say
        self.shown = 0

    def show_events(self) -> None:
        """The table's story since last shown."""
        t = self.table
        for e in t.events[self.shown:]:
            self.say(e.text)
        self.shown = len(t.events)

    def show_turn(self) -> None:
        """The table, what the reader is asked, and the choices numbered."""
        t = self.table
        self.say(status_text(t))
        self.say(t.prompt())
        self.say(choices_text(t.rules, offered(t)))

    def respond(self, line: str) -> str:
        """One line typed at the reader's turn: 'acted' (the action was taken and the
        computer players have answered), 'quit', or 'again' (a command answered or a
        choice refused with a message; a refused choice changes nothing)."""
        t = self.table
        word = line.strip().lower()
        if word in _QUIT:
            return "quit"
        if word in _HELP_WORDS:
            self.say(f"{tr(_HELP)} {tr(_HELP_ANALYSIS)}")
        elif word in _HAND_WORDS:
            self.show_turn()
        elif word in _HINT_WORDS:
            try:
                self.say(t.hint().text)
            except RulesError as err:
                self.say(_not_possible(err))
            self.shown = len(t.events)
        elif word:
            try:
                t.act(read_choice(line.strip(), offered(t)))
            except RulesError as err:
                self.say(f"{_not_possible(err)} {tr(_HELP)}")
                return "again"
            return "acted"
        return "again"

    def analyse(self) -> None:
        self.say(tr("Reviewing your decisions ..."))
        try:
            self.say(self.table.analyse().text)
        except RulesError as err:
            self.say(_not_possible(err))
        self.shown = len(self.table.events)

    def score_deal(self) -> None:
        """Score the finished deal in the session, without dealing the next."""
        for line in self.table.score_deal():
            self.say(line)

    def next_deal(self) -> None:
        """Score the finished deal and deal the next (the computer players act first)."""
        self.table.new_deal()
        self.show_events()

    def stop(self) -> None:
        """The score so far (a deal not finished is not scored)."""
        d = self.table.deal
        if d.is_over:
            self.score_deal()
        else:
            self.say(tr("Deal {number} was not finished: it is not scored.",
                        number=self.table.session.deals + 1))
        self.say(score_text(self.table.session))

    def run(self, ask: Callable[[str], str | None], deals: int | None) -> int:
        """Play until the reader stops, or ``deals`` deals are over."""
        played = 0
        while True:
            self.show_events()
            if self.table.deal.is_over:
                played += 1
                last = deals is not None and played >= deals
                while True:
                    answer = ask(tr("Type 'analyse' to review your decisions in this deal, "
                                    "or press Enter to finish: ") if last else
                                 tr("Another deal? [Y/n, or 'analyse' to review this deal] "))
                    if answer is None or answer.lower() not in _ANALYSE:
                        if last or answer is None or answer.lower() in (*_NO, *_YES):
                            break
                        self.say(tr("{value} is neither yes nor no: answer y (or Enter) "
                                    "for another deal, n to stop, or 'analyse'",
                                    value=repr(answer)))
                        continue
                    self.analyse()
                if last or answer is None or answer.lower() in _NO:
                    self.stop()
                    return 0
                self.next_deal()
                continue
            self.say("")
            self.show_turn()
            while True:
                answer = ask("> ")
                outcome = "quit" if answer is None else self.respond(answer)
                if outcome == "quit":
                    self.say(tr("Goodbye."))
                    self.stop()
                    return 0
                if outcome == "acted":
                    break


# -- the terminal ----------------------------------------------------------------------------------

def terminal(game: str | Ruleset = KNUEFFELN, *, seed: int | None = None, seat: int = 0,
             bots: Any = None, deals: int | None = None, players: int | None = None,
             stdin: TextIO | None = None, stdout: TextIO | None = None,
             bluff_rate: float = 0.1, echo: bool = False) -> int:
    """Play in the terminal: the state (the hand strongest first, the card ahead in the
    trick marked), the legal actions numbered, and a prompt. A bad choice gets a message
    and the prompt again; 'quit', the end of input or Ctrl-C stops with the score so
    far. After each deal the score is shown and another deal offered (``deals`` stops
    after that many, 1 or more). ``players``: the game's number of players (5 for
    Bohmstedt Knüffeln). ``echo`` writes each line read after its prompt (for input from
    a file). The computer players given by name think for at most
    :data:`~knbook.play.players.THINKING_SECONDS` a decision. Returns the exit status:
    0, or 130 after Ctrl-C."""
    if deals is not None and (isinstance(deals, bool) or not isinstance(deals, int)
                              or deals < 1):
        raise RulesError(tr("deals {value}: play at least one deal", value=repr(deals)))
    inp = stdin or sys.stdin
    out = stdout or sys.stdout
    tty = out.isatty()

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    def ask(prompt: str) -> str | None:
        out.write(prompt)
        out.flush()
        line = inp.readline()
        if not line:
            say()
            return None
        if echo:
            say(line.rstrip("\n"))
        return line.strip()

    game_loop: TerminalGame | None = None

    def notice(seat: int, done: bool) -> None:
        if game_loop is None:
            return
        t = game_loop.table
        if t.bots[seat].name not in SLOW_PLAYERS:
            return
        text = tr("{seat} is thinking…", seat=t.deal.names[seat])
        if tty:  # a line that goes again when the player has chosen
            out.write(f"\r\033[K{text}" if not done else "\r\033[K")
            out.flush()
        elif not done:
            say(text)

    try:
        if any(_slow(b) for b in (bots if isinstance(bots, list | tuple) else [bots])):
            say(tr("Dealing: the computer players are thinking…"))
        table = PlaySession(game, seed=seed, seat=seat, bots=bots, bluff_rate=bluff_rate,
                            players=players, time_budgets=THINKING_SECONDS, notice=notice)
        game_loop = TerminalGame(table, say)
        say(tr("{game}: you are {name} (seat {seat}).", game=table.rules.title,
               name=table.deal.names[seat], seat=seat) + f" {tr(_HELP)}")
        return game_loop.run(ask, deals)
    except KeyboardInterrupt:
        if tty:
            out.write("\r\033[K")
        say()
        say(tr(INTERRUPTED))
        if game_loop is not None:
            game_loop.stop()
        return 130


def _slow(bot: Any) -> bool:
    return (bot if isinstance(bot, str) else getattr(bot, "name", None)) in SLOW_PLAYERS


# -- the command line ------------------------------------------------------------------------------

def whole_number_arg(text: str) -> int:
    """A whole number on the command line, in the digits 0-9 (a '-' before it allowed), of
    at most 100 digits; anything else ('²', '٣', '', '1.5') is refused with argparse's
    exit status 2 and a message naming it."""
    if not re.fullmatch(r"-?[0-9]{1,100}", text):
        shown = text if len(text) <= 40 else text[:40] + "…"
        raise argparse.ArgumentTypeError(tr("{value} is not a whole number: write it in the "
                                            "digits 0-9 (at most 100 of them), e.g. 3",
                                            value=repr(shown)))
    return int(text)


def add_play_arguments(p: Any) -> None:
    """The options of ``knlib play`` on the argument parser ``p``."""
    from knlib.games import GAMES

    names = ", ".join(TABLE_PLAYERS)
    p.add_argument("--game", default=KNUEFFELN, metavar=ptr("metavar", "GAME"),
                   help=tr("one of: {choices}", choices=", ".join(GAMES)))
    p.add_argument("--players", type=whole_number_arg, default=None,
                   metavar=ptr("metavar", "PLAYERS"),
                   help=tr("the number of players, if the game has a choice (5 for "
                           "knueffeln; default: the game's first)"))
    p.add_argument("--seed", type=whole_number_arg, default=None,
                   metavar=ptr("metavar", "SEED"),
                   help=tr("fix the deals (default: random)"))
    p.add_argument("--seat", type=whole_number_arg, default=0,
                   metavar=ptr("metavar", "SEAT"),
                   help=tr("your seat (0 = South, the default)"))
    p.add_argument("--bots", default="rules", choices=TABLE_PLAYERS,
                   metavar=ptr("metavar", "PLAYER"),
                   help=tr("the computer players: one of {names} (default: rules)",
                           names=names))
    p.add_argument("--opponent", "--opponents", dest="opponent", default=None,
                   choices=TABLE_PLAYERS, metavar=ptr("metavar", "PLAYER"),
                   help=tr("the opponents only (your partner stays --bots): one of {names} "
                           "(solver is the strongest: it solves sampled layouts exactly; it "
                           "takes up to about {seconds} a move)", names=names,
                           seconds=seconds_text(THINKING_SECONDS['solver'])))
    p.add_argument("--deals", type=whole_number_arg, default=None,
                   metavar=ptr("metavar", "DEALS"),
                   help=tr("stop after this many deals (1 or more)"))


def run_play(args: Any) -> int:
    """``knlib play``: the terminal game from the parsed options; the exit code."""
    if args.deals is not None and args.deals < 1:
        raise RulesError(tr("--deals {value}: play at least one deal", value=args.deals))
    bots: Any = args.bots
    if args.opponent is not None:
        bots = opponents(args.game, args.opponent, seat=args.seat, partner=args.bots,
                         players=args.players)
    return terminal(args.game, seed=args.seed, seat=args.seat, bots=bots, deals=args.deals,
                    players=args.players)
