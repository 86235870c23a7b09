"""The rule-based player: the habits of :mod:`knlib.players.habits`, one deal at a time."""

from __future__ import annotations

from typing import Any

from ..engine.actions import DOWN, PLAY
from ..engine.deal import Action, Deal
from ..engine.kinds import ActionKind, Phase
from ..errors import RulesError
from .base import Player, target
from .habits import is_strong, is_sure, may_turn, plays_alone, plays_on, runs, takes_offer, turns
from .tables import Tables, View, bits, seen_bits, tables

__all__ = ["RulePlayer"]

_PLAY, _PLAY_CARD, _DOWN = Phase.PLAY, ActionKind.PLAY, ActionKind.DOWN


def _of_kind(acts: list[Action], kind: ActionKind) -> Action:
    return next(a for a in acts if a.kind is kind)


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
            v = self._view = View(deal, self._tables(deal), (target(deal, 0), target(deal, 1)))
        else:
            v.update(deal.history)
        return v

    def choose(self, deal: Deal) -> Action:
        phase = deal.phase
        seat = deal.to_move
        if seat is None:
            raise RulesError("the deal is over: there is no move to make")
        if phase is _PLAY:
            v = self._view  # (the usual case of _view_of, inline)
            if v is None or v.deal is not deal:
                v = self._view_of(deal)
            else:
                v.update(deal.history)
            if not v.n_trick:
                return self._lead(deal, v, seat)
            if v.scan:  # (the usual case of _follow, inline)
                held = v.hands[seat]
                sides = v.side
                if sides[v.ahead_seat] != sides[seat]:
                    beats, base = v.beats, v.ahead * 52
                    for i in held:
                        if beats[base + i]:
                            return PLAY[i]
                return PLAY[held[0]]
            return self._follow(deal, v, seat)
        acts = deal.legal_actions()
        if len(acts) < 2:
            if not acts:
                raise RulesError("the deal is over: there is no move to make")
            return acts[0]
        if phase is Phase.EXCHANGE:
            return self._exchange(acts, self._tables(deal))
        if phase is Phase.DEALER:
            t = self._tables(deal)
            unseen = t.pack_bits & ~bits(deal.stock) & ~seen_bits(deal, seat)
            strong = sum(is_strong(t.unseen_takers(c, unseen)) for c in deal.stock)
            return _of_kind(acts, ActionKind.ALONE if plays_alone(strong) else ActionKind.SIT_OUT)
        v = self._view_of(deal)
        t = v.t
        hand = deal.hands[seat]
        unseen = v.unseen(seat)
        if phase is Phase.JANN:
            left = min(len(deal.hands[s]) for s in deal.active)
            sure = sum(is_sure(t.unseen_takers(c, unseen)) for c in hand)
            return _of_kind(acts, ActionKind.PLAY_ON if plays_on(sure, left) else ActionKind.STOP)
        side = v.side[seat]
        strong = sum(is_strong(t.unseen_takers(c, unseen)) for c in hand)
        run = runs(strong, v.need(side), v.need(1 - side))
        return _of_kind(acts, ActionKind.RUN if run else ActionKind.SEE)

    @staticmethod
    def _exchange(acts: list[Action], t: Tables) -> Action:
        strength = t.strength
        best = None
        for a in acts:
            if a.kind is ActionKind.EXCHANGE and (
                    best is None or strength[a.other.index] > strength[best.other.index]):  # type: ignore[union-attr]
                best = a
        if best is not None and takes_offer(strength[best.other.index],  # type: ignore[union-attr]
                                            strength[best.card.index]):  # type: ignore[union-attr]
            return best
        return _of_kind(acts, ActionKind.PASS)

    @staticmethod
    def _lead(deal: Deal, v: View, seat: int) -> Action:
        t = v.t
        unseen = v.unseen(seat)
        takers, keys, sure_k = t.takers, t.lead_key, t.sure
        best = -1
        best_key = 1 << 62
        sure = 0
        if v.free:  # every card of the hand may be led
            cards = v.hands[seat]
        else:
            cards = [a.card.index for a in deal.legal_actions()  # type: ignore[union-attr]
                     if a.kind is _PLAY_CARD]
        for i in cards:
            k = (takers[i] & unseen).bit_count()
            sure += sure_k[k]
            key = keys[i][k]
            if key < best_key:
                best, best_key = i, key
        side = v.side[seat]
        if turns(sure, v.need(side), v.lost[side]) and may_turn(deal.marching, side):
            down = DOWN[best]
            if down in deal.legal_actions():
                return down
        return PLAY[best]

    @staticmethod
    def _follow(deal: Deal, v: View, seat: int) -> Action:
        """The follow habit over the legal actions, each by its key (:func:`~.habits.
        follow_key`): where a first-trick rule keeps cards out, where the trick needs the
        whole trick rule, or where the habit's order is not one to scan (``choose`` scans
        the ordered hand otherwise: the first card that wins the lead, else the first)."""
        side = v.side
        partner = side[v.ahead_seat] == side[seat]
        t = v.t
        table = t.beats
        key, take_key = t.key, t.take_key
        best: Action | None = None
        best_key = 1 << 62
        for a in deal.legal_actions():
            c = a.card
            if c is None:  # concede
                continue
            i = c.index
            wins = not partner and (table[v.ahead * 52 + i] if table is not None
                                    else t.relation(c, v.trick))
            k = take_key[i] if wins else key[i]
            if k < best_key:
                best, best_key = a, k
        assert best is not None
        return best

    def __repr__(self) -> str:
        return "RulePlayer()"
