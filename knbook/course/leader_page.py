"""The texts of the course leader's guide page, in the current language: the five evenings
at a glance (:func:`evenings_overview_md`), a paper printed twice
(:func:`reprinted_paper_md`) and a paper marked against its key (:func:`marked_paper_md`).
Each returns Markdown; the book shows it with ``IPython.display.Markdown``. The printable
sheets by kind are :func:`knbook.course.printables.printables_md`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import ntr, tr
from .evenings import EVENINGS
from .foundation.question import Question
from .papers import PASS_MARK, answers_from_letters, exam, score
from .practice import decision_questions, self_check_questions

__all__ = ["evenings_overview_md", "reprinted_paper_md", "marked_paper_md"]

#: How many exercises each evening's chapter sets (:func:`knbook.course.evening_exercises`).
EXERCISES = 6


def evenings_overview_md() -> str:
    """A Markdown table of the five evenings: each chapter (linked), its length, and how
    many positions, exercises and self-check questions it has."""
    rows = [tr("| evening | chapter | about | what would you do? | exercises | self-check |"),
            "|---|---|---|---|---|---|"]
    for k, ev in EVENINGS.items():
        link = f"[{tr(ev.title)}](../evenings/{ev.chapter.rsplit('/', 1)[1]}.ipynb)"
        positions = len(decision_questions(k))
        checks = len(self_check_questions(k))
        rows.append(f"| {k} | {link} | {ev.minutes} min | "
                    + ntr("{count} position", "{count} positions", positions, count=positions)
                    + " | " + ntr("{count}, with worked solutions",
                                  "{count}, with worked solutions", EXERCISES, count=EXERCISES)
                    + " | " + ntr("{count} question", "{count} questions", checks, count=checks)
                    + " |")
    return "\n".join(rows)


def reprinted_paper_md(seed: int | str) -> str:
    """One sentence: how the paper of ``seed`` begins, and that printing it again gives the
    same paper (it is made again and compared)."""
    paper = exam(seed)
    first = paper[0]
    options = "; ".join(f"{chr(65 + i)}. {o}" for i, o in enumerate(first.options))
    if exam(seed) == paper:
        return tr("Paper {number} begins with *{prompt}* ({options}). Printed again, it is "
                  "the same paper, question for question.", number=seed, prompt=first.prompt,
                  options=options)
    return tr("Paper {number} begins with *{prompt}* ({options}). Printed again, it is a "
              "different paper, question for question.", number=seed, prompt=first.prompt,
              options=options)


def marked_paper_md(paper: Sequence[Question], handed_in: str) -> str:
    """A paper marked: its key and the answers handed in (letters, "-" for a blank) as a
    Markdown table, then the result against :data:`knbook.course.PASS_MARK`."""
    key = " ".join(q.letter for q in paper)
    result = score(paper, answers_from_letters(handed_in, paper), pass_mark=PASS_MARK)
    return (tr("| | answers |") + "\n|---|---|\n"
            + tr("| key | `{key}` |", key=key) + "\n"
            + tr("| handed in | `{answers}` |", answers=handed_in) + "\n\n"
            + tr("Result: **{result}**.", result=result))
