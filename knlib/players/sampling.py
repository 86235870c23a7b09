"""The sampling player: deals the cards it cannot see at random many times, plays every
candidate action out with the rule-based habits and keeps the action that wins most
often. One parameter, ``samples``, sets its strength and its speed."""

from __future__ import annotations

import random
from typing import Any

from ..engine.deal import Action, Deal
from ..errors import RulesError
from .base import Player, never_turn_in_march, seat_to_move
from .playouts import playout_wins, supports_playouts
from .rule_player import RulePlayer

__all__ = ["SamplingPlayer", "hidden_world"]


def hidden_world(deal: Deal, seat: int, rng: random.Random) -> Deal:
    """A copy of ``deal`` in which every card ``seat`` cannot see is dealt again at random,
    consistent with what ``seat`` knows: its own hand, the cards played, the cards face up
    on the table, the cards others took in exchanges (they were face up when taken), the
    face-up cards of the Karnöffel deal, and the cards known to lie in the stock (an Ole
    shown at the bottom and not taken; Bernhard's returned turn-ups). Each other seat keeps
    its number of cards, and the stock its size.

    The engine's :meth:`~knlib.engine.state.State.resample_hidden`, which asks the seat's
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
    ``samples x (number of legal actions)`` deals. These are tactics, not rules.
    """

    name = "sampling"

    def __init__(self, samples: int = 48, seed: Any = None, *, engine: str = "auto",
                 bluff_rate: float = 0.0) -> None:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise RulesError(f"samples={samples!r} is not a positive whole number")
        if engine not in ("auto", "api", "numpy"):
            raise RulesError(f"engine={engine!r}: choose 'auto', 'api' or 'numpy'")
        super().__init__(bluff_rate=bluff_rate, talk_seed=seed)
        self.samples = samples
        self.seed = seed
        self.engine = engine
        self.rng = random.Random(seed)
        self.rules_player = RulePlayer()
        #: The last decision's statistics: (action, wins, playouts) per candidate.
        self.last_scores: list[tuple[Action, int, int]] = []

    def choose(self, deal: Deal) -> Action:
        acts = deal.legal_actions()
        if not acts:
            raise RulesError("the deal is over: there is no move to make")
        if len(acts) == 1 or deal.phase in ("exchange", "dealer's choice"):
            self.last_scores = []
            return self.rules_player.choose(deal) if len(acts) > 1 else acts[0]
        acts = never_turn_in_march(deal, acts)
        seat = seat_to_move(deal)
        side = deal.side_of(seat)
        default = self.rules_player.choose(deal)
        worlds = [hidden_world(deal, seat, self.rng) for _ in range(self.samples)]
        wins = self._score(worlds, acts, side)
        best = max(wins)
        self.last_scores = [(a, w, len(worlds)) for a, w in zip(acts, wins, strict=True)]
        if wins[acts.index(default)] == best:
            return default
        return acts[wins.index(best)]

    def _score(self, worlds: list[Deal], acts: list[Action], side: int | None) -> list[int]:
        engine = self.engine
        if engine != "api":
            if supports_playouts(worlds[0]):
                return playout_wins(worlds, acts, side)
            if engine == "numpy":
                raise RulesError(f"the numpy playouts do not support {worlds[0].rules.title} "
                                 f"with {worlds[0].players} players: use engine='api'")
        rp = self.rules_player
        wins = [0] * len(acts)
        for w in worlds:
            for i, a in enumerate(acts):
                d = w.copy()
                d.apply(a)
                while not d.is_over:
                    d.apply(rp.choose(d))
                result = d.result
                assert result is not None  # the deal was played to its end
                if result.winner == side:
                    wins[i] += 1
        return wins

    def __repr__(self) -> str:
        return f"SamplingPlayer(samples={self.samples}, seed={self.seed!r})"
