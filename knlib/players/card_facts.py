"""What the computer players ask of the engine about cards, and what a seat has seen.

* :class:`CardFacts` (:func:`card_facts`, cached per rule set and choice of suits): each
  card's strength, its takers as a bit mask and the habits' orders of the cards, from the
  trick engine's one relation :class:`~knlib.rules.tricks.Takes`;
* :func:`seen_bits`: the cards a seat has seen leave play;
* :class:`PlayerView`: one deal in its play as the rule-based player keeps it between decisions,
  brought up to date from the actions made since (so a decision reads only what changed).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import ALL_CARDS, Card
from ..engine.actions import DOWN, PLAY, PLAY_OF
from ..engine.deal import Action, Deal
from ..games import Ruleset
from ..rules.tricks import takes_relation
from .habits import follow_key, is_sure, lead_key

__all__ = ["CardFacts", "card_facts", "seen_bits", "bits", "PlayerView", "side_list"]


class CardFacts:
    """What the players ask about cards under one rule set and one choice of suits, on card
    indices (0-51), computed once from the trick engine's one "takes" relation
    (:class:`~knlib.rules.tricks.Takes`):

    * ``strength[c]``: :meth:`~knlib.games.Ruleset.strength` (0 for cards not in the pack);
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

    The same facts by **rank**, a card's place in the follow order (``key``, weakest
    first), for the :class:`PlayerView`'s hands as bit masks, whose lowest bit is the weakest
    card: ``order[r]`` (the card index of rank ``r``), ``rank[c]``, ``rank_of[action]``
    (the rank of the card of a play or face-down lead), ``rbit[card]`` (``1 << rank``),
    ``play_r[r]`` and ``down_r[r]`` (its actions), ``takers_r[r]`` and ``pack_r`` (rank
    masks), ``lead_key_r[r]``, and ``winners_r[r]``: the rank mask of the cards that take
    the lead from the card of rank ``r`` ahead (None without a ``beats`` table).
    """

    __slots__ = ("rules", "chosen", "relation", "strength", "takers", "beats", "pack_bits",
                 "key", "take_key", "lead_key", "sure", "scan", "order", "rank", "rank_of",
                 "rbit", "play_r", "down_r", "takers_r", "pack_r", "lead_key_r", "winners_r")

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
        order = self.order = sorted(cards, key=self.key.__getitem__)
        self.scan = (max(self.take_key) < min(self.key)
                     and order == sorted(cards, key=self.take_key.__getitem__))
        self._by_rank(order)

    def _by_rank(self, order: list[int]) -> None:
        """The rank fields (see the class's docstring)."""
        rank = self.rank = [0] * 52
        for r, i in enumerate(order):
            rank[i] = r
        self.rbit = {c: 1 << rank[c.index] for c in ALL_CARDS}
        self.rank_of = {a: rank[a.card.index] for a in (*PLAY, *DOWN)}  # type: ignore[union-attr]
        self.play_r = [PLAY[i] for i in order]
        self.down_r = [DOWN[i] for i in order]
        self.takers_r = [self.ranked(self.takers[i]) for i in order]
        self.pack_r = self.ranked(self.pack_bits)
        self.lead_key_r = [self.lead_key[i] for i in order]
        beats = self.beats
        self.winners_r = None if beats is None else [
            sum(1 << rank[c] for c in range(52) if beats[i * 52 + c]) for i in order]

    def ranked(self, mask: int) -> int:
        """A bit mask of card indices as a bit mask of ranks."""
        rank = self.rank
        return sum(1 << rank[i] for i in range(52) if mask >> i & 1)

    def ahead(self, trick: Sequence[Card]) -> int:
        """Position of the card ahead in a trick in progress."""
        return self.relation.ahead(trick)

    def takes(self, trick: Sequence[Card], ahead: int, card: Card) -> bool:
        """Would ``card``, played now, take the lead of the trick?"""
        return self.relation(card, trick, ahead)

    def unseen_takers(self, card: Card, unseen: int) -> int:
        return (self.takers[card.index] & unseen).bit_count()


_CARD_FACTS: dict[tuple[Any, tuple[str, ...]], CardFacts] = {}


def card_facts(rules: Ruleset, chosen: Sequence[str]) -> CardFacts:
    """The cached :class:`CardFacts` of a rule set and chosen suits."""
    key = (rules.key, tuple(sorted(chosen)))
    t = _CARD_FACTS.get(key)
    if t is None:
        t = _CARD_FACTS[key] = CardFacts(rules, tuple(chosen))
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


class PlayerView:
    """One deal in its play, as the rule-based player keeps it between decisions: the
    card facts, each seat's side and each side's target, each hand as it is now by rank
    (:class:`CardFacts`: the follow order, weakest first) both as a sorted list (``hands``)
    and as a bit mask (``hand``), the cards face up (fixed once the play begins), the cards
    of the finished tricks, the tricks each side has won and whether it has lost one, and
    the trick in progress with the card ahead in it (its rank and seat). At each decision
    :meth:`update` reads only the actions made since the last one; the trick engine's one
    relation says which card is ahead."""

    __slots__ = ("deal", "facts", "side", "target", "size", "free", "scan", "hand",
                 "hands", "table", "played", "won", "lost", "n_seen", "n_trick", "cur", "trick",
                 "seats", "ahead", "ahead_seat", "winners", "rank_of", "play_r")

    def __init__(self, deal: Deal, facts: CardFacts, target: Sequence[int]) -> None:
        self.deal = deal
        self.facts = facts
        cards = deal.hands
        self.side = side_list(deal.sides, len(cards))
        self.target = tuple(target)
        self.size = len(deal.active)
        #: Every card of a hand may be played (no first-trick rule to keep out).
        self.free = deal.rules.procedure.first_trick is None
        #: A follow is the weakest card of the hand that wins the lead, else the weakest
        #: card (CardFacts.scan), decided by the beats table.
        self.scan = self.free and facts.scan and facts.winners_r is not None
        self.winners: list[int] = facts.winners_r or []
        self.rank_of, self.play_r = facts.rank_of, facts.play_r
        rank = facts.rank
        self.hands = [sorted([rank[c.index] for c in h]) for h in cards]
        self.hand = [sum([1 << r for r in h]) for h in self.hands]
        rbit = facts.rbit
        self.table = sum([rbit[c] for c in deal.table])
        self.played = 0
        for tr in deal.tricks:
            self.played |= sum([rbit[c] for c in tr.cards])
        self.won = list(deal.tricks_won)
        self.lost = [self.won[1] > 0, self.won[0] > 0]
        #: The trick in progress: how many cards, as a bit mask, the cards and seats (in
        #: the games without a beats table), and the card ahead (rank and seat).
        self.n_trick = self.cur = 0
        self.trick: list[Card] = []
        self.seats: list[int] = []
        self.ahead = self.ahead_seat = -1
        self.n_seen = 0
        current = deal.current_trick
        if current:
            for seat, card in current:  # played already: _add takes them out again
                self.hands[seat].append(rank[card.index])
                self.hand[seat] |= rbit[card]
            self._add([(seat, PLAY_OF[card]) for seat, card in current])
        self.n_seen = len(deal.history)

    def update(self) -> None:
        """Count the cards played or led face down since the last decision, in order,
        finishing each full trick."""
        k = self.n_seen
        new = self.deal.history_since(k)
        if len(new) != 1 or not self.scan:
            if new:
                self._add(new)
                self.n_seen = k + len(new)
            return
        # The usual case: one action since the last decision, a chain game (as _add).
        self.n_seen = k + 1
        seat, act = new[0]
        r = self.rank_of.get(act)
        if r is None:  # see, run, stop, play on
            return
        b = 1 << r
        self.hands[seat].remove(r)
        self.hand[seat] ^= b
        self.cur |= b
        m = self.n_trick + 1
        if m == 1 or self.winners[self.ahead] & b:
            self.ahead, self.ahead_seat = r, seat
        if m == self.size:
            self._finish_trick()
            m = 0
        self.n_trick = m

    def _add(self, history: Sequence[tuple[int, Action]]) -> None:
        """Add the cards played or led face down in ``history`` (each action with its
        seat), in order, finishing each full trick."""
        winners, size, rank_of = self.facts.winners_r, self.size, self.rank_of
        for seat, act in history:
            r = rank_of.get(act)
            if r is None:  # see, run, stop, play on
                continue
            b = 1 << r
            self.hands[seat].remove(r)
            self.hand[seat] ^= b
            self.n_trick += 1
            self.cur |= b
            if winners is None:  # the relation on the whole trick (it may put an earlier
                self.trick.append(act.card)  # type: ignore[arg-type]  # card ahead again)
                self.seats.append(seat)
                j = self.facts.ahead(self.trick)
                self.ahead, self.ahead_seat = self.facts.rank[self.trick[j].index], self.seats[j]
            elif self.n_trick == 1 or winners[self.ahead] & b:
                self.ahead, self.ahead_seat = r, seat
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
        if self.trick:
            self.trick, self.seats = [], []

    def unseen(self, seat: int) -> int:
        """The cards ``seat`` has not seen (a rank mask), between tricks or facing a card
        led face down (the trick in progress shows nothing yet, and holds no card of
        ``seat``): not in its hand, not played, not face up."""
        return self.facts.pack_r & ~self.hand[seat] & ~self.played & ~self.table

    def unseen_takers(self, seat: int, cards: Iterable[Card]) -> list[int]:
        """The number of unseen takers (:meth:`unseen`) of each card."""
        unseen, takers, rank = self.unseen(seat), self.facts.takers_r, self.facts.rank
        return [(takers[rank[c.index]] & unseen).bit_count() for c in cards]

    def need(self, side: int) -> int:
        """The tricks ``side`` still needs."""
        return self.target[side] - self.won[side]


_SIDES: dict[tuple[int, tuple[tuple[int, ...], ...]], list[int]] = {}


def side_list(sides: tuple[tuple[int, ...], ...], players: int) -> list[int]:
    """Each seat's side (-1 for a seat sitting out), cached per seating (read only)."""
    side = _SIDES.get((players, sides))
    if side is None:
        side = [-1] * players
        for k, members in enumerate(sides):
            for s in members:
                side[s] = k
        _SIDES[players, sides] = side
    return side
