"""The language knlib writes in, and its message catalogue.

Every text for people is written in English in the code and marked for the catalogue:
:func:`tr` for a sentence (with named ``{placeholders}``, filled in after translation),
:func:`ntr` for one whose form depends on a count, :func:`ptr` for one under a gettext
context (the nouns of :mod:`knlib.grammar`), and :func:`marked` (:func:`pmarked`) for a text
kept in a table at import time and translated where it is shown (``tr(TABLE[key])``). Babel extracts
the marked texts into ``knlib/locale/knlib.pot`` and compiles each language's ``.po`` file
into the ``.mo`` file that the standard library's :mod:`gettext` reads (``make
catalogue``). The catalogue travels in the wheel, so the browser has it too.

English is the default. A language is chosen, from the strongest:

* ``with knlib.language("de"):``, for the code inside (a context variable, so threads and
  the page tools' calls keep their own);
* ``knlib.set_language("de")``, for the rest of the program;
* ``KNLIB_LANG=de`` in the environment.

>>> from knlib.i18n import language, tr
>>> with language("de"):
...     tr("Cancel")
'Abbrechen'
>>> tr("Cancel")
'Cancel'
"""

from __future__ import annotations

import datetime
import gettext
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from .errors import RulesError

__all__ = ["LANGUAGES", "LANGUAGE_NAMES", "language", "set_language", "current_language",
           "tr", "ntr", "ptr", "marked", "pmarked", "words", "amount_text", "date_text",
           "LOCALE_DIR", "DOMAIN"]

#: The languages knlib writes in: English (the source) and German.
LANGUAGES: tuple[str, ...] = ("en", "de")
#: Each language's name in itself, as a link to it is labelled in any language.
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "de": "Deutsch"}
#: Where the compiled catalogues are: ``LOCALE_DIR/<language>/LC_MESSAGES/knlib.mo``.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The catalogue's name.
DOMAIN = "knlib"

_chosen: ContextVar[str | None] = ContextVar("knlib_language", default=None)
_program: list[str | None] = [None]


def _checked(code: object) -> str:
    if not isinstance(code, str) or code.strip().lower() not in LANGUAGES:
        try:
            value = repr(code)
        except ValueError:  # a whole number past 4300 digits (knlib.counts.shown)
            value = f"<{type(code).__name__}>"
        raise RulesError(tr("{value} is not a language knlib writes in: choose one of "
                            "{choices}", value=value, choices=", ".join(LANGUAGES)))
    return code.strip().lower()


def current_language() -> str:
    """The language in force: the innermost :func:`language`, else :func:`set_language`'s,
    else ``KNLIB_LANG``'s, else English. A ``KNLIB_LANG`` that is not a language of knlib
    is refused with a RulesError naming it."""
    code = _chosen.get() or _program[0]
    if code is not None:
        return code
    env = os.environ.get("KNLIB_LANG", "").strip().lower()
    if env and env not in LANGUAGES:
        raise RulesError(f"KNLIB_LANG={env!r} is not a language knlib writes in: choose one "
                         f"of {', '.join(LANGUAGES)}")
    return env or "en"


def set_language(code: str) -> None:
    """Write in ``code`` ('en' or 'de') from now on (inside a :func:`language` block, that
    block's language still wins)."""
    _program[0] = _checked(code)


@contextmanager
def language(code: str) -> Iterator[str]:
    """Write in ``code`` inside the block; the language before it comes back after."""
    token = _chosen.set(_checked(code))
    try:
        yield _chosen.get() or code
    finally:
        _chosen.reset(token)


@cache
def _catalogue(code: str) -> gettext.NullTranslations:
    if code == "en":
        return gettext.NullTranslations()
    try:
        return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[code])
    except OSError as exc:  # a missing catalogue is a broken install, not a reader's error
        raise RuntimeError(f"knlib's {code!r} catalogue is missing from {LOCALE_DIR}: "
                           "run `make catalogue`") from exc


def words(code: str | None = None) -> Callable[[str], str]:
    """The translating function of a language (the current one by default), for code that
    translates many texts at once (a trick's explanation): the language is looked up once."""
    code = current_language() if code is None else _checked(code)
    return str if code == "en" else _catalogue(code).gettext


def tr(message: str, /, **values: object) -> str:
    """``message`` in the current language, its ``{placeholders}`` filled from ``values``."""
    text = _catalogue(current_language()).gettext(message)
    return text.format(**values) if values else text


def ntr(singular: str, plural: str, n: int, /, **values: object) -> str:
    """The form of a counted message that agrees with ``n`` in the current language (the
    language's own plural rule, from its catalogue); ``{n}`` and ``values`` filled in."""
    text = _catalogue(current_language()).ngettext(singular, plural, n)
    return text.format(n=n, **values)


def ptr(context: str, message: str, /) -> str:
    """``message`` in the current language, as the catalogue gives it under ``context`` (a
    gettext context: the same English word may be translated otherwise elsewhere)."""
    return _catalogue(current_language()).pgettext(context, message)


def pmarked(context: str, message: str, /) -> str:
    """Mark a text kept in a table for the catalogue under ``context``; translate it with
    :func:`ptr` where it is shown."""
    return message


def marked(message: str, /) -> str:
    """Mark a text kept in a table for the catalogue; translate it with :func:`tr` where it
    is shown."""
    return message


def amount_text(cents: int, *, sign: bool = False) -> str:
    """An amount of euros as the current language writes it: '€0.30' or '0,30 €' (with
    '+' or '−' when ``sign``)."""
    whole, part = divmod(abs(cents), 100)
    mark = ("+" if cents > 0 else "-" if cents < 0 else "") if sign else (
        "-" if cents < 0 else "")
    if current_language() == "de":
        return f"{mark}{whole},{part:02d} €"
    return f"{mark}€{whole}.{part:02d}"


_MONTHS_EN = ("January", "February", "March", "April", "May", "June", "July", "August",
              "September", "October", "November", "December")
_MONTHS_DE = ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
              "September", "Oktober", "November", "Dezember")


def date_text(day: datetime.date) -> str:
    """A date as the current language writes it: '26 November 2026' or '26. November
    2026'."""
    if current_language() == "de":
        return f"{day.day}. {_MONTHS_DE[day.month - 1]} {day.year}"
    return f"{day.day} {_MONTHS_EN[day.month - 1]} {day.year}"
