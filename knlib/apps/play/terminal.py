"""Play in the terminal: :func:`terminal` (``python -m knlib play``), and the command
line's arguments.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, TextIO

from ...engine.deal import Action
from ...errors import RulesError
from ...rules.games import Ruleset
from ...sources import in_reader_words
from .table import Table, opponents
from .words import _sym

__all__ = ["terminal"]


# -- the terminal ----------------------------------------------------------------------------------

_HELP = ("Type the number of an action or its text (for example 'play S3', 'see'); "
         "'help' for this text, 'hand' to show the table again, 'quit' to stop.")
_HELP_ANALYSIS = ("'hint' shows best play now, with all cards face up; at the end of a "
                  "deal, 'analyse' reviews it.")
_ANALYSE = ("analyse", "analyze", "review", "a")


def terminal(game: str | Ruleset = "knueffeln", *, seed: int | None = None, seat: int = 0,
             bots: Any = None, deals: int | None = None, stdin: TextIO | None = None,
             stdout: TextIO | None = None, bluff_rate: float = 0.1, echo: bool = False) -> int:
    """Play in the terminal: the state, the legal actions numbered, and a prompt. A bad
    choice gets a message and the prompt again; 'quit' or the end of input stops
    cleanly. After each deal the session score is shown and another deal offered
    (``deals`` stops after that many). ``echo`` writes each line read after its prompt
    (for input from a file). Returns the exit status (0)."""
    inp = stdin or sys.stdin
    out = stdout or sys.stdout

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

    table = Table(game, seed=seed, seat=seat, bots=bots, bluff_rate=bluff_rate)
    shown = 0
    say(f"{table.rules.title}: you are {table.deal.names[seat]} (seat {seat}). {_HELP}")
    played = 0
    while True:
        for e in table.events[shown:]:
            say(e.text)
        shown = len(table.events)
        d = table.deal
        if d.is_over:
            played += 1
            last = deals is not None and played >= deals
            while True:
                answer = ask("Type 'analyse' to review this deal with all cards face up, or "
                             "press Enter to finish: " if last else
                             "Another deal? [Y/n, or 'analyse' to review this deal] ")
                if answer is None or answer.lower() not in _ANALYSE:
                    break
                say("Analysing the deal with all cards face up ...")
                try:
                    say(table.analyse().text)
                except RulesError as err:
                    say(_not_possible(err))
                shown = len(table.events)
            if last:
                table.new_deal()
                for e in table.events[shown:]:
                    if e.kind == "score":
                        say(e.text)
                say(str(table.session))
                return 0
            table.new_deal()
            if answer is None or answer.lower() in ("n", "no", "q", "quit", "exit"):
                for e in table.events[shown:]:
                    if e.kind == "score":
                        say(e.text)
                say(str(table.session))
                return 0
            continue
        say()
        say(table.status())
        say(table.prompt())
        legal = table.legal_actions()
        for i, a in enumerate(legal, 1):
            say(f"  {i:>2}. {_terminal_text(table.rules, a)}")
        while True:
            answer = ask("> ")
            if answer is None or answer.lower() in ("quit", "exit", "q"):
                say("Goodbye.")
                return 0
            if answer.lower() in ("help", "?", "h"):
                say(f"{_HELP} {_HELP_ANALYSIS}")
                continue
            if answer.lower() in ("hand", "table", "status"):
                say(table.status())
                continue
            if answer.lower() in ("hint", "hints"):
                try:
                    say(table.hint().text)
                except RulesError as err:
                    say(_not_possible(err))
                shown = len(table.events)
                continue
            if not answer:
                continue
            try:
                action = _parse_choice(answer, legal)
                table.act(action)
            except RulesError as err:
                say(f"{_not_possible(err)} {_HELP}")
                continue
            break


def _not_possible(err: RulesError) -> str:
    """A refused input in the reader's words (the rule's source by author and title)."""
    return f"Not possible: {in_reader_words(str(err))}."


def _terminal_text(rules: Ruleset, a: Action) -> str:
    if a.kind in ("play", "down"):
        return f"{a.text}  ({_sym(rules, a.card)})"
    if a.kind == "exchange":
        return f"{a.text}  ({_sym(rules, a.card)} for {_sym(rules, a.other)})"
    return a.text


def _parse_choice(text: str, legal: Sequence[Action]) -> Action:
    if text.isdigit():
        k = int(text)
        if not 1 <= k <= len(legal):
            raise RulesError(f"{k} is not one of the numbers 1 to {len(legal)}")
        return legal[k - 1]
    return Action(text)


def _add_play_arguments(p: Any) -> None:
    from ...rules.games import GAMES

    p.add_argument("--game", default="knueffeln", help=f"one of: {', '.join(GAMES)}")
    p.add_argument("--seed", type=int, default=None, help="fix the deals (default: random)")
    p.add_argument("--seat", type=int, default=0, help="your seat (0 = South, the default)")
    p.add_argument("--bots", default="rules", help="the computer players: rules (default), "
                   "random, sampling or solver")
    p.add_argument("--opponent", "--opponents", dest="opponent", default=None,
                   help="the two opponents only (your partner stays --bots): rules, random, "
                   "sampling or solver (the strongest: it solves sampled layouts exactly)")
    p.add_argument("--deals", type=int, default=None, help="stop after this many deals")


def _run_cli(args: Any) -> int:
    bots: Any = args.bots
    if args.opponent is not None:
        bots = opponents(args.game, args.opponent, seat=args.seat, partner=args.bots)
    return terminal(args.game, seed=args.seed, seat=args.seat, bots=bots, deals=args.deals)
