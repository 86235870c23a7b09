"""The games of the family: one module per game, and the registry that lists them.

Each game is one module holding its rule set (a :class:`Ruleset` subclass): the trick
rules, the deal procedure (:attr:`Ruleset.procedure`), the stakes and how the score is
kept (:attr:`Ruleset.stakes`), the named options and the open questions of the tricks,
the deal and the scoring:

* :mod:`.knueffeln`: Knüffeln in Bohmstedt, in Hattstedt, by Bernhard (1924) and by
  Grünberg (1938);
* :mod:`.styrivolt`: Stýrivolt;
* :mod:`.karniffel`: Karniffel (Thuringia 1783);
* :mod:`.karnoeffel`: Karnöffel with one chosen suit, and the 2024 single ranking.

What they share is in :mod:`.family` (the rule set, options, open questions),
:mod:`.family_facts` (a game's branch, its role-table example, its table's rules), :mod:`.roles`
(a card's role), :mod:`.procedure` (a deal procedure), :mod:`.stakes` (what a deal is worth,
who pays whom) and :mod:`.two_suits` (the Olen and the chain rule's tables of Knüffeln and
Stýrivolt). Each game's module also holds its words: its glossary terms
(:attr:`Ruleset.glossary_terms`, a :class:`~.terms.Term` each; Knüffeln's long list is in
:mod:`.knueffeln_terms`). This package imports only the base modules; :mod:`knlib.rules`
(tricks, the deal, hands) and everything above it read the games from here.

The registry (:data:`RULESETS`, :data:`GAMES`, :func:`ruleset`) lists the games by id;
each id is part of the public API. :func:`branch_heads` gives the game that heads each
branch of the family. :func:`registered` adds a game for a while (a variant
of one's own, or a test's toy game).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager

from ..cards import Card
from ..counts import shown
from ..errors import RulesError
from ..i18n import tr
from .family import (
    Branch,
    ChainRuleset,
    OpenQuestion,
    Option,
    PriorityRuleset,
    Role,
    RoleClass,
    RoleExample,
    Ruleset,
    TableRule,
    shared_ruleset,
)
from .karniffel import Karniffel
from .karnoeffel import Karnoeffel, Karnoffel2024
from .knueffeln import Bernhard1924, Bohmstedt, Gruenberg1938, Hattstedt
from .procedure import Procedure
from .stakes import Stakes
from .styrivolt import Styrivolt

__all__ = [
    "GAMES",
    "RULESETS",
    "KNUEFFELN",
    "STYRIVOLT",
    "KARNIFFEL",
    "KARNOEFFEL",
    "HATTSTEDT",
    "BERNHARD_1924",
    "GRUENBERG_1938",
    "KARNOFFEL_2024",
    "ruleset",
    "registered",
    "game_ids",
    "branch_heads",
    "procedure",
    "stakes",
    "deal_value",
    "pack",
    "roles",
    "role",
    "Ruleset",
    "ChainRuleset",
    "PriorityRuleset",
    "Role",
    "RoleClass",
    "Option",
    "OpenQuestion",
    "Branch",
    "RoleExample",
    "TableRule",
]

#: The rule sets by game id, in the order the book presents them (:func:`registered` adds
#: to it for a while).
RULESETS: dict[str, type[Ruleset]] = {
    cls.id: cls
    for cls in (Bohmstedt, Hattstedt, Bernhard1924, Gruenberg1938, Styrivolt, Karniffel,
                Karnoeffel, Karnoffel2024)
}
#: The ids of the family's games, in the order the book presents them.
GAMES: tuple[str, ...] = tuple(RULESETS)
#: Today's Knüffeln (Bohmstedt), the game a rule set, a hand or a lesson means when no
#: game is named.
KNUEFFELN: str = Bohmstedt.id
#: The ids the book names its other games by.
STYRIVOLT: str = Styrivolt.id
KARNIFFEL: str = Karniffel.id
KARNOEFFEL: str = Karnoeffel.id
#: The ids of the other versions: Knüffeln in Hattstedt, Bernhard's (1924) and Grünberg's
#: (1938), and the single-ranking Karnoffel of 2024.
HATTSTEDT: str = Hattstedt.id
BERNHARD_1924: str = Bernhard1924.id
GRUENBERG_1938: str = Gruenberg1938.id
KARNOFFEL_2024: str = Karnoffel2024.id


def game_ids() -> tuple[str, ...]:
    """Every registered game id: :data:`GAMES`, then any game :func:`registered` added."""
    return tuple(RULESETS)


def branch_heads() -> tuple[str, ...]:
    """The game that heads each branch of the family, in the family's order (oldest first,
    :class:`Branch`): the first registered game of that branch."""
    heads: dict[Branch, str] = {}
    for game, cls in RULESETS.items():
        if cls.BRANCH is not None:
            heads.setdefault(cls.BRANCH, game)
    return tuple(heads[b] for b in Branch if b in heads)


@contextmanager
def registered(cls: type[Ruleset]) -> Iterator[type[Ruleset]]:
    """Register a game of one's own for the ``with`` block, then take it out again:
    ``with registered(MyVariant): knlib.new_deal("my-variant")``. The class is a
    :class:`Ruleset` subclass with a new ``id``, its ``procedure`` and its ``stakes``."""
    if not (isinstance(cls, type) and issubclass(cls, Ruleset)):
        raise RulesError(tr("{value} is not a game: a game is a Ruleset subclass",
                            value=shown(cls)))
    if cls.id in RULESETS:
        raise RulesError(tr("{value} is a game already: choose another id", value=shown(cls.id)))
    for name in ("procedure", "stakes"):
        if not hasattr(cls, name):
            raise RulesError(tr("{value} has no {name}: a game needs its deal procedure and "
                                "its stakes", value=shown(cls.id), name=name))
    RULESETS[cls.id] = cls
    try:
        yield cls
    finally:
        del RULESETS[cls.id]


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
                            value=shown(game), choices=", ".join(RULESETS)))
    for name, value in options.items():
        if value.__hash__ is None:  # a list or a dict: never one of an option's choices
            raise RulesError(tr(
                "{value} is not a choice for option {option} of {game}: a choice is a word "
                "(knlib.open_questions({game_id}) lists them)", value=shown(value),
                option=shown(name), game=game, game_id=shown(game)))
    return _cached(game, tuple(sorted(options.items())))


def procedure(game: str | Ruleset) -> Procedure:
    """How a game is dealt (:attr:`Ruleset.procedure`)."""
    return ruleset(game).procedure


def stakes(game: str | Ruleset) -> Stakes:
    """What a deal of a game is worth (:attr:`Ruleset.stakes`)."""
    return ruleset(game).stakes


def deal_value(game: str | Ruleset, kind: str, turns: int = 0, lone: bool = False) -> int:
    """The stake of a finished deal; see :meth:`~knlib.games.stakes.Stakes.value`."""
    return stakes(game).value(kind, turns, lone)


def pack(game: str | Ruleset) -> tuple[Card, ...]:
    """The cards of a game's pack, in display order."""
    return ruleset(game).pack


def roles(game: str | Ruleset, chosen: str | Iterable[str]) -> Mapping[Card, Role]:
    """Every card of the game's pack with its role under the chosen suit(s)."""
    return ruleset(game).roles(chosen)


def role(game: str | Ruleset, card: str | Card, chosen: str | Iterable[str]) -> Role:
    """The role of one card under the chosen suit(s)."""
    return ruleset(game).role(card, chosen)
