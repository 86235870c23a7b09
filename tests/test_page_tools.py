"""The practice tools on the static site (issue 24), in Debian's headless chromium.

On the built book served from 127.0.0.1, with every other host blocked (on the browser
context, so the tools' Web Worker is covered too), at a desktop width and at a phone's
390 pixels: every kind of tool starts on its page from its "Try it" (or "Play") button,
answers a use by changing its text, a whole deal of Knüffeln is played to its end by
clicking legal actions, a lesson deal is completed, and the exam page prints a diploma
after a passing paper. The page's own width never scrolls sideways, and no request
leaves the machine.

What to click is asked of knlib (the same controllers, in this Python): the page itself
is only ever used through its buttons, lists and text boxes.
"""

from __future__ import annotations

import json

import pytest

from knbook.tools import tool_class

pytestmark = pytest.mark.book

WIDTHS = (1280, 390)
#: Each kind of tool and a page it lives on.
PAGES = {
    "hand-builder": "book/evenings/2-chosen-suits.html",
    "trick-lab": "book/evenings/3-who-wins.html",
    "trick-stepper": "book/evenings/3-who-wins.html",
    "deal-viewer": "book/evenings/4-the-deal.html",
    "compare": "book/family/comparison.html",
    "puzzle": "book/play/puzzles.html",
    "play": "book/play/play-the-computer.html",
    "lesson": "book/evenings/3-who-wins.html",
    "diploma": "book/evenings/final-exam.html",
}
LOAD_MS = 180_000  # the first start fetches and compiles Pyodide
STEP_MS = 60_000


@pytest.fixture(scope="module", params=WIDTHS, ids=lambda w: f"{w}px")
def context(request, local_context):
    return local_context(request.param)


@pytest.fixture(scope="module")
def page(context):
    page = context.new_page()
    yield page
    page.close()


def tool_root(page, served, app: str, index: int = 0):
    if not page.url.endswith(PAGES[app]):
        page.goto(served + PAGES[app])
    root = page.locator(f"[data-knlib-app='{app}']").nth(index)
    root.scroll_into_view_if_needed()
    return root


def start_tool(root) -> None:
    name = "Play" if root.get_attribute("data-knlib-app") == "play" else "Try it"
    button = root.get_by_role("button", name=name).first
    assert button.is_visible()
    button.click()
    root.page.wait_for_function(
        "r => r.dataset.state !== 'loading' && r.dataset.state !== 'static'",
        arg=root.element_handle(), timeout=LOAD_MS)
    assert root.get_attribute("data-state") == "ready", root.inner_text()


def _body(root) -> str:
    return root.locator(".knlib-app-body").inner_text()


def use_control(root, action: str, value: str | None = None) -> str:
    """Use the control ``action`` and wait until the tool has drawn its answer."""
    before = root.locator(".knlib-app-body").inner_html()
    control = root.locator(f"[data-action={json.dumps(action)}]").first
    assert control.is_enabled(), action
    if value is None:
        control.click()
    elif control.evaluate("e => e.tagName") == "SELECT":
        control.select_option(value)
    else:
        control.fill(value)
        control.press("Enter")
    root.page.wait_for_function(
        "([r, old]) => !r.getAttribute('aria-busy') && "
        "r.querySelector('.knlib-app-body').innerHTML !== old",
        arg=[root.element_handle(), before], timeout=STEP_MS)
    return _body(root)


def _enabled(root) -> list[str]:
    return root.locator("button[data-action]:enabled").evaluate_all(
        "els => els.map(e => e.dataset.action)")


def _config(root) -> dict:
    return json.loads(root.get_attribute("data-config"))


def _no_sideways_scroll(page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"] + 1, f"page is {width}px wide"


# --- each kind of tool ----------------------------------------------------------------------


def test_hand_builder(page, served):
    root = tool_root(page, served, "hand-builder")
    start_tool(root)
    before = _body(root)
    picked = root.locator("button.knlib-card[aria-pressed='true']").first  # put one back
    action = picked.get_attribute("data-action")
    after = use_control(root, action)
    assert after != before
    tool = tool_class("hand-builder")(**_config(root))  # the same controller, in Python
    tool.act(action)
    assert f"{len(tool.hand)} of 9 cards" in after
    assert root.locator(f"[data-action={json.dumps(action)}]").get_attribute(
        "aria-pressed") == "false"
    _no_sideways_scroll(page)


def test_hand_builder_refuses_a_tenth_card_and_keeps_the_hand(page, served):
    root = tool_root(page, served, "hand-builder")
    if root.get_attribute("data-state") != "ready":
        start_tool(root)
    while "9 of 9 cards" not in _body(root):
        use_control(root, root.locator("button.knlib-card[aria-pressed='false']").first
             .get_attribute("data-action"))
    text = use_control(root, root.locator("button.knlib-card[aria-pressed='false']").first
                .get_attribute("data-action"))
    assert "holds at most 9 cards" in root.locator("[role=alert]").inner_text()
    assert "9 of 9 cards" in text


def test_trick_lab_decides_a_typed_trick(page, served):
    from knlib import explain_trick

    root = tool_root(page, served, "trick-lab")
    start_tool(root)
    config = _config(root)
    trick = "D4 C8 DA S3" if config["cards"] != "D4 C8 DA S3" else "D4 S3 DA C8"
    text = use_control(root, "cards", trick)
    expl = explain_trick(config["game"], trick.split(), config["chosen"],
                         first_trick=config.get("first_trick", False))
    # seed 000, 'The Play': in Cases 1 and 2, whichever of the Ace and the Drist got in first
    assert expl.winner == (2 if trick.startswith("D4 C8") else 1)
    assert expl.summary() in " ".join(text.split())  # the card-by-card reasons sit behind "why?"
    use_control(root, "cards", "D4 D4")
    assert "♦4 is given twice" in root.locator("[role=alert]").inner_text()
    _no_sideways_scroll(page)


def test_trick_stepper_steps_forward(page, served):
    root = tool_root(page, served, "trick-stepper")
    start_tool(root)
    tool = tool_class("trick-stepper").replayed(_config(root), [])
    before = tool.step
    text = use_control(root, "next")
    assert f"After {before + 1} of" in text or "Trick complete" in text
    _no_sideways_scroll(page)


def test_deal_viewer_steps_through_the_golden_deal(page, served):
    root = tool_root(page, served, "deal-viewer")
    start_tool(root)
    tool = tool_class("deal-viewer").replayed(_config(root), [])
    text = use_control(root, "next")
    assert f"After {tool.step + 1} of {len(tool.actions)} actions" in text
    _no_sideways_scroll(page)


def test_game_comparison_shows_every_game(page, served):
    from knlib import GAMES, ruleset

    root = tool_root(page, served, "compare")
    start_tool(root)
    text = use_control(root, "cards", "D4 S3 DA C8")
    for game in GAMES:
        assert ruleset(game).title in text
    _no_sideways_scroll(page)


def test_puzzle_gives_the_proven_verdict_and_hides_the_solution(page, served):
    from knbook.course.puzzles import puzzle_at

    root = tool_root(page, served, "puzzle")
    start_tool(root)
    config = _config(root)
    puzzle = puzzle_at(config["game"], config["seed"], config["steps"])
    assert puzzle.solution[:60] not in _body(root)
    wrong = next(a for a in puzzle.choices if a != puzzle.answer)
    text = " ".join(use_control(root, wrong.text).split())
    assert " ".join(puzzle.check(wrong)[1].split())[:60] in text
    text = " ".join(use_control(root, puzzle.answer.text).split())
    assert " ".join(puzzle.solution.split())[:60] in text
    _no_sideways_scroll(page)


def test_exam_marks_the_paper_and_prints_a_diploma(page, served):
    from knbook.course import BOOK_EXAM_SEED, exam

    root = tool_root(page, served, "diploma")
    start_tool(root)
    paper = exam(BOOK_EXAM_SEED)
    for i, q in enumerate(paper):
        if i:
            use_control(root, "next")
        use_control(root, f"answer {i + 1} {q.letter}")
    text = use_control(root, "mark")
    assert f"You scored {len(paper)} of {len(paper)}" in text
    use_control(root, "name", "Inke Petersen")
    svg = root.locator("svg").filter(has_text="Inke Petersen")
    assert svg.count() >= 1
    save = root.locator("a[download]")
    assert save.get_attribute("href").startswith("data:image/svg+xml")
    page.evaluate("() => { window.print = () => { window.knlibPrinted = true; }; }")
    root.locator("[data-print]").first.click()
    assert page.evaluate("() => window.knlibPrinted === true")
    _no_sideways_scroll(page)


def test_a_bad_name_is_refused_like_the_command_line(page, served):
    from knbook.course.diploma import check_name
    from knlib import RulesError

    root = tool_root(page, served, "diploma")
    assert root.get_attribute("data-state") == "ready"  # after the test above
    bad = "   "
    with pytest.raises(RulesError) as refused:
        check_name(bad)
    use_control(root, "name", bad)
    assert str(refused.value)[:30] in root.locator("[role=alert]").inner_text()


def test_a_whole_deal_of_knueffeln_is_played_by_clicking_legal_actions(page, served):
    root = tool_root(page, served, "play")
    start_tool(root)
    config = _config(root)
    mirror = tool_class("play").replayed(config, [])  # the same table, in Python
    assert mirror.table.rules.id == "knueffeln"
    moves = 0
    while not mirror.table.deal.is_over:
        legal = [str(a) for a in mirror.table.legal_actions()]
        verbs = {a.split()[0] for a in legal}
        shown = [a for a in _enabled(root) if a.split()[0] in verbs]
        assert sorted(shown) == sorted(legal)  # only legal actions are enabled, and all of them
        use_control(root, legal[0])
        mirror.answer(legal[0])
        moves += 1
        assert moves < 60
    page.wait_for_function("r => r.dataset.over === 'true'", arg=root.element_handle())
    payment = str(mirror.table.deal.result)
    assert " ".join(payment.split())[:40] in " ".join(_body(root).split())
    _no_sideways_scroll(page)


def _long_analysis_log() -> list[list[str]]:
    """The play page's table set to six-player Karniffel against steady players, with its
    first five deals played out (the first legal action each time): the analysis of the
    fifth takes seconds (2.7 s in CPython, pure), long enough to be cancelled."""
    tool = tool_class("play")(seed=7)
    for setting, value in (("game", "karniffel"), ("players", "6"), ("opponents", "rules")):
        tool.answer(setting, value)
    for deal in range(5):
        if deal:
            tool.answer("next deal")
        while not tool.table.deal.is_over:
            tool.answer(str(tool.table.legal_actions()[0]))
    return [[a, v] for a, v in tool.log]


def test_long_work_shows_progress_and_cancel_keeps_the_tool(page, served):
    page.goto(served + PAGES["play"])
    root = page.locator("[data-knlib-app='play']").first
    # the page deals a fresh table at each visit: this test sits at table 7 with its log
    config = {**_config(root), "seed": 7}
    root.evaluate("(r, [log, config]) => { r.dataset.log = log; r.dataset.config = config; }",
                  [json.dumps(_long_analysis_log()), json.dumps(config)])
    start_tool(root)
    assert root.get_attribute("data-over") == "true"
    before = root.locator(".knlib-app-body").inner_html()
    root.locator("[data-action='analyse']").click()
    cancel = root.locator(".knlib-app-status .knlib-cancel")
    cancel.wait_for(timeout=20_000)
    assert root.locator(".knlib-app-status progress").count() == 1
    cancel.click()
    page.wait_for_function("r => r.dataset.state === 'ready' && !r.getAttribute('aria-busy')",
                           arg=root.element_handle(), timeout=LOAD_MS)
    from knbook.tools.page import PAGE_WORDS

    assert PAGE_WORDS["cancelled"] in root.locator(".knlib-app-status").inner_text()
    assert root.locator(".knlib-app-body").inner_html() == before  # the deal as it was
    text = use_control(root, "why", "1")  # and the tool answers again
    assert "1st" in text


def test_a_lesson_deal_is_completed_with_feedback_on_each_choice(page, served):
    root = tool_root(page, served, "lesson")
    start_tool(root)
    mirror = tool_class("lesson").replayed(_config(root), [])  # the same lesson, in Python
    wrong_tried = False
    while mirror.expected():
        best = mirror.expected()
        enabled = _enabled(root)
        assert best in enabled
        other = next((a for a in enabled if a != best and a.split()[0] == best.split()[0]), None)
        if other is not None and not wrong_tried:  # a wrong choice is explained, then retried
            before = _body(root)
            text = use_control(root, other)
            mirror.answer(other)
            assert mirror.run.feedback is not None
            assert " ".join(mirror.run.feedback.text.split())[:50] in " ".join(text.split())
            assert text != before and best in _enabled(root)
            wrong_tried = True
        use_control(root, best)
        mirror.answer(best)
    assert wrong_tried
    page.wait_for_function("r => r.dataset.over === 'true'", arg=root.element_handle())
    assert mirror.view().over
    _no_sideways_scroll(page)


def test_no_request_left_the_machine(context):
    assert context.outside == []
