"""The fields of a deal in progress and their read-only face.

:class:`StateFields` is the first base of :class:`~knlib.engine.state.State`: it declares
the state's fields (its slots) and reads them through public, read-only properties. It
changes nothing (it only caches the tuple it hands out as the history); :mod:`.state`
alone writes the fields. Narration, explanation and the
observer read a state through these properties (:class:`~knlib.engine.view.StateView`
names the ones they use).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..cards import Card
from ..counts import not_a_seat
from ..kinds import Phase
from ..seats import Seating
from .actions import Action
from .legal import UP_OR_DOWN, Legal, listed
from .records import Ending, Result, Trick
from .setting import Setting

if TYPE_CHECKING:
    from .exchanges import Exchanges
    from .game import Game

__all__ = ["StateFields", "FIELDS"]

# (Final: the compiled engine keeps these in C variables, not in the module's dict; pure
# Python reads a module's name faster than an enum's member.)
_P_OVER: Final = Phase.OVER
_P_ANSWER: Final = Phase.ANSWER
_P_EXCHANGE: Final = Phase.EXCHANGE

#: A state's fields (its slots; pickle and copy read them).
FIELDS = (
    "_game", "_phase", "_to_move", "_legal", "_hands", "_hand_plays", "_setting", "_history",
    "_history_shown", "_setup", "_trick", "_trick_seats", "_face_down", "_tricks", "_won",
    "_streak", "_march", "_turns", "_turns_side", "_end", "_log", "_own",
)


class StateFields:
    """A deal's fields and the public, read-only properties that read them. The setup's
    fields (stock, table, exchanges, seating, targets) are kept in one
    :class:`~knlib.engine.setting.Setting`, shared by copies once the play has begun."""

    __slots__ = FIELDS

    _game: Game
    _phase: Phase
    _to_move: int | None
    # The legal actions; None in the play for "any card of the hand" (its play actions),
    # UP_OR_DOWN for any card face up or face down (knlib.engine.legal).
    _legal: Legal
    # The hands, and from the play on each hand's play actions in the same order, as
    # lists. A copy shares them until one changes: ``_own`` has a bit for each seat whose
    # two lists this state may change in place (it copies them first otherwise).
    _hands: list[list[Card]]
    _hand_plays: list[list[Action]]
    _own: int
    # What the setup settles (knlib.engine.setting): this state's own until the play.
    _setting: Setting
    # Every action with its seat, appended as the deal goes on, and the tuple of it last
    # handed out (``history``): the record only grows, so that tuple is current while it
    # is as long as the record.
    _history: list[tuple[int, Action]]
    _history_shown: tuple[tuple[int, Action], ...]
    _setup: Exchanges | None
    _trick: tuple[Card, ...]
    _trick_seats: tuple[int, ...]  # who played each card of the trick
    _face_down: bool
    _tricks: tuple[Trick, ...]
    _won: tuple[int, int]
    _streak: int  # the side that won every trick so far, or -1
    _march: int  # the side playing for the march, or -1
    _turns: int
    _turns_side: tuple[int, int]
    _end: Result | Ending | None  # how it ended (settled when first read)
    _log: list[str] | None

    # -- the game, the player to move, the phase, the legal actions ------------------------------
    def get_game(self) -> Game:
        """The :class:`~knlib.engine.game.Game` this state belongs to."""
        return self._game

    @property
    def to_move(self) -> int | None:
        """The seat to act, or None when the deal is over."""
        return self._to_move

    @property
    def is_over(self) -> bool:
        return self._phase is _P_OVER

    @property
    def phase(self) -> Phase:
        """A :class:`~knlib.kinds.Phase`: 'dealer's choice', 'exchange', 'play', 'answer' (see or
        run), 'jann' or 'over'."""
        return self._phase

    def legal_actions(self) -> list[Action]:
        """The actions the player to move may take (a fresh list; empty when over)."""
        legal = self._legal
        if legal is None:
            return self._hand_plays[self._to_move][:]  # type: ignore[index]
        if legal is UP_OR_DOWN:
            to: int = self._to_move  # type: ignore[assignment]
            return listed(legal, self._hand_plays[to], self._hands[to])
        return list(legal)

    # -- where the deal stands ------------------------------------------------------------------
    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every action so far with the seat that made it: a tuple, which nobody can
        change (made once after each action, when first read; the one field written here
        is that cache)."""
        shown = self._history_shown
        if len(shown) != len(self._history):
            shown = self._history_shown = tuple(self._history)
        return shown

    def history_since(self, start: int) -> tuple[tuple[int, Action], ...]:
        """The actions from number ``start`` on: ``history[start:]`` without making the
        whole history a tuple (for a player that reads the deal after every action)."""
        return tuple(self._history[start:])

    @property
    def exchanges(self) -> tuple[tuple[int, Card, Card], ...]:
        """(seat, card given, card taken) of each exchange made."""
        return self._setting.exchanges

    @property
    def seating(self) -> Seating:
        """Who plays, on which side, in which order (set by the five-player choice)."""
        return self._setting.seat

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return self._setting.seat.sides

    @property
    def active(self) -> tuple[int, ...]:
        """The seats taking part in the play, clockwise from forehand."""
        return self._setting.seat.active

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat holds now, indexed by seat (the five-player dealer holds the
        stock only when playing alone)."""
        return tuple(map(tuple, self._hands))

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards face down, top first (the bottom card last)."""
        return self._setting.stock

    @property
    def table(self) -> tuple[Card, ...]:
        """Cards face up on the table and out of play: turn-ups not taken, the Tens (dogs,
        Banners) given for them, and the cutter's table Olen (1924, 1938) or the Queens
        (Kings) given for them. A Queen given for an Ole from the bottom of the stock is not
        here: she goes to the top of the stock (seed 000, 'The Deal and Exchange', does not
        say where; this keeps the stock's size)."""
        return self._setting.table

    @property
    def bottom_seen(self) -> bool:
        """Whether the dealer has looked at the card now at the bottom of the stock (seed
        000, 'The Deal and Exchange')."""
        return self._setting.bottom_seen

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks, in order."""
        return self._tricks

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """(seat, card) pairs of the trick in progress (a face-down lead included)."""
        return tuple(zip(self._trick_seats, self._trick, strict=True))

    @property
    def current_face_down(self) -> bool:
        """True while the led card of the current trick lies face down, unanswered."""
        return self._phase is _P_ANSWER

    @property
    def solo(self) -> bool | None:
        """Five-player Knüffeln: True if the dealer plays alone, False if sitting out, None
        before the choice (and in every other game)."""
        return self._setting.solo

    @property
    def directors(self) -> tuple[int, ...]:
        """Karniffel: the director of each side (seed 002, 'Preliminaries')."""
        return tuple(self._setting.directors)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        return self._won

    @property
    def turns_accepted(self) -> int:
        return self._turns

    @property
    def turns_by_side(self) -> tuple[int, int]:
        """The face-down leads each side has led and seen accepted."""
        return self._turns_side

    @property
    def marching(self) -> int | None:
        """The side playing for the march, or None."""
        return self._march if self._march >= 0 else None

    @property
    def march_length(self) -> int:
        """The tricks a march needs (0 before the play)."""
        return self._setting.march_len

    @property
    def exchange_offer(self) -> tuple[str, int, Card, tuple[Card, ...]] | None:
        """During the exchanges: the offer pending as (what: 'low', 'bottom' or 'table',
        seat, the card it may give, the cards it may take)."""
        setup = self._setup
        if self._phase is not _P_EXCHANGE or setup is None:
            return None
        return setup.pending

    @property
    def pending_exchange(self) -> tuple[int, Card, tuple[Card, ...]] | None:
        """During the exchanges: (seat, the card it may give, the cards it may take)."""
        offer = self.exchange_offer
        if offer is None:
            return None
        _, seat, give, options = offer
        return seat, give, tuple(options)

    def side_of(self, seat: object) -> int | None:
        """The side index of a seat (None for a five-player dealer sitting out, or before
        the five-player dealer has chosen); a RulesError for anything but a seat."""
        side = self._setting.seat.side
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(side):
            raise not_a_seat(seat, len(side))
        s = side[seat]
        return None if s < 0 else s
