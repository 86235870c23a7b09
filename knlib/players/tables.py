"""What the computer players ask of the engine, and what a seat has seen.

* :class:`Tables` (:func:`tables`, cached per rule set and choice of suits): each card's
  strength, its takers as a bit mask and the habits' orders of the cards, from the trick
  engine's one relation :class:`~knlib.rules.tricks.Takes`;
* :func:`seen_bits`: the cards a seat has seen leave play;
* :class:`View`: one deal in its play as the rule-based player keeps it between decisions,
  brought up to date from the actions made since (so a decision reads only what changed).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import Card
from ..engine.actions import PLAY_OF
from ..engine.deal import Action, Deal
from ..rules.games import Ruleset
from ..rules.tricks import takes_relation
from .habits import follow_key, is_sure, lead_key

__all__ = ["Tables", "tables", "seen_bits", "bits", "View"]


class Tables:
    """What the players ask about cards under one rule set and one choice of suits, on card
    indices (0-51), computed once from the trick engine's one "takes" relation
    (:class:`~knlib.rules.tricks.Takes`):

    * ``strength[c]``: :meth:`~knlib.rules.games.Ruleset.strength` (0 for cards not in the pack);
    * ``takers[c]``: a bit mask of the cards that take ``c`` when ``c`` is led;
    * ``beats``: the chain games' table (``beats[ahead * 52 + card]``), else None;
    * ``key[c]`` and ``take_key[c]``: the follow habit's order of the card
      (:func:`~knlib.players.habits.follow_key`) when it would not, or would, win the lead;
    * ``lead_key[c][k]``: the lead habit's order of the card with ``k`` unseen takers
      (:func:`~knlib.players.habits.lead_key`), and ``sure[k]``: is that a sure winner
      (:func:`~knlib.players.habits.is_sure`); the habits' own answers, looked up;
    * ``scan``: True when the follow order puts every winning card before every other one
      and orders both alike, so that the first card of a hand in ``key`` order that wins
      the lead is the habit's choice (checked here, not assumed);
    * :meth:`takes` and :meth:`ahead`: the relation on a trick in progress.
    """

    __slots__ = ("rules", "chosen", "relation", "strength", "takers", "beats", "pack_bits",
                 "key", "take_key", "lead_key", "sure", "scan")

    def __init__(self, rules: Ruleset, chosen: tuple[str, ...]) -> None:
        self.rules = rules
        self.chosen = chosen
        relation = self.relation = takes_relation(rules, chosen)
        self.beats = relation.beats
        pack = rules.pack
        self.pack_bits = sum(1 << c.index for c in pack)
        self.strength = [0] * 52
        self.takers = [0] * 52
        for c in pack:
            self.strength[c.index] = rules.strength(c, chosen)
            self.takers[c.index] = bits(relation.takers(c, pack))
        strength = self.strength
        self.key = [follow_key(False, strength[i], i) for i in range(52)]
        self.take_key = [follow_key(True, strength[i], i) for i in range(52)]
        self.lead_key = [[lead_key(k, strength[i], i) for k in range(53)] for i in range(52)]
        self.sure = [int(is_sure(k)) for k in range(53)]
        cards = range(52)
        self.scan = (max(self.take_key) < min(self.key) and sorted(cards, key=self.key.__getitem__)
                     == sorted(cards, key=self.take_key.__getitem__))

    def ahead(self, trick: Sequence[Card]) -> int:
        """Position of the card ahead in a trick in progress."""
        return self.relation.ahead(trick)

    def takes(self, trick: Sequence[Card], ahead: int, card: Card) -> bool:
        """Would ``card``, played now, take the lead of the trick?"""
        return self.relation(card, trick, ahead)

    def unseen_takers(self, card: Card, unseen: int) -> int:
        return (self.takers[card.index] & unseen).bit_count()


_TABLES: dict[tuple[Any, tuple[str, ...]], Tables] = {}


def tables(rules: Ruleset, chosen: Sequence[str]) -> Tables:
    """The cached :class:`Tables` of a rule set and chosen suits."""
    key = (rules.key, tuple(sorted(chosen)))
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = Tables(rules, tuple(chosen))
    return t

# -- what a seat knows -----------------------------------------------------------------------------


def seen_bits(deal: Deal, seat: int) -> int:
    """Cards ``seat`` has seen leave play: every card played (a card led face down only once
    it is seen, except by its leader) and the cards face up on the table."""
    played = 0
    for t in deal.tricks:
        played |= bits(t.cards)
    return played | bits(deal.table) | _trick_bits(deal, seat)


def _trick_bits(deal: Deal, seat: int) -> int:
    """The cards of the trick in progress that ``seat`` has seen."""
    bits = 0
    cur = deal.current_trick
    if cur:
        hidden = deal.current_face_down and cur[0][0] != seat
        for i, (_, c) in enumerate(cur):
            if not (i == 0 and hidden):
                bits |= 1 << c.index
    return bits


_BIT = [1 << i for i in range(52)]


def bits(cards: Iterable[Card]) -> int:
    """The cards as a bit mask of their indices."""
    return sum([_BIT[c.index] for c in cards])


class View:
    """One deal in its play, as the rule-based player keeps it between decisions: the
    tables, each seat's side and each side's target, each hand as it was when the view was
    made and as it is now (card indices, weakest first by the follow order), the cards face
    up (fixed once the play begins), the cards of the finished tricks, the tricks each side
    has won and whether it has lost one, and the trick in progress with the card ahead in
    it. At each decision :meth:`update` reads only the actions made since the last one
    (``deal.history``); the trick engine's one relation says which card is ahead."""

    __slots__ = ("deal", "t", "side", "target", "size", "free", "scan", "hand", "hands",
                 "table", "played", "won", "lost", "n_seen", "n_trick", "cur", "trick", "seats",
                 "ahead", "ahead_seat", "beats")

    def __init__(self, deal: Deal, t: Tables, target: Sequence[int]) -> None:
        self.deal = deal
        self.t = t
        side = [-1] * deal.players
        for k, members in enumerate(deal.sides):
            for s in members:
                side[s] = k
        self.side = side
        self.target = tuple(target)
        self.size = len(deal.active)
        #: Every card of a hand may be played (no first-trick rule to keep out).
        self.free = deal.proc.first_trick is None
        #: A follow is the first card of the hand, in the follow order, that wins the lead
        #: (Tables.scan), decided by the beats table.
        self.scan = self.free and t.scan and t.beats is not None
        self.beats: bytes = t.beats or b""
        held = [[c.index for c in h] for h in deal.hands]
        self.hand = [sum(map(_BIT.__getitem__, h)) for h in held]
        self.hands = [sorted(h, key=t.key.__getitem__) for h in held]
        self.table = bits(deal.table)
        self.played = 0
        self.won = list(deal.tricks_won)
        self.lost = [self.won[1] > 0, self.won[0] > 0]
        for tr in deal.tricks:
            self.played |= bits(tr.cards)
        #: The trick in progress: how many cards, as a bit mask, the cards and seats (in
        #: the games without a beats table), and the card ahead (index and seat).
        self.n_trick = self.cur = 0
        self.trick: list[Card] = []
        self.seats: list[int] = []
        self.ahead = self.ahead_seat = -1
        self.n_seen = 0
        current = deal.current_trick
        if current:
            for seat, card in current:
                self.hands[seat].append(card.index)  # played already: update takes it out
            self._add([(seat, PLAY_OF[card]) for seat, card in current])
        self.n_seen = len(deal.history)

    def update(self, history: Sequence[tuple[int, Action]]) -> None:
        """Count the cards played or led face down since the last decision, in order,
        finishing each full trick (``history``: the deal's, each action with its seat)."""
        k = self.n_seen
        n = len(history)
        if n == k:
            return
        self.n_seen = n
        if n > k + 1 or not self.scan:
            self._add(history[k:])
            return
        # The usual case: one action since the last decision, a chain game (as _add).
        seat, act = history[k]
        card = act.card
        if card is None:  # see, run, stop, play on
            return
        i = card.index
        self.hands[seat].remove(i)
        self.cur |= _BIT[i]
        m = self.n_trick + 1
        if m == 1 or self.beats[self.ahead * 52 + i]:
            self.ahead, self.ahead_seat = i, seat
        if m == self.size:
            self._finish_trick()
            m = 0
        self.n_trick = m

    def _add(self, history: Sequence[tuple[int, Action]]) -> None:
        """Add the cards played or led face down in ``history`` (each action with its
        seat), in order, finishing each full trick."""
        beats, hands, size = self.t.beats, self.hands, self.size
        for seat, act in history:
            card = act.card
            if card is None:  # see, run, stop, play on
                continue
            i = card.index
            hands[seat].remove(i)
            self.n_trick += 1
            self.cur |= _BIT[i]
            if beats is None:  # the relation on the whole trick (it may put an earlier card
                self.trick.append(card)  # ahead again)
                self.seats.append(seat)
                j = self.t.ahead(self.trick)
                self.ahead, self.ahead_seat = self.trick[j].index, self.seats[j]
            elif self.n_trick == 1 or beats[self.ahead * 52 + i]:
                self.ahead, self.ahead_seat = i, seat
            if self.n_trick == size:
                self._finish_trick()
                self.n_trick = 0

    def _finish_trick(self) -> None:
        """The trick in progress is full: its cards are played, its winner's side won it."""
        self.played |= self.cur
        won = self.side[self.ahead_seat]
        self.won[won] += 1
        self.lost[1 - won] = True
        self.cur = 0
        self.trick, self.seats = [], []

    def unseen(self, seat: int) -> int:
        """The cards ``seat`` has not seen, between tricks or facing a card led face down
        (the trick in progress shows nothing yet): not in its hand, not played, not face
        up. (A card that has left the hand since the view was made has been played.)"""
        return self.t.pack_bits & ~self.hand[seat] & ~self.played & ~self.table

    def need(self, side: int) -> int:
        """The tricks ``side`` still needs."""
        return self.target[side] - self.won[side]
