"""The setup of a deal before the play: the five-player dealer's choice and the exchanges.

:class:`Exchanges` walks the game's setup stages in order (``Game.stages``): the
five-player dealer's choice, the low-card exchanges (a chosen Ten, Bernhard's dog or
Karniffel's Banner for a turn-up of its suit), the Olen from the bottom of the stock and
the Olen on the table, offering one decision at a time to the
:class:`~knlib.engine.state.State` it belongs to. Once the stages are done the state
starts the play and drops this object, so copies of a state in play share nothing of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import Card, suit_name
from ..compiled import by_slots
from ..i18n import tr
from ..rules.dealing import BOTTOM_OLEN_MAX, OLE_CARDS, OLE_TAKER_RANKS, SOLO_TARGET
from ..seats import seating
from ..sources import S000_DEAL, S001_EXCH
from . import narration as say
from .actions import ALONE, PASS, SIT_OUT, Action, exchange_action
from .kinds import Phase

if TYPE_CHECKING:
    from .state import State

__all__ = ["Exchanges"]

#: The chosen low cards (Tens, dogs, Banners) of each pair of chosen suits and low rank.
_LOWS: dict[tuple[tuple[str, ...], int], tuple[Card, ...]] = {}


def _holder(state: State, card: Card) -> int | None:
    for s, h in enumerate(state._hands):
        if card in set(h):  # (a Card compares by identity fast only in a set)
            return s
    return None


#: The fields of :class:`Exchanges` (its slots; pickle and copy read them).
_FIELDS = ("stage_i", "low_k", "lows", "bottom_taken", "bottom_done", "table_i", "pending")


class Exchanges:
    """Where the setup stands: the stage, the queue of low-card holders, the Olen taken
    from the bottom of the stock, the table Ole reached, and the offer pending as
    ``(what, seat, card to give, cards to take)``."""

    __slots__ = _FIELDS

    def __init__(self) -> None:
        self.stage_i = 0
        self.low_k = -1
        self.lows: list[tuple[int, Card]] = []
        self.bottom_taken = 0
        self.bottom_done = False
        self.table_i = 0
        self.pending: tuple[str, int, Card, tuple[Card, ...]] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        return by_slots(self, _FIELDS)

    def copy(self) -> Exchanges:
        new = Exchanges()
        new.stage_i, new.low_k, new.lows = self.stage_i, self.low_k, self.lows
        new.bottom_taken, new.bottom_done = self.bottom_taken, self.bottom_done
        new.table_i, new.pending = self.table_i, self.pending
        return new

    def advance(self, state: State) -> None:
        """Find the next decision of the setup, or start the play."""
        stages = state._game.stages
        while self.stage_i < len(stages):
            stage = stages[self.stage_i]
            if stage == "dealer":
                if state._solo is None:
                    state._phase = Phase.DEALER
                    state._to_move = state._game.dealer
                    state._legal = (ALONE, SIT_OUT)
                    return
            elif stage == "low":
                if self._next_low(state):
                    return
            elif stage == "bottom":
                if self._next_bottom(state):
                    return
            elif stage == "table" and self._next_table(state):
                return
            self.stage_i += 1
        state._start_play()

    def _offer(self, state: State, what: str, seat: int, give: Card,
               options: tuple[Card, ...]) -> None:
        state._phase = Phase.EXCHANGE
        self.pending = (what, seat, give, options)
        state._to_move = seat
        if len(options) == 1:
            state._legal = (exchange_action(give, options[0]), PASS)
        else:
            state._legal = (*[exchange_action(give, o) for o in options], PASS)

    def _next_low(self, state: State) -> bool:
        # Seed 000, 'The Deal and Exchange': a holder of a chosen Ten may exchange it for that
        # suit's turn-up, or any turn-up of the first chosen suit when more were turned;
        # seed 001, 'Exchanging': a dog (chosen Five); seed 002, 'Preliminaries': a Banner.
        # In turn from forehand, each of the holder's chosen suits in order (DEAL_QUESTIONS
        # 'exchange_order').
        game = state._game
        low_rank = game.proc.low_rank
        if low_rank is None:  # no such exchange in this game (no 'low' stage either)
            return False
        if self.low_k < 0:
            # The queue of (seat, card): who holds a chosen low card, from forehand, each
            # holder's in the order of the chosen suits. Hands do not change the low cards
            # during this stage.
            key = (game.chosen, low_rank)
            cards = _LOWS.get(key)
            if cards is None:
                cards = _LOWS[key] = tuple(Card.of(suit, low_rank) for suit in game.chosen)
            hands = state._hands
            lows: list[tuple[int, Card]] = []
            for seat in state._set.seat.active:
                held = set(hands[seat])
                for low in cards:
                    if low in held:
                        lows.append((seat, low))
            self.lows = lows
            self.low_k = 0
        lows = self.lows
        up = state._set.up
        while self.low_k < len(lows):
            seat, low = lows[self.low_k]
            suit = low.suit
            options = tuple([c for c in up if c.suit == suit])
            if options:
                self._offer(state, "low", seat, low, options)
                return True
            self.low_k += 1
        return False

    def ole_right(self, state: State, ole: Card) -> tuple[int | None, Card | None, str]:
        """Who may take an Ole: the holder of the Queen of its suit, or of the King if the
        Queen is sleeping (seed 000, 'The Deal and Exchange'; seed 001, 'Exchanging').
        Sleeping means in the stock in Bernhard's game (seed 001: "(i.e. in the stock)");
        today, held by no player (option 'sleeping_queen'). A Queen or King obtained by an
        exchange may not be used (no double exchange)."""
        game = state._game
        proc = game.proc
        suit = ole.suit
        if proc.ole_queen_chosen and suit not in game.chosen:
            return None, None, tr("{suit} is not a chosen suit, and only a chosen Queen may "
                                  "take an Ole ({source})", suit=suit_name(suit),
                                  source=S001_EXCH)
        queen, king = (Card.of(suit, rank) for rank in OLE_TAKER_RANKS)
        holder = _holder(state, queen)
        if holder is not None:
            if queen in state._obtained:
                return None, None, tr("{name} got the Queen of its suit by an exchange, and a "
                                      "double exchange is not allowed",
                                      name=say.seat_text(game, holder))
            return holder, queen, ""
        # No player holds the Queen. Face up on the table (a turn-up, or given for an earlier
        # table Ole) she is not sleeping where sleeping means "in the stock".
        in_stock_only = (proc.queen_sleeps_in_stock
                         or game.rules.options.get("sleeping_queen") == "in_stock")
        if in_stock_only and queen not in state._stock:
            where = (S001_EXCH if proc.queen_sleeps_in_stock
                     else f"{S000_DEAL}; option 'sleeping_queen'")
            return None, None, tr("the Queen of its suit lies face up on the table, not in the "
                                  "stock, so she is not sleeping and the King does not inherit "
                                  "({source})", source=where)
        # She is sleeping, and the King inherits the right.
        kholder = _holder(state, king)
        if kholder is not None and king not in state._obtained:
            return kholder, king, "sleeping"
        if kholder is not None:
            return None, None, tr("the Queen of its suit is sleeping and the King was obtained "
                                  "by an exchange (no double exchange)")
        return None, None, tr("neither the Queen nor the King of its suit is held by a player")

    def _next_bottom(self, state: State) -> bool:
        # Seed 000, 'The Deal and Exchange': the bottom card of the stock; if an Ole, the
        # Queen (King) may take it; if taken, the next bottom card; up to three Olen.
        stock = state._stock
        if self.bottom_done or self.bottom_taken >= BOTTOM_OLEN_MAX or not stock:
            return False
        card = stock[-1]
        log = state._log is not None
        state._set.bottom_seen = True  # the dealer looks; an Ole is shown to all
        if card not in OLE_CARDS:
            if log:
                say.say(state, tr("The dealer looks at the bottom card of the stock: not an "
                                  "Ole."))
            self.bottom_done = True
            return False
        holder, which, why = self.ole_right(state, card)
        if log:
            say.bottom_card(state, card, holder, which, why)
        if holder is None or which is None:
            self.bottom_done = True
            return False
        self._offer(state, "bottom", holder, which, (card,))
        return True

    def _next_table(self, state: State) -> bool:
        # Seed 001, 'Exchanging': a chosen Queen may take an Ole the cutter laid on the table
        # (the King if she sleeps); Olen not taken stay on the table, out of play.
        olen = state._game.table_olen
        while self.table_i < len(olen):
            ole = olen[self.table_i]
            holder, which, why = self.ole_right(state, ole)
            if state._log is not None:
                say.table_ole(state, ole, holder, which, why)
            if holder is not None and which is not None:
                self._offer(state, "table", holder, which, (ole,))
                return True
            self.table_i += 1
        return False

    def exchange(self, state: State, act: Action) -> None:
        """Apply 'exchange X for Y' or 'pass' to the offer pending."""
        assert self.pending is not None
        what, seat, give, _ = self.pending
        state._history.append((seat, act))
        self.pending = None
        log = state._log is not None
        if act is PASS:
            ole = None
            if what == "low":
                self.low_k += 1
            elif what == "bottom":
                self.bottom_done = True
                ole = state._stock[-1]
            else:
                ole = state._game.table_olen[self.table_i]
                self.table_i += 1
            if log:
                say.exchange(state, what, seat, give, None, ole)
            self.advance(state)
            return
        get = act.other
        assert get is not None
        hand = state._own_hand(seat)
        hand[hand.index(give)] = get
        state._set.obtained = state._obtained | {get}
        state._set.exchanges = state._exchanges + ((seat, give, get),)
        if what == "low":
            up = list(state._up)
            up.remove(get)
            state._set.up = tuple(up)
            state._set.table = tuple(give if c is get else c for c in state._table)
            self.low_k += 1
        elif what == "bottom":
            # A Queen given for an Ole from the bottom goes to the top of the stock (seed 000,
            # 'The Deal and Exchange', does not say where; this keeps the stock's size).
            state._set.stock = (give,) + state._stock[:-1]
            state._set.bottom_seen = False  # the next bottom card is not looked at yet
            self.bottom_taken += 1
        else:
            state._set.table = tuple(give if c is get else c for c in state._table)
            self.table_i += 1
        if log:
            say.exchange(state, what, seat, give, get)
        self.advance(state)

    def dealer_choice(self, state: State, act: Action) -> None:
        # Seed 000, 'Five-Player Knüffeln': the dealer may look at the whole stock and play
        # alone with it, or sit out.
        game = state._game
        d = game.dealer
        state._history.append((d, act))
        if act is ALONE:
            state._set.solo = True
            state._hands[d] = list(state._stock)
            state._set.stock = ()
            # The dealer needs four tricks, the four opponents five.
            state._set.seat_at(game, seating(game.players, d, "solo"), SOLO_TARGET)
        else:
            state._set.solo = False
            state._set.seat_at(game, seating(game.players, d, "sit out"), game.proc.target)
        if state._log is not None:
            say.dealer_choice(state, act is ALONE)
        self.advance(state)

