"""The coach: advice that judges from what a player can see, and a review of a whole deal.

:func:`judge` weighs every legal option of the seat to move the way a player at the table
can: it deals the cards the seat cannot see again, :data:`LAYOUTS` times, plays each
option out in every one of those layouts with the rule-based habits
(:class:`~knlib.players.rule_player.RulePlayer` at every seat, through the deal API: pure
Python, so it runs in the page's Pyodide) and compares the average payment. The layouts
come from :meth:`~knlib.engine.state.State.resample_hidden` with ``canonical=True``, and
its random generator is seeded from the seat's
:class:`~knlib.engine.observer.Observation` (its hand, the table, the tricks, the trick in
progress, the exchanges, the hand sizes): never from the deal's number or from the hidden
cards. So the same visible state gives the same judgement wherever the unseen cards lie.

What the layouts fit: everything the seat has seen played and shown (the cards played,
the cards face up, who took which card in an exchange, an Ole shown or not shown at the
bottom of the stock, the hand sizes). Every such layout counts the same; two things are
deliberately *not* used to weigh them (a choice of this book, not a rule of the sources):

* the table talk: a line of table talk is a claim that may be a bluff ("bluffing and
  misleading your opponents" is part of the game, seed 000, 'Communication'), a deal
  (:class:`~knlib.engine.deal.Deal`) does not record it, and how far to trust it is a
  lesson of Evening 5, not something the hint should settle silently;
* how the others played so far (:class:`~knlib.analysis.inference.PastPlays`, which
  weighs a layout by whether the rule-based habits would have played as they did): that
  assumes the other seats play by those habits, which a person at the table does not,
  and weighted layouts would no longer be "N layouts" with whole counts of wins.

So the judgement is what the cards the seat has seen allow, averaged honestly; a reader
who trusts the talk may weigh it on top.

The records (:class:`Choice`, :class:`Judgement`, :class:`Reviewed`, :class:`DealReview`)
and their sentences are in :mod:`knbook.course.coach_words`.

:func:`review_deal` replays a finished (or unfinished) deal and judges every decision of
one seat with more than one legal action, as the hint would have judged it at that
moment; where the face-up solver answers within its budget it adds the exact values "if
all the cards were face up" beside it.

Amounts are in euro cents (the course's amounts): the Bohmstedt stakes are in cents
(seed 000, 'Scoring'); for a game scored in another unit, one basic game counts as the
Bohmstedt basic game, 10 cents (:func:`to_cents`).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable

from knlib.analysis.advice import APP_EXACT_CARDS
from knlib.counts import seat_number, shown
from knlib.engine.deal import Action, Deal
from knlib.engine.observer import Observer
from knlib.errors import RulesError
from knlib.kinds import PLAY_PHASES, ActionKind, Phase
from knlib.players.deadline import Deadline, check_budget
from knlib.players.player import check_layouts
from knlib.players.rule_player import RulePlayer

from ..i18n import tr
from .coach_words import CLEAR_ERRORS, Choice, DealReview, Judgement, Reviewed, standard_error
from .evenings import EVENINGS
from .foundation.thumbs import Thumb, thumb_for

__all__ = ["LAYOUTS", "KINDS", "Choice", "Judgement", "judge", "decision_kind", "Reviewed",
           "DealReview", "review_deal", "evening_doc", "evening_href", "to_cents", "REVIEW_LAYOUTS",
           "CLEAR_ERRORS", "FACE_UP_SECONDS", "REVIEW_TIME_LIMIT", "seen_key"]

#: Layouts of the unseen cards a hint plays out by default (a hundred: "wins in 63 of 100
#: layouts" reads as a percentage). A hint takes about 0.1 s in CPython on this machine.
LAYOUTS = 100
#: Layouts per decision in a review of a whole deal: as many as a hint, so that each
#: decision is judged exactly as the hint judged it at the table (a whole four-player deal
#: takes about 0.5 s in CPython, benchmarks/review.py).
REVIEW_LAYOUTS = LAYOUTS
#: Seconds the face-up solver may take for one decision of a review with a time limit
#: (without one it takes what it needs: the last APP_EXACT_CARDS cards solve in well under
#: a second).
FACE_UP_SECONDS = 0.5
#: Seconds the terminal's and the notebook's review may take (a whole four-player deal
#: takes about one second, benchmarks/review.py).
REVIEW_TIME_LIMIT = 60.0

#: The trainer's kinds of decision, in the course's order.
KINDS: tuple[str, ...] = ("exchange", "drehen", "see-or-run", "jann", "lead", "follow")

#: The Bohmstedt basic game in cents (seed 000, 'Scoring'): the yardstick of other units.
_BASIC_CENTS = 10

Progress = Callable[[int, int, str], None]


def evening_doc(evening: int) -> str:
    """The book's docname of an evening, e.g. ``evenings/4-the-deal``; a RulesError for an
    evening the course does not have."""
    if evening not in EVENINGS:
        raise RulesError(tr("{value} is not an evening of the course: choose 1 to {last}",
                            value=repr(evening), last=max(EVENINGS)))
    return EVENINGS[evening].chapter.removeprefix("book/")


def evening_href(evening: int) -> str:
    """The address of an evening's page from a page of the book's play part (the play
    chapter, the trainer), e.g. ``../evenings/4-the-deal.html``."""
    return f"../{evening_doc(evening)}.html"


def to_cents(deal: Deal, amount: float) -> float:
    """An amount in the deal's unit in euro cents: cents stay cents; another unit counts
    one basic game as the Bohmstedt basic game, 10 cents."""
    stakes = deal.rules.stakes
    if stakes.unit == "cents":
        return float(amount)
    return amount * _BASIC_CENTS / stakes.basic


def decision_kind(deal: Deal, seat: int | None = None) -> str | None:
    """The kind (one of :data:`KINDS`) of the decision now before ``seat`` (default: the
    seat to move); None when the deal is over, ``seat`` is not to move, or the decision is
    of no trained kind (the five-player dealer's choice)."""
    if deal.is_over or deal.to_move is None or (seat is not None and seat != deal.to_move):
        return None
    phase = deal.phase
    if phase == Phase.EXCHANGE:
        return "exchange"
    if phase == Phase.ANSWER:
        return "see-or-run"
    if phase == Phase.JANN:
        return "jann"
    if phase != Phase.PLAY:
        return None
    if deal.current_trick:
        return "follow"
    if any(a.kind == ActionKind.DOWN for a in deal.legal_actions()):
        return "drehen"
    return "lead"


# ============================================================================================
# Judging one decision
# ============================================================================================


def _seat_to_judge(deal: object, seat: object) -> tuple[Deal, int]:
    if not isinstance(deal, Deal):
        raise RulesError(tr("{value} is not a deal: the coach judges a knlib.Deal",
                            value=shown(deal)))
    if deal.is_over or deal.to_move is None:
        raise RulesError(tr("the deal is over: there is no decision to judge"))
    if seat is None:
        return deal, deal.to_move
    seat = seat_number(seat, deal.players)
    if seat != deal.to_move:
        raise RulesError(tr("it is not {name}'s decision: {seat} is to act",
                            name=deal.names[seat], seat=deal.to_move_text()))
    return deal, seat


def seen_key(deal: Deal, seat: int) -> str:
    """What ``seat`` knows of the deal, as text: the seed of the judgement's layouts (its
    :class:`~knlib.engine.observer.Observation`, the game, the chosen suits and the
    seats' names; nothing it cannot see)."""
    obs = Observer(seat).observe(deal)
    return repr((deal.rules.id, deal.chosen, deal.dealer, deal.players, obs))


def _playout(world: Deal, action: Action, seat: int, habits: RulePlayer) -> tuple[int, int]:
    """The payment to ``seat`` when ``world`` is played on from ``action`` by the habits,
    and how its side did: 2 a Jann or the march won, 1 won, -1 lost, -2 a Jann or the
    march lost."""
    d = world.copy()
    d.apply(action)
    while not d.is_over:
        d.apply(habits.choose(d))
    result = d.result
    assert result is not None  # played to its end
    won = 1 if result.winner == d.side_of(seat) else -1
    return result.payments[seat], 2 * won if result.jann or result.march_made else won


def judge(deal: Deal, seat: int | None = None, *, layouts: int = LAYOUTS,
          time_limit: float | None = None, progress: Progress | None = None) -> Judgement:
    """Every legal option of ``seat`` (default: the seat to move) played out over the same
    ``layouts`` layouts of the cards it cannot see (the module notes), best first.

    ``time_limit`` (seconds): stop dealing further layouts when it is spent and judge on
    those played (at least one). ``progress(done, total, what)`` after each layout. A
    RulesError when the deal is over, it is not ``seat``'s decision, or ``layouts`` is not
    a whole number of layouts (1 to :data:`~knlib.players.player.MAX_LAYOUTS`)."""
    deal, seat = _seat_to_judge(deal, seat)
    n = check_layouts(layouts, "layouts")
    limit = check_budget(time_limit, "time_limit")
    acts = deal.legal_actions()
    rng = random.Random(seen_key(deal, seat))
    habits = RulePlayer()
    start = time.monotonic()
    pay: list[list[float]] = [[] for _ in acts]
    outcomes: list[list[int]] = [[] for _ in acts]
    what = tr("Playing the options out")
    for done in range(1, n + 1):
        world = deal.resample_hidden(seat, rng, canonical=True)
        for i, a in enumerate(acts):
            p, how = _playout(world, a, seat, habits)
            pay[i].append(to_cents(deal, p))
            outcomes[i].append(how)
        if progress is not None:
            progress(done, n, what)
        if limit is not None and time.monotonic() - start > limit:
            break
    return _judgement(deal, seat, acts, pay, outcomes)


def _judgement(deal: Deal, seat: int, acts: list[Action], pay: list[list[float]],
               outcomes: list[list[int]]) -> Judgement:
    n = len(pay[0])
    means = [sum(p) / n for p in pay]
    rule, pick, fact = _thumb_advice(deal)
    # Equal means (the options come to the same in every layout, as low cards often do):
    # the rule of thumb's pick first, then the deal's order of the actions.
    order = sorted(range(len(acts)), key=lambda i: (-means[i], acts[i] not in pick, i))
    choices = tuple(Choice(acts[i], means[i], standard_error(pay[i]),
                           wins=sum(x > 0 for x in outcomes[i]),
                           big_wins=outcomes[i].count(2), big_losses=outcomes[i].count(-2))
                    for i in order)
    margin = 0.0
    if len(order) > 1:
        a, b = pay[order[0]], pay[order[1]]
        margin = standard_error([x - y for x, y in zip(a, b, strict=True)])
    return Judgement(seat=seat, kind=decision_kind(deal, seat), choices=choices, layouts=n,
                     thumb=None if rule is None else rule.id, thumb_pick=pick,
                     margin_error=margin, deal=deal.copy(),
                     payments=tuple(tuple(pay[i]) for i in order), thumb_fact=fact)


def _thumb_advice(deal: Deal) -> tuple[Thumb | None, tuple[Action, ...], str]:
    """The rule of thumb that speaks to the decision, its picks and its deciding fact; none
    in a game the course's rules of thumb do not read (they count Olen and high beaters as
    Knüffeln's table talk does)."""
    rule = thumb_for(deal)
    if rule is None:
        return None, (), ""
    try:
        advice = rule.advise(deal)
    except RulesError:
        return None, (), ""
    return rule, advice.good, advice.fact


# ============================================================================================
# The review of a whole deal
# ============================================================================================


def _replay_points(deal: Deal, seat: int) -> list[tuple[int, int, Deal, Action]]:
    """(index, trick, the deal as it stood, the action) for each decision of ``seat`` with
    more than one legal action, replaying the deal's history from its start."""
    data = json.loads(deal.to_json())
    history = deal.history
    data["history"] = []
    replay = Deal.from_json(json.dumps(data))
    out = []
    for k, (s, a) in enumerate(history):
        if s == seat and replay.to_move == seat and len(replay.legal_actions()) > 1:
            trick = len(replay.tricks) + 1 if replay.phase not in (
                "exchange", "dealer's choice") else 0
            out.append((k, trick, replay.copy(), a))
        replay.apply(a, s)
    return out


def review_deal(deal: Deal, seat: int, *, layouts: int | None = None,
                time_limit: float | None = None,
                progress: Progress | None = None) -> DealReview:
    """Every decision of ``seat`` with more than one legal action, from the exchanges and
    the first lead to the last card, each judged by :func:`judge` on the deal as it stood
    (``layouts`` per decision, default :data:`REVIEW_LAYOUTS`), with its cost in whole
    cents (:meth:`Judgement.behind`: 0 where no option was clearly better) and, where the
    face-up solver answers in time, the exact face-up values. ``progress(done, total,
    what)`` after each decision; ``time_limit`` (seconds): stop
    and return what was reviewed, ``complete=False``."""
    if not isinstance(deal, Deal):
        raise RulesError(tr("{value} is not a deal: the coach reviews a knlib.Deal",
                            value=shown(deal)))
    seat = seat_number(seat, deal.players)
    n = REVIEW_LAYOUTS if layouts is None else check_layouts(layouts, "layouts")
    limit = check_budget(time_limit, "time_limit")
    points = _replay_points(deal, seat)
    start = time.monotonic()
    out: list[Reviewed] = []
    complete = True
    for k, trick, before, made in points:
        if limit is not None and time.monotonic() - start > limit:
            complete = False
            break
        j = judge(before, seat, layouts=n)
        cost = j.behind(made)
        budget = None if limit is None else FACE_UP_SECONDS
        out.append(Reviewed(k, trick, made, j, cost, _face_up(before, made, seat, budget)))
        if progress is not None:
            progress(len(out), len(points), tr("Reviewing your decisions"))
    return DealReview(seat, tuple(out), complete)


def _face_up(before: Deal, made: Action, seat: int,
             budget: float | None) -> tuple[int, int] | None:
    """The exact values in cents for ``seat`` with all cards face up, before the choice
    (best play) and after the choice made, where the seat holds at most
    :data:`~knlib.analysis.advice.APP_EXACT_CARDS` cards and the solver answers within
    ``budget`` seconds (None: however long it takes); else None."""
    if before.phase not in PLAY_PHASES or len(before.hands[seat]) > APP_EXACT_CARDS:
        return None
    from knlib.analysis.frame import Budget, Options
    from knlib.analysis.solver import solve

    try:
        sol = solve(before, line=False,
                    options=None if budget is None else Options(deadline=Deadline(budget)))
        best, after = sol.value, sol.value_of(made)
    except (RulesError, Budget):
        return None
    return round(to_cents(before, best)), round(to_cents(before, after))


