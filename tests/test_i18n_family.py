"""The family's rule sets, the reader's citations and the reference pages in German (issue 27):
German comes out under ``knlib.language("de")``, English stays what it was."""

from __future__ import annotations

import re

import pytest

import knlib
from knbook.course.book_helpers import sources_differ
from knbook.course.reference_pages import (
    free_lead_html,
    glossary_intro_md,
    role_examples_md,
    source_counts_html,
)
from knbook.course.styrivolt_page import RULES, rules_table_html, takes_text
from knlib.i18n import language
from knlib.sources import SOURCES, for_reader, reader_name

#: Common English words that are not German words too (as tests/test_german_site.py counts).
_WORDS = (
    "the and of to is are that it with for you your this these those on be by not or which "
    "from can at its have has what when who they their there would should been were does "
    "how if than then into only also each every one two three")
ENGLISH = frozenset(_WORDS.split())


def english_share(text: str) -> float:
    text = re.sub(r"<cite>.*?</cite>|\{cite:\w\}`[^`]*`", " ", text)
    words = [w.lower() for w in re.findall(r"[A-Za-zÄÖÜäöüß']+", text)]
    return sum(w in ENGLISH for w in words) / max(1, len(words))


def test_the_readers_names_in_english_are_the_sources_names():
    for seed, source in SOURCES.items():
        assert reader_name(seed) == source.reader
        assert reader_name(seed, cite=True) == source.reader  # English: no markup


def test_citations_in_german():
    with language("de"):
        assert for_reader("seed 000, 'The Play'") == "McLeod nach Eaton (2021), „The Play“"
        assert for_reader("seed 001") == "Wikipedia, „Knüffeln“, nach Bernhard (1924)"
        assert for_reader("seed 004") == "Tales of the Lunar Lands (Blog, 2024)"
        assert for_reader("rules/README.md, reading 8") == "unsere Lesart"
        assert for_reader("x [S: Parlett; A]") == "x (belegt bei Parlett, zum Teil unsere Annahme)"
        assert for_reader("styrivolt.md, 'Card classes' [A, as in Alkort]") == (
            "Parlett, The Penguin Book of Card Games, „Kartenklassen“ "
            "(unsere Annahme, wie im Alkort)")
        assert for_reader("styrivolt.md, 'Card classes', Overlaps [A]").endswith(
            "„Kartenklassen“, Überschneidungen (unsere Annahme)")
        assert for_reader("seed 000, 'Drehen und Sehen' and 'The Play'", cite=True) == (
            "McLeod nach Eaton (2021), <cite>„Drehen und Sehen“</cite> und "
            "<cite>„The Play“</cite>")
        assert reader_name("styrivolt.md", cite=True) == (
            "Parlett, <cite>The Penguin Book of Card Games</cite>")
        assert str(knlib.RulesError("'x' fehlt", source="seed 003, 'Deal'")) == (
            "'x' fehlt (Overby und Sanders (2001), „Deal“)")
    # English as before
    assert for_reader("seed 000, 'Drehen und Sehen' and 'The Play'", cite=True) == (
        "McLeod after Eaton (2021), “Drehen und Sehen” and “The Play”")
    assert for_reader("styrivolt.md, 'Card classes', Overlaps [A]") == (
        "Parlett, The Penguin Book of Card Games, “Card classes”, Overlaps (our assumption)")


OTHERS = [g for g in knlib.GAMES if g != "knueffeln"]


@pytest.mark.parametrize("game", OTHERS)
def test_the_open_questions_of_the_relatives_are_german(game):
    english = {q.topic: q for q in knlib.open_questions(game)}
    with language("de"):
        german = knlib.open_questions(game)
        for q in german:
            en = english[q.topic]
            texts = [q.question, q.reading, *q.other_readings, for_reader(q.source, cite=True)]
            for text in texts:
                assert english_share(text) < 0.2, (game, q.topic, text)
            assert q.question != en.question and q.reading != en.reading, (game, q.topic)
            assert q.source == en.source  # the code citation itself does not change
        box = sources_differ(game)
    assert english_share(box) < 0.05, box


def test_styrivolts_table_in_german_and_english():
    english = rules_table_html()
    assert "the first side to win five of the nine tricks wins" in english
    assert "our assumption</span> the custom of the family" in english
    assert "<cite>" not in english
    with language("de"):
        german = rules_table_html()
        assert takes_text("S7", "H2") == "♥2 sticht eine ausgespielte ♠7 nicht"
    assert "wer zuerst fünf der neun Stiche hat, gewinnt" in german
    assert "unsere Annahme</span> der Brauch der Familie" in german
    assert german.count("<tr>") == english.count("<tr>") == len(RULES) + 1
    assert english_share(re.sub(r"<[^>]+>", " ", german)) < 0.01
    assert rules_table_html() == english


def test_the_reference_pages_texts_in_german():
    card = knlib.Card("H2")
    assert free_lead_html("West", card, "North", 2, 9) == (
        "<p>West led ♥2. North holds 2 cards of that suit, and may play any of these 9:</p>")
    assert "our own reading" in source_counts_html() and "<cite>" not in source_counts_html()
    with language("de"):
        assert free_lead_html("West", card, "Nord", 1, 9) == (
            "<p>West hat ♥2 ausgespielt. Nord hat 1 Karte dieser Farbe und darf jede dieser "
            "9 Karten spielen:</p>")
        counts = source_counts_html()
        roles = role_examples_md()
        intro = glossary_intro_md()
    assert "<cite>The Penguin Book of Card Games</cite>" in counts
    assert "unsere eigene Lesart" in counts and "McLeod nach Eaton (2021)" in counts
    assert "| Spiel | gewählt | warum |" in roles and "wie Bohmstedt, zum Vergleich" in roles
    assert intro.startswith("Das Glossar hat ")
    for text in (counts, roles, intro):
        assert english_share(text) < 0.02, text


def test_karniffels_exchange_offer_and_turn_ups_in_german():
    from knbook.course.family_tables import exchange_offers_text, turn_ups_html

    deal = knlib.new_deal("karniffel", seed=1)
    assert exchange_offers_text(deal) == (
        "The computer offers South two choices: exchange the Banner ♥10 for the turn-up ♥9, "
        "or pass.")
    assert turn_ups_html(deal, german_symbols=True) == (
        "<p>Turn-ups ♥9 ♠10: the chosen suits are Hearts and Leaves.</p>")
    with language("de"):
        assert exchange_offers_text(deal) == (
            "Der Computer bietet Süd zwei Möglichkeiten an: Banner ♥10 gegen die aufgedeckte "
            "♥9 tauschen oder passen.")
        assert turn_ups_html(deal, german_symbols=True) == (
            "<p>Aufgedeckt ♥9 ♠10: Die gewählten Farben sind Herz und Grün.</p>")
