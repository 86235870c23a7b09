"""``review``: every play-phase decision of a played deal, judged with all cards face up.

For each decision the review gives the best-play value before it (the best the deciding
side could still get) and after it (what it could still get once the decision was
made), both for the deciding side, and marks the decisions that changed that value.
The deal is replayed from its stored actions (:meth:`~knlib.Deal.to_json`), one
transposition table serving every solve. Each position is solved once: the value after a
decision is the value before the next. The actions that kept the value
(:attr:`ReviewEntry.best`) are searched when first read, except for a decision that
changed the value (its sentence names them).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from ..engine.deal import Action, Deal
from ..engine.scoring import format_amount
from ..engine.serial import shown
from ..errors import RulesError
from ..i18n import ntr, tr
from ..kinds import ActionKind, Phase
from ..players.deadline import Deadline, check_budget
from ..players.player import seat_to_move
from .frame import TimeUp
from .position import PLAY_PHASES, position
from .search import Options
from .solution_words import ending, value_words
from .solver import Solution, Solver
from .table import TranspositionTable

__all__ = ["ReviewEntry", "Review", "review", "SETUP_KINDS", "ReviewProgress",
           "check_max_cards"]

#: Actions of the setup, before the play: exchanges and the five-player dealer's choice.
SETUP_KINDS = (ActionKind.EXCHANGE, ActionKind.PASS, ActionKind.ALONE, ActionKind.SIT_OUT)


@dataclass(frozen=True)
class ReviewEntry:
    """One decision of the play: who took it, and what it did to the best-play value
    of that seat's side (payments to one member, in the game's unit)."""

    action: Action
    seat: int
    side: int
    #: The trick the decision belongs to (1 = the first trick).
    trick: int
    before: int
    after: int
    #: The actions that kept the best value, or what finds them (searched when first
    #: read: one null-window test for each card that may keep it).
    keepers: tuple[Action, ...] | Callable[[], list[Action]] = field(repr=False,
                                                                     compare=False)
    sentence: str = ""

    @cached_property
    def best(self) -> tuple[Action, ...]:
        """The actions that kept the best value."""
        return self.keepers if isinstance(self.keepers, tuple) else tuple(self.keepers())

    @property
    def changed(self) -> bool:
        """True if the decision lowered the best-play value of the deciding side."""
        return self.after != self.before

    @property
    def cost(self) -> int:
        """How much the decision cost the deciding side (0 if it kept the best value)."""
        return self.before - self.after

    def __str__(self) -> str:
        return self.sentence


class Review(list["ReviewEntry"]):
    """The list of :class:`ReviewEntry`, one per play-phase decision, with a summary:
    which side gained by the other's decisions, and by how much."""

    def __init__(self, entries: list[ReviewEntry], names: tuple[str, str], unit: str,
                 start: int | None, start_side: int | None, outcome: str, *,
                 time_limit: float | None = None) -> None:
        super().__init__(entries)
        #: The time limit (seconds) that left the first decisions out; None if it did not.
        self.time_limit = time_limit
        self.names = names
        self.unit = unit
        #: The best-play value for side 0 when the review starts (None if no decision).
        self.start = start
        self.start_side = start_side
        self.outcome = outcome

    def cost(self, side: int) -> int:
        """What side ``side`` gave away by its own decisions."""
        return sum(e.cost for e in self if e.side == side)

    @property
    def changed(self) -> list[ReviewEntry]:
        return [e for e in self if e.changed]

    def summary(self) -> str:
        """Who gained, and by how much, with all cards face up."""
        if not self:
            return tr("No decision of the play to review.")
        first = self[0]
        amount = format_amount(self.unit, first.before, sign=True)
        lines = [tr("With all cards face up, best play from the start of this review gave "
                    "{side} {amount} each.", side=self.names[first.side], amount=amount)]
        costs = [self.cost(0), self.cost(1)]
        for side in (0, 1):
            n = sum(1 for e in self if e.side == side and e.changed)
            if n:
                lines.append(ntr("{side} gave away {amount} each in {n} decision.",
                                 "{side} gave away {amount} each in {n} decisions.", n,
                                 side=self.names[side],
                                 amount=format_amount(self.unit, costs[side])))
        net = costs[1] - costs[0]
        if net:
            lines.append(tr("{side} gained {amount} each from the decisions.",
                            side=self.names[0 if net > 0 else 1],
                            amount=format_amount(self.unit, abs(net))))
        else:
            lines.append(tr("Neither side gained from the other's decisions."))
        if self.outcome:
            lines.append(tr("Result: {outcome}", outcome=self.outcome))
        return " ".join(lines)

    def __str__(self) -> str:
        return "\n".join([*(str(e) for e in self), self.summary()])


def _start_of_play(deal: Deal) -> tuple[Deal, list[tuple[int, Action]]]:
    """A copy of the deal at the start of the play, and the play-phase actions taken."""
    data = json.loads(deal.to_json())
    history = data["history"]
    k = 0
    while k < len(history) and Action(history[k][1]).kind in SETUP_KINDS:
        k += 1
    data["history"] = history[:k]
    start = Deal.from_json(json.dumps(data))
    return start, [(s, Action(a)) for s, a in history[k:]]


def _sentence(deal: Deal, act: Action, trick: int, best: tuple[Action, ...],
              sol: Solution, after: int) -> str:
    """'♠8 in trick 2 lost the Jann; ♥J kept it', in the deal's own card symbols."""
    before = sol.value
    what = tr("{name}: {action} in trick {n}", name=deal.names[sol.seat],
              action=_act_text(deal, act), n=trick)
    if before == after:
        return tr("{what} kept the best result with all cards face up: {result}.", what=what,
                  result=value_words(sol, before))
    acts = [_act_text(deal, a) for a in best[:2]]
    keep = "".join(acts) if len(acts) < 2 else tr("{first} or {last}", first=", ".join(acts[:-1]),
                                                 last=acts[-1])
    was = ending(sol, before)
    if before > 0 >= after:
        head = tr("{what} lost the game", what=what)
    elif was is not None and was[1] and was[0] != tr("the game"):
        head = tr("{what} lost {ending}", what=what, ending=was[0])
    else:
        head = tr("{what} cost {amount} each", what=what,
                  amount=format_amount(deal.rules.stakes.unit, before - after))
    return tr("{head}; {keep} kept it (with all cards face up: {before} before, {after} "
              "after).", head=head, keep=keep, before=value_words(sol, before),
              after=value_words(sol, after))


def _act_text(deal: Deal, act: Action) -> str:
    """'♠8', 'face down ♠8', or the action's text."""
    if act.card is None:
        return f"'{act}'"
    sym = act.card.german_symbol if deal.rules.german else act.card.symbol
    return sym if act.kind == ActionKind.PLAY else tr("{card} face down", card=sym)


#: A report of a review's progress: (decisions done, decisions in all, what is being done).
ReviewProgress = Callable[[int, int, str], None]


class _Reported:
    """A progress bar that reports to a callback (a practice tool's progress)."""

    def __init__(self, report: ReviewProgress, total: int, what: str) -> None:
        self.report, self.total, self.what, self.done = report, total, what, 0
        report(0, total, what)

    def update(self, k: int) -> None:
        self.done += k
        self.report(self.done, self.total, self.what)

    def close(self) -> None:
        """Nothing to close: the callback's owner shows the progress."""


def check_max_cards(max_cards: object) -> int | None:
    """A number of cards in hand, 1 or more, or None; else a RulesError."""
    if max_cards is not None and (isinstance(max_cards, bool) or not isinstance(max_cards, int)
                                  or max_cards < 1):
        raise RulesError(tr("max_cards {value} must be a whole number of cards, 1 or more",
                            value=shown(max_cards)))
    return max_cards


def review(deal: Any, *, progress: bool | None | ReviewProgress = None,
           tt: TranspositionTable | None = None, options: Options | None = None,
           max_cards: int | None = None, time_limit: float | None = None) -> Review:
    """Review every play-phase decision of a played deal (finished or not).

    Returns a :class:`Review`: a list of :class:`ReviewEntry` with ``.action``,
    ``.seat``, ``.before``, ``.after`` and ``.changed`` (values for the deciding seat's
    side: the payment to one member under best play with all cards face up), each with
    a sentence for learners, and ``.summary()``. ``progress``: a progress bar (tqdm in
    the terminal, a widget bar in the notebook; None shows it for long reviews except
    under pytest, False never), or a callback ``progress(done, total, what)`` called
    after each decision (a practice tool shows it). ``max_cards``: review only the
    decisions taken when the deciding seat held at most that many cards (None: every
    decision); an exact solve with many cards left can take minutes. ``time_limit``:
    seconds for the whole review (None: no limit); the decisions are checked from the
    last back to the first, and those not reached within the limit are left out
    (:attr:`Review.time_limit` is then the limit). Bad input raises
    :class:`~knlib.RulesError`.
    """
    from ..sim import progress_bar

    if not isinstance(deal, Deal):
        raise RulesError(tr("{value} is not a deal: review takes a played knlib.Deal",
                            value=shown(deal)))
    start, actions = _start_of_play(deal)
    if not actions and start.phase not in PLAY_PHASES:
        raise RulesError(tr("the deal has no play to review: it is in its {phase} phase (the "
                            "exchanges come first)", phase=repr(str(deal.phase))))
    if start.is_over:
        raise RulesError(tr("the deal ended before any card was played: nothing to review"))
    check_max_cards(max_cards)
    if not (progress is None or isinstance(progress, bool) or callable(progress)):
        raise RulesError(tr("progress={value}: give True or False for a progress bar, None "
                            "for one on long reviews, or a function progress(done, total, "
                            "what)", value=shown(progress)))
    position(start)  # checks the game: a five-player solo is refused here
    limit = check_budget(time_limit, "time_limit")
    plain_options = options or Options()
    solver = Solver(tt, plain_options if limit is None else
                    replace(plain_options, deadline=Deadline(limit)))
    bar: Any
    if callable(progress):
        bar = _Reported(progress, len(actions), "checking each decision")
    else:
        if progress is None:
            import os

            progress = "PYTEST_CURRENT_TEST" not in os.environ
        bar = progress_bar(len(actions), progress, f"review {deal.rules.id}")
    # The position before each decision, and the last one.
    states = [start]
    for seat, act in actions:
        d = states[-1].copy()
        d.apply(act, seat)
        states.append(d)
    entries: list[ReviewEntry] = []
    first_value: int | None = None
    first_side: int | None = None
    cut = False
    # From the last decision back to the first, so that a time limit leaves out the
    # first decisions, whose positions are the largest. The value after a decision is
    # the value before the next, so each position is solved once: ``ahead`` is the
    # solution of the position after the decision being reviewed, where it is known.
    ahead: Solution | None = None
    try:
        for k in range(len(actions) - 1, -1, -1):
            seat, act = actions[k]
            d, later = states[k], states[k + 1]
            if max_cards is not None and len(d.hands[seat]) > max_cards:
                ahead = None
                bar.update(1)
                continue
            side = d.side_of(seat)
            if (ahead is None and act.kind == ActionKind.PLAY and d.phase == Phase.PLAY
                    and not later.is_over):
                # A card face up: the value after it is the next position's.
                ahead = solver.solve(later, line=False)
            if ahead is not None:
                after = ahead.value if later.side_of(seat_to_move(later)) == side else -ahead.value
                # Searched first at the value after it (a card usually keeps it).
                sol = solver.solve(d, line=False, near=after)
            else:
                sol = solver.solve(d, line=False)
                after = sol.value_of(act)
            before = sol.value
            trick = len(d.tricks) + 1
            first_value, first_side = before, sol.side
            best: tuple[Action, ...] | Callable[[], list[Action]] = (
                tuple(sol.best) if after != before else (lambda s=sol: s.best))
            sentence = _sentence(later, act, trick, best if isinstance(best, tuple) else (),
                                 sol, after)
            entries.append(ReviewEntry(action=act, seat=seat, side=sol.side, trick=trick,
                                       before=before, after=after, keepers=best,
                                       sentence=sentence))
            ahead = sol
            bar.update(1)
    except TimeUp:
        cut = True
    finally:
        bar.close()
    # The actions that kept the value are searched when first read, with no time limit.
    solver.options = plain_options
    entries.reverse()
    names = (deal.side_name(0), deal.side_name(1))
    outcome = str(deal.result) if deal.result is not None else ""
    return Review(entries, names, deal.rules.stakes.unit, first_value, first_side, outcome,
                  time_limit=limit if cut else None)
