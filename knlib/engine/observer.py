"""What each seat can see of a deal, and the deals it cannot tell apart from it.

:class:`Observer` answers for one seat: :meth:`Observer.observe` gives an
:class:`Observation` (its own hand, the table, the tricks, the trick in progress with a
card led face down hidden until it is seen, the exchanges, how many cards each hand and
the stock hold, and which of those cards the seat knows), and :meth:`Observer.unseen`
the cards it cannot see and where they lie, which
:meth:`State.resample_hidden <knlib.engine.state.State.resample_hidden>` deals again.

What a seat knows, beyond its own hand and the cards face up: a card taken in an
exchange was face up when taken, so everyone knows its holder (seed 000, 'The Deal and
Exchange'); the first card dealt to each Karnöffel player lies face up (seed 003,
'Deal'); a leader knows the card it led face down; Bernhard's returned turn-ups, a Queen
given for an Ole and an Ole shown at the bottom and not taken are known to lie in the
stock. Cards looked at at the bottom of the stock: today's dealer looks at the bottom
card, shows it if it is an Ole and otherwise not (seed 000, 'The Deal and Exchange'), so
the dealer knows that card and every seat knows it is no Ole; the cutter of 1924 and 1938
looks at the bottom three cards and lays their Olen on the table (seed 001,
'Preliminaries'; seed 000, 'Early 20th century versions'), so the cutter knows the others
and every seat knows they are no Olen. The five-player dealer has looked at the whole
stock (seed 000, 'Five-Player Knüffeln'). :meth:`Observer.unseen` and
:meth:`State.resample_hidden <knlib.engine.state.State.resample_hidden>` respect all of
it. The observer reads a state only through its public, read-only properties
(:class:`~knlib.engine.view.StateView`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import Card
from ..counts import seat_number, shown
from ..errors import RulesError
from ..i18n import tr
from ..kinds import Phase
from ..rules.dealing import CUTTER_LOOKS, OLE_CARDS, deal_order, seat_word
from ..seats import cutter
from ..sources import S000_DEAL, S003_DEAL
from .actions import Action
from .records import Trick

if TYPE_CHECKING:
    from .view import StateView

__all__ = ["Observation", "Observer", "Unseen", "keeps_what_all_know"]


@dataclass(frozen=True)
class Observation:
    """One seat's view of a deal. ``known[s]``: the cards of seat ``s``'s hand this seat
    knows to be there (all of its own; none of a leader's while its face-down card is hidden
    from this seat); ``trick``: (seat, card) pairs of the trick in
    progress, the card None while it lies face down and this seat did not lead it;
    ``bottom_no_olen``: how many cards at the bottom of the stock this seat knows are no
    Olen (looked at by the dealer or the cutter); ``legal``: the seat's legal actions when
    it is to move."""

    seat: int
    phase: Phase
    to_move: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    stock_size: int
    stock_known: tuple[Card, ...]
    bottom_no_olen: int
    table: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    trick: tuple[tuple[int, Card | None], ...]
    exchanges: tuple[tuple[int, Card, Card], ...]
    legal: tuple[Action, ...]

    def seen(self) -> frozenset[Card]:
        """Every card this seat has seen: its hand, the cards played and face up, and the
        cards it knows in other hands and in the stock."""
        out = set(self.hand) | set(self.table) | set(self.stock_known)
        for t in self.tricks:
            out.update(t.cards)
        out.update(c for _, c in self.trick if c is not None)
        for cards in self.known:
            out.update(cards)
        return frozenset(out)


class Unseen:
    """The cards one seat cannot see, in a fixed order (``pool``: the unknown cards of
    each other hand in seat order, then of the stock, then a hidden face-down lead), and
    :meth:`place` to put another order of them back in the same places. ``no_ole``: the
    places in the pool (at the bottom of the stock) that the seat knows hold no Ole."""

    __slots__ = ("seat", "hands", "stock", "known", "known_stock", "hidden_lead", "pool",
                 "no_ole")

    def __init__(self, state: StateView, seat: int, known: list[set[Card]],
                 known_stock: set[Card], bottom_no_olen: int = 0) -> None:
        self.seat = seat
        self.hands = state.hands
        self.stock = state.stock
        self.known = known
        self.known_stock = known_stock
        self.hidden_lead = (state.phase is Phase.ANSWER and state.current_trick[0][0] != seat)
        pool = []
        for s, hand in enumerate(self.hands):
            if s != seat:
                pool += [c for c in hand if c not in known[s]]
        first_no_ole = len(self.stock) - bottom_no_olen
        no_ole = []
        for i, c in enumerate(self.stock):
            if c not in known_stock:
                if i >= first_no_ole:
                    no_ole.append(len(pool))
                pool.append(c)
        self.no_ole: tuple[int, ...] = tuple(no_ole)
        if self.hidden_lead:
            pool.append(state.current_trick[0][1])
        self.pool: tuple[Card, ...] = tuple(pool)

    def place(self, pool: Sequence[Card]) -> tuple[list[list[Card]], tuple[Card, ...],
                                                   Card | None]:
        """New hands, stock and face-down lead with ``pool`` (a reordering of
        :attr:`pool`) in the unseen places, in the same order."""
        it = iter(pool)
        hands = []
        for s, hand in enumerate(self.hands):
            if s == self.seat:
                hands.append(list(hand))
            else:
                known = self.known[s]
                hands.append([c if c in known else next(it) for c in hand])
        rest = list(it)
        lead = rest.pop() if self.hidden_lead else None  # the last of the pool
        fill = iter(rest)
        stock = tuple(c if c in self.known_stock else next(fill) for c in self.stock)
        return hands, stock, lead


class Observer:
    """What one seat can see (OpenSpiel's observer, for one player)."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def known(self, state: StateView) -> tuple[list[set[Card]], set[Card], int]:
        """The cards this seat knows in each hand and in the stock, and how many cards at
        the bottom of the stock it knows are no Olen. A RulesError unless ``state`` is a
        deal and this seat one of its seats."""
        if not callable(getattr(state, "get_game", None)):
            raise RulesError(tr("{value} is not a deal: an observer sees a knlib.Deal",
                                value=shown(state)))
        game = state.get_game()
        n = game.players
        seat = seat_number(self.seat, n)
        known: list[set[Card]] = [set() for _ in range(n)]
        known[seat].update(state.hands[seat])
        for s, _, get in state.exchanges:
            known[s].add(get)
        if game.proc.chosen_by == "face_up":
            for s, c in zip(deal_order(n, game.dealer), game.turned, strict=False):
                known[s].add(c)
        stock = state.stock
        if game.five and seat == game.dealer:
            # Seed 000, 'Five-Player Knüffeln': "the dealer may look at the whole stock".
            return known, set(stock), 0
        in_stock = set(stock)
        known_stock = set(game.returned) & in_stock
        known_stock |= {give for _, give, _ in state.exchanges if give in in_stock}
        looked, looker = _bottom_looked(state)
        bottom = stock[len(stock) - looked:] if looked else ()
        if seat == looker:
            known_stock.update(bottom)
        # An Ole looked at is shown (and the cutter's go face up): every seat knows it.
        known_stock.update(c for c in bottom if c in OLE_CARDS)
        return known, known_stock, sum(c not in OLE_CARDS for c in bottom)

    def observe(self, state: StateView) -> Observation:
        """This seat's view of ``state``."""
        seat = self.seat
        known, known_stock, no_olen = self.known(state)
        current = state.current_trick
        hidden = state.phase is Phase.ANSWER and current[0][0] != seat
        trick = tuple((s, None if hidden and i == 0 else c)
                      for i, (s, c) in enumerate(current))
        if hidden:
            # The leader may have led any of its cards face down: a card every seat knows
            # it held would, by leaving the known cards, name the hidden one.
            known[current[0][0]] = set()
        hands, stock = state.hands, state.stock
        return Observation(
            seat=seat, phase=state.phase, to_move=state.to_move,
            hand=hands[seat], hand_sizes=tuple(len(h) for h in hands),
            known=tuple(tuple(c for c in h if c in k) for h, k in zip(hands, known,
                                                                      strict=True)),
            stock_size=len(stock),
            stock_known=tuple(c for c in stock if c in known_stock),
            bottom_no_olen=no_olen,
            table=state.table, tricks=tuple(state.tricks), trick=trick,
            exchanges=tuple(state.exchanges),
            legal=tuple(state.legal_actions()) if state.to_move == seat else ())

    def unseen(self, state: StateView) -> Unseen:
        """The cards this seat cannot see in ``state``, and their places."""
        known, known_stock, no_olen = self.known(state)
        return Unseen(state, self.seat, known, known_stock, no_olen)


def _bottom_looked(state: StateView) -> tuple[int, int | None]:
    """How many cards at the bottom of the stock were looked at, and by whom: today's
    dealer looks at the bottom card (seed 000, 'The Deal and Exchange'); the cutter of 1924
    and 1938 at the bottom three, whose Olen go on the table (seed 001, 'Preliminaries';
    seed 000, 'Early 20th century versions'), so the rest stay at the bottom of the stock."""
    game = state.get_game()
    if state.bottom_seen and state.stock:
        return 1, game.dealer
    if game.proc.table_olen:
        looked = min(CUTTER_LOOKS - len(game.table_olen), len(state.stock))
        return looked, cutter(game.dealer, game.players)
    return 0, None


def keeps_what_all_know(state: StateView, hands: Sequence[list[Card]],
                         stock: tuple[Card, ...]) -> None:
    """A :class:`RulesError` unless ``hands`` and ``stock`` keep what every seat knows of
    ``state`` (the module notes): a card every seat knows in a hand stays in that hand, a
    card every seat knows in the stock stays in its place there, and no Ole lies where
    the bottom of the stock was looked at and no Ole was shown."""
    views = [Observer(s).known(state) for s in range(len(state.hands))]
    for s, hand in enumerate(state.hands):
        everyone = set.intersection(*(known[s] for known, _, _ in views))
        for c in hand:
            if c in everyone and c not in hands[s]:
                raise RulesError(tr(
                    "{card} must stay in the hand of {name} (seat {seat}): every player knows "
                    "it is there (a card taken in an exchange was face up, and so is the first "
                    "card dealt to each Karnöffel player)", card=c,
                    name=seat_word(state.get_game().names[s]), seat=s),
                    source=f"{S000_DEAL}; {S003_DEAL}")
    in_stock = set.intersection(*(known_stock for _, known_stock, _ in views))
    for i, c in enumerate(state.stock):
        if c in in_stock and stock[i] != c:
            raise RulesError(tr("{card} must stay where it lies in the stock: every player "
                                "knows it is there", card=c), source=S000_DEAL)
    no_olen = max(n for _, _, n in views)
    for c in stock[len(stock) - no_olen:]:
        if c in OLE_CARDS and c not in in_stock:
            raise RulesError(tr("{card} cannot lie at the bottom of the stock: that card was "
                                "looked at and no Ole was shown", card=c), source=S000_DEAL)
