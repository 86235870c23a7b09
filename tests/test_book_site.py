"""The static book, as `make book` built it, read in Debian's headless chromium (issue 4):
a chapter and a figure render, and a self-check quiz answers a click, with no kernel and
no request leaving this machine."""

from __future__ import annotations

import pytest

import knlib.course as course
import knlib.course.common
import knlib.course.papers

pytestmark = pytest.mark.book


@pytest.fixture(scope="module")
def page(served, browser):
    page = browser.new_page()
    outside: list[str] = []

    def route(r):
        if r.request.url.startswith(served):
            return r.continue_()
        outside.append(r.request.url)
        return r.abort()

    page.route("**/*", route)
    page.outside = outside  # type: ignore[attr-defined]
    yield page
    page.close()


def test_evening_chapter_renders_its_trick_pictures(page, served):
    page.goto(served + "book/evenings/3-who-wins.html")
    assert "Evening 3" in page.locator("h1").first.inner_text()
    tricks = page.locator("svg[role='group'], svg[role='img']")
    assert tricks.count() > 5
    # The engine's own explanation of seed 000's Case 1 is on the page.
    assert "♠3 is a Drist (chosen Three)" in page.content()


def test_figure_renders(page, served):
    page.goto(served + "book/evenings/2-chosen-suits.html")
    sizes = page.evaluate(
        "() => Array.from(document.images).filter(i => i.src.endsWith('.png'))"
        ".map(i => [i.naturalWidth, i.alt])")
    assert sizes, "no PNG figure on the page"
    assert all(width > 100 for width, _ in sizes)
    assert all(alt for _, alt in sizes), "every figure has alt text"


def test_quiz_answers_a_click_with_the_engine_answer(page, served):
    page.goto(served + "book/evenings/3-who-wins.html")
    first = course.self_check_questions(3, seed=3)[0]
    page.wait_for_selector("[id^=knlibSelfCheckE3] .MCButton")  # drawn by the quiz's script
    quiz = page.locator("[id^=knlibSelfCheckE3] .Quiz").first  # one question
    buttons = quiz.locator(".MCButton")
    assert buttons.count() == len(first.options)
    correct = first.options[first.answer]
    wrong = next(i for i, o in enumerate(first.options) if i != first.answer)
    buttons.nth(wrong).click()
    assert "incorrect" in quiz.locator(".Feedback").get_attribute("class")
    buttons.nth(first.answer).click()
    feedback = quiz.locator(".Feedback")
    assert "correct" in feedback.get_attribute("class").split()
    assert correct.split(":")[0] in buttons.nth(first.answer).inner_text()
    assert page.outside == []  # type: ignore[attr-defined]


def test_static_final_exam_marks_a_paper(page, served):
    """The exam page marks a full answer set in the browser (no kernel): the score, the
    verdict against the pass mark, and the diploma command with the candidate's letters."""
    paper = course.exam(course.BOOK_EXAM_SEED)
    page.goto(served + "book/evenings/final-exam.html")
    form = page.locator("form.knlib-exam-form")
    assert form.count() == 1  # the paper appears once
    assert form.locator("fieldset").count() == len(paper)
    wrong = {2, 9}  # answer two questions wrongly, the rest as the engine says
    for i, q in enumerate(paper):
        pick = (q.answer + 1) % len(q.options) if i in wrong else q.answer
        form.locator(f"input[name$='q{i}'][value='{pick}']").check()
    page.locator("button", has_text="Mark my paper").click()
    score = page.locator(".knlib-exam-score")
    score.wait_for()
    need = knlib.course.papers.answers_needed(len(paper), course.PASS_MARK)
    text = score.inner_text()
    assert f"You scored {len(paper) - 2} of {len(paper)}" in text
    assert ("passed" in text) == (len(paper) - 2 >= need) and "not passed" not in text
    letters = page.locator(".knlib-exam-letters").inner_text().split()
    assert [knlib.course.common._LETTERS.index(x) for x in letters] == [
        (q.answer + 1) % len(q.options) if i in wrong else q.answer
        for i, q in enumerate(paper)]
    assert "python -m knlib diploma" in page.content()
    # Each marked question explains itself.
    assert form.locator(".knlib-exam-why:visible").count() == len(paper)
    assert page.outside == []  # type: ignore[attr-defined]


def test_static_exam_fails_a_blank_paper(page, served):
    page.goto(served + "book/evenings/final-exam.html")
    page.locator("button", has_text="Mark my paper").click()
    text = page.locator(".knlib-exam-score").inner_text()
    assert "You scored 0 of 20" in text and "not passed" in text


def test_decision_question_explains_the_option_chosen(page, served):
    page.goto(served + "book/evenings/3-who-wins.html")
    q = course.decision_questions(3)[0]
    box = page.locator(".knlib-decision").first
    wrong = next(i for i in range(len(q.options)) if i != q.answer)
    box.locator(f"label[for$='o{wrong}']").click()
    shown = box.locator(".fb:visible")
    assert shown.count() == 1
    assert q.feedback[wrong][:40] in shown.inner_text()
    box.locator(f"label[for$='o{q.answer}']").click()
    assert box.locator(".fb.right:visible").count() == 1
