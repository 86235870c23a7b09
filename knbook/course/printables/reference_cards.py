"""The reference cards: one sheet per game (front and back) with the card roles by class,
strongest first, and a grid of who takes whom (:func:`reference_card_pdf`, from
:meth:`Ruleset.roles` and the trick rule), and one sheet per pair of chosen suits in today's
Knüffeln (:func:`chosen_suits_card_pdf`); their type is at least 8 pt (:data:`CARD_TYPE`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

from knlib.cards import SUITS, Card, suit_name, suit_symbol
from knlib.games import KNUEFFELN, ChainRuleset, Ruleset, ruleset
from knlib.render.picture_words import class_text
from knlib.rules.tricks import takes_relation
from knlib.sources import for_reader

from ...i18n import ntr, tr
from ..foundation.question import card_symbol
from .page_layout import MUTED, Document

__all__ = [
    "reference_card_pdf", "chosen_suits_card_pdf", "role_groups", "takes_grid", "CHOSEN_PAIRS",
]


#: The six pairs of chosen suits of a two-suit game, in the pack's suit order.
CHOSEN_PAIRS: tuple[tuple[str, str], ...] = tuple((a, b) for a, b in combinations(SUITS, 2))


# ============================================================================================
# The engine's roles, grouped for a reference card
# ============================================================================================


def _rank_text(card: Card, rules: Ruleset) -> str:
    return card_symbol(card, rules)[1:]


@dataclass
class RoleGroup:
    """Cards that play the same role (whatever suits are chosen): one row of a card."""

    klass: str
    label: str
    names: tuple[str, ...]
    beats: str
    taken_by: str
    chosen: bool
    source: str
    cards: tuple[Card, ...]
    permanent: bool
    strength: float
    #: (card, chosen suits) pairs in which the cards have this role.
    members: tuple[tuple[Card, tuple[str, ...]], ...] = ()

    def cards_text(self, rules: Ruleset) -> str:
        if self.permanent:
            return " ".join(card_symbol(c, rules) for c in self.cards)
        ranks = []
        for c in sorted(self.cards, key=lambda c: -c.rank):
            t = _rank_text(c, rules)
            if t not in ranks:
                ranks.append(t)
        if self.chosen:
            return tr("chosen {ranks}", ranks=" ".join(ranks))
        if rules.n_chosen:
            return tr("unchosen {ranks}", ranks=" ".join(ranks))
        return " ".join(ranks)


def _all_chosen(rules: Ruleset) -> list[tuple[str, ...]]:
    return [tuple(c) for c in combinations(SUITS, rules.n_chosen)]


def role_groups(game: str | Ruleset) -> list[RoleGroup]:
    """The game's roles as rows for a reference card, strongest first.

    Cards share a row when, under every choice of suits in which they have it, their role
    reads the same (class, local term, what it beats, what takes it). A row is
    ``permanent`` when its cards have that role whatever the chosen suits (the Olen)."""
    rules = ruleset(game)
    combos = _all_chosen(rules)
    table: dict[tuple[Any, ...], dict[str, Any]] = {}
    for ch in combos:
        roles = rules.roles(ch)
        strength = _strengths(rules, ch)
        for c in rules.pack:
            r = roles[c]
            key = (r.klass, r.term, r.beats, r.taken_by, r.chosen)
            g = table.setdefault(key, {"names": [], "cards": [], "members": [],
                                       "strength": [], "source": r.source})
            if r.name not in g["names"]:
                g["names"].append(r.name)
            if c not in g["cards"]:
                g["cards"].append(c)
            g["members"].append((c, ch))
            g["strength"].append(strength[c])
    out = []
    for (klass, term, beats, taken, chosen), g in table.items():
        permanent = all(len([m for m in g["members"] if m[0] is c]) == len(combos)
                        for c in g["cards"])
        names = tuple(g["names"])
        label = term or (names[0] if len(names) == 1 else class_text(klass))
        out.append(RoleGroup(klass, label, names, beats, taken, chosen, g["source"],
                             tuple(sorted(g["cards"], key=lambda c: (-c.rank, c.index))),
                             permanent, sum(g["strength"]) / len(g["strength"]),
                             tuple(g["members"])))
    out.sort(key=lambda g: (-g.strength, g.label))
    return out


def _strengths(rules: Ruleset, chosen: tuple[str, ...]) -> dict[Card, int]:
    """How many pack cards each card takes when played second, plus how many it holds off
    when led (:meth:`Ruleset.strength`)."""
    return {c: rules.strength(c, chosen) for c in rules.pack}


def takes_grid(game: str | Ruleset, groups: Sequence[RoleGroup] | None = None
               ) -> list[list[str]]:
    """For each pair of rows (led or ahead, then played after it): 'all' if a card of the
    second row always takes the lead from a card of the first, 'some' if only sometimes
    (say, only in its own suit), '' if never. Asked of the engine for every pair of cards
    and every choice of suits (its one relation, :class:`~knlib.rules.tricks.Takes`)."""
    rules = ruleset(game)
    groups = list(groups) if groups is not None else role_groups(rules)
    by_combo: dict[tuple[str, ...], list[list[Card]]] = {}
    for gi, g in enumerate(groups):
        for c, ch in g.members:
            by_combo.setdefault(ch, [[] for _ in groups])[gi].append(c)
    yes = [[0] * len(groups) for _ in groups]
    tot = [[0] * len(groups) for _ in groups]
    for ch, members in by_combo.items():
        takes = takes_relation(rules, ch)
        for i, row in enumerate(members):
            for j, col in enumerate(members):
                for a in row:
                    for b in col:
                        if a is b:
                            continue
                        tot[i][j] += 1
                        yes[i][j] += takes.led(b, a)
    return [["all" if tot[i][j] and yes[i][j] == tot[i][j] else "some" if yes[i][j] else ""
             for j in range(len(groups))] for i in range(len(groups))]


def _how_trick(rules: Ruleset) -> str:
    if isinstance(rules, ChainRuleset):
        return tr("How a trick is decided: any card may be played. The led card is ahead; "
                  "each later card takes the lead only if it beats the card that is ahead as "
                  "if that card had been led; between equal cards the earlier stays ahead.")
    return tr("How a trick is decided: the sources give a winner order over the whole trick; "
              "the earliest card of the highest place in that order wins.")


def _sources_line(citations: Iterable[str]) -> str:
    """The sheet's one line of sources, by author and title (never a file name)."""
    return tr("Sources: {sources}.", sources="; ".join(sorted({for_reader(c)
                                                                for c in citations})))


#: The smallest type on a reference card, in points: readable at the table for older eyes.
CARD_TYPE = 8.0


def reference_card_pdf(game: str | Ruleset, path: str | Path) -> Path:
    """One sheet for one game, printed on both sides: the card roles by class, strongest
    first, and the grid of who takes whom (engine-computed over every choice of suits); no
    type smaller than :data:`CARD_TYPE`."""
    rules = ruleset(game)
    groups = role_groups(rules)
    grid = takes_grid(rules, groups)
    chosen_word = tr("one chosen suit") if rules.n_chosen == 1 else \
        tr("{n} chosen suits", n=rules.n_chosen)
    title = tr("{game}: reference card", game=rules.title)

    def build(margin: float) -> Document:
        doc = Document(title, margin=margin,
                       footer=tr("{game} · reference card", game=rules.title))
        doc.para(title, 15, weight="bold", after=2)
        doc.para(tr("{cards} cards; {chosen}; {hand} cards to each player.",
                    cards=len(rules.pack), chosen=chosen_word, hand=rules.hand_size),
                 CARD_TYPE, color=MUTED, after=2)
        doc.para(_how_trick(rules), CARD_TYPE, after=4)
        rows = []
        for i, g in enumerate(groups, 1):
            role = g.label if g.label == g.names[0] or len(g.names) > 1 else \
                f"{g.label} ({g.names[0]})"
            if len(g.names) > 1 and g.label not in g.names:
                role = f"{g.label} ({' / '.join(g.names)})"
            rows.append([str(i), g.cards_text(rules), role, g.beats, g.taken_by])
        doc.table([("#", 0.04), (tr("cards"), 0.14), (tr("role"), 0.2), (tr("beats"), 0.33),
                   (tr("when ahead, it …"), 0.29)], rows, size=CARD_TYPE)
        _draw_grid(doc, groups, grid)
        doc.para(_sources_line(g.source for g in groups), CARD_TYPE, color=MUTED, after=0)
        return doc

    return _fit_sheet(build, path)


def _fit_sheet(build: Callable[[float], Document], path: str | Path) -> Path:
    """Build a card with ever narrower margins (its type stays, at least :data:`CARD_TYPE`)
    until it fits one sheet, front and back."""
    for margin in (30.0, 26.0, 22.0, 18.0):
        doc = build(margin)
        if len(doc.pages) <= 2:
            break
    return doc.render(path)


def _draw_grid(doc: Document, groups: Sequence[RoleGroup], grid: list[list[str]]) -> None:
    """The grid of who takes whom, kept on one page, its type a point above
    :data:`CARD_TYPE`."""
    n = len(groups)
    fs = CARD_TYPE + 1
    doc.room((n + 1) * (fs + 4) + 60)
    title = tr("Who takes whom. Row: the card ahead (led, or ahead in the trick). Column: a "
               "card played after it. ● always takes the lead, ◐ only sometimes (for instance "
               "only in its own suit), blank: never. Row and column numbers are those of the "
               "table.")
    doc.para(title, fs, after=6)
    label_w = max(doc.m.width(f"{i + 1}. {g.label}", fs) for i, g in enumerate(groups)) + 8
    cell = min(18.0, (doc.width - label_w) / n, (doc.bottom - doc.y - 40) / (n + 1))
    x0 = doc.margin + label_w
    y0 = doc.y
    for j in range(n):
        doc.text(x0 + j * cell + cell / 2, y0, str(j + 1), fs, ha="center", color=MUTED)
    y0 += cell
    for i, g in enumerate(groups):
        y = y0 + i * cell
        doc.text(x0 - 4, y + (cell - fs) / 2, f"{i + 1}. {g.label}", fs, ha="right")
        if i % 2 == 0:
            doc.rect(x0, y, n * cell, cell, fill="#f4f4f4", edge="none", lw=0)
        for j in range(n):
            mark = {"all": "●", "some": "◐"}.get(grid[i][j], "")
            if mark:
                doc.text(x0 + j * cell + cell / 2, y + (cell - fs) / 2, mark, fs, ha="center")
    for j in range(n + 1):
        doc.line(x0 + j * cell, y0, x0 + j * cell, y0 + n * cell, lw=0.2)
    for i in range(n + 1):
        doc.line(x0, y0 + i * cell, x0 + n * cell, y0 + i * cell, lw=0.2)
    doc.y = y0 + n * cell + 10


# ============================================================================================
# The chosen-suits cards
# ============================================================================================


def chosen_suits_card_pdf(chosen: str | Iterable[str], path: str | Path, *,
                          game: str | Ruleset = KNUEFFELN) -> Path:
    """One sheet (front and back) for one pair of chosen suits: every card of the pack in
    its role, by class, strongest first (:func:`knlib.render.display.classes_by_strength`);
    no type smaller than :data:`CARD_TYPE`."""
    from knlib.render.display import classes_by_strength

    rules = ruleset(game)
    suits = rules.check_chosen(chosen)
    roles = rules.roles(suits)
    names = [f"{suit_symbol(s)} {suit_name(s, german=rules.german)}" for s in suits]
    title = tr("{first} and {second}", first=names[0], second=names[1]) if len(names) == 2 \
        else " and ".join(names)
    classes = classes_by_strength(rules, suits)

    def build(margin: float) -> Document:
        doc = Document(tr("{game}: chosen {suits}", game=rules.title, suits=title),
                       margin=margin, footer=tr("{game} · chosen {suits}", game=rules.title,
                                                suits=title))
        doc.para(tr("Chosen: {suits}", suits=title), 20, weight="bold", after=1)
        doc.para(tr("{game}: every card of the pack in its role when these suits are chosen, "
                    "the strongest class first.", game=rules.title), CARD_TYPE, color=MUTED,
                 after=6)
        rows: list[list[str]] = []
        groups: list[str | None] = []
        notes = []
        for klass, cards in classes:
            merged: list[list[Card]] = []
            for c in cards:
                r = roles[c]
                if merged and _same_role(roles[merged[-1][0]], r) and \
                        rules.strength(merged[-1][0], suits) == rules.strength(c, suits):
                    merged[-1].append(c)
                else:
                    merged.append([c])
            for k, row in enumerate(merged):
                r = roles[row[0]]
                rows.append([" ".join(card_symbol(c, rules) for c in row), r.label, r.beats,
                             r.taken_by])
                groups.append(ntr("{klass} ({n} card)", "{klass} ({n} cards)", len(cards),
                                  klass=class_text(klass)) if k == 0 else None)
                notes += [note for c in row if (note := roles[c].note)]
        doc.table([(tr("cards"), 0.15), (tr("role"), 0.22), (tr("beats"), 0.34),
                   (tr("when ahead, it …"), 0.29)], rows, size=CARD_TYPE, bold_first=True,
                  groups=groups)
        for note in notes:
            doc.para(tr("Note: {note}.", note=for_reader(note)), CARD_TYPE,
                     after=2)
        doc.para(_sources_line(roles[c].source for c in rules.pack), CARD_TYPE, color=MUTED,
                 after=0)
        return doc

    return _fit_sheet(build, path)


def _same_role(a: Any, b: Any) -> bool:
    return (a.klass, a.name, a.term, a.beats, a.taken_by, a.note) == \
        (b.klass, b.name, b.term, b.beats, b.taken_by, b.note)
