"""The static book, as `make book` built it, read in Debian's headless chromium (issue 4):
a chapter and a figure render, and a self-check quiz answers a click, with no kernel and
no request leaving this machine."""

from __future__ import annotations

import json

import pytest

import knbook.course as course

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


def test_the_final_exam_is_one_diploma_tool(page, served):
    """The exam page holds the paper once, as the diploma tool's root (issue 24, item 5):
    its first question is readable before the runtime loads; the browser test of the
    tools (test_page_tools.py) takes the paper and prints the diploma."""
    page.goto(served + "book/evenings/final-exam.html")
    root = page.locator("[data-knlib-app='diploma']")
    assert root.count() == 1 and page.locator("form.knlib-exam-form").count() == 0
    assert json.loads(root.get_attribute("data-config")) == {"paper": course.BOOK_EXAM_SEED}
    paper = course.exam(course.BOOK_EXAM_SEED)
    text = root.inner_text()
    assert f"Question 1 of {len(paper)}" in text and paper[0].options[0] in text
    assert page.outside == []  # type: ignore[attr-defined]


def test_decision_question_explains_the_option_chosen(page, served):
    page.goto(served + "book/evenings/3-who-wins.html")
    q = course.decision_questions(3)[0]
    box = page.locator("#knlibE3D0")  # the evening's first "what would you do?" question
    wrong = next(i for i in range(len(q.options)) if i != q.answer)
    box.locator(f"label[for$='o{wrong}']").click()
    shown = box.locator(".fb:visible")
    assert shown.count() == 1
    assert q.feedback[wrong][:40] in shown.inner_text()
    box.locator(f"label[for$='o{q.answer}']").click()
    assert box.locator(".fb.right:visible").count() == 1
