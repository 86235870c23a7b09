"""Layouts weighed by the play so far: a tactic of :class:`~knlib.analysis.player.SolverPlayer`.

A layout dealt by :func:`~knlib.players.bots.hidden_world` is consistent with what the seat
saw, and every such layout is equally likely to it. But the other seats chose their cards
knowing their own hands: a layout in which their plays so far look like what a player
would do is likelier than one in which they look odd. :class:`PastPlays` replays the deal
once and keeps, for each decision the other seats made in the play so far, the deal as it
stood and the action taken; :meth:`PastPlays.weight` puts a layout's cards into each of
those positions (each seat's hand then is its hand in the layout plus the cards it has
played since) and asks the model of their play, the
:class:`~knlib.players.rule_player.RulePlayer` habits, what it would have done there. Each
action the habits would not have taken multiplies the layout's weight by ``1 - q``; an
action the rules would not allow there (the engine's ``legal_actions``) makes it 0. A
tactic, not a rule: the habits are a model of the other players, not what they do.
"""

from __future__ import annotations

import json

from ..engine.deal import Action, Deal
from ..errors import RulesError
from ..kinds import ActionKind, Phase
from ..players.bots import RulePlayer

__all__ = ["PastPlays"]

#: Decisions made before the play (exchanges, the five-player dealer's choice) are not
#: weighed: a layout's hands then are not its hands plus the cards played since.
_BEFORE_PLAY = ("exchange", "dealer's choice")


class PastPlays:
    """The decisions with a choice that seats other than ``seat`` made since the last
    exchange, each as (the deal as it stood, the action, the cards each seat played
    from then on). None while a card led face down waits for 'see' or 'run': the
    layouts deal that card anew, so their hands do not fit the past positions."""

    def __init__(self, deal: Deal, seat: int) -> None:
        data = json.loads(deal.to_json())
        history = deal.history
        data["history"] = []
        replay = Deal.from_json(json.dumps(data))
        self.points: list[tuple[Deal, Action, list[list]]] = []
        if deal.phase == Phase.ANSWER:
            return  # the layouts deal the face-down card anew: it fits no past hand
        taken: list[tuple[Deal, Action, int]] = []
        for k, (s, a) in enumerate(history):
            if replay.phase in _BEFORE_PLAY:
                taken = []  # the hands change in an exchange: weigh only what follows
            elif s != seat and len(replay.legal_actions()) > 1:
                taken.append((replay.copy(), a, k))
            replay.apply(a, s)
        for before, a, k in taken:
            later: list[list] = [[] for _ in range(deal.players)]
            for t, b in history[k:]:
                if b.kind in (ActionKind.PLAY, ActionKind.DOWN) and b.card is not None:
                    later[t].append(b.card)
            self.points.append((before, a, later))
        try:
            self.weight(deal, 0.5)  # the true layout must fit every position
        except RulesError:
            self.points = []

    def weight(self, world: Deal, q: float) -> float:
        """The layout ``world``'s weight: ``(1 - q)`` for each past action of the others
        that the rule-based habits would not have taken in it, 0 if one is not legal
        there."""
        w = 1.0
        for before, a, later in self.points:
            hands = [list(world.hands[t]) + later[t] for t in range(world.players)]
            past = before.with_hidden(hands, world.stock)
            if a not in past.legal_actions():
                return 0.0
            if RulePlayer().choose(past) != a:
                w *= 1.0 - q
        return w
