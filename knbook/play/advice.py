"""The advice at the table, as values: the coach's judgement of the reader's decision now
(:func:`judge_decision`, from what the reader's seat can see) and the review of a finished
deal (:func:`review_decisions`). Their words are :func:`.reader_words.hint_words` and
:func:`.reader_words.review_words`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from knlib.engine.deal import Deal
from knlib.engine.explain import refused
from knlib.errors import RulesError

from ..i18n import marked, tr

__all__ = ["judge_decision", "review_decisions", "must_be_over", "Progress"]

#: A report of long work: ``progress(done, total, what)``.
Progress = Callable[[int, int, str], None]


def judge_decision(deal: Deal, seat: int | None, *,
                   progress: Progress | None = None) -> Any:
    """The coach's judgement of ``seat``'s decision now (:func:`knbook.course.coach.judge`:
    every option played out over layouts of the unseen cards). A RulesError when the deal
    is over or ``seat`` is not to act."""
    from ..course.coach import judge

    if deal.is_over:
        raise RulesError(tr("the deal is over: use 'analyse' to review it"))
    if deal.to_move != seat:
        raise refused(marked("it is not your turn: {seat} is to act"), deal.get_game(),
                      {"seat": deal.to_move}, words=tr)
    return judge(deal, seat, progress=progress)


def review_decisions(deal: Deal, seat: int, *, progress: Progress | None = None,
                     whole: bool = False) -> Any:
    """The review of the finished deal: every decision of ``seat`` judged as the hint
    would have judged it (:func:`knbook.course.coach.review_deal`), stopping at
    :data:`~knbook.course.coach.REVIEW_TIME_LIMIT` seconds unless ``whole``. A RulesError
    before the deal is over."""
    from ..course.coach import REVIEW_TIME_LIMIT, review_deal

    must_be_over(deal)
    return review_deal(deal, seat, progress=progress,
                       time_limit=None if whole else REVIEW_TIME_LIMIT)


def must_be_over(deal: Deal) -> None:
    """A RulesError, saying what the hint is for, while ``deal`` is not over."""
    if not deal.is_over:
        raise refused(marked("the deal is not over yet: {seat} is to act; 'hint' judges "
                             "your decision now"), deal.get_game(), {"seat": deal.to_move},
                      words=tr)
