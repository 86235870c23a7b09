"""Tests for knlib.players.talk: the phrasebook and glossary against the seed texts, and the
truthful line, claims and bluffs against hands."""

from __future__ import annotations

import random
import re

import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from seeds import seed_params, seed_text

import knlib
from knlib import Card, RulesError
from knlib.players.talk import (
    GLOSSARY,
    PHRASEBOOK,
    TALK_GAMES,
    TRUTHFUL_PRIORITY,
    Phrase,
    Term,
    bluff_line,
    claims_true,
    describe_hand,
    glossary_html,
    phrase,
    phrasebook_html,
    phrases_true,
    term,
    truthful_line,
)

# ----------------------------------------------------------------------------- the seeds


def _section(text: str, start: str, end: str) -> str:
    return text.split(f"\n{start}\n", 1)[1].split(f"\n{end}\n", 1)[0]


def seed000_phrases() -> list[tuple[str, bool, str]]:
    """(original phrase, marked with an asterisk, whole bullet) for each bullet of 000."""
    sec = _section(seed_text("000"), "Communication", "Scoring")
    out = []
    for line in sec.splitlines():
        if line.strip().startswith("•"):
            m = re.search(r"\(([^)]*)\)", line)
            assert m, f"no parenthesised phrase in {line!r}"
            out.append((m.group(1), "*" in line, line))
    return out


def seed001_phrases() -> list[str]:
    sec = _section(seed_text("001"), "Communication", "Footnotes")
    out = []
    for line in sec.splitlines()[1:]:
        m = re.match(r"^(.*?) [–-] ", line)
        if m:
            out.append(m.group(1))
    return out


def seed000_glossary() -> list[str]:
    sec = _section(seed_text("000"), "Knüffeln Glossary", "References")
    return [line.split(" = ", 1)[0] for line in sec.splitlines() if " = " in line]


# ----------------------------------------------------------------------------- phrasebook


def test_seed_extraction_finds_every_bullet():
    assert len(seed000_phrases()) == 24
    assert len(seed001_phrases()) == 9
    assert len(seed000_glossary()) == 56


@pytest.mark.parametrize("text", seed_params(lambda: [t for t, _, _ in seed000_phrases()]))
def test_every_seed000_phrase_is_in_the_phrasebook(text):
    p = PHRASEBOOK.find(text)
    assert p is not None, f"{text!r} is missing from the phrasebook"
    assert p.low_german_or_german == text
    assert "seed 000, 'Communication'" in p.source


@pytest.mark.parametrize("text", seed_params(seed001_phrases))
def test_every_seed001_phrase_is_in_the_phrasebook(text):
    p = PHRASEBOOK.find(text)
    assert p is not None, f"{text!r} is missing from the phrasebook"
    assert "seed 001, 'Communication'" in p.source


def test_each_seed000_bullet_is_its_own_record():
    ids = [PHRASEBOOK.find(t).id for t, _, _ in seed000_phrases()]
    assert len(set(ids)) == len(ids)


def test_phrases_shared_by_both_seeds_are_one_record_with_both_readings():
    shared = {PHRASEBOOK.find(t).id for t in seed001_phrases()} & {
        PHRASEBOOK.find(t).id for t, _, _ in seed000_phrases()}
    assert shared == {"kannst-du-ock-wat-hollen", "nich-recht-to-huus", "up-de-heide",
                      "du-musst-erst", "kann-ik-nich"}
    hollen = PHRASEBOOK["kannst-du-ock-wat-hollen"]
    readings = dict(hollen.readings)
    assert "Ole" in readings["seed 001"] and "also" in readings["seed 000"]
    # Seed 000's 24 phrases plus seed 001's four of its own.
    assert len(PHRASEBOOK) == 24 + 9 - len(shared)


def test_asterisked_phrases_are_exactly_the_may_bluff_ones():
    bullets = seed000_phrases()
    starred = {PHRASEBOOK.find(t).id for t, star, _ in bullets if star}
    also = {PHRASEBOOK.find(t).id for t, _, line in bullets if "could be a bluff" in line}
    assert also == {"kannst-du-ock-wat-hollen"}
    assert len(starred) == 5
    assert {p.id for p in PHRASEBOOK if p.may_bluff} == starred | also


def test_phrase_fields():
    for p in PHRASEBOOK:
        assert p.id and p.claim and p.english and p.when
        assert set(p.source.split("; ")) <= {"seed 000, 'Communication'",
                                             "seed 001, 'Communication'"}
        # Standard German renderings only for Low German phrases.
        assert (p.german is not None) == (p.language == "Low German"), p.id
        assert p.kind in {"question", "statement", "call", "comment", "announcement",
                          "dialogue"}
        if p.needs_target:
            assert p.test is not None
    hand_level = [p for p in PHRASEBOOK if p.checkable and not p.needs_target]
    assert {p.id for p in hand_level} >= {"bist-du-alt", "du-musst-erst",
                                          "stecher-und-ausspieler", "nur-zwei-puzer",
                                          "nich-recht-to-huus", "nur-einmal-helfen"}


def test_claims_are_in_our_own_words():
    # Any claim or definition of five words or more must not be copied from a seed.
    text = (seed_text("000") + seed_text("001")).casefold()
    for p in PHRASEBOOK:
        assert p.claim.casefold() not in text, p.id
    for t in GLOSSARY:
        if len(t.definition.split()) >= 5:
            assert t.definition.casefold().rstrip(".") not in text, t.id


def test_phrase_lookup():
    assert phrase("bist-du-alt").low_german_or_german == "bist du alt?"
    assert phrase("Ick bin nich recht to Huus").id == "nich-recht-to-huus"
    assert PHRASEBOOK[0].id == "bist-du-alt"
    with pytest.raises(RulesError, match="no-such-phrase"):
        phrase("no-such-phrase")


# ----------------------------------------------------------------------------- glossary


@pytest.mark.parametrize("name", seed_params(seed000_glossary))
def test_every_seed000_glossary_term_is_present(name):
    matches = [t for t in GLOSSARY if t.term == name]
    assert len(matches) == 1, f"{name!r} missing or doubled"
    assert "seed 000, 'Knüffeln Glossary'" in matches[0].source
    assert matches[0].definition


@pytest.mark.parametrize("name, source", [
    ("Wääl", "seed 001"), ("Stechkarten", "seed 001"), ("Hunde", "seed 001"),
    ("dog", "seed 001"), ("Knüppel", "seed 001"), ("Brille", "seed 001"),
    ("beasts", "seed 002"), ("Thiere", "seed 002"), ("Tolle", "seed 002"),
    ("Oberkarniffel", "seed 002"), ("Banner", "seed 002"), ("Papst", "seed 002"),
    ("Devil", "seed 003"), ("Karnöffel", "seed 003"), ("Oberstecher", "seed 003"),
    ("Unterstecher", "seed 004"), ("Farbenstecher", "seed 003"),
    ("stickers", "styrivolt.md"), ("lambs", "styrivolt.md"), ("leaders", "styrivolt.md"),
    ("vol", "styrivolt.md"), ("chalk-up", "styrivolt.md"), ("karnifl", "styrivolt.md"),
    ("pavstur", "styrivolt.md"), ("styrivolt", "styrivolt.md"),
])
def test_terms_from_other_sources(name, source):
    assert name in GLOSSARY
    assert source in term(name).source


def test_see_also_points_to_terms_or_phrases():
    for t in GLOSSARY:
        for ref in t.see_also:
            assert ref in GLOSSARY or ref in PHRASEBOOK.ids, (t.id, ref)


def test_term_lookup():
    assert term("Puzer").term == "Puzer or kleine Stecher"
    assert term("kleine stecher") is term("Puzer")
    assert term("Harten Ohl").term == "Hartenool, Hartenole, Harten Ohl"
    with pytest.raises(RulesError, match="Quatsch"):
        term("Quatsch")


# ----------------------------------------------------------------------------- the hand


def test_describe_hand_hearts_and_spades():
    s = describe_hand("H2 S2 H9 S9 SA HJ S6 S3 H4 S7 DA DK SQ S10 D3 CJ", "HS")
    assert s.olen == (Card("H2"), Card("H9"))        # ♥2 is an Ole, not a Twist
    assert s.puzer == (Card("S2"), Card("S3"), Card("H4"))
    assert s.high_beaters == (Card("SA"), Card("HJ"), Card("S6"))
    assert s.leaders == (Card("S9"), Card("S7"), Card("DA"))  # ♥9 is an Ole, ♠9 free
    assert s.handy == (Card("DK"), Card("SQ"), Card("CJ"))
    assert s.duds == (Card("S10"), Card("D3"))
    assert s.counts() == {"Ole": 2, "high beater": 3, "Puzer": 3, "Ausspieler": 3,
                          "handy lead": 3, "dud": 2}
    assert len(s.decent) == 11


def test_describe_hand_clubs_and_diamonds():
    s = describe_hand(["C4", "D9", "C9", "C2", "HA", "SA"], "CD")
    assert s.olen == (Card("C4"), Card("D9"))        # not a Veerhack, not a free card
    assert s.puzer == (Card("C2"),)
    assert s.leaders == (Card("C9"), Card("HA"), Card("SA"))


def test_describe_hand_other_knueffeln_rules():
    assert describe_hand("D3 DK", "HS", "knueffeln-hattstedt").counts()["dud"] == 1
    assert describe_hand("S5 DA", "HS", "knueffeln-1924").duds == (Card("S5"),)
    for game in ("styrivolt", "karniffel", "karnoeffel"):
        with pytest.raises(RulesError, match="table talk"):
            describe_hand(["SA"], "HS" if game != "karnoeffel" else "H", game)


def test_describe_hand_bad_input():
    with pytest.raises(RulesError, match="♣5"):
        describe_hand("C5", "HS")                    # no Fives in Bohmstedt
    with pytest.raises(RulesError, match="twice"):
        describe_hand("SA SA", "HS")
    with pytest.raises(RulesError):
        describe_hand("SA", "H")


def test_sure_winners():
    assert describe_hand("H2", "HS").sure_winners == (Card("H2"),)
    assert describe_hand("C4", "HS").sure_winners == ()
    assert describe_hand("C4 H2", "HS").sure_winners == (Card("C4"), Card("H2"))
    assert describe_hand("S7 D7", "HS").sure_winners == (Card("S7"),)
    assert describe_hand("SA", "HS").sure_winners == ()
    all_olen = "H2 C4 S8 H9 D9 SA HA"
    # With every Ole held, the chosen Aces are safe: the other Ace only ties.
    assert set(describe_hand(all_olen, "HS").sure_winners) == {Card(c) for c in all_olen.split()}


# ----------------------------------------------------------------------------- truthful line


@pytest.mark.parametrize("hand, pid, text", [
    ("H2 D3", "du-musst-erst", "du mußt erst, ick schall oldsch"),
    ("SA S7 DA D3", "stecher-und-ausspieler", "hab’ einen Stecher und zwei Ausspieler"),
    ("SA HJ S7 DA S9 C9", "stecher-und-ausspieler", "hab’ zwei Stecher und drei Ausspieler"),
    ("S6", "stecher-und-ausspieler", "hab’ einen Stecher und keine Ausspieler"),
    ("S2 H3 D3", "nur-zwei-puzer", "hab’ nur zwei Puzer"),
    ("S2 H3 S4 S7", "nur-zwei-puzer", "hab’ nur drei Puzer"),
    ("S7 DK", "nur-einmal-helfen", "ich kann dir nur einmal helfen"),
    ("S7 DA", "stecher-und-ausspieler", "hab’ keinen Stecher und zwei Ausspieler"),
    ("D3 D4 SK S10", "nich-recht-to-huus", "ick bin nich recht to Huus"),
    ("", "nich-recht-to-huus", "ick bin nich recht to Huus"),
])
def test_truthful_line_examples(hand, pid, text):
    line = truthful_line(hand.split(), "HS")
    assert (line.id, line.text) == (pid, text)
    assert claims_true(line, hand.split(), "HS")
    assert line.original == PHRASEBOOK[pid].low_german_or_german


def test_truthful_line_answers_partners_questions():
    ole = dict(truthful_line("H2 D3", "HS").answers)
    assert ole == {"bist-du-alt": True, "kannst-du-ock-wat-hollen": True,
                   "macker-heft-noch-wat": True}
    none = dict(truthful_line("D3 D4", "HS").answers)
    assert not any(none.values())



@pytest.mark.parametrize("lang, remark", [("en", "with the hand"), ("de", "mit dem Blatt")])
def test_a_phrase_with_numbers_says_they_vary_but_a_line_said_with_a_hand_does_not(lang, remark):
    with knlib.language(lang):
        # The phrases a truthful line says with the hand's own numbers.
        numbered = {PHRASEBOOK[pid] for pid, _ in TRUTHFUL_PRIORITY if PHRASEBOOK[pid].params}
        assert len(numbered) == 2 and {p for p in PHRASEBOOK if p.varies} == numbered
        for p in numbered:
            assert remark in p.claim_text and remark not in p.bare_claim_text
            assert p.claim_text.startswith(p.bare_claim_text + "; ")
        # The source's own numbers and other numbers: the line's claim is this hand's.
        for hand in ("S2 H3 D3", "S2 H3 S4 S7", "SA S7 DA D3", "SA HJ S7 DA S9 C9"):
            line = truthful_line(hand.split(), "HS")
            assert line.phrase.params and remark not in line.claim, (hand, line.claim)

def test_filled_numbers_change_the_claim():
    line = truthful_line("SA HJ S7 DA S9", "HS")
    assert dict(line.params) == {"beaters": 2, "leaders": 3}
    assert "exactly two high beaters" in line.claim
    assert "two beaters and three Ausspieler" in line.english
    assert "exactly three Ausspieler (cards worth leading" in line.claim
    assert not claims_true("stecher-und-ausspieler", "SA HJ S7 DA S9", "HS")
    assert claims_true("stecher-und-ausspieler", "SA HJ S7 DA S9", "HS", beaters=2, leaders=3)
    with pytest.raises(RulesError, match="count"):
        claims_true("stecher-und-ausspieler", "SA", "HS", count=2)


def test_priority_table_matches_the_rules():
    assert [pid for pid, _ in TRUTHFUL_PRIORITY] == [
        "du-musst-erst", "stecher-und-ausspieler", "nur-zwei-puzer", "nur-einmal-helfen",
        "stecher-und-ausspieler", "nich-recht-to-huus"]


_SUITS = "CSHD"


@st.composite
def deals(draw):
    game = draw(st.sampled_from(TALK_GAMES))
    chosen = draw(st.permutations(_SUITS))[:2]
    pack = list(knlib.pack(game))
    hand = draw(st.lists(st.sampled_from(pack), max_size=9, unique=True))
    return game, "".join(chosen), hand


@settings(max_examples=examples(300), derandomize=True, deadline=None)
@given(deals())
def test_truthful_line_is_true_and_follows_the_priority(deal):
    game, chosen, hand = deal
    s = describe_hand(hand, chosen, game)
    line = truthful_line(hand, chosen, game)
    assert claims_true(line, hand, chosen, game)
    assert claims_true(line.id, hand, chosen, game, **dict(line.params))
    expected = ("du-musst-erst" if s.olen else
                "stecher-und-ausspieler" if s.high_beaters else
                "nur-zwei-puzer" if s.puzer else
                "nur-einmal-helfen" if len(s.decent) == 1 else
                "stecher-und-ausspieler" if s.leaders else "nich-recht-to-huus")
    assert line.id == expected
    # Every category is counted once.
    assert sum(s.counts().values()) == len(hand)
    for pid in line.also_true:
        assert claims_true(pid, hand, chosen, game)


@settings(max_examples=examples(300), derandomize=True, deadline=None)
@given(deals(), st.integers(0, 2**32 - 1))
def test_bluff_line_is_false_for_the_hand(deal, seed):
    game, chosen, hand = deal
    line = bluff_line(hand, chosen, random.Random(seed), game)
    candidates = [p for p in PHRASEBOOK if p.may_bluff and p.checkable and not p.needs_target]
    false = [p for p in candidates if not claims_true(p, hand, chosen, game)]
    if not false:
        assert line is None
        return
    assert line is not None and line.bluff
    assert line.phrase.may_bluff
    assert not claims_true(line, hand, chosen, game)
    assert line.phrase in false


def test_bluff_line_examples():
    # An Ole-less hand can bluff an Ole, among others; the same seed gives the same line.
    a = bluff_line("D3 D4", "HS", 7)
    b = bluff_line("D3 D4", "HS", random.Random(7))
    assert a == b and a.id in {"du-musst-erst", "nur-einmal-helfen", "kannst-du-ock-wat-hollen"}
    # Claiming a poor hand is true of a poor hand, so it is no bluff.
    assert bluff_line("D3 D4", "HS", 0, candidates=["nich-recht-to-huus"]) is None
    assert bluff_line("H2", "HS", 0, candidates=["nich-recht-to-huus"]).id == "nich-recht-to-huus"
    with pytest.raises(RulesError):
        bluff_line("D3", "HS", 0, candidates=["kannst-du"])


# ----------------------------------------------------------------------------- card on table


def test_seed000_worked_example_through_kannst_du():
    # Case 1: West's ♠3 takes the led ♦4. Case 2: it cannot take North's ♦A.
    assert claims_true("kannst-du", ["S3"], "HS", target="D4")
    assert not claims_true("kannst-du", ["S3"], "HS", target="DA")
    assert claims_true("kann-ik-nich", ["S3", "C8"], "HS", target="DA")
    assert claims_true("kannst-du", ["S6"], "HS", target="DA")


def test_nothing_takes_a_led_chosen_seven():
    assert not claims_true("kannst-du", ["H2"], "HS", target="S7")
    assert not claims_true("ganz-sicher", ["H2"], "HS", target="S7")


def test_du_kannst_mich_treffen_needs_the_unchosen_ace():
    assert claims_true("du-kannst-mich-treffen", ["DA"], "HS", target="D4")
    assert not claims_true("du-kannst-mich-treffen", ["CA"], "HS", target="D4")
    assert not claims_true("du-kannst-mich-treffen", ["SA"], "HS", target="S10")  # chosen Ace


def test_passend_means_only_just_enough():
    # A led unchosen King falls to the Twist, Paas, Jack, Ace or an Ole:
    # the lowest three levels (2, 6, J) are 'passend'.
    assert claims_true("hast-du-was-passend", ["S2"], "HS", target="DK")
    assert claims_true("etwas-verbessern", ["HJ"], "HS", target="DK")
    assert not claims_true("etwas-verbessern", ["SA"], "HS", target="DK")
    assert not claims_true("etwas-verbessern", ["H2"], "HS", target="DK")
    assert claims_true("etwas-verbessern", ["SA"], "HS", target="DK", levels=4)
    assert not claims_true("etwas-verbessern", ["S3"], "HS", target="DK")  # too low


def test_ganz_sicher():
    assert claims_true("ganz-sicher", ["H2"], "HS", target="DK")
    assert not claims_true("ganz-sicher", ["SA"], "HS", target="DK")
    assert claims_true("ganz-sicher", "SA H2 C4 S8 H9 D9", "HS", target="DK")


def test_target_errors():
    with pytest.raises(RulesError, match="target"):
        claims_true("kannst-du", ["S3"], "HS")
    with pytest.raises(RulesError, match="cannot also be in the hand"):
        claims_true("kannst-du", ["S3", "D4"], "HS", target="D4")
    with pytest.raises(RulesError, match="no claim"):
        claims_true("ich-dreh-ein-um", ["S3"], "HS")


def test_phrases_true():
    ids = phrases_true("H2 C4 SA", "HS")
    assert {"du-musst-erst", "bist-du-alt", "zwei-spiele-sicher", "een-spill-mak-ik"} <= set(ids)
    assert "nich-recht-to-huus" not in ids
    assert "kannst-du" in phrases_true("S3", "HS", target="D4")


# ----------------------------------------------------------------------------- HTML


def test_phrasebook_html():
    page = phrasebook_html()
    assert page == PHRASEBOOK._repr_html_()
    assert page.count("<tr>") == len(PHRASEBOOK) + 1
    for h in ("Low German/German", "English", "claim", "may be a bluff"):
        assert f">{h}</th>" in page
    assert "hab’ einen Stecher und 2 Ausspieler" in page
    assert page.count(">yes</td>") == sum(p.may_bluff for p in PHRASEBOOK)
    # a reader's table names no source; the programmers' table has the column and readings
    assert ">source</th>" not in page and "McLeod" not in page and "Wikipedia" not in page
    full = phrasebook_html(sources=True)
    assert ">source</th>" in full and full.count("McLeod after Eaton (2021)") >= len(
        PHRASEBOOK.from_source("seed 000"))
    assert "Have you got an Ole?" in full and "Have you got an Ole?" not in page


def test_the_phrasebooks_sources_box_names_each_source_and_reading():
    from knlib.players.talk import phrasebook_sources_md

    box = phrasebook_sources_md()
    assert box.startswith("::::{admonition} Where the sources differ") and box.endswith("::::")
    assert "McLeod after Eaton (2021)" in box and "after Bernhard (1924)" in box
    assert "seed" not in box
    for p in PHRASEBOOK:
        for _, text in p.readings:
            assert f"“{text}”" in box, p.id
    assert box.count("\n- *") == sum(bool(p.readings) for p in PHRASEBOOK)


def test_html_escapes_everything():
    evil = Phrase("x", "<b>&</b>", "<i>", "<script>", "a < b", True, "<when>", "<src>")
    page = phrasebook_html([evil])
    assert "<script>" not in page and "<b>&" not in page
    assert "&lt;script&gt;" in page and "&lt;b&gt;&amp;&lt;/b&gt;" in page
    bad = Term("y", "<t>", ("<t>",), "<d>", ("<s>",), "<src>")
    gpage = glossary_html([bad])
    assert "<t>" not in gpage and "&lt;d&gt;" in gpage


def test_glossary_html():
    page = glossary_html()
    assert page == GLOSSARY._repr_html_()
    assert page.count("<tr>") == len(GLOSSARY) + 1
    assert "Durchmarsch ,Durchspielen" in page
    assert ">source</th>" not in page and "McLeod" not in page
    assert ">source</th>" in glossary_html(sources=True)


def test_the_glossarys_sources_box_names_every_source_once():
    from knlib.players.talk import glossary_sources_md
    from knlib.sources import for_reader

    box = glossary_sources_md()
    assert box.startswith("::::{admonition} Our reading") and "seed" not in box
    works = {part.split(",")[0].strip() for t in GLOSSARY for part in t.source.split(";")}
    for w in works:
        assert box.count(f"**{for_reader(w)}**") == 1, w
    assert "*Stechkarten*" in box and "*stickers*" in box  # terms outside Eaton's list


def test_line_and_summary_html():
    line = truthful_line("SA S7 DA", "HS")
    out = line._repr_html_()
    assert "hab’ einen Stecher und zwei Ausspieler" in out and "bist du alt?" in out
    assert "Source phrase: <i>hab’ einen Stecher und 2 Ausspieler</i>" in out
    assert "♠A" in describe_hand("SA", "HS")._repr_html_()


def test_a_rendering_the_german_gloss_already_says_is_shown_once():
    """'een vör de Jann!' glossed 'Einer für den Jann!' in German is not followed by the same
    words as its standard German; in English the rendering stays beside the gloss."""
    from knbook.course.talk_lesson import talk_lesson_html
    from knlib.players.talk import phrase_gloss, rendering_shown
    gloss = phrase_gloss("een-voer-de-jann")
    assert rendering_shown(gloss["german"], gloss["english"]) == "Einer für den Jann!"
    with knlib.language("de"):
        gloss = phrase_gloss("een-voer-de-jann")
        assert rendering_shown(gloss["german"], gloss["english"]) is None
        page = talk_lesson_html()
    assert "Hochdeutsch: <i lang='de'>Wer kann denn?</i>)</small> — Wer kann denn?" not in page
    assert "Wer kann denn?" in page
