"""The German site's bibliography styles (pybtex, for sphinxcontrib-bibtex).

The entries (de/references.bib, notes in German) in German order and words: "und" between
authors, "In:" before a journal or a collection, "S." before pages, and each title of a work
(the article's, the book's, the journal's) as published, marked as a title with German
quotation marks („…“), which a reference's hover note keeps too (it is plain text). The
references in the text by author and year: "Overby und Sanders, 2001", "… u. a.".

``de/_config.yml`` chooses them: ``bibtex_default_style: knlib-de`` and
``bibtex_reference_style: knlib-de`` (registered by knlib_page.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dataclass_field

from pybtex.richtext import Symbol, Text
from pybtex.style.formatting import toplevel
from pybtex.style.formatting.plain import Style as Plain
from pybtex.style.formatting.unsrt import date, pages
from pybtex.style.template import (
    field,
    join,
    names,
    optional,
    optional_field,
    sentence,
    words,
)
from sphinxcontrib.bibtex.style.referencing import PersonStyle
from sphinxcontrib.bibtex.style.referencing.author_year import AuthorYearReferenceStyle

#: The styles' name in de/_config.yml.
NAME = "knlib-de"


def title(name: str):
    """A title as published, between German quotation marks."""
    return join["„", field(name), "“"]


#: "S. 149–157", the space unbroken.
page_range = optional[join(sep=Symbol("nbsp"))["S.", pages]]
#: A journal's volume and issue: "49 (4)".
volume = optional[words[field("volume"), optional[join["(", field("number"), ")"]]]]


class GermanStyle(Plain):
    """pybtex's plain style (sorted by author, year and title) in German."""

    def format_names(self, role, as_sentence=True):
        found = names(role, sep=", ", sep2=" und ", last_sep=" und ")
        return sentence[found] if as_sentence else found

    def get_article_template(self, e):
        return toplevel[
            self.format_names("author"),
            sentence[title("title")],
            sentence[words["In:", title("journal"), volume], date, page_range],
            sentence[optional_field("note")],
            self.format_web_refs(e),
        ]

    def get_book_template(self, e):
        return toplevel[
            self.format_names("author"),
            sentence[title("title")],
            sentence[field("publisher"), optional_field("address"), date],
            sentence[optional_field("note")],
            self.format_web_refs(e),
        ]

    def get_incollection_template(self, e):
        return toplevel[
            self.format_names("author"),
            sentence[title("title")],
            sentence[words["In:", title("booktitle"), optional_field("volume")],
                     words[optional_field("address"), date], page_range],
            sentence[optional_field("note")],
            self.format_web_refs(e),
        ]

    def get_misc_template(self, e):
        return toplevel[
            optional[self.format_names("author")],
            optional[sentence[title("title")]],
            sentence[optional[field("howpublished")], optional[date]],
            sentence[optional_field("note")],
            self.format_web_refs(e),
        ]


def _german_persons() -> PersonStyle:
    return PersonStyle(sep2=" und ", last_sep=" und ", other=Text(" u.\u00a0a."))


@dataclass
class GermanAuthorYear(AuthorYearReferenceStyle):
    """sphinxcontrib-bibtex's author-year references with the authors joined in German."""

    person: PersonStyle = dataclass_field(default_factory=_german_persons)


def register() -> None:
    """Make the styles known to pybtex and sphinxcontrib-bibtex under :data:`NAME`."""
    from pybtex.plugin import register_plugin
    from sphinxcontrib.bibtex.plugin import register_plugin as register_reference_style

    register_plugin("pybtex.style.formatting", NAME, GermanStyle)
    register_reference_style("sphinxcontrib.bibtex.style.referencing", NAME, GermanAuthorYear)
