"""The ranking ladder of a game (:func:`ranking_ladder`, :func:`ranking_ladders`), drawn
from :func:`ladder_rows`: each card's place when led and when played later, from the
engine (``tests/test_figure_ladders.py`` checks every pair of cards against
``trick_winner``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from knlib.cards import Card, rank_name
from knlib.errors import RulesError
from knlib.games import Ruleset, ruleset
from knlib.render.display import card_label
from knlib.render.picture_words import class_text

from ..i18n import marked, tr
from .figure import card_ink, chosen_symbols, chosen_words, new_figure, set_alt

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["ranking_ladder", "ranking_ladders", "ladder_rows", "LadderRow"]


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
    from knlib.games import ChainRuleset

    assert isinstance(rules, ChainRuleset)
    out: dict[Card, tuple[tuple, tuple, bool]] = {}
    for c, r in rules.roles(suits).items():
        if r.is_power_card:
            out[c] = ((2 * r.power, 0, 0), (2 * r.power, 0, 0), False)
            continue
        if r.power:
            raise RulesError(tr("{card} has power {power} but is taken below it: the ladder "
                                "cannot draw such a card", card=c, power=r.power))
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
    from knlib.games import PriorityRuleset

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
            raise RulesError(tr("{card}'s place in {game} depends on more than the led suit: "
                                "the ladder cannot draw it", card=c, game=rules.title))
        out[c] = ((led,), (later,) if later else _TAKES_NOTHING, own_suit)
    return out


def _entry_name(role: Any) -> str:
    label = role.label
    if len(label) <= 38:
        return label
    return role.term or role.name.split(",")[0]


def _rank_word(rules: Ruleset, card: Card) -> str:
    return rank_name(card.rank, german=rules.german)


#: The prefix of a rung that holds its cards only when led, or only when not led.
_WHEN_TEXT = {LED: marked("led: {rung}"), LATER: marked("not led: {rung}")}
#: The suffix of a card's name on a rung where others stand always.
_WHEN_SUFFIX = {LED: marked("{name}, led"), LATER: marked("{name}, not led")}


def _when(when: str, rung: str) -> str:
    """``rung`` as a rung's label that holds its cards only ``when`` (led or not led)."""
    return tr(_WHEN_TEXT[when], rung=rung) if when in _WHEN_TEXT else rung


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
            base = tr("{rank} of any suit", rank=word)
        elif set(cards) == unchosen and len(unchosen) > 1:
            base = tr("{rank} of an unchosen suit", rank=word)
        else:
            base = ""
        if base:
            return _when(whens.pop(), base) + (" †" if own_suit else "")
    if key == _TAKES_NOTHING:
        return tr("not led: takes nothing")
    groups: dict[tuple[str, str], None] = {}
    for c, w in entries:
        groups[(_entry_name(roles[c]), w)] = None
    if len(whens) == 1:
        label = _when(next(iter(whens)), " / ".join(dict.fromkeys(n for n, _ in groups)))
    else:
        label = " / ".join(tr(_WHEN_SUFFIX[w], name=n) if w in _WHEN_SUFFIX else n
                           for n, w in groups)
    if len(label) > 48:
        klasses = " / ".join(dict.fromkeys(class_text(roles[c].klass) for c in cards))
        label = _when(next(iter(whens)), klasses) if len(whens) == 1 else klasses
    return label + (" †" if own_suit else "")


def ladder_rows(game: str | Ruleset, chosen: str | Iterable[str]) -> list[LadderRow]:
    """The rungs of a game's ladder under the chosen suit(s), strongest first, from the
    engine. A card played later takes a led card on a lower rung (for a rung marked
    own-suit-only: a led card of its own suit); on one rung the led card stays ahead.

    Each card stands once as a led card and once as a card played later; where the two
    places coincide it appears once, marked 'always'."""
    from knlib.games import ChainRuleset

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
            raise RulesError(tr("a rung of the {game} ladder mixes cards that count only in "
                                "their own suit with cards that count in any suit",
                                game=rules.title))
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
_HOW_TO_READ = marked("a later card takes a led card on a lower rung;\n"
                      "on one rung the led card stays ahead. Dashed: a chosen suit")
_HOW_TO_READ_OWN = marked("a later card takes a led card on a lower rung;\n"
                          "on one rung the led card stays ahead. Dashed: a chosen suit;\n"
                          "† counts only against a card of its own suit")


def _ladder_margin(rows: list[LadderRow], ylabel: bool) -> float:
    """Room for the rung labels on the left."""
    return max(len(r.label) for r in rows) * 0.072 + 0.15 + (0.3 if ylabel else 0.0)


def _text_width(title: str) -> float:
    """Room, in inches, for the title (11 pt) and the how-to-read note (8 pt)."""
    return max(max(len(t) for t in title.split("\n")) * 0.085,
               max(len(t) for t in tr(_HOW_TO_READ).split("\n")) * 0.062)


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
    title = tr("{game}: card ladder\nchosen {suits}", game=rules.title,
               suits=chosen_symbols(rules, suits))
    if ax is None:
        left = _ladder_margin(rows, True)
        w = left + max(width_cards * _CHIP_W, _text_width(title)) + 0.2
        h = _TOP + total * _LINE_H + _BOTTOM
        fig = new_figure(w, h, layout=False)
        ax = fig.add_axes((left / w, _BOTTOM / h, width_cards * _CHIP_W / w,
                           total * _LINE_H / h))
    else:
        fig = ax.figure  # type: ignore[assignment]
    _draw_ladder(ax, rules, suits, rows, lines, width_cards)
    ax.set_title(title, fontsize=11, loc="left")
    twice = sum(1 for r in rows for w in r.when if w == LED)
    set_alt(fig, tr(
        "A ladder of the {n} cards of {game} with {chosen} chosen, strongest at the top, in "
        "{rungs} rungs, from {top} down to {bottom}; {twice} cards stand on one rung when led "
        "and on another when played later.", n=len(rules.pack), game=rules.title,
        chosen=chosen_words(rules, suits), rungs=len(rows), top=rows[0].label,
        bottom=rows[-1].label, twice=twice))
    return fig


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
                    va="center", fontsize=9.5, fontweight="bold", color=card_ink(c, rules),
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
    ax.set_ylabel(tr("strongest rung at the top") if ylabel else "", fontsize=9)
    own = any(r.own_suit_only for r in rows)
    ax.set_xlabel(tr(_HOW_TO_READ_OWN if own else _HOW_TO_READ) if xlabel else "", fontsize=8,
                  loc="left")


#: The title of several ladders (more than one?, how they are placed) and their alt text.
_SUPTITLES = {
    (True, "side"): marked("Card ladders side by side, strongest at the top"),
    (True, "below"): marked("Card ladders one below the other, strongest at the top"),
    (False, "side"): marked("Card ladder side by side, strongest at the top"),
    (False, ""): marked("Card ladder, strongest at the top"),
}
_ALTS = {
    "side": marked("Card ladders of {games} side by side, each with its strongest cards at the "
                   "top; cards whose power depends on being led stand on two rungs, one for led "
                   "and one for not led."),
    "below": marked("Card ladders of {games} one below the other, each with its strongest cards "
                    "at the top; cards whose power depends on being led stand on two rungs, one "
                    "for led and one for not led."),
    "": marked("Card ladders of {games}, each with its strongest cards at the top; cards whose "
               "power depends on being led stand on two rungs, one for led and one for not led."),
}


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
        raise RulesError(tr("ranking_ladders needs at least one game"))
    if isinstance(chosen_for_each, Mapping):
        try:
            chosen_list = [chosen_for_each[r.id] for r in rules_list]
        except KeyError as e:
            raise RulesError(tr("no chosen suits given for game {game}",
                                game=repr(e.args[0]))) from None
    else:
        chosen_list = list(chosen_for_each)
        if len(chosen_list) != len(rules_list):
            raise RulesError(tr("{n} choices of suits for {games} games", n=len(chosen_list),
                                games=len(rules_list)))
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
    fig = new_figure(fig_w, fig_h, layout=False)
    for k, (rules, suits) in enumerate(zip(rules_list, suits_list, strict=True)):
        row, col = divmod(k, ncols)
        axes_h = sum(all_lines[k]) * _LINE_H
        top = fig_h - head - sum(_TOP + h * _LINE_H + _BOTTOM for h in heights[:row]) - _TOP
        ax = fig.add_axes(((col * cell_w + left) / fig_w, (top - axes_h) / fig_h,
                           width * _CHIP_W / fig_w, axes_h / fig_h))
        _draw_ladder(ax, rules, suits, all_rows[k], all_lines[k], width,
                     ylabel=col == 0, xlabel=True)
        ax.set_title(tr("{game}\nchosen {suits}", game=rules.title,
                        suits=chosen_symbols(rules, suits)), fontsize=10, loc="left")
    placed = "side" if ncols > 1 else "below" if n > 1 else ""
    fig.suptitle(tr(_SUPTITLES[(n > 1, placed)]), fontsize=12, y=1 - 0.12 / fig_h, va="top")
    names = [r.title for r in rules_list]
    games = tr("{first} and {second}", first=", ".join(names[:-1]),
               second=names[-1]) if n > 1 else names[-1]
    set_alt(fig, tr(_ALTS[placed], games=games))
    return fig
