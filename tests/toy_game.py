"""A toy game of the family, defined in this one module: Karniffel without the Sixes.

Thirty-two cards, so no Pope (the chosen Six) among the trumps: the chosen Unter comes
right after the Ober, and the unchosen suits end at the Seven. The deal and the play are
Karniffel's (seed 002), but for four players only, without a cut, and a won deal is worth
two points from each loser to each winner. It exists for tests/test_toy_game.py, which
registers it (:func:`knlib.games.registered`) and runs the public API on it: a new game is
one class with its procedure and its stakes.
"""

from __future__ import annotations

from dataclasses import replace

from knlib.games.karniffel import KARNIFFEL_DEAL, KARNIFFEL_STAKES, Karniffel

#: The toy's id.
TOY = "karniffel-no-sixes"


class KarniffelWithoutSixes(Karniffel):
    """Karniffel with a 32-card pack (no Sixes), four players, no cut, two points."""

    id = TOY
    TITLE = "Karniffel without Sixes (a toy)"
    pack_ranks = (7, 8, 9, 10, 11, 12, 13, 14)
    pack_source = "tests/toy_game.py: 32 cards, Daus to Seven"
    max_table = 4
    procedure = replace(KARNIFFEL_DEAL, game=TOY, players=(4,), cut=False,
                        cut_source="tests/toy_game.py: no cut")
    stakes = replace(KARNIFFEL_STAKES, game=TOY, basic=2,
                     source="tests/toy_game.py: two points from each loser to each winner")
    DEAL_QUESTIONS = (
        ("toy_cut", "The toy's cut", "Is the pack cut?", "No: the toy is never cut.",
         "tests/toy_game.py"),
    )
