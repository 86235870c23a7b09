"""Computer players for every game of the family, through the deal API.

A player is any object with ``choose(deal) -> action``, one of ``deal.legal_actions()``
for the seat ``deal.to_move``. Three are here:

* :class:`RandomPlayer`: a uniformly random legal action (seeded);
* :class:`RulePlayer`: a handful of plain habits, deterministic and cheap;
* :class:`SamplingPlayer`: deals the cards it cannot see at random many times, plays
  every candidate action out with the rule-based habits and keeps the action that wins
  most often. One parameter, ``samples``, sets its strength and its speed.

Every player also talks: ``player.talk(deal, seat)`` gives a table-talk
:class:`~knlib.talk.Line` about the seat's hand from the phrasebook
(:mod:`knlib.talk`), true to the hand except at the player's stated ``bluff_rate``;
``player.remark(deal, seat, action)`` gives the announcement that goes with an action
("ich dreh ein um" on a face-down lead, and so on).

**The habits are tactics, not rules.** They are this project's own simple advice for
beginners, defined once in :mod:`knlib.players.habits`. The rules themselves are only ever asked
of the engine: which actions are legal (``deal.legal_actions()``), which card takes which
(the one relation :class:`~knlib.rules.tricks.Takes`), and how strong a card is
(:meth:`~knlib.games.Ruleset.strength`).

The bulk simulator (:mod:`knlib.sim`) plays the same habits on many deals at once with
numpy; its tests check that it makes exactly the choices made here.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..engine.deal import Action, Deal
from ..errors import RulesError
from ..rules.games import Ruleset
from ..rules.tricks import takes_relation
from .habits import (
    SOLO_STRONG,
    STRONG_TAKERS,
    follow_key,
    is_strong,
    is_sure,
    lead_key,
    may_turn,
    plays_alone,
    plays_on,
    runs,
    takes_offer,
    turns,
)

__all__ = [
    "Player",
    "RandomPlayer",
    "RulePlayer",
    "SamplingPlayer",
    "Remark",
    "Tables",
    "tables",
    "make_player",
    "never_turn_in_march",
    "PLAYER_NAMES",
    "STRONG_TAKERS",
    "SOLO_STRONG",
]



# -- the engine's answers, precomputed per rule set and chosen suits ---------------------------


class Tables:
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
    * :meth:`takes` and :meth:`ahead`: the relation on a trick in progress.
    """

    __slots__ = ("rules", "chosen", "relation", "strength", "takers", "beats", "pack_bits",
                 "key", "take_key", "lead_key", "sure")

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
            self.takers[c.index] = _bits(relation.takers(c, pack))
        strength = self.strength
        self.key = [follow_key(False, strength[i], i) for i in range(52)]
        self.take_key = [follow_key(True, strength[i], i) for i in range(52)]
        self.lead_key = [[lead_key(k, strength[i], i) for k in range(53)] for i in range(52)]
        self.sure = [int(is_sure(k)) for k in range(53)]

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
    bits = 0
    for t in deal.tricks:
        for c in t.cards:
            bits |= 1 << c.index
    return bits | _table_bits(deal) | _trick_bits(deal, seat)


def _table_bits(deal: Deal) -> int:
    bits = 0
    for c in deal.table:
        bits |= 1 << c.index
    return bits


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


def _bits(cards: Iterable[Card]) -> int:
    b = 0
    for c in cards:
        b |= 1 << c.index
    return b


class _View:
    """One deal in its play, as the rule-based player keeps it between decisions: the
    tables, each seat's side, each hand as it was when the view was made, the cards face
    up (fixed once the play begins), the cards of the finished tricks, whether each side
    has lost a trick, and the trick in progress with the card ahead in it. At each
    decision :meth:`update` reads only the actions made since the last one
    (``deal.history``); the trick engine's relation says which card is ahead."""

    __slots__ = ("deal", "t", "side", "size", "hand", "table", "played", "lost", "n_seen",
                 "trick", "ahead", "ahead_seat")

    def __init__(self, deal: Deal, t: Tables) -> None:
        self.deal = deal
        self.t = t
        self.side = [deal.side_of(s) for s in range(deal.players)]
        self.size = len(deal.active)
        self.hand = [_bits(h) for h in deal.hands]
        self.table = _table_bits(deal)
        self.played = 0
        self.lost = [False, False]
        for tr in deal.tricks:
            self._finished(tr.cards, tr.winner)
        #: The trick in progress: (seat, card) pairs, and the card ahead (index and seat).
        self.trick: list[tuple[int, Card]] = []
        self.ahead = self.ahead_seat = -1
        for seat, card in deal.current_trick:
            self._add(seat, card)
        self.n_seen = len(deal.history)

    def _finished(self, cards: Iterable[Card], winner: int) -> None:
        self.played |= _bits(cards)
        self.lost[1 - self.side[winner]] = True  # type: ignore[operator]

    def _add(self, seat: int, card: Card) -> None:
        trick = self.trick
        trick.append((seat, card))
        beats = self.t.beats
        if len(trick) == 1:
            self.ahead, self.ahead_seat = card.index, seat
        elif beats is not None:
            if beats[self.ahead * 52 + card.index]:
                self.ahead, self.ahead_seat = card.index, seat
        else:
            s, c = trick[self.t.ahead([c for _, c in trick])]
            self.ahead, self.ahead_seat = c.index, s
        if len(trick) == self.size:
            self._finished([c for _, c in trick], self.ahead_seat)
            self.trick = []

    def update(self) -> None:
        """Count the cards played since the last decision."""
        history = self.deal.history
        n = len(history)
        if n != self.n_seen:
            for seat, act in history[self.n_seen:]:
                if act.card is not None:  # a card played or led face down
                    self._add(seat, act.card)
            self.n_seen = n

    def unseen(self, seat: int) -> int:
        """The cards ``seat`` has not seen, between tricks or facing a card led face down
        (the trick in progress shows nothing yet): not in its hand, not played, not face
        up. (A card that has left the hand since the view was made has been played.)"""
        return self.t.pack_bits & ~self.hand[seat] & ~self.played & ~self.table


def never_turn_in_march(deal: Deal, acts: list[Action]) -> list[Action]:
    """``acts`` without the face-down leads of a side playing for the march: the computer
    players never make one (:func:`~knlib.players.habits.may_turn`; seed 000, 'Drehen und Sehen':
    a team "would never turn while attempting a march, as the opponents could then end the
    play by running")."""
    march = deal.marching
    if march is None or may_turn(march, deal.side_of(deal.to_move)):  # type: ignore[arg-type]
        return acts
    return [a for a in acts if a.kind != "down"]


def _target(deal: Deal, side: int) -> int:
    """Tricks a side needs: four for the lone five-player dealer, else the game's target."""
    if deal.solo and side == 0:
        return 4
    return deal.proc.target


# -- talk ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Remark:
    """A phrase from the phrasebook said at a moment of the play: an announcement that goes
    with an action, or a call about the trick in progress (``bluff``: its claim is false)."""

    seat: int
    phrase_id: str
    text: str
    english: str
    bluff: bool = False

    def __str__(self) -> str:
        return f"{self.text} ({self.english})"


def _announcement(seat: int, pid: str) -> Remark:
    from .talk import PHRASEBOOK

    p = PHRASEBOOK[pid]
    return Remark(seat, pid, p.low_german_or_german, p.english)


class Player:
    """Base of the computer players: table talk with a stated bluff rate (seeded)."""

    name = "player"
    bluff_rate: float
    _talk_rng: random.Random

    def __init__(self, *, bluff_rate: float = 0.0, talk_seed: Any = None) -> None:
        if not 0.0 <= bluff_rate <= 1.0:
            raise RulesError(f"bluff_rate {bluff_rate!r} is not a probability: give 0 to 1")
        self.bluff_rate = bluff_rate
        self._talk_rng = random.Random(talk_seed)

    def choose(self, deal: Deal) -> Action:
        raise NotImplementedError

    def __call__(self, deal: Deal) -> Action:
        return self.choose(deal)

    def talk(self, deal: Deal, seat: int | None = None):  # -> knlib.talk.Line | None
        """What this player says about the hand of ``seat`` (default: the seat to move): the
        truthful line (:func:`knlib.talk.truthful_line`), or with probability ``bluff_rate``
        a bluff (:func:`knlib.talk.bluff_line`: a phrase the sources say may be a bluff,
        false for this hand). None for games without recorded table talk (the phrasebook
        is Knüffeln's) and for an empty hand."""
        from .talk import TALK_GAMES, bluff_line, truthful_line

        seat = deal.to_move if seat is None else seat
        if seat is None or deal.rules.id not in TALK_GAMES:
            return None
        hand = deal.hands[seat]
        if not hand:
            return None
        if self.bluff_rate and self._talk_rng.random() < self.bluff_rate:
            line = bluff_line(hand, deal.chosen, self._talk_rng, deal.rules)
            if line is not None:
                return line
        return truthful_line(hand, deal.chosen, deal.rules)

    def remark(self, deal: Deal, seat: int, action: Action | str) -> Remark | None:
        """The announcement that goes with ``action`` (call it before applying the action):
        'ich dreh ein um' on a face-down lead, 'wir schmeissen' on running, 'wir spieler
        weiter' on playing on for the march (seed 000, 'Communication'). None otherwise,
        and for games without recorded table talk."""
        from .talk import TALK_GAMES

        if deal.rules.id not in TALK_GAMES:
            return None
        kind = Action(action).kind
        pid = {"down": "ich-dreh-ein-um", "run": "wir-schmeissen",
               "play on": "wir-spielen-weiter"}.get(kind)
        return _announcement(seat, pid) if pid else None

    def call(self, deal: Deal, seat: int) -> Remark | None:
        """What ``seat`` calls to its partner, who is to play to a trick in which an
        opponent's card is ahead and ``seat`` still plays after the partner: 'kommt' (I can
        take it, so throw a dud) or 'kann ik nich, mußt en Steker speeln!' (I cannot: you
        must play a beater), whichever is true of the hand (seed 000, 'Communication');
        the other one at the ``bluff_rate``. None when the moment does not fit, and for
        games without recorded table talk."""
        from .talk import TALK_GAMES, claims_true

        mover = deal.to_move
        if (deal.rules.id not in TALK_GAMES or mover is None or mover == seat
                or deal.phase != "play"):
            return None
        side = deal.side_of(seat)
        if side is None or deal.side_of(mover) != side:
            return None
        trick = deal.current_trick
        if not trick or any(s == seat for s, _ in trick):
            return None
        t = tables(deal.rules, deal.chosen)
        ahead_seat, ahead_card = trick[t.ahead([c for _, c in trick])]
        if deal.side_of(ahead_seat) == side:
            return None
        hand = deal.hands[seat]
        can = claims_true("kommt", hand, deal.chosen, deal.rules, target=ahead_card)
        bluff = bool(self.bluff_rate) and self._talk_rng.random() < self.bluff_rate
        says = can != bluff
        pid = "kommt" if says else "kann-ik-nich"
        r = _announcement(seat, pid)
        return Remark(seat, pid, r.text, r.english, bluff)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


# -- random ----------------------------------------------------------------------------------------


class RandomPlayer(Player):
    """A uniformly random legal action, from its own seeded generator.

    With ``drehen=False`` it plays random cards but leaves the stakes alone: it never leads
    face down, always sees a card led face down, and never concedes (Karniffel); exchanges,
    the Jann choice and the five-player dealer's choice stay random. Either way it never
    leads face down while its side plays for the march (:func:`never_turn_in_march`).
    """

    name = "random"

    def __init__(self, seed: Any = None, *, drehen: bool = True, bluff_rate: float = 0.0) -> None:
        super().__init__(bluff_rate=bluff_rate, talk_seed=seed)
        self.seed = seed
        self.drehen = drehen
        self.rng = random.Random(seed)
        if not drehen:
            self.name = "random-cards"

    def choose(self, deal: Deal) -> Action:
        acts = deal.legal_actions()
        if not acts:
            raise RulesError("the deal is over: there is no move to make")
        if not self.drehen:
            if deal.phase == "answer":
                return acts[0]  # see
            acts = [a for a in acts if a.kind not in ("down", "concede")]
        else:
            acts = never_turn_in_march(deal, acts)
        return acts[int(self.rng.random() * len(acts))]

    def __repr__(self) -> str:
        extra = "" if self.drehen else ", drehen=False"
        return f"RandomPlayer({self.seed!r}{extra})"


# -- rule-based ------------------------------------------------------------------------------------


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
        self._view: _View | None = None

    def _tables(self, deal: Deal) -> Tables:
        rules, chosen, t = self._last
        if rules is deal.rules and chosen == deal.chosen and t is not None:
            return t
        t = tables(deal.rules, deal.chosen)
        self._last = (deal.rules, deal.chosen, t)
        return t

    def _view_of(self, deal: Deal) -> _View:
        """The deal's :class:`_View` (made at the first decision of its play)."""
        v = self._view
        if v is None or v.deal is not deal:
            v = self._view = _View(deal, self._tables(deal))
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
            unseen = t.pack_bits & ~_bits(deal.stock) & ~seen_bits(deal, seat)
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
        run = runs(strong, _target(deal, side) - won[side], _target(deal, 1 - side) - won[1 - side])
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
    def _lead(deal: Deal, acts: list[Action], v: _View, seat: int) -> Action:
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
            need = _target(deal, side) - deal.tricks_won[side]
            if turns(sure, need, v.lost[side]) and may_turn(deal.marching, side):
                card = best.card
                return next(a for a in acts if a.kind == "down" and a.card is card)
        return best

    @staticmethod
    def _follow(acts: list[Action], v: _View, seat: int) -> Action:
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


# -- sampling --------------------------------------------------------------------------------------


def hidden_world(deal: Deal, seat: int, rng: random.Random) -> Deal:
    """A copy of ``deal`` in which every card ``seat`` cannot see is dealt again at random,
    consistent with what ``seat`` knows: its own hand, the cards played, the cards face up
    on the table, the cards others took in exchanges (they were face up when taken), the
    face-up cards of the Karnöffel deal, and the cards known to lie in the stock (an Ole
    shown at the bottom and not taken; Bernhard's returned turn-ups). Each other seat keeps
    its number of cards, and the stock its size.

    The copy is made by :meth:`Deal.with_hidden`."""
    from ..rules.dealing import OLE_CARDS, deal_order

    n = deal.players
    hands = [list(h) for h in deal.hands]
    stock = list(deal.stock)
    known: list[set[Card]] = [set() for _ in range(n)]
    for s, _, get in deal.exchanges:
        known[s].add(get)
    if deal.proc.chosen_by == "face_up":
        receivers = deal_order(n, deal.dealer)
        for s, c in zip(receivers, deal.turned, strict=False):
            known[s].add(c)
    # Known to lie in the stock: Bernhard's returned turn-ups, cards given away in an
    # exchange that went to the stock (a Queen for an Ole), an Ole shown and not taken.
    in_stock = set(stock)
    known_stock: set[Card] = set(deal.returned) & in_stock
    known_stock |= {give for _, give, _ in deal.exchanges if give in in_stock}
    if deal.proc.bottom_olen and stock and stock[-1] in OLE_CARDS:
        taken = sum(1 for _, give, get in deal.exchanges
                    if get in OLE_CARDS and give.rank in (12, 13))
        if taken < 3 and not deal.solo:
            known_stock.add(stock[-1])
    cur = deal.current_trick
    hidden_lead: tuple[int, Card] | None = None
    if cur and deal.current_face_down and cur[0][0] != seat:
        hidden_lead = cur[0]
    pool: list[Card] = []
    slots: list[int] = [0] * n
    fixed: list[list[Card]] = [[] for _ in range(n)]
    for s in range(n):
        if s == seat:
            continue
        for c in hands[s]:
            if c in known[s]:
                fixed[s].append(c)
            else:
                pool.append(c)
        slots[s] = len(hands[s]) - len(fixed[s])
    pool += [c for c in stock if c not in known_stock]
    if hidden_lead is not None:
        pool.append(hidden_lead[1])
    rng.shuffle(pool)
    k = 0
    new_hands = [list(h) for h in hands]
    for s in range(n):
        if s == seat or not hands[s]:
            continue
        fresh = pool[k:k + slots[s]]
        k += slots[s]
        it = iter(fresh)
        new_hands[s] = [c if c in known[s] else next(it) for c in hands[s]]
    lead = None
    if hidden_lead is not None:
        lead = pool[k]
        k += 1
    it = iter(pool[k:])
    new_stock = [c if c in known_stock else next(it) for c in stock]
    return deal.with_hidden(new_hands, new_stock, lead)


class SamplingPlayer(Player):
    """Plays by sampling: for each decision of the play (a card, a face-down lead, seeing or
    running, stopping or playing on; never a face-down lead in its own side's march, see
    :func:`never_turn_in_march`) it deals the cards it cannot see at random
    (:func:`hidden_world`) ``samples`` times, plays every candidate action out to the end
    of the deal in each of those worlds, and keeps the action whose side won most often
    (ties go to the :class:`RulePlayer` choice, then to the first action).

    The playouts use the :class:`RulePlayer` habits for all four seats. They run through
    the bulk simulator (:mod:`knlib.sim`, numpy) where it supports the game, and through
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
        seat: int = deal.to_move  # type: ignore[assignment]
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
            from .. import sim

            if sim.supports_playouts(worlds[0]):
                return sim.playout_wins(worlds, acts, side)
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
                if d.result.winner == side:  # type: ignore[union-attr]
                    wins[i] += 1
        return wins

    def __repr__(self) -> str:
        return f"SamplingPlayer(samples={self.samples}, seed={self.seed!r})"


# -- by name ---------------------------------------------------------------------------------------

#: Names accepted by :func:`make_player` (and by :func:`knlib.sim.simulate`).
PLAYER_NAMES = ("random", "random-cards", "rules", "sampling")


def make_player(name: str | Player, seed: Any = None) -> Player:
    """A player from a name in :data:`PLAYER_NAMES` (a player passes through)."""
    if not isinstance(name, str):
        if not callable(getattr(name, "choose", None)):
            raise RulesError(f"{name!r} is not a player: give an object with choose(deal) or "
                             f"one of {', '.join(PLAYER_NAMES)}")
        return name
    if name == "random":
        return RandomPlayer(seed)
    if name == "random-cards":
        return RandomPlayer(seed, drehen=False)
    if name == "rules":
        return RulePlayer()
    if name == "sampling":
        return SamplingPlayer(seed=seed)
    raise RulesError(f"{name!r} is not a player: choose one of {', '.join(PLAYER_NAMES)}")

