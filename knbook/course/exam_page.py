"""The exam as an HTML paper (:func:`exam_html`) and as ipywidgets (:class:`ExamForm`).

On the book's exam page the reader takes the paper in the page's own tool
(:class:`knbook.tools.diploma.DiplomaTool`), which marks it in Python.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from knlib.errors import RulesError

from ..i18n import marked, tr
from .evening_words import evening_title
from .foundation.question import LETTERS, Question, check_paper
from .papers import PASS_MARK, ExamResult, check_pass_mark, score
from .practice import pictures_text

__all__ = ["exam_html", "ExamForm", "evening_heading"]

#: Said under the form's picture where no Python runs (a notebook's stored output).
STATIC_NOTE = marked("Static preview: the buttons work when the notebook runs in Jupyter.")


# ============================================================================================
# The exam as a paper (HTML) and as widgets
# ============================================================================================


def exam_html(paper: Sequence[Question], *, key: bool = False, seed: int | str | None = None,
              answers: Sequence[int | None] | None = None) -> str:
    """The exam as an HTML paper: numbered questions by evening, options A, B, C, ...

    With ``key=True`` the correct option is marked and explained. With ``answers`` the
    candidate's choices are marked too (checked as :func:`~.papers.score` checks them).
    Everything is escaped."""
    paper = check_paper(paper)
    if answers is not None:
        answers = score(paper, answers).answers
    e = html.escape
    parts = ["<div class='knlib-exam' style='color:#1a1a1a;background:#fff;line-height:1.4'>"]
    if seed is not None:
        parts.append("<p style='margin:0.2em 0;color:#444'>"
                     + e(tr("Paper {seed}, {n} questions.", seed=seed, n=len(paper)))
                     + "</p>")
    evening = None
    for i, q in enumerate(paper):
        if q.evening != evening:
            evening = q.evening
            parts.append("<h4 style='margin:0.8em 0 0.2em'>"
                         f"{e(evening_heading(evening))}</h4>")
        opts = []
        for j, o in enumerate(q.options):
            mark = "○"
            style = ""
            if answers is not None and answers[i] == j:
                mark = "●"
            if key and j == q.answer:
                style = "font-weight:bold"
                mark = "✔" if answers is None else mark + " ✔"
            opts.append(f"<li style='list-style:none;{style}'>{mark} {LETTERS[j]}. {e(o)}</li>")
        extra = ""
        if key:
            why = e(tr("Why"))
            extra = (f"<details><summary>{why}</summary><p style='white-space:pre-line;"
                     f"margin:0.2em 0'>{e(q.explanation)}</p></details>")
        parts.append(f"<div style='margin:0.4em 0 0.6em'><p style='margin:0.1em 0;"
                     f"white-space:pre-line'><b>{i + 1}.</b> {e(q.prompt)}</p>"
                     f"{_pictures_html(q)}"
                     "<ul style='margin:0.1em 0 0 0.5em;padding:0'>"
                     f"{''.join(opts)}</ul>{extra}</div>")
    parts.append("</div>")
    return "".join(parts)


class ExamForm:
    """The exam in widgets: one set of radio buttons per question, a "Score my exam" button,
    and, after a pass, a name field and a "Make my diploma" button.

    Callbacks are plain methods, testable without a browser: set ``form.choices[i].index``
    (or ``.value``) and call ``form.score_button.click()``. In the static book the form
    shows an HTML snapshot (the paper, unanswered)."""

    def __init__(self, paper: Sequence[Question], *, pass_mark: float = PASS_MARK,
                 date: Any = None, seed: int | str | None = None) -> None:
        import ipywidgets as w

        self.paper = check_paper(paper)
        self.pass_mark = check_pass_mark(pass_mark)
        self.date = date
        self.seed = seed
        self.result: ExamResult | None = None
        self.diploma: Any = None
        layout = w.Layout(width="auto")
        self.choices = []
        rows = []
        evening = None
        for i, q in enumerate(self.paper):
            if q.evening != evening:
                evening = q.evening
                rows.append(w.HTML(f"<h4>{html.escape(evening_heading(evening))}</h4>"))
            rb = w.RadioButtons(options=[(f"{LETTERS[j]}. {o}", j)
                                         for j, o in enumerate(q.options)],
                                index=None, layout=layout)
            self.choices.append(rb)
            rows.append(w.HTML(f"<p style='white-space:pre-line'><b>{i + 1}.</b> "
                               f"{html.escape(q.prompt)}</p>{_pictures_html(q)}"))
            rows.append(rb)
        self.score_button = w.Button(description=tr("Score my exam"), button_style="primary")
        self.score_button.on_click(lambda _: self.mark())
        self.report = w.HTML()
        self.name = w.Text(description=tr("Your name"),
                           placeholder=tr("as it should stand on the diploma"))
        self.diploma_button = w.Button(description=tr("Make my diploma"), disabled=True)
        self.diploma_button.on_click(lambda _: self.make_diploma())
        self.message = w.HTML()
        self.diploma_view = w.HTML()
        self.box = w.VBox([*rows, self.score_button, self.report,
                           w.HBox([self.name, self.diploma_button]), self.message,
                           self.diploma_view])

    @property
    def answers(self) -> list[int | None]:
        return [rb.value if rb.index is not None else None for rb in self.choices]

    def mark(self) -> ExamResult:
        """Score the answers given so far and show the result with explanations."""
        self.result = score(self.paper, self.answers, self.pass_mark)
        self.report.value = self.result_html()
        self.diploma_button.disabled = not self.result.passed
        return self.result

    def result_html(self) -> str:
        r = self.result
        if r is None:
            return ""
        e = html.escape
        verdict = (tr("Passed: enter your name for the diploma.") if r.passed else
                   tr("Not passed yet: {needed} right answers are needed. Read the "
                      "explanations, go back to the evenings, and try another paper.",
                      needed=r.needed))
        items = []
        for i, (q, ok) in enumerate(zip(self.paper, r.marks, strict=True)):
            sign = tr("✔ right") if ok else tr("✘ wrong")
            answer = tr("(answer {letter}: {text})", letter=q.letter, text=q.correct)
            items.append(f"<li><b>{i + 1}. {e(sign)}</b> {e(answer)}"
                         f"<div style='white-space:pre-line;color:#333'>{e(q.explanation)}"
                         f"</div></li>")
        return (f"<div role='status' style='color:#1a1a1a'><p><b>{e(str(r))}</b></p>"
                f"<p>{e(verdict)}</p><ol style='list-style:none;padding:0'>{''.join(items)}"
                f"</ol></div>")

    def make_diploma(self) -> Any:
        """Make the diploma for the name entered (refusals are shown, not raised)."""
        from .diploma import diploma

        if self.result is None:
            self.message.value = _alert(tr("score the exam first"))
            return None
        date = self.date
        if date is None:
            import datetime

            date = datetime.date.today()
        try:
            self.diploma = diploma(self.name.value, self.result, date=date,
                                   pass_mark=self.pass_mark)
        except RulesError as err:
            self.message.value = _alert(str(err))
            self.diploma_view.value = ""
            return None
        self.message.value = ""
        self.diploma_view.value = self.diploma.html(download=True)
        return self.diploma

    def snapshot_html(self) -> str:
        button = html.escape(tr("Score my exam"))
        return (exam_html(self.paper, seed=self.seed)
                + f"<p><button disabled>{button}</button></p>"
                + f"<p style='font-size:0.85em;color:#555;font-style:italic'>"
                  f"{html.escape(tr(STATIC_NOTE))}</p>")

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        bundle = dict(self.box._repr_mimebundle_(include=include, exclude=exclude) or {})
        bundle["text/html"] = (f"<div class='knlib-widget-snapshot'>{self.snapshot_html()}"
                               "</div>")
        bundle["text/plain"] = f"<ExamForm: {len(self.paper)} questions>"  # a repr, not words
        return bundle


def _pictures_html(q: Question) -> str:
    """The cards a question speaks of and its prompt does not write out
    (:func:`~.practice.pictures_text`), one line each."""
    lines = pictures_text(q, q.prompt)
    return "".join(f"<p style='margin:0.1em 0 0.1em 1em'>{html.escape(ln)}</p>"
                   for ln in lines)


def evening_heading(k: int) -> str:
    """The heading over evening ``k``'s questions: 'Evening 2: The chosen suits'."""
    return tr("Evening {number}: {title}", number=k, title=evening_title(k))


def _alert(text: str) -> str:
    return (f'<span role="alert" style="color:#8b0000;font-weight:bold">⚠ '
            f'{html.escape(text)}</span>')
