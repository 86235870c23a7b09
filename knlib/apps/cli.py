"""The command line: ``python -m knlib COMMAND ...`` (:data:`COMMANDS`; ``--help``
lists them).

Bad input prints the RulesError message to stderr and exits with status 2; so does a
file that cannot be written.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from ..engine.questions import open_questions
from ..errors import RulesError
from ..rules.games import GAMES, ruleset
from ..rules.tricks import explain_trick
from ..sources import in_reader_words

__all__ = ["main", "COMMANDS", "DESCRIPTION"]

#: What ``python -m knlib --help`` says first, in plain words.
DESCRIPTION = ("Knüffeln and its family of card games from the command line: decide and "
               "explain a trick, list the cards' roles, the games and their open "
               "questions, play against the computer, and make a diploma from a final "
               "exam paper. 'python -m knlib COMMAND --help' says more about each "
               "command.")

#: Subcommands: name -> (help, add_arguments, run). Other modules may register more.
COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None],
                          Callable[[argparse.Namespace], int]]] = {}


def command(name: str, help: str, add: Callable[[argparse.ArgumentParser], None]):
    def register(run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
        COMMANDS[name] = (help, add, run)
        return run
    return register


def _game_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", default="knueffeln", help=f"one of: {', '.join(GAMES)}")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a named reading of an open question, e.g. ties=suit_priority")


def _rules(args: argparse.Namespace):
    options = {}
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep:
            raise RulesError(f"{item!r} is not NAME=VALUE")
        options[name] = value
    return ruleset(args.game, **options)


def _add_explain(p: argparse.ArgumentParser) -> None:
    _game_arg(p)
    p.add_argument("--chosen", required=True, help="the chosen suit(s), e.g. HS or ♥♠")
    p.add_argument("--first-trick", action="store_true", help="this is the deal's first trick")
    p.add_argument("cards", nargs="+", help="the cards in play order, lead first, e.g. D4 S3")


@command("explain", "decide a trick and explain every card", _add_explain)
def _explain(args: argparse.Namespace) -> int:
    print(explain_trick(_rules(args), args.cards, args.chosen, first_trick=args.first_trick))
    return 0


def _add_roles(p: argparse.ArgumentParser) -> None:
    _game_arg(p)
    p.add_argument("--chosen", required=True, help="the chosen suit(s), e.g. HS")


@command("roles", "print every card's role under the chosen suits", _add_roles)
def _roles(args: argparse.Namespace) -> int:
    rules = _rules(args)
    roles = rules.roles(args.chosen)
    cards = rules.sort_by_strength(roles, args.chosen)
    print(f"{rules.title}, chosen: {rules.chosen_text(rules.check_chosen(args.chosen))}")
    for card in cards:
        r = roles[card]
        shown = card.german_symbol if rules.german else card.symbol
        print(f"{shown:>4}  {r.klass:<14} {r.label:<44} beats {r.beats}")
        if r.note:
            print(f"{'':>6}note: {r.note}")
    return 0


@command("games", "list the game ids", lambda p: None)
def _games(args: argparse.Namespace) -> int:
    for g in GAMES:
        print(f"{g:<22} {ruleset(g).title}")
    return 0


def _add_questions(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", default="knueffeln", help=f"one of: {', '.join(GAMES)}")


@command("questions", "list the open questions of a game and the readings used", _add_questions)
def _questions(args: argparse.Namespace) -> int:
    for q in open_questions(args.game):
        print(f"- {q}")
    return 0


def _add_play(p: argparse.ArgumentParser) -> None:
    from .play.terminal import _add_play_arguments

    _add_play_arguments(p)


@command("play", "play a deal (and a session) against the computer in the terminal", _add_play)
def _play(args: argparse.Namespace) -> int:
    from .play.terminal import _run_cli

    return _run_cli(args)


def _add_diploma(p: argparse.ArgumentParser) -> None:
    from ..course.diploma import _add_diploma_arguments

    _add_diploma_arguments(p)


@command("diploma", "mark a final exam paper from its answer letters and make the diploma "
                    "(PDF and PNG)", _add_diploma)
def _diploma(args: argparse.Namespace) -> int:
    from ..course.diploma import _run_cli

    return _run_cli(args)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit status (2 for bad input)."""
    parser = argparse.ArgumentParser(prog="python -m knlib", description=DESCRIPTION)
    sub = parser.add_subparsers(dest="command", required=True, title="commands",
                                metavar="COMMAND")
    for name, (help_text, add, _) in COMMANDS.items():
        add(sub.add_parser(name, help=help_text, description=help_text))
    args = parser.parse_args(argv)
    try:
        return COMMANDS[args.command][2](args)
    except RulesError as err:
        print(f"error: {in_reader_words(str(err))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C (the terminal game answers it with the score)
        print("\nStopped (Ctrl-C).", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115
        return 0
    except OSError as err:  # a file that cannot be written (a missing folder, a file)
        where = f" {err.filename}" if err.filename else ""
        print(f"error: cannot write{where}: {err.strerror or err}", file=sys.stderr)
        return 2
