"""Issue 27: the table talk's glosses, the hints and reviews and the simulation summaries in
German (knlib.language("de")), with the Low German phrases exactly as the sources give them
and English unchanged."""

from __future__ import annotations

import html
import random
import re

import pytest
from minimax import late_position

import knlib
from knbook.course.talk_lesson import phrase_meaning, phrases_in, talk_lesson_html
from knlib import RulesError
from knlib.analysis import review
from knlib.analysis.advice import FACE_UP, hint, summarise_review
from knlib.players.talk import (
    GLOSSARY,
    PHRASEBOOK,
    claims_true,
    describe_hand,
    glossary_html,
    phrase_gloss,
    phrase_said,
    phrasebook_html,
    phrasebook_sources_md,
    truthful_line,
)
from knlib.sim import simulate

#: Common English function words; none of them is a German word.
ENGLISH = frozenset({"the", "and", "of", "you", "your", "is", "with", "that", "have", "got",
                     "can", "it", "to", "this", "for", "not", "are", "be", "by", "one", "if",
                     "its", "each", "when", "from", "no", "or", "any", "which", "at"})


def english_words(text: str) -> list[str]:
    """The common English function words in ``text`` (tags, card symbols and the phrases
    marked as Low German aside)."""
    plain = re.sub(r"<i lang='nds'>.*?</i>", " ", text)
    plain = re.sub(r"<[^>]+>", " ", plain)
    return [w for w in re.findall(r"[A-Za-z’']+", plain) if w.lower() in ENGLISH]


def test_english_words_are_found():
    """The check can fail: an English sentence shows its function words."""
    assert english_words("<b>I can take the trick</b> with an Ole") == ["can", "the", "with"]
    assert english_words("Ich kann den Stich mit einem Olen nehmen.") == []


# -- the table talk ----------------------------------------------------------------------------


def test_glosses_claims_and_times_are_german():
    with knlib.language("de"):
        for p in PHRASEBOOK:
            texts = [phrase_gloss(p)["english"], p.claim_text, p.when_text, phrase_meaning(p),
                     p.note_text or "", phrase_said(p).split("“ (", 1)[1]]
            for text in texts:
                assert not english_words(text), (p.id, text)
            assert p.meaning != p.english, p.id  # every gloss is translated
    assert phrase_gloss("nich-recht-to-huus")["english"] == "I’m feeling poorly"


def test_known_german_sentences():
    with knlib.language("de"):
        assert phrase_said("stecher-und-ausspieler") == (
            "„hab’ einen Stecher und zwei Ausspieler“ (Ich habe einen Steker und zwei "
            "Ausspieler)")  # German quotation marks (issue 37)
        assert phrase_meaning("bist-du-alt") == (
            "Frage an den Partner; ein ehrliches „Ja“ heißt: Wer antwortet, hat mindestens "
            "einen Olen.")
        assert phrase_meaning("du-musst-erst") == "Wer das sagt, hat mindestens einen Olen."
        line = truthful_line(["SA", "HJ", "S7", "C3", "D6", "CA"], "SH")
        assert line.english == "Ich habe zwei Steker und zwei Ausspieler"
        assert line.claim.startswith("hat genau zwei hohe Steker")
        assert str(describe_hand(["H2", "S2", "SA", "D7"], "HS")).startswith(
            "Ole: ♥2; hoher Steker: ♠A; Puzer: ♠2")
    # English is as it was.
    assert phrase_meaning("du-musst-erst") == "The speaker holds at least one Ole."
    assert truthful_line(["SA", "HJ", "S7", "C3", "D6", "CA"], "SH").english == (
        "I’ve got two beaters and two Ausspieler")


def test_glossary_and_tables_are_german():
    with knlib.language("de"):
        for t in GLOSSARY:
            assert not english_words(t.meaning), (t.term, t.meaning)
        assert str(GLOSSARY["Jann"]).startswith("Jann: Ein Spiel, in dem eine Partei")
        # The terms (and the terms to see also) are spelled as the sources print them.
        table = glossary_html()
        for t in sorted(GLOSSARY, key=lambda t: -len(t.term)):
            table = table.replace(html.escape(t.term), "")
        assert "<th style" in table and "Bedeutung" in table and not english_words(table)
        table = phrasebook_html()
        assert "Sprüche am Knüffeltisch" in table and not english_words(table)
        lesson = talk_lesson_html()
        assert "weitere Sprüche" in lesson and not english_words(lesson)
        box = phrasebook_sources_md()
        assert box.startswith("::::{admonition} Wo die Quellen voneinander abweichen")


def test_low_german_phrases_stay_as_the_sources_give_them():
    english = {p.id: (p.low_german_or_german, p.forms, phrase_gloss(p)["text"],
                      phrase_gloss(p)["german"]) for p in PHRASEBOOK}
    with knlib.language("de"):
        german = {p.id: (p.low_german_or_german, p.forms, phrase_gloss(p)["text"],
                         phrase_gloss(p)["german"]) for p in PHRASEBOOK}
        said = {p.id: phrase_said(p) for p in PHRASEBOOK}
        line = truthful_line(["H2", "S7", "D8"], "SH")
    assert german == english
    assert german["nich-recht-to-huus"][0] == "ick bin nich recht to Huus"
    assert german["du-musst-erst"][0] == "du mußt erst, ick schall oldsch"
    assert line.text == "du mußt erst, ick schall oldsch"
    # The phrases are found in German texts as in English ones.
    for pid, text in said.items():
        assert pid in phrases_in(text), pid
    # The claims are checked the same in both languages.
    with knlib.language("de"):
        assert claims_true("bist-du-alt", ["H2", "S7"], "SH")
        assert not claims_true("bist-du-alt", ["S7", "D8"], "SH")


# -- hints and reviews -------------------------------------------------------------------------


def endings(n: int, cards: int = 2):
    out, seed = [], 0
    while len(out) < n:
        d = late_position("knueffeln", seed, cards, rng_seed=seed)
        seed += 1
        if d is not None and len(d.legal_actions()) > 1:
            out.append(d)
    return out


def test_hints_are_german_and_english_is_unchanged():
    for d in endings(3):
        before = d.to_json()
        with knlib.language("de"):
            h = hint(d)
        assert d.to_json() == before
        assert h.text.startswith("Tipp, mit allen Karten offen:"), h.text
        assert "Der Computer sieht dafür jedes Blatt" in h.text
        assert not english_words(h.text), h.text
        assert " €" in h.text or "Sprosse" in h.text or "Punkt" in h.text or "Strich" in h.text
        assert hint(d).text.startswith(f"Hint, {FACE_UP}:")


def test_hint_refusals_are_german_and_leave_the_deal():
    d = knlib.new_deal("knueffeln", seed=54)
    before = d.to_json()
    with knlib.language("de"), pytest.raises(RulesError, match="nicht im Ausspielen"):
        hint(d, max_cards=6)
    assert d.to_json() == before


def played_ending(seed: int):
    d = late_position("knueffeln", seed, 2, rng_seed=seed)
    if d is None:
        return None
    rng = random.Random(seed)
    while not d.is_over:
        d.apply(rng.choice(d.legal_actions()))
    return d


def test_review_of_a_played_deal_is_german():
    costly = 0
    for seed in range(12):
        d = played_ending(seed)
        if d is None:
            continue
        entries = review(d, progress=False, max_cards=2)  # the ending: an exact solve is quick
        with knlib.language("de"):
            s = summarise_review(d, entries, max_cards=2)
            full = review(d, progress=False, max_cards=2)
            sentences = [str(e) for e in full] + [full.summary()]
        assert s.text.startswith("Analyse, mit allen Karten offen:"), s.text
        # The engine's own words (seat and side names, the result) are not this test's.
        mine = s.text.replace(d.result.reason, "")
        for sentence in sentences:
            assert not english_words(sentence.replace(d.result.reason, "")), sentence
        for side in (0, 1):
            mine = mine.replace(d.side_name(side), "")
        for name in d.names:
            mine = mine.replace(name, "")
        assert not english_words(mine), s.text
        costly += len(s.notes)
        if s.notes:
            assert "Vorher hätte bestes Spiel" in s.text
            assert "Insgesamt hat" in s.text
        en = summarise_review(d, entries, max_cards=2)
        assert en.text.startswith(f"Review, {FACE_UP}:")
    assert costly  # random play in the endings throws something away


# -- simulations -------------------------------------------------------------------------------


def test_simulation_summary_is_german():
    result = simulate("knueffeln", 300, players=["rules"] * 4, seed=1)
    english = result.summary()
    with knlib.language("de"):
        german = result.summary()
        assert str(result.win_rate(0)).endswith(f"von {result.n})")
    assert english.splitlines()[0].endswith("300 deals, players rules, rules, rules, rules "
                                            "(fast path)") or "deal API" in english
    assert "300 Spiele, Spieler" in german
    assert "Partei 0 gewann" in german and "Jann genommen" in german
    assert re.search(r"\d,\d\u00a0% \(95-%-KI", german), german
    assert "(Cent)" in german
    assert not english_words(german.replace("rules", "")), german
    assert english == result.summary()


def test_simulation_refusals_are_german():
    with knlib.language("de"), pytest.raises(RulesError, match="keine Anzahl von Spielen"):
        simulate("knueffeln", -1)


def test_refusals_of_the_talk_and_the_players_are_german():
    from knlib.analysis.player import SolverPlayer
    from knlib.players.talk import phrase

    with knlib.language("de"):
        with pytest.raises(RulesError, match="'nope' ist kein Spruch"):
            phrase("nope")
        with pytest.raises(RulesError, match="samples=0 ist keine ganze Zahl von Verteilungen"):
            SolverPlayer(samples=0)
        with pytest.raises(RulesError, match="handelt von einer Karte im Stich"):
            claims_true("kommt", ["H2"], "SH")
    with pytest.raises(RulesError, match="'nope' is not a phrase of the phrasebook"):
        phrase("nope")
