"""The rules (layer 1): each game's tables, tricks, deal procedures and hands.

* :mod:`.games`: the rule set of every game of the family (:func:`~knlib.rules.games.ruleset`),
  with the roles of the cards and the trick rules' open questions;
* :mod:`.tricks`: who wins a trick, and why;
* :mod:`.dealing`: how each game deals, exchanges and seats its players;
* :mod:`.hands`: :class:`~knlib.rules.hands.Hand`, a hand checked against a game's rules.

Imports only downward, from the base modules (``knlib.cards``, ``knlib.errors``,
``knlib.sources``); ``tests/test_layers.py`` checks it. The three helpers below are
re-exported by :mod:`knlib`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..cards import Card
from .games import Role, Ruleset, ruleset

__all__ = ["pack", "roles", "role"]


def pack(game: str | Ruleset) -> tuple[Card, ...]:
    """The cards of a game's pack, in display order."""
    return ruleset(game).pack


def roles(game: str | Ruleset, chosen: str | Iterable[str]) -> Mapping[Card, Role]:
    """Every card of the game's pack with its role under the chosen suit(s)."""
    return ruleset(game).roles(chosen)


def role(game: str | Ruleset, card: str | Card, chosen: str | Iterable[str]) -> Role:
    """The role of one card under the chosen suit(s)."""
    return ruleset(game).role(card, chosen)
