"""The book's message catalogue: :mod:`knlib.i18n`'s tools, reading the texts of knbook.

The book's texts are marked as knlib's are (:func:`tr`, :func:`ntr`, :func:`ptr`,
:func:`marked`, :func:`pmarked`) and kept in ``knbook/locale`` (``make catalogue``). A
text this catalogue does not hold is looked up in knlib's, so a text the engine marked (a
role's description) is translated where the book shows it. The language is knlib's:
:func:`language`, :func:`set_language`, ``KNLIB_LANG``.
"""

from __future__ import annotations

from pathlib import Path

from knlib.i18n import (
    KNLIB,
    LANGUAGE_NAMES,
    LANGUAGES,
    Catalogue,
    amount_text,
    current_language,
    date_text,
    language,
    marked,
    pmarked,
    set_language,
)

__all__ = ["LANGUAGES", "LANGUAGE_NAMES", "language", "set_language", "current_language",
           "tr", "ntr", "ptr", "marked", "pmarked", "words", "amount_text", "date_text",
           "LOCALE_DIR", "DOMAIN", "BOOK"]

#: Where the book's compiled catalogues are: ``LOCALE_DIR/<language>/LC_MESSAGES/knbook.mo``.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The catalogue's name.
DOMAIN = "knbook"
#: The book's catalogue, falling back on knlib's.
BOOK = Catalogue(DOMAIN, LOCALE_DIR, fallback=KNLIB)

tr = BOOK.tr
ntr = BOOK.ntr
ptr = BOOK.ptr
words = BOOK.words
