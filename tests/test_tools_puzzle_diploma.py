"""The Puzzles and the exam's diploma as practice tools (issue 24, items 2 and 5), driven in
plain Python: the verdicts are the solver's, the solution stays hidden until asked, the
paper is marked as the course marks it, and the diploma refuses the names the command line
refuses."""

from __future__ import annotations

import base64
import datetime
import json
import random
import re
import xml.dom.minidom
from html import escape, unescape

import pytest

from knbook import cli
from knbook.course import BOOK_EXAM_SEED, PASS_MARK, exam, score
from knbook.course.practice import pictures_html
from knbook.course.puzzles import BOOK_PUZZLES, book_puzzles, puzzle_at
from knbook.tools import page as face
from knbook.tools.diploma import DiplomaExam, DiplomaTool
from knbook.tools.puzzle import NOT_BEST, RIGHT, PuzzleTool, PuzzleWidget


def _html(tool) -> str:
    return face.view_html(tool.shown())


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _words(text: str) -> str:
    return " ".join(text.split())


# -- the puzzle ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def puzzles():
    return book_puzzles()


def test_the_choices_are_the_legal_actions_in_an_order_that_gives_nothing_away(puzzles):
    for p in puzzles:
        tool = PuzzleTool.of(p)
        picks = [a for a in tool.view().enabled_actions() if a != "solution"]
        assert picks == [str(a) for a in p.deal.legal_actions()]
        assert set(picks) == {str(a) for a, _ in p.values}
    # the values are sorted best first; the buttons are not, in some puzzle at least
    assert any(PuzzleTool.of(p).view().enabled_actions()[0] != str(p.answer) for p in puzzles)


def test_a_right_choice_gets_the_solvers_verdict_and_a_wrong_one_its_own_reason(puzzles):
    for p in puzzles:
        tool = PuzzleTool.of(p)
        best = max(v for _, v in p.values)
        for a, v in p.values:
            tool.answer(str(a))
            assert tool.message == ""
            assert tool.verdict == p.check(a)
            right, why = tool.verdict
            assert right == (v == best)  # exactly the solver's best is right
            shown = _words(tool.view().text())
            assert _words(why) in shown
            assert (RIGHT if right else NOT_BEST) in shown
            if not right:
                assert why != p.solution and why in p.other_reasons


def test_a_wrong_pick_can_be_followed_by_the_right_one(puzzles):
    p = next(p for p in puzzles if len(p.values) >= 3)
    tool = PuzzleTool.of(p)
    wrong = [a for a, _ in p.values if a != p.answer]
    tool.answer(str(wrong[0]))
    tool.answer(str(wrong[1]))
    assert tool.tried == wrong[:2] and tool.verdict is not None and not tool.verdict[0]
    tool.answer(str(p.answer))
    assert tool.verdict == (True, p.solution)
    pressed = [c.action for c in tool.view().controls() if c.pressed]
    assert pressed == [str(p.answer)]


def test_the_solution_is_hidden_until_asked_and_each_reason_shown_once(puzzles):
    for p in puzzles[3:5] + puzzles[-1:]:  # 4 and 5 share one reason between two choices
        tool = PuzzleTool.of(p)
        wrong = next(a for a, _ in p.values if a != p.answer)
        tool.answer(str(wrong))
        for html in (_html(tool), face.root_html(PuzzleTool.of(p))):
            assert _words(p.solution) not in _text(html)
        tool.answer("solution")
        shown = _text(_html(tool))
        assert _words(p.solution) in shown
        for why in p.other_reasons:
            assert shown.count(_words(why)) == 1 + (_words(why) == _words(tool.verdict[1]))
        assert "solution" not in tool.view().enabled_actions()
    assert len(puzzles[3].other_reasons) < len(puzzles[3].wrong)


def test_a_bad_action_gives_a_message_and_changes_nothing(puzzles):
    p = puzzles[0]
    tool = PuzzleTool.of(p)
    before = face.view_html(tool.view())
    not_held = next(c for c in p.deal.rules.pack if c not in p.deal.hands[p.seat])
    for action, word in (("dance", "dance"), (f"play {not_held}", not_held.symbol),
                         ("solution please", "solution")):
        view = tool.answer(action)
        assert word in view.message
        assert tool.log == [] and tool.verdict is None and not tool.solution_shown
        assert face.view_html(tool.view()) == before
    tool.answer("solution")
    assert "already shown" in tool.answer("solution").message
    assert tool.log == [("solution", "")]


def test_the_page_settings_are_small_and_rebuild_the_same_puzzle():
    game, seed, steps = BOOK_PUZZLES[-1]
    tool = PuzzleTool(game, seed, steps)
    assert tool.config == {"game": game, "seed": seed, "steps": steps}
    assert len(json.dumps(tool.config)) < 60
    reply = json.loads(face.restore("puzzle", json.dumps(tool.config),
                                    json.dumps([[str(tool.puzzle.answer), ""]])))
    assert RIGHT in _text(reply["html"])
    again = puzzle_at(game, seed, steps)
    assert again.answer == tool.puzzle.answer and again.values == tool.puzzle.values
    for bad in ({"seed": -1}, {"seed": "2"}, {"seed": 2, "steps": 0}):
        assert json.loads(face.start("puzzle", json.dumps(bad)))["error"]


def test_the_notebook_face_answers_as_the_tool(puzzles):
    p = puzzles[1]
    w = PuzzleWidget(p)
    bundle = w._repr_mimebundle_()
    assert 'data-knlib-app="puzzle"' in bundle["text/html"]
    assert _words(p.solution) not in _text(bundle["text/html"])
    w.use(str(p.answer))
    assert RIGHT in w.view.text() and w.error == ""
    w.use("dance")
    assert "dance" in w.error


# -- the exam and the diploma ----------------------------------------------------------------


@pytest.fixture(scope="module")
def paper():
    return exam(BOOK_EXAM_SEED)


def _take(tool: DiplomaTool, answers) -> None:
    for i, a in enumerate(answers):
        if a is not None:
            assert tool.answer(f"answer {i + 1} {'ABCDEFGH'[a]}").message == ""


def _passed(date: str | None = "2026-03-14") -> DiplomaTool:
    tool = DiplomaTool(date=date)
    _take(tool, [q.answer for q in tool.paper[:-3]] + [None] * 3)
    tool.answer("mark")
    assert tool.result is not None and tool.result.passed
    return tool


def test_the_tool_marks_the_paper_as_the_course_does(paper):
    rng = random.Random(24)
    wrong = [(q.answer + 1) % len(q.options) for q in paper]
    papers = [[q.answer for q in paper],  # all right
              [q.answer for q in paper[:16]] + wrong[16:],  # just passing
              [q.answer for q in paper[:15]] + [None] * 5]  # just failing
    papers += [[rng.choice([q.answer, q.answer, None, w])
                for q, w in zip(paper, wrong, strict=True)] for _ in range(3)]
    outcomes = set()
    for given in papers:
        tool = DiplomaTool()
        _take(tool, given)
        tool.answer("mark")
        course = score(paper, given, PASS_MARK)
        assert tool.result == course
        shown = _words(tool.view().text())
        assert f"You scored {course.correct} of {course.total}" in shown
        for i, ok in enumerate(course.marks):
            assert (f"Question {i + 1}:" in shown) != ok
        assert ("name" in tool.view().enabled_actions()) == course.passed
        outcomes.add(course.passed)
    assert outcomes == {True, False}


def test_a_failing_paper_offers_no_diploma(paper):
    tool = DiplomaTool()
    _take(tool, [(q.answer + 1) % len(q.options) for q in paper])
    tool.answer("mark")
    assert tool.result is not None and tool.result.correct == 0 and not tool.result.passed
    actions = [c.action for c in tool.view().controls()]
    assert "name" not in actions and "diploma" not in actions
    for action, value in (("diploma", ""), ("name", "Inke Petersen")):
        view = tool.answer(action, value)
        assert "passing paper" in view.message and tool.made is None
    assert "again" in tool.view().enabled_actions()


@pytest.mark.parametrize("name", ["", "   ", "x" * 121, "Inke\x07Petersen", "In\u202eke", "王小明",
                                  "Anna 山田"])
def test_a_bad_name_gets_the_command_lines_refusal_and_keeps_the_state(name, capsys, tmp_path):
    tool = _passed()
    tool.answer("name", "Inke Petersen")
    made = tool.made
    assert made is not None and made.name == "Inke Petersen"
    view = tool.answer("name", name)
    assert view.message and tool.made is made and tool.name_given == "Inke Petersen"
    assert ("name", name) not in tool.log
    letters = " ".join(q.letter for q in tool.paper)
    code = cli.main(["diploma", "--name", name, "--paper", str(BOOK_EXAM_SEED),
                     "--answers", letters, "--date", "2026-03-14", "--out", str(tmp_path)])
    assert code == 2 and not list(tmp_path.iterdir())
    assert capsys.readouterr().err == f"error: {view.message}\n"


def test_a_name_the_fonts_cannot_draw_is_refused_on_the_page_naming_the_characters():
    # Issue 36: such a name printed boxes on the diploma, with no warning.
    tool = _passed()
    view = tool.answer("name", "Anna 山田")
    assert "cannot draw '山' '田' of the name 'Anna 山田'" in view.message
    assert tool.made is None and "knlib-diploma-sheet" not in _html(tool)


def test_the_diploma_button_with_no_name_is_refused_as_the_command_line_refuses():
    tool = _passed()
    assert "candidate's name" in tool.answer("diploma").message and tool.made is None


def test_the_svg_holds_the_name_the_score_and_the_date():
    tool = _passed()
    tool.answer("name", "Inke <&> Petersen")
    d = tool.made
    assert d is not None and d.correct == 17 and d.total == 20
    svg = d.svg()
    xml.dom.minidom.parseString(svg)  # well formed, the name escaped
    assert escape("Inke <&> Petersen", quote=False) in svg
    assert "85%" in svg and "17 of 20" in svg and "14 March 2026" in svg
    html = _html(tool)
    assert "data-print" in html
    link = re.search(r'<a [^>]*download="([^"]+)" href="data:image/svg\+xml;base64,([^"]+)"',
                     html)
    assert link is not None and link.group(1) == f"{d.slug}.svg"
    assert base64.b64decode(link.group(2)).decode("utf-8") == svg
    # the button makes it again with the name given
    tool.answer("diploma")
    assert tool.made == d


def test_without_a_date_in_the_settings_the_diploma_has_todays():
    before = datetime.date.today()
    tool = _passed(date=None)
    tool.answer("name", "Inke Petersen")
    assert tool.made is not None and before <= tool.made.date <= datetime.date.today()
    assert "date" not in tool.config


def test_the_questions_give_nothing_away(paper):
    # the course's own pictures carry role badges for some of these questions...
    assert any('class="badge"' in pictures_html(q) for q in paper)
    tool = DiplomaTool()
    for i, q in enumerate(paper):
        tool.answer(f"go {i + 1}")
        html = _html(tool)
        # ...the exam's do not, and mark no card as ahead
        assert 'class="badge"' not in html and "winner-marker" not in html
        assert _words(q.explanation) not in _words(_text(html))
        options = [c for c in tool.view().controls() if c.action.startswith("answer ")]
        assert len(options) == len(q.options) and not any(c.pressed for c in options)


def test_the_reader_moves_through_the_paper_and_the_pick_is_pressed(paper):
    tool = DiplomaTool()
    assert "no question before" in tool.answer("back").message
    tool.answer("answer 1 C")
    pressed = [c.label for c in tool.view().controls() if c.pressed]
    assert pressed[:1] == [f"✓ C. {paper[0].options[2]}"]
    tool.answer("go 20")
    assert "no question after" in tool.answer("next").message
    for bad in ("go 21", "go x", "answer 2 Z", "answer 0 A", "mark now", "fly"):
        assert tool.answer(bad).message
    assert tool.answers[0] == 2 and tool.at == 19 and tool.result is None
    tool.answer("mark")
    assert "paper is marked" in tool.answer("answer 1 A").message
    tool.answer("again")
    assert tool.result is None and tool.answers == [None] * len(paper)


def test_the_page_and_the_notebook_open_the_exam():
    reply = json.loads(face.start("diploma", json.dumps({"date": "2026-03-14"})))
    assert "Question 1 of 20" in _text(reply["html"])
    assert json.loads(face.start("diploma", json.dumps({"date": "14.3.2026"})))["error"]
    w = DiplomaExam(date="2026-03-14")
    w.use("answer 1 A")
    assert w.tool.answers[0] == 0
    assert 'data-knlib-app="diploma"' in w._repr_mimebundle_()["text/html"]
