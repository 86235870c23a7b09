"""Drehen und Sehen (seed 000, 'Drehen und Sehen'): a card led face down, an offer to
raise the game's value, which the opponents see (the game is worth one basic stake more)
or run from (they concede at the value so far, or, during a march, the march fails).

:func:`lead_down` and :func:`answer` play the two actions on a
:class:`~knlib.engine.state.State`; when a leader may lead face down is
:func:`knlib.engine.legal.turn_allowed`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from . import narration as say
from .actions import RUN, SEE, Action
from .kinds import Phase, ResultKind
from .legal import follow_actions

if TYPE_CHECKING:
    from .state import State

__all__ = ["lead_down", "answer"]

_SEE_RUN: Final = (SEE, RUN)


def lead_down(state: State, act: Action) -> None:
    """The leader plays the first card of the trick face down."""
    seat = state._to_move
    assert seat is not None  # the play goes on: a seat is to move
    state._take(seat, act)
    state._face_down = True
    # The next opponent in play order answers for the team (DEAL_QUESTIONS 'who_answers').
    s = state._set.seat.next_opponent(seat)
    state._phase = Phase.ANSWER
    state._to_move = s
    state._legal = _SEE_RUN
    if state._log is not None:
        say.face_down(state, seat, s)


def answer(state: State, act: Action) -> None:
    """The opponents see the card led face down, or run."""
    seat = state._to_move
    assert seat is not None  # a seat answers for its side
    state._history.append((seat, act))
    leader = state._tseats[0]
    lside = state._set.seat.side[leader]
    if act is RUN:
        if state._log is not None:
            say.answer(state, seat, False, lside)
        if state._march >= 0:
            # Running ends the play, and the march has failed (the opponents "could then
            # end the play by running, causing the march to fail"; seed 000, 'The Play':
            # the marching side pays what the march would have won).
            state._finish(ResultKind.FAILED_MARCH, 1 - lside)
        else:
            # They run: the deal is conceded at the value so far.
            state._finish(ResultKind.RUN, lside)
        return
    # They see: the card is turned up and the game is worth one basic stake more.
    state._turns += 1
    ts = state._turns_side
    state._turns_side = (ts[0] + 1, ts[1]) if lside == 0 else (ts[0], ts[1] + 1)
    if state._log is not None:
        say.answer(state, seat, True, lside)
    state._phase = Phase.PLAY
    nxt = state._set.seat.nxt[leader]
    state._to_move = nxt
    state._legal = follow_actions(state, nxt)
