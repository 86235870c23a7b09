"""The games of the family, by id. Each id is part of the public API."""

from __future__ import annotations

from ...counts import shown
from ...errors import RulesError
from ...i18n import tr
from .base import (
    ChainRuleset,
    OpenQuestion,
    Option,
    PriorityRuleset,
    Role,
    RoleClass,
    Ruleset,
    shared_ruleset,
)
from .karniffel import Karniffel
from .karnoeffel import Karnoeffel, Karnoffel2024
from .knueffeln import Bernhard1924, Bohmstedt, Gruenberg1938, Hattstedt, Styrivolt

__all__ = [
    "GAMES",
    "RULESETS",
    "ruleset",
    "Ruleset",
    "ChainRuleset",
    "PriorityRuleset",
    "Role",
    "RoleClass",
    "Option",
    "OpenQuestion",
]

RULESETS: dict[str, type[Ruleset]] = {
    cls.id: cls
    for cls in (Bohmstedt, Hattstedt, Bernhard1924, Gruenberg1938, Styrivolt, Karniffel,
                Karnoeffel, Karnoffel2024)
}
#: The game ids, in the order the book presents them.
GAMES: tuple[str, ...] = tuple(RULESETS)


def _cached(game: str, options: tuple[tuple[str, str], ...]) -> Ruleset:
    return shared_ruleset(RULESETS[game], options)


def ruleset(game: str | Ruleset, **options: str) -> Ruleset:
    """The rule set of a game id, with named options for the open readings.

    ``ruleset('karnoeffel', stecher_blocked_by='any_suit')``. A Ruleset passes through.
    """
    if isinstance(game, Ruleset):
        if options:
            return ruleset(game.id, **{**game.options, **options})
        return game
    if not isinstance(game, str) or game not in RULESETS:
        raise RulesError(tr("{value} is not a game: choose one of {choices}",
                            value=shown(game), choices=", ".join(GAMES)))
    for name, value in options.items():
        if value.__hash__ is None:  # a list or a dict: never one of an option's choices
            raise RulesError(tr(
                "{value} is not a choice for option {option} of {game}: a choice is a word "
                "(knlib.open_questions({game_id}) lists them)", value=shown(value),
                option=shown(name), game=game, game_id=shown(game)))
    return _cached(game, tuple(sorted(options.items())))

