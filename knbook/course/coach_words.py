"""The coach's records and their sentences: a :class:`Judgement` of one decision (every
option as a :class:`Choice`), a :class:`Reviewed` decision and a :class:`DealReview` of a
whole deal, made by :mod:`knbook.course.coach`; and in words, in the current language, why
the best option is best, what one option comes to, and a line of the review.

Each sentence is one sentence. Where a rule of thumb of the course speaks to the decision
(:mod:`knbook.course.foundation.thumbs`), it is named with the evening that teaches it; where the
judgement goes against it, the sentence gives the reason found in this deal: the
deciding fact (a Jann already lost, the other side one trick from its game) where one
holds, else what the layouts showed (in how many of them the rule's choice and the best
win the deal, or win a Jann or the march). These are the book's tactics, not rules of the
sources.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from knlib.analysis.advice import action_words
from knlib.engine.deal import Action, Deal
from knlib.errors import RulesError
from knlib.kinds import ActionKind
from knlib.players.words import game_word

from ..i18n import amount_text, tr
from .foundation.thumbs import THUMBS, facts

__all__ = ["Choice", "Judgement", "Reviewed", "DealReview", "CLEAR_ERRORS", "CLEAR_CENTS",
           "option_words", "cents_text", "thumb_words", "standard_error"]

#: The best is *clear* when its mean lead over the second exceeds this many standard errors
#: of the paired difference (the same layouts for both options): about a 2.5% chance of
#: calling noise clear when the two are really equal.
CLEAR_ERRORS = 2.0
#: ... and by at least this many cents (a fifth of the Bohmstedt basic game): a smaller
#: lead is not worth a lesson, and the amounts are shown in whole cents, where it would
#: read as a tie. A choice of this book, not a rule of the sources.
CLEAR_CENTS = 2.0


@dataclass(frozen=True)
class Choice:
    """One option judged: its expected payment to the seat in cents (the mean over the
    layouts), the standard error of that mean, and in how many layouts its side won (and
    won or lost a Jann or the march)."""

    action: Action
    cents: float
    error: float
    wins: int
    #: layouts in which the seat's side won a Jann or the march (the game's big wins)
    big_wins: int = 0
    #: layouts in which the other side won a Jann or the march
    big_losses: int = 0


@dataclass(frozen=True)
class Judgement:
    """Every legal option of ``seat`` judged over the same ``layouts`` (best first), with the
    rule of thumb that speaks to the decision (``thumb``, ``thumb_pick``)."""

    seat: int
    kind: str | None
    choices: tuple[Choice, ...]
    layouts: int
    thumb: str | None
    thumb_pick: tuple[Action, ...]
    #: the standard error of the best's mean lead over the second (paired: same layouts)
    margin_error: float = 0.0
    #: the deal as it stood, for the sentences (they read only what the seat can see: its
    #: hand and legal actions, the facts a rule of thumb counts)
    deal: Deal | None = field(default=None, repr=False, compare=False)
    #: per option (in ``choices`` order), the payment in cents in each layout
    payments: tuple[tuple[float, ...], ...] = field(default=(), repr=False, compare=False)
    #: the rule of thumb's own reading of the position ("Your side has lost a trick and
    #: needs two more tricks: drehen."), in the language it was judged in; '' without one
    thumb_fact: str = field(default="", repr=False, compare=False)

    @property
    def best(self) -> Choice:
        """The option with the best expected payment."""
        return self.choices[0]

    @property
    def clear(self) -> bool:
        """The best's lead over the second exceeds :data:`CLEAR_ERRORS` standard errors of
        the paired difference and :data:`CLEAR_CENTS`; a single option is not a choice."""
        if len(self.choices) < 2:
            return False
        lead = self.choices[0].cents - self.choices[1].cents
        return _clear_lead(lead, self.margin_error)

    def behind(self, action: Action | str) -> int:
        """How many whole cents ``action`` is clearly behind the best (the difference of the
        amounts as shown, rounded to cents), or 0 where its lead is not clear: within
        :data:`CLEAR_ERRORS` standard errors of the paired difference over the same layouts,
        or under :data:`CLEAR_CENTS`."""
        c = self.choice(action)
        i = self.choices.index(c)
        if i == 0:
            return 0
        lead = self.best.cents - c.cents
        error = standard_error([x - y for x, y in zip(self.payments[0], self.payments[i],
                                                      strict=True)]) if self.payments else 0.0
        return max(0, round(self.best.cents) - round(c.cents)) if _clear_lead(lead, error) \
            else 0

    @property
    def agrees(self) -> bool | None:
        """The best is among the rule of thumb's picks (None: no rule of thumb)."""
        if self.thumb is None:
            return None
        return self.best.action in self.thumb_pick

    def choice(self, action: Action | str) -> Choice:
        """The judged option ``action`` (an action or its text); a RulesError if it was not
        one of the options."""
        for c in self.choices:
            if c.action == action or str(c.action) == str(action):
                return c
        raise RulesError(tr("{action} was not one of the options: {choices}",
                            action=repr(str(action)),
                            choices=", ".join(str(c.action) for c in self.choices)))

    def reason(self) -> str:
        """One sentence in the current language: why the best is best."""
        return judgement_reason(self)

    def choice_reason(self, action: Action | str) -> str:
        """One sentence on one option (the trainer's feedback, a review line)."""
        return choice_reason(self, self.choice(action))


@dataclass(frozen=True)
class Reviewed:
    """One decision of the reviewed seat: the action at ``index`` of the deal's history, in
    ``trick`` (0 before the first trick), judged as the hint would have judged it."""

    index: int
    trick: int
    made: Action
    judgement: Judgement
    cost: int
    face_up: tuple[int, int] | None

    def reason(self) -> str:
        """One sentence (current language) on the choice made."""
        return reviewed_reason(self)


@dataclass(frozen=True)
class DealReview:
    """Every decision of ``seat`` in a deal, in order; ``complete`` is False when the
    review stopped early (its time limit)."""

    seat: int
    decisions: tuple[Reviewed, ...]
    complete: bool

    def costliest(self) -> list[Reviewed]:
        """The decisions by cost, highest first (ties in the order of the deal)."""
        return sorted(self.decisions, key=lambda r: -r.cost)


def _clear_lead(lead: float, error: float) -> bool:
    """A lead in cents that is clear: over :data:`CLEAR_ERRORS` standard errors ``error``
    of the paired difference, and at least :data:`CLEAR_CENTS`."""
    return lead >= CLEAR_CENTS and lead > CLEAR_ERRORS * error


def standard_error(xs: list[float]) -> float:
    """The standard error of the mean of ``xs`` (0 for fewer than two)."""
    n = len(xs)
    if n < 2:
        return 0.0
    mean = sum(xs) / n
    return math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n)


# ============================================================================================
# The sentences
# ============================================================================================


def cents_text(cents: float) -> str:
    """An expected payment in whole cents with its sign: '+€0.12' ('+0,12 €' in German)."""
    return amount_text(round(cents), sign=True)


def _symbol(deal: Deal, card: object) -> str:
    return deal.card_symbol(card)


def option_words(deal: Deal, action: Action) -> str:
    """An option in plain words: 'lead ♠K face down (drehen)', 'give ♠10 for ♠A', 'keep
    your cards', 'play alone'."""
    kind = action.kind
    if kind == ActionKind.EXCHANGE:
        return tr("give {card} for {other}", card=_symbol(deal, action.card),
                  other=_symbol(deal, action.other))
    if kind == ActionKind.PASS:
        return tr("keep your cards (no exchange)")
    return action_words(deal, action)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def thumb_words(thumb_id: str) -> str:
    """'the rule of thumb “Take the Jann” (Evening 4)' in the current language."""
    rule = THUMBS[thumb_id]
    return tr("the rule of thumb “{name}” (Evening {evening})", name=rule.name,
              evening=rule.evening)


def _pick_choice(j: Judgement) -> Choice | None:
    """The judged option of the rule of thumb's own pick (its first advice)."""
    for a in j.thumb_pick:
        for c in j.choices:
            if c.action == a:
                return c
    return None


def _deal_fact(j: Judgement) -> str:
    """A fact of this deal that explains why the rule of thumb's advice is not the best
    here, or '' if none of the known ones holds."""
    d = j.deal
    if d is None or j.kind not in ("drehen", "see-or-run"):
        return ""
    f = facts(d, j.seat)
    best = j.best.action.kind
    if j.kind == "drehen" and best == ActionKind.DOWN and f.lost:
        return tr("the Jann is already lost, so the face-down lead risks nothing")
    if j.kind == "drehen" and best == ActionKind.DOWN and f.they_need > f.tricks_left:
        return tr("the other side can no longer make its tricks")
    if j.kind == "see-or-run" and best == ActionKind.SEE and f.they_need > f.tricks_left:
        return tr("the leaders can no longer make their tricks")
    if j.kind == "see-or-run" and best == ActionKind.RUN and f.they_need <= 1:
        return tr("the leaders need only one more trick")
    if j.kind == "see-or-run" and best == ActionKind.SEE and f.we_need <= 1:
        return tr("your side needs only one more trick")
    return ""


def _against(j: Judgement) -> str:
    """Why the best goes against the rule of thumb, from this deal: a deciding fact, else
    what the layouts showed."""
    d = j.deal
    assert d is not None
    fact = _deal_fact(j)
    if fact:
        return fact
    pick = _pick_choice(j)
    best = j.best
    assert pick is not None  # the rule's pick is one of the legal options
    values = {"rule": option_words(d, pick.action), "best": option_words(d, best.action),
              "count": j.layouts, "big": _big_words(d)}
    if best.wins > pick.wins:
        return tr("the rule's choice, “{rule}”, wins the deal in {rule_wins} of {count} "
                  "layouts of the unseen cards, “{best}” in {best_wins}",
                  rule_wins=pick.wins, best_wins=best.wins, **values)
    if best.big_wins > pick.big_wins:
        return tr("“{best}” wins {big} in {best_big} of {count} layouts of the unseen cards, "
                  "the rule's choice, “{rule}”, in {rule_big}", best_big=best.big_wins,
                  rule_big=pick.big_wins, **values)
    if best.big_losses < pick.big_losses:
        return tr("the rule's choice, “{rule}”, lets the other side win {big} in {rule_big} "
                  "of {count} layouts of the unseen cards, “{best}” in {best_big}",
                  best_big=best.big_losses, rule_big=pick.big_losses, **values)
    return tr("“{best}” averages {cents} over {count} layouts of the unseen cards and the "
              "rule's choice, “{rule}”, {rule_cents}", cents=cents_text(best.cents),
              rule_cents=cents_text(pick.cents), **values)


def _big_words(deal: Deal) -> str:
    """'a Jann or the march' in the game's words."""
    return tr("a {jann} or the {march}", jann=game_word(deal.rules.procedure.jann_word),
              march=game_word(deal.rules.procedure.march_word))


def judgement_reason(j: Judgement) -> str:
    """Why the best option is best, in one sentence."""
    d = j.deal
    assert d is not None
    best = j.best
    words = _capital(option_words(d, best.action))
    if len(j.choices) == 1:
        return tr("{best}: there is no other choice here.", best=words)
    second = j.choices[1]
    values = {"best": words, "cents": cents_text(best.cents), "count": j.layouts,
              "second": option_words(d, second.action), "other": cents_text(second.cents)}
    thumb = "" if j.thumb is None else thumb_words(j.thumb)
    if not j.clear:
        if j.agrees:
            return tr("{best}, as {thumb} advises: over {count} layouts of the unseen cards "
                      "no other choice does clearly better (it averages {cents}, “{second}” "
                      "{other}).", thumb=thumb, **values)
        if j.agrees is False:
            pick = _pick_choice(j)
            assert pick is not None  # the rule's pick is one of the legal options
            return tr("Too close to call: over {count} layouts of the unseen cards “{best}” "
                      "averages {cents} and “{rule}”, the choice of {thumb}, {rule_cents}, so "
                      "the rule of thumb is as good here.", thumb=thumb,
                      rule=option_words(d, pick.action), rule_cents=cents_text(pick.cents),
                      **{**values, "best": option_words(d, best.action)})
        return tr("Too close to call: over {count} layouts of the unseen cards “{best}” "
                  "averages {cents} and “{second}” {other}.",
                  **{**values, "best": option_words(d, best.action)})
    if j.thumb is None:
        return tr("{best}: over {count} layouts of the unseen cards it averages {cents}, "
                  "“{second}” {other}.", **values)
    if j.agrees:
        return tr("{best}, as {thumb} advises: over {count} layouts of the unseen cards it "
                  "averages {cents}, “{second}” {other}.", thumb=thumb, **values)
    return tr("{best}, against {thumb}, because in this deal {why}.", thumb=thumb,
              why=_against(j), best=words)


def choice_reason(j: Judgement, c: Choice) -> str:
    """One sentence on the option ``c``."""
    d = j.deal
    assert d is not None
    best = j.best
    values = {"option": option_words(d, c.action), "cents": cents_text(c.cents),
              "wins": c.wins, "count": j.layouts, "best": option_words(d, best.action),
              "best_wins": best.wins}
    if c.action == best.action:
        return tr("“{option}” is the best choice here: over {count} layouts of the unseen "
                  "cards it averages {cents} and wins the deal in {wins} of them.", **values)
    lost = j.behind(c.action)
    if lost <= 0:
        return tr("“{option}” comes to about the same as “{best}”: {cents} on average over "
                  "{count} layouts of the unseen cards.", **values)
    if j.thumb is not None and c.action in j.thumb_pick:
        return tr("“{option}” is what {thumb} advises, but here it averages {cents}, {less} "
                  "less than “{best}”, over {count} layouts of the unseen cards, and wins "
                  "the deal in {wins} of them, “{best}” in {best_wins}.",
                  thumb=thumb_words(j.thumb), less=amount_text(lost), **values)
    return tr("“{option}” averages {cents}, {less} less than “{best}”, over {count} layouts "
              "of the unseen cards, and wins the deal in {wins} of them, “{best}” in "
              "{best_wins}.", less=amount_text(lost), **values)


def reviewed_reason(r: Reviewed) -> str:
    """One sentence on a decision of the review: the choice made, the best, the cost."""
    j = r.judgement
    d = j.deal
    assert d is not None
    values = {"made": option_words(d, r.made), "best": option_words(d, j.best.action),
              "cost": amount_text(r.cost), "count": j.layouts}
    thumb = "" if j.thumb is None else thumb_words(j.thumb)
    follows = j.thumb is not None and r.made in j.thumb_pick
    if r.cost == 0:
        if follows:
            return tr("Your choice, “{made}”, is what {thumb} advises, and nothing did "
                      "clearly better over {count} layouts of the unseen cards.", thumb=thumb,
                      **values)
        return tr("Your choice, “{made}”: nothing did clearly better over {count} layouts "
                  "of the unseen cards.", **values)
    if j.thumb is not None and j.best.action in j.thumb_pick:
        return tr("Your choice, “{made}”, cost {cost} on average over {count} layouts of "
                  "the unseen cards: “{best}”, as {thumb} advises, was better.", thumb=thumb,
                  **values)
    if follows:
        return tr("Your choice, “{made}”, is what {thumb} advises, but in this deal "
                  "“{best}” was better by {cost} on average over {count} layouts of the "
                  "unseen cards.", thumb=thumb, **values)
    return tr("Your choice, “{made}”, cost {cost} on average over {count} layouts of the "
              "unseen cards: “{best}” was better.", **values)
