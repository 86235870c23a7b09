"""The rule-based player: the habits of :mod:`knlib.players.habits`, one deal at a time."""

from __future__ import annotations

from typing import Any

from ..engine.deal import Action, Deal
from ..errors import RulesError
from .base import Player, target
from .habits import is_strong, is_sure, may_turn, plays_alone, plays_on, runs, takes_offer, turns
from .tables import Tables, View, bits, seen_bits, tables

__all__ = ["RulePlayer"]


class RulePlayer(Player):
    """A player of plain habits, deterministic and cheap. **These are tactics, not rules**:
    this project's simple advice for beginners, which the sources neither give nor forbid.
    The habits are defined once, in :mod:`knlib.players.habits` (exchange the stronger card, lead
    the card with the fewest unseen takers, turn when sure, run when short, follow to win
    cheaply but never over partner, play on only with a sure march, the five-player dealer
    alone with four strong cards, never concede); the bulk simulator plays the same
    definitions on many deals at once.

    Between decisions of one deal the player keeps what it has counted (the cards face
    up, the tricks finished), so each decision reads only what changed.
    """

    name = "rules"

    def __init__(self, *, bluff_rate: float = 0.0, talk_seed: Any = None) -> None:
        super().__init__(bluff_rate=bluff_rate, talk_seed=talk_seed)
        self._last: tuple[Any, Any, Tables | None] = (None, None, None)
        self._view: View | None = None

    def _tables(self, deal: Deal) -> Tables:
        rules, chosen, t = self._last
        if rules is deal.rules and chosen == deal.chosen and t is not None:
            return t
        t = tables(deal.rules, deal.chosen)
        self._last = (deal.rules, deal.chosen, t)
        return t

    def _view_of(self, deal: Deal) -> View:
        """The deal's :class:`View` (made at the first decision of its play)."""
        v = self._view
        if v is None or v.deal is not deal:
            v = self._view = View(deal, self._tables(deal))
        else:
            v.update()
        return v

    def choose(self, deal: Deal) -> Action:
        acts = deal.legal_actions()
        if len(acts) < 2:
            if not acts:
                raise RulesError("the deal is over: there is no move to make")
            return acts[0]
        phase = deal.phase
        seat: int = deal.to_move  # type: ignore[assignment]
        if phase == "play":
            v = self._view_of(deal)
            if v.trick:
                return self._follow(acts, v, seat)
            return self._lead(deal, acts, v, seat)
        if phase == "exchange":
            return self._exchange(acts, self._tables(deal))
        if phase == "dealer's choice":
            t = self._tables(deal)
            unseen = t.pack_bits & ~bits(deal.stock) & ~seen_bits(deal, seat)
            strong = sum(is_strong(t.unseen_takers(c, unseen)) for c in deal.stock)
            kind = "play alone" if plays_alone(strong) else "sit out"
            return next(a for a in acts if a.kind == kind)
        v = self._view_of(deal)
        t = v.t
        hand = deal.hands[seat]
        unseen = v.unseen(seat)
        side: int = v.side[seat]  # type: ignore[assignment]
        if phase == "Jann":
            left = min(len(deal.hands[s]) for s in deal.active)
            sure = sum(is_sure(t.unseen_takers(c, unseen)) for c in hand)
            return next(a for a in acts if a.kind == ("play on" if plays_on(sure, left)
                                                      else "stop"))
        won = deal.tricks_won
        strong = sum(is_strong(t.unseen_takers(c, unseen)) for c in hand)
        run = runs(strong, target(deal, side) - won[side], target(deal, 1 - side) - won[1 - side])
        return next(a for a in acts if a.kind == ("run" if run else "see"))

    @staticmethod
    def _exchange(acts: list[Action], t: Tables) -> Action:
        strength = t.strength
        best = None
        for a in acts:
            if a.kind == "exchange" and (
                    best is None or strength[a.other.index] > strength[best.other.index]):  # type: ignore[union-attr]
                best = a
        if best is not None and takes_offer(strength[best.other.index],  # type: ignore[union-attr]
                                            strength[best.card.index]):  # type: ignore[union-attr]
            return best
        return next(a for a in acts if a.kind == "pass")

    @staticmethod
    def _lead(deal: Deal, acts: list[Action], v: View, seat: int) -> Action:
        t = v.t
        unseen = v.unseen(seat)
        takers, keys, sure_k = t.takers, t.lead_key, t.sure
        best: Action | None = None
        best_key = 1 << 62
        sure = 0
        downs = False
        for a in acts:
            if a.kind != "play":
                if a.kind == "down":
                    downs = True
                continue
            i = a.card.index  # type: ignore[union-attr]
            k = (takers[i] & unseen).bit_count()
            sure += sure_k[k]
            key = keys[i][k]
            if key < best_key:
                best, best_key = a, key
        assert best is not None
        if downs:
            side: int = v.side[seat]  # type: ignore[assignment]
            need = target(deal, side) - deal.tricks_won[side]
            if turns(sure, need, v.lost[side]) and may_turn(deal.marching, side):
                card = best.card
                return next(a for a in acts if a.kind == "down" and a.card is card)
        return best

    @staticmethod
    def _follow(acts: list[Action], v: View, seat: int) -> Action:
        t = v.t
        side = v.side
        best: Action | None = None
        best_key = 1 << 62
        if side[v.ahead_seat] == side[seat]:  # partner ahead: never overtake
            key = t.key
            for a in acts:
                c = a.card
                if c is not None and key[c.index] < best_key:  # (None: concede)
                    best, best_key = a, key[c.index]
        else:
            key, take_key = t.key, t.take_key
            beats = t.beats
            if beats is not None:
                base = v.ahead * 52
                for a in acts:
                    c = a.card
                    if c is not None:
                        i = c.index
                        k = take_key[i] if beats[base + i] else key[i]
                        if k < best_key:
                            best, best_key = a, k
            else:
                cards = [c for _, c in v.trick]
                ahead = t.ahead(cards)
                for a in acts:
                    c = a.card
                    if c is not None:
                        i = c.index
                        k = take_key[i] if t.relation(c, cards, ahead) else key[i]
                        if k < best_key:
                            best, best_key = a, k
        assert best is not None
        return best

    def __repr__(self) -> str:
        return "RulePlayer()"
