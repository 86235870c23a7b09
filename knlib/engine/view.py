"""The read-only face of a deal in progress: what narration, explanation and the observer
may read of a :class:`~knlib.engine.state.State`.

:class:`StateView` lists the public, read-only properties they use (a State, and a
:class:`knlib.Deal`, has them all: :class:`~knlib.engine.fields.StateFields`). These
modules import this protocol, never the State: the State imports them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ..cards import Card
    from ..kinds import Phase
    from ..seats import Seating
    from .actions import Action
    from .game import Game
    from .records import Result, Trick

__all__ = ["StateView"]


class StateView(Protocol):
    """A deal in progress, read only."""

    def get_game(self) -> Game: ...

    def legal_actions(self) -> list[Action]: ...

    @property
    def to_move(self) -> int | None: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...

    @property
    def stock(self) -> tuple[Card, ...]: ...

    @property
    def table(self) -> tuple[Card, ...]: ...

    @property
    def bottom_seen(self) -> bool: ...

    @property
    def exchanges(self) -> tuple[tuple[int, Card, Card], ...]: ...

    @property
    def exchange_offer(self) -> tuple[str, int, Card, tuple[Card, ...]] | None: ...

    @property
    def seating(self) -> Seating: ...

    @property
    def solo(self) -> bool | None: ...

    @property
    def directors(self) -> tuple[int, ...]: ...

    @property
    def tricks(self) -> tuple[Trick, ...]: ...

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]: ...

    @property
    def tricks_won(self) -> tuple[int, ...]: ...

    @property
    def turns_accepted(self) -> int: ...

    @property
    def turns_by_side(self) -> tuple[int, int]: ...

    @property
    def marching(self) -> int | None: ...

    @property
    def march_length(self) -> int: ...

    @property
    def result(self) -> Result | None: ...
