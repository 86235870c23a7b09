"""Playing a lesson deal: the judgement of each choice and the lesson's course.

:func:`judge` says which choices are good at a decision and why:

* with all cards face up (:func:`knlib.analysis.solve`) where the position is small
  enough to answer at once: in the play, from the moment the player to move holds
  :data:`EXACT_CARDS` cards or fewer;
* otherwise by the rule of thumb for the decision (:mod:`knbook.course.foundation.thumbs`) and the
  facts of the hand it reads.

:class:`LessonRun` plays one lesson (:class:`~knbook.course.lessons.LessonDeal`): the
reader's seats decide, the other seats are played by the computer's plain habits
(:class:`~knlib.players.bots.RulePlayer`, deterministic). A choice that is not good is
answered with feedback and does not change the deal; the lesson follows its stated line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from knlib.analysis.advice import action_words, outcome_words
from knlib.engine.deal import Action, Deal, new_deal
from knlib.errors import RulesError
from knlib.kinds import PLAY_PHASES
from knlib.players.bots import RulePlayer

from ..i18n import tr
from .foundation.thumbs import Advice, Thumb, thumb, thumb_for

if TYPE_CHECKING:
    from .lessons import LessonDeal, LessonStep

__all__ = ["EXACT_CARDS", "Judgement", "judge", "Feedback", "LessonRun"]

#: A decision of the play is judged with all cards face up once the player to move holds
#: this many cards or fewer (the solver answers in a fraction of a second there, also in
#: the page).
EXACT_CARDS = 6
#: The other seats' choices that a lesson shows besides their cards: answers to a card led
#: face down, and a side's choice at its Jann.
_ANSWERS = ("see", "run", "stop", "play on")


@dataclass(frozen=True)
class Judgement:
    """The good choices at a decision (``good``), how they were found (``exact``: with all
    cards face up, with ``values`` the payment to the mover's side after each action),
    and the rule of thumb that speaks to it with its advice."""

    good: tuple[Action, ...]
    exact: bool
    values: dict[Action, int]
    thumb: Thumb | None
    advice: Advice | None


def is_exact(deal: Deal) -> bool:
    """Whether a decision is judged with all cards face up: in the play of two equal
    sides, once the player to move holds :data:`EXACT_CARDS` cards or fewer."""
    seat = deal.to_move
    # The five-player solo pays each of four opponents: not two equal sides, which the
    # solver needs (seed 000, 'Five-Player Knüffeln').
    equal = len({len(side) for side in deal.sides}) == 1
    return (seat is not None and equal and deal.phase in PLAY_PHASES
            and len(deal.hands[seat]) <= EXACT_CARDS)


def judge(deal: Deal, with_thumb: str | None = None) -> Judgement:
    """Which choices are good now, with all cards face up where the position is small
    enough, else by the rule of thumb (``with_thumb``, or the one that applies)."""
    if deal.is_over or deal.to_move is None:
        raise RulesError(tr("the deal is over: there is no decision to judge"))
    th = thumb(with_thumb) if with_thumb else thumb_for(deal)
    advice = th.advise(deal) if th is not None else None
    if is_exact(deal):
        from knlib.analysis import solve

        values = {a: int(v) for a, v in solve(deal, line=False).values.items()}
        top = max(values.values())
        good = tuple(a for a in deal.legal_actions() if values[a] == top)
        return Judgement(good, True, values, th, advice)
    if th is None or advice is None:
        raise RulesError(tr("no rule of thumb speaks to this decision, and it is too early "
                            "to work it out with all cards face up"))
    return Judgement(advice.good, False, {}, th, advice)


@dataclass(frozen=True)
class Feedback:
    """What the reader is told about a choice: ``ok`` (the lesson went on) and ``text``."""

    action: str
    ok: bool
    text: str


class LessonRun:
    """One lesson being played: ``deal`` (now), ``step`` (the reader's decisions made),
    ``feedback`` (about the last choice) and ``choose(action)``."""

    def __init__(self, lesson: LessonDeal) -> None:
        self.lesson = lesson
        self.deal: Deal = new_deal(lesson.game, seed=lesson.seed, players=lesson.players,
                                   dealer=lesson.dealer)
        self.others = RulePlayer()
        for _ in range(lesson.start):
            self.deal.apply(self.others.choose(self.deal))
        self.step = 0
        self.feedback: Feedback | None = None
        #: The tricks to show as played since the reader last chose (``deal.tricks[since:]``):
        #: at the start, the last trick played before the lesson begins.
        self.since = max(0, len(self.deal.tricks) - 1)
        #: Where in ``deal.history`` the actions since the reader's last choice begin.
        self.moved = len(self.deal.history)
        self._advance()

    # -- the course of the deal ---------------------------------------------------------------
    def _advance(self) -> None:
        """The other seats play until the reader's side is to decide or the deal is over."""
        d = self.deal
        while not d.is_over and d.to_move not in self.lesson.seats:
            d.apply(self.others.choose(d))

    @property
    def over(self) -> bool:
        return self.deal.is_over

    @property
    def current(self) -> LessonStep:
        """The lesson's step for the decision now to be made."""
        if self.over:
            raise RulesError(tr("the lesson deal is over: there is no decision left"))
        if self.step >= len(self.lesson.steps):
            raise RulesError(tr("the lesson {lesson} has no step for decision {number}",
                                lesson=repr(self.lesson.id), number=self.step + 1))
        return self.lesson.steps[self.step]

    def legal(self) -> list[Action]:
        return [] if self.over else list(self.deal.legal_actions())

    def taught(self) -> list[Action]:
        """The legal choices the lesson teaches at this decision (its best and those it sets
        against it, :attr:`~knbook.course.lessons.LessonStep.against`), in the deal's order."""
        return [a for a in self.legal() if self.current.teaches(str(a))]

    def untaught(self) -> list[Action]:
        """The other legal choices, in the deal's order (offered on request)."""
        return [a for a in self.legal() if not self.current.teaches(str(a))]

    def answers_since(self) -> list[tuple[int, Action]]:
        """The other seats' answers to a card led face down, and their choices at a Jann,
        since the reader last chose: (seat, action) in order (their cards are in
        :attr:`since`'s tricks)."""
        return [(s, a) for s, a in self.deal.history[self.moved:]
                if s not in self.lesson.seats and a.kind in _ANSWERS]

    # -- a choice -----------------------------------------------------------------------------
    def choose(self, text: str) -> Feedback:
        """The reader's choice: a good one (the lesson's) plays on, another is answered
        with feedback and leaves the deal as it was; a RulesError if it is not legal."""
        if self.over:
            raise RulesError(tr("the lesson deal is over: start it again to replay it"))
        act = Action(text)
        if act not in self.deal.legal_actions():
            raise RulesError(tr("{value} is not a legal choice now: choose one of {choices}",
                                value=repr(str(act)), choices=", ".join(
                                    repr(str(a)) for a in self.deal.legal_actions())))
        step = self.current
        verdict = judge(self.deal, step.thumb)
        best = Action(step.best)
        if act is best:
            text = self._right(verdict, act, step)
            self.since = len(self.deal.tricks)
            self.moved = len(self.deal.history) + 1
            self.deal.apply(act)
            self.step += 1
            self._advance()
            self.feedback = Feedback(str(act), True, text)
        elif act in verdict.good:
            self.feedback = Feedback(str(act), False, self._as_good(verdict, act, best))
        else:
            self.feedback = Feedback(str(act), False, self._wrong(verdict, act, best))
        return self.feedback

    def _thumb_words(self, verdict: Judgement) -> str:
        th, advice = verdict.thumb, verdict.advice
        if th is None or advice is None:
            return ""
        return tr(" Rule of thumb, “{name}”: {fact}", name=th.name, fact=advice.fact)

    def _right(self, verdict: Judgement, act: Action, step: LessonStep) -> str:
        words = action_words(self.deal, act)
        thumb_words = self._thumb_words(verdict)
        if not verdict.exact:
            return tr("Right: {action}.{thumb}", action=words, thumb=thumb_words)
        if len(set(verdict.values.values())) == 1:
            return tr("Right: {action}. With all cards face up, every choice comes to the same "
                      "here.{thumb}", action=words, thumb=thumb_words)
        return tr("Right: {action}. With all cards face up, nothing does better here: after it "
                  "{outcome}.{thumb}", action=words, thumb=thumb_words,
                  outcome=outcome_words(self.deal, verdict.values[act]))

    def _as_good(self, verdict: Judgement, act: Action, best: Action) -> str:
        return tr("That is just as good here ({action}). This lesson follows another choice, "
                  "though: {best}. Choose it to go on.{thumb}",
                  action=action_words(self.deal, act), best=action_words(self.deal, best),
                  thumb=self._thumb_words(verdict))

    def _wrong(self, verdict: Judgement, act: Action, best: Action) -> str:
        words = action_words(self.deal, act)
        if verdict.exact:
            v, top = verdict.values[act], verdict.values[best]
            return tr("Not the best choice. With all cards face up, after {action} {outcome}, "
                      "but after {best} {best_outcome}.{thumb} Try again.", action=words,
                      outcome=outcome_words(self.deal, v), best=action_words(self.deal, best),
                      best_outcome=outcome_words(self.deal, top),
                      thumb=self._thumb_words(verdict))
        return tr("Not the best choice ({action}).{thumb} Try again.", action=words,
                  thumb=self._thumb_words(verdict))
