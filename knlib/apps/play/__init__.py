"""Play a deal against the computer: in the notebook (:class:`PlayWidget`) and in the
terminal (:func:`terminal`, ``python -m knlib play``).

Both front ends drive one model, :class:`Table`: the reader holds one seat, a computer
player (:mod:`knlib.players.bots`) the partner's seat and two more the opponents'. The computer
players act on their own until the reader is to act again; every trick is explained as
it closes (:func:`knlib.explain_trick`); their table talk is shown (the hand line of
each player when the play begins, the partner's call before the reader plays, and the
announcements that go with a face-down lead, running and playing on); the deal ends
with the payment; a new deal continues the :class:`knlib.Session` score.

Only what the reader's seat may see is shown: its own hand, the cards face up on the
table and the cards played. A card led face down by an opponent stays hidden until it
is seen.

The modules: :mod:`.table` (the model and its story), :mod:`.words` (the table in words
for the reader's seat), :mod:`.widget` (the notebook face of the practice tool
:class:`knlib.apps.tools.play.PlayTool`, which draws the table in the page too) and
:mod:`.terminal`.
"""

from __future__ import annotations

from typing import Any

from .table import TABLE_PLAYERS, Event, Table, make_table_player, opponents, transcript
from .terminal import terminal

__all__ = [
    "Table",
    "Event",
    "PlayWidget",
    "terminal",
    "transcript",
    "opponents",
    "make_table_player",
    "TABLE_PLAYERS",
]


def __getattr__(name: str) -> Any:
    """:class:`PlayWidget` is imported when first asked for: it is the notebook face of
    :class:`knlib.apps.tools.play.PlayTool`, which imports this package's table."""
    if name == "PlayWidget":
        from .widget import PlayWidget

        return PlayWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
