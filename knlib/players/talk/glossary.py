"""The glossary: every term of seed 000's 'Knüffeln Glossary', plus the terms of seeds
001-004 and ``styrivolt.md`` that the book uses, each as a :class:`Term` with its
definition and source (:data:`GLOSSARY`, :func:`term`, :func:`glossary_html`). Each game's
module holds its own terms (:attr:`knlib.games.Ruleset.glossary_terms`); this module
gathers them from the registry.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Iterator

from ...errors import RulesError
from ...games import RULESETS
from ...games.terms import Term
from ...i18n import tr
from ...sources import S000_GLOSSARY, SOURCES, for_reader
from .phrasebook import CELL_STYLE, TABLE_STYLE, phrase

__all__ = ["Term", "Glossary", "GLOSSARY", "games_glossary", "term", "glossary_html",
           "glossary_sources_md"]


def _work(part: str) -> str:
    """The source a citation part names, without its sections: "seed 001, 'Bonuses'" ->
    "seed 001"."""
    return part.split(",")[0].strip()


def _source_place(terms: tuple[Term, ...]) -> int:
    """Where the work that gives a game's first term stands among the sources (seed 000
    first, styrivolt.md last); a work not among them comes after."""
    work = _work(terms[0].source.split(";")[0]).removeprefix("seed ")
    return list(SOURCES).index(work) if work in SOURCES else len(SOURCES)


def games_glossary() -> Glossary:
    """The glossary of the games registered now: each game's terms
    (:attr:`~knlib.games.Ruleset.glossary_terms`, a variant that inherits them counts once),
    the games in the order of their sources, each game's terms in its own order.
    :data:`GLOSSARY` is the family's, gathered once."""
    own = dict.fromkeys(cls.glossary_terms for cls in RULESETS.values() if cls.glossary_terms)
    return Glossary(t for terms in sorted(own, key=_source_place) for t in terms)


class Glossary:
    """The terms, seed 000's glossary first; index by position, id or any form."""

    def __init__(self, terms: Iterable[Term]) -> None:
        self._terms = tuple(terms)
        self._by_id = {t.id: t for t in self._terms}
        if len(self._by_id) != len(self._terms):
            raise RulesError("two glossary terms share an id")

    def __len__(self) -> int:
        return len(self._terms)

    def __iter__(self) -> Iterator[Term]:
        return iter(self._terms)

    def __getitem__(self, key: int | str) -> Term:
        if isinstance(key, str):
            return term(key, self)
        return self._terms[key]

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            try:
                term(item, self)
            except RulesError:
                return False
            return True
        return item in self._terms

    def from_source(self, source: str) -> tuple[Term, ...]:
        return tuple(t for t in self._terms if source in t.source)

    def __repr__(self) -> str:
        return f"<Glossary of {len(self)} terms>"

    def _repr_html_(self) -> str:
        return glossary_html(self)


#: Seed 000's 'Knüffeln Glossary' in full, then the terms of seeds 000-004 and styrivolt.md.
GLOSSARY = games_glossary()


def term(name: str, glossary: Glossary | None = None) -> Term:
    """A term by id, by its text as given, or by any form (case-insensitive)."""
    glossary = GLOSSARY if glossary is None else glossary
    if name in glossary._by_id:
        return glossary._by_id[name]
    folded = name.casefold()
    for t in glossary:
        if folded == t.term.casefold() or any(folded == f.casefold() for f in t.forms):
            return t
    raise RulesError(tr("{value} is not in the glossary", value=repr(name)))


def see_also_name(target: str) -> str:
    """A "see also" target as a reader sees it: a term by its name (:attr:`Term.name`), a
    phrase of the phrasebook by its words as said at the table; anything else as given."""
    try:
        return term(target).name
    except RulesError:
        pass
    try:
        return phrase(target).low_german_or_german
    except RulesError:
        return target


def glossary_html(terms: Iterable[Term] | None = None, *,
                  caption: str | None = None, sources: bool = False) -> str:
    """A self-contained HTML table of the glossary (everything escaped): the term, its
    meaning and the terms to see also. A reader's table names no source (issue 25): the
    sources go once into the page's sources box (:func:`glossary_sources_md`);
    ``sources=True`` adds a source column, for programmers."""
    e = html.escape
    caption = tr("Knüffeln glossary") if caption is None else caption
    rows = []
    for t in GLOSSARY if terms is None else terms:
        source = f"<td {CELL_STYLE}>{e(for_reader(t.source))}</td>" if sources else ""
        rows.append(
            f"<tr><td {CELL_STYLE}><i lang='de'>{e(t.name)}</i></td><td {CELL_STYLE}>{e(t.meaning)}"
            f"</td><td {CELL_STYLE}>{e(', '.join(map(see_also_name, t.see_also)))}</td>"
            f"{source}</tr>"
        )
    head = "".join(f"<th {CELL_STYLE} scope='col'>{e(h)}</th>" for h in
                   (tr("term"), tr("meaning"), tr("see also"),
                    *((tr("source"),) if sources else ())))
    return (f"<table class='knlib-glossary' style='{TABLE_STYLE}'>"
            f"<caption>{e(caption)}</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def glossary_sources_md(terms: Iterable[Term] | None = None, *,
                        title: str | None = None) -> str:
    """The glossary's sources, once, as a MyST note box (collapsed): the meanings are this
    book's wording, and each source, by author and title, with the terms it gives (Eaton's
    list, printed in McLeod's description, as one entry)."""
    title = tr("Our reading: where the words come from") if title is None else title
    terms = tuple(GLOSSARY if terms is None else terms)
    works: dict[str, list[Term]] = {}
    for t in terms:
        for part in t.source.split(";"):
            bucket = works.setdefault(_work(part), [])
            if t not in bucket:
                bucket.append(t)
    listed = [t for t in terms if S000_GLOSSARY in t.source]
    lines = [f"::::{{admonition}} {title}", ":class: note dropdown", "",
             tr("The terms are spelled as the sources print them; the meanings are this "
                "book's own wording. The sources, and the terms each of them gives:"), ""]
    for work, found in works.items():
        if work == _work(S000_GLOSSARY):
            rest = [t for t in found if t not in listed]
            section = for_reader(S000_GLOSSARY, cite=True).removeprefix(
                f"{for_reader(work, cite=True)}, ")
            text = tr("its {section}, Eaton's list: the {n} terms of the first table",
                      section=section, n=len(listed))
            if rest:
                text = tr("{text}; from its other sections: {terms}", text=text,
                          terms=", ".join(f"*{t.name}*" for t in rest))
        else:
            text = ", ".join(f"*{t.name}*" for t in found)
        lines.append(f"- **{for_reader(work, cite=True)}**: {text}.")
    lines += ["", "::::"]
    return "\n".join(lines)
