"""What every figure here shares: a blank figure made without pyplot, its alt text
(:func:`alt_text`), and the ink of each suit (red hearts and diamonds, black clubs and
spades; German suits in their own colours).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import Card, suit_symbol
from ...errors import RulesError
from ...i18n import tr
from ...rules.games import Ruleset

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["alt_text"]


# Ink per suit, as in knlib.render.display: red hearts and diamonds, black clubs and spades;
# German suits (Karniffel) in their own colours. The symbol always names the suit.
_INK = {"C": "#1a1a1a", "S": "#1a1a1a", "H": "#b3261e", "D": "#b3261e"}
_INK_GERMAN = {"C": "#6b4226", "S": "#2e6b30", "H": "#b3261e", "D": "#8a5a00"}
_ALT_ATTR = "knlib_alt"


def _figure(width: float, height: float, *, layout: bool = True) -> Figure:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=100, layout="constrained" if layout else None)


def _set_alt(fig: Figure, text: str) -> None:
    setattr(fig, _ALT_ATTR, text)


def alt_text(fig: Figure) -> str:
    """The one-sentence description of a figure made here, for the book's alt text."""
    text = getattr(fig, _ALT_ATTR, None)
    if not text:
        raise RulesError(tr("this figure was not made by knlib.render.plots, so it has no alt "
                            "text"))
    return text


def _ink(card: Card, rules: Ruleset) -> str:
    return (_INK_GERMAN if rules.german else _INK)[card.suit]


def _chosen_symbols(rules: Ruleset, suits: tuple[str, ...]) -> str:
    return " ".join(suit_symbol(s) for s in suits)


def _chosen_words(rules: Ruleset, suits: tuple[str, ...]) -> str:
    return rules.chosen_text(suits)
