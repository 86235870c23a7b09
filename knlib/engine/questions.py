"""What the sources leave open in a whole game: one list per game, with the readings used.

The trick rules' questions come from the rule set (:meth:`Ruleset.open_questions`), the
deal's and the scoring's from :func:`knlib.engine.deal.deal_questions` (each game's own
deal and scoring questions). A picture of the list takes it as a value
(:func:`knlib.render.display.open_questions_html`): the pictures never import this module.
"""

from __future__ import annotations

from ..games import OpenQuestion, Ruleset, ruleset
from .deal import deal_questions

__all__ = ["open_questions"]


def open_questions(game: str | Ruleset) -> list[OpenQuestion]:
    """What the sources leave open for a game, each with its default reading and source
    (the trick rules, then the deal and scoring from :mod:`knlib.engine.deal`)."""
    return ruleset(game).open_questions() + deal_questions(game)
