"""The sampling player: deals the cards it cannot see at random many times, plays every
candidate action out with the rule-based habits and keeps the action that wins most
often. One parameter, ``samples``, sets its strength and its speed; ``time_budget`` bounds
the time of one decision (:mod:`.deadline`)."""

from __future__ import annotations

import random
import time
from typing import Any

from ..engine.deal import Action, Deal
from ..engine.serial import shown
from ..errors import RulesError
from ..i18n import tr
from ..kinds import SETUP_PHASES
from .deadline import Clock, Deadline, check_budget, check_clock
from .player import (
    Player,
    check_layouts,
    check_player_seed,
    deal_to_decide,
    never_turn_in_march,
    seat_to_move,
)
from .playouts import playout_wins, supports_playouts
from .rule_player import RulePlayer

__all__ = ["SamplingPlayer", "hidden_world", "PLAYOUT_BATCH"]

#: With a time budget, the fast path's playouts run in batches of this many layouts, and
#: the budget is checked between batches (the wins add up to the same counts).
PLAYOUT_BATCH = 16


def hidden_world(deal: Deal, seat: int, rng: random.Random) -> Deal:
    """A copy of ``deal`` in which every card ``seat`` cannot see is dealt again at random,
    consistent with what ``seat`` knows: its own hand, the cards played, the cards face up
    on the table, the cards others took in exchanges (they were face up when taken), the
    face-up cards of the Karnöffel deal, and the cards known to lie in the stock (an Ole
    shown at the bottom and not taken; Bernhard's returned turn-ups). Each other seat keeps
    its number of cards, and the stock its size.

    An alias of the engine's one resampling function,
    :meth:`~knlib.engine.state.State.resample_hidden`, which asks the seat's
    :class:`~knlib.engine.observer.Observer` what it cannot see."""
    return deal.resample_hidden(seat, rng)


class SamplingPlayer(Player):
    """Plays by sampling: for each decision of the play (a card, a face-down lead, seeing or
    running, stopping or playing on; never a face-down lead in its own side's march, see
    :func:`never_turn_in_march`) it deals the cards it cannot see at random
    (:func:`hidden_world`) ``samples`` times, plays every candidate action out to the end
    of the deal in each of those worlds, and keeps the action whose side won most often
    (ties go to the :class:`RulePlayer` choice, then to the first action).

    The playouts use the :class:`RulePlayer` habits for all four seats. They run through
    the vectorised fast path (:mod:`.playouts`, numpy) where it plays the game, and through
    the deal API otherwise (``engine='api'`` forces that). Exchanges and the five-player
    dealer's choice are left to the rule-based habits.

    ``samples`` sets both strength and speed: each decision plays out at most
    ``samples x (number of legal actions)`` deals. ``time_budget`` (seconds, None: no
    limit) stops a decision's playouts when it is spent, between batches of
    :data:`PLAYOUT_BATCH` layouts (one layout through the deal API), and decides on the
    layouts played out so far; ``clock`` is the clock it reads. What a budget changes and
    what it does not: :mod:`knlib.players.deadline`. These are tactics, not rules.
    """

    name = "sampling"

    def __init__(self, samples: int = 48, seed: Any = None, *, engine: str = "auto",
                 bluff_rate: float = 0.0, time_budget: float | None = None,
                 clock: Clock = time.monotonic) -> None:
        check_layouts(samples, "samples")
        check_player_seed(seed)
        self.time_budget = check_budget(time_budget)
        if engine not in ("auto", "api", "numpy"):
            raise RulesError(tr("engine={value}: choose 'auto', 'api' or 'numpy'",
                                value=shown(engine)))
        super().__init__(bluff_rate=bluff_rate, talk_seed=seed)
        self.samples = samples
        self.seed = seed
        self.engine = engine
        self.rng = random.Random(seed)
        self.rules_player = RulePlayer()
        self.clock = check_clock(clock)
        #: Decisions cut short by the time budget.
        self.timed_out = 0
        #: The last decision's statistics: (action, wins, playouts) per candidate.
        self.last_scores: list[tuple[Action, int, int]] = []

    def choose(self, deal: Any, deadline: Deadline | None = None) -> Action:
        """The action to take; ``deadline`` (a caller's budget, e.g. the solver player's)
        replaces this player's own ``time_budget`` for this decision."""
        deal = deal_to_decide(deal)
        acts = deal.legal_actions()
        if not acts:
            raise RulesError(tr("the deal is over: there is no move to make"))
        if len(acts) == 1 or deal.phase in SETUP_PHASES:
            self.last_scores = []
            return self.rules_player.choose(deal) if len(acts) > 1 else acts[0]
        acts = never_turn_in_march(deal, acts)
        seat = seat_to_move(deal)
        side = deal.side_of(seat)
        default = self.rules_player.choose(deal)
        worlds = [hidden_world(deal, seat, self.rng) for _ in range(self.samples)]
        if deadline is None:
            deadline = Deadline(self.time_budget, self.clock)
        wins, played = self._score(worlds, acts, side, deadline)
        if played < len(worlds):
            self.timed_out += 1
        best = max(wins)
        self.last_scores = [(a, w, played) for a, w in zip(acts, wins, strict=True)]
        if wins[acts.index(default)] == best:
            return default
        return acts[wins.index(best)]

    def _score(self, worlds: list[Deal], acts: list[Action], side: int | None,
               deadline: Deadline) -> tuple[list[int], int]:
        """For each action, in how many worlds its side won; and how many worlds were
        played out before the deadline."""
        engine = self.engine
        if engine != "api":
            if supports_playouts(worlds[0]):
                if deadline.end is None:
                    return playout_wins(worlds, acts, side), len(worlds)
                wins = [0] * len(acts)
                played = 0
                batches = [worlds[i:i + PLAYOUT_BATCH]
                           for i in range(0, len(worlds), PLAYOUT_BATCH)]
                for batch in deadline.take(batches):
                    wins = [a + b for a, b in zip(wins, playout_wins(batch, acts, side),
                                                  strict=True)]
                    played += len(batch)
                return wins, played
            if engine == "numpy":
                raise RulesError(tr("the numpy playouts do not support {game} with {n} "
                                    "players: use engine='api'", game=worlds[0].rules.title,
                                    n=worlds[0].players))
        rp = self.rules_player
        wins = [0] * len(acts)
        played = 0
        for w in deadline.take(worlds):
            played += 1
            for i, a in enumerate(acts):
                d = w.copy()
                d.apply(a)
                while not d.is_over:
                    d.apply(rp.choose(d))
                result = d.result
                assert result is not None  # the deal was played to its end
                if result.winner == side:
                    wins[i] += 1
        return wins, played

    def __repr__(self) -> str:
        budget = f", time_budget={self.time_budget!r}" if self.time_budget else ""
        return f"SamplingPlayer(samples={self.samples}, seed={self.seed!r}{budget})"
