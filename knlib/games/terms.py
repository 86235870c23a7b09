"""A glossary term (:class:`Term`) and how a game's module writes one (:func:`glossary_term`).

Each game's module lists its own words (:attr:`~knlib.games.family.Ruleset.glossary_terms`);
:mod:`knlib.players.talk.glossary` gathers them from the registry into the glossary.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import current_language, tr
from ..sources import S000_GLOSSARY

__all__ = ["Term", "glossary_term"]

#: The game a term belongs to where none is named: today's Knüffeln, whose glossary
#: (seed 000, 'Knüffeln Glossary') is the book's.
_KNUEFFELN = "knueffeln"


@dataclass(frozen=True)
class Term:
    """One term: ``term`` exactly as the source gives it, ``forms`` its spellings,
    a ``definition`` in this project's words, ``see_also`` (terms or phrase ids),
    the ``source`` and the ``games`` it belongs to."""

    id: str
    term: str
    forms: tuple[str, ...]
    definition: str
    see_also: tuple[str, ...]
    source: str
    games: tuple[str, ...] = (_KNUEFFELN,)
    #: The German word for a term an English source gives in English ("Tiere" for
    #: "beasts"); "" where the source's own word is German, Low German or Faroese.
    german: str = ""

    @property
    def meaning(self) -> str:
        """``definition`` in the current language."""
        return tr(self.definition)

    @property
    def name(self) -> str:
        """The term as a reader sees it: as the source gives it, its spellings joined in
        the reader's language; in German, a term an English source gives in English is
        named by its German word, with the source's word in brackets ("Tiere (beasts)")."""
        if self.german and current_language() == "de":
            return f"{self.german} ({self.term})"
        if " or " not in self.term:
            return self.term
        *first, last = [f.strip() for f in self.term.split(" or ")]
        return tr("{first} or {last}", first=", ".join(first), last=last)

    def __str__(self) -> str:
        return f"{self.term}: {self.meaning}"


def glossary_term(term_text: str, definition: str, see_also: tuple[str, ...] = (),
                  source: str = S000_GLOSSARY, games: tuple[str, ...] = (_KNUEFFELN,),
                  forms: tuple[str, ...] | None = None, extra: tuple[str, ...] = (),
                  german: str = "") -> Term:
    """A term as its source gives it (``term_text``, spellings split at "or" or commas,
    ``extra`` spellings added), its id the slug of its first spelling; the source and the
    game default to seed 000's glossary and today's Knüffeln."""
    if forms is None:
        sep = " or " if " or " in term_text else ","
        forms = tuple(f.strip() for f in term_text.split(sep) if f.strip())
    return Term(_slug(forms[0]), term_text, forms + extra, definition, see_also, source, games,
                german)


def _slug(text: str) -> str:
    """A term's id: its words in ASCII, lower case, joined by hyphens ("Wääl" -> "waeael")."""
    table = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "ae", "Ö": "oe",
                           "Ü": "ue", "ý": "y", "’": "", "'": ""})
    out = []
    for ch in text.translate(table).lower():
        out.append(ch if ch.isascii() and ch.isalnum() else "-")
    return "-".join(filter(None, "".join(out).split("-")))
