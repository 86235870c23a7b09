"""Citations stay in the "Where the sources differ" boxes and on the Sources page (issue 25,
item 1): the practice a learner does (the exercises' solutions, the self-check's feedback,
the exam's questions and marked paper) and the course leader's box of an evening carry
none, in code form ("seed 000, 'Scoring'") or in reader's words ("McLeod after Eaton
(2021), “Scoring”"). The data keeps them: every question still has its source, as a value
beside its texts, which cite nothing (no text is cleaned of its citations afterwards).

The built pages are checked by tests/test_book_reader.py; these tests check the texts at
their source, so they hold before the notebooks are executed again."""

from __future__ import annotations

import json
import re
from itertools import combinations

import pytest

from knbook.course import BOOK_EXAM_SEED, exam
from knbook.course.evenings import evening_plan_html
from knbook.course.practice import exercises_myst, option_feedback, self_check_json
from knbook.tools import page as face
from knbook.tools.diploma import DiplomaTool
from knlib.sources import SOURCES, for_reader

#: A citation as code writes it, or as a reader would read it.
CODE_CITATION = re.compile(r"\b[Ss]eeds? \d{3}\b|rules/README|styrivolt\.md")
READER_NAMES = [s.reader for s in SOURCES.values()]


def citations(text: str) -> list[str]:
    """Every citation in ``text``, quoted with a little context."""
    found = [m.group(0) for m in CODE_CITATION.finditer(text)]
    for name in READER_NAMES:
        found += [text[max(0, i - 30):i + len(name) + 30]
                  for i in (m.start() for m in re.finditer(re.escape(name), text))]
    return found


def test_the_check_finds_both_forms():
    code = "So West gets +€1.00 (seed 000, 'Scoring')."
    assert citations(code) and citations(for_reader(code))
    assert not citations("So West gets +€1.00.")


@pytest.mark.parametrize("k", range(1, 6))
def test_exercises_and_self_check_carry_no_citation(k):
    text = exercises_myst(k)
    assert not citations(text), f"Evening {k}'s exercises: {citations(text)[:3]}"
    quiz = json.dumps(self_check_json(k), ensure_ascii=False)
    assert not citations(quiz), f"Evening {k}'s self-check: {citations(quiz)[:3]}"


def test_the_questions_keep_their_sources_as_values_and_their_texts_cite_nothing():
    paper = exam(BOOK_EXAM_SEED)
    assert all(CODE_CITATION.search(q.source) for q in paper)
    # the source is a value beside the words: no text of a question cites, so no face has
    # a citation to take out
    for q in paper:
        for text in (q.prompt, q.open_prompt or "", q.explanation, *q.options,
                     *option_feedback(q)):
            assert not citations(text), (q.kind, citations(text)[:3])


def test_the_exam_and_its_marked_paper_carry_no_citation():
    tool = DiplomaTool()
    pages = []
    for i, q in enumerate(tool.paper):
        tool.answer(f"answer {i + 1} {'ABCDEFGH'[(q.answer + 1) % len(q.options)]}")
        pages.append(face.view_html(tool.shown()))
        tool.answer("next")
    tool.answer("mark")
    pages += [face.view_html(tool.shown()), tool.wrong_html()]
    for html in pages:
        assert not citations(html), citations(html)[:3]


@pytest.mark.parametrize("k", range(1, 6))
def test_the_evening_plan_box_carries_no_citation(k):
    box = evening_plan_html(k)
    assert "Learning goals" in box and not citations(box), citations(box)[:3]


def test_a_chapters_glossary_table_can_leave_out_its_sources():
    from knlib.players.talk.glossary import glossary_html, term

    terms = [term(t) for t in ("de fief Olen", "de Beste", "Twe")]
    assert citations(glossary_html(terms, sources=True))  # the programmers' table cites
    table = glossary_html(terms)  # a reader's table names no source
    assert not citations(table) and "source" not in table
    assert all(t.term in table for t in terms)


def test_a_cards_note_names_no_source():
    """A role's note (a permanent top card in a chosen suit, say) is read in card
    pictures, trick sentences and role tables: plain, with its source left to the source
    column and the boxes."""
    from knlib.games import ruleset
    from knlib.render.display import hand_svg, role_table_html

    rules = ruleset("karniffel")
    chosen = next(ch for ch in combinations("CSHD", rules.n_chosen)
                  if any(r.note and r.note_source and citations(for_reader(r.note_source))
                         for r in rules.roles(ch).values()))
    roles = rules.roles(chosen)
    noted = [c for c in rules.pack if roles[c].note]
    picture = hand_svg(" ".join(str(c) for c in noted), game=rules, chosen=chosen)
    assert "Note:" in picture and not citations(picture), citations(picture)[:2]
    table = role_table_html(rules, chosen)
    notes = re.findall(r"<td[^>]*>([^<]*stays a beast[^<]*)</td>", table)
    assert notes and not any(citations(n) for n in notes), notes[:2]


@pytest.mark.parametrize("fit", [False, True])
def test_role_tables_name_no_source(fit):
    """The role tables (the Roles page) keep the notes and leave the sources to the data."""
    import knlib
    from knlib.games import ruleset
    from knlib.render.display import role_table_html

    for game in knlib.GAMES:
        rules = ruleset(game)
        chosen = next(iter(combinations("HSCD", rules.n_chosen)))
        table = role_table_html(rules, chosen, fit=fit)
        assert not citations(table), (game, citations(table)[:2])
        assert "<th" in table and ">notes<" in table
        assert any(CODE_CITATION.search(r.source)
                   for r in rules.roles(chosen).values())  # the data keeps them
