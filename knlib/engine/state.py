"""A deal in progress: the state machine of one deal, in the OpenSpiel manner.

``legal_actions()``, ``apply(action)``, ``to_move``, ``is_over``, ``returns()`` (the
payments per seat), ``clone()`` and ``resample_hidden(seat, rng)``. The fixed facts of
the deal live in its :class:`~knlib.engine.game.Game`, shared by every state and copy;
a state holds only what changes (the hands and their play actions as short lists, the
rest as numbers and tuples replaced when they change), so ``clone()`` copies a few
references and lists. Narration (:mod:`.narration`) happens only in a
state made with ``log=True``; the explanation of an illegal action
(:mod:`.explain`) only when one is refused.

Rules, with their sources, are cited where the code applies them; where the sources
are silent or disagree the reading used is in ``knlib.engine.deal.DEAL_QUESTIONS``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, TypeVar

from ..cards import Card
from ..errors import RulesError
from ..seats import Seating, next_seat
from . import drehen, explain
from . import narration as say
from .actions import (
    CONCEDE,
    PLAY_OF,
    PLAY_ON,
    RUN,
    SEE,
    STOP,
    Action,
)
from .exchanges import Exchanges
from .kinds import ActionKind, Phase, ResultKind
from .legal import follow_actions, lead_actions
from .observer import resample
from .records import Result, Trick, settle

if TYPE_CHECKING:
    from .game import Game

__all__ = ["State"]

S = TypeVar("S", bound="State")

_new = object.__new__
_new_trick = tuple.__new__
_INDEX = attrgetter("index")
_parse = Action.parse
_K_PLAY, _K_DOWN = ActionKind.PLAY, ActionKind.DOWN
_P_PLAY, _P_JANN, _P_OVER = Phase.PLAY, Phase.JANN, Phase.OVER


class State:
    """One deal from the first decision to the settlement; make it with
    ``game.new_initial_state()`` (or use :class:`knlib.Deal`, which is a State)."""

    __slots__ = (
        "_game", "_phase", "_to_move", "_legal", "_hands", "_pacts", "_stock", "_table",
        "_up", "_obtained", "_history", "_exchanges", "_setup", "_solo", "_seat", "_target",
        "_directors", "_size", "_trick", "_tseats", "_face_down", "_tricks", "_won",
        "_streak", "_march", "_march_len", "_turns", "_turns_side", "_result", "_log",
        "_bottom_seen", "_own",
    )

    def __init__(self, game: Game, *, log: bool = False) -> None:
        self._game = game
        self._log: list[str] | None = [] if log else None
        # The hands, and from the play on each hand's play actions in the same order, as
        # lists. A copy shares them until one changes: ``_own`` has a bit for each seat
        # whose two lists this state may change in place (it copies them first otherwise).
        self._hands: list[list[Card]] = [list(h) for h in game.hands]
        self._own = (1 << game.players) - 1
        self._stock = game.stock
        # Cards lying face up on the table, out of play (turn-ups, exchanged cards, Olen).
        self._table, self._up = game.table, game.turn_ups_left
        self._obtained: frozenset[Card] = frozenset()
        self._history: list[tuple[int, Action]] = []
        self._exchanges: tuple[tuple[int, Card, Card], ...] = ()
        # The dealer has looked at the card now at the bottom of the stock (shown to all if an
        # Ole): seed 000, 'The Deal and Exchange'.
        self._bottom_seen = False
        self._solo: bool | None = None
        self._set_seating(game.seating, game.proc.target)
        # (Actions compare as strings, fast; Cards through Python-level methods, slowly.)
        self._pacts: list[list[Action]] = []
        self._size = 0
        self._trick: list[Card] = []
        self._tseats: list[int] = []  # who played each card of the trick
        self._face_down = False
        self._tricks: tuple[Trick, ...] = ()
        self._won = self._turns_side = (0, 0)
        self._streak = self._march = -1
        self._march_len = self._turns = 0
        self._result: Result | None = None
        self._to_move: int | None = None
        # The legal actions; None in the play for "any card of the hand" (its play actions).
        self._legal: Sequence[Action] | None = ()
        self._phase = Phase.EXCHANGE
        if self._log is not None:
            self._log.extend(say.deal_lines(game))
        self._setup: Exchanges | None = Exchanges()
        self._setup.advance(self)

    @classmethod
    def from_game(cls: type[S], game: Game, *, log: bool = False) -> S:
        """The deal of ``game`` at its first decision, as a State or a :class:`knlib.Deal`."""
        state = _new(cls)
        State.__init__(state, game, log=log)
        return state

    def _set_seating(self, seat: Seating, first_target: int) -> None:
        self._seat = seat
        self._target = (first_target, self._game.proc.target)
        # Karniffel: the first player of each team after the dealer directs it (seed 002,
        # 'Preliminaries' names a director per team; who it is: DEAL_QUESTIONS 'director').
        self._directors = seat.firsts if self._game.directors else ()

    # -- the four questions ---------------------------------------------------------------------
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
        """'dealer's choice', 'exchange', 'play', 'answer' (see or run), 'Jann' or 'over'."""
        return self._phase

    def legal_actions(self) -> list[Action]:
        """The actions the player to move may take (a fresh list; empty when over)."""
        legal = self._legal
        if legal is None:
            return self._pacts[self._to_move][:]  # type: ignore[index]
        return list(legal)

    def returns(self) -> tuple[int, ...]:
        """What each seat receives (negative: pays) once the deal is over; zeros before."""
        if self._result is None:
            return (0,) * self._game.players
        return self._result.payments

    # -- applying actions -----------------------------------------------------------------------
    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Apply one action of the player to move (``seat``, if given, must be that player,
        or for 'concede' the director of that player's team). An illegal action raises
        RulesError saying why and changes nothing."""
        if action.__class__ is not Action:
            action = _parse(action)
        if seat is not None:
            explain.check_seat(self, action, seat)
        kind = action.kind
        legal = self._legal  # None: any card of the hand (the play actions, looked up below)
        if (kind is not _K_PLAY) if legal is None else (action not in legal):
            raise RulesError(explain.why(self, action))
        if kind is _K_PLAY:
            # Any card may be played: no duty to follow suit (seed 000, 'The Play').
            # (_take, inlined: the hand and its play actions keep the same order.)
            seat = self._to_move
            pacts = self._pacts[seat]  # type: ignore[index]
            try:
                i = pacts.index(action)
            except ValueError:
                raise RulesError(explain.why(self, action)) from None
            self._history.append((seat, action))  # type: ignore[arg-type]
            hand = self._hands[seat]  # type: ignore[index]
            trick = self._trick
            trick.append(hand[i])
            if self._own >> seat & 1:  # type: ignore[operator]
                del pacts[i], hand[i]
            else:
                self._pacts[seat] = pacts[:i] + pacts[i + 1:]  # type: ignore[index]
                self._hands[seat] = hand[:i] + hand[i + 1:]  # type: ignore[index]
                self._own |= 1 << seat  # type: ignore[operator]
            self._tseats.append(seat)  # type: ignore[arg-type]
            if len(trick) < self._size:
                seat = self._to_move = self._seat.nxt[seat]  # type: ignore[index]
                if self._game.plain_follow:
                    self._legal = None
                else:
                    self._legal = follow_actions(self, seat)
            else:
                self._end_trick()
        elif kind is _K_DOWN:
            drehen.lead_down(self, action)
        elif action is SEE or action is RUN:
            drehen.answer(self, action)
        elif action is STOP or action is PLAY_ON:
            self._jann_choice(action)
        elif action is CONCEDE:
            self._concede()
        else:
            setup = self._setup
            assert setup is not None  # the setup's actions are legal only during the setup
            if kind is ActionKind.EXCHANGE or kind is ActionKind.PASS:
                setup.exchange(self, action)
            else:
                setup.dealer_choice(self, action)

    def _start_play(self) -> None:
        self._phase = _P_PLAY
        self._setup = None
        active = self._seat.active
        self._size = len(active)
        hands = self._hands
        self._march_len = min([len(hands[s]) for s in active])
        self._pacts = [list(map(PLAY_OF.__getitem__, h)) for h in hands]
        # The player second to the dealer's right leads a solo (seed 000, 'Five-Player
        # Knüffeln'); otherwise forehand (seed 000, 'The Play'; seed 002; seed 003, 'Play').
        game = self._game
        leader = next_seat(game.dealer, game.players, -2) if self._solo else active[0]
        if self._log is not None:
            say.first_lead(self, leader)
        self._to_move = leader
        self._legal = lead_actions(self)

    def _take(self, seat: int, act: Action) -> None:
        """Take a card from a hand to the trick (the hand keeps its order)."""
        self._history.append((seat, act))
        card = act.card
        pacts = self._pacts[seat]
        i = pacts.index(PLAY_OF[card])  # type: ignore[index]
        hand = self._own_hand(seat)
        del self._pacts[seat][i], hand[i]
        self._trick.append(card)  # type: ignore[arg-type]
        self._tseats.append(seat)

    def _own_hand(self, seat: int) -> list[Card]:
        """The seat's hand (and play actions) to change in place, copied first if shared."""
        if not self._own >> seat & 1:
            self._hands[seat] = self._hands[seat][:]
            if self._pacts:
                self._pacts[seat] = self._pacts[seat][:]
            self._own |= 1 << seat
        return self._hands[seat]

    def _end_trick(self) -> None:
        cards, seats = tuple(self._trick), tuple(self._tseats)
        game = self._game
        fast = game.fast
        if fast is not None:
            w = fast.winner(list(map(_INDEX, cards)))
        else:
            w = game.rules.ahead_sequence(list(cards), game.chosen)[-1]
        winner = seats[w]
        number = len(self._tricks) + 1
        self._tricks += (_new_trick(Trick, (number, seats[0], cards, seats, winner,
                                            self._face_down)),)
        self._trick = []
        self._tseats = []
        self._face_down = False
        side = self._seat.side[winner]
        w0, w1 = self._won
        won = self._won = (w0 + 1, w1) if side == 0 else (w0, w1 + 1)
        if number == 1:
            self._streak = side
        elif self._streak != side:
            self._streak = -1
        if self._log is not None:
            say.trick(self, number, cards, seats, winner, w)
        if self._march >= 0:
            # Once committed to the march a side must win every trick (seed 000, 'The Play').
            if side != self._march:
                self._finish(ResultKind.FAILED_MARCH, side)
            elif number == self._march_len:
                self._finish(ResultKind.MARCH, side)
            else:
                self._to_move = winner
                self._legal = lead_actions(self)
        elif won[side] >= self._target[side]:
            if game.proc.jann and self._streak == side:
                # A Jann (vol): stop and take it, or lead to the next trick for the march.
                self._phase = _P_JANN
                self._to_move = winner
                self._legal = _STOP_PLAY_ON
                if self._log is not None:
                    say.jann(self, side, winner)
            else:
                self._finish(ResultKind.GAME, side)
        else:
            if number >= self._march_len:  # pragma: no cover - the targets end every deal
                raise AssertionError("the hands ran out before the deal was decided")
            self._to_move = winner
            self._legal = lead_actions(self)

    def _jann_choice(self, act: Action) -> None:
        seat: int = self._to_move  # type: ignore[assignment]
        self._history.append((seat, act))
        side = self._seat.side[seat]
        if self._log is not None:
            say.jann_choice(self, seat, act is STOP)
        if act is STOP:
            self._finish(ResultKind.JANN, side)
            return
        self._march = side
        self._phase = _P_PLAY
        self._legal = lead_actions(self)

    def _concede(self) -> None:
        side = self._seat.side[self._to_move]  # type: ignore[index]
        director = self._directors[side]
        self._history.append((director, CONCEDE))
        if self._log is not None:
            say.concede(self, director, side)
        self._finish(ResultKind.CONCEDED, 1 - side)

    def _finish(self, kind: ResultKind, side: int) -> None:
        self._result = settle(self, kind, side)
        self._phase = _P_OVER
        self._to_move = None
        self._legal = ()
        if self._log is not None:
            say.say(self, self._result.reason)

    # -- copies ---------------------------------------------------------------------------------
    def clone(self: S) -> S:
        """An independent copy of the state (of the same class), sharing the game."""
        new = _new(self.__class__)
        new._game, new._phase, new._to_move = self._game, self._phase, self._to_move
        new._legal = self._legal  # never changed in place
        # The hands and play actions are shared until one changes (_own, _own_hand).
        new._hands, new._pacts = self._hands[:], self._pacts[:]
        new._own = self._own = 0
        new._stock, new._table, new._up = self._stock, self._table, self._up
        new._obtained, new._exchanges = self._obtained, self._exchanges
        new._bottom_seen = self._bottom_seen
        new._history = self._history[:]
        new._setup = None if self._setup is None else self._setup.copy()
        new._solo, new._seat, new._target = self._solo, self._seat, self._target
        new._directors, new._size = self._directors, self._size
        new._trick, new._tseats = self._trick[:], self._tseats[:]
        new._face_down, new._tricks, new._won = self._face_down, self._tricks, self._won
        new._streak, new._march, new._march_len = self._streak, self._march, self._march_len
        new._turns, new._turns_side = self._turns, self._turns_side
        new._result = self._result
        new._log = None if self._log is None else self._log[:]
        return new

    def resample_hidden(self: S, seat: int, rng: random.Random) -> S:
        """A copy in which every card ``seat`` cannot see is dealt again at random,
        consistent with what it has seen (:meth:`Observer.unseen`): its own hand, the
        cards played and face up, the cards others took in exchanges, a face-down lead
        it led. Each hand and the stock keep their sizes."""
        return resample(self, seat, rng)


_STOP_PLAY_ON = (STOP, PLAY_ON)
