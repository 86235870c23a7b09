"""The rules layer in German (issue 27): card names, the roles of the Knüffeln family, the
trick explanations and the refusals, with English unchanged outside a language block."""

from __future__ import annotations

import itertools
import re

import pytest

import knlib
from knlib.cards import SUITS, Card, suit_name
from knlib.errors import RulesError
from knlib.games import ruleset
from knlib.rules.tricks import ordinal

#: English function words that must not be left in a German text.
ENGLISH = re.compile(r"\b(the|is|wins|which|of|and|when|every|not|chosen|unless|taken|"
                     r"nothing|beater|card|led|higher|lower|a|by|it|its|or|beast|ahead)\b")
#: A citation of a source, which keeps its own words ('seed 000, 'The Play'').
CITATION = re.compile(r"\((seed \d|rules/|styrivolt\.md)[^)]*\)")
GAMES = tuple(knlib.games.GAMES)


def english_left(text: str) -> list[str]:
    return ENGLISH.findall(CITATION.sub("", text))


def test_contract_example_in_german() -> None:
    with knlib.language("de"):
        expl = knlib.explain_trick("knueffeln", "D4 S3 DA C8", "HS")
        summary = expl.summary()
        named = expl.summary(["West", "Nord", "Ost", "Süd"])
        text = str(expl)
    assert expl.winner == 1
    assert summary == ("♠3 ist ein Drist (gewählte Drei) und gewinnt den Stich: er sticht ♦4, "
                       "einen Schiet (leere Karte).")
    assert "♠3 von Nord" in named and "gewinnt den Stich" in named
    assert expl.steps[0].sentence.startswith("1. Karte: ♦4 ist ein Schiet")
    assert "Gewinner: 2. Karte, ♠3." in text
    for sentence in (summary, named, text):
        padded = f" {sentence} "
        for word in (" the ", " is ", " wins ", " which ", " so "):
            assert word not in padded, (word, sentence)
        assert not english_left(sentence), sentence


def test_contract_example_stays_english_outside_the_block() -> None:
    with knlib.language("de"):
        knlib.explain_trick("knueffeln", "D4 S3 DA C8", "HS")
    expl = knlib.explain_trick("knueffeln", "D4 S3 DA C8", "HS")
    assert expl.summary(["West", "North", "East", "South"]) == (
        "North wins with ♠3, a Drist (chosen Three): it takes ♦4, a dud (Schiet).")
    assert str(expl) == (
        "1st: ♦4 is a dud (Schiet); it is led, so it leads the trick.\n"
        "2nd: ♠3 is a Drist (chosen Three); the card ahead, ♦4, is a dud (Schiet), which is "
        "taken only by the Ace of its own suit, any beater (a chosen Four or higher) or an "
        "Ole, so ♠3 now leads the trick.\n"
        "3rd: ♦A is an unchosen Ace (Fehl-As); the card ahead, ♠3, is a Drist (chosen Three), "
        "which is taken only by a higher beater or an Ole, so ♠3 stays ahead.\n"
        "4th: ♣8 is a dud (Schiet); the card ahead, ♠3, is a Drist (chosen Three), which is "
        "taken only by a higher beater or an Ole, so ♠3 stays ahead.\n"
        "Winner: 2nd card, ♠3.")


@pytest.mark.parametrize("game", GAMES)
def test_every_role_of_every_choice_speaks_german(game: str) -> None:
    rules = ruleset(game)
    english_role = rules.role("C9", "HS"[:rules.n_chosen])
    for chosen in itertools.permutations(SUITS, rules.n_chosen):
        with knlib.language("de"):
            roles = rules.roles(chosen)
            texts = {card: (r.name, r.label, r.title, r.beats, r.taken_by, r.note or "")
                     for card, r in roles.items()}
        for card, parts in texts.items():
            for text in parts:
                assert not english_left(text), (game, chosen, str(card), text)
    # the English roles are another table, unchanged
    assert rules.role("C9", "HS"[:rules.n_chosen]) is english_role
    assert english_role.title.startswith(("a ", "an "))  # the English table, in English


def test_german_explanations_of_many_tricks_have_no_english() -> None:
    import random

    rng = random.Random(27)
    for game in GAMES:
        rules = ruleset(game, **({"stecher_blocked_by": "any_suit"}
                                 if game == "karnoeffel" else {}))
        for _ in range(80):
            chosen = rng.sample(SUITS, rules.n_chosen)
            cards = rng.sample(rules.pack, rng.randint(1, rules.max_table))
            with knlib.language("de"):
                expl = knlib.explain_trick(rules, cards, chosen)
                texts = [str(expl), expl.summary(), expl.summary(so_far=True),
                         expl.summary([f"P{i}" for i in range(len(cards))])]
            for text in texts:
                assert not english_left(text), (game, text)


def test_card_and_suit_names_and_ordinals_in_german() -> None:
    with knlib.language("de"):
        assert Card("S4").name == "Pik-Vier"
        assert Card("HA").name == "Herz-As"
        assert Card("SQ").german_name == "Grün-Ober"
        assert [suit_name(s) for s in SUITS] == ["Kreuz", "Pik", "Herz", "Karo"]
        assert ruleset("knueffeln").chosen_text(("H", "S")) == "Herz und Pik"
        assert ruleset("karniffel").chosen_text(("C",)) == "Eichel"
        assert ordinal(1) == "1." and ordinal(12) == "12."
    assert Card("S4").name == "Four of Spades"
    assert Card("SQ").german_name == "Ober of Leaves"
    assert ruleset("knueffeln").chosen_text(("H", "S")) == "Hearts and Spades"
    assert ordinal(1) == "1st" and ordinal(12) == "12th"


@pytest.mark.parametrize(("call", "value", "german"), [
    (lambda: knlib.explain_trick("knueffeln", "D4 S3", "HHS"), "HHS", "gewählte Farben"),
    (lambda: knlib.explain_trick("knueffeln", "D4 S3", "HH"), "'H'", "doppelt"),
    (lambda: knlib.explain_trick("knueffeln", "D5 S3", "HS"), "♦5", "Blatt"),
    (lambda: knlib.explain_trick("knueffeln", "D4 D4", "HS"), "♦4", "doppelt"),
    (lambda: knlib.explain_trick("knueffeln", "D4 S3 DA C8 H3 S4", "HS"), "6", "Tisch"),
    (lambda: knlib.explain_trick("knueffeln", "", "HS"), "", "mindestens eine Karte"),
    (lambda: knlib.explain_trick("knueffeln", "D4 S3", "HS").summary(["Nord"]), "1",
     "Namen"),
    (lambda: ruleset("knueffeln", ties="nope"), "'nope'", "keine Wahl"),
    (lambda: ruleset("nope"), "'nope'", "kein Spiel"),
    (lambda: knlib.Hand("D4 S3 DA C8 H3 S4 D6 D7 D8 D9", "knueffeln"), "10", "Blatt"),
    (lambda: knlib.explain_trick("karnoeffel", "H7 S3", "H", first_trick=True), "♥7",
     "Teufel"),
])
def test_german_refusals_name_the_value(call, value: str, german: str) -> None:  # type: ignore[no-untyped-def]
    with knlib.language("de"), pytest.raises(RulesError) as info:
        call()
    message = str(info.value)
    assert value in message and german in message, message
    assert not re.search(r"\b(is|the|must|has|given)\b", message), message
    with pytest.raises(RulesError) as english:
        call()
    assert german not in str(english.value)
