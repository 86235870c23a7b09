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
from typing import TYPE_CHECKING, Any, Final, TypeVar

from ..cards import Card
from ..compiled import by_slots
from ..errors import RulesError
from ..seats import next_seat
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
from .legal import UP_OR_DOWN, Legal, follow_actions, lead_actions, listed
from .observer import resample
from .records import Ending, Result, Settled, Trick
from .setting import Setting

if TYPE_CHECKING:
    from .game import Game

__all__ = ["State"]

S = TypeVar("S", bound="State")

# (Final: the compiled engine keeps these in C variables, not in the module's dict.)
_new_trick: Final = tuple.__new__
_parse: Final = Action.parse
_K_PLAY: Final = ActionKind.PLAY
_K_DOWN: Final = ActionKind.DOWN
_P_PLAY: Final = Phase.PLAY
_P_JANN: Final = Phase.JANN
_P_OVER: Final = Phase.OVER


#: A state's fields (its slots; pickle and copy read them).
_FIELDS = (
    "_game", "_phase", "_to_move", "_legal", "_hands", "_pacts", "_set", "_history",
    "_setup", "_trick", "_tseats", "_face_down", "_tricks", "_won", "_streak", "_march",
    "_turns", "_turns_side", "_end", "_log", "_own",
)


class State(Settled):
    """One deal from the first decision to the settlement; make it with
    ``game.new_initial_state()`` (or use :class:`knlib.Deal`, which is a State)."""

    __slots__ = _FIELDS

    def __init__(self, game: Game | None = None, *, log: bool = False) -> None:
        if game is None:  # a blank state for clone() to fill in
            return
        self._game = game
        self._log: list[str] | None = [] if log else None
        # The hands, and from the play on each hand's play actions in the same order, as
        # lists. A copy shares them until one changes: ``_own`` has a bit for each seat
        # whose two lists this state may change in place (it copies them first otherwise).
        self._hands: list[list[Card]] = list(map(list, game.hands))
        self._own = (1 << game.players) - 1
        # What the setup settles (knlib.engine.setting): this state's own until the play.
        self._set = Setting.dealt(game)
        self._history: list[tuple[int, Action]] = []
        # (Actions compare as strings, fast; Cards through Python-level methods, slowly.)
        self._pacts: list[list[Action]] = []
        self._trick: tuple[Card, ...] = ()
        self._tseats: tuple[int, ...] = ()  # who played each card of the trick
        self._face_down = False
        self._tricks: tuple[Trick, ...] = ()
        self._won = self._turns_side = (0, 0)
        self._streak = self._march = -1
        self._turns = 0
        self._end: Result | Ending | None = None  # how it ended (records.Settled)
        self._to_move: int | None = None
        # The legal actions; None in the play for "any card of the hand" (its play actions),
        # UP_OR_DOWN for any card face up or face down (knlib.engine.legal).
        self._legal: Legal = ()
        self._phase = Phase.EXCHANGE
        if self._log is not None:
            self._log.extend(say.deal_lines(game))
        self._setup: Exchanges | None = Exchanges()
        self._setup.advance(self)

    @classmethod
    def from_game(cls: type[S], game: Game, *, log: bool = False) -> S:
        """The deal of ``game`` at its first decision, as a State or a :class:`knlib.Deal`."""
        return cls(game, log=log)

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
        if legal is UP_OR_DOWN:
            return listed(self, legal)
        return list(legal)

    def returns(self) -> tuple[int, ...]:
        """What each seat receives (negative: pays) once the deal is over; zeros before."""
        result = self._result
        if result is None:
            return (0,) * self._game.players
        return result.payments

    # -- applying actions -----------------------------------------------------------------------
    def apply(self, action: Action | str | object, seat: int | object = None) -> None:
        """Apply one action of the player to move (``seat``, if given, must be that player,
        or for 'concede' the director of that player's team). An illegal action raises
        RulesError saying why and changes nothing (so does anything else given: the compiled
        engine checks the annotated types, so they admit every value)."""
        act: Action = action if action.__class__ is Action else _parse(action)
        if seat is not None:
            explain.check_seat(self, act, seat)
        # None: any card of the hand (anything else is refused where the card is taken from
        # the hand); UP_OR_DOWN: any card, face up or face down (the hand is checked there).
        legal = self._legal
        if legal is None:
            kind = _K_PLAY
        else:
            kind = act.kind
            if legal is UP_OR_DOWN:
                if kind is not _K_PLAY and kind is not _K_DOWN:
                    raise RulesError(explain.why(self, act))
            elif act not in legal:
                raise RulesError(explain.why(self, act))
        if kind is _K_PLAY:
            # Any card may be played: no duty to follow suit (seed 000, 'The Play').
            # (_take, inlined: the hand and its play actions keep the same order.)
            # (Typed locals: the compiled engine does their arithmetic on machine ints.)
            to: int = self._to_move  # type: ignore[assignment]
            pacts = self._pacts[to]
            try:
                i = pacts.index(act)
            except ValueError:
                raise RulesError(explain.why(self, act)) from None
            self._history.append((to, act))
            hand = self._hands[to]
            trick = self._trick = self._trick + (hand[i],)
            if self._own >> to & 1:
                del pacts[i], hand[i]
            else:
                pacts = self._pacts[to] = pacts[:]
                hand = self._hands[to] = hand[:]
                del pacts[i], hand[i]
                self._own |= 1 << to
            self._tseats += (to,)
            st = self._set
            if len(trick) < st.size:
                to = self._to_move = st.seat.nxt[to]
                if self._game.plain_follow:
                    self._legal = None
                else:
                    self._legal = follow_actions(self, to)
            else:
                self._end_trick()
        elif kind is _K_DOWN:
            drehen.lead_down(self, act)
        elif act is SEE or act is RUN:
            drehen.answer(self, act)
        elif act is STOP or act is PLAY_ON:
            self._jann_choice(act)
        elif act is CONCEDE:
            self._concede()
        else:
            setup = self._setup
            assert setup is not None  # the setup's actions are legal only during the setup
            if kind is ActionKind.EXCHANGE or kind is ActionKind.PASS:
                setup.exchange(self, act)
            else:
                setup.dealer_choice(self, act)

    def _start_play(self) -> None:
        self._phase = _P_PLAY
        st = self._set  # (this state's own until the setup ends here)
        active = st.seat.active
        st.size = len(active)
        hands = self._hands
        st.march_len = min([len(hands[s]) for s in active])
        self._setup = None
        self._pacts = [list(map(PLAY_OF.__getitem__, h)) for h in hands]
        # The player second to the dealer's right leads a solo (seed 000, 'Five-Player
        # Knüffeln'); otherwise forehand (seed 000, 'The Play'; seed 002; seed 003, 'Play').
        game = self._game
        leader = next_seat(game.dealer, game.players, -2) if st.solo else active[0]
        if self._log is not None:
            say.first_lead(self, leader)
        self._to_move = leader
        self._legal = lead_actions(self)

    def _take(self, seat: int, act: Action) -> None:
        """Take a card from a hand to the trick (the hand keeps its order); RulesError, and
        no change, if the hand does not hold it."""
        card = act.card
        try:
            i = self._pacts[seat].index(PLAY_OF[card])  # type: ignore[index]
        except ValueError:
            raise RulesError(explain.why(self, act)) from None
        self._history.append((seat, act))
        hand = self._own_hand(seat)
        del self._pacts[seat][i], hand[i]
        self._trick += (card,)  # type: ignore[operator]
        self._tseats += (seat,)

    def _own_hand(self, seat: int) -> list[Card]:
        """The seat's hand (and play actions) to change in place, copied first if shared."""
        if not self._own >> seat & 1:
            self._hands[seat] = self._hands[seat][:]
            if self._pacts:
                self._pacts[seat] = self._pacts[seat][:]
            self._own |= 1 << seat
        return self._hands[seat]

    def _end_trick(self) -> None:
        cards, seats = self._trick, self._tseats
        game = self._game
        fast = game.fast
        if fast is not None:
            w = fast.winner_of(cards)
        else:
            w = game.rules.ahead_sequence(list(cards), game.chosen)[-1]
        winner = seats[w]
        number = len(self._tricks) + 1
        self._tricks += (_new_trick(Trick, (number, seats[0], cards, seats, winner,
                                            self._face_down)),)
        self._trick = self._tseats = ()
        self._face_down = False
        st = self._set
        side = st.seat.side[winner]
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
            elif number == st.march_len:
                self._finish(ResultKind.MARCH, side)
            else:
                self._to_move = winner
                self._legal = lead_actions(self)
        elif won[side] >= st.target[side]:
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
            if number >= st.march_len:  # pragma: no cover - the targets end every deal
                raise AssertionError("the hands ran out before the deal was decided")
            self._to_move = winner
            self._legal = lead_actions(self)

    def _jann_choice(self, act: Action) -> None:
        seat: int = self._to_move  # type: ignore[assignment]
        self._history.append((seat, act))
        side = self._set.seat.side[seat]
        if self._log is not None:
            say.jann_choice(self, seat, act is STOP)
        if act is STOP:
            self._finish(ResultKind.JANN, side)
            return
        self._march = side
        self._phase = _P_PLAY
        self._legal = lead_actions(self)

    def _concede(self) -> None:
        st = self._set
        side = st.seat.side[self._to_move]  # type: ignore[index]
        director = st.directors[side]
        self._history.append((director, CONCEDE))
        if self._log is not None:
            say.concede(self, director, side)
        self._finish(ResultKind.CONCEDED, 1 - side)

    def _finish(self, kind: ResultKind, side: int) -> None:
        # (Settled when first read: records.Settled.)
        self._end = (kind, side, self._phase is Phase.ANSWER)
        self._phase = _P_OVER
        self._to_move = None
        self._legal = ()
        if self._log is not None:
            say.say(self, str(self._result))

    # -- copies ---------------------------------------------------------------------------------
    def clone(self: S) -> S:
        """An independent copy of the state (of the same class), sharing the game."""
        new = self.__class__()
        new._game, new._phase, new._to_move = self._game, self._phase, self._to_move
        new._legal = self._legal  # never changed in place
        # The hands and play actions are shared until one changes (_own, _own_hand).
        new._hands, new._pacts = self._hands[:], self._pacts[:]
        new._own = self._own = 0
        # The setting is shared once the play has begun (knlib.engine.setting).
        setup = self._setup
        if setup is None:
            new._set, new._setup = self._set, None
        else:
            new._set, new._setup = self._set.copy(), setup.copy()
        new._history = self._history[:]
        new._trick, new._tseats = self._trick, self._tseats
        new._face_down, new._tricks, new._won = self._face_down, self._tricks, self._won
        new._streak, new._march = self._streak, self._march
        new._turns, new._turns_side = self._turns, self._turns_side
        new._end = self._end
        new._log = None if self._log is None else self._log[:]
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        return by_slots(self, _FIELDS)

    def resample_hidden(self: S, seat: int, rng: random.Random) -> S:
        """A copy in which every card ``seat`` cannot see is dealt again at random,
        consistent with what it has seen (:meth:`Observer.unseen`): its own hand, the
        cards played and face up, the cards others took in exchanges, a face-down lead
        it led. Each hand and the stock keep their sizes."""
        return resample(self, seat, rng)


_STOP_PLAY_ON: Final = (STOP, PLAY_ON)
