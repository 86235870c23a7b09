"""Reader's words in the family chapters' tables: reader_table and the Stýrivolt marks."""

from __future__ import annotations

from knlib import ruleset
from knlib.book_helpers import reader_table
from knlib.sources import for_reader


def test_reader_table_escapes_and_words_citations():
    html = reader_table(["rule", "source"], [
        ((2, 4), "seed 004, 'How to Play'"),
        ("<b>", "styrivolt.md, 'Card classes' [A, as in Alkort]"),
    ])
    assert "2 or 4" in html and "&lt;b&gt;" in html and "<b>" not in html
    assert "seed 004" not in html and "Lunar Lands" in html and "“How to Play”" in html
    assert "styrivolt.md" not in html and "[A" not in html
    assert "our assumption, as in Alkort" in html
    assert html._repr_html_() == str(html)


def test_stated_and_assumed_marks_in_plain_words():
    stated = for_reader(ruleset("styrivolt").pack_source)
    assert stated.endswith("(stated by Parlett)") and "[S" not in stated
    assumed = for_reader(ruleset("styrivolt").chosen_source)
    assert "(our assumption, as in Knüffeln)" in assumed and "[A" not in assumed
    assert for_reader("x [S: Parlett; A]") == "x (stated by Parlett, in part our assumption)"
    # text without marks is left alone
    assert for_reader("a [note] stays") == "a [note] stays"
