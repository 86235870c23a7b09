"""knlib: the rules of Knüffeln and its family, able to explain every trick.

Pure Python with no runtime dependencies (it also runs under Pyodide).
Start with :func:`trick_winner`, :func:`explain_trick` and :func:`roles`.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import SUITS, Card, parse_card, parse_cards, parse_suits
from .deal import Action, Deal, new_deal
from .errors import RulesError
from .games import GAMES, OpenQuestion, Role, Ruleset, open_questions, ruleset
from .scoring import Session
from .tricks import TrickExplanation, ahead_sequence, explain_trick, fast_table, trick_winner

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Deal",
    "Session",
    "new_deal",
    "GAMES",
    "SUITS",
    "Card",
    "OpenQuestion",
    "Role",
    "Ruleset",
    "RulesError",
    "TrickExplanation",
    "ahead_sequence",
    "explain_trick",
    "fast_table",
    "open_questions",
    "pack",
    "parse_card",
    "parse_cards",
    "parse_suits",
    "role",
    "roles",
    "ruleset",
    "trick_winner",
]


def pack(game: str | Ruleset) -> tuple[Card, ...]:
    """The cards of a game's pack, in display order."""
    return ruleset(game).pack


def roles(game: str | Ruleset, chosen: str | Iterable[str]) -> dict[Card, Role]:
    """Every card of the game's pack with its role under the chosen suit(s)."""
    return ruleset(game).roles(chosen)


def role(game: str | Ruleset, card: str | Card, chosen: str | Iterable[str]) -> Role:
    """The role of one card under the chosen suit(s)."""
    return ruleset(game).role(card, chosen)

# The picture layer: a Hand value type (knlib.hands); SVG/HTML in knlib.display,
# figures in knlib.plots (matplotlib, imported on use).
from .hands import Hand  # noqa: E402

__all__ += ["Hand"]
