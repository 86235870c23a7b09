"""The random player: a uniformly random legal action, from its own seeded generator."""

from __future__ import annotations

import random
from typing import Any

from ..counts import shown
from ..engine.deal import Action
from ..errors import RulesError
from ..i18n import tr
from ..kinds import ActionKind, Phase
from .player import Player, deal_to_decide, never_turn_in_march

__all__ = ["RandomPlayer"]


class RandomPlayer(Player):
    """A uniformly random legal action, from its own seeded generator.

    With ``drehen=False`` it plays random cards but leaves the stakes alone: it never leads
    face down, always sees a card led face down, and never concedes (Karniffel); exchanges,
    the Jann choice and the five-player dealer's choice stay random. Either way it never
    leads face down while its side plays for the march (:func:`never_turn_in_march`).
    """

    name = "random"

    def __init__(self, seed: Any = None, *, drehen: object = True, bluff_rate: object = 0.0
                 ) -> None:
        if not isinstance(drehen, bool):
            raise RulesError(tr("drehen={value}: give True or False", value=shown(drehen)))
        super().__init__(bluff_rate=bluff_rate, talk_seed=seed)
        self.seed = seed
        self.drehen = drehen
        self.rng = random.Random(seed)
        if not drehen:
            self.name = "random-cards"

    def choose(self, deal: Any) -> Action:
        deal = deal_to_decide(deal)
        acts = deal.legal_actions()
        if not acts:
            raise RulesError(tr("the deal is over: there is no move to make"))
        if not self.drehen:
            if deal.phase == Phase.ANSWER:
                return acts[0]  # see
            acts = [a for a in acts if a.kind not in (ActionKind.DOWN, ActionKind.CONCEDE)]
        else:
            acts = never_turn_in_march(deal, acts)
        return acts[int(self.rng.random() * len(acts))]

    def __repr__(self) -> str:
        extra = "" if self.drehen else ", drehen=False"
        return f"RandomPlayer({self.seed!r}{extra})"
