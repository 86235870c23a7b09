"""The decision trainer's positions: endless moments of real deals, one kind of decision at a
time, each judged as the hint judges (:func:`knbook.course.coach.judge`) and kept only where
the best choice is clear.

A position is named by its kind, a seed and an index (:func:`draw_position`): a numbered
Knüffeln deal (:func:`knlib.new_deal`) is played by the rule-based habits
(:class:`~knlib.players.bots.RulePlayer`) and stopped at a moment of that kind; the seat to
move there is the reader. The moment is kept only if :attr:`~knbook.course.coach.Judgement.clear`
holds (the best's lead over the second exceeds the uncertainty of the estimate): the
trainer never teaches noise. The same kind, seed and index give the same position.

Two kinds ask about part of a decision, since Knüffeln offers a face-down lead at every lead
(McLeod after Eaton (2021), seed 000, 'Drehen und Sehen'):

* ``drehen``: the best face-down lead against the best face-up lead (the question is *whether*
  to lead face down);
* ``lead``: the face-up leads alone (the question is *which* card), with the rule of thumb
  "Lead what holds" (:data:`knbook.course.foundation.thumbs.THUMBS`).

The search is bounded by :data:`TRIES` deals and :data:`SECONDS`; moments of the kinds
that are seldom clear get a first look over fewer layouts (:data:`SCREENED`), and early
leads and follows, slow to judge and seldom clear, are left out (:data:`MOST_CARDS`).
Measured on this machine (2 cores shared with other work), the time to find a position:
in CPython (KNLIB_PURE=1, 30 series, the first position) a median of 0.02 s (jann) to
0.23 s (follow), at most 1.3 s (lead); in the page's Pyodide (headless chromium, 12
"next" in a row a kind) a median of 0.06 s (jann) to 1.1 s (lead), at most 3.2 s (lead).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from html import escape

from knlib.engine.deal import Action, Deal, new_deal
from knlib.errors import RulesError
from knlib.games import KNUEFFELN
from knlib.kinds import ActionKind

from ..i18n import marked, tr
from .book_helpers import HtmlBlock
from .coach import KINDS, Judgement, decision_kind, judge
from .coach_words import standard_error
from .foundation.thumbs import THUMBS

__all__ = ["Position", "draw_position", "check_kind", "asked", "kinds_of_evening",
           "decisions_score_html", "decisions_score", "KIND_THUMBS", "KIND_QUESTIONS",
           "KIND_TITLES", "TRIES", "SECONDS", "MOST_CARDS", "SCREENED", "GAME"]

#: The game the trainer draws from: the course's game.
GAME = KNUEFFELN
#: Deals tried at most for one position, and moments judged at most in one deal.
TRIES = 300
MOMENTS_PER_DEAL = 4
#: The most cards the reader may hold at a moment of these kinds: an early lead or follow has
#: many options, each slower to judge and seldom clearly best (measured in CPython over 59
#: deals: a lead from 7 to 9 cards is clear in 6% of moments and takes 0.11 s to judge, from
#: 2 to 6 cards in 12% and 0.04 s; over 30 series, finding a follow took at most 1.8 s with
#: this limit and 3.6 s without).
MOST_CARDS: dict[str, int] = {"lead": 6, "follow": 6}
#: The kinds whose moments are seldom clear (about one in ten) get a first look before the
#: full judgement: its layouts, and the lead it needs in standard errors.
SCREENED = ("lead", "follow")
SCREEN_LAYOUTS = 12
SCREEN_ERRORS = 1.0
#: Seconds one position may take to find at most (a RulesError after them).
SECONDS = 30.0

#: A report of long work (done, total or 0 when not known, what is being done).
Progress = Callable[[int, int, str], None]
#: What the search says while it works.
LOOKING = marked("Looking for a position whose best choice is clear")

#: The rules of thumb that speak to each kind (the first is the one the kind is about).
KIND_THUMBS: dict[str, tuple[str, ...]] = {
    "exchange": ("exchange",),
    "drehen": ("drehen",),
    "see-or-run": ("see_run",),
    "jann": ("jann",),
    "lead": ("lead_holds",),
    "follow": ("take_cheaply", "partner_ahead"),
}

#: Each kind's name (a section heading) and question, marked for the catalogue.
KIND_TITLES: dict[str, str] = {
    "exchange": marked("Exchange or not"),
    "drehen": marked("Lead face down or face up"),
    "see-or-run": marked("See or run"),
    "jann": marked("Stop at the Jann or play on"),
    "lead": marked("Which card to lead"),
    "follow": marked("Which card to play to the trick"),
}
KIND_QUESTIONS: dict[str, str] = {
    "exchange": marked("A card is turned up for exchange. Do you exchange, or keep your "
                       "cards?"),
    "drehen": marked("You lead. Do you lead face down (drehen) and raise the game, or lead "
                     "face up?"),
    "see-or-run": marked("A card was led face down to you. Do you see (play on for a game "
                         "worth more) or run (give the deal up at its value now)?"),
    "jann": marked("Your side has won a Jann. Do you stop and take it, or play on for the "
                   "march?"),
    "lead": marked("You lead face up. Which card do you lead?"),
    "follow": marked("Which card do you play to this trick?"),
}


def check_kind(kind: object) -> str:
    """``kind`` if it is one of :data:`~knbook.course.coach.KINDS`; a RulesError naming it."""
    if not isinstance(kind, str) or kind not in KINDS:
        raise RulesError(tr("{value} is not a kind of decision the trainer asks: choose one "
                            "of {choices}", value=repr(kind),
                            choices=", ".join(repr(k) for k in KINDS)))
    return kind


def kinds_of_evening(evening: int) -> tuple[str, ...]:
    """The kinds whose rules of thumb the evening teaches (:attr:`Thumb.evening`); the last
    evening (5) recaps the whole course and has every kind."""
    from .evenings import EVENINGS, check_evening

    check_evening(evening)
    if evening == max(EVENINGS):
        return KINDS
    return tuple(k for k in KINDS if THUMBS[KIND_THUMBS[k][0]].evening == evening)


@dataclass(frozen=True)
class Position:
    """A moment of deal ``number`` (dealer ``dealer``), after ``steps`` actions, with the
    seat to move facing a decision of ``kind``, judged (:attr:`judgement`, clear)."""

    kind: str
    seed: int
    index: int
    number: int
    dealer: int
    steps: int
    deal: Deal
    judgement: Judgement

    @property
    def seat(self) -> int:
        """The reader's seat: the one to move."""
        return self.judgement.seat

    @property
    def answers(self) -> tuple[Action, ...]:
        """The options asked, in the order the deal lists its legal actions (never best
        first)."""
        asked = {c.action for c in self.judgement.choices}
        return tuple(a for a in self.deal.legal_actions() if a in asked)

    def is_best(self, action: Action | str) -> bool:
        """Whether ``action`` is the best of the options asked; a RulesError naming it if it
        is not one of them."""
        return self.judgement.choice(action).action == self.judgement.best.action


# ============================================================================================
# The question asked of a moment
# ============================================================================================


def _among(j: Judgement, keep: Sequence[Action], kind: str, thumb: str | None = None,
           deal: Deal | None = None) -> Judgement:
    """The judgement narrowed to the options ``keep`` (best first as judged), with the
    margin between the two best of them; with ``thumb``, that rule of thumb's advice. The
    rule of thumb's picks are those of the options kept; for ``drehen``, which asks face
    down or face up, the kept option of each face the rule advises."""
    rows = [(c, p) for c, p in zip(j.choices, j.payments, strict=True) if c.action in keep]
    choices = tuple(c for c, _ in rows)
    margin = standard_error([x - y for x, y in zip(rows[0][1], rows[1][1], strict=True)]) \
        if len(rows) > 1 else 0.0
    narrowed = replace(j, kind=kind, choices=choices,
                       payments=tuple(p for _, p in rows), margin_error=margin)
    if thumb is not None and deal is not None:
        advice = THUMBS[thumb].advise(deal)
        narrowed = replace(narrowed, thumb=thumb, thumb_pick=tuple(advice.good),
                           thumb_fact=advice.fact)
    faces = {a.kind for a in narrowed.thumb_pick}
    pick = tuple(c.action for c in choices if c.action in narrowed.thumb_pick
                 or (kind == "drehen" and c.action.kind in faces))
    if not pick:  # the rule of thumb speaks to none of the options asked
        return replace(narrowed, thumb=None, thumb_pick=(), thumb_fact="")
    return replace(narrowed, thumb_pick=pick)


def asked(deal: Deal, kind: str, j: Judgement) -> Judgement:
    """The judgement of the question the trainer asks of a moment of ``kind``: the whole
    decision, or for ``drehen`` and ``lead`` the part of it that the kind is about."""
    if kind == "drehen":
        down = next((c.action for c in j.choices if c.action.kind == ActionKind.DOWN), None)
        up = next((c.action for c in j.choices if c.action.kind == ActionKind.PLAY), None)
        if down is None or up is None:
            return replace(j, choices=j.choices[:1])  # not a choice: never clear
        return _among(j, (down, up), kind)
    if kind == "lead":
        ups = tuple(c.action for c in j.choices if c.action.kind == ActionKind.PLAY)
        return _among(j, ups, kind, thumb="lead_holds", deal=deal)
    return j


def _fits(deal: Deal, kind: str) -> bool:
    """Whether the moment asks ``kind``: a lead that may go face down is also a moment of
    ``lead`` (which card, face up)."""
    found = decision_kind(deal)
    if found is None or len(deal.legal_actions()) < 2 \
            or len(deal.hands[deal.to_move or 0]) > MOST_CARDS.get(kind, len(deal.rules.pack)):
        return False
    return found == kind or (kind == "lead" and found == "drehen"
                             and sum(a.kind == ActionKind.PLAY for a in deal.legal_actions()) > 1)


def _promising(j: Judgement) -> bool:
    """Whether a first look (:data:`SCREEN_LAYOUTS` layouts, the first of the full judgement's
    own) shows the best ahead of the second by more than one standard error: a moment that
    does not is seldom clear over all the layouts, and is not judged further."""
    return len(j.choices) > 1 and (j.choices[0].cents - j.choices[1].cents
                                   > SCREEN_ERRORS * j.margin_error)


def draw_position(kind: str, seed: int, index: int = 0, *, tries: int = TRIES,
                  seconds: float = SECONDS, progress: Progress | None = None) -> Position:
    """The ``index``-th position of ``kind`` for ``seed``: a numbered deal played by the
    rule-based habits to a moment of that kind whose best choice is clear. A RulesError for
    a kind the trainer does not ask, or when none is found in ``tries`` deals or
    ``seconds``. ``progress(done, total, what)`` after each moment judged."""
    from knlib.players.bots import RulePlayer

    kind = check_kind(kind)
    rng = random.Random(f"knlib-trainer:{kind}:{seed}:{index}")
    habits = RulePlayer()
    start = time.monotonic()
    judged = 0
    for _ in range(tries):
        number, dealer = rng.randrange(1, 1_000_000), rng.randrange(4)
        deal = new_deal(GAME, seed=number, dealer=dealer)
        moments: list[tuple[int, Deal]] = []
        while not deal.is_over:
            if _fits(deal, kind):
                moments.append((len(deal.history), deal.copy()))
            deal.apply(habits.choose(deal))
        rng.shuffle(moments)
        for steps, moment in moments[:MOMENTS_PER_DEAL]:
            if kind in SCREENED and not _promising(
                    asked(moment, kind, judge(moment, layouts=SCREEN_LAYOUTS))):
                continue
            j = asked(moment, kind, judge(moment))
            judged += 1
            if progress is not None:
                progress(judged, 0, tr(LOOKING))
            if j.clear:
                return Position(kind, seed, index, number, dealer, steps, moment, j)
        if time.monotonic() - start > seconds:
            break
    raise RulesError(tr("no clear position of the kind {kind} was found in time: try again",
                        kind=repr(kind)))


def decisions_score_html(evening: int) -> str:
    """The end of an evening: the reader's score in the trainer for the kinds it teaches
    (the page's score script fills ``[data-knlib-score-text]`` from the browser's kept
    score), with a link to the trainer. Relative to a page of ``book/evenings/``."""
    kinds = kinds_of_evening(evening)
    names = "; ".join(tr(KIND_TITLES[k]) for k in kinds)
    text = tr("Practise these decisions in the decision trainer: {kinds}.", kinds=names)
    link = tr("Open the decision trainer")
    return (f'<div class="knlib-decisions" data-knlib-score data-kinds="{" ".join(kinds)}">'
            f"<p>{escape(text)}</p><p><b data-knlib-score-text></b> "
            f'<a href="../play/trainer.html">{escape(link)}</a></p></div>')


def decisions_score(evening: int) -> HtmlBlock:
    """:func:`decisions_score_html` as a notebook cell's output (the end of each evening)."""
    return HtmlBlock(decisions_score_html(evening))
