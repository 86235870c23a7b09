"""The sources, named once: how code cites them and how a reader sees them.

Code, tests and ``open_questions`` cite a source by its seed file and section, for
example ``"seed 000, 'The Play'"`` (the files are in ``../shared/seeds/``; the readings
used where a text is unclear are numbered in ``../shared/rules/README.md``). A reader of
the book never sees those file names: :func:`for_reader` turns any such citation into
author-and-title words, and :func:`cite` gives the MyST role that links the book's
bibliography (``book/references.bib``). A citation belongs in a chapter's "Where the
sources differ" box and on the Sources page; feedback, tables and table talk show none. A
text never carries a citation to be cleaned off later: a citation is a value beside the
words (a refusal's ``RulesError(message, source=S000_DEAL)``, a role's ``source``, a
question's ``source``, a told line of the story), and the face that shows it reads it
with :func:`for_reader` (:func:`knlib.errors.read_citations_with`).

>>> for_reader("seed 000, 'The Play'")
'McLeod after Eaton (2021), “The Play”'
>>> for_reader("seed 002, 'Playing'; rules/README.md reading 6")
'the Wikipedia article “Karniffel”, after Wieland (1783), “Playing”; our reading'
>>> cite("001")
'{cite:t}`wikipedia-knueffeln`'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import RulesError, read_citations_with
from .i18n import current_language, marked, tr

__all__ = ["SOURCES", "READER_WORDS", "OUR_WORDS", "NOTES", "Source", "cite", "for_reader",
           "reader_name", "seed_of", "source"]


@dataclass(frozen=True)
class Source:
    """One source text: its seed file number, bibliography key and reader's name."""

    seed: str
    key: str
    reader: str
    title: str


#: The sources, by seed file number (``../shared/rules/README.md``, "The source texts").
SOURCES: dict[str, Source] = {
    s.seed: s
    for s in (
        Source("000", "mcleod-knueffeln", "McLeod after Eaton (2021)",
               "John McLeod, “Knüffeln” (pagat.com), after Paul Eaton (2021)"),
        Source("001", "wikipedia-knueffeln", "the Wikipedia article “Knüffeln”, after "
               "Bernhard (1924)", "Wikipedia, “Knüffeln”, after J. F. Bernhard (1924)"),
        Source("002", "wikipedia-karniffel", "the Wikipedia article “Karniffel”, after "
               "Wieland (1783)", "Wikipedia, “Karniffel”, after C. M. Wieland (1783)"),
        Source("003", "overby-sanders-2001", "Overby and Sanders (2001)",
               "Glenn Overby and Chrystal Sanders, “Karnöffel” (2001)"),
        Source("004", "lunar-lands-2024", "the blog Tales of the Lunar Lands (2024)",
               "“Karnoffel”, Tales of the Lunar Lands (2024)"),
        Source("styrivolt.md", "parlett-penguin", "Parlett, The Penguin Book of Card Games",
               "David Parlett, The Penguin Book of Card Games, with the Wikipedia "
               "articles on Stýrivolt"),
    )
}

# -- the citations, each defined once -------------------------------------------------------
# Every module cites through these names (tests/test_sources.py fails on a citation constant
# defined anywhere else). A section is named as the seed text heads it; "styrivolt.md" is the
# Stýrivolt digest and "rules/README.md, reading N" a numbered reading, both in ../shared/rules/.

#: Seed 000, McLeod after Eaton (2021): today's Knüffeln, its variants and its glossary.
S000_INTRO = "seed 000, 'Introduction'"
S000_RANKING = "seed 000, 'The Cards and their Ranking'"
S000_PLAYERS = "seed 000, 'The Players'"
S000_DEAL = "seed 000, 'The Deal and Exchange'"
S000_PLAY = "seed 000, 'The Play'"
S000_DREHEN = "seed 000, 'Drehen und Sehen'"
S000_TALK = "seed 000, 'Communication'"
S000_SCORING = "seed 000, 'Scoring'"
S000_FIVE = "seed 000, 'Five-Player Knüffeln'"
S000_HATTSTEDT = "seed 000, 'Modern Knüffeln (Hattstedt variant)'"
S000_EARLY = "seed 000, 'Early 20th century versions'"
S000_VARIANTS = ("seed 000, 'Variations', 'Modern Knüffeln (Hattstedt variant)' and "
                 "'Early 20th century versions'")
S000_GLOSSARY = "seed 000, 'Knüffeln Glossary'"

#: Seed 001, the Wikipedia article after Bernhard (1924).
S001_POWERS = "seed 001, 'Card powers' and 'Playing'"
S001_PRELIM = "seed 001, 'Preliminaries'"
S001_EXCH = "seed 001, 'Exchanging'"
S001_PLAYING = "seed 001, 'Playing'"
S001_BONUS = "seed 001, 'Bonuses'"
S001_RAISE = "seed 001, 'Raising the stakes'"
S001_SCORING = "seed 001, 'Scoring'"
S001_TALK = "seed 001, 'Communication'"

#: Seed 002, Karniffel after Wieland (1783). 'Playing' gives the order in which a trick is
#: won (a led chosen Seven, a led free card, ...); reading 6 reads it, with the first trick.
S002_TEXT = "seed 002"
S002_BEASTS = "seed 002, 'Beasts'; rules/README.md reading 6"
S002_CHOSEN = "seed 002, 'Chosen suits'"
S002_UNSELECTED = "seed 002, 'Unselected suits'"
S002_AIM = "seed 002, 'Aim'"
S002_PRELIM = "seed 002, 'Preliminaries'"
S002_PLAY = "seed 002, 'Playing'; rules/README.md reading 6"
S002_SCORING = "seed 002, 'Scoring'"

#: Seed 003, Overby and Sanders (2001): Karnöffel.
S003_TEXT = "seed 003"
S003_DEAL = "seed 003, 'Deal'"
S003_PLAY = "seed 003, 'Play'"
S003_TRUMP = "seed 003, 'The «Trump» Suit'"

#: Seed 004, Tales of the Lunar Lands (2024): Karnoffel.
S004_TEXT = "seed 004"
S004_HOW = "seed 004, 'How to Play'"
S004_EXAMPLE = "seed 004, 'An Example of Play'"

#: The Stýrivolt digest (Parlett and the Wikipedia articles).
STY_TEXT = "styrivolt.md"
STY_DEAL = "styrivolt.md, 'Players, pack, deal'"
STY_CLASSES = "styrivolt.md, 'Card classes'"
STY_END = "styrivolt.md, 'End of a deal and scoring'"

#: The numbered readings of rules/README.md that are cited on their own.
README_TIES = "rules/README.md, reading 2"
README_OLE = "rules/README.md, reading 3"
README_003 = "rules/README.md, reading 7"
README_004 = "rules/README.md, reading 8"

#: Each source's name in a reader's words, marked for the catalogue, with the title of the
#: work as published (a name, never translated) in ``{title}``: in English it gives
#: :attr:`Source.reader` (tests/test_i18n_sources.py checks that).
READER_WORDS: dict[str, tuple[str, str]] = {
    "000": (marked("McLeod after Eaton (2021)"), ""),
    "001": (marked("the Wikipedia article “{title}”, after Bernhard (1924)"), "Knüffeln"),
    "002": (marked("the Wikipedia article “{title}”, after Wieland (1783)"), "Karniffel"),
    "003": (marked("Overby and Sanders (2001)"), ""),
    "004": (marked("the blog {title} (2024)"), "Tales of the Lunar Lands"),
    "styrivolt.md": (marked("Parlett, {title}"), "The Penguin Book of Card Games"),
}
#: The Stýrivolt digest's own section headings (ours, not Parlett's: translated) and the
#: reasons its [A] marks give.
OUR_WORDS: dict[str, str] = {w: w for w in (
    marked("Players, pack, deal"), marked("Card classes"), marked("End of a deal and scoring"),
    marked("End of a deal"), marked("Overlaps"), marked("as in Alkort"),
    marked("as in Knüffeln"),
    marked("by analogy with Knüffeln and the Wikipedia order A J 6 8/9 2 3 4 K Q 5"))}
#: Our notes after a citation, in our words (each replaced whole).
NOTES: tuple[str, ...] = (
    marked(" (by analogy)"), marked(" (the text leaves it unclear; relatives use either rule)"),
    marked(", first paragraph"), marked(" (who cuts: see the open questions)"),
    marked(" (only the Olen lie face up)"),
    # where the family's timeline finds its dates (knbook.pictures.TIMELINE)
    marked(" (the Karnöffel summary: a municipal ordinance of Nördlingen, 1426)"),
    marked(", opening paragraph"), marked(", closing copyright line"),
    marked(", date line (June 20, 2024)"))

_SEED = re.compile(r"\b[Ss]eeds? (\d{3})\b")
_SECTIONS = re.compile(r"(?<!\w)'([^']+)'(?!\w)")
_READING = re.compile(
    r"`?(?:shared/)?(?:rules/)?README(?:\.md)?`?,? (?:readings?|reading) \d+(?: \([^)]*\))?"
    r"|`?(?:shared/)?rules/README\.md`?(?: reading \d+| \(reading \d+\))?")
#: The Stýrivolt digest's marks: [S: Parlett] stated by a source, [A] our assumption.
_MARK = re.compile(r"\s*\[([SA])\b[:,;]?\s*([^\[\]]*)\]")
_STYRIVOLT = re.compile(r"`*(?:\.\./)?(?:shared/)?(?:rules/)?styrivolt\.md`*")
#: A source named in a message, with the sections of it that follow in single quotes.
_CITATION = re.compile(r"(?:\b[Ss]eeds? \d{3}\b|" + _STYRIVOLT.pattern + r")"
                       r"(?:,? '[^']+'(?:(?:,| and) '[^']+')*)?")
#: A note after a citation ("seed 000, 'The Deal and Exchange': two turn-ups of different
#: suits"), up to the next citation: the code marks each note for the catalogue
#: (``f"{S000_DEAL}: " + marked("...")``), and :func:`for_reader` reads it in the current
#: language.
_NOTE = re.compile(r"(?P<head>" + _CITATION.pattern + r"(?:, first paragraph)?): "
                   r"(?P<note>.+?)(?=; (?:\b[Ss]eeds? \d{3}\b|`?(?:shared/)?rules/README|"
                   + _STYRIVOLT.pattern + r")|$)",
                   re.S)


def _notes(text: str) -> str:
    """The notes after the citations of ``text`` in the current language (:data:`_NOTE`)."""
    return _NOTE.sub(lambda m: f"{m.group('head')}: {tr(m.group('note'))}", text)


def source(seed: str) -> Source:
    """The :class:`Source` of a seed file number ("000"…"004") or of the Stýrivolt digest
    ("styrivolt.md")."""
    try:
        return SOURCES[seed]
    except KeyError:
        raise RulesError(f"no source {seed!r}: the sources are {', '.join(SOURCES)}") from None


def seed_of(citation: str) -> str:
    """The source a code citation names first: its seed file number ("000" for
    ``"seed 000, 'The Play'"``) or the Stýrivolt digest ("styrivolt.md").

    >>> seed_of(S002_CHOSEN), seed_of(STY_DEAL)
    ('002', 'styrivolt.md')
    """
    found = re.search(_SEED.pattern + "|" + _STYRIVOLT.pattern, citation)
    if found is None:
        raise RulesError(f"no source in {citation!r}: a citation names a seed file or "
                         f"styrivolt.md")
    return found.group(1) or "styrivolt.md"


def cite(seed: str, *, style: str = "t") -> str:
    """The MyST role that cites a source in the book, e.g. ``{cite:t}`mcleod-knueffeln```."""
    return f"{{cite:{style}}}`{source(seed).key}`"


def _ours(words: str) -> str:
    """Our own words in a citation (a digest heading, a reason) in the current language."""
    return tr(OUR_WORDS[words]) if words in OUR_WORDS else words


def _mark_words(m: re.Match[str]) -> str:
    kind, rest = m.group(1), m.group(2).strip()
    if kind == "S":
        who, _, more = rest.partition(";")
        if more.strip():
            return " (" + tr("stated by {who}, in part our assumption",
                             who=who.strip() or "Parlett") + ")"
        return " (" + tr("stated by {who}", who=who.strip() or "Parlett") + ")"
    rest = rest[1:].strip() if rest.startswith(":") else rest
    if rest:
        return " (" + tr("our assumption, {reason}", reason=_ours(rest)) + ")"
    return " (" + tr("our assumption") + ")"


def _cites(cite: bool) -> bool:
    """Whether titles are marked up as ``<cite>``: asked for, and in a language other than
    English (the English pages' stored outputs keep their plain quotes)."""
    return cite and current_language() != "en"


def reader_name(seed: str, *, cite: bool = False) -> str:
    """A source's name in reader's words in the current language; with ``cite`` (markup
    only), outside English the published title is a ``<cite>`` (a name, not a sentence)."""
    template, title = READER_WORDS[source(seed).seed]
    if not title:
        return tr(template)
    return tr(template, title=f"<cite>{title}</cite>" if _cites(cite) else title)


def _quote_sections(text: str, cite: bool) -> str:
    def quoted(m: re.Match[str]) -> str:
        section = m.group(1)
        if section in OUR_WORDS:
            return tr("“{section}”", section=_ours(section))
        if _cites(cite):
            return "<cite>" + tr("“{section}”", section=section) + "</cite>"
        return tr("“{section}”", section=section)
    return _SECTIONS.sub(quoted, text)


def _overlaps(text: str) -> str:
    """A digest's sub-heading after a quoted section (", Overlaps") in our words."""
    return re.sub(r"(?<=[”“]), Overlaps\b", lambda m: ", " + _ours("Overlaps"), text)


def for_reader(citation: str, *, cite: bool = False) -> str:
    """A code citation in reader's words, in the current language: authors and titles, no
    file names.

    ``seed 00x`` becomes the source's author and title, a section in single quotes
    becomes a quoted section title, a numbered reading of the rules README becomes
    "our reading", the Stýrivolt digest becomes Parlett's book, and its marks [S: Parlett]
    and [A] become "stated by Parlett" and "our assumption". With ``cite`` (for markup),
    outside English the published titles are ``<cite>`` elements.
    """
    text = _MARK.sub(_mark_words, _notes(citation))
    text = _READING.sub(lambda m: tr("our reading"), text)
    text = _STYRIVOLT.sub(lambda m: reader_name("styrivolt.md", cite=cite), text)
    text = _SEED.sub(lambda m: reader_name(m.group(1), cite=cite), text)
    text = _overlaps(_quote_sections(text, cite))
    text = re.sub(r"(?:(?<=[”“])|(?<=</cite>)|(?<=paragraph)) and (?=[“„<])", lambda m: tr(" and "),
                  text)
    for note in NOTES:
        text = text.replace(note, tr(note))
    return text


#: A refusal's citation (``RulesError(message, source=S000_DEAL)``) is read in these words.
read_citations_with(for_reader)
