"""The record every decision question is built as (:class:`DecisionQuestion`), and its one builder
(:func:`build`): named fields, with the feedback kept as (verdict, text) pairs, one per
option, and the rule of thumb the question teaches (an id of
:data:`knbook.course.foundation.thumbs.THUMBS`, or None where the answer is a rule of the
game, not a judgement). :meth:`DecisionQuestion.as_question` gives the
:class:`knbook.course.Question` that the self-checks, the exam and the page use.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from knlib.errors import RulesError
from knlib.games import KNUEFFELN

from ...i18n import tr
from ..foundation.question import RIGHT, WRONG, Question, check_options, feedback_texts

__all__ = ["DecisionQuestion", "build", "RIGHT", "WRONG", "thumb_words"]


@dataclass(frozen=True)
class DecisionQuestion:
    """One "what would you do?" question as a record.

    ``position`` is the number of the real deal it starts from; ``question`` the question
    as the reader sees it; ``options`` what the reader may choose; ``answer`` the index of
    the right option (proven by the engine, :func:`knbook.course.decisions.check_decision`);
    ``feedback`` one (verdict, text) pair per option; ``thumb`` the rule of thumb whose
    advice the right option is (None for a question about a rule of the game); ``values``
    what the engine compares for each option; ``extra`` the details the check needs.
    """

    kind: str
    evening: int
    goal: str
    title: str
    position: int
    question: str
    options: tuple[str, ...]
    answer: int
    feedback: tuple[tuple[str, str], ...]
    thumb: str | None
    source: str
    seed: Any
    values: tuple[Any, ...]
    game: str = KNUEFFELN
    chosen: tuple[str, ...] | None = None
    pictures: tuple[tuple[Any, ...], ...] = ()
    extra: tuple[tuple[str, Any], ...] = ()

    @property
    def explanation(self) -> str:
        """Why the right option is right (its feedback text)."""
        return self.feedback[self.answer][1]

    def feedback_texts(self) -> tuple[str, ...]:
        """The feedback as the reader sees it
        (:func:`knbook.course.foundation.question.feedback_texts`)."""
        return feedback_texts(self.feedback)

    def get(self, key: str, default: Any = None) -> Any:
        """A kind-specific detail from ``extra``."""
        return dict(self.extra).get(key, default)

    def as_question(self) -> Question:
        """The :class:`knbook.course.Question` of this decision (the rule of thumb's id and
        the deal number kept in its ``extra``, the (verdict, text) pairs in ``verdicts``)."""
        extra = {**dict(self.extra), "deal_number": self.position, "thumb": self.thumb}
        return Question(
            self.kind, self.evening, self.game, self.title, self.question, self.options,
            self.answer, self.explanation, self.source, self.seed, values=self.values,
            chosen=self.chosen, extra=tuple(sorted(extra.items(), key=lambda kv: kv[0])),
            needs_options=True, feedback=self.feedback_texts(), pictures=self.pictures,
            goal=self.goal, verdicts=self.feedback,
        )


def build(*, kind: str, evening: int, goal: str, title: str, position: int, question: str,
          options: Sequence[str], feedback: Sequence[tuple[str, str]], source: str, seed: Any,
          values: Sequence[Any], thumb: str | None = None, game: str = KNUEFFELN,
          chosen: Sequence[str] | None = None, pictures: Sequence[Any] = (),
          extra: Sequence[tuple[str, Any]] = ()) -> DecisionQuestion:
    """The one way a decision question is made: it passes the checks of every question
    record (:func:`knbook.course.foundation.question.check_options`: the right option is the
    one whose feedback has the verdict :data:`RIGHT`, exactly one; every option has its own
    text and feedback), and the rule of thumb (if any) is a known one; a RulesError otherwise."""
    from ..foundation.thumbs import THUMBS

    answer = check_options(kind, options, values, feedback)
    if thumb is not None and thumb not in THUMBS:
        raise RulesError(tr("{value} is not a rule of thumb", value=repr(thumb)))
    return DecisionQuestion(
        kind=kind, evening=evening, goal=goal, title=title, position=position,
        question=question, options=tuple(options), answer=answer,
        feedback=tuple((v, t) for v, t in feedback), thumb=thumb, source=source, seed=seed,
        values=tuple(values), game=game, chosen=tuple(chosen) if chosen else None,
        pictures=tuple(tuple(p) for p in pictures), extra=tuple(extra),
    )


def thumb_words(thumb_id: str, fact: str) -> str:
    """The rule of thumb by name with the fact of this hand that decides:
    '“Count before you see”: your side has ...'."""
    from ..foundation.thumbs import THUMBS

    return tr("Rule of thumb “{name}”: {fact}", name=THUMBS[thumb_id].name, fact=fact)
