"""The evenings' small tables and the exam page's topics table (knbook.course.evening_tables),
in English as the chapters showed them, and in German."""

import re

import knlib
from knbook.course import BOOK_EXAM_SEED, exam
from knbook.course.evening_tables import (
    ahead_table,
    exam_topics_table,
    olen_table,
    pack_text,
    roles_table,
    turn_ups_table,
)

ENGLISH = re.compile(r"\b(the|of|and|card|cards|chosen|played|ahead|place|deal|number|"
                     r"evening|topic|questions|thrown|turned|what|Left)\b")


def tables():
    hand = [knlib.Card(c) for c in ("SA", "S7", "H2")]
    return [pack_text(), olen_table(), turn_ups_table((7, 16, 28, 54, 69)),
            roles_table("knueffeln", hand, ("HS", "CD")),
            ahead_table("knueffeln", ["DK", "S4", "DA", "S6"], "HS"),
            exam_topics_table(exam(BOOK_EXAM_SEED))]


def test_the_english_tables_read_as_the_chapters_had_them():
    pack, olen, turn_ups, roles, ahead, topics = tables()
    assert pack == ("The pack has **48 cards**, 12 in each suit: Two, Three, Four, Six, "
                    "Seven, Eight, Nine, Ten, Jack, Queen, King, Ace. Left out: the Fives.")
    assert olen.splitlines()[:3] == ["| place | card | table name | what it is |",
                                     "|---|---|---|---|",
                                     "| 1 | ♥2 | *de Beste* | the highest Ole, Two of Hearts |"]
    assert turn_ups.startswith("| deal number | thrown in first | turned up | chosen suits |")
    assert roles.splitlines()[0] == "| card | ♥ ♠ chosen | ♣ ♦ chosen |"
    assert ahead.splitlines()[2:4] == ["| 1st: ♦K | ♦K |", "| 2nd: ♠4 | ♦K |"]
    assert topics.splitlines()[2].startswith("| 1 | The pack and the table | ")


def test_the_german_tables_are_german():
    with knlib.language("de"):
        texts = tables()
    pack, olen, turn_ups, roles, ahead, topics = texts
    assert pack.startswith("Gespielt wird mit **48 Karten**, 12 in jeder Farbe: Zwei, Drei")
    assert pack.endswith("Es fehlen die Fünfen.")
    assert "| 1 | ♥2 | *de Beste* | der höchste Ole, Herz-Zwei |" in olen
    assert roles.splitlines()[0] == "| Karte | ♥ ♠ gewählt | ♣ ♦ gewählt |"
    assert "| 1. ♦K | ♦K |" in ahead
    assert "| 3 | Wer macht den Stich? | " in topics
    for text in texts:
        # the Low German names of the Olen aside ('de Beste'), no English word is left
        assert not ENGLISH.findall(re.sub(r"\*de \w+\*", "", text)), text


def test_a_question_title_in_the_topics_table_ends_without_a_semicolon():
    """'Wer spielt aus?; Das Blatt' is double punctuation: a question mark ends the title."""
    for code in ("en", "de"):
        with knlib.language(code):
            topics = exam_topics_table(exam(BOOK_EXAM_SEED))
        assert "?" in topics
        assert not re.search(r"[?!];", topics), topics
