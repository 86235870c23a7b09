"""What every figure here shares: a blank figure made without pyplot, its alt text
(:func:`alt_text`), and the ink of each suit (red hearts and diamonds, black clubs and
spades; German suits in their own colours).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from knlib.cards import Card, suit_symbol
from knlib.errors import RulesError
from knlib.games import Ruleset

from ..i18n import tr

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["alt_text", "new_figure", "set_alt", "card_ink", "chosen_symbols", "chosen_words"]


# Ink per suit, as in knlib.render.display: red hearts and diamonds, black clubs and spades;
# German suits (Karniffel) in their own colours. The symbol always names the suit.
_INK = {"C": "#1a1a1a", "S": "#1a1a1a", "H": "#b3261e", "D": "#b3261e"}
_INK_GERMAN = {"C": "#6b4226", "S": "#2e6b30", "H": "#b3261e", "D": "#8a5a00"}
_ALT_ATTR = "knlib_alt"


def new_figure(width: float, height: float, *, layout: bool = True) -> Figure:
    """A matplotlib figure of that size in inches, at 100 dpi; constrained layout unless
    ``layout`` is False."""
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=100, layout="constrained" if layout else None)


def set_alt(fig: Figure, text: str) -> None:
    """Give the figure its one-sentence description, which :func:`alt_text` reads. Shown in
    a notebook, the figure's picture carries it as its metadata (``{"image/png": {"alt":
    text}}``), in the language the notebook runs in; the book's pages take it from there
    (page/figure_alt.py)."""
    setattr(fig, _ALT_ATTR, text)
    fig._repr_mimebundle_ = partial(_picture_metadata, text)  # type: ignore[attr-defined]


def _picture_metadata(text: str, include: object = None,
                      exclude: object = None) -> tuple[dict, dict]:
    """IPython's display protocol for a figure with an alt text: no picture of its own (the
    inline backend draws the PNG), the alt text as the PNG's metadata."""
    return {}, {"image/png": {"alt": text}}


def alt_text(fig: Figure) -> str:
    """The one-sentence description of a figure made here, for the book's alt text."""
    text = getattr(fig, _ALT_ATTR, None)
    if not text:
        raise RulesError(tr("this figure was not made by knbook.pictures, so it has no alt "
                            "text"))
    return text


def card_ink(card: Card, rules: Ruleset) -> str:
    """The colour the card's suit is drawn in (the German-suited games have their own)."""
    return (_INK_GERMAN if rules.german else _INK)[card.suit]


def chosen_symbols(rules: Ruleset, suits: tuple[str, ...]) -> str:
    """The chosen suits' symbols, with spaces."""
    return " ".join(suit_symbol(s) for s in suits)


def chosen_words(rules: Ruleset, suits: tuple[str, ...]) -> str:
    """The chosen suits in words, as the game names them."""
    return rules.chosen_text(suits)
