"""The end of a trick, stated once: what follows when a side has won a trick.

:func:`trick_end` is the rule (seed 000, 'The Play'; the other games' procedures vary
only its numbers and whether there is a Jann). The state applies it
(:meth:`knlib.engine.state.State.apply`); the numpy path codes it on arrays
(:func:`knlib.players.playouts.end_trick`) and is tested against it situation by
situation; the search codes it inside its bounds (:mod:`knlib.analysis.search`) and is
tested against an exhaustive minimax over the state. Who won the trick is the trick
table's answer (:mod:`knlib.rules.tricks`); a run from a card led face down ends the deal at
the answer, before the trick is played (:mod:`knlib.engine.drehen`).

>>> trick_end(side=0, won=5, target=5, unbroken=True, march=-1, number=5, march_len=9,
...           jann=True)
<TrickEnd.JANN: 'jann'>
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from ..kinds import ResultKind

__all__ = ["TrickEnd", "trick_end"]


class TrickEnd(StrEnum):
    """What follows a trick: the winner leads to the next one, the winning side decides
    after its Jann (stop or play on), or the deal ends with the game, the march made or
    the march failed."""

    LEAD = "lead"
    JANN = "jann"
    GAME = "game"
    MARCH = "march"
    FAILED_MARCH = "failed march"

    @property
    def result(self) -> ResultKind | None:
        """The kind of result when this end settles the deal, else None."""
        return None if self in (TrickEnd.LEAD, TrickEnd.JANN) else ResultKind(self.value)


def trick_end(side: int, won: int, target: int, unbroken: bool, march: int, number: int,
              march_len: int, jann: bool) -> TrickEnd:
    """What follows trick ``number`` (counted from 1), won by ``side``.

    ``won``: the tricks that side holds now, this one included; ``target``: the tricks it
    needs (a lone five-player dealer needs fewer); ``unbroken``: it won every trick so far;
    ``march``: the side playing for the march (all tricks), or -1; ``march_len``: the
    tricks of the deal; ``jann``: whether the game has the Jann (vol).

    A side playing for the march must win every trick: the first trick it loses ends the
    deal for the opponents, its last trick with the march (seed 000, 'The Play'). Without
    a march, a side that reaches its target wins the game, unless it won every trick so
    far in a game with the Jann: then it decides whether to stop or to play on.
    """
    if march >= 0:
        if side != march:
            return _FAILED_MARCH
        return _MARCH if number == march_len else _LEAD
    if won >= target:
        return _JANN if jann and unbroken else _GAME
    if number >= march_len:  # pragma: no cover - the targets end every deal
        raise AssertionError("the hands ran out before the deal was decided")
    return _LEAD


# (Final: the members as module constants, which the pure engine reads faster than the
# class's attributes and the compiled one keeps in C variables.)
_LEAD: Final = TrickEnd.LEAD
_JANN: Final = TrickEnd.JANN
_GAME: Final = TrickEnd.GAME
_MARCH: Final = TrickEnd.MARCH
_FAILED_MARCH: Final = TrickEnd.FAILED_MARCH
