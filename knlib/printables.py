"""Printable sheets for the course, as PDF drawn with matplotlib.

* :func:`at_a_glance_pdf`: "Knüffeln at a glance" on one page: the table, the five Olen,
  the seven lead cases as a flowchart and the stakes (:mod:`knlib.glance`);
* :func:`reference_card_pdf`: one page per game: the card roles by class, strongest
  first, and a grid of who takes whom, all from the engine (:meth:`Ruleset.roles`,
  the trick rule);
* :func:`chosen_suits_card_pdf`: one page per pair of chosen suits in today's Knüffeln
  (six pairs): every card of the pack in its role;
* :func:`phrasebook_pdf`: the table talk of :data:`knlib.players.talk.PHRASEBOOK`;
* :func:`puzzle_sheet_pdf`: verified puzzles on the front, solutions on the back;
* :func:`leader_guide_pdf`: the five evenings of :data:`knlib.course.EVENINGS` with
  timings and materials, and how to print and reprint;
* :func:`exam_pdf` and :func:`answer_key_pdf`: a candidate's paper and its key, from
  the exam seed (:func:`knlib.course.exam`), so a paper can be printed again.

``python -m knlib.printables --out _build/printables`` (``make printables``) writes them
all; ``--exam-seeds 17 23 --only-exams`` prints papers for given seeds. The PDFs carry
no creation date, so the same input gives the same file.
"""

from __future__ import annotations

import argparse
import re
import sys
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from .cards import SUITS, Card, suit_name, suit_symbol
from .errors import RulesError
from .rules.games import GAMES, ChainRuleset, Ruleset, ruleset

__all__ = [
    "at_a_glance_pdf",
    "reference_card_pdf",
    "chosen_suits_card_pdf",
    "phrasebook_pdf",
    "puzzle_sheet_pdf",
    "leader_guide_pdf",
    "exam_pdf",
    "answer_key_pdf",
    "build_all",
    "catalogue",
    "links_md",
    "Printable",
    "page_count",
    "role_groups",
    "takes_grid",
    "CHOSEN_PAIRS",
    "main",
]

#: The six pairs of chosen suits of a two-suit game, in the pack's suit order.
CHOSEN_PAIRS: tuple[tuple[str, str], ...] = tuple(combinations(SUITS, 2))  # type: ignore[assignment]

A4 = (595.28, 841.89)  # points, portrait
FONT = "DejaVu Sans"
INK = "#1a1a1a"
MUTED = "#555555"
RULE = "#bbbbbb"


def page_count(pdf: str | Path | bytes) -> int:
    """The number of pages of a PDF: its ``/Type /Page`` objects (not ``/Pages``)."""
    data = pdf if isinstance(pdf, bytes) else Path(pdf).read_bytes()
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))


# ============================================================================================
# A small flow layout on matplotlib
# ============================================================================================


class _Measure:
    """Text widths in points, from the font's outlines (cached per word)."""

    def __init__(self) -> None:
        from matplotlib.font_manager import FontProperties
        from matplotlib.textpath import TextToPath

        self._ttp = TextToPath()
        self._props: dict[tuple[str, str], Any] = {}
        self._cache: dict[tuple[str, float, str, str], float] = {}
        self._fp = FontProperties

    def width(self, text: str, size: float, weight: str = "normal",
              style: str = "normal") -> float:
        key = (text, size, weight, style)
        w = self._cache.get(key)
        if w is None:
            pk = (weight, style)
            if pk not in self._props:
                self._props[pk] = self._fp(family=FONT, weight=weight, style=style, size=100)
            with warnings.catch_warnings():
                warnings.filterwarnings("ignore", message="Glyph .* missing")
                w100, _, _ = self._ttp.get_text_width_height_descent(text, self._props[pk],
                                                                     ismath=False)
            w = self._cache[key] = w100 * size / 100
        return w

    def wrap(self, text: str, width: float, size: float, weight: str = "normal",
             style: str = "normal") -> list[str]:
        """Greedy word wrap to ``width`` points; each input line wraps on its own."""
        out: list[str] = []
        space = self.width(" ", size, weight, style)
        for para in text.split("\n"):
            words = para.split(" ")
            line: list[str] = []
            used = 0.0
            for word in words:
                w = self.width(word, size, weight, style)
                extra = w if not line else used + space + w
                if line and extra > width:
                    out.append(" ".join(line))
                    line, used = [word], w
                else:
                    line.append(word)
                    used = extra
            out.append(" ".join(line))
        return out


_MEASURE: _Measure | None = None


def _measure() -> _Measure:
    global _MEASURE
    if _MEASURE is None:
        _MEASURE = _Measure()
    return _MEASURE


@dataclass
class _Doc:
    """Pages of drawing operations, laid out top-down in points from the top-left."""

    title: str
    size: tuple[float, float] = A4
    margin: float = 40.0
    footer: str = ""
    scale: float = 1.0
    pages: list[list[tuple[Any, ...]]] = field(default_factory=lambda: [[]])
    y: float = 0.0

    def __post_init__(self) -> None:
        self.y = self.margin
        self.m = _measure()

    @property
    def width(self) -> float:
        return self.size[0] - 2 * self.margin

    @property
    def bottom(self) -> float:
        return self.size[1] - self.margin - 14

    def new_page(self) -> None:
        self.pages.append([])
        self.y = self.margin

    def room(self, height: float) -> None:
        if self.y + height > self.bottom and self.y > self.margin + 1:
            self.new_page()

    def text(self, x: float, y: float, s: str, size: float, *, weight: str = "normal",
             style: str = "normal", color: str = INK, ha: str = "left") -> None:
        self.pages[-1].append(("text", x, y, s, size, weight, style, color, ha))

    def line(self, x0: float, y0: float, x1: float, y1: float, *, lw: float = 0.5,
             color: str = RULE) -> None:
        self.pages[-1].append(("line", x0, y0, x1, y1, lw, color))

    def rect(self, x: float, y: float, w: float, h: float, *, fill: str = "none",
             edge: str = RULE, lw: float = 0.5) -> None:
        self.pages[-1].append(("rect", x, y, w, h, fill, edge, lw))

    def lines_of(self, text: str, size: float, width: float | None = None, *,
                 weight: str = "normal", style: str = "normal") -> list[str]:
        return self.m.wrap(text, width if width is not None else self.width, size, weight,
                           style)

    def para(self, text: str, size: float = 9.0, *, indent: float = 0.0, weight: str = "normal",
             style: str = "normal", color: str = INK, after: float = 3.0,
             keep_with: float = 0.0) -> None:
        size *= self.scale
        lines = self.lines_of(text, size, self.width - indent, weight=weight, style=style)
        lh = size * 1.25
        self.room(len(lines) * lh + keep_with)
        for ln in lines:
            self.text(self.margin + indent, self.y, ln, size, weight=weight, style=style,
                      color=color)
            self.y += lh
        self.y += after * self.scale

    def heading(self, text: str, size: float = 12.0, *, after: float = 4.0) -> None:
        self.para(text, size, weight="bold", after=after, keep_with=40 * self.scale)

    def rule(self, after: float = 4.0) -> None:
        self.line(self.margin, self.y, self.margin + self.width, self.y)
        self.y += after * self.scale

    def block(self, items: list[tuple[str, float, dict[str, Any]]], *, after: float = 4.0
              ) -> None:
        """Paragraphs kept together on one page: (text, size, options) each."""
        total = 0.0
        prepared = []
        for text, size, opt in items:
            size *= self.scale
            indent = opt.get("indent", 0.0)
            lines = self.lines_of(text, size, self.width - indent,
                                  weight=opt.get("weight", "normal"),
                                  style=opt.get("style", "normal"))
            prepared.append((lines, size, opt))
            total += len(lines) * size * 1.25 + opt.get("after", 1.5) * self.scale
        self.room(total)
        for lines, size, opt in prepared:
            for ln in lines:
                self.text(self.margin + opt.get("indent", 0.0), self.y, ln, size,
                          weight=opt.get("weight", "normal"), style=opt.get("style", "normal"),
                          color=opt.get("color", INK))
                self.y += size * 1.25
            self.y += opt.get("after", 1.5) * self.scale
        self.y += after * self.scale

    def table(self, columns: Sequence[tuple[str, float]], rows: Sequence[Sequence[str]], *,
              size: float = 7.5, header: bool = True, bold_first: bool = False,
              groups: Sequence[str | None] | None = None) -> None:
        """A table with wrapped cells; ``columns`` are (header, share of the width).
        ``groups`` optionally starts a group heading before a row."""
        size *= self.scale
        lh = size * 1.22
        pad = 2.5
        widths = [share * self.width for _, share in columns]
        xs = [self.margin]
        for w in widths[:-1]:
            xs.append(xs[-1] + w)

        def draw_header() -> None:
            for (head, _), x in zip(columns, xs, strict=True):
                self.text(x + pad, self.y, head, size, weight="bold")
            self.y += lh + 1
            self.line(self.margin, self.y - 1, self.margin + self.width, self.y - 1, lw=0.8,
                      color=MUTED)
            self.y += 1.5

        if header:
            self.room(3 * lh)
            draw_header()
        for r, row in enumerate(rows):
            group = groups[r] if groups is not None else None
            cells = [self.lines_of(str(c), size, (w - 2 * pad) * 0.97,
                                   weight="bold" if (bold_first and i == 0) else "normal")
                     for i, (c, w) in enumerate(zip(row, widths, strict=True))]
            height = max(len(c) for c in cells) * lh + 3
            gh = (lh + 3) if group else 0
            if self.y + height + gh > self.bottom:
                self.new_page()
                if header:
                    draw_header()
            if group:
                self.text(self.margin + pad, self.y, group, size * 1.05, weight="bold")
                self.y += lh + 3
            for i, (lines, x) in enumerate(zip(cells, xs, strict=True)):
                for k, ln in enumerate(lines):
                    self.text(x + pad, self.y + k * lh, ln, size,
                              weight="bold" if (bold_first and i == 0) else "normal")
            self.y += height
            self.line(self.margin, self.y - 1.5, self.margin + self.width, self.y - 1.5, lw=0.3)
        self.y += 4 * self.scale

    # -- output ---------------------------------------------------------------------------
    def render(self, path: str | Path) -> Path:
        """Write the pages as one PDF (a ``.png`` path writes page images instead)."""
        from matplotlib import rc_context
        from matplotlib.backends.backend_pdf import PdfPages

        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        meta = {"Title": self.title, "Creator": "knlib", "Producer": "knlib",
                "CreationDate": None}
        with rc_context({"pdf.fonttype": 3}), warnings.catch_warnings():
            warnings.filterwarnings("ignore", message="Glyph .* missing")
            if path.suffix == ".png":
                for i, fig in enumerate(self.figures()):
                    name = path if i == 0 else path.with_name(f"{path.stem}-{i + 1}.png")
                    fig.savefig(name, dpi=110, metadata={"Software": "knlib"})
                return path
            with PdfPages(path, metadata=meta) as pdf:
                for fig in self.figures():
                    pdf.savefig(fig)
        return path

    def figures(self) -> Iterable[Any]:
        from matplotlib.figure import Figure
        from matplotlib.lines import Line2D
        from matplotlib.patches import Rectangle

        W, H = self.size
        n = len(self.pages)
        if True:
            if True:
                for i, ops in enumerate(self.pages):
                    fig = Figure(figsize=(W / 72, H / 72))
                    fig.patch.set_facecolor("white")
                    for op in ops:
                        kind = op[0]
                        if kind == "text":
                            _, x, y, s, size, weight, style, color, ha = op
                            fig.text(x / W, 1 - y / H, s, fontsize=size, weight=weight,
                                     style=style, color=color, ha=ha, va="top", family=FONT,
                                     parse_math=False)
                        elif kind == "line":
                            _, x0, y0, x1, y1, lw, color = op
                            fig.add_artist(Line2D([x0 / W, x1 / W], [1 - y0 / H, 1 - y1 / H],
                                                  transform=fig.transFigure, lw=lw,
                                                  color=color))
                        elif kind == "rect":
                            _, x, y, w, h, fill, edge, lw = op
                            fig.add_artist(Rectangle((x / W, 1 - (y + h) / H), w / W, h / H,
                                                     transform=fig.transFigure,
                                                     facecolor=fill, edgecolor=edge, lw=lw))
                    foot = f"{self.footer} · page {i + 1} of {n}" if self.footer else \
                        f"page {i + 1} of {n}"
                    fig.text(0.5, (self.margin * 0.6) / H, foot, fontsize=7, color=MUTED,
                             ha="center", va="bottom", family=FONT, parse_math=False)
                    yield fig


def _one_page(build: Callable[[float], _Doc], path: str | Path) -> Path:
    """Build with shrinking type until the document fits on one page."""
    for scale in (1.0, 0.94, 0.88, 0.82, 0.76, 0.7, 0.65, 0.6, 0.55, 0.5):
        doc = build(scale)
        if len(doc.pages) == 1:
            return doc.render(path)
    raise RulesError(f"{doc.title!r} does not fit on one page")  # pragma: no cover


# ============================================================================================
# The engine's roles, grouped for a reference card
# ============================================================================================


def _sym(card: Card, rules: Ruleset) -> str:
    return card.german_symbol if rules.german else card.symbol


def _rank_text(card: Card, rules: Ruleset) -> str:
    return _sym(card, rules)[1:]


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
            return " ".join(_sym(c, rules) for c in self.cards)
        ranks = []
        for c in sorted(self.cards, key=lambda c: -c.rank):
            t = _rank_text(c, rules)
            if t not in ranks:
                ranks.append(t)
        return ("chosen " if self.chosen else "unchosen " if rules.n_chosen else "") + \
            " ".join(ranks)


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
        label = term or (names[0] if len(names) == 1 else klass)
        out.append(RoleGroup(klass, label, names, beats, taken, chosen, g["source"],
                             tuple(sorted(g["cards"], key=lambda c: (-c.rank, c.index))),
                             permanent, sum(g["strength"]) / len(g["strength"]),
                             tuple(g["members"])))
    out.sort(key=lambda g: (-g.strength, g.label))
    return out


def _strengths(rules: Ruleset, chosen: tuple[str, ...]) -> dict[Card, int]:
    """How many pack cards each card takes when played second, plus how many it holds off
    when led (the measure of :meth:`Ruleset.strength`, from the fast trick table)."""
    from .rules.tricks import fast_table

    table = fast_table(rules, chosen)
    if table is None:
        return {c: rules.strength(c, chosen) for c in rules.pack}
    pack = rules.pack
    out = {}
    for c in pack:
        wins = sum(table.winner([x.index, c.index]) == 1 for x in pack if x is not c)
        holds = sum(table.winner([c.index, x.index]) == 0 for x in pack if x is not c)
        out[c] = wins + holds
    return out


def takes_grid(game: str | Ruleset, groups: Sequence[RoleGroup] | None = None
               ) -> list[list[str]]:
    """For each pair of rows (led or ahead, then played after it): 'all' if a card of the
    second row always takes the lead from a card of the first, 'some' if only sometimes
    (say, only in its own suit), '' if never. Asked of the engine for every pair of cards
    and every choice of suits."""
    from .rules.tricks import fast_table

    rules = ruleset(game)
    groups = list(groups) if groups is not None else role_groups(rules)
    by_combo: dict[tuple[str, ...], list[list[Card]]] = {}
    for gi, g in enumerate(groups):
        for c, ch in g.members:
            by_combo.setdefault(ch, [[] for _ in groups])[gi].append(c)
    yes = [[0] * len(groups) for _ in groups]
    tot = [[0] * len(groups) for _ in groups]
    for ch, members in by_combo.items():
        table = fast_table(rules, ch)

        def wins(a: Card, b: Card, ch: tuple[str, ...] = ch, table: Any = table) -> bool:
            if table is not None:
                return table.winner([a.index, b.index]) == 1
            return rules.ahead_sequence([a, b], ch)[-1] == 1

        for i, row in enumerate(members):
            for j, col in enumerate(members):
                for a in row:
                    for b in col:
                        if a is b:
                            continue
                        tot[i][j] += 1
                        yes[i][j] += wins(a, b)
    return [["all" if tot[i][j] and yes[i][j] == tot[i][j] else "some" if yes[i][j] else ""
             for j in range(len(groups))] for i in range(len(groups))]


def _how_trick(rules: Ruleset) -> str:
    from .course import _trick_source

    if isinstance(rules, ChainRuleset):
        return ("How a trick is decided: any card may be played. The led card is ahead; each "
                "later card takes the lead only if it beats the card that is ahead as if that "
                "card had been led; between equal cards the earlier stays ahead "
                f"({_trick_source(rules)}; rules/README.md, readings 1 and 2).")
    return ("How a trick is decided: the sources give a winner order over the whole trick; "
            "the earliest card of the highest place in that order wins "
            f"({_trick_source(rules)}).")


def reference_card_pdf(game: str | Ruleset, path: str | Path) -> Path:
    """One page for one game: the card roles by class, strongest first, and the grid of
    who takes whom (engine-computed over every choice of suits)."""
    rules = ruleset(game)
    groups = role_groups(rules)
    grid = takes_grid(rules, groups)
    chosen_word = "one chosen suit" if rules.n_chosen == 1 else f"{rules.n_chosen} chosen suits"

    def build(scale: float) -> _Doc:
        doc = _Doc(f"{rules.title}: reference card", margin=30, scale=scale,
                   footer=f"knlib reference card · {rules.id}")
        doc.para(f"{rules.title}: reference card", 15, weight="bold", after=2)
        doc.para(f"{len(rules.pack)} cards ({rules.pack_source}); {chosen_word} "
                 f"({rules.chosen_source}); {rules.hand_size} cards to each player.", 7.5,
                 color=MUTED, after=2)
        doc.para(_how_trick(rules), 7.5, after=4)
        rows = []
        for i, g in enumerate(groups, 1):
            role = g.label if g.label == g.names[0] or len(g.names) > 1 else \
                f"{g.label} ({g.names[0]})"
            if len(g.names) > 1 and g.label not in g.names:
                role = f"{g.label} ({' / '.join(g.names)})"
            rows.append([str(i), g.cards_text(rules), role, g.beats, g.taken_by])
        doc.table([("#", 0.04), ("cards", 0.14), ("role", 0.2), ("beats", 0.33),
                   ("when ahead, it …", 0.29)], rows, size=6.6)
        _draw_grid(doc, groups, grid)
        srcs = sorted({g.source for g in groups})
        doc.para("Sources: " + "; ".join(srcs) + ".", 6.2, color=MUTED, after=0)
        return doc

    return _one_page(build, path)


def _draw_grid(doc: _Doc, groups: Sequence[RoleGroup], grid: list[list[str]]) -> None:
    n = len(groups)
    s = doc.scale
    title = ("Who takes whom. Row: the card ahead (led, or ahead in the trick). Column: a card "
             "played after it. ● always takes the lead, ◐ only sometimes (for instance only "
             "in its own suit), blank: never. Row and column numbers are those of the table.")
    doc.para(title, 7, after=3, keep_with=n * 9 * s)
    label_w = 150 * s
    avail_w = doc.width - label_w
    cell = min(11.0 * s, avail_w / n)
    avail_h = doc.bottom - doc.y - 24 * s
    if n * cell + cell > avail_h:
        cell = max(5.0, (avail_h - cell) / (n + 1))
        if n * cell + cell > avail_h:
            doc.new_page()
    x0 = doc.margin + label_w
    y0 = doc.y
    fs = min(6.5 * s, cell * 0.72)
    for j in range(n):
        doc.text(x0 + j * cell + cell / 2, y0, str(j + 1), fs * 0.9, ha="center", color=MUTED)
    y0 += cell
    for i, g in enumerate(groups):
        y = y0 + i * cell
        label = f"{i + 1}. {g.label}"
        if len(label) > 34:
            label = label[:33] + "…"
        doc.text(x0 - 4, y + cell * 0.12, label, fs, ha="right")
        if i % 2 == 0:
            doc.rect(x0, y, n * cell, cell, fill="#f4f4f4", edge="none", lw=0)
        for j in range(n):
            mark = {"all": "●", "some": "◐"}.get(grid[i][j], "")
            if mark:
                doc.text(x0 + j * cell + cell / 2, y + cell * 0.08, mark, fs, ha="center")
    for j in range(n + 1):
        doc.line(x0 + j * cell, y0, x0 + j * cell, y0 + n * cell, lw=0.2)
    for i in range(n + 1):
        doc.line(x0, y0 + i * cell, x0 + n * cell, y0 + i * cell, lw=0.2)
    doc.y = y0 + n * cell + 8 * s


# ============================================================================================
# The chosen-suits cards
# ============================================================================================


def chosen_suits_card_pdf(chosen: str | Iterable[str], path: str | Path, *,
                          game: str | Ruleset = "knueffeln") -> Path:
    """One page for one pair of chosen suits: every card of the pack in its role, by class,
    strongest first (:func:`knlib.render.display.classes_by_strength`)."""
    from .render.display import classes_by_strength

    rules = ruleset(game)
    suits = rules.check_chosen(chosen)
    roles = rules.roles(suits)
    title = " and ".join(f"{suit_symbol(s)} {suit_name(s, german=rules.german)}" for s in suits)
    classes = classes_by_strength(rules, suits)

    def build(scale: float) -> _Doc:
        doc = _Doc(f"{rules.title}: chosen {title}", margin=34, scale=scale,
                   footer=f"knlib chosen-suits card · {rules.id} · {''.join(suits)}")
        doc.para(f"Chosen: {title}", 20, weight="bold", after=1)
        doc.para(f"{rules.title}: every card of the pack in its role when these suits are "
                 "chosen, the strongest class first.", 8, color=MUTED, after=6)
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
                rows.append([" ".join(_sym(c, rules) for c in row), r.label, r.beats,
                             r.taken_by])
                groups.append(f"{klass} ({len(cards)} card{'s' if len(cards) != 1 else ''})"
                              if k == 0 else None)
                notes += [roles[c].note for c in row if roles[c].note]
        doc.table([("cards", 0.15), ("role", 0.22), ("beats", 0.34), ("when ahead, it …", 0.29)],
                  rows, size=7.8, bold_first=True, groups=groups)
        for note in notes:
            doc.para(f"Note: {note}.", 7.2, after=2)
        srcs = sorted({roles[c].source for c in rules.pack})
        doc.para("Sources: " + "; ".join(srcs) + ".", 6.5, color=MUTED, after=0)
        return doc

    return _one_page(build, path)


def _same_role(a: Any, b: Any) -> bool:
    return (a.klass, a.name, a.term, a.beats, a.taken_by, a.note) == \
        (b.klass, b.name, b.term, b.beats, b.taken_by, b.note)


# ============================================================================================
# The phrasebook sheet
# ============================================================================================


def phrasebook_pdf(path: str | Path) -> Path:
    """The table talk of :data:`knlib.players.talk.PHRASEBOOK`: the phrase, English, what it
    claims, whether it may be a bluff, and its source."""
    from .players.talk import PHRASEBOOK

    doc = _Doc("Knüffeln table talk", margin=34, footer="knlib phrasebook sheet")
    doc.para("Knüffeln table talk", 18, weight="bold", after=2)
    doc.para("Partners may talk about their hands but never name a card, and may bluff. What "
             "each phrase claims is this book's reading; the phrases are quoted as the sources "
             "print them (seed 000 and seed 001, 'Communication').", 8, color=MUTED, after=6)
    kinds = {"question": "Questions", "statement": "Statements about the hand",
             "call": "Calls during a trick", "announcement": "Announcements",
             "comment": "Comments", "dialogue": "A conversation"}
    order = list(kinds)
    phrases = sorted(PHRASEBOOK, key=lambda p: order.index(p.kind) if p.kind in order else 99)
    rows, groups = [], []
    last = None
    for p in phrases:
        first = p.low_german_or_german
        if p.german:
            first += f"\n(German: {p.german})"
        rows.append([first, p.english, p.claim, "yes" if p.may_bluff else "no", p.source])
        groups.append(kinds.get(p.kind, p.kind) if p.kind != last else None)
        last = p.kind
    doc.table([("phrase", 0.25), ("English", 0.2), ("what it claims", 0.34),
               ("bluff?", 0.06), ("source", 0.15)], rows, size=7.2, bold_first=True,
              groups=groups)
    return doc.render(path)


# ============================================================================================
# The course leader's guide page
# ============================================================================================


def leader_guide_pdf(path: str | Path, *, exam_seed: int | str | None = None) -> Path:
    """The five evenings with goals, timings and materials, and how to print and reprint."""
    from .course import BOOK_EXAM_SEED, EVENINGS, PASS_MARK

    seed = BOOK_EXAM_SEED if exam_seed is None else exam_seed
    doc = _Doc("Knüffeln course: leader's guide", margin=34,
               footer="knlib course leader's guide")
    doc.para("Running the Knüffeln course: five evenings", 17, weight="bold", after=2)
    doc.para("In Bohmstedt the game is taught in courses of five evenings that end with a "
             "diploma (seed 000, 'Introduction'). The plan below is this book's suggestion; "
             "each evening has a chapter with exercises and a self-check.", 8, color=MUTED,
             after=6)
    for k, ev in EVENINGS.items():
        timings = "; ".join(f"{part} {m} min" for part, m in ev.timings)
        items: list[tuple[str, float, dict[str, Any]]] = [
            (f"Evening {k}: {ev.title} (about {ev.minutes} minutes)", 10.5,
             {"weight": "bold", "after": 1}),
            ("Goals: " + "; ".join(ev.goals) + ".", 8, {"indent": 8}),
            ("Timings: " + timings + ".", 8, {"indent": 8}),
            ("Materials: " + "; ".join(ev.materials) + ".", 8, {"indent": 8}),
            ("Rules from: " + "; ".join(ev.sources) + ".", 7, {"indent": 8, "color": MUTED}),
        ]
        doc.block(items, after=5)
    doc.rule()
    doc.block([
        ("Printing and the final exam", 10.5, {"weight": "bold", "after": 1}),
        ("Print the week's sheets with 'make printables' (written to _build/printables): a "
         "reference card per game, the six chosen-suits cards, this guide, the phrasebook "
         f"sheet, and exam paper {seed} with its answer key.", 8, {"indent": 8}),
        ("Each candidate can have a paper of their own: pick a seed per candidate and run "
         "'python -m knlib.printables --only-exams --exam-seeds 17 23' (papers 17 and 23 with "
         "their keys). The same seed always prints the same paper, so a paper can be printed "
         "again; note the seed on the candidate's list.", 8, {"indent": 8}),
        (f"The pass mark is {PASS_MARK:.0%} unless you set another. A candidate who passes "
         "gets the diploma (knlib.diploma.diploma, or the exam chapter's 'Make my diploma' "
         "button).", 8, {"indent": 8}),
    ])
    return doc.render(path)


# ============================================================================================
# Exam papers and answer keys
# ============================================================================================

_LETTERS = "ABCDEFGHIJ"


def _paper(seed: int | str, n: int, game: str | Ruleset) -> list[Any]:
    from .course import exam

    return exam(seed, n=n, game=game)


def exam_pdf(seed: int | str, path: str | Path, *, n: int = 20,
             game: str | Ruleset = "knueffeln", pass_mark: float | None = None) -> Path:
    """A candidate's exam paper for ``seed`` (the questions of :func:`knlib.course.exam`)."""
    from .course import EVENINGS, PASS_MARK, _check_pass_mark, answers_needed

    mark = _check_pass_mark(PASS_MARK if pass_mark is None else pass_mark)
    rules = ruleset(game)
    paper = _paper(seed, n, rules)
    need = answers_needed(len(paper), mark)
    doc = _Doc(f"Knüffeln final exam, paper {seed}", margin=40,
               footer=f"{rules.title} · final exam · paper {seed}")
    doc.para(f"Final exam: {rules.title}", 17, weight="bold", after=2)
    doc.para(f"Paper {seed} · {len(paper)} questions · pass mark {mark:.0%} ({need} right "
             "answers)", 9, color=MUTED, after=8)
    y = doc.y
    doc.text(doc.margin, y, "Name:", 10)
    doc.line(doc.margin + 36, y + 11, doc.margin + 300, y + 11, lw=0.6, color=INK)
    doc.text(doc.margin + 320, y, "Date:", 10)
    doc.line(doc.margin + 352, y + 11, doc.margin + doc.width, y + 11, lw=0.6, color=INK)
    doc.y += 24
    doc.para("Mark one answer for each question by filling its circle. Every question has "
             "exactly one right answer. The cards are written with their suit symbols: ♣ "
             "clubs, ♠ spades, ♥ hearts, ♦ diamonds.", 8.5, after=6)
    evening = None
    for i, q in enumerate(paper, 1):
        items: list[tuple[str, float, dict[str, Any]]] = []
        if q.evening != evening:
            evening = q.evening
            items.append((f"Evening {evening}: {EVENINGS[evening].title}", 11,
                          {"weight": "bold", "after": 3}))
        lines = q.prompt.split("\n")
        items.append((f"{i}. {lines[0]}", 9, {"weight": "bold", "after": 1}))
        for ln in lines[1:-1]:
            items.append((ln, 7.6, {"indent": 14, "after": 0.5}))
        if len(lines) > 1:
            items.append((lines[-1], 9, {"weight": "bold", "indent": 0, "after": 1}))
        for j, o in enumerate(q.options):
            items.append((f"○  {_LETTERS[j]}.  {o}", 8.8, {"indent": 14, "after": 1}))
        doc.block(items, after=6)
    return doc.render(path)


def answer_key_pdf(seed: int | str, path: str | Path, *, n: int = 20,
                   game: str | Ruleset = "knueffeln", pass_mark: float | None = None) -> Path:
    """The answer key of paper ``seed``: a grid of letters for quick marking, then each
    answer with the engine's explanation."""
    from .course import PASS_MARK, _check_pass_mark, answers_needed

    mark = _check_pass_mark(PASS_MARK if pass_mark is None else pass_mark)
    rules = ruleset(game)
    paper = _paper(seed, n, rules)
    need = answers_needed(len(paper), mark)
    doc = _Doc(f"Knüffeln final exam, paper {seed}: answer key", margin=40,
               footer=f"{rules.title} · answer key · paper {seed}")
    doc.para(f"Answer key: paper {seed}", 17, weight="bold", after=2)
    doc.para(f"{rules.title} · {len(paper)} questions · pass: {need} or more right "
             f"({mark:.0%}). For the course leader; do not hand out with the paper.", 9,
             color=MUTED, after=8)
    per_row = 10
    cell = doc.width / per_row
    for start in range(0, len(paper), per_row):
        y = doc.y
        for k, q in enumerate(paper[start:start + per_row]):
            x = doc.margin + k * cell
            doc.rect(x + 2, y, cell - 4, 30, edge=MUTED)
            doc.text(x + cell / 2, y + 3, str(start + k + 1), 8, ha="center", color=MUTED)
            doc.text(x + cell / 2, y + 13, q.letter, 13, weight="bold", ha="center")
        doc.y += 38
    doc.y += 4
    for i, q in enumerate(paper, 1):
        items: list[tuple[str, float, dict[str, Any]]] = [
            (f"{i}. {q.letter}: {q.correct}", 9, {"weight": "bold", "after": 1}),
        ]
        for ln in q.explanation.split("\n"):
            if ln.strip():
                items.append((ln, 7.6, {"indent": 12, "after": 0.5}))
        doc.block(items, after=5)
    return doc.render(path)


# ============================================================================================
# Everything at once, and the command line
# ============================================================================================


def at_a_glance_pdf(path: str | Path, *, game: str = "knueffeln") -> Path:
    """Knüffeln at a glance on one A4 page (:func:`knlib.glance.glance_figure`)."""
    from matplotlib import rc_context

    from .glance import glance_figure

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    meta = {"Title": "Knüffeln at a glance", "Creator": "knlib", "Producer": "knlib",
            "CreationDate": None}
    with rc_context({"pdf.fonttype": 3}), warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Glyph .* missing")
        glance_figure(game).savefig(path, format="pdf", metadata=meta)
    return path


def puzzle_sheet_pdf(path: str | Path, *, puzzles: Sequence[Any] | None = None,
                     most: int = 8) -> Path:
    """A puzzle sheet: up to ``most`` of the book's verified puzzles
    (:func:`knlib.analysis.puzzles.book_puzzles`, spread from easy to hard) on the front,
    their solutions with the reasons on the back; two pages, for printing on both sides.
    Every position shows all four hands, because the answers are best play with all
    cards face up."""
    from .analysis.puzzles import book_puzzles

    chosen = list(puzzles) if puzzles is not None else book_puzzles()
    if len(chosen) > most:  # spread over the grades, easiest first
        step = (len(chosen) - 1) / (most - 1)
        chosen = [chosen[round(i * step)] for i in range(most)]
    if not chosen:
        raise RulesError("no puzzles to print")

    def build(scale: float) -> tuple[_Doc, int]:
        doc = _Doc("Knüffeln puzzles", margin=36, scale=scale,
                   footer="Knüffeln puzzles · best play with all cards face up")
        doc.para("Knüffeln puzzles", 16, weight="bold", after=2)
        doc.para("Every hand is shown face up. In each position exactly one choice gets the "
                 "side to act the most, if both sides then play their best; the computer "
                 "proved it by trying every way the play can go. Solutions on the back.", 8.5,
                 color=MUTED, after=6)
        for i, p in enumerate(chosen, 1):
            d, rules = p.deal, p.deal.rules
            items: list[tuple[str, float, dict[str, Any]]] = [
                (f"{i}. {p.grade.capitalize()} (after Evening {p.evening}) · {p.title}", 9.5,
                 {"weight": "bold", "after": 1})]
            items.append((f"Chosen: {rules.chosen_text(d.chosen)}.", 8, {"indent": 12,
                                                                         "after": 0.5}))
            for seat in d.active:
                hand = " ".join(_sym(c, rules)
                                for c in rules.sort_by_strength(d.hands[seat], d.chosen))
                items.append((f"{d.names[seat]}: {hand}", 8.5, {"indent": 12, "after": 0.5}))
            items.append((p.question, 8.5, {"indent": 12, "after": 1}))
            doc.block(items, after=5)
        front = len(doc.pages)
        doc.new_page()
        doc.para("Solutions", 16, weight="bold", after=6)
        for i, p in enumerate(chosen, 1):
            items: list[tuple[str, float, dict[str, Any]]] = [
                (f"{i}. {p.solution}", 8.2, {"after": 1})]
            for why in dict.fromkeys(w for _, w in p.wrong):
                items.append((why, 7.2, {"indent": 12, "after": 0.5, "color": MUTED}))
            doc.block(items, after=4)
        return doc, front

    for scale in (1.0, 0.94, 0.88, 0.82, 0.76, 0.7, 0.65, 0.6, 0.55, 0.5):
        doc, front = build(scale)
        if front == 1 and len(doc.pages) == 2:
            return doc.render(path)
    raise RulesError("the puzzle sheet does not fit on two pages")  # pragma: no cover


def _pair_name(pair: Sequence[str]) -> str:
    return "-".join(suit_name(s).lower() for s in pair)


@dataclass(frozen=True)
class Printable:
    """One sheet of the course: its file name, what it is, and how to make it."""

    name: str
    filename: str
    title: str
    kind: str
    make: Callable[..., Path]
    args: tuple[Any, ...] = ()
    kwargs: tuple[tuple[str, Any], ...] = ()

    def build(self, out: str | Path) -> Path:
        return self.make(*self.args, Path(out) / self.filename, **dict(self.kwargs))


def catalogue(*, exam_seeds: Iterable[int | str] = (), only_exams: bool = False,
              game: str = "knueffeln") -> list[Printable]:
    """Every printable, in the order a course leader needs them. The book's sample exam
    paper (:data:`knlib.course.BOOK_EXAM_SEED`) is always included unless ``only_exams``."""
    from .course import BOOK_EXAM_SEED

    items: list[Printable] = []
    seeds = list(exam_seeds)
    if not only_exams:
        items.append(Printable("leader-guide", "leader-guide.pdf",
                               "Course leader's guide: the five evenings, timings, materials",
                               "guide", _leader_guide, (seeds[0] if seeds else BOOK_EXAM_SEED,)))
        items.append(Printable("at-a-glance", "at-a-glance.pdf",
                               "Knüffeln at a glance: table, Olen, lead cases, stakes", "glance",
                               at_a_glance_pdf))
        for g in GAMES:
            items.append(Printable(f"reference-{g}", f"reference-{g}.pdf",
                                   f"Reference card: {ruleset(g).title}", "reference",
                                   reference_card_pdf, (g,)))
        for pair in CHOSEN_PAIRS:
            title = " and ".join(f"{suit_symbol(x)} {suit_name(x)}" for x in pair)
            items.append(Printable(f"chosen-{_pair_name(pair)}", f"chosen-{_pair_name(pair)}.pdf",
                                   f"Chosen suits card: {title}", "chosen",
                                   chosen_suits_card_pdf, (pair,)))
        items.append(Printable("phrasebook", "phrasebook.pdf", "Phrasebook sheet: table talk",
                               "phrasebook", _phrasebook))
        items.append(Printable("puzzles", "puzzles.pdf",
                               "Puzzle sheet, solutions on the back", "puzzles",
                               puzzle_sheet_pdf))
        if BOOK_EXAM_SEED not in seeds:
            seeds.insert(0, BOOK_EXAM_SEED)
    for sd in seeds:
        kw = (("game", game),)
        items.append(Printable(f"exam-{sd}", f"exam-{sd}.pdf", f"Final exam, paper {sd}",
                               "exam", exam_pdf, (sd,), kw))
        items.append(Printable(f"exam-{sd}-key", f"exam-{sd}-key.pdf",
                               f"Answer key to paper {sd}", "key", answer_key_pdf, (sd,), kw))
    return items


def _leader_guide(seed: int | str, path: Path) -> Path:
    return leader_guide_pdf(path, exam_seed=seed)


def _phrasebook(path: Path) -> Path:
    return phrasebook_pdf(path)


def _build_one(item: Printable, out: str) -> tuple[str, str]:
    return item.name, str(item.build(out))


def build_all(out: str | Path, *, exam_seeds: Iterable[int | str] = (),
              only_exams: bool = False, game: str = "knueffeln", jobs: int = 1
              ) -> dict[str, Path]:
    """Write every printable of :func:`catalogue` into ``out``; returns name -> path.

    Files: ``leader-guide.pdf``, ``at-a-glance.pdf``, ``reference-<game>.pdf`` (one per game),
    ``chosen-<suit>-<suit>.pdf`` (six), ``phrasebook.pdf``, and ``exam-<seed>.pdf`` with
    ``exam-<seed>-key.pdf`` for the book's paper and each seed given. ``jobs`` > 1 builds
    in that many processes."""
    items = catalogue(exam_seeds=exam_seeds, only_exams=only_exams, game=game)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    if jobs > 1 and len(items) > 1:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor

        ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else None
        with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
            done = dict(pool.map(_build_one, items, [str(out)] * len(items)))
        return {it.name: Path(done[it.name]) for it in items}
    return {it.name: it.build(out) for it in items}


def links_md(base: str, *, kinds: Iterable[str] | None = None,
             exam_seeds: Iterable[int | str] = ()) -> str:
    """A MyST list of links to the printables, relative to ``base`` (the path from a
    chapter to the output directory, e.g. ``'../../_build/printables'``)."""
    want = set(kinds) if kinds is not None else None
    lines = []
    for it in catalogue(exam_seeds=exam_seeds):
        if want is None or it.kind in want:
            lines.append(f"- [{it.title}]({base.rstrip('/')}/{it.filename})")
    return "\n".join(lines)


def _seed_arg(text: str) -> int | str:
    return int(text) if re.fullmatch(r"-?\d+", text) else text


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m knlib.printables [--out DIR] [--exam-seeds S ...] [--only-exams]``."""
    parser = argparse.ArgumentParser(prog="python -m knlib.printables",
                                     description="Write the course's printable sheets as PDF.")
    parser.add_argument("--out", default="_build/printables", help="output directory")
    parser.add_argument("--exam-seeds", nargs="*", type=_seed_arg, default=[],
                        help="exam papers to print (one per candidate), besides the book's")
    parser.add_argument("--only-exams", action="store_true",
                        help="print only the exam papers and their keys")
    parser.add_argument("--game", default="knueffeln", choices=GAMES,
                        help="the game of the exam papers")
    parser.add_argument("--jobs", type=int, default=1, help="build in this many processes")
    args = parser.parse_args(argv)
    try:
        made = build_all(args.out, exam_seeds=args.exam_seeds, only_exams=args.only_exams,
                         game=args.game, jobs=args.jobs)
    except RulesError as err:
        print(f"knlib.printables: {err}", file=sys.stderr)
        return 2
    for path in made.values():
        print(f"{path} ({page_count(path)} page{'s' if page_count(path) != 1 else ''})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
