"""Who beats whom, for a game and its chosen suits (:func:`beats_matrix`, from
:func:`beats_table`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from knlib.cards import SUITS, Card
from knlib.errors import RulesError
from knlib.games import Ruleset, ruleset
from knlib.games.family import RoleClass
from knlib.render.display import card_label, classes_by_strength
from knlib.render.picture_words import class_text
from knlib.rules.tricks import takes_relation

from ..i18n import tr
from .figure import card_ink, chosen_symbols, chosen_words, new_figure, set_alt

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["beats_matrix", "beats_table", "default_matrix_cards"]


# -- who beats whom -------------------------------------------------------------------------


def default_matrix_cards(game: str | Ruleset, chosen: str | Iterable[str]) -> list[Card]:
    """The cards a beats matrix shows by default, strongest class first (as in the ladder
    and the role table): the permanent top cards
    (Olen, beasts, stickers), every card of the chosen suit(s), and a few representatives
    of the unchosen suits (the top cards of one suit, its lowest card, and the top card
    of a second suit)."""
    rules = ruleset(game)
    suits = rules.check_chosen(chosen)
    roles = rules.roles(suits)
    keep = {c for c in rules.pack if c.suit in suits or roles[c].klass in
            (RoleClass.OLE, RoleClass.BEAST, RoleClass.STICKER)}
    unchosen = [s for s in SUITS if s not in suits]
    ranks = sorted(rules.pack_ranks, reverse=True)
    wanted = ranks[:4] + [ranks[-1]]
    first = [Card.of(unchosen[0], r) for r in wanted]
    keep.update(c for c in first if c not in keep)
    if len(unchosen) > 1:
        keep.add(Card.of(unchosen[1], ranks[0]))
    return [c for _, members in classes_by_strength(rules, suits) for c in members if c in keep]


def beats_table(game: str | Ruleset, chosen: str | Iterable[str],
                cards: Sequence[Card | str]) -> list[list[bool | None]]:
    """``table[i][j]`` is True where card ``j``, played after card ``i`` was led, takes
    the lead; None on the diagonal. Asked of the engine's one relation
    (:class:`~knlib.rules.tricks.Takes`)."""
    rules = ruleset(game)
    takes = takes_relation(rules, chosen)
    cs = rules.check_cards(cards)
    return [[None if c is x else takes.led(c, x) for c in cs] for x in cs]


def beats_matrix(game: str | Ruleset, chosen: str | Iterable[str],
                 cards: Sequence[Card | str] | None = None) -> Figure:
    """Who beats whom: rows are the card ahead (as if it had been led), columns the card
    played after it. A "●" on a shaded cell marks that the later card takes the lead; an
    empty cell, that the card ahead stays ahead. The diagonal (a card against itself) is
    hatched. Default cards: :func:`default_matrix_cards`."""
    import numpy as np
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch, Rectangle

    rules = ruleset(game)
    suits = rules.check_chosen(chosen)
    cs = rules.check_cards(cards) if cards is not None else default_matrix_cards(rules, suits)
    if len(cs) < 2:
        raise RulesError(tr("a beats matrix needs at least two cards"))
    table = beats_table(rules, suits, cs)
    n = len(cs)
    grid = np.array([[1.0 if v else 0.0 for v in row] for row in table])
    side = 1.2 + 0.21 * n
    fig = new_figure(side + 1.4, side + 0.9)
    ax = fig.subplots()
    ax.imshow(grid, cmap="Greys", vmin=0, vmax=3.2, interpolation="nearest", aspect="equal")
    rows, cols = np.nonzero(grid)
    markers = ax.scatter(cols, rows, marker="o", s=22, c="#111111", linewidths=0, zorder=3)
    markers.set_gid("beats-markers")
    for i in range(n):
        ax.add_patch(Rectangle((i - 0.5, i - 0.5), 1, 1, fc="white", ec="#777777", lw=0.5,
                               hatch="////", zorder=2))
    labels = [card_label(c, rules) for c in cs]
    ax.set_xticks(range(n), labels, rotation=90, fontsize=10)
    ax.set_yticks(range(n), labels, fontsize=10)
    for tick, c in zip(ax.get_xticklabels(), cs, strict=True):
        tick.set_color(card_ink(c, rules))
        tick.set_fontweight("bold")
    for tick, c in zip(ax.get_yticklabels(), cs, strict=True):
        tick.set_color(card_ink(c, rules))
        tick.set_fontweight("bold")
    ax.tick_params(length=0, labeltop=True, labelbottom=True)
    ax.set_xticks(np.arange(-0.5, n), minor=True)
    ax.set_yticks(np.arange(-0.5, n), minor=True)
    ax.grid(which="minor", color="#cccccc", lw=0.4)
    ax.tick_params(which="minor", length=0)
    # Thicker lines between role classes, and the class names on the right.
    roles = rules.roles(suits)
    start = 0
    for i in range(1, n + 1):
        if i == n or roles[cs[i]].klass != roles[cs[i - 1]].klass:
            if i < n:
                ax.axhline(i - 0.5, color="#555555", lw=1.1)
                ax.axvline(i - 0.5, color="#555555", lw=1.1)
            ax.text(1.01, (start + i - 1) / 2, class_text(roles[cs[i - 1]].klass), fontsize=10,
                    fontstyle="italic", va="center", ha="left", transform=ax.get_yaxis_transform(),
                    gid=f"class:{roles[cs[i - 1]].klass}")
            start = i
    ax.set_xlabel(tr("challenger: the card played later"), fontsize=10.5)
    ax.set_ylabel(tr("card ahead (as if it had been led)"), fontsize=10.5)
    ax.set_title(tr("Who beats whom: {game}, chosen {suits}", game=rules.title,
                    suits=chosen_symbols(rules, suits)), fontsize=11)
    ax.legend(handles=[
        Line2D([], [], marker="o", ls="", color="#111111", markersize=5,
               markerfacecolor="#111111", label=tr("the challenger takes the lead")),
        Patch(fc="white", ec="#777777", label=tr("blank: the card ahead stays ahead")),
        Patch(fc="white", ec="#777777", hatch="////", label=tr("the same card")),
    ], loc="upper center", bbox_to_anchor=(0.5, -0.09), ncols=2, fontsize=10, frameon=False)
    wins = int(grid.sum())
    set_alt(fig, tr(
        "A {n} by {n} grid for {game} with {chosen} chosen, showing for each card ahead (rows) "
        "which later cards take the lead (columns): {wins} of {pairs} pairs are marked with a "
        "dot.", n=n, game=rules.title, chosen=chosen_words(rules, suits), wins=wins,
        pairs=n * (n - 1)))
    return fig
