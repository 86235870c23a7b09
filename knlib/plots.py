"""Figures for the book, drawn with matplotlib (imported lazily, inside each function).

Each function returns a :class:`matplotlib.figure.Figure` made without pyplot, so
nothing is left behind in pyplot's state and the figures work with any backend,
including Agg. Every figure has a title and axis labels, and shows its data by
symbols, text and hatching as well as by shading, never by colour alone (design
guide, "Accessibility"). :func:`alt_text` gives a one-sentence description of
each figure for the book's alt text.

* :func:`ranking_ladder`, :func:`ranking_ladders`: the card hierarchy of a game.
* :func:`beats_matrix`: who beats whom, for a game and its chosen suits.
* :func:`family_timeline`: the family from 1426 to today (data: :data:`TIMELINE`).
* :func:`stakes_chart`: the stakes of three Knüffeln versions (data: :mod:`knlib.scoring`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import SUITS, Card, suit_symbol
from .display import card_label, classes_by_strength
from .errors import RulesError
from .games import Ruleset, ruleset

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = [
    "ranking_ladder",
    "ranking_ladders",
    "beats_matrix",
    "beats_table",
    "default_matrix_cards",
    "family_timeline",
    "stakes_chart",
    "alt_text",
    "TIMELINE",
    "TimelineEntry",
    "STAKES_VERSIONS",
    "Stake",
    "stake_rows",
]

# Ink per suit, as in knlib.display: red hearts and diamonds, black clubs and spades;
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
        raise RulesError("this figure was not made by knlib.plots, so it has no alt text")
    return text


def _ink(card: Card, rules: Ruleset) -> str:
    return (_INK_GERMAN if rules.german else _INK)[card.suit]


def _chosen_symbols(rules: Ruleset, suits: tuple[str, ...]) -> str:
    return " ".join(suit_symbol(s) for s in suits)


def _chosen_words(rules: Ruleset, suits: tuple[str, ...]) -> str:
    return rules.chosen_text(suits)


# -- the ranking ladder ---------------------------------------------------------------------


@dataclass(frozen=True)
class _Rung:
    klass: str
    label: str
    cards: tuple[Card, ...]


def _rungs(rules: Ruleset, suits: tuple[str, ...]) -> list[_Rung]:
    """The ladder's rungs, top down: within each role class (strongest class first), the
    cards of equal strength, or of the same name, share a rung."""
    roles = rules.roles(suits)
    out: list[_Rung] = []
    for klass, members in classes_by_strength(rules, suits):
        groups: list[list[Card]] = []
        for c in members:
            if groups and _same_rung(rules, suits, groups[-1][-1], c):
                groups[-1].append(c)
            else:
                groups.append([c])
        for g in groups:
            out.append(_Rung(klass, _rung_label([roles[c] for c in g]), tuple(g)))
    return out


def _same_rung(rules: Ruleset, suits: tuple[str, ...], a: Card, b: Card) -> bool:
    """Two cards (neighbours in a class, by strength) share a rung if they have the same
    name (the unchosen Kings of two suits), or the same strength and the same rank (a
    chosen and an unchosen Ten in the single ranking), the same local term (Frikort: the
    chosen Nine and Eight) or no order between them (two chosen leaders)."""
    ra, rb = rules.roles(suits)[a], rules.roles(suits)[b]
    if ra.name == rb.name:
        return True
    if rules.strength(a, suits) != rules.strength(b, suits):
        return False
    return (a.rank == b.rank or (ra.term is not None and ra.term == rb.term)
            or (ra.chosen and rb.chosen and ra.suit_rank == rb.suit_rank == 0))


def _rung_label(rs: Sequence[Any]) -> str:
    names = list(dict.fromkeys(r.name for r in rs))
    if len(names) == 1:
        label = rs[0].label
        if len(label) <= 30:
            return label
        return rs[0].term or rs[0].name.split(",")[0]
    terms = {r.term for r in rs}
    words = [n.split(" ", 1) for n in names]
    if all(len(w) == 2 for w in words) and len({w[0] for w in words}) == 1:
        joined = f"{words[0][0]} {' / '.join(w[1] for w in words)}"  # 'chosen Nine / Eight'
    else:
        joined = " / ".join(names)
    if len(terms) == 1 and rs[0].term:
        return f"{rs[0].term} ({joined})" if len(joined) + len(rs[0].term) <= 27 else rs[0].term
    return joined if len(joined) <= 30 else rs[0].klass


# Ladder geometry, in inches. The ladders are laid out by hand (no layout engine): the
# widths of their text columns are estimated from the longest label, which keeps the
# figures fast to draw.
_LINE_H = 0.28
_CHIP_W = 0.42
_TOP = 0.62
_BOTTOM = 0.42


def _ladder_margins(rungs: list[_Rung], ylabel: bool) -> tuple[float, float]:
    """Room for the rung labels on the left and the class names on the right."""
    left = max(len(r.label) for r in rungs) * 0.066 + 0.15 + (0.3 if ylabel else 0.0)
    right = max(len(r.klass) for r in rungs) * 0.07 + 0.2
    return left, right


def ranking_ladder(game: str | Ruleset, chosen: str | Iterable[str], ax: Axes | None = None,
                   *, per_line: int = 8) -> Figure:
    """A game's card hierarchy as a ladder, strongest at the top.

    Cards are grouped by role class (shaded bands, named on the right) and within a
    class by strength (:meth:`~knlib.games.Ruleset.strength`); cards of equal strength
    share a rung, named on the left. Each card is one label, written as the game writes
    it (suit symbol and rank), with a dashed frame for the chosen suits. The order is a
    guide: in the chain games a card's power depends on the card it meets.
    """
    rules = ruleset(game)
    suits = rules.check_chosen(chosen)
    rungs = _rungs(rules, suits)
    lines = [max(1, -(-len(r.cards) // per_line)) for r in rungs]
    total = sum(lines)
    width_cards = max(4, min(per_line, max(len(r.cards) for r in rungs)))
    if ax is None:
        left, right = _ladder_margins(rungs, True)
        w, h = left + width_cards * _CHIP_W + right, _TOP + total * _LINE_H + _BOTTOM
        fig = _figure(w, h, layout=False)
        ax = fig.add_axes((left / w, _BOTTOM / h, width_cards * _CHIP_W / w,
                           total * _LINE_H / h))
    else:
        fig = ax.figure  # type: ignore[assignment]
    _draw_ladder(ax, rules, suits, rungs, lines, width_cards)
    title = f"{rules.title}: card ladder\nchosen {_chosen_symbols(rules, suits)}"
    ax.set_title(title, fontsize=11)
    classes = list(dict.fromkeys(r.klass for r in rungs))
    _set_alt(fig, (
        f"A ladder of the {len(rules.pack)} cards of {rules.title} with "
        f"{_chosen_words(rules, suits)} chosen, strongest at the top, in {len(rungs)} rungs "
        f"grouped as {', '.join(classes[:-1])} and {classes[-1]}."
    ))
    return fig  # type: ignore[return-value]


def _draw_ladder(ax: Axes, rules: Ruleset, suits: tuple[str, ...], rungs: list[_Rung],
                 lines: list[int], width_cards: int, *, ylabel: bool = True,
                 xlabel: bool = True) -> None:
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Rectangle

    total = sum(lines)
    y = 0.0
    ticks, ticklabels = [], []
    solid: list[Rectangle] = []
    dashed: list[Rectangle] = []
    band_start = 0.0
    band_index = 0
    for i, (rung, n_lines) in enumerate(zip(rungs, lines, strict=True)):
        per = -(-len(rung.cards) // n_lines)
        for j, c in enumerate(rung.cards):
            row, col = divmod(j, per)
            chosen = rules.roles(suits)[c].chosen
            (dashed if chosen else solid).append(
                Rectangle((col + 0.12, y + row + 0.16), 0.76, 0.68))
            ax.text(col + 0.5, y + row + 0.52, card_label(c, rules), ha="center", va="center",
                    fontsize=9.5, fontweight="bold", color=_ink(c, rules), gid=f"card:{c}")
        ticks.append(y + 0.5)
        ticklabels.append(rung.label)
        y += n_lines
        last_of_class = i == len(rungs) - 1 or rungs[i + 1].klass != rung.klass
        if last_of_class:
            shade = band_index % 2 == 0
            ax.axhspan(band_start, y, xmin=0, xmax=1, fc="#eeeeee" if shade else "white",
                       ec="none", zorder=0)
            ax.axhline(y, color="#888888", lw=0.6, zorder=1)
            ax.text(1.02, (band_start + y) / 2, rung.klass, transform=ax.get_yaxis_transform(),
                    ha="left", va="center", fontsize=9, fontstyle="italic",
                    gid=f"class:{rung.klass}", clip_on=False)
            band_start = y
            band_index += 1
    # The card chips: one collection each for plain and chosen-suit (dashed) frames.
    for patches, style in ((solid, "-"), (dashed, "--")):
        ax.add_collection(PatchCollection(patches, facecolor="white", edgecolor="#777777",
                                          linewidth=0.8, linestyle=style, zorder=2))
    ax.set_xlim(0, width_cards)
    ax.set_ylim(total, 0)
    ax.set_yticks(ticks, ticklabels, fontsize=8.5)
    ax.set_xticks([])
    ax.tick_params(axis="y", length=0)
    for side in ("top", "right", "bottom"):
        ax.spines[side].set_visible(False)
    ax.set_ylabel("strength: strongest rung at the top" if ylabel else "", fontsize=9)
    ax.set_xlabel("cards on the rung (dashed frame: a chosen suit)" if xlabel else "",
                  fontsize=9)


def ranking_ladders(games: Sequence[str | Ruleset],
                    chosen_for_each: Sequence[str | Iterable[str]] | Mapping[str, Any], *,
                    ncols: int | None = None, per_line: int = 6) -> Figure:
    """Several games' ladders side by side (the comparison chapter).

    ``chosen_for_each`` gives the chosen suit(s) of each game, as a list in the order of
    ``games`` or as a mapping from game id.
    """
    rules_list = [ruleset(g) for g in games]
    if not rules_list:
        raise RulesError("ranking_ladders needs at least one game")
    if isinstance(chosen_for_each, Mapping):
        try:
            chosen_list = [chosen_for_each[r.id] for r in rules_list]
        except KeyError as e:
            raise RulesError(f"no chosen suits given for game {e.args[0]!r}") from None
    else:
        chosen_list = list(chosen_for_each)
        if len(chosen_list) != len(rules_list):
            raise RulesError(f"{len(chosen_list)} choices of suits for {len(rules_list)} games")
    suits_list = [r.check_chosen(c) for r, c in zip(rules_list, chosen_list, strict=True)]
    n = len(rules_list)
    ncols = ncols or min(n, 2)
    nrows = -(-n // ncols)
    all_rungs = [_rungs(r, s) for r, s in zip(rules_list, suits_list, strict=True)]
    all_lines = [[max(1, -(-len(x.cards) // per_line)) for x in rungs] for rungs in all_rungs]
    width = max(min(per_line, max(len(x.cards) for x in rungs)) for rungs in all_rungs)
    tallest = max(sum(ls) for ls in all_lines)
    margins = [_ladder_margins(rungs, True) for rungs in all_rungs]
    left = max(m[0] for m in margins)
    right = max(m[1] for m in margins)
    cell_w = left + width * _CHIP_W + right
    cell_h = _TOP + tallest * _LINE_H + _BOTTOM
    head = 0.45
    fig_w, fig_h = ncols * cell_w, nrows * cell_h + head
    fig = _figure(fig_w, fig_h, layout=False)
    for k, (rules, suits) in enumerate(zip(rules_list, suits_list, strict=True)):
        row, col = divmod(k, ncols)
        axes_h = sum(all_lines[k]) * _LINE_H
        top = fig_h - head - row * cell_h - _TOP
        ax = fig.add_axes(((col * cell_w + left) / fig_w, (top - axes_h) / fig_h,
                           width * _CHIP_W / fig_w, axes_h / fig_h))
        _draw_ladder(ax, rules, suits, all_rungs[k], all_lines[k], width,
                     ylabel=col == 0, xlabel=True)
        ax.set_title(f"{rules.title}\nchosen {_chosen_symbols(rules, suits)}", fontsize=10)
    fig.suptitle("Card ladders side by side, strongest at the top", fontsize=12,
                 y=1 - 0.12 / fig_h, va="top")
    names = [r.title for r in rules_list]
    _set_alt(fig, (
        f"Card ladders of {', '.join(names[:-1]) + ' and ' if n > 1 else ''}{names[-1]} "
        "side by side, each with its strongest cards at the top and its cards grouped by "
        "role class."
    ))
    return fig


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
            ("Ole", "beast", "sticker")}
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
    the lead; None on the diagonal. From the engine's fast table where it has one
    (:func:`~knlib.tricks.fast_table`), otherwise from :func:`~knlib.tricks.ahead_sequence`."""
    from .tricks import fast_table

    rules = ruleset(game)
    suits = rules.check_chosen(chosen)
    cs = rules.check_cards(cards)
    table = fast_table(rules, suits)
    out: list[list[bool | None]] = []
    for x in cs:
        row: list[bool | None] = []
        for c in cs:
            if c is x:
                row.append(None)
            elif table is None:
                row.append(rules.ahead_sequence([x, c], suits)[-1] == 1)
            elif table.chain:
                row.append(bool(table.beats[x.index * 52 + c.index]))
            else:
                row.append(table.rank[x.index * 52 + c.index] > table.lead_rank[x.index])
        out.append(row)
    return out


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
        raise RulesError("a beats matrix needs at least two cards")
    table = beats_table(rules, suits, cs)
    n = len(cs)
    grid = np.array([[1.0 if v else 0.0 for v in row] for row in table])
    side = 1.6 + 0.24 * n
    fig = _figure(side + 1.4, side + 0.9)
    ax = fig.subplots()
    ax.imshow(grid, cmap="Greys", vmin=0, vmax=3.2, interpolation="nearest", aspect="equal")
    rows, cols = np.nonzero(grid)
    markers = ax.scatter(cols, rows, marker="o", s=22, c="#111111", linewidths=0, zorder=3)
    markers.set_gid("beats-markers")
    for i in range(n):
        ax.add_patch(Rectangle((i - 0.5, i - 0.5), 1, 1, fc="white", ec="#777777", lw=0.5,
                               hatch="////", zorder=2))
    labels = [card_label(c, rules) for c in cs]
    ax.set_xticks(range(n), labels, rotation=90, fontsize=8)
    ax.set_yticks(range(n), labels, fontsize=8)
    for tick, c in zip(ax.get_xticklabels(), cs, strict=True):
        tick.set_color(_ink(c, rules))
        tick.set_fontweight("bold")
    for tick, c in zip(ax.get_yticklabels(), cs, strict=True):
        tick.set_color(_ink(c, rules))
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
            ax.text(1.01, (start + i - 1) / 2, roles[cs[i - 1]].klass, fontsize=7.5,
                    fontstyle="italic", va="center", ha="left", transform=ax.get_yaxis_transform(),
                    gid=f"class:{roles[cs[i - 1]].klass}")
            start = i
    ax.set_xlabel("challenger: the card played later", fontsize=9)
    ax.set_ylabel("card ahead (as if it had been led)", fontsize=9)
    ax.set_title(f"Who beats whom: {rules.title}, chosen {_chosen_symbols(rules, suits)}",
                 fontsize=11)
    ax.legend(handles=[
        Line2D([], [], marker="o", ls="", color="#111111", markersize=5,
               markerfacecolor="#111111", label="the challenger takes the lead"),
        Patch(fc="white", ec="#777777", label="blank: the card ahead stays ahead"),
        Patch(fc="white", ec="#777777", hatch="////", label="the same card"),
    ], loc="upper center", bbox_to_anchor=(0.5, -0.09), ncols=3, fontsize=8, frameon=False)
    wins = int(grid.sum())
    _set_alt(fig, (
        f"A {n} by {n} grid for {rules.title} with {_chosen_words(rules, suits)} chosen, "
        f"showing for each card ahead (rows) which later cards take the lead (columns): "
        f"{wins} of {n * (n - 1)} pairs are marked with a dot."
    ))
    return fig


# -- the family timeline --------------------------------------------------------------------

SEED_000 = "000_e178d9ace6cd8e42.txt"
SEED_001 = "001_f0279c52950a00bf.txt"
SEED_002 = "002_5011b8fc10a09dee.txt"
SEED_003 = "003_fcae2dfce15b17dd.txt"
SEED_004 = "004_72a445e1f29a5bb6.txt"
STYRIVOLT_MD = "styrivolt.md"


@dataclass(frozen=True)
class TimelineEntry:
    """One dated event of the family's history, with where the date is written."""

    year: int
    when: str
    branch: str
    event: str
    #: The file in shared/seeds/ (or shared/rules/styrivolt.md) that gives the date.
    file: str
    section: str

    @property
    def source(self) -> str:
        return f"{self.file}, {self.section}"


#: The family's history, oldest first. Every date is written in the file named.
TIMELINE: tuple[TimelineEntry, ...] = (
    TimelineEntry(1426, "1426", "Karnöffel",
                  "Nördlingen ordinance: Karnöffel first recorded", SEED_002,
                  "'History' (the Karnöffel summary: a municipal ordinance of Nördlingen, 1426)"),
    TimelineEntry(1648, "1648", "Stýrivolt",
                  "Stiernhielm's poem Herkules names 'stýr-wålt' (one source: 1658)",
                  STYRIVOLT_MD, "'History'"),
    TimelineEntry(1774, "1774", "Stýrivolt", "Copenhagen rule book describes Styrvolt",
                  STYRIVOLT_MD, "'History'"),
    TimelineEntry(1781, "1781–82", "Stýrivolt", "Svabo mentions the game in the Faroes",
                  STYRIVOLT_MD, "'History'"),
    TimelineEntry(1783, "1783", "Karniffel",
                  "Wieland prints Karniffel's rules in Der Teutsche Merkur", SEED_002,
                  "'History' and 'Literature'"),
    TimelineEntry(1865, "c. 1865", "Knüffeln",
                  "Knüffeln among the farmers' Christmas games in Schleswig-Holstein", SEED_001,
                  "'Background' and 'Literature' (Die Grenzboten, 1865)"),
    TimelineEntry(1924, "1924", "Knüffeln", "Bernhard describes Knüffeln in Die Heimat",
                  SEED_000, "'Introduction' and 'References'"),
    TimelineEntry(1938, "1938", "Knüffeln", "Grünberg's article in Die Heimat", SEED_000,
                  "'Introduction' and 'References'"),
    TimelineEntry(1975, "1975", "Stýrivolt", "Bærentsen's 'Stýrivoltur' in Varðin",
                  STYRIVOLT_MD, "opening paragraph"),
    TimelineEntry(1984, "1984", "Knüffeln", "Appeles's rules in the Hattstedt village archive",
                  SEED_000, "'Modern Knüffeln (Hattstedt variant)'; seed 001 'Literature'"),
    TimelineEntry(2001, "2001", "Karnöffel", "Overby & Sanders publish a one-suit Karnöffel",
                  SEED_003, "closing copyright line"),
    TimelineEntry(2019, "2019", "Knüffeln", "Feddersen's course rules 'Knüffeln – Spielregeln'",
                  SEED_001, "'Literature'"),
    TimelineEntry(2021, "2021", "Knüffeln", "Eaton's article in The Playing-Card", SEED_000,
                  "'Introduction' and 'References'"),
    TimelineEntry(2024, "2024", "Karnöffel", "The 'Karnoffel' blog post (single ranking)",
                  SEED_004, "date line (June 20, 2024)"),
)

#: Lane order and marker of each branch (the shape tells the branch, not only the colour).
_BRANCHES = {
    "Karnöffel": ("s", "#4d4d4d"),
    "Karniffel": ("D", "#2e6b30"),
    "Stýrivolt": ("^", "#1f4e99"),
    "Knüffeln": ("o", "#b3261e"),
}


#: Years before this are drawn at a quarter of the scale, so the many recent events fit.
_TIMELINE_BREAK = 1850
_TIMELINE_SQUEEZE = 4.0


def _time_fwd(y: Any) -> Any:
    import numpy as np

    y = np.asarray(y, dtype=float)
    return np.where(y < _TIMELINE_BREAK, _TIMELINE_BREAK - (_TIMELINE_BREAK - y)
                    / _TIMELINE_SQUEEZE, y)


def _time_inv(t: Any) -> Any:
    import numpy as np

    t = np.asarray(t, dtype=float)
    return np.where(t < _TIMELINE_BREAK, _TIMELINE_BREAK - (_TIMELINE_BREAK - t)
                    * _TIMELINE_SQUEEZE, t)


def _spread(targets: Sequence[float], gap: float) -> list[float]:
    """Label positions as near their targets (sorted ascending) as a minimum gap allows:
    overlapping labels form a cluster centred on the mean of its targets."""
    clusters: list[list[float]] = []
    for t in targets:
        clusters.append([t])
        while len(clusters) > 1:
            a, b = clusters[-2], clusters[-1]
            top_a = sum(a) / len(a) + (len(a) - 1) / 2 * gap
            bottom_b = sum(b) / len(b) - (len(b) - 1) / 2 * gap
            if bottom_b - top_a >= gap:
                break
            clusters[-2:] = [a + b]
    out: list[float] = []
    for c in clusters:
        mid = sum(c) / len(c)
        out += [mid + (i - (len(c) - 1) / 2) * gap for i in range(len(c))]
    return out


def family_timeline() -> Figure:
    """The family from 1426 to today: one lane per branch (Karnöffel, Karniffel,
    Stýrivolt, Knüffeln), each event a marker at its year with a labelled callout.
    Years before 1850 are drawn at a quarter of the scale. Data: :data:`TIMELINE`."""
    from matplotlib.lines import Line2D

    fig = _figure(9.8, 7.0)
    ax = fig.subplots()
    ax.set_yscale("function", functions=(_time_fwd, _time_inv))
    lanes = {b: i for i, b in enumerate(_BRANCHES)}
    entries = sorted(TIMELINE, key=lambda e: (e.year, e.when))
    # Callouts: each label sits as near its year as a minimum gap allows, and a leader
    # line joins it to its marker, so close dates (2019, 2021, 2024) stay readable.
    spots = _spread([float(_time_fwd(e.year)) for e in entries], gap=17.0)
    label_x = len(lanes) - 0.25
    last_in_lane: dict[str, tuple[float, float]] = {}
    for e, spot in zip(entries, spots, strict=True):
        marker, colour = _BRANCHES[e.branch]
        x = float(lanes[e.branch])
        t = float(_time_fwd(e.year))
        prev = last_in_lane.get(e.branch)
        if prev is not None and t - prev[0] < 6:  # markers that would overlap step aside
            x = prev[1] + 0.16
        last_in_lane[e.branch] = (t, x)
        ly = float(_time_inv(spot))
        ax.plot([x], [e.year], marker=marker, ms=8, color=colour, mec="#111111", mew=0.6,
                ls="", zorder=3, gid=f"event:{e.year}")
        ax.plot([x, len(lanes) - 0.6, label_x - 0.05], [e.year, e.year, ly], color="#9a9a9a",
                lw=0.6, zorder=1)
        ax.text(label_x, ly, f"{e.when}  {e.event}", va="center", ha="left", fontsize=8.8,
                gid=f"label:{e.year}")
    for i in lanes.values():
        ax.axvline(i, color="#dddddd", lw=1, zorder=0)
    ax.axhspan(1400, _TIMELINE_BREAK, color="#f4f4f4", zorder=-1, lw=0)
    ax.text(-0.45, 1835, "before 1850: a quarter of the scale", fontsize=7.5, color="#555555",
            va="bottom", ha="left")
    ax.set_xticks(range(len(lanes)), list(lanes), fontsize=9)
    ax.tick_params(axis="x", labeltop=True, labelbottom=False, length=0)
    ax.set_xlim(-0.5, len(lanes) + 6.0)
    ax.set_ylim(max(2035.0, float(_time_inv(spots[-1] + 6))), min(1400.0, float(_time_inv(
        spots[0] - 6))))
    ax.set_yticks([1400, 1500, 1600, 1700, 1800, 1850, 1900, 1950, 2000])
    ax.set_yticks([], minor=True)
    ax.tick_params(axis="y", labelsize=8.5)
    ax.grid(axis="y", color="#e8e8e8", lw=0.6)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.set_ylabel("year", fontsize=9)
    ax.set_xlabel("branch of the family (marker shape: ■ Karnöffel, ◆ Karniffel, "
                  "▲ Stýrivolt, ● Knüffeln)", fontsize=9)
    ax.set_title("The Karnöffel family, 1426 to today", fontsize=12, loc="left")
    ax.legend(handles=[Line2D([], [], marker=m, color=c, mec="#111111", ls="", label=b)
                       for b, (m, c) in _BRANCHES.items()],
              loc="upper left", bbox_to_anchor=(0.005, 0.56), fontsize=8, title="branch",
              title_fontsize=8)
    _set_alt(fig, (
        f"A timeline of {len(entries)} dated events of the Karnöffel family, from the "
        f"Nördlingen ordinance of {entries[0].year} to {entries[-1].year}, in lanes for "
        "Karnöffel, Karniffel, Stýrivolt and Knüffeln."
    ))
    return fig


# -- the stakes chart -----------------------------------------------------------------------


@dataclass(frozen=True)
class Stake:
    """One bar of the stakes chart: a payment of one version, the amount as the chart
    writes it, and the amount in units of that version's basic game (None where the
    version has no such payment)."""

    version: str
    item: str
    amount: str
    basic_games: float | None
    source: str


#: The versions the stakes chart compares by default, with their names on the chart.
STAKES_VERSIONS: dict[str, str] = {
    "knueffeln": "Bohmstedt (today)",
    "knueffeln-hattstedt": "Hattstedt (today)",
    "knueffeln-1938": "Grünberg (1938)",
}
#: Games whose source gives the payments only as multiples of the basic game (seed 000,
#: 'Modern Knüffeln (Hattstedt variant)'): the chart writes them as 2×, 4×, not in money.
_ONLY_MULTIPLES = frozenset({"knueffeln-hattstedt"})
_ITEMS = ("basic game", "each accepted drehen", "Jann", "march")


def _amount(unit: str, value: int) -> str:
    if unit == "cents":
        return f"{value} ct" if value < 100 else f"{value / 100:g} €"
    if unit == "Pf":
        return f"{value} Pf"
    word = unit[:-1] if value == 1 and unit.endswith("s") else unit
    return f"{value} {word}"


def stake_rows(games: Iterable[str] = tuple(STAKES_VERSIONS)) -> list[Stake]:
    """The bars of the stakes chart, from the stakes table of :mod:`knlib.scoring`
    (each row cites its source there)."""
    from .scoring import STAKES

    rows = []
    for game in games:
        rules = ruleset(game)
        st = STAKES[rules.id]
        version = STAKES_VERSIONS.get(rules.id, rules.title)
        values = (st.basic, st.turn or None, st.jann, st.march)
        for item, value in zip(_ITEMS, values, strict=True):
            if value is None:
                amount = "no drehen" if item == "each accepted drehen" else "none"
                rows.append(Stake(version, item, amount, None, st.source))
                continue
            if rules.id in _ONLY_MULTIPLES:
                amount = f"{value / st.basic:g}×"
            else:
                amount = _amount(st.unit, value)
            if item == "each accepted drehen":
                amount = "+" + amount
            rows.append(Stake(version, item, amount, value / st.basic, st.source))
    return rows


def stakes_chart(games: Iterable[str] = tuple(STAKES_VERSIONS)) -> Figure:
    """The stakes of a deal in three versions of Knüffeln (Bohmstedt, Hattstedt and
    Grünberg's 1938 game), as grouped bars: each payment in units of that version's
    basic game (log scale), labelled with the amount as the source gives it. Each version
    has its own hatching. Data: :func:`stake_rows`, from :data:`knlib.scoring.STAKES`."""
    import numpy as np
    from matplotlib.ticker import NullLocator

    stakes = stake_rows(games)
    versions = list(dict.fromkeys(s.version for s in stakes))
    by = {(s.version, s.item): s for s in stakes}
    hatches = ["", "xxx", "...", "///", "\\\\"]
    faces = ["#4d4d4d", "#ffffff", "#c9c9c9", "#ffffff", "#e6e6e6"]
    fig = _figure(8.4, 4.8)
    ax = fig.subplots()
    x = np.arange(len(_ITEMS))
    width = 0.8 / len(versions)
    floor = 0.1
    for k, v in enumerate(versions):
        pos = x + (k - (len(versions) - 1) / 2) * width
        for xi, item in zip(pos, _ITEMS, strict=True):
            s = by[(v, item)]
            if s.basic_games is None:
                ax.text(xi, floor * 1.3, s.amount, rotation=90, ha="center", va="bottom",
                        fontsize=8, color="#333333", gid=f"stake:{v}:{item}")
                continue
            ax.bar([xi], [s.basic_games - floor], width * 0.92, bottom=floor,
                   color=faces[k % len(faces)], edgecolor="#111111",
                   hatch=hatches[k % len(hatches)], lw=0.8,
                   label=v if item == _ITEMS[0] else None, gid=f"bar:{v}:{item}")
            ax.text(xi, s.basic_games * 1.08, s.amount, ha="center", va="bottom", fontsize=8,
                    gid=f"stake:{v}:{item}")
    top = max(s.basic_games or 1 for s in stakes)
    ticks = [t for t in (0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200) if t <= top * 2]
    ax.set_yscale("log")
    ax.set_ylim(floor, top * 2)
    ax.yaxis.set_minor_locator(NullLocator())
    ax.set_yticks(ticks, [f"{t:g}" for t in ticks])
    ax.set_xticks(x, list(_ITEMS))
    ax.set_ylabel("worth, in basic games (log scale)", fontsize=9)
    ax.set_xlabel("what is paid for", fontsize=9)
    names = [v.split(" (")[0] if "today" in v else v for v in versions]
    ax.set_title(f"What a deal of Knüffeln is worth: {', '.join(names[:-1])} and {names[-1]}"
                 if len(names) > 1 else f"What a deal of Knüffeln is worth: {names[0]}",
                 fontsize=11, loc="left")
    ax.grid(axis="y", color="#e5e5e5", lw=0.6)
    ax.set_axisbelow(True)
    ax.legend(fontsize=8.5, loc="upper left")
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    parts = [f"{v}: " + ", ".join(by[(v, i)].amount for i in _ITEMS) for v in versions]
    _set_alt(fig, (
        "Grouped bars of what a basic game, each accepted drehen, a Jann and a march are "
        f"worth, in basic games, in {'; '.join(parts)}."
    ))
    return fig
