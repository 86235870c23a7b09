"""Figures for the book, drawn with matplotlib (imported lazily, inside each function).

Each function returns a :class:`matplotlib.figure.Figure` made without pyplot, so
nothing is left behind in pyplot's state and the figures work with any backend,
including Agg. Every figure has a title and axis labels, and shows its data by
symbols, text and hatching as well as by shading, never by colour alone (design
guide, "Accessibility"). :func:`alt_text` gives a one-sentence description of
each figure for the book's alt text.

* :func:`ranking_ladder`, :func:`ranking_ladders`: the card ladder of a game, drawn from
  :func:`ladder_rows` (each card's place when led and when played later, from the engine;
  ``tests/test_figure_ladders.py`` checks every pair of cards against ``trick_winner``).
* :func:`beats_matrix`: who beats whom, for a game and its chosen suits.
* :func:`family_timeline`: the family from 1426 to today (data: :data:`TIMELINE`).
* :func:`stakes_chart`: the stakes of three Knüffeln versions (data: :mod:`knlib.engine.scoring`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import SUITS, Card, suit_symbol
from .display import card_label, classes_by_strength
from .errors import RulesError
from .rules.games import Ruleset, ruleset

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = [
    "ranking_ladder",
    "ranking_ladders",
    "ladder_rows",
    "LadderRow",
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
    "LadderPoint",
    "ladder_history",
    "ladder_session_figure",
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
#
# A ladder is read like this: a card played after the led card takes the lead if it stands
# on a higher rung than the led card; on one rung the led card stays ahead. A rung marked
# "own suit" (†) counts only against a led card of the same suit. Each card has a place when
# it is led and a place when it is played later; where the two differ (a Seven, a free card,
# the Devil, every card that only wins when led) the card is drawn on two rungs. The rows
# come from the engine: the chain games' powers and thresholds (Role.power, .threshold,
# .suit_rank), the other games' winner order (PriorityRuleset.rank_in_trick).
# tests/test_figure_ladders.py checks every pair of cards against trick_winner.

#: Where a card stands on a rung: when led, when played later, or both.
LED, LATER, ALWAYS = "led", "later", "always"
_TAKES_NOTHING = (-1,)


@dataclass(frozen=True)
class LadderRow:
    """One rung of a ladder, strongest first in :func:`ladder_rows`: its label, its cards,
    for each card whether it stands here when led, when played later or always, and
    whether the rung counts only against a led card of the card's own suit."""

    label: str
    cards: tuple[Card, ...]
    when: tuple[str, ...]
    own_suit_only: bool = False

    def holds(self, card: Card, context: str) -> bool:
        """Does this rung hold ``card`` in ``context`` ('led' or 'later')?"""
        return any(c == card and w in (context, ALWAYS)
                   for c, w in zip(self.cards, self.when, strict=True))


def _chain_places(rules: Ruleset, suits: tuple[str, ...]
                  ) -> dict[Card, tuple[tuple, tuple, bool]]:
    """Chain games: each card's led key, later key and own-suit flag, from its role. A card
    of power p stands at 2p; a led card that a power t takes stands at 2t - 1, just below
    it, ordered by its rank in its own suit; played later, a card with a rank in its own
    suit keeps that place (counting only in its own suit), any other card takes nothing."""
    from .rules.games import ChainRuleset

    assert isinstance(rules, ChainRuleset)
    out = {}
    for c, r in rules.roles(suits).items():
        if r.is_power_card:
            out[c] = ((2 * r.power, 0, 0), (2 * r.power, 0, 0), False)
            continue
        if r.power:
            raise RulesError(f"{c} has power {r.power} but is taken below it: "
                             "the ladder cannot draw such a card")
        led = (2 * r.threshold - 1, r.suit_rank, 0)
        if not r.chosen and r.suit_rank > 0:
            out[c] = (led, led, True)
        else:
            out[c] = (led, _TAKES_NOTHING, False)
    return out


def _priority_places(rules: Ruleset, suits: tuple[str, ...]
                     ) -> dict[Card, tuple[tuple, tuple, bool]]:
    """Winner-order games: a card's place when led, and its place when played later, which
    is either the same whatever was led, or its place when it is of the led suit (and
    nothing otherwise)."""
    from .rules.games import PriorityRuleset

    assert isinstance(rules, PriorityRuleset)
    roles = rules.roles(suits)
    out = {}
    for c, r in roles.items():
        led = rules.rank_in_trick(r, 0, r, [r])
        seen = {x: rules.rank_in_trick(r, 1, rx, [rx, r]) for x, rx in roles.items()
                if x is not c}
        values = set(seen.values())
        own = {v for x, v in seen.items() if x.suit == c.suit}
        other = {v for x, v in seen.items() if x.suit != c.suit}
        if len(values) == 1:
            later, own_suit = values.pop(), False
        elif len(own) == 1 and other == {0}:
            later, own_suit = own.pop(), True
        else:
            raise RulesError(f"{c}'s place in {rules.title} depends on more than the led "
                             "suit: the ladder cannot draw it")
        out[c] = ((led,), (later,) if later else _TAKES_NOTHING, own_suit)
    return out


def _entry_name(role: Any) -> str:
    label = role.label
    if len(label) <= 38:
        return label
    return role.term or role.name.split(",")[0]


def _rank_word(rules: Ruleset, card: Card) -> str:
    return (card.german_name if rules.german else card.name).split(" of ")[0]


def _row_label(rules: Ruleset, suits: tuple[str, ...], key: tuple, own_suit: bool,
               entries: list[tuple[Card, str]]) -> str:
    roles = rules.roles(suits)
    cards = [c for c, _ in entries]
    whens = {w for _, w in entries}
    ranks = {c.rank for c in cards}
    # Whole ranks, as the sources list them: 'King of any suit', 'Seven of an unchosen suit'.
    if len(ranks) == 1 and not any(roles[c].term for c in cards) and whens != {LED, LATER}:
        rank = next(iter(ranks))
        in_pack = {c for c in rules.pack if c.rank == rank}
        unchosen = {c for c in in_pack if c.suit not in suits}
        word = _rank_word(rules, cards[0])
        if set(cards) == in_pack:
            base = f"{word} of any suit"
        elif set(cards) == unchosen and len(unchosen) > 1:
            base = f"{word} of an unchosen suit"
        else:
            base = ""
        if base:
            prefix = {LED: "led: ", LATER: "not led: "}.get(whens.pop(), "")
            return prefix + base + (" †" if own_suit else "")
    if key == _TAKES_NOTHING:
        return "not led: takes nothing"
    groups: dict[tuple[str, str], None] = {}
    for c, w in entries:
        groups[(_entry_name(roles[c]), w)] = None
    if len(whens) == 1:
        names = " / ".join(dict.fromkeys(n for n, _ in groups))
        prefix = {LED: "led: ", LATER: "not led: "}.get(next(iter(whens)), "")
        label = prefix + names
    else:
        label = " / ".join(n + {LED: ", led", LATER: ", not led"}.get(w, "")
                           for n, w in groups)
    if len(label) > 48:
        klasses = " / ".join(dict.fromkeys(roles[c].klass for c in cards))
        label = {LED: "led: ", LATER: "not led: "}.get(next(iter(whens)), "") + klasses \
            if len(whens) == 1 else klasses
    return label + (" †" if own_suit else "")


def ladder_rows(game: str | Ruleset, chosen: str | Iterable[str]) -> list[LadderRow]:
    """The rungs of a game's ladder under the chosen suit(s), strongest first, from the
    engine. A card played later takes a led card on a lower rung (for a rung marked
    own-suit-only: a led card of its own suit); on one rung the led card stays ahead.

    Each card stands once as a led card and once as a card played later; where the two
    places coincide it appears once, marked 'always'."""
    from .rules.games import ChainRuleset

    rules = ruleset(game)
    suits = rules.check_chosen(chosen)
    places = (_chain_places if isinstance(rules, ChainRuleset) else _priority_places)(
        rules, suits)
    strength = {c: rules.strength(c, suits) for c in rules.pack}
    rows: dict[tuple, list[tuple[Card, str, bool]]] = {}
    for c, (led, later, own) in places.items():
        if led == later:
            rows.setdefault(led, []).append((c, ALWAYS, own))
        else:
            rows.setdefault(led, []).append((c, LED, False))
            rows.setdefault(later, []).append((c, LATER, own))
    out = []
    for key, entries in sorted(rows.items(), key=lambda kv: kv[0], reverse=True):
        flags = {own for _, w, own in entries if w != LED}
        if len(flags) > 1:
            raise RulesError(f"a rung of the {rules.title} ladder mixes cards that count "
                             "only in their own suit with cards that count in any suit")
        own_suit = flags.pop() if flags else False
        entries.sort(key=lambda e: (e[1] != ALWAYS, -strength[e[0]], e[0].index))
        pairs = [(c, w) for c, w, _ in entries]
        out.append(LadderRow(_row_label(rules, suits, key, own_suit, pairs),
                             tuple(c for c, _ in pairs), tuple(w for _, w in pairs),
                             own_suit))
    return _distinct_labels(rules, out)


def _distinct_labels(rules: Ruleset, rows: list[LadderRow]) -> list[LadderRow]:
    """Rungs whose labels would read the same (five permanent stickers, two free cards)
    are told apart by their cards."""
    from collections import Counter
    from dataclasses import replace

    count = Counter(r.label for r in rows)
    out = []
    for r in rows:
        if count[r.label] > 1:
            cards = " ".join(card_label(c, rules) for c in r.cards)
            base, dagger = (r.label[:-2], " †") if r.label.endswith(" †") else (r.label, "")
            r = replace(r, label=f"{base}: {cards}{dagger}")
        out.append(r)
    return out


# Ladder geometry, in inches. The ladders are laid out by hand (no layout engine): the
# widths of their text columns are estimated from the longest label, which keeps the
# figures fast to draw.
_LINE_H = 0.28
_CHIP_W = 0.42
_TOP = 0.62
_BOTTOM = 0.75
_HOW_TO_READ = ("a later card takes a led card on a lower rung;\n"
                "on one rung the led card stays ahead. Dashed: a chosen suit")


def _ladder_margin(rows: list[LadderRow], ylabel: bool) -> float:
    """Room for the rung labels on the left."""
    return max(len(r.label) for r in rows) * 0.072 + 0.15 + (0.3 if ylabel else 0.0)


def _text_width(title: str) -> float:
    """Room, in inches, for the title (11 pt) and the how-to-read note (8 pt)."""
    return max(max(len(t) for t in title.split("\n")) * 0.085,
               max(len(t) for t in _HOW_TO_READ.split("\n")) * 0.062)


def _lines(rows: list[LadderRow], per_line: int) -> list[int]:
    return [max(1, -(-len(r.cards) // per_line)) for r in rows]


def ranking_ladder(game: str | Ruleset, chosen: str | Iterable[str], ax: Axes | None = None,
                   *, per_line: int = 8) -> Figure:
    """A game's card ladder, strongest at the top, drawn from :func:`ladder_rows`.

    A card played later takes a led card that stands on a lower rung; on one rung the led
    card stays ahead; a rung marked † counts only against a led card of its own suit.
    Cards whose power depends on being led (Sevens, free cards, the Devil, cards that win
    only when led) stand on two rungs, named 'led' and 'not led'. Each card is one label,
    written as the game writes it, with a dashed frame for the chosen suits.
    """
    rules = ruleset(game)
    suits = rules.check_chosen(chosen)
    rows = ladder_rows(rules, suits)
    lines = _lines(rows, per_line)
    total = sum(lines)
    width_cards = max(4, min(per_line, max(len(r.cards) for r in rows)))
    title = f"{rules.title}: card ladder\nchosen {_chosen_symbols(rules, suits)}"
    if ax is None:
        left = _ladder_margin(rows, True)
        w = left + max(width_cards * _CHIP_W, _text_width(title)) + 0.2
        h = _TOP + total * _LINE_H + _BOTTOM
        fig = _figure(w, h, layout=False)
        ax = fig.add_axes((left / w, _BOTTOM / h, width_cards * _CHIP_W / w,
                           total * _LINE_H / h))
    else:
        fig = ax.figure  # type: ignore[assignment]
    _draw_ladder(ax, rules, suits, rows, lines, width_cards)
    ax.set_title(title, fontsize=11, loc="left")
    twice = sum(1 for r in rows for w in r.when if w == LED)
    _set_alt(fig, (
        f"A ladder of the {len(rules.pack)} cards of {rules.title} with "
        f"{_chosen_words(rules, suits)} chosen, strongest at the top, in {len(rows)} rungs, "
        f"from {rows[0].label} down to {rows[-1].label}; {twice} cards stand on one rung "
        "when led and on another when played later."
    ))
    return fig  # type: ignore[return-value]


def _draw_ladder(ax: Axes, rules: Ruleset, suits: tuple[str, ...], rows: list[LadderRow],
                 lines: list[int], width_cards: int, *, ylabel: bool = True,
                 xlabel: bool = True) -> None:
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Rectangle

    total = sum(lines)
    y = 0.0
    ticks, ticklabels = [], []
    solid: list[Rectangle] = []
    dashed: list[Rectangle] = []
    for i, (row, n_lines) in enumerate(zip(rows, lines, strict=True)):
        per = -(-len(row.cards) // n_lines)
        if i % 2 == 0:
            ax.axhspan(y, y + n_lines, fc="#f1f1f1", ec="none", zorder=0)
        for j, (c, when) in enumerate(zip(row.cards, row.when, strict=True)):
            line, col = divmod(j, per)
            (dashed if c.suit in suits else solid).append(
                Rectangle((col + 0.12, y + line + 0.16), 0.76, 0.68))
            ax.text(col + 0.5, y + line + 0.52, card_label(c, rules), ha="center",
                    va="center", fontsize=9.5, fontweight="bold", color=_ink(c, rules),
                    gid=f"card:{c}:{when}:{'suit' if row.own_suit_only else 'any'}")
        ticks.append(y + 0.5)
        ticklabels.append(row.label)
        y += n_lines
    for patches, style in ((solid, "-"), (dashed, "--")):
        ax.add_collection(PatchCollection(patches, facecolor="white", edgecolor="#777777",
                                          linewidth=0.8, linestyle=style, zorder=2))
    ax.set_xlim(0, width_cards)
    ax.set_ylim(total, 0)
    ax.set_yticks(ticks, ticklabels, fontsize=8.5)
    # Rungs that hold cards only when led, or only when not led, are set in italics (their
    # labels also say "led:" or "not led:").
    for label, row in zip(ax.get_yticklabels(), rows, strict=True):
        if ALWAYS not in row.when:
            label.set_fontstyle("italic")
    ax.set_xticks([])
    ax.tick_params(axis="y", length=0)
    for side in ("top", "right", "bottom"):
        ax.spines[side].set_visible(False)
    ax.set_ylabel("strongest rung at the top" if ylabel else "", fontsize=9)
    own = any(r.own_suit_only for r in rows)
    ax.set_xlabel((_HOW_TO_READ + (";\n† counts only against a card of its own suit"
                                   if own else "")) if xlabel else "", fontsize=8, loc="left")


def ranking_ladders(games: Sequence[str | Ruleset],
                    chosen_for_each: Sequence[str | Iterable[str]] | Mapping[str, Any], *,
                    ncols: int | None = None, per_line: int = 8) -> Figure:
    """Several games' ladders side by side (the comparison chapter); with ``ncols=1``
    one below the other, each as large as :func:`ranking_ladder` draws it alone.

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
    all_rows = [ladder_rows(r, s) for r, s in zip(rules_list, suits_list, strict=True)]
    all_lines = [_lines(rows, per_line) for rows in all_rows]
    width = max(min(per_line, max(len(x.cards) for x in rows)) for rows in all_rows)
    left = max(_ladder_margin(rows, True) for rows in all_rows)
    cell_w = left + max(width * _CHIP_W, _text_width(max(
        (f"{r.title}" for r in rules_list), key=len))) + 0.3
    heights = [max(sum(all_lines[k]) for k in range(r * ncols, min(n, (r + 1) * ncols)))
               for r in range(nrows)]
    head = 0.45
    fig_w = ncols * cell_w
    fig_h = sum(_TOP + h * _LINE_H + _BOTTOM for h in heights) + head
    fig = _figure(fig_w, fig_h, layout=False)
    for k, (rules, suits) in enumerate(zip(rules_list, suits_list, strict=True)):
        row, col = divmod(k, ncols)
        axes_h = sum(all_lines[k]) * _LINE_H
        top = fig_h - head - sum(_TOP + h * _LINE_H + _BOTTOM for h in heights[:row]) - _TOP
        ax = fig.add_axes(((col * cell_w + left) / fig_w, (top - axes_h) / fig_h,
                           width * _CHIP_W / fig_w, axes_h / fig_h))
        _draw_ladder(ax, rules, suits, all_rows[k], all_lines[k], width,
                     ylabel=col == 0, xlabel=True)
        ax.set_title(f"{rules.title}\nchosen {_chosen_symbols(rules, suits)}", fontsize=10,
                     loc="left")
    placed = " side by side" if ncols > 1 else " one below the other" if n > 1 else ""
    fig.suptitle(f"Card ladder{'s' if n > 1 else ''}{placed}, strongest at the top", fontsize=12,
                 y=1 - 0.12 / fig_h, va="top")
    names = [r.title for r in rules_list]
    _set_alt(fig, (
        f"Card ladders of {', '.join(names[:-1]) + ' and ' if n > 1 else ''}{names[-1]}"
        f"{placed}, each with its strongest cards at the top; cards whose power depends "
        "on being led stand on two rungs, one for led and one for not led."
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
    (:func:`~knlib.rules.tricks.fast_table`), otherwise from
    :func:`~knlib.rules.tricks.ahead_sequence`."""
    from .rules.tricks import fast_table

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
    """The bars of the stakes chart, from the stakes table of :mod:`knlib.engine.scoring`
    (each row cites its source there)."""
    from .engine.scoring import STAKES

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
    has its own hatching. Data: :func:`stake_rows`, from :data:`knlib.engine.scoring.STAKES`."""
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


# -- Bernhard's slate ladder over a session ------------------------------------------------------


@dataclass(frozen=True)
class LadderPoint:
    """The slate after one deal of a Bernhard (1924) session: rungs left per side (when a
    ladder is won, as it stood before the slate was redrawn), and the side that won a
    ladder with this deal (None if nobody did) and its mark on the losers."""

    deal: int
    rungs: tuple[int, int]
    ladder_won_by: int | None
    mark: str | None


def ladder_history(session: Any) -> list[LadderPoint]:
    """The slate after every deal of a ``knueffeln-1924`` session, replayed from its results
    through a fresh :class:`knlib.engine.scoring.LadderSlate` with the session's Brille rule."""
    from .engine.scoring import LadderSlate

    slate = session.score
    if not isinstance(slate, LadderSlate):
        raise RulesError(f"{session.rules.id} keeps no slate ladder: only Bernhard's game "
                         "(knueffeln-1924) does")
    replay = LadderSlate(slate.side_names, brille=slate.brille_rule)
    out = [LadderPoint(0, (replay.RUNGS, replay.RUNGS), None, None)]
    for i, res in enumerate(session.results, start=1):
        before_k, before_b = list(replay.knueppel), list(replay.brille)
        loser_rungs = replay.rungs[1 - res.winner]
        replay.erase(res.winner, res.value)
        won, mark = None, None
        for side in (0, 1):
            if replay.brille[side] > before_b[side]:
                won, mark = 1 - side, "Brille"
            elif replay.knueppel[side] > before_k[side]:
                won, mark = 1 - side, "Knüppel"
        # A won ladder is drawn at the moment of winning (the winners at 0), before the
        # slate is wiped and redrawn with four rungs a side for the next deal.
        if won is not None:
            rungs = (0, loser_rungs) if won == 0 else (loser_rungs, 0)
        else:
            rungs = tuple(replay.rungs)
        out.append(LadderPoint(i, rungs, won, mark))  # type: ignore[arg-type]
    return out


def ladder_session_figure(session: Any) -> Figure:
    """Bernhard's slate ladder over a whole session: the rungs each side still has to erase
    after every deal (four to start; a side that erases its last rung wins the ladder, the
    losers get a Knüppel or a Brille, and the slate is redrawn). Data: :func:`ladder_history`."""
    history = ladder_history(session)
    names = session.score.side_names
    fig = _figure(8.4, 3.8)
    ax = fig.subplots()
    xs = [p.deal for p in history]
    styles = (("o", "-", "#1f4e99"), ("s", "--", "#b3261e"))
    for side in (0, 1):
        marker, ls, colour = styles[side]
        ax.plot(xs, [p.rungs[side] for p in history], marker=marker, ls=ls, color=colour,
                drawstyle="steps-post", label=f"{names[side]}: rungs left", gid=f"side:{side}")
    for p in history:
        if p.ladder_won_by is not None:
            ax.axvline(p.deal, color="#999999", lw=0.8, ls=":")
            text = (f"{names[p.ladder_won_by]} win\nthe ladder;\n"
                    f"{names[1 - p.ladder_won_by]}: {'●●' if p.mark == 'Brille' else '●'} "
                    f"{p.mark}")
            ax.text(p.deal, 4.45, text, fontsize=7.5, ha="center", va="bottom")
    ax.set_ylim(-0.3, 5.9)
    ax.set_yticks(range(5))
    ax.set_xlim(-0.3, max(xs) + 0.5)
    ax.set_xticks(xs)
    ax.set_xlabel("after deal")
    ax.set_ylabel("rungs left on the slate")
    ax.set_title(f"Bernhard's slate ladder over {len(history) - 1} deals", fontsize=11)
    ax.legend(loc="lower left", fontsize=8, frameon=False)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    wins = [p for p in history if p.ladder_won_by is not None]
    _set_alt(fig, f"A step chart of the rungs left for {names[0]} and {names[1]} after each of "
             f"{len(history) - 1} deals of Bernhard's game; {len(wins)} ladders are won: "
             + "; ".join(f"after deal {p.deal} by {names[p.ladder_won_by]} "  # type: ignore[index]
                         f"({p.mark} for the losers)" for p in wins) + ".")
    return fig
