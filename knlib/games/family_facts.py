"""The facts by which the book compares the family's games, beside their rules: the branch
a game belongs to, the example suits of its role table, and the rules of the table that the
engine leaves to the players (following suit, talk between partners). Each game's module
states its own (:attr:`~.family.Ruleset.BRANCH`, :attr:`~.family.Ruleset.ROLE_EXAMPLE`,
:attr:`~.family.Ruleset.FOLLOW_SUIT`, :attr:`~.family.Ruleset.PARTNER_TALK`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..i18n import marked

__all__ = ["Branch", "RoleExample", "TableRule"]


class Branch(Enum):
    """The family's branches, oldest first (the order in which the book compares them); each
    game belongs to one (:attr:`Ruleset.BRANCH`). A value is the branch's name, marked for
    the catalogue."""

    KARNOEFFEL = marked("Karnöffel")
    KARNIFFEL = marked("Karniffel")
    STYRIVOLT = marked("Stýrivolt")
    KNUEFFELN = marked("Knüffeln")


@dataclass(frozen=True)
class RoleExample:
    """The chosen suits a game's role table shows, and why these: an example in a source
    (``source``, a citation, with the game's words for that example in ``words``: "Leaves
    and Bells, the example"), or another game's example, for comparison (``like``, that
    game's id, with ``words`` naming it as a reader of this game knows it: "Bohmstedt")."""

    chosen: str
    words: str
    source: str = ""
    like: str = ""


@dataclass(frozen=True)
class TableRule:
    """A rule of the table that the engine leaves to the players (following suit, talk
    between partners): the rule in a few words, marked for the catalogue, and where it is
    written ("" where the sources are silent)."""

    words: str
    source: str = ""
