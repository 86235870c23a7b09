"""Scripted random players, for checking the fast path against the deal API: the same
uniform numbers fed to the fast path and to these players give the same deals."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..engine.deal import Deal
from ..kinds import ActionKind, Phase
from ..players.bots import RulePlayer, never_turn_in_march

__all__ = ["UniformScript", "OrderScript"]


class UniformScript:
    """A player for every seat that takes each decision from uniform numbers in [0, 1) (a
    list, or an endless iterator): the action at index ``int(u * len(legal))`` of
    ``deal.legal_actions()``, one number per decision of the deal. :func:`fast_deals` with
    the same numbers makes the same choices. ``rules_seats`` play by
    :class:`~knlib.players.bots.RulePlayer` instead (no number is used). Like every
    computer player it never leads face down while its side plays for the march
    (:func:`~knlib.players.player.never_turn_in_march`)."""

    name = "script"

    def __init__(self, numbers: Iterable[float], rules_seats: Iterable[int] = ()) -> None:
        self.numbers = iter(numbers)
        self.rules_seats = set(rules_seats)
        self.rules = RulePlayer()

    def choose(self, deal: Deal) -> Any:
        if deal.to_move in self.rules_seats:
            return self.rules.choose(deal)
        acts = never_turn_in_march(deal, deal.legal_actions())
        return acts[int(next(self.numbers) * len(acts))]


class OrderScript:
    """A player for every seat that plays as the random fast path does (``in_order``),
    taking its numbers from a list or an endless iterator: each seat plays the first card
    it holds; a leader who may lead face down does so when the next number is at least
    0.5; exchanges, seeing or running and the Jann choice take the action at index
    ``int(u * len(legal))``. ``cards_only_seats`` play like ``RandomPlayer(drehen=False)``:
    no face-down lead, always see."""

    name = "order script"

    def __init__(self, numbers: Iterable[float], cards_only_seats: Iterable[int] = ()) -> None:
        self.numbers = iter(numbers)
        self.cards_only = set(cards_only_seats)

    def _u(self) -> float:
        return next(self.numbers)

    def choose(self, deal: Deal) -> Any:
        acts = never_turn_in_march(deal, deal.legal_actions())
        seat = deal.to_move
        phase = deal.phase
        if phase == Phase.PLAY:
            first = next(a for a in acts if a.kind == ActionKind.PLAY)
            downs = [a for a in acts if a.kind == ActionKind.DOWN]
            if downs and seat not in self.cards_only and int(self._u() * 2) == 1:
                return next(a for a in downs if a.card is first.card)
            return first
        if phase == Phase.ANSWER and seat in self.cards_only:
            return acts[0]
        return acts[int(self._u() * len(acts))]
