"""The setup of a deal before the play: the five-player dealer's choice and the exchanges.

:class:`Exchanges` is the setup's phase object: it walks the game's setup stages in order
(``Game.stages``): the five-player dealer's choice, the low-card exchanges (a chosen Ten,
Bernhard's dog or Karniffel's Banner for a turn-up of its suit), the Olen from the bottom
of the stock and the Olen on the table, and finds one decision at a time. The
:class:`~knlib.engine.state.State` calls it with plain values (the game, the state's
:class:`~knlib.engine.setting.Setting` and hands, to read, and a list for the lines it
narrates) and makes every change itself; this object changes only its own place in the stages.
Once the stages are done the state starts the play and drops this object, so copies of a
state in play share nothing of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..cards import Card, suit_name
from ..compiled import by_slots
from ..i18n import tr
from ..kinds import Phase
from ..rules.dealing import BOTTOM_OLEN_MAX, OLE_CARDS, OLE_TAKER_RANKS
from ..sources import S000_DEAL, S001_EXCH
from . import narration as say
from .actions import ALONE, PASS, SIT_OUT, Action, exchange_action

if TYPE_CHECKING:
    from .game import Game
    from .setting import Setting

__all__ = ["Exchanges", "Offer", "Say"]

#: A decision of the setup: the phase, the seat to move and its legal actions.
Offer = tuple[Phase, int, tuple[Action, ...]]
#: A list for the lines the setup narrates (the state adds them to its log), or None for
#: no narration.
Say = list[str] | None

#: The chosen low cards (Tens, dogs, Banners) of each pair of chosen suits and low rank.
_LOWS: dict[tuple[tuple[str, ...], int], tuple[Card, ...]] = {}


def _holder(hands: Sequence[Sequence[Card]], card: Card) -> int | None:
    for s, h in enumerate(hands):
        if card in set(h):  # (a Card compares by identity fast only in a set)
            return s
    return None


#: The fields of :class:`Exchanges` (its slots; pickle and copy read them).
_FIELDS = ("stage_i", "low_k", "lows", "bottom_taken", "bottom_done", "table_i", "pending",
           "looked")


class Exchanges:
    """Where the setup stands: the stage, the queue of low-card holders, the Olen taken
    from the bottom of the stock, the table Ole reached, the offer pending as
    ``(what, seat, card to give, cards to take)``, and whether the dealer has looked at the
    card now at the bottom of the stock (``looked``; the state keeps it in its setting)."""

    __slots__ = _FIELDS

    def __init__(self) -> None:
        self.stage_i = 0
        self.low_k = -1
        self.lows: list[tuple[int, Card]] = []
        self.bottom_taken = 0
        self.bottom_done = False
        self.table_i = 0
        self.pending: tuple[str, int, Card, tuple[Card, ...]] | None = None
        self.looked = False

    def __reduce__(self) -> tuple[Any, ...]:
        return by_slots(self, _FIELDS)

    def copy(self) -> Exchanges:
        new = Exchanges()
        new.stage_i, new.low_k, new.lows = self.stage_i, self.low_k, self.lows
        new.bottom_taken, new.bottom_done = self.bottom_taken, self.bottom_done
        new.table_i, new.pending, new.looked = self.table_i, self.pending, self.looked
        return new

    def next_offer(self, game: Game, setting: Setting, hands: Sequence[Sequence[Card]],
                   tell: Say) -> Offer | None:
        """The next decision of the setup, or None when the play may start."""
        stages = game.stages
        while self.stage_i < len(stages):
            stage = stages[self.stage_i]
            if stage == "dealer":
                if setting.solo is None:
                    return Phase.DEALER, game.dealer, (ALONE, SIT_OUT)
            elif stage == "low":
                offer = self._next_low(game, setting, hands)
                if offer is not None:
                    return offer
            elif stage == "bottom":
                offer = self._next_bottom(game, setting, hands, tell)
                if offer is not None:
                    return offer
            elif stage == "table":
                offer = self._next_table(game, setting, hands, tell)
                if offer is not None:
                    return offer
            self.stage_i += 1
        return None

    def _offer(self, what: str, seat: int, give: Card, options: tuple[Card, ...]) -> Offer:
        self.pending = (what, seat, give, options)
        if len(options) == 1:
            return Phase.EXCHANGE, seat, (exchange_action(give, options[0]), PASS)
        return Phase.EXCHANGE, seat, (*[exchange_action(give, o) for o in options], PASS)

    def _next_low(self, game: Game, setting: Setting,
                  hands: Sequence[Sequence[Card]]) -> Offer | None:
        # Seed 000, 'The Deal and Exchange': a holder of a chosen Ten may exchange it for that
        # suit's turn-up, or any turn-up of the first chosen suit when more were turned;
        # seed 001, 'Exchanging': a dog (chosen Five); seed 002, 'Preliminaries': a Banner.
        # In turn from forehand, each of the holder's chosen suits in order (DEAL_QUESTIONS
        # 'exchange_order').
        low_rank = game.proc.low_rank
        if low_rank is None:  # no such exchange in this game (no 'low' stage either)
            return None
        if self.low_k < 0:
            # The queue of (seat, card): who holds a chosen low card, from forehand, each
            # holder's in the order of the chosen suits. Hands do not change the low cards
            # during this stage.
            key = (game.chosen, low_rank)
            cards = _LOWS.get(key)
            if cards is None:
                cards = _LOWS[key] = tuple(Card.of(suit, low_rank) for suit in game.chosen)
            lows: list[tuple[int, Card]] = []
            for seat in setting.seat.active:
                held = set(hands[seat])
                for low in cards:
                    if low in held:
                        lows.append((seat, low))
            self.lows = lows
            self.low_k = 0
        lows = self.lows
        up = setting.up
        while self.low_k < len(lows):
            seat, low = lows[self.low_k]
            suit = low.suit
            options = tuple([c for c in up if c.suit == suit])
            if options:
                return self._offer("low", seat, low, options)
            self.low_k += 1
        return None

    def ole_right(self, game: Game, setting: Setting, hands: Sequence[Sequence[Card]],
                  ole: Card) -> tuple[int | None, Card | None, str, str | None]:
        """Who may take an Ole: the holder of the Queen of its suit, or of the King if the
        Queen is sleeping (seed 000, 'The Deal and Exchange'; seed 001, 'Exchanging'), as
        (holder, the card given, why nobody may, the source of that rule, or None).
        Sleeping means in the stock in Bernhard's game (seed 001: "(i.e. in the stock)");
        today, held by no player (option 'sleeping_queen'). A Queen or King obtained by an
        exchange may not be used (no double exchange)."""
        proc = game.proc
        suit = ole.suit
        if proc.ole_queen_chosen and suit not in game.chosen:
            return None, None, tr("{suit} is not a chosen suit, and only a chosen Queen may "
                                  "take an Ole", suit=suit_name(suit)), S001_EXCH
        queen, king = (Card.of(suit, rank) for rank in OLE_TAKER_RANKS)
        holder = _holder(hands, queen)
        if holder is not None:
            if queen in setting.obtained:
                return None, None, tr("{name} got the Queen of its suit by an exchange, and a "
                                      "double exchange is not allowed",
                                      name=say.seat_text(game, holder)), None
            return holder, queen, "", None
        # No player holds the Queen. Face up on the table (a turn-up, or given for an earlier
        # table Ole) she is not sleeping where sleeping means "in the stock".
        in_stock_only = (proc.queen_sleeps_in_stock
                         or game.rules.options.get("sleeping_queen") == "in_stock")
        if in_stock_only and queen not in setting.stock:
            where = (S001_EXCH if proc.queen_sleeps_in_stock
                     else f"{S000_DEAL}; option 'sleeping_queen'")
            return None, None, tr("the Queen of its suit lies face up on the table, not in the "
                                  "stock, so she is not sleeping and the King does not "
                                  "inherit"), where
        # She is sleeping, and the King inherits the right.
        kholder = _holder(hands, king)
        if kholder is not None and king not in setting.obtained:
            return kholder, king, "sleeping", None
        if kholder is not None:
            return None, None, tr("the Queen of its suit is sleeping and the King was obtained "
                                  "by an exchange (no double exchange)"), None
        return None, None, tr("neither the Queen nor the King of its suit is held by a "
                              "player"), None

    def _next_bottom(self, game: Game, setting: Setting, hands: Sequence[Sequence[Card]],
                     tell: Say) -> Offer | None:
        # Seed 000, 'The Deal and Exchange': the bottom card of the stock; if an Ole, the
        # Queen (King) may take it; if taken, the next bottom card; up to three Olen.
        stock = setting.stock
        if self.bottom_done or self.bottom_taken >= BOTTOM_OLEN_MAX or not stock:
            return None
        card = stock[-1]
        self.looked = True  # the dealer looks; an Ole is shown to all
        if card not in OLE_CARDS:
            if tell is not None:
                tell.append(tr("The dealer looks at the bottom card of the stock: not an "
                               "Ole."))
            self.bottom_done = True
            return None
        holder, which, why, source = self.ole_right(game, setting, hands, card)
        if tell is not None:
            tell.append(say.bottom_card(game, card, holder, which, why, source))
        if holder is None or which is None:
            self.bottom_done = True
            return None
        return self._offer("bottom", holder, which, (card,))

    def _next_table(self, game: Game, setting: Setting, hands: Sequence[Sequence[Card]],
                    tell: Say) -> Offer | None:
        # Seed 001, 'Exchanging': a chosen Queen may take an Ole the cutter laid on the table
        # (the King if she sleeps); Olen not taken stay on the table, out of play.
        olen = game.table_olen
        while self.table_i < len(olen):
            ole = olen[self.table_i]
            holder, which, why, source = self.ole_right(game, setting, hands, ole)
            if tell is not None:
                tell.append(say.table_ole(game, ole, holder, which, why, source))
            if holder is not None and which is not None:
                return self._offer("table", holder, which, (ole,))
            self.table_i += 1
        return None

    def requeued(self, game: Game, setting: Setting, hands: Sequence[Sequence[Card]]) -> Exchanges:
        """A copy whose queue of low-card holders still to be asked follows ``hands`` (a
        layout of the hidden cards, :meth:`State.resample_hidden
        <knlib.engine.state.State.resample_hidden>` with ``canonical=True``): the holders
        asked so far and the one asked now stay, the rest are read from ``hands`` in the
        queue's order (from forehand, each holder's in the order of the chosen suits)."""
        new = self.copy()
        if self.low_k < 0 or game.proc.low_rank is None:
            return new
        kept = self.lows[:self.low_k + 1]
        asked = {low for _, low in kept}
        lows = [Card.of(suit, game.proc.low_rank) for suit in game.chosen]
        new.lows = kept + [(seat, low) for seat in setting.seat.active for low in lows
                           if low not in asked and low in set(hands[seat])]
        return new

    def answered(self, game: Game, setting: Setting, taken: bool) -> Card | None:
        """Move past the offer pending, taken or passed; for a pass of an Ole, the Ole
        left (in the stock or on the table)."""
        assert self.pending is not None
        what = self.pending[0]
        self.pending = None
        ole = None
        if what == "low":
            self.low_k += 1
        elif what == "bottom":
            if taken:
                self.bottom_taken += 1
                self.looked = False  # the next bottom card is not looked at yet
            else:
                self.bottom_done = True
                ole = setting.stock[-1]
        else:
            if not taken:
                ole = game.table_olen[self.table_i]
            self.table_i += 1
        return ole
