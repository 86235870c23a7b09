"""knlib.sources: every citation the engine gives reads as author and title for a reader."""

import re

import pytest

import knlib
from knlib.course.book_helpers import open_question_note, sources_differ
from knlib.errors import RulesError
from knlib.sources import SOURCES, cite, for_reader

FILE_WORDS = re.compile(r"seed 0|\.md\b|README|shared/|rules/", re.IGNORECASE)


def test_seed_citation_becomes_author_and_section():
    assert for_reader("seed 000, 'The Play'") == "McLeod after Eaton (2021), “The Play”"
    assert for_reader("Seed 003 says so") == "Overby and Sanders (2001) says so"


def test_readings_and_styrivolt_digest_become_plain_words():
    assert for_reader("rules/README.md, reading 8") == "our reading"
    assert for_reader("shared/rules/styrivolt.md, 'End of a deal'") == (
        "Parlett, The Penguin Book of Card Games, “End of a deal”")


def test_apostrophes_are_left_alone():
    assert for_reader("the dealer's stock and the opponents' march") == (
        "the dealer's stock and the opponents' march")


@pytest.mark.parametrize("game", knlib.GAMES)
def test_every_open_question_reads_without_file_names(game):
    for q in knlib.open_questions(game):
        for text in (q.question, q.default, q.source, *q.alternatives):
            assert not FILE_WORDS.search(for_reader(text)), (game, q.topic, text)
        assert "_" not in q.title, (game, q.topic)


def test_sources_box_is_one_collapsible_box_with_titles():
    box = sources_differ("knueffeln", ["five_march_8", "ties"])
    assert box.startswith("::::{admonition} Where the sources differ")
    assert ":class: note dropdown" in box
    assert "**A march with eight tricks.**" in box and "**Equal cards.**" in box
    assert not FILE_WORDS.search(box)
    assert open_question_note("knueffeln", "ties").startswith(
        ":::{admonition} Our reading: equal cards")


def test_unknown_source_and_topic_are_rules_errors():
    with pytest.raises(RulesError, match="'009'"):
        cite("009")
    with pytest.raises(RulesError, match="'nope'"):
        sources_differ("knueffeln", ["nope"])


def test_every_source_has_a_bibliography_entry():
    from pathlib import Path

    bib = (Path(__file__).parent.parent / "references.bib").read_text(encoding="utf-8")
    for s in SOURCES.values():
        assert "{" + s.key + "," in bib
