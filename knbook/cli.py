"""The command line: ``knlib COMMAND ...`` (:data:`COMMANDS`; ``--help``
lists them).

``--lang de`` (before or after the command) or ``KNLIB_LANG=de`` makes the command line
write in German: its help, its messages, argparse's own words (:mod:`knbook.cli_words`) and
what the command prints. Bad input prints the RulesError message to stderr and exits
with status 2; so do a language knlib does not write in and a file that cannot be
written.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from knlib.engine.questions import open_questions
from knlib.errors import RulesError
from knlib.games import GAMES, KNUEFFELN, ruleset
from knlib.render.display import card_label
from knlib.render.picture_words import class_text
from knlib.rules.tricks import explain_trick
from knlib.sources import for_reader

from .cli_words import argparse_words
from .i18n import LANGUAGES, current_language, language, marked, ptr, tr

__all__ = ["main", "COMMANDS", "DESCRIPTION", "command_language"]

#: What ``knlib --help`` says first, in plain words.
DESCRIPTION = marked("Knüffeln and its family of card games from the command line: decide and "
               "explain a trick, list the cards' roles, the games and their open "
               "questions, play against the computer, and make a diploma from a final "
               "exam paper. 'knlib COMMAND --help' says more about each "
               "command.")
#: The help of ``--lang``.
LANG_HELP = marked("the language to write in: {choices} (default: English, or KNLIB_LANG)")

#: Subcommands: name -> (help, add_arguments, run). Other modules may register more; the
#: help is marked for the catalogue (knlib.i18n.marked) and translated when shown.
COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None],
                          Callable[[argparse.Namespace], int]]] = {}


def command(name: str, help: str, add: Callable[[argparse.ArgumentParser], None]):
    def register(run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
        COMMANDS[name] = (help, add, run)
        return run
    return register


def _game_help() -> str:
    """The help of ``--game``: the games, and that the default is Knüffeln."""
    return tr("the game, one of: {choices} (default: knueffeln, {title})",
              choices=", ".join(GAMES), title=ruleset(KNUEFFELN).title)


def _game_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", default=KNUEFFELN, metavar=ptr("metavar", "GAME"),
                   help=_game_help())
    p.add_argument("--option", action="append", default=[],
                   metavar=ptr("metavar", "NAME=VALUE"),
                   help=tr("a named reading of an open question, e.g. ties=suit_priority"))


def _rules(args: argparse.Namespace):
    options = {}
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep:
            raise RulesError(tr("{value} is not NAME=VALUE", value=repr(item)))
        options[name] = value
    return ruleset(args.game, **options)


def _add_explain(p: argparse.ArgumentParser) -> None:
    _game_arg(p)
    p.add_argument("--chosen", required=True, metavar=ptr("metavar", "CHOSEN"),
                   help=tr("the chosen suit(s), e.g. HS or ♥♠"))
    p.add_argument("--first-trick", action="store_true",
                   help=tr("this is the deal's first trick"))
    p.add_argument("cards", nargs="+", metavar=ptr("metavar", "cards"),
                   help=tr("the cards in play order, lead first, e.g. D4 S3"))


@command("explain", marked("decide a trick and explain every card"), _add_explain)
def _explain(args: argparse.Namespace) -> int:
    print(explain_trick(_rules(args), args.cards, args.chosen, first_trick=args.first_trick))
    return 0


def _add_roles(p: argparse.ArgumentParser) -> None:
    _game_arg(p)
    p.add_argument("--chosen", required=True, metavar=ptr("metavar", "CHOSEN"),
                   help=tr("the chosen suit(s), e.g. HS"))


@command("roles", marked("print every card's role under the chosen suits"), _add_roles)
def _roles(args: argparse.Namespace) -> int:
    rules = _rules(args)
    roles = rules.roles(args.chosen)
    cards = rules.sort_by_strength(roles, args.chosen)
    print(tr("{game}, chosen: {chosen}", game=rules.title,
             chosen=rules.chosen_text(rules.check_chosen(args.chosen))))
    role_width = max([14, *(len(class_text(roles[card].klass)) for card in cards)])
    label_width = max([44, *(len(roles[card].label) for card in cards)])
    for card in cards:
        r = roles[card]
        print(tr("{card}  {role} {label} beats {beaten}", card=f"{card_label(card, rules):>4}",
                 role=f"{class_text(r.klass):<{role_width}}", label=f"{r.label:<{label_width}}",
                 beaten=r.beats))
        if r.note:
            note = r.note if r.note_source is None else f"{r.note} ({for_reader(r.note_source)})"
            print(f"{'':>6}" + tr("note: {note}", note=note))
    return 0


@command("games", marked("list the game ids"), lambda p: None)
def _games(args: argparse.Namespace) -> int:
    for g in GAMES:
        print(f"{g:<22} {ruleset(g).title}")
    return 0


def _add_questions(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", default=KNUEFFELN, metavar=ptr("metavar", "GAME"),
                   help=_game_help())


@command("questions", marked("list the open questions of a game and the readings used"),
         _add_questions)
def _questions(args: argparse.Namespace) -> int:
    for q in open_questions(args.game):
        print(f"- {q}")
    return 0


def _add_play(p: argparse.ArgumentParser) -> None:
    from .play.terminal import add_play_arguments

    add_play_arguments(p)


@command("play", marked("play a deal (and a session) against the computer in the terminal"),
         _add_play)
def _play(args: argparse.Namespace) -> int:
    from .play.terminal import run_play

    return run_play(args)


def _add_diploma(p: argparse.ArgumentParser) -> None:
    from .course.diploma import add_diploma_arguments

    add_diploma_arguments(p)


@command("diploma", marked("mark a final exam paper from its answer letters and make the "
                           "diploma (PDF and PNG)"), _add_diploma)
def _diploma(args: argparse.Namespace) -> int:
    from .course.diploma import run_diploma

    return run_diploma(args)


def _lang_value(argv: Sequence[str]) -> str | None:
    """The value of the last ``--lang`` in ``argv`` (also ``--lang=de`` and an abbreviation
    such as ``--la``), before a ``--``; None without one."""
    found = None
    for i, token in enumerate(argv):
        if token == "--":
            break
        name, eq, value = token.partition("=")
        if len(name) >= 4 and "--lang".startswith(name):
            if eq:
                found = value
            elif i + 1 < len(argv):
                found = argv[i + 1]
    return found


def _error(message: str) -> int:
    print(tr("error: {message}", message=message), file=sys.stderr)
    return 2


def command_language(argv: Sequence[str]) -> str:
    """The language a command line ``argv`` asks for: its ``--lang``, else ``KNLIB_LANG``,
    else English. A RulesError naming a value that is not a language knlib writes in (in
    the language of ``KNLIB_LANG`` when that one is good)."""
    wanted = _lang_value(argv)
    try:
        home = current_language()
    except RulesError:  # a KNLIB_LANG knlib does not write in
        if wanted is None:
            raise
        home = "en"
    if wanted is None:
        return home
    with language(home):
        return _language(wanted)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit status (2 for bad input). The command runs in the
    language of :func:`command_language`."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        code = command_language(args)
    except RulesError as err:
        with language(_home_or_english()):
            return _error(str(err))
    with language(code):
        return _main(args)


def _home_or_english() -> str:
    try:
        return current_language()
    except RulesError:
        return "en"


def _language(code: str) -> str:
    with language(code) as chosen:
        return chosen


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="knlib", description=tr(DESCRIPTION))
    lang_help = tr(LANG_HELP, choices=", ".join(LANGUAGES))
    parser.add_argument("--lang", metavar=ptr("metavar", "LANG"), help=lang_help)
    sub = parser.add_subparsers(dest="command", required=True, title=tr("commands"),
                                metavar=tr("COMMAND"))
    for name, (help_text, add, _) in COMMANDS.items():
        words = tr(help_text)
        p = sub.add_parser(name, help=words, description=words)
        add(p)
        p.add_argument("--lang", metavar=ptr("metavar", "LANG"), default=argparse.SUPPRESS,
                       help=lang_help)
    return parser


def _main(argv: list[str]) -> int:
    with argparse_words():
        args = _parser().parse_args(argv)
    try:
        return COMMANDS[args.command][2](args)
    except RulesError as err:
        return _error(str(err))
    except KeyboardInterrupt:  # Ctrl-C (the terminal game answers it with the score)
        print("\n" + tr("Stopped (Ctrl-C)."), file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115
        return 0
    except OSError as err:  # a file that cannot be written (a missing folder, a file)
        reason = err.strerror or str(err)
        if err.filename:
            text = tr("error: cannot write {file}: {reason}", file=err.filename, reason=reason)
        else:
            text = tr("error: cannot write: {reason}", reason=reason)
        print(text, file=sys.stderr)
        return 2
