"""The strongest computer player: perfect-information Monte Carlo over the exact solver.

:class:`SolverPlayer` does what the strongest bridge programs do. For each decision of the
play it deals the cards it cannot see at random, consistent with what its seat knows
(:func:`knlib.bots.hidden_world`, which uses :meth:`knlib.Deal.with_hidden`), solves
each of those layouts exactly with all cards face up (:func:`knlib.analysis.solve`), and
chooses the action that wins the deal in the most of those layouts (then, the best
average payment to its side).

Its strength and its speed are set by ``samples`` (layouts per decision) and
``exact_cards``: while the hands are larger than ``exact_cards`` (the first tricks, where
one exact solve can take seconds) it decides as :class:`knlib.bots.SamplingPlayer` does,
by playing each action out with the rule-based habits; from then on every decision is
solved exactly. ``exact_cards=None`` solves every decision of the play exactly.
Exchanges and the five-player dealer's choice are left to the rule-based habits.

Averaging over layouts is a tactic, not a rule, and it is not best play: the layouts are
solved as if every card were face up, so a line that needs a guess may look sure.
"""

from __future__ import annotations

import random
from typing import Any

from ..engine.deal import Action, Deal
from ..errors import RulesError
from ..players.bots import Player, RulePlayer, SamplingPlayer, hidden_world

__all__ = ["SolverPlayer", "DEFAULT_SAMPLES", "DEFAULT_EXACT_CARDS"]

#: Layouts of the unseen cards solved per decision, at the default strength.
DEFAULT_SAMPLES = 8
#: Hands of at most this many cards are solved exactly (default strength).
DEFAULT_EXACT_CARDS = 5


def _solve(deal: Deal) -> Any:
    from . import solve  # looked up when called: the solver module of knlib.analysis

    return solve(deal, line=False)


class SolverPlayer(Player):
    """Perfect-information Monte Carlo: ``samples`` layouts of the unseen cards, each
    solved exactly. With ``objective='wins'`` (the default, as the sampling player
    plays) it chooses the action that wins the deal in the most layouts, then the one
    with the best average payment; with ``objective='payment'``, the best average
    payment. Ties go to the :class:`~knlib.bots.RulePlayer` choice, then to the first
    action. See the module notes for ``exact_cards``. ``seed`` fixes the layouts.

    Why wins by default: each layout is solved as if the opponents, too, saw every card,
    so the payments are too gloomy for the side that cannot see them; with the payment
    as its aim it ran from face-down leads far too often (in the first 127 deals of the
    benchmark match it ran in 34 and lost them all)."""

    name = "solver"

    def __init__(self, samples: int = DEFAULT_SAMPLES, seed: Any = None, *,
                 exact_cards: int | None = DEFAULT_EXACT_CARDS, early_samples: int = 48,
                 objective: str = "wins", bluff_rate: float = 0.0) -> None:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise RulesError(f"samples={samples!r} is not a positive whole number")
        if exact_cards is not None and (isinstance(exact_cards, bool)
                                        or not isinstance(exact_cards, int) or exact_cards < 1):
            raise RulesError(f"exact_cards={exact_cards!r}: give a positive whole number of "
                             "cards, or None to solve every decision exactly")
        if objective not in ("wins", "payment"):
            raise RulesError(f"objective={objective!r}: choose 'wins' or 'payment'")
        super().__init__(bluff_rate=bluff_rate, talk_seed=seed)
        self.objective = objective
        self.samples = samples
        self.seed = seed
        self.exact_cards = exact_cards
        self.rng = random.Random(seed)
        self.rules_player = RulePlayer()
        self.early = SamplingPlayer(samples=early_samples, seed=seed)
        #: The last exact decision: (action, share of layouts won, average payment to the
        #: mover's side) for each legal action.
        self.last_scores: list[tuple[Action, float, float]] = []

    def exact(self, deal: Deal) -> bool:
        """True when this decision is solved exactly (the hands are small enough)."""
        if self.exact_cards is None:
            return True
        return max(len(deal.hands[s]) for s in deal.active) <= self.exact_cards

    def choose(self, deal: Deal) -> Action:
        acts = deal.legal_actions()
        if not acts:
            raise RulesError("the deal is over: there is no move to make")
        self.last_scores = []
        if len(acts) == 1:
            return acts[0]
        if deal.phase in ("exchange", "dealer's choice"):
            return self.rules_player.choose(deal)
        if not self.exact(deal):
            return self.early.choose(deal)
        seat: int = deal.to_move  # type: ignore[assignment]
        wins = [0] * len(acts)
        money = [0] * len(acts)
        for _ in range(self.samples):
            values = _solve(hidden_world(deal, seat, self.rng)).values
            for i, a in enumerate(acts):
                v = values[a]
                money[i] += v
                wins[i] += v > 0
        n = self.samples
        self.last_scores = [(a, w / n, m / n) for a, w, m in zip(acts, wins, money, strict=True)]
        score: list[tuple[int, int]] = (list(zip(wins, money, strict=True))
                                        if self.objective == "wins" else [(m, 0) for m in money])
        best = max(score)
        default = self.rules_player.choose(deal)
        if score[acts.index(default)] == best:
            return default
        return acts[score.index(best)]

    def __repr__(self) -> str:
        return (f"SolverPlayer(samples={self.samples}, seed={self.seed!r}, "
                f"exact_cards={self.exact_cards!r}, objective={self.objective!r})")
