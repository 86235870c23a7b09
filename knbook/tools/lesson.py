"""A lesson deal on the page: the reader makes every decision of one side of a prepared
deal and gets feedback at once, in the words of the evening's rules of thumb.

Each decision offers a button per legal action, whose ``action`` is the engine's action
text (``play SA``, ``lead face down H9``, ``see``, ``stop``, ``play alone``): the choices
the lesson teaches there in the first row, the others folded under "Other choices" (on
the page a closed ``<details data-knlib-others>``). A choice the lesson does not follow is
answered with feedback right after the row that holds it (``[data-knlib-feedback]``,
``data-right="false"``) and leaves the deal as it was, so the reader can try again; a
choice it follows is answered at the top, above the tricks played since, the computer's
cards included. At the end the view is ``over``, with the result and what the lesson
taught. The lessons themselves are data (:mod:`knbook.course.lessons`),
played and judged by :class:`knbook.course.lesson_run.LessonRun`.

In a notebook: ``Lesson("e4-jann")``.
"""

from __future__ import annotations

from html import escape

from knlib.analysis.advice import action_words
from knlib.engine.deal import Action, Deal
from knlib.errors import RulesError
from knlib.kinds import Phase
from knlib.render.display import hand_html, trick_html

from ..course.lesson_run import Feedback, LessonRun
from ..course.lessons import LESSONS
from ..course.lessons import lesson as find_lesson
from ..i18n import marked, tr
from .controller import Control, Html, Row, Tool, ToolView
from .widget import ToolWidget

__all__ = ["LessonTool", "Lesson", "LESSON_IDS", "OTHER_CHOICES", "feedback_html", "table_html"]

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
    def view(self) -> ToolView:
        """Top to bottom: the title; the feedback on a choice the lesson followed, with
        the tricks played since (the computer's cards too); the table; then the decision:
        its text, the choices it teaches in one row, the other legal choices folded away
        (``<details data-knlib-others>``, closed), and the feedback on a choice the lesson
        did not follow right after the row that holds it."""
        run = self.run
        les = run.lesson
        parts: list[Html | Row] = [Html(
            f"<h4>{escape(les.title_text)}</h4>"
            + (f"<p>{escape(les.intro_text)}</p>" if run.step == 0 else ""))]
        feedback = run.feedback
        if feedback is not None and feedback.ok:
            parts.append(Html(feedback_html(feedback)))
        parts.append(Html(table_html(run.deal, les.seats, since=run.since,
                                     answers=run.answers_since())))
        attrs = (("lesson", les.id), ("step", str(run.step)))
        if run.over:
            parts.append(Html(f'<p><b>{escape(les.result_text)}</b></p>'
                              f"<p>{escape(les.summary_text)}</p>"))
            return ToolView(tuple(parts), over=True, attrs=attrs)
        step = run.current
        seat = run.deal.to_move
        assert seat is not None
        decide = tr("{seat} to decide", seat=run.deal.names[seat])
        which = tr("(decision {number} of {count})", number=run.step + 1,
                   count=len(les.steps))
        parts.append(Html(f"<p><b>{escape(decide)}</b> {escape(which)}. "
                          f"{escape(step.text_shown)}</p>"))
        wrong = feedback.action if feedback is not None and not feedback.ok else ""
        rows = (Row(self._controls(run.taught(), wrong), label=tr("Your choice:")),
                Row(self._controls(run.untaught(), wrong), fold=tr(OTHER_CHOICES),
                    open=any(str(a) == wrong for a in run.untaught())))
        for row in rows:
            if not row.controls:
                continue
            parts.append(row)
            if any(c.pressed for c in row.controls):
                assert feedback is not None
                parts.append(Html(feedback_html(feedback)))
        return ToolView(tuple(parts), attrs=attrs)

    def _controls(self, actions: list[Action], chosen: str) -> tuple[Control, ...]:
        """A button for each action, the one last chosen pressed."""
        return tuple(Control("button", str(a), action_words(self.run.deal, a),
                             pressed=str(a) == chosen) for a in actions)


#: The fold that holds the legal choices a lesson does not teach at a decision.
OTHER_CHOICES = marked("Other choices")


def feedback_html(feedback: Feedback) -> str:
    """The feedback on the reader's choice, marked for the page (``data-knlib-feedback``,
    ``data-right``) and for a screen reader (a status)."""
    colour = "#2e7d32" if feedback.ok else "#b26a00"
    right = "true" if feedback.ok else "false"
    return (f'<div class="knlib-feedback" role="status" data-knlib-feedback '
            f'data-right="{right}" style="{_BOX.format(colour)}">{escape(feedback.text)}</div>')


def table_html(deal: Deal, seats: tuple[int, ...], since: int | None = None,
               answers: list[tuple[int, Action]] | None = None) -> str:
    """The table as the reader's side sees it: the chosen suits and the tricks won; each
    the other seats' ``answers`` (seeing, running, stopping at a Jann); each trick played
    since ``deal.tricks[since]`` as cards, with who won it (by default the last one, once
    no trick is in progress); the trick in progress; and the hands of the reader's
    seats (or the stock the five-player dealer looks at)."""
    rules = deal.rules
    won = (" " + tr("Tricks won: {tricks}.", tricks=", ".join(
        f"{escape(deal.side_name(i))} {n}" for i, n in enumerate(deal.tricks_won)))
           if deal.sides else "")
    head = ("<div>" + tr("{suits} chosen.", suits=escape(rules.chosen_text(deal.chosen)))
            + f"{won}</div>")
    parts = [head]
    if since is None:
        since = len(deal.tricks) - (1 if deal.tricks and (not deal.current_trick
                                                          or deal.current_face_down) else 0)
    for seat, action in answers or ():
        parts.append("<div>" + escape(tr("{seat}: {action}.", seat=deal.names[seat],
                                         action=action_words(deal, action))) + "</div>")
    for played in deal.tricks[since:]:
        went = tr("Trick {number} went to {seat}:", number=played.number,
                  seat=escape(deal.names[played.winner]))
        parts.append(f'<div class="knlib-lesson-trick" data-knlib-trick-played='
                     f'"{played.number}"><div>{went}</div>'
                     + trick_html(played.cards, game=rules, chosen=deal.chosen,
                                  seats=[deal.names[s] for s in played.seats], width=44)
                     + "</div>")
    if deal.current_trick:
        played_by, cards = zip(*deal.current_trick, strict=True)
        if deal.current_face_down:
            parts.append("<div>" + tr("{seat} has led a card face down (drehen).",
                                      seat=escape(deal.names[played_by[0]])) + "</div>")
        else:
            parts.append("<div>" + tr("Trick {number} so far:", number=len(deal.tricks) + 1)
                         + "</div>"
                         + trick_html(cards, game=rules, chosen=deal.chosen,
                                      seats=[deal.names[s] for s in played_by],
                                      winner_text=tr("ahead"), width=44))
    if deal.phase == Phase.DEALER:
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
