"""What may be played in the play: the legal actions of the player on lead or to follow.

Any card of the hand may be led or played, with no duty to follow suit (seed 000, 'The
Play'), but for the first-trick rules on the chosen Sevens (Karniffel and Karnöffel), the
face-down lead (drehen: when, and whether during a march) and a Karniffel director's
concession. ``None`` stands for "any card of the hand": the state's play actions of that
hand, used as they are; :data:`UP_OR_DOWN` for "any card of the hand, face up or face
down" (the usual lead where drehen is allowed), listed only when asked for
(:func:`listed`). The functions take plain values (the game, the hand and its play
actions); the :class:`~knlib.engine.state.State` calls them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ..compiled import mypyc_attr
from .actions import CONCEDE, DOWN_OF, Action

if TYPE_CHECKING:
    from ..cards import Card
    from .game import Game

__all__ = ["lead_actions", "follow_actions", "listed", "UP_OR_DOWN", "Legal"]


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


def listed(legal: Legal, plays: Sequence[Action], hand: Sequence[Card]) -> list[Action]:
    """The legal actions ``legal`` of a player with the play actions ``plays`` of its
    ``hand``, as a fresh list."""
    if legal is None:
        return list(plays)
    if legal is UP_OR_DOWN:
        return [*plays, *map(DOWN_OF.__getitem__, hand)]
    return list(legal)


def lead_actions(game: Game, plays: list[Action], hand: list[Card], first: bool,
                 may_turn: bool) -> Legal:
    """The legal actions of a leader with the play actions ``plays`` of ``hand``
    (``first``: to the first trick; ``may_turn``: may lead face down, :func:`.drehen.
    turn_allowed`); in a game with directors (Karniffel's), the director of the leader's
    side may also concede."""
    acts: list[Action] | None = None
    if first and game.ban is not None:
        # A chosen Seven (the Devil) may not be led to the first trick (seed 002, 'Chosen
        # suits'; seed 003, 'The «Trump» Suit'; seed 004, 'How to Play').
        ban = game.ban
        acts = [a for a in plays if a.card not in ban]
    if may_turn:
        if acts is None and not game.directors:
            return UP_OR_DOWN
        acts = [*(plays if acts is None else acts), *map(DOWN_OF.__getitem__, hand)]
    if game.directors:
        acts = [*(plays if acts is None else acts), CONCEDE]
    return acts


def follow_actions(game: Game, plays: list[Action], first: bool) -> list[Action] | None:
    """The legal actions of a player with the play actions ``plays``, playing to a trick
    already led (``first``: the first trick); in a game with directors (Karniffel's), the
    director of the player's side may also concede."""
    acts: list[Action] | None = None
    if first and game.ban_all:
        # Karnöffel 2024: the Devil may not be played in the first trick at all (seed 004,
        # 'How to Play'; rules/README.md, reading 8).
        ban = game.ban
        acts = [a for a in plays if a.card not in ban]  # type: ignore[operator]
    if game.directors:
        # A Karniffel director may concede whenever a member of the team is to move
        # (seed 002, 'Preliminaries'; DEAL_QUESTIONS 'director').
        acts = [*(plays if acts is None else acts), CONCEDE]
    return acts
