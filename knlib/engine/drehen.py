"""Drehen und Sehen (seed 000, 'Drehen und Sehen'): a card led face down, an offer to
raise the game's value, which the opponents see (the game is worth one basic stake more)
or run from (they concede at the value so far, or, during a march, the march fails).

:func:`turn_allowed` says when a leader may lead face down, from plain values; the
:class:`~knlib.engine.state.State` plays the two actions (its ``_lead_down`` and
``_answer``) and offers :data:`SEE_RUN` to the side that answers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .actions import RUN, SEE

if TYPE_CHECKING:
    from .game import Game

__all__ = ["turn_allowed", "SEE_RUN"]

#: The answers to a card led face down.
SEE_RUN: Final = (SEE, RUN)


def turn_allowed(game: Game, marching: bool, turns: int, won: int) -> bool:
    """May a leader lead a card face down (``marching``: a march is being played; ``turns``
    and ``won``: the face-down leads the leader's side has led and seen, and the tricks it
    has won)?"""
    drehen = game.drehen
    if drehen is None or (marching and not game.turn_in_march):
        # No drehen in Hattstedt (seed 000, 'Modern Knüffeln'); during a march only under
        # the option drehen_in_march='legal' (seed 000, 'Drehen und Sehen').
        return False
    if drehen == "any":
        return True
    # Bernhard: after the team has won two tricks, again after four (seed 000, 'Early
    # 20th century versions').
    return (turns == 0 and won >= 2) or (turns == 1 and won >= 4)
