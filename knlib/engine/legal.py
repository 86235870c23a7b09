"""What may be played in the play: the legal actions of the player on lead or to follow.

Any card of the hand may be led or played, with no duty to follow suit (seed 000, 'The
Play'), but for the first-trick rules on the chosen Sevens (Karniffel and Karnöffel), the
face-down lead (drehen: when, and whether during a march) and a Karniffel director's
concession. ``None`` stands for "any card of the hand": the state's play actions of that
hand, used as they are; :data:`UP_OR_DOWN` for "any card of the hand, face up or face
down" (the usual lead where drehen is allowed), listed only when asked for
(:func:`listed`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ..compiled import mypyc_attr
from .actions import CONCEDE, DOWN_OF, Action

if TYPE_CHECKING:
    from .state import State

__all__ = ["lead_actions", "follow_actions", "turn_allowed", "listed", "UP_OR_DOWN", "Legal"]


@mypyc_attr(native_class=False)  # a tuple
class _UpOrDown(tuple):
    """The marker :data:`UP_OR_DOWN` (an empty tuple of its own class, told apart by
    identity)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UP_OR_DOWN"


#: "Any card of the hand, led face up or face down": the play actions of the hand, then its
#: face-down leads, in the hand's order (:func:`listed`).
UP_OR_DOWN: Final[tuple[Action, ...]] = _UpOrDown()
#: A state's legal actions as it keeps them: a sequence, None (any card of the hand) or
#: :data:`UP_OR_DOWN`.
Legal = Sequence[Action] | None


def listed(state: State, legal: Legal) -> list[Action]:
    """The legal actions ``legal`` of the player to move, as a fresh list."""
    seat: int = state._to_move  # type: ignore[assignment]
    if legal is None:
        return state._pacts[seat][:]
    if legal is UP_OR_DOWN:
        return [*state._pacts[seat], *map(DOWN_OF.__getitem__, state._hands[seat])]
    return list(legal)


def turn_allowed(state: State, seat: int) -> bool:
    """May ``seat``, on lead, lead a card face down?"""
    game = state._game
    drehen = game.drehen
    if drehen is None or (state._march >= 0 and not game.turn_in_march):
        # No drehen in Hattstedt (seed 000, 'Modern Knüffeln'); during a march only under
        # the option drehen_in_march='legal' (seed 000, 'Drehen und Sehen').
        return False
    if drehen == "any":
        return True
    # Bernhard: after the team has won two tricks, again after four (seed 000, 'Early
    # 20th century versions').
    side = state._set.seat.side[seat]
    t, won = state._turns_side[side], state._won[side]
    return (t == 0 and won >= 2) or (t == 1 and won >= 4)


def lead_actions(state: State) -> Legal:
    """The legal actions of the player to move, on lead."""
    seat: int = state._to_move  # type: ignore[assignment]
    acts: list[Action] | None = None
    game = state._game
    if game.ban is not None and not state._tricks:
        # A chosen Seven (the Devil) may not be led to the first trick (seed 002, 'Chosen
        # suits'; seed 003, 'The «Trump» Suit'; seed 004, 'How to Play').
        ban = game.ban
        acts = [a for a in state._pacts[seat] if a.card not in ban]
    if game.drehen is not None and turn_allowed(state, seat):
        if acts is None and not state._set.directors:
            return UP_OR_DOWN
        acts = [*(state._pacts[seat] if acts is None else acts),
                *map(DOWN_OF.__getitem__, state._hands[seat])]
    if state._set.directors:
        acts = [*(state._pacts[seat] if acts is None else acts), CONCEDE]
    return acts


def follow_actions(state: State, seat: int) -> list[Action] | None:
    """The legal actions of ``seat``, playing to a trick already led."""
    acts: list[Action] | None = None
    game = state._game
    if game.ban_all and not state._tricks:
        # Karnöffel 2024: the Devil may not be played in the first trick at all (seed 004,
        # 'How to Play'; rules/README.md, reading 8).
        ban = game.ban
        acts = [a for a in state._pacts[seat] if a.card not in ban]  # type: ignore[operator]
    if state._set.directors:
        # A Karniffel director may concede whenever a member of the team is to move
        # (seed 002, 'Preliminaries'; DEAL_QUESTIONS 'director').
        acts = [*(state._pacts[seat] if acts is None else acts), CONCEDE]
    return acts
