"""Figures for the book, drawn with matplotlib (imported lazily, inside each function).

Each function returns a :class:`matplotlib.figure.Figure` made without pyplot, so
nothing is left behind in pyplot's state and the figures work with any backend,
including Agg. Every figure has a title and axis labels, and shows its data by
symbols, text and hatching as well as by shading, never by colour alone (design
guide, "Accessibility"). :func:`alt_text` gives a one-sentence description of
each figure for the book's alt text, in the language it was drawn in; :func:`set_alt` gives
one to a figure drawn elsewhere (a chapter's chart). Shown in a notebook, a figure carries
it in its output, where the book's pages find it.

* :func:`ranking_ladder`, :func:`ranking_ladders` (:mod:`.ladder`): the card ladder of a
  game, drawn from :func:`ladder_rows` (each card's place when led and when played later,
  from the engine; ``tests/test_figure_ladders.py`` checks every pair of cards against
  ``trick_winner``).
* :func:`beats_matrix` (:mod:`.beats`): who beats whom, for a game and its chosen suits.
* :func:`family_timeline` (:mod:`.timeline`): the family from 1426 to today (data:
  :data:`TIMELINE`).
* :func:`stakes_chart` (:mod:`.stakes`): the stakes of three Knüffeln versions (data:
  :mod:`knlib.engine.scoring`), and :func:`ladder_session_figure`, Bernhard's slate
  ladder over a session.

What they share (:mod:`.figure`): a blank figure, its alt text and the ink of each suit.
"""

from __future__ import annotations

from .beats import beats_matrix, beats_table, default_matrix_cards
from .figure import alt_text, set_alt
from .ladder import LadderRow, ladder_rows, ranking_ladder, ranking_ladders
from .stakes import (
    STAKES_VERSIONS,
    LadderPoint,
    Stake,
    ladder_history,
    ladder_session_figure,
    stake_rows,
    stakes_chart,
)
from .timeline import TIMELINE, TimelineEntry, family_timeline

__all__ = [
    "ranking_ladder",
    "ranking_ladders",
    "ladder_rows",
    "LadderRow",
    "beats_matrix",
    "beats_table",
    "default_matrix_cards",
    "family_timeline",
    "stakes_chart",
    "alt_text",
    "set_alt",
    "TIMELINE",
    "TimelineEntry",
    "STAKES_VERSIONS",
    "Stake",
    "stake_rows",
    "LadderPoint",
    "ladder_history",
    "ladder_session_figure",
]
