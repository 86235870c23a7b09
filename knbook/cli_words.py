"""argparse's own words ('usage:', 'error:', 'options', its refusals) in knlib's language.

argparse looks its words up through the standard library's :mod:`gettext` (the
``argparse`` domain), which knlib does not install. :func:`argparse_words` makes argparse
ask knlib's catalogue instead while a command line (``knlib``, ``python -m
knbook.course.printables``) builds its parser and reads the arguments, and gives argparse
its own lookup back afterwards. The texts keep argparse's ``%``-placeholders, which
argparse fills in itself.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from .i18n import marked, ntr, tr

__all__ = ["ARGPARSE_WORDS", "argparse_words"]

#: argparse's texts that a reader of the command line can meet, marked for the catalogue.
ARGPARSE_WORDS: frozenset[str] = frozenset({
    marked("usage: "),
    marked("positional arguments"),
    marked("options"),
    marked("show this help message and exit"),
    marked("%(prog)s: error: %(message)s\n"),
    marked("argument %(argument_name)s: %(message)s"),
    marked("unrecognized arguments: %s"),
    marked("the following arguments are required: %s"),
    marked("one of the arguments %s is required"),
    marked("not allowed with argument %s"),
    marked("ignored explicit argument %r"),
    marked("expected one argument"),
    marked("expected at most one argument"),
    marked("expected at least one argument"),
    marked("ambiguous option: %(option)s could match %(matches)s"),
    marked("invalid %(type)s value: %(value)r"),
    marked("invalid choice: %(value)r (choose from %(choices)s)"),
    marked("unknown parser %(parser_name)r (choices: %(choices)s)"),
    marked("can't open '%(filename)s': %(error)s"),
})


def _words(message: str) -> str:
    return tr(message) if message in ARGPARSE_WORDS else message


def _counted(singular: str, plural: str, n: int) -> str:
    if singular == "expected %s argument":
        return ntr("expected %s argument", "expected %s arguments", n)
    return singular if n == 1 else plural


@contextmanager
def argparse_words() -> Iterator[None]:
    """Inside the block, argparse writes its words in knlib's current language."""
    own = argparse.__dict__["_"], argparse.__dict__["ngettext"]
    argparse.__dict__["_"], argparse.__dict__["ngettext"] = _words, _counted
    try:
        yield
    finally:
        argparse.__dict__["_"], argparse.__dict__["ngettext"] = own
