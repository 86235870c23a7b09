"""The evenings in short steps (issue 25, item 3): every section of an evening's page after
its introduction is a step of :data:`knbook.course.steps.STEPS`, and each step is followed
at once by its practice (one to three questions with feedback) or its tool; the practice
fits the step's idea (its focus) and the questions' answers are the engine's."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from knbook.course.question_kinds import correct_options
from knbook.course.steps import (
    FOCUS,
    STEPS,
    EveningStep,
    Practice,
    step,
    step_practice_html,
    step_questions,
    steps_of,
)
from knlib.errors import RulesError

ROOT = Path(__file__).resolve().parent.parent
EVENINGS = {1: "1-pack-and-table", 2: "2-chosen-suits", 3: "3-who-wins", 4: "4-the-deal",
            5: "5-talk-and-play"}
#: The end of every evening, which is practice already and not split into steps.
TAIL = ("What to remember", "Rules of thumb", "A lesson deal", "Two lesson deals",
        "What would you do?", "Exercises", "Self-check", "The final exam")
HEADING = re.compile(r"^(#{2,4}) (.+)$", re.M)


def sections(cells: list[dict]) -> list[tuple[int, str, list[str]]]:
    """The page's sections before its tail: (level, heading, the sources of the cells under
    it up to the next heading of any level)."""
    out: list[tuple[int, str, list[str]]] = []
    for c in cells:
        src = "".join(c["source"])
        m = HEADING.match(src) if c["cell_type"] == "markdown" else None
        if m:
            title = m.group(2).strip()
            if title.startswith(TAIL):
                break
            out.append((len(m.group(1)), title, []))
            if HEADING.search(src[m.end():]):
                out[-1][2].append("<another heading in this cell>")
        elif out:
            out[-1][2].append(src)
    return out


def practised(s: EveningStep, body: list[str]) -> bool:
    if s.tool:
        return any(f"{s.tool}(" in src for src in body)
    return any(f'step_practice("{s.id}")' in src for src in body)


def missing_practice(k: int, cells: list[dict]) -> list[str]:
    """What is wrong with evening k's page: a section that is no step (and holds no steps),
    a step without its practice at its end, or a step missing or out of order."""
    steps = list(steps_of(k))
    secs = sections(cells)
    found = []
    problems = []
    for i, (level, title, body) in enumerate(secs):
        s = next((s for s in steps if s.heading == title), None)
        if s is None:
            # A part of a step (a subsection), or a heading over steps (its subsections).
            parent = next((t for lv, t, _ in reversed(secs[:i]) if lv < level), None)
            under = []
            for lv, t, _ in secs[i + 1:]:
                if lv <= level:
                    break
                under.append(t)
            if not any(x.heading in under or x.heading == parent for x in steps):
                problems.append(f"section {title!r} is not a step")
            continue
        found.append(s.id)
        # The practice closes the step: the last cell of it, or of its last subsection.
        tail = body
        for lv, _, sub in secs[i + 1:]:
            if lv <= level:
                break
            tail = sub
        if not (practised(s, tail[-1:]) or (s.tool and practised(s, body))):
            problems.append(f"step {s.id!r} does not end with its practice")
    if found != [s.id for s in steps]:
        problems.append(f"steps on the page {found} != {[s.id for s in steps]}")
    return problems


def _cells(k: int) -> list[dict]:
    return json.loads((ROOT / "book" / "evenings" / f"{EVENINGS[k]}.ipynb").read_text())["cells"]


@pytest.mark.parametrize("k", sorted(EVENINGS))
def test_every_step_after_the_introduction_has_its_practice(k):
    assert missing_practice(k, _cells(k)) == []


def test_the_page_check_can_fail():
    cells = _cells(2)
    # A section without practice, and a step's practice taken away.
    extra = [{"cell_type": "markdown", "source": ["## A new idea\n\nText."]},
             {"cell_type": "code", "source": ["show('SA')"]}]
    without = [c for c in cells if 'step_practice("e2-beaters")' not in "".join(c["source"])]
    assert "section 'A new idea' is not a step" in missing_practice(
        2, cells[:5] + extra + cells[5:])
    assert "step 'e2-beaters' does not end with its practice" in missing_practice(2, without)


@pytest.mark.parametrize("s", [s for s in STEPS if not s.tool], ids=lambda s: s.id)
def test_a_steps_questions_fit_its_idea_and_have_the_engines_answers(s):
    qs = step_questions(s.id)
    assert 1 <= len(qs) <= 3
    focus = [p for p in s.practice for _ in range(p.count)]
    assert [q.kind for q in qs] == [p.kind for p in focus]
    for q, p in zip(qs, focus, strict=True):
        assert q.game == p.game or q.kind.startswith("d_")  # a decision names its table
        if p.focus:
            assert FOCUS[p.focus](q), (s.id, q.prompt)
        assert correct_options(q) == [q.answer], q.prompt
        assert len(q.feedback) == len(q.options) and len(set(q.feedback)) == len(q.feedback)
        assert "seed" not in " ".join(q.feedback)
    assert len({q.correct for q in qs if q.kind == qs[0].kind}) == \
        sum(1 for q in qs if q.kind == qs[0].kind)
    assert step_questions(s.id) == qs  # the same on every run


def test_the_focus_narrows():
    beaters = step_questions("e2-beaters")
    assert all(q.correct.endswith(("(chosen Ace)", "(chosen Jack)", "(chosen Six)",
                                   "(chosen Two)", "(chosen Three)", "(chosen Four)"))
               for q in beaters), [q.correct for q in beaters]
    (equal,) = step_questions("e3-equal")
    ranks = [c[1:] for c in equal.cards or ()]
    assert len(set(ranks)) < len(ranks)
    # Each trick focus holds for some tricks and not for others.
    from knbook.course.question_kinds import question

    tricks = [question("trick_winner", i) for i in range(60)]
    for name in ("lead taken", "order matters", "equal cards"):
        seen = {FOCUS[name](q) for q in tricks}
        assert seen == {True, False}, name


def test_the_practice_html_marks_the_engines_answer():
    page = step_practice_html("e3-chain")
    qs = step_questions("e3-chain")
    assert page.count("class='knlib-decision'") == len(qs)
    assert [int(a) for a in re.findall(r"data-answer='(\d+)'", page)] == [q.answer for q in qs]
    assert "Practice 3 of 6: two questions" in page and len(qs) == 2


def test_bad_steps_are_refused():
    with pytest.raises(RulesError, match="'e9-x' is not a step"):
        step("e9-x")
    with pytest.raises(RulesError, match="7 is not an evening"):
        steps_of(7)
    with pytest.raises(RulesError, match="practised with a tool"):
        step_practice_html("e2-builder")


def test_a_focus_no_question_fits_is_refused(monkeypatch):
    import knbook.course.steps as steps

    impossible = EveningStep(1, "e1-x", "x", "x", (Practice("pack", 1, "beater"),))
    monkeypatch.setattr(steps, "STEPS", (*STEPS, impossible))
    with pytest.raises(RulesError, match="no 'pack' question with focus 'beater'"):
        steps.step_questions("e1-x")


def test_the_leaders_table_lists_every_step_with_its_practice():
    from knbook.course.steps import steps_table_html

    table = steps_table_html(2)
    rows = re.findall(r"<tr><td[^>]*>(\d+)</td><td[^>]*>([^<]*)</td><td[^>]*>[^<]*</td>"
                      r"<td[^>]*>([^<]*)</td></tr>", table)
    assert [(int(n), h) for n, h, _ in rows] == [
        (i, html.escape(s.heading)) for i, s in enumerate(steps_of(2), 1)]
    practice = dict((h, p) for _, h, p in rows)
    assert practice["The six beaters"] == "two questions"
    assert practice["Try it: the hand builder"] == "uses the hand builder"
    assert "Evening 2 in eight steps" in table


@pytest.mark.parametrize("k", sorted(EVENINGS))
def test_the_first_practice_cell_of_a_page_imports_it(k):
    practice = [src for c in _cells(k) if "step_practice(" in (src := "".join(c["source"]))]
    assert "from knbook.course.steps import step_practice" in practice[0]


@pytest.mark.parametrize("s", [s for s in STEPS if not s.tool], ids=lambda s: s.id)
def test_a_rule_of_thumb_is_taught_before_the_feedback_names_it(s):
    from knbook.course.foundation.thumbs import THUMBS

    page = step_practice_html(s.id)
    forms = page.index("class='knlib-decision'")
    for q in step_questions(s.id):
        for thumb in THUMBS.values():
            named = any(f"“{thumb.name}”" in fb for fb in q.feedback)
            if named:  # its name and saying stand in the box, before the questions
                assert 0 <= page.find(html.escape(thumb.saying)) < forms, (s.id, thumb.id)


def test_the_thumb_box_lists_what_the_feedback_names():
    from knbook.course.steps import step_thumbs

    qs = step_questions("e4-drehen")
    assert step_thumbs(qs) == ["see_run"]
    assert "Count before you see" in step_practice_html("e4-drehen")
    assert step_thumbs(step_questions("e1-pack")) == []
    assert "Rule of thumb" not in step_practice_html("e1-pack")
