"""The rules of thumb, the decision questions, the at-a-glance page, the family tables, the
evenings' boxes and the book helpers' outputs in German (issue 27).

Under ``knlib.language("de")`` the texts these modules write carry no English: the share of
common English function words (:data:`ENGLISH_WORDS`) among all words of a sample stays
at most :data:`THRESHOLD` (the words a German text may share with the list, "an", "in",
"was", "will", "so", "to" (Low German), are left out of it). A decision question's answer is
the same in German as in English, because the German only changes the words.
"""

from __future__ import annotations

import re

import pytest

import knlib
from knbook.course import book_helpers as bh
from knbook.course import evenings, glance
from knbook.course import family_tables as ft
from knbook.course.decisions import DECISION_KINDS, check_decision, decision
from knbook.course.foundation.thumbs import THUMBS, facts, rate_words, thumb, thumb_for
from knlib.errors import RulesError

#: Common English function words that German text does not use.
ENGLISH_WORDS = frozenset((
    "the", "and", "of", "with", "you", "your", "this", "that", "which", "are", "has", "have",
    "from", "for", "not", "when", "what", "would", "their", "its", "than", "into", "does",
    "every", "only", "any", "one", "two", "three", "there", "they", "been", "were"))
#: The largest share of :data:`ENGLISH_WORDS` among a German sample's words.
THRESHOLD = 0.01

#: The quick kinds of decision question (no playouts) and the kinds weighed by playouts.
QUICK = ("d_first_lead", "d_second_suit", "d_sure_card", "d_throw", "d_best_pair",
         "d_cheapest", "d_safe_lead", "d_exchange", "d_say", "d_hattstedt")
ODDS = ("d_see_run", "d_jann", "d_five")


def _words(text: str) -> list[str]:
    return re.findall(r"[A-Za-zÄÖÜäöüß]+", re.sub(r"<[^>]*>", " ", text))


def english_share(text: str) -> tuple[float, list[str]]:
    """The share of English function words among the words of ``text``, and those words."""
    words = _words(text)
    hits = [w for w in words if w.lower() in ENGLISH_WORDS]
    return (len(hits) / len(words) if words else 0.0), hits


def assert_german(text: str) -> None:
    share, hits = english_share(text)
    assert share <= THRESHOLD, (share, hits[:20], text[:500])


def test_the_check_fails_on_english() -> None:
    with pytest.raises(AssertionError):
        assert_german(THUMBS["jann"].html())


def test_rules_of_thumb_are_german() -> None:
    with knlib.language("de"):
        assert THUMBS["jann"].name == "Nimm den Jann"
        assert THUMBS["see_run"].saying.startswith("Zähl die Stiche deiner Partei")
        text = " ".join(t.html() for t in THUMBS.values())
        assert "Wie oft liegt sie richtig?" in text
        assert rate_words(THUMBS["solo"].measured) == (
            "in 89 % von 2.000 Stellungen richtig (95-%-Intervall 88 % bis 90 %)")
    assert_german(text)
    assert THUMBS["jann"].name == "Take the Jann"  # English again outside the block


def test_the_advice_of_every_rule_of_thumb_is_german() -> None:
    seen: dict[str, str] = {}
    for seed in range(40):
        deal = knlib.new_deal("knueffeln", seed=seed, players=5 if seed % 4 == 0 else 4)
        player = knlib.players.bots.RulePlayer()
        while not deal.is_over:
            th = thumb_for(deal)
            if th is not None and th.id not in seen:
                with knlib.language("de"):
                    german = th.advise(deal)
                english = th.advise(deal)
                assert german.good == english.good
                seen[th.id] = german.fact
            deal.apply(player.choose(deal))
    assert len(seen) >= 6, sorted(seen)
    for fact in seen.values():
        assert_german(fact)


def test_a_refusal_of_a_rule_of_thumb_is_german_and_changes_nothing() -> None:
    before = sorted(THUMBS)
    with knlib.language("de"), pytest.raises(RulesError, match="ist keine Faustregel"):
        thumb("nope")
    assert sorted(THUMBS) == before
    deal = knlib.new_deal("knueffeln", seed=1)
    while deal.to_move is not None:
        deal.apply(deal.legal_actions()[0])
    with knlib.language("de"), pytest.raises(RulesError, match="das Spiel ist vorbei"):
        facts(deal)


def _shown(q: object) -> str:
    """What the reader sees of a question: title, prompt, options, feedback, captions."""
    return " ".join([q.title, q.prompt, *q.options, *q.feedback,  # type: ignore[attr-defined]
                     *(p[0] for p in q.pictures)])  # type: ignore[attr-defined]


def test_every_kind_of_decision_is_checked() -> None:
    assert sorted(QUICK + ODDS) == sorted(DECISION_KINDS)


@pytest.mark.parametrize("kind", QUICK)
def test_decisions_are_german_with_the_english_answers(kind: str) -> None:
    for seed in range(6):
        english = decision(kind, seed)
        with knlib.language("de"):
            german = decision(kind, seed)
            assert check_decision(german) == [german.answer]
        assert german.answer == english.answer
        assert german.values == english.values
        assert_german(_shown(german))


@pytest.mark.parametrize("kind", ODDS)
def test_odds_decisions_are_german_with_the_english_answers(kind: str) -> None:
    english = decision(kind, 2)
    with knlib.language("de"):
        german = decision(kind, 2)
    assert (german.answer, german.values) == (english.answer, english.values)
    assert german.options[german.answer] in ("Sehen", "Laufen", "Aufhören", "Weiterspielen",
                                             "Allein spielen", "Aussetzen")
    assert_german(_shown(german))


def test_a_known_decision_sentence() -> None:
    with knlib.language("de"):
        q = decision("d_first_lead", 0)
    assert q.prompt.startswith("Spiel Nummer ")
    assert "Wer spielt zum ersten Stich aus?" in q.prompt
    assert q.title == "Wer spielt aus?"


def test_the_glance_content_is_german() -> None:
    with knlib.language("de"):
        deal = knlib.new_deal("knueffeln", seed=glance.GLANCE_DEAL)
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib.figure import Figure

        ax = Figure().subplots()
        texts = [glance.lead_cases_html(), glance.stakes_html(), glance.draw_table(ax, deal),
                 glance.draw_olen(Figure().subplots()),
                 glance.draw_lead_cases(Figure().subplots()),
                 glance.draw_stakes(Figure().subplots())]
        fig = glance.glance_figure()
        texts += [t.get_text() for t in fig.texts]
    assert "Eine Karte wird ausgespielt" in texts[0]
    assert "Knüffeln auf einen Blick" in texts
    for text in texts:
        assert_german(text)


def test_the_family_tables_are_german() -> None:
    with knlib.language("de"):
        tables = [
            ft.rules_table(["rule", "Karniffel"], ft.deal_rules("karniffel")),
            ft.rules_table(["rule", "A", "B"], ft.one_suit_rules(["karnoeffel",
                                                                 "karnoeffel-2024"])),
            ft.rules_table(ft.FACTS_HEADER, ft.game_facts(["knueffeln", "karniffel"])),
            ft.rules_table(["the idea", *ft.BRANCHES], ft.inherited_and_changed()),
        ]
        lead = ft.where_from(ft.deal_rules("karniffel"),
                             lead="Where the rules of the deal are written.")
    assert ">Regel<" in tables[0] and "Abheben" in tables[0]
    assert lead.startswith("**Wo die Regeln des Gebens stehen.**")
    for table in tables:
        assert_german(table)


def test_the_evening_boxes_are_german() -> None:
    with knlib.language("de"):
        for k in range(1, 6):
            box, plan = evenings.learning_goals_myst(k), evenings.evening_plan_html(k)
            assert box.startswith("```{admonition} Lernziele\n:class: tip\n"
                                  "Am Ende des Abends kannst du\n\n* ")
            assert box.endswith(".\n```\n")
            assert f"{k}. Abend: " in plan
            assert_german(box)
            assert_german(plan)
        with pytest.raises(RulesError, match="ist kein Abend des Kurses"):
            evenings.learning_goals_myst(6)


def test_the_book_helpers_outputs_are_german() -> None:
    with knlib.language("de"):
        texts = [
            str(bh.lead_cases_table("knueffeln", "HS")),
            str(bh.takes_table("knueffeln", "HS", ["HA", "S2"], ["C9", "DK"])),
            str(bh.our_reading("x")),
            str(bh.reader_table(["card", "role"], [("♥A", ("a", "b", "c"))])),
            repr(bh.HtmlBlock("<p></p>")),
            bh.seating_figure().knlib_alt,  # type: ignore[attr-defined]
        ]
        note = str(bh.open_question_note("knueffeln", "ties"))
        box = str(bh.sources_differ("knueffeln", ["ties"]))
    assert texts[0].startswith("| Fall | ausgespielte Karte | Beispiel |")
    assert texts[2] == ":::{admonition} Unsere Lesart\n:class: note\n\nx\n:::"
    assert "a, b oder c" in texts[3] and ">Karte<" in texts[3]
    # The MyST stays valid: the fences and options are those of the English boxes.
    assert note.startswith(":::{admonition} Unsere Lesart: ") and note.endswith(":::")
    assert "\n:class: note\n" in note and "**Unsere Lesart:** " in note
    assert box.startswith("::::{admonition} Wo die Quellen voneinander abweichen\n"
                          ":class: note dropdown\n") and box.endswith("::::")
    for text in texts:
        assert_german(text)
