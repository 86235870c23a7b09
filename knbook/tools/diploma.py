"""The final exam and the diploma, on the page: the reader takes the book's paper one
question per screen, has it marked, and after a passing paper types a name and gets the
diploma to print or save.

The paper is :func:`knbook.course.exam`, marked by :func:`knbook.course.score` against
:data:`~knbook.course.PASS_MARK`; the diploma is :func:`knbook.course.diploma.diploma`,
which checks the name exactly as ``knlib diploma`` does
(:func:`~knbook.course.diploma.check_name`), drawn as SVG
(:meth:`~knbook.course.diploma.Diploma.svg`), since the page has no matplotlib.

One question per screen, with Back and Next and a row of question numbers, suits a phone
better than a paper of twenty questions with pictures, and each screen redraws quickly.
The pictures carry no role badges and mark no card ahead: knowing the roles is what
several questions test.
"""

from __future__ import annotations

import base64
import datetime
from functools import lru_cache
from html import escape
from typing import Any

from knlib.errors import RulesError
from knlib.render.display import hand_html
from knlib.sources import for_reader

from ..course.diploma import Diploma, check_date, check_name, diploma
from ..course.evenings import EVENINGS
from ..course.foundation.question import LETTERS, Question
from ..course.papers import BOOK_EXAM_SEED, PASS_MARK, ExamResult, answers_needed, exam, score
from ..course.practice import option_feedback, pictures_of
from ..i18n import current_language, marked, tr
from .controller import Control, Html, Row, Tool, ToolView, button
from .widget import ToolWidget

__all__ = ["DiplomaTool", "DiplomaExam", "paper_of"]

#: When the print button prints the tool (the page's ``knlib-printing``), only the diploma.
_PRINT_CSS = (
    "<style>@media print{"
    ".knlib-printing .knlib-part:not(:has(.knlib-diploma-sheet)),"
    ".knlib-printing .knlib-row,.knlib-printing .knlib-message{display:none !important}"
    ".knlib-printing .knlib-diploma-sheet svg{width:100%;height:auto}"
    "@page{size:A4 landscape;margin:8mm}}</style>"
)


def paper_of(seed: int | str) -> tuple[Question, ...]:
    """The exam paper of ``seed`` in the current language (made once per language: it
    takes about a second in pure Python)."""
    return _paper(seed, current_language())


@lru_cache(maxsize=4)
def _paper(seed: int | str, lang: str) -> tuple[Question, ...]:
    return tuple(exam(seed))


def _plain(text: str) -> str:
    """A question's text for the candidate, in reader's words (a question's texts cite
    nothing: its source is a value of its own)."""
    return for_reader(text)


def picture_html(q: Question, picture: tuple[Any, ...]) -> str:
    """One of a question's pictures for the exam: the cards in a row, with no role badge
    and no card marked as ahead (a trick's seats are named in the caption)."""
    caption, kind, cards = picture[0], picture[1], picture[2]
    if kind == "trick" and len(picture) > 3:
        caption = tr("{caption} ({seats}, in the order played)", caption=caption,
                     seats=", ".join(picture[3]))
    none = escape(tr("(none)"))
    body = (hand_html(cards, game=q.game, width=52, sort=False) if cards else
            f"<p style='margin:0;color:#555'>{none}</p>")
    return (f"<figure style='margin:0.3em 0'>{body}<figcaption style='font-size:0.9em;"
            f"color:#444'>{escape(caption)}</figcaption></figure>")


#: Said when an answer is changed after marking.
_MARKED = marked("the paper is marked: start it again to change an answer")


def _without_verdict(feedback: str) -> str:
    """A right option's feedback without its opening verdict ('Right.', 'Right:')."""
    verdict = tr("Right. {text}", text="").strip()
    for head in (verdict, verdict.rstrip(".") + ":", "Right.", "Right:"):
        feedback = feedback.removeprefix(head)
    return feedback.strip()


def _sentence(title: str) -> str:
    """A title as a sentence: 'The pack.', 'Who leads?'."""
    return title if title.endswith(("?", ".", "!")) else f"{title}."


class DiplomaTool(Tool):
    """The exam and the diploma. Actions: ``answer 3 B`` (question 3, option B), ``next``,
    ``back``, ``go 7``, ``mark`` (mark the paper), ``again`` (a fresh start), ``name``
    with the name typed, and ``diploma`` (make it, after a passing paper)."""

    name = "diploma"
    start_label = marked("Try it: take the exam")

    def __init__(self, paper: int | str = BOOK_EXAM_SEED, date: str | None = None) -> None:
        if isinstance(paper, bool) or not isinstance(paper, int | str):
            raise RulesError(tr("paper {value}: a paper is named by a number",
                                value=repr(paper)))
        if date is not None:
            date = check_date(date).isoformat()
        self.paper = paper_of(paper)
        settings: dict[str, Any] = {"paper": paper}
        if date is not None:
            settings["date"] = date
        super().__init__(**settings)
        self.date = date
        self.answers: list[int | None] = [None] * len(self.paper)
        self.at = 0
        self.result: ExamResult | None = None
        self.name_given = ""
        self.made: Diploma | None = None

    @property
    def needed(self) -> int:
        return answers_needed(len(self.paper), PASS_MARK)

    # -- what the reader does -------------------------------------------------------------
    def act(self, action: str, value: str = "") -> None:
        verb, _, what = action.partition(" ")
        if verb == "answer":
            self._answer(what)
        elif verb in ("next", "back", "go") and self.result is None:
            self._move(verb, what)
        elif verb == "mark" and not what and self.result is None:
            self.result = score(self.paper, self.answers, PASS_MARK)
        elif verb == "again" and not what:
            self.answers = [None] * len(self.paper)
            self.at, self.result, self.name_given, self.made = 0, None, "", None
        elif verb in ("name", "diploma") and not what:
            self._diploma(verb, value)
        elif verb in ("next", "back", "go", "mark"):
            raise RulesError(tr(_MARKED))
        else:
            raise RulesError(tr("{action} is not a choice of the exam", action=repr(action)))

    def _number(self, text: str) -> int:
        n = int(text) if text.isascii() and text.isdigit() else 0  # not '²' or '٣'
        if not 1 <= n <= len(self.paper):
            raise RulesError(tr("{value} is not a question of this paper: they are "
                                "numbered 1 to {count}", value=repr(text),
                                count=len(self.paper)))
        return n - 1

    def _answer(self, what: str) -> None:
        number, _, letter = what.partition(" ")
        i = self._number(number)
        q = self.paper[i]
        options = LETTERS[:len(q.options)]
        if len(letter) != 1 or letter not in options:
            raise RulesError(tr("{value} is not an answer to question {number}: choose one "
                                "of {choices}", value=repr(letter), number=i + 1,
                                choices=", ".join(options)))
        if self.result is not None:
            raise RulesError(tr(_MARKED))
        self.answers[i] = options.index(letter)
        self.at = i

    def _move(self, verb: str, what: str) -> None:
        if verb == "go":
            self.at = self._number(what)
        elif verb == "next" and not what and self.at + 1 < len(self.paper):
            self.at += 1
        elif verb == "back" and not what and self.at > 0:
            self.at -= 1
        else:
            if verb == "next":
                raise RulesError(tr("there is no question after question {number}",
                                    number=self.at + 1))
            raise RulesError(tr("there is no question before question {number}",
                                number=self.at + 1))

    def _diploma(self, verb: str, value: str) -> None:
        if self.result is None or not self.result.passed:
            raise RulesError(tr("a diploma needs a passing paper: {needed} right answers "
                                "of {count}", needed=self.needed, count=len(self.paper)))
        # A name typed is checked at once, and the diploma made with it: the page sends the
        # name when the box is left, which may be by pressing "Make my diploma".
        name = check_name(value) if verb == "name" else self.name_given
        date = self.date or datetime.date.today().isoformat()  # the reader's today
        self.made = diploma(name, self.result, date=date, pass_mark=PASS_MARK)
        self.name_given = self.made.name

    # -- what the reader sees -------------------------------------------------------------
    def view(self) -> ToolView:
        if self.result is None:
            return ToolView(self._question_parts())
        return ToolView(self._result_parts())

    def _question_parts(self) -> tuple[Html | Row, ...]:
        i, q = self.at, self.paper[self.at]
        done = sum(a is not None for a in self.answers)
        which = tr("Question {number} of {count}", number=i + 1, count=len(self.paper))
        evening = tr("Evening {number}: {title}", number=q.evening,
                     title=tr(EVENINGS[q.evening].title))
        head = f"<p><b>{escape(which)}</b> · {escape(evening)}</p>"
        pictures = "".join(picture_html(q, p) for p in pictures_of(q))
        prompt = f"<p><b>{escape(_sentence(q.title))}</b> {escape(_plain(q.prompt))}</p>"
        options = Row(tuple(
            button(f"answer {i + 1} {LETTERS[j]}",
                   f"{'✓ ' if self.answers[i] == j else ''}{LETTERS[j]}. {o}",
                   pressed=self.answers[i] == j)
            for j, o in enumerate(q.options)), label=tr("Your answer:"))
        last = i + 1 == len(self.paper)
        steps = Row((button("back", tr("Back"), enabled=i > 0),
                     button("next", tr("Next"), enabled=not last, tone="main"),
                     button("mark", tr("Mark my paper"), tone="main" if last else "")))
        numbers = Row(tuple(
            Control("button", f"go {k + 1}", f"{k + 1} ✓" if a is not None else str(k + 1),
                    pressed=k == i)
            for k, a in enumerate(self.answers)), label=tr("Questions:"))
        status = "<p>" + escape(tr(
            "You have answered {done} of {count}. The pass mark is {needed} right answers; "
            "a question left out counts as wrong.", done=done, count=len(self.paper),
            needed=self.needed)) + "</p>"
        return (Html(head + pictures + prompt), options, steps, Html(status), numbers)

    def _result_parts(self) -> tuple[Html | Row, ...]:
        r = self.result
        assert r is not None
        scored = (tr("You scored {correct} of {total} ({percent}%): passed.",
                     correct=r.correct, total=r.total, percent=f"{r.percent:.0f}")
                  if r.passed else
                  tr("You scored {correct} of {total} ({percent}%): not passed yet.",
                     correct=r.correct, total=r.total, percent=f"{r.percent:.0f}"))
        mark = tr("The pass mark is {percent}%, {needed} right answers.",
                  percent=f"{100 * PASS_MARK:g}", needed=r.needed)
        parts: list[Html | Row] = [Html(
            f'<p role="status" style="font-size:1.15em"><b>{escape(scored)}</b> '
            f"{escape(mark)}</p>" + self.wrong_html())]
        if r.passed:
            parts.append(Html("<p>" + escape(tr("Type your name as it should stand on your "
                                                "diploma, then make the diploma.")) + "</p>"))
            parts.append(Row((Control("text", "name", tr("Your name"), value=self.name_given),
                              button("diploma", tr("Make my diploma"), tone="main"))))
            if self.made is not None:
                parts.append(Html(self.diploma_html()))
        else:
            parts.append(Html("<p>" + escape(tr("Read the explanations, go back to the "
                                                "evenings, and take the paper again."))
                              + "</p>"))
        parts.append(Row((button("again", tr("Take the paper again"), tone="" if r.passed
                                 else "main"),)))
        return tuple(parts)

    def wrong_html(self) -> str:
        """Each wrong or missing answer with why, and the right answer with its reason."""
        r = self.result
        assert r is not None
        items = []
        for i, (q, ok, given) in enumerate(zip(self.paper, r.marks, r.answers, strict=True)):
            if ok:
                continue
            feedback = [_plain(f) for f in option_feedback(q)]
            why_right = _without_verdict(feedback[q.answer])
            said = (tr("You gave no answer.") if given is None else
                    tr("You answered {letter}. {feedback}", letter=LETTERS[given],
                       feedback=feedback[given]))
            # a wrong option's feedback may already give the answer and its reason
            answer = (tr("The answer is {letter}.", letter=q.letter)
                      if given is not None and why_right in said else
                      tr("The answer is {letter}, “{answer}”: {reason}", letter=q.letter,
                         answer=q.correct, reason=why_right))
            which = tr("Question {number}: {title}", number=i + 1, title=_sentence(q.title))
            question = escape(tr("The question"))
            items.append(
                f"<li><b>{escape(which)}</b> {escape(said)} "
                f"{escape(answer)}"
                f"<details><summary>{question}</summary>"
                f"<p>{escape(_plain(q.prompt))}</p></details></li>")
        if not items:
            return "<p>" + escape(tr("Every answer is right.")) + "</p>"
        wrong = escape(tr("Wrong answers:"))
        return f"<p>{wrong}</p><ul>{''.join(items)}</ul>"

    def diploma_html(self) -> str:
        """The diploma as a picture, with a print button and a save link."""
        d = self.made
        assert d is not None
        svg = d.svg()
        data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
        print_it, save_it = escape(tr("Print the diploma")), escape(tr("Save the diploma"))
        shown = svg.replace('width="297mm" height="210mm"',
                            'width="100%" style="max-width:100%;height:auto"', 1)
        return (f'{_PRINT_CSS}<div class="knlib-diploma-sheet">{shown}</div>'
                f'<p class="knlib-print-hide"><button type="button" class="knlib-btn '
                f'knlib-main" data-print>{print_it}</button> '
                f'<a class="knlib-btn" download="{escape(d.slug, quote=True)}.svg" '
                f'href="data:image/svg+xml;base64,{data}">{save_it}'
                "</a></p>")


class DiplomaExam(ToolWidget):
    """The final exam and the diploma in a notebook (see :class:`DiplomaTool`)."""

    def __init__(self, paper: int | str = BOOK_EXAM_SEED, date: str | None = None) -> None:
        super().__init__(DiplomaTool(paper, date))
