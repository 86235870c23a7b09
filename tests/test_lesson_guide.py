"""Lesson deals that guide (issue 35, item 5), in both languages.

At each decision the lesson offers first the choices it teaches there (its stated best
and the choices it sets against it, each advised against by the step's rule of thumb and
of a kind of decision its evening has taught), and folds the other legal choices away
under "Other choices" (on the page a closed ``<details data-knlib-others>``). The
feedback on a choice follows the control that made it; every trick the computer's seats
finish is shown as cards with its winner before the reader's next decision; and a lesson
speaks only of its own game: of no exchange its reader does not make (the five-player
game has no Ole from the bottom of the stock, seed 000, 'Five-Player Knüffeln'), and of
no partner where the reader plays alone.
"""

from __future__ import annotations

import re

import pytest

from knbook.course.foundation.thumbs import THUMBS, thumb
from knbook.course.lessons import LESSONS, lesson
from knbook.i18n import language, tr
from knbook.tools.controller import Html, Row, ToolView
from knbook.tools.lesson import OTHER_CHOICES, LessonTool
from knbook.tools.page import view_html
from knlib.engine.deal import Action, new_deal

LANGUAGES = ("en", "de")
CASES = [(lid, lang) for lid in LESSONS for lang in LANGUAGES]
#: The most choices a decision offers first (today's lessons offered 10 to 18 buttons).
MOST_TAUGHT = 4
#: Which rule of thumb teaches each kind of decision (its evening is when the course
#: teaches that kind): a card played or led face up, led face down, seeing or running, the
#: Jann, the five-player dealer's choice, the exchanges.
KIND_THUMB = {"play": "lead_holds", "down": "drehen", "see": "see_run", "run": "see_run",
              "stop": "jann", "play on": "jann", "play alone": "solo", "sit out": "solo",
              "exchange": "exchange", "pass": "exchange"}


def rows(view: ToolView) -> tuple[Row, Row | None]:
    """The decision's first row of choices and its folded row (None if nothing is folded)."""
    found = [p for p in view.parts if isinstance(p, Row)]
    first = [r for r in found if not r.fold]
    folded = [r for r in found if r.fold]
    assert len(first) == 1 and len(folded) <= 1, found
    return first[0], folded[0] if folded else None


def actions(row: Row | None) -> list[str]:
    return [] if row is None else [c.action for c in row.controls]


def feedback_at(view: ToolView) -> int:
    """The index in the view's parts of the one feedback box."""
    at = [i for i, p in enumerate(view.parts)
          if isinstance(p, Html) and "data-knlib-feedback" in p.html]
    assert len(at) == 1, view.parts
    return at[0]


def walk(lesson_id: str):
    """Play the lesson with its best choices: (tool, view) at each decision."""
    tool = LessonTool(lesson_id)
    while not tool.view().over:
        yield tool, tool.view()
        tool.answer(tool.expected())
        assert not tool.message


@pytest.mark.parametrize(("lesson_id", "lang"), CASES)
def test_each_decision_offers_the_taught_choices_first(lesson_id: str, lang: str) -> None:
    les = lesson(lesson_id)
    folded_decisions = 0
    with language(lang):
        for tool, view in walk(lesson_id):
            deal, step = tool.run.deal, tool.run.current
            legal = [str(a) for a in deal.legal_actions()]
            first, folded = rows(view)
            # the taught choices first: the best and those the lesson sets against it
            assert set(actions(first)) == {step.best, *step.against}, (lesson_id, step.best)
            assert 2 <= len(actions(first)) <= MOST_TAUGHT
            # the rest folded away, closed: together every legal choice, each once
            assert sorted(actions(first) + actions(folded)) == sorted(legal)
            assert all(c.enabled for c in first.controls + (folded.controls if folded else ()))
            if folded is not None:
                folded_decisions += 1
                assert folded.fold == tr(OTHER_CHOICES) and not folded.open
                assert lang == "en" or folded.fold != OTHER_CHOICES  # in the reader's words
                html = view_html(view)
                box = re.search(r"<details [^>]*data-knlib-others[^>]*>", html)
                assert box is not None and " open" not in box.group(0)
                # no button of a taught choice is inside the box, and none folded is outside
                inside = html[box.end():html.index("</details>", box.end())]
                assert set(re.findall(r'data-action="([^"]+)"', inside)) == set(actions(folded))
            # each choice set against the best is one the step's rule of thumb advises
            # against, and each taught choice is of a kind the lesson's evening has taught
            advised = {str(a) for a in thumb(step.thumb).advise(deal).good}
            assert step.best in advised and not advised & set(step.against), step
            for a in actions(first):
                assert THUMBS[KIND_THUMB[Action(a).kind]].evening <= les.evening, (a, les.id)
    assert folded_decisions >= 1


def test_evening_three_folds_the_face_down_leads_away() -> None:
    # Leading face down is taught in Evening 4: the Evening 3 lesson offers it only folded.
    down_folded = 0
    for _tool, view in walk("e3-take-cheaply"):
        first, folded = rows(view)
        assert not any(Action(a).kind == "down" for a in actions(first))
        down_folded += any(Action(a).kind == "down" for a in actions(folded))
    assert down_folded == 2  # the two decisions where the reader leads


@pytest.mark.parametrize(("lesson_id", "lang"), CASES)
def test_feedback_follows_the_chosen_control(lesson_id: str, lang: str) -> None:
    tried = 0
    with language(lang):
        for tool, view in walk(lesson_id):
            first, folded = rows(view)
            best = tool.expected()
            wrong = [a for a in actions(first) if a != best][:1] + actions(folded)[:1]
            for choice in wrong:
                before = tool.run.deal.to_json()
                after = tool.answer(choice)
                assert tool.run.deal.to_json() == before and not after.message
                at = feedback_at(after)
                row = after.parts[at - 1]
                # right after the row that holds the chosen control, pressed; that row open
                assert isinstance(row, Row) and [c.action for c in row.controls if c.pressed] \
                    == [choice]
                assert not row.fold or row.open
                html = view_html(after)
                assert 'data-right="false"' in html
                box = html.index("data-knlib-feedback")
                pressed = html.index(f'data-action="{choice}" aria-pressed="true"')
                # nothing to press between the chosen control's row and the feedback
                between = html[pressed:box]
                assert between.count("data-action=") == len(row.controls) - \
                    [c.action for c in row.controls].index(choice)
                tried += 1
            after = tool.answer(best)
            # a choice the lesson follows: its feedback first, above the table
            at = feedback_at(after)
            assert 'data-right="true"' in after.parts[at].html
            assert all(isinstance(p, Html) for p in after.parts[: at + 2])
            assert "knlib-lesson-table" in after.parts[at + 1].html
            tool.run = LessonTool.replayed(tool.config, tool.log[:-1]).run
            tool.log = tool.log[:-1]
    assert tried >= len(lesson(lesson_id).steps)


@pytest.mark.parametrize(("lesson_id", "lang"), CASES)
def test_the_computers_tricks_are_shown(lesson_id: str, lang: str) -> None:
    tool = LessonTool(lesson_id)
    shown: set[int] = set()
    at_start = len(tool.run.deal.tricks)
    with language(lang):
        while True:
            view = tool.view()
            deal = tool.run.deal
            html = view_html(view)
            for t in deal.tricks[tool.run.since:]:
                shown.add(t.number)
                part = html[html.index(f'data-knlib-trick-played="{t.number}"'):]
                part = part[:part.find("knlib-lesson-trick", 1) % (len(part) + 1)]
                went = tr("Trick {number} went to {seat}:", number=t.number,
                          seat=tr(deal.names[t.winner]))
                assert went in part, (lesson_id, lang, t.number, went)
                label = re.search(r'aria-label="([^"]+)"', part)
                assert label is not None  # the trick's cards, each named, in order
                assert all(c.symbol in label.group(1) for c in t.cards), label.group(1)
            if view.over:
                break
            before = len(deal.tricks)
            tool.answer(tool.expected())
            # every trick finished since the reader's choice is shown before the next one
            assert tool.run.since <= before
    finished = len(tool.run.deal.tricks)
    # from the last trick before the lesson began to the last trick of the deal, each one
    assert set(range(max(1, at_start), finished + 1)) <= shown, (lesson_id, shown)


def lesson_texts(lesson_id: str) -> list[str]:
    """Everything the reader of the lesson reads: each view at each decision, the
    feedback on every choice taught there, and the end."""
    tool = LessonTool(lesson_id)
    texts: list[str] = []
    while not tool.view().over:
        texts.append(tool.view().text())
        for a in actions(rows(tool.view())[0]):
            if a != tool.expected():
                texts.append(tool.answer(a).text())
        texts.append(tool.answer(tool.expected()).text())
    texts.append(tool.view().text())
    return texts


@pytest.mark.parametrize(("lesson_id", "lang"), CASES)
def test_a_lesson_speaks_only_of_its_own_game(lesson_id: str, lang: str) -> None:
    les = lesson(lesson_id)
    deal = new_deal(les.game, seed=les.seed, players=les.players, dealer=les.dealer)
    stages = deal.get_game().stages  # the game's procedure at this table
    with language(lang):
        texts = lesson_texts(lesson_id)
        # the word for an exchange in this language, from the catalogue ("Das Tauschen")
        exchange = tr("The exchanges").split()[-1].lower()[:5]
    run = LessonTool(lesson_id).run
    reader_exchanges = False
    while not run.over:
        reader_exchanges |= any(a.kind == "exchange" for a in run.legal())
        run.choose(run.current.best)
    if not reader_exchanges:  # none of the lesson's decisions is an exchange
        for text in texts:
            assert exchange not in text.lower(), (lesson_id, lang, text)
    if "bottom" not in stages:  # no Ole from the bottom of the stock in this game
        assert les.players == 5
        for text in texts:
            assert exchange not in text.lower(), (lesson_id, lang, text)
    if len(les.seats) == 1:  # the reader plays alone: no partner at the table
        for text in texts:
            assert "partner" not in text.lower(), (lesson_id, lang, text)


def test_the_notebook_face_folds_the_other_choices() -> None:
    pytest.importorskip("ipywidgets")
    import ipywidgets as w

    from knbook.tools.lesson import Lesson

    face = Lesson("e3-take-cheaply")
    folds = [c for c in face.box.children if isinstance(c, w.Accordion)]
    assert len(folds) == 1 and folds[0].selected_index is None
    assert folds[0].titles == (OTHER_CHOICES,)
    other = actions(rows(face.view)[1])[0]
    face.use(other)  # a folded choice: the fold opens, its feedback right after it
    children = face.box.children
    fold = next(i for i, c in enumerate(children) if isinstance(c, w.Accordion))
    assert children[fold].selected_index == 0
    assert "data-knlib-feedback" in children[fold + 1].value
