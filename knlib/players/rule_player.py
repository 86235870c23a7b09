"""The rule-based player: the habits of :mod:`knlib.players.habits`, one deal at a time."""

from __future__ import annotations

from typing import Any

from ..engine.deal import Action, Deal
from ..errors import RulesError
from ..i18n import tr
from ..kinds import ActionKind, Phase
from .card_facts import CardFacts, PlayerView, bits, card_facts, seen_bits
from .habits import is_strong, is_sure, may_turn, plays_alone, plays_on, runs, takes_offer, turns
from .player import Player, deal_to_decide, targets

__all__ = ["RulePlayer"]

_PLAY, _EXCHANGE, _DEALER, _JANN = Phase.PLAY, Phase.EXCHANGE, Phase.DEALER, Phase.JANN
_PLAY_CARD, _SWAP, _PASS = ActionKind.PLAY, ActionKind.EXCHANGE, ActionKind.PASS


def _of_kind(acts: list[Action], kind: ActionKind) -> Action:
    """The first action of ``acts`` of that kind."""
    for a in acts:
        if a.kind is kind:
            return a
    raise AssertionError(f"no {kind} among {acts}")


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

    def __init__(self, *, bluff_rate: object = 0.0, talk_seed: Any = None) -> None:
        super().__init__(bluff_rate=bluff_rate, talk_seed=talk_seed)
        self._last: tuple[Any, Any, CardFacts | None] = (None, None, None)
        self._view: PlayerView | None = None

    def _card_facts(self, deal: Deal) -> CardFacts:
        rules, chosen, t = self._last
        if rules is deal.rules and chosen == deal.chosen and t is not None:
            return t
        t = card_facts(deal.rules, deal.chosen)
        self._last = (deal.rules, deal.chosen, t)
        return t

    def _view_of(self, deal: Deal) -> PlayerView:
        """The deal's :class:`PlayerView` (made at the first decision of its play)."""
        v = self._view
        if v is None or v.deal is not deal:
            v = self._view = PlayerView(deal, self._card_facts(deal), targets(deal))
        else:
            v.update()
        return v

    def choose(self, deal: Any) -> Action:
        """The action this player takes in ``deal`` (a RulesError for anything else)."""
        return self.decide(deal_to_decide(deal))

    def decide(self, deal: Deal) -> Action:
        """:meth:`choose`, for a deal already checked."""
        phase = deal.phase
        seat = deal.to_move
        if seat is None:
            raise RulesError(tr("the deal is over: there is no move to make"))
        if phase is _PLAY:
            v = self._view  # (the usual case of _view_of, inline)
            if v is None or v.deal is not deal:
                v = self._view_of(deal)
            else:
                v.update()
            if not v.n_trick:
                return self._lead(deal, v, seat)
            if v.scan:  # (the usual case of _follow: the weakest winner, else the weakest)
                held = v.hand[seat]
                sides = v.side
                if sides[v.ahead_seat] != sides[seat]:
                    wins = held & v.winners[v.ahead]
                    if wins:
                        held = wins
                return v.play_r[(held & -held).bit_length() - 1]
            return self._follow(deal, v, seat)
        acts = deal.legal_actions()
        if len(acts) < 2:
            if not acts:
                raise RulesError(tr("the deal is over: there is no move to make"))
            return acts[0]
        if phase is _EXCHANGE:
            return self._exchange(acts, self._card_facts(deal))
        if phase is _DEALER:
            t = self._card_facts(deal)
            unseen = t.pack_bits & ~bits(deal.stock) & ~seen_bits(deal, seat)
            strong = sum(is_strong(t.unseen_takers(c, unseen)) for c in deal.stock)
            return _of_kind(acts, ActionKind.ALONE if plays_alone(strong) else ActionKind.SIT_OUT)
        v = self._view_of(deal)
        takers = v.unseen_takers(seat, deal.hands[seat])
        if phase is _JANN:
            left = min(len(deal.hands[s]) for s in deal.active)
            sure = sum(is_sure(k) for k in takers)
            return _of_kind(acts, ActionKind.PLAY_ON if plays_on(sure, left) else ActionKind.STOP)
        side = v.side[seat]
        strong = sum(is_strong(k) for k in takers)
        run = runs(strong, v.need(side), v.need(1 - side))
        return _of_kind(acts, ActionKind.RUN if run else ActionKind.SEE)

    @staticmethod
    def _exchange(acts: list[Action], t: CardFacts) -> Action:
        strength = t.strength
        best = None
        for a in acts:
            if a.kind is _SWAP and (
                    best is None or strength[a.other.index] > strength[best.other.index]):  # type: ignore[union-attr]
                best = a
        if best is not None and takes_offer(strength[best.other.index],  # type: ignore[union-attr]
                                            strength[best.card.index]):  # type: ignore[union-attr]
            return best
        return _of_kind(acts, _PASS)

    @staticmethod
    def _lead(deal: Deal, v: PlayerView, seat: int) -> Action:
        """The lead habit: the card with the fewest unseen takers (by its key,
        :func:`~.habits.lead_key`), led face down when the side :func:`~.habits.turns`."""
        t = v.facts
        unseen = v.unseen(seat)
        takers, keys, sure_k = t.takers_r, t.lead_key_r, t.sure
        best = -1
        best_key = 1 << 62
        sure = 0
        if v.free:  # every card of the hand may be led
            ranks = v.hands[seat]
        else:
            rank_of = t.rank_of
            ranks = [rank_of[a] for a in deal.legal_actions() if a.kind is _PLAY_CARD]
        for r in ranks:
            k = (takers[r] & unseen).bit_count()
            sure += sure_k[k]
            key = keys[r][k]
            if key < best_key:
                best, best_key = r, key
        side = v.side[seat]
        if turns(sure, v.need(side), v.lost[side]) and may_turn(deal.marching, side):
            down = t.down_r[best]
            if down in deal.legal_actions():
                return down
        return t.play_r[best]

    @staticmethod
    def _follow(deal: Deal, v: PlayerView, seat: int) -> Action:
        """The follow habit over the legal actions, each by its key (:func:`~.habits.
        follow_key`): where a first-trick rule keeps cards out, where the trick needs the
        whole trick rule, or where the habit's order is not one to scan (``choose`` takes
        the weakest winning card of the hand otherwise, else its weakest card)."""
        side = v.side
        partner = side[v.ahead_seat] == side[seat]
        t = v.facts
        winners = t.winners_r
        ahead = 0 if winners is None else winners[v.ahead]
        key, take_key, rank = t.key, t.take_key, t.rank
        best: Action | None = None
        best_key = 1 << 62
        for a in deal.legal_actions():
            c = a.card
            if c is None:  # concede
                continue
            i = c.index
            wins = not partner and (ahead >> rank[i] & 1 if winners is not None
                                    else t.relation(c, v.trick))
            k = take_key[i] if wins else key[i]
            if k < best_key:
                best, best_key = a, k
        assert best is not None
        return best

    def __repr__(self) -> str:
        return "RulePlayer()"
