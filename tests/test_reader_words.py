"""Reader's words in the family chapters' tables: reader_table and the Stýrivolt marks."""

from __future__ import annotations

from knbook.course.book_helpers import reader_table
from knlib import ruleset
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


def test_one_source_named_once_however_many_sections():
    from knbook.course.book_helpers import merge_citations
    from knlib.players.talk import GLOSSARY

    brille = next(t for t in GLOSSARY if t.term == "Brille")
    words = for_reader(merge_citations(brille.source))
    mcleod = for_reader("seed 000")
    assert words.count(mcleod) == 1 < for_reader(brille.source).count(mcleod)
    assert "“Knüffeln Glossary” and “Early 20th century versions”" in words
    # a source cited apart from its other sections, or without one, is left in its place
    assert merge_citations("seed 000, 'A'; seed 001, 'B'; seed 000, 'C'") == \
        "seed 000, 'A'; seed 001, 'B'; seed 000, 'C'"
    assert merge_citations("seed 002; seed 002, 'X'") == "seed 002; seed 002, 'X'"


def test_a_wide_reader_table_scrolls_in_its_own_box():
    rows = [("Knüffeln", "seed 000, 'The Play'")] * 3
    plain = reader_table(["game", "source"], rows)
    wide = reader_table(["game", "source"], rows, min_width="60em")
    assert str(plain).startswith("<table>") and "overflow" not in plain
    assert 'overflow-x:auto' in wide and 'min-width:60em' in wide
    assert str(wide).count("<tr>") == str(plain).count("<tr>") == 4
    assert "seed 000" not in wide and for_reader("seed 000") in wide


def test_every_bibliography_entry_has_a_year_a_reader_can_cite():
    """The author-year labels read 'Wikipedia contributors, 2026', not '…, n.d.': every
    entry but Parlett's (whose edition the sources do not record) has a four-digit year."""
    import re
    from pathlib import Path

    bib = (Path(__file__).resolve().parents[1] / "references.bib").read_text()
    entries = dict(re.findall(r"@\w+\{([\w-]+),(.*?)\n\}", bib, flags=re.S))
    assert {"wikipedia-knueffeln", "wikipedia-karniffel", "bernhard-1924"} <= set(entries)
    for key, body in entries.items():
        year = re.search(r"year\s*=\s*\{([^}]*)\}", body)
        assert year, key
        if key != "parlett-penguin":
            assert re.fullmatch(r"\d{4}", year.group(1)), (key, year.group(1))
