"""knlib: the rules of Knüffeln and its family, able to explain every trick.

Pure Python with no runtime dependencies (it also runs under Pyodide).
Start with :func:`trick_winner`, :func:`explain_trick` and :func:`roles`. It writes in
English or German (:func:`language`, :func:`set_language`, ``KNLIB_LANG``; :mod:`knlib.i18n`).

This module is the public face: it re-exports names from the layers below, which import
only downward (``tests/test_layers.py``), lowest first: the base modules (``cards``,
``errors``, ``sources``), :mod:`knlib.rules` with :mod:`knlib.games` (one module per
game, and the registry), :mod:`knlib.engine`, :mod:`knlib.players`,
:mod:`knlib.sim`, :mod:`knlib.render` and :mod:`knlib.analysis`. Those layers' packages
are imported when first used as attributes:
``import knlib`` then ``knlib.sim.simulate(...)`` works, without importing numpy or the
solver before they are needed.

The book's own code (the course, the practice tools, the command line and the book's
pictures) is the package :mod:`knbook`, beside this one; knlib never imports it.
"""

from __future__ import annotations

import importlib
from typing import Any

# First (it sorts first, too): knlib.accel serves the compiled modules of `make accel`
# from here on, where they may be used.
from .accel import accelerated
from .cards import SUITS, Card, parse_card, parse_cards, parse_suits
from .engine.deal import Action, Deal, new_deal
from .engine.questions import open_questions
from .engine.scoring import Session
from .errors import RulesError
from .games import GAMES, OpenQuestion, Role, Ruleset, pack, role, roles, ruleset
from .i18n import current_language, language, set_language
from .rules.hands import Hand
from .rules.tricks import TrickExplanation, ahead_sequence, explain_trick, fast_table, trick_winner

__version__ = "0.1.0"

__all__ = [
    "accelerated",
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
    "Hand",
    "language",
    "set_language",
    "current_language",
]

#: The layers' packages, imported when first asked for (:func:`__getattr__`).
SUBPACKAGES = ("rules", "games", "engine", "players", "sim", "render", "analysis")


def __getattr__(name: str) -> Any:
    """``knlib.sim``, ``knlib.analysis``, ...: the package, imported on first use."""
    if name in SUBPACKAGES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
