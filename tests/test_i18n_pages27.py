"""The texts of the leader's guide page, Evening 5 and the phrasebook page in German
(issue 27): the sentences knlib fills in for these chapters come through the catalogue, and
their English is what the English chapters show."""

from __future__ import annotations

import re

import pytest

import knlib
from knbook.chapters import phrasebook as chapter
from knbook.course import exam, goals_table_myst, question
from knbook.course.evening_five import (
    bernhard_rules_md,
    bluff_lines_md,
    five_player_trick_html,
    ladder_marks_md,
    takers_md,
)
from knbook.course.golden import golden_deal
from knbook.course.golden_moves import book_player
from knbook.course.leader_page import (
    evenings_overview_md,
    marked_paper_md,
    reprinted_paper_md,
)
from knbook.course.printables import printables_md
from knlib.engine.deal import deal_questions
from knlib.players.bots import RulePlayer

#: Common English words that German does not use (as tests/test_german_site.py counts them).
_ENGLISH = ("the and of to is are that it with for you your this these those on be by not or "
            "which from can at its have has what when who they their there would should been "
            "were does how if than then into only one two three holds")
ENGLISH = frozenset(_ENGLISH.split())
#: Words a German text may hold although they are English: the sources' English names.
NAMES = re.compile(r"the Wikipedia article “[^”]*”, after \w+ \(\d{4}\)|McLeod after Eaton "
                   r"\(\d{4}\)|“[A-Z][^”]*”")


def english_words(text: str) -> list[str]:
    """The common English words of a text, leaving out markup, the phrases as the sources
    print them (in italics: Low German has "to") and the sources' names."""
    text = re.sub(r"<i\b[^>]*>.*?</i>|\*[^*\n]+\*|“[^”]*”|„[^“]*“|\]\([^)]*\)", " ", text)
    text = NAMES.sub(" ", re.sub(r"<[^>]+>", " ", text))
    return [w for w in re.findall(r"[A-Za-zÄÖÜäöüß']+", text) if w.lower() in ENGLISH]


HAND = ["S2", "S3", "D6", "C10", "DQ"]


# -- the phrasebook page ----------------------------------------------------------------------

def test_the_phrasebook_examples_in_english_are_unchanged():
    assert chapter.phrasebook_count() == ("There are 28 phrases: 24 from McLeod's description "
                                       "and 9 from the Wikipedia article (some are in both).")
    table = chapter.claims_table_html(["nur-zwei-puzer", "bist-du-alt"], HAND, "HS")
    assert table == ("<table><thead><tr><th>phrase</th><th>for this hand</th></tr></thead>"
                     "<tbody><tr><td><i>hab’ nur zwei Puzer</i> (I’ve only got two Puzers)</td>"
                     "<td>true</td></tr><tr><td><i>bist du alt?</i> (Are you old?)</td>"
                     "<td>false</td></tr></tbody></table>")
    assert chapter.truthful_answer_html("kannst-du", ["S2", "D10"], "HS", target="DA") == (
        "<p>A truthful answer to <i>kannst du?</i> is <b>no</b>.</p>")
    assert chapter.hand_lines_html(HAND, "HS", 1).startswith("<p><b>Truthful:</b> <i>")


def test_the_phrasebook_examples_in_german():
    with knlib.language("de"):
        count = chapter.phrasebook_count()
        table = chapter.claims_table_html(["nur-zwei-puzer", "bist-du-alt", "nich-recht-to-huus"],
                                       HAND, "HS")
        yes = chapter.truthful_answer_html("kannst-du", ["S6", "D10"], "HS", target="DA")
        no = chapter.truthful_answer_html("kannst-du", ["S2", "D10"], "HS", target="DA")
        lines = chapter.hand_lines_html(HAND, "HS", 1)
    assert count.startswith("Das Buch kennt 28 Sprüche: 24 aus McLeods Beschreibung")
    assert "<th>Spruch</th><th>bei diesem Blatt</th>" in table
    assert "<td>stimmt</td>" in table and "<td>stimmt nicht</td>" in table
    # the Low German phrase stays as printed, its gloss is standard German
    assert "<i>ick bin nich recht to Huus</i> (Mir geht’s nicht gut)" in table
    assert yes.endswith("<b>ja</b>.</p>") and no.endswith("<b>nein</b>.</p>")
    assert "<b>Ehrlich:</b>" in lines and "<b>Ein möglicher Bluff:</b>" in lines
    for text in (count, table, yes, no, lines):
        assert english_words(text) == [], text


# -- the leader's guide page ------------------------------------------------------------------

def test_the_leaders_page_in_english_is_unchanged():
    overview = evenings_overview_md().splitlines()
    assert overview[0] == ("| evening | chapter | about | what would you do? | exercises | "
                           "self-check |")
    assert overview[2] == ("| 1 | [The pack and the table](../evenings/1-pack-and-table.ipynb) "
                           "| 120 min | 3 positions | 6, with worked solutions | 8 questions |")
    assert printables_md().startswith("**For the course leader**\n\n- [Course leader's guide")
    assert reprinted_paper_md(17).endswith("Printed again, it is the same paper, question for "
                                           "question.")
    paper = exam(17)
    marked = marked_paper_md(paper, " ".join(q.letter for q in paper))
    assert marked.startswith("| | answers |\n|---|---|\n| key | `")
    assert marked.endswith("Result: **20 of 20 right (100%): passed (pass mark 80%, 16 right "
                           "answers)**.")


def test_the_leaders_page_in_german():
    with knlib.language("de"):
        overview = evenings_overview_md()
        goals = goals_table_myst()
        sheets = printables_md()
        reprint = reprinted_paper_md(17)
        paper = exam(17)
        marked = marked_paper_md(paper, " ".join(q.letter for q in paper))
    assert overview.startswith("| Abend | Kapitel | Dauer | Was würdest du tun? |")
    assert "| 1 | [Karten und Tisch](../evenings/1-pack-and-table.ipynb) | 120 min | " \
           "3 Stellungen | 6, mit ausgearbeiteten Lösungen | 8 Fragen |" in overview
    assert ("aus einem Blatt mit 52 Karten ein Knüffelblatt machen und sagen, warum es 48 "
            "Karten hat") in goals
    assert "**Für die Kursleitung**" in sheets
    assert reprint.startswith("Bogen 17 beginnt mit *") and "derselbe Bogen" in reprint
    assert "| Lösung | `" in marked and marked.startswith("| | Antworten |")
    for text in (overview, goals, sheets, reprint, marked):
        assert english_words(text) == [], english_words(text)


# -- Evening 5 --------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def ladder() -> knlib.Session:
    session = knlib.Session("knueffeln-1924", seed=3)
    session.play(12, choose=book_player)
    return session


def test_evening_five_in_english_is_unchanged(ladder):
    d = golden_deal(9585).after_exchanges
    assert bluff_lines_md(d, (1,), rng=5) == ("- West might bluff: *ich kann dir nur einmal "
                                              "helfen* (I can only help you once).")
    assert takers_md(d, 2, "CQ") == ("North's cards that take a led ♣Q: ♦A ♦9 ♥2. The "
                                     "cheapest of them is ♦A, Frikortensteker (chosen Ace).")
    assert five_player_trick_html(78, RulePlayer().choose).startswith(
        "<p>South deals, looks at the stock of 10 cards and plays alone. North-East leads, and "
        "South plays third:</p><div class=\"knlib-cards knlib-trick\"")
    table = bernhard_rules_md().splitlines()
    assert table[0] == "| Bernhard's rule | what the computer does |"
    assert table[5] == ("| A march earns a punch on the spot, and the ladder is redrawn. | Not "
                        "followed: a march erases 3 rungs, like any win, only more. |")
    assert ladder_marks_md(ladder) == ("After twelve deals: North-South have 0 Knüppel and 2 "
                                       "Brille, East-West 1 Knüppel and 0 Brille.")


def test_evening_five_in_german(ladder):
    g = golden_deal(9585)
    with knlib.language("de"):
        d = g.after_exchanges
        texts = [bluff_lines_md(d, (1, 3), rng=5), takers_md(d, 2, "CQ"),
                 five_player_trick_html(78, RulePlayer().choose).split("<div class=")[0],
                 bernhard_rules_md(), ladder_marks_md(ladder)]
        talk_html = g.conversation_html() + g.hand_talk_html()
    assert texts[0].startswith("- West könnte bluffen: *ich kann dir nur einmal helfen* "
                               "(Ich kann dir nur einmal helfen).")
    assert texts[1].startswith("Die Karten von Nord, die ein Ausspiel von ♣D nehmen")
    assert "Süd spielt als Dritter:" in texts[2]
    assert "| Bernhards Regel | was der Computer spielt |" in texts[3]
    assert texts[4].startswith("Nach zwölf Spielen")
    for text in texts:
        assert english_words(text) == [], text
    # the conversation: the seats, the claims and the book's own lines in German, the
    # phrasebook's note on its numbers left out as in English
    assert "<b>Ost</b>" in talk_html and "Ost hat mindestens einen Olen: ✓ stimmt." in talk_html
    assert "— Wir hören auf (und nehmen den Jann)." in talk_html
    assert "die Zahlen ändern sich" not in talk_html
    assert english_words(talk_html) == []


def test_a_phrase_question_offers_german_claims():
    with knlib.language("de"):
        qs = [question("phrase", seed) for seed in range(12)]
        truthful = [question("truthful", seed) for seed in range(6)]
    for q in qs + truthful:
        for text in (*q.options, *q.feedback):
            assert english_words(text) == [], text
    assert any(o.startswith("Frage an den Partner") for q in qs for o in q.options)


def test_bernhards_open_questions_in_german():
    with knlib.language("de"):
        qs = {q.topic: q for q in deal_questions("knueffeln-1924")}
    assert qs["cutter"].question.startswith("Wer hebt ab? Nach seed 001 hebt der Spieler links")
    assert qs["bernhard_turns"].default.startswith("Das erste Mal, sobald sie zwei Stiche")
    assert qs["brille"].question.startswith("Wann bekommen die Verlierer einer Leiter")
    for topic in ("cutter", "turn_up_kept", "table_ole_queen", "bernhard_turns", "turn_value",
                  "march", "brille"):
        q = qs[topic]
        for text in (q.question, q.default, *q.alternatives):
            # (the sources' section titles in quotes stay as the sources head them, the
            # readings' value names as code reads them)
            assert english_words(re.sub(r"^[a-z_]+: |'[^']*'", "", text)) == [], text
    with knlib.language("en"):
        english = {q.topic: q for q in deal_questions("knueffeln-1924")}
    assert english["cutter"].question.startswith("Who cuts? Seed 001 says 'rearhand")


def test_a_session_without_a_ladder_has_no_marks_to_tell():
    session = knlib.Session("knueffeln", seed=3)
    session.play(1, choose=book_player)
    with knlib.language("de"), pytest.raises(knlib.RulesError) as info:
        ladder_marks_md(session)
    assert str(info.value).startswith("knueffeln wird nicht auf einer Leiter angeschrieben")
    assert session.deals == 1


def test_the_golden_hands_name_the_seats_in_german():
    g = golden_deal(9585)
    assert "<b>North</b> <small>(North-South)</small>" in g.hands_html()
    with knlib.language("de"):
        assert "<b>Nord</b> <small>(Nord-Süd)</small>" in g.hands_html()
