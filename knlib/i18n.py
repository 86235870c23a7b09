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
...     tr("East")
'Ost'
>>> tr("East")
'East'
"""

from __future__ import annotations

import datetime
import gettext
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from .errors import RulesError

__all__ = ["LANGUAGES", "LANGUAGE_NAMES", "language", "set_language", "current_language",
           "tr", "ntr", "ptr", "marked", "pmarked", "words", "amount_text", "date_text",
           "LOCALE_DIR", "DOMAIN", "Catalogue", "KNLIB"]

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


class Catalogue:
    """A package's message catalogue: ``localedir/<language>/LC_MESSAGES/<domain>.mo``,
    read in the current language. A catalogue with a ``fallback`` asks it for a text it
    does not hold itself (the book's catalogue falls back on knlib's)."""

    def __init__(self, domain: str, localedir: Path, fallback: Catalogue | None = None):
        self.domain = domain
        self.localedir = localedir
        self.fallback = fallback
        self._read: dict[str, gettext.NullTranslations] = {}

    def translations(self, code: str) -> gettext.NullTranslations:
        """The catalogue of language ``code`` (English: the texts as they are)."""
        found = self._read.get(code)
        if found is not None:
            return found
        if code == "en":
            found = gettext.NullTranslations()
        else:
            try:
                found = gettext.translation(self.domain, localedir=self.localedir,
                                            languages=[code])
            except OSError as exc:  # a missing catalogue is a broken install
                raise RuntimeError(f"the {code!r} catalogue {self.domain!r} is missing from "
                                   f"{self.localedir}: run `make catalogue`") from exc
            if self.fallback is not None:
                found.add_fallback(self.fallback.translations(code))
        self._read[code] = found
        return found

    def words(self, code: str | None = None) -> Callable[[str], str]:
        """The translating function of a language (the current one by default), for code
        that translates many texts at once: the language is looked up once."""
        code = current_language() if code is None else _checked(code)
        return str if code == "en" else self.translations(code).gettext

    def tr(self, message: str, /, **values: object) -> str:
        """``message`` in the current language, its ``{placeholders}`` filled from
        ``values``."""
        text = self.translations(current_language()).gettext(message)
        return text.format(**values) if values else text

    def ntr(self, singular: str, plural: str, n: int, /, **values: object) -> str:
        """The form of a counted message that agrees with ``n`` in the current language
        (the language's own plural rule, from its catalogue); ``{n}`` and ``values``
        filled in."""
        text = self.translations(current_language()).ngettext(singular, plural, n)
        return text.format(n=n, **values)

    def ptr(self, context: str, message: str, /) -> str:
        """``message`` in the current language, as the catalogue gives it under
        ``context`` (a gettext context: the same English word may be translated otherwise
        elsewhere)."""
        return self.translations(current_language()).pgettext(context, message)


#: knlib's own catalogue.
KNLIB = Catalogue(DOMAIN, LOCALE_DIR)


#: ``tr(message, **values)``: a text in the current language, its ``{placeholders}``
#: filled in; ``ntr`` the form that agrees with a count, ``ptr`` the text under a gettext
#: context, ``words`` a language's translating function (all from knlib's catalogue).
tr = KNLIB.tr
ntr = KNLIB.ntr
ptr = KNLIB.ptr
words = KNLIB.words


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
