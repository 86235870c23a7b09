"""Play a deal against the computer: the play controller (:class:`PlaySession`) and its
terminal face (:func:`terminal`, ``knlib play``).

The reader holds one seat, a computer player (:mod:`knlib.players.bots`) the partner's
seat and two more the opponents'. The computer players act on their own until the reader
is to act again; every trick is explained as it closes (:func:`knlib.explain_trick`);
their table talk is shown (the hand line of each player when the play begins, the
partner's call before the reader plays, and the announcements that go with a face-down
lead, running and playing on); the deal ends with the payment; a new deal continues the
:class:`knlib.Session` score.

Only what the reader's seat may see is shown: its own hand, the cards face up on the
table and the cards played. A card led face down by an opponent stays hidden until it
is seen.

The modules: :mod:`.session` (the controller: the deal, the score, the reader's moves),
:mod:`.players` (the computer seats), :mod:`.story` (what happened, as values),
:mod:`.advice` (the hint and the review), :mod:`.reader_words` (the table in words for the
reader's seat), and the terminal's face: :mod:`.screen` and :mod:`.terminal`. The
controller's other faces are the practice tool :class:`knbook.tools.play.PlayTool`,
drawn in the page, and its notebook face :class:`knbook.tools.play_widget.PlayWidget`.
"""

from __future__ import annotations

from .players import TABLE_PLAYERS, THINKING_SECONDS, make_table_player, opponents
from .session import PlaySession, transcript
from .story import Event
from .terminal import terminal

__all__ = [
    "PlaySession",
    "Event",
    "terminal",
    "transcript",
    "opponents",
    "make_table_player",
    "TABLE_PLAYERS",
    "THINKING_SECONDS",
]
