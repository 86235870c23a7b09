"""The final exam: about twenty questions across the five evenings from a seed
(:func:`exam`), so every candidate can get a paper of their own and a course leader can
print it again; :func:`score` marks a paper against a pass mark (80% unless the leader
sets another).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from knlib.errors import RulesError
from knlib.games import KNUEFFELN, Ruleset

from ..i18n import current_language, tr
from .evenings import EVENINGS
from .foundation.question import LETTERS, Question, check_paper, rules_of, shown
from .question_kinds import SEED_DIGITS, evening_questions, kinds_for, question_count, seed_text

__all__ = ["ExamResult", "PASS_MARK", "BOOK_EXAM_SEED", "exam", "score", "answers_from_letters",
           "number_text", "check_pass_mark", "paper_number"]


#: The book's default pass mark for the final exam (a course leader may set another).
PASS_MARK = 0.8
#: The seed of the sample exam printed by ``make printables`` and shown in the book.
BOOK_EXAM_SEED = 1


# ============================================================================================
# The exam
# ============================================================================================


def exam(seed: int | str, *, n: int = 20, game: str | Ruleset = KNUEFFELN) -> list[Question]:
    """About ``n`` questions (1 to 100) across the five evenings, from a seed.

    The same seed (and game) gives the same list; each evening gets an equal share (the
    earlier evenings one more when ``n`` is not a multiple of five), and no prompt is
    repeated. Evenings the game has no questions for (table talk outside Knüffeln) give
    their share to the others.
    """
    seed = seed_text(seed)
    n = question_count(n)
    rules = rules_of(game)
    evenings = [k for k in EVENINGS if kinds_for(rules, k)]
    shares = {k: n // len(evenings) + (1 if i < n % len(evenings) else 0)
              for i, k in enumerate(evenings)}
    out: list[Question] = []
    for k in evenings:
        if shares[k]:
            out += evening_questions(k, shares[k], f"exam|{seed}", game=rules)
    return out


def paper_number(text: str) -> int:
    """A paper's number as a person writes it (the command line's ``--paper``): a whole
    number, 0 or more, in the digits 0-9, of at most :data:`~.question_kinds.SEED_DIGITS` digits.
    Anything else ('abc', '-1', '²', '٣', '') is a RulesError naming it, so that no paper
    is marked or printed under a name that is no paper's number."""
    if not isinstance(text, str):
        raise RulesError(tr("{value} is not a paper's number: give a whole number, e.g. 17",
                            value=repr(text)))
    digits = text.strip()
    if not (digits.isascii() and digits.isdigit()):
        shown = digits if len(digits) <= 40 else digits[:40] + "…"
        raise RulesError(tr("{value} is not a paper's number: give a whole number, e.g. 17",
                            value=repr(shown)))
    if len(digits.lstrip("0")) > SEED_DIGITS:
        raise RulesError(tr("a paper's number of {digits} digits is too long: give at most "
                            "{most}", digits=len(digits.lstrip("0")), most=SEED_DIGITS))
    return int(digits)


@dataclass(frozen=True)
class ExamResult:
    """A marked paper: right answers, fraction, pass mark and whether it passes."""

    correct: int
    total: int
    pass_mark: float
    marks: tuple[bool, ...]
    answers: tuple[int | None, ...]

    @property
    def fraction(self) -> float:
        return self.correct / self.total

    @property
    def percent(self) -> float:
        return 100 * self.correct / self.total

    @property
    def passed(self) -> bool:
        return Fraction(self.correct, self.total) >= _exact(self.pass_mark)

    @property
    def needed(self) -> int:
        """How many right answers the pass mark asks for."""
        return answers_needed(self.total, self.pass_mark)

    def __str__(self) -> str:
        values = dict(correct=self.correct, total=self.total,
                      percent=f"{self.percent:.0f}", mark=number_text(100 * self.pass_mark),
                      needed=self.needed)
        if self.passed:
            return tr("{correct} of {total} right ({percent}%): passed (pass mark {mark}%, "
                      "{needed} right answers)", **values)
        return tr("{correct} of {total} right ({percent}%): not passed (pass mark {mark}%, "
                  "{needed} right answers)", **values)


def number_text(x: float) -> str:
    """A number as briefly as it goes ('80', '62.5'), with the current language's decimal
    mark ('62,5' in German)."""
    text = f"{x:g}"
    return text.replace(".", ",") if current_language() == "de" else text


def _exact(x: float | Fraction) -> Fraction:
    return x if isinstance(x, Fraction) else Fraction(str(x))


def answers_needed(total: int, pass_mark: float | Fraction) -> int:
    """The fewest right answers out of ``total`` that reach ``pass_mark`` (16 of 20 at 0.8)."""
    need = _exact(pass_mark) * total
    return int(need) if need.denominator == 1 else int(need) + 1


def check_pass_mark(pass_mark: float) -> float:
    """The pass mark as a float; a RulesError unless it is a fraction above 0 and at most 1."""
    if isinstance(pass_mark, bool) or not isinstance(pass_mark, int | float | Fraction) \
            or not 0 < pass_mark <= 1:
        raise RulesError(tr("{value} is not a pass mark: give a fraction above 0 and at most "
                            "1, e.g. 0.8 for 80%", value=shown(pass_mark)))
    return float(pass_mark)


def answers_from_letters(text: str, paper: Sequence[Question] | None = None
                         ) -> list[int | None]:
    """A candidate's paper answers as written, e.g. ``"B A D - C"`` ('-' or '?' for no
    answer; spaces, commas and case do not matter) -> option indices for :func:`score`."""
    if not isinstance(text, str):
        raise RulesError(tr("{value} is not a list of answer letters like 'B A D - C'",
                            value=shown(text)))
    out: list[int | None] = []
    for i, ch in enumerate(x for x in text.upper() if not x.isspace() and x != ","):
        if ch in "-?":
            out.append(None)
        elif ch in LETTERS:
            out.append(LETTERS.index(ch))
        else:
            raise RulesError(tr("{value} (answer {number}) is not an answer letter: use A, B, "
                                "C, ... or '-' for no answer", value=repr(ch), number=i + 1))
    if paper is not None:
        paper = check_paper(paper)
        if len(out) != len(paper):
            raise RulesError(tr("{given} answers given for a paper of {total} questions",
                                given=len(out), total=len(paper)))
        for i, (a, q) in enumerate(zip(out, paper, strict=True)):
            if a is not None and a >= len(q.options):
                raise RulesError(tr("{letter} is not an option of question {number}, which "
                                    "has {options} (A to {last})", letter=LETTERS[a],
                                    number=i + 1, options=len(q.options),
                                    last=LETTERS[len(q.options) - 1]))
    return out


def score(exam: Sequence[Question], answers: Sequence[int | None] | Mapping[int, int],
          pass_mark: float = PASS_MARK) -> ExamResult:
    """Mark a paper. ``answers`` holds one option index (or None) per question, or maps
    question numbers (0-based) to option indices; a missing answer counts as wrong."""
    pass_mark = check_pass_mark(pass_mark)
    exam = check_paper(exam)
    if isinstance(answers, Mapping):
        bad = [k for k in answers if not isinstance(k, int) or not 0 <= k < len(exam)]
        if bad:
            raise RulesError(tr("{value} is not a question number of this exam (0 to {last})",
                                value=shown(bad[0]), last=len(exam) - 1))
        given: list[int | None] = [answers.get(i) for i in range(len(exam))]
    else:
        if isinstance(answers, str | bytes) or not isinstance(answers, Iterable):
            raise RulesError(tr("{value} is not a list of answers: give one option index (or "
                                "None) per question, e.g. [1, 0, None, 3]",
                                value=shown(answers)))
        given = list(answers)
        if len(given) != len(exam):
            raise RulesError(tr("{given} answers given for an exam of {total} questions: give "
                                "one per question (None for no answer)", given=len(given),
                                total=len(exam)))
    for i, (q, a) in enumerate(zip(exam, given, strict=True)):
        if a is not None and (isinstance(a, bool) or not isinstance(a, int)
                              or not 0 <= a < len(q.options)):
            raise RulesError(tr("answer {value} to question {number} is not one of its "
                                "{options} options (0 to {last}, or None)", value=shown(a),
                                number=i + 1, options=len(q.options),
                                last=len(q.options) - 1))
    marks = tuple(a == q.answer for q, a in zip(exam, given, strict=True))
    return ExamResult(sum(marks), len(exam), pass_mark, marks, tuple(given))
