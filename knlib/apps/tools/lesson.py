"""A lesson deal on the page: the reader makes every decision of one side of a prepared
deal and gets feedback at once, in the words of the evening's rules of thumb.

Each decision is a row of buttons, one per legal action, whose ``action`` is the engine's
action text (``play SA``, ``lead face down H9``, ``see``, ``stop``, ``play alone``). A
choice the lesson does not follow is answered with feedback and leaves the deal as it
was, so the reader can try again; at the end the view is ``over``, with the result and
what the lesson taught. The lessons themselves are data (:mod:`knlib.course.lessons`),
played and judged by :class:`knlib.course.lesson_run.LessonRun`.

In a notebook: ``Lesson("e4-jann")``.
"""

from __future__ import annotations

from html import escape

from ...analysis.advice import action_words
from ...course.lesson_run import LessonRun
from ...course.lessons import LESSONS
from ...course.lessons import lesson as find_lesson
from ...engine.deal import Deal
from ...errors import RulesError
from ...i18n import marked, tr
from ...render.display import hand_html, trick_html
from .base import Control, Html, Row, Tool, View
from .widget import ToolWidget

__all__ = ["LessonTool", "Lesson", "LESSON_IDS"]

#: The lessons there are, in course order.
LESSON_IDS: tuple[str, ...] = tuple(LESSONS)

_BOX = "border-left:4px solid {};padding:4px 8px;margin:6px 0"


class LessonTool(Tool):
    """One lesson deal: ``act(action)`` with an engine action text of the decision now to
    be made. Settings: ``lesson``, the lesson's id."""

    name = "lesson"
    start_label = marked("Try it: lesson deal")

    def __init__(self, lesson: str = LESSON_IDS[0]) -> None:
        if not isinstance(lesson, str):
            raise RulesError(tr("lesson {value}: a lesson is named by its id, such as "
                                "{example}", value=repr(lesson), example=repr(LESSON_IDS[0])))
        self.run = LessonRun(find_lesson(lesson))
        super().__init__(lesson=lesson)

    # -- what the reader does -------------------------------------------------------------
    def act(self, action: str, value: str = "") -> None:
        self.run.choose(action)

    def expected(self) -> str:
        """The choice the lesson follows now (its stated best), or "" once it is over; what
        a test clicks to complete the lesson."""
        return "" if self.run.over else self.run.current.best

    # -- what the reader sees -------------------------------------------------------------
    def view(self) -> View:
        run = self.run
        parts: list[Html | Row] = []
        les = run.lesson
        parts.append(Html(f"<h4>{escape(les.title_text)}</h4>"
                          + (f"<p>{escape(les.intro_text)}</p>" if run.step == 0 else "")))
        if run.feedback is not None:
            colour = "#2e7d32" if run.feedback.ok else "#b26a00"
            parts.append(Html(f'<div class="knlib-feedback" role="status" '
                              f'style="{_BOX.format(colour)}">{escape(run.feedback.text)}'
                              "</div>"))
        parts.append(Html(table_html(run.deal, les.seats)))
        if run.over:
            parts.append(Html(f'<p><b>{escape(les.result_text)}</b></p>'
                              f"<p>{escape(les.summary_text)}</p>"))
            return View(tuple(parts), over=True)
        step = run.current
        seat = run.deal.to_move
        assert seat is not None
        who = run.deal.names[seat]
        decide = tr("{seat} to decide", seat=who)
        which = tr("(decision {number} of {count})", number=run.step + 1,
                   count=len(les.steps))
        parts.append(Html(f"<p><b>{escape(decide)}</b> {escape(which)}. "
                          f"{escape(step.text_shown)}</p>"))
        parts.append(Row(tuple(
            Control("button", str(a), action_words(run.deal, a)) for a in run.legal()),
            label=tr("Your choice:")))
        return View(tuple(parts))


def table_html(deal: Deal, seats: tuple[int, ...]) -> str:
    """The table as the reader's side sees it: the chosen suits, the tricks won, the last
    trick, the trick in progress and the hands of the reader's seats (or the stock the
    five-player dealer looks at)."""
    rules = deal.rules
    won = (" " + tr("Tricks won: {tricks}.", tricks=", ".join(
        f"{escape(deal.side_name(i))} {n}" for i, n in enumerate(deal.tricks_won)))
           if deal.sides else "")
    head = ("<div>" + tr("{suits} chosen.", suits=escape(rules.chosen_text(deal.chosen)))
            + f"{won}</div>")
    parts = [head]
    if deal.tricks and (not deal.current_trick or deal.current_face_down):
        last = deal.tricks[-1]
        went = tr("Trick {number} went to {seat}:", number=last.number,
                  seat=escape(deal.names[last.winner]))
        parts.append(f"<div>{went}</div>" + trick_html(last.cards, game=rules, chosen=deal.chosen,
                                           seats=[deal.names[s] for s in last.seats],
                                           width=44))
    if deal.current_trick:
        played, cards = zip(*deal.current_trick, strict=True)
        if deal.current_face_down:
            parts.append("<div>" + tr("{seat} has led a card face down (drehen).",
                                      seat=escape(deal.names[played[0]])) + "</div>")
        else:
            parts.append("<div>" + tr("Trick {number} so far:", number=len(deal.tricks) + 1)
                         + "</div>"
                         + trick_html(cards, game=rules, chosen=deal.chosen,
                                      seats=[deal.names[s] for s in played],
                                      winner_text=tr("ahead"), width=44))
    if deal.phase == "dealer's choice":
        parts.append("<div>" + tr("The stock:") + "</div>"
                     + hand_html(deal.stock, game=rules, chosen=deal.chosen, width=44))
    for seat in seats:
        if deal.hands[seat]:
            parts.append("<div>" + tr("{seat}'s hand:", seat=escape(deal.names[seat]))
                         + "</div>"
                         + hand_html(deal.hands[seat], game=rules, chosen=deal.chosen,
                                     width=44))
    return '<div class="knlib-lesson-table">' + "".join(parts) + "</div>"


class Lesson(ToolWidget):
    """A lesson deal in a notebook: ``Lesson("e3-take-cheaply")`` (see :class:`LessonTool`
    and :data:`LESSON_IDS`)."""

    def __init__(self, lesson: str = LESSON_IDS[0]) -> None:
        super().__init__(LessonTool(lesson))
