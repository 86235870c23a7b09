"""Deal analysis: best play with all cards face up, and the review of a played deal.

* :func:`solve`: the value of every legal action of a deal in its play phase, with one
  line of best play (:class:`~knlib.analysis.solver.Solution`).
* :func:`review`: every play-phase decision of a played deal, with the best-play value
  before and after it (:class:`~knlib.analysis.review.Review`).

Pure Python (it runs under Pyodide). "With all cards face up" means each side knows
every card, as in a bridge double-dummy analysis: the values say what could be done,
not what a player could know at the table.
"""

from __future__ import annotations

from .review import Review, ReviewEntry, review
from .search import Options
from .solver import Solution, Solver, solve
from .table import TranspositionTable

__all__ = ["solve", "review", "Solution", "Solver", "Review", "ReviewEntry", "Options",
           "TranspositionTable"]
