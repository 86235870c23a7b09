"""A small flow layout on matplotlib for A4 sheets: a page of text, rules, tables and
pictures (:class:`Document`), its measurements of text, and :func:`page_count`. The PDFs
carry no creation date, so the same input gives the same file.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ...i18n import tr
from ...pictures.ligatures import without_ligatures

#: A font style, as matplotlib names them.
FontStyle = Literal["normal", "italic", "oblique"]

__all__ = ["page_count", "Document"]


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
              style: FontStyle = "normal") -> float:
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
             style: FontStyle = "normal") -> list[str]:
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
class Document:
    """Pages of drawing operations, laid out top-down in points from the top-left."""

    title: str
    size: tuple[float, float] = A4
    margin: float = 40.0
    footer: str = ""
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
             style: FontStyle = "normal", color: str = INK, ha: str = "left") -> None:
        self.pages[-1].append(("text", x, y, s, size, weight, style, color, ha))

    def line(self, x0: float, y0: float, x1: float, y1: float, *, lw: float = 0.5,
             color: str = RULE) -> None:
        self.pages[-1].append(("line", x0, y0, x1, y1, lw, color))

    def rect(self, x: float, y: float, w: float, h: float, *, fill: str = "none",
             edge: str = RULE, lw: float = 0.5) -> None:
        self.pages[-1].append(("rect", x, y, w, h, fill, edge, lw))

    def lines_of(self, text: str, size: float, width: float | None = None, *,
                 weight: str = "normal", style: FontStyle = "normal") -> list[str]:
        return self.m.wrap(text, width if width is not None else self.width, size, weight,
                           style)

    def para(self, text: str, size: float = 9.0, *, indent: float = 0.0, weight: str = "normal",
             style: FontStyle = "normal", color: str = INK, after: float = 3.0,
             keep_with: float = 0.0) -> None:
        lines = self.lines_of(text, size, self.width - indent, weight=weight, style=style)
        lh = size * 1.25
        self.room(len(lines) * lh + keep_with)
        for ln in lines:
            self.text(self.margin + indent, self.y, ln, size, weight=weight, style=style,
                      color=color)
            self.y += lh
        self.y += after

    def heading(self, text: str, size: float = 12.0, *, after: float = 4.0) -> None:
        self.para(text, size, weight="bold", after=after, keep_with=40)

    def rule(self, after: float = 4.0) -> None:
        self.line(self.margin, self.y, self.margin + self.width, self.y)
        self.y += after

    def block(self, items: list[tuple[str, float, dict[str, Any]]], *, after: float = 4.0
              ) -> None:
        """Paragraphs kept together on one page: (text, size, options) each."""
        total = 0.0
        prepared = []
        for text, size, opt in items:
            indent = opt.get("indent", 0.0)
            lines = self.lines_of(text, size, self.width - indent,
                                  weight=opt.get("weight", "normal"),
                                  style=opt.get("style", "normal"))
            prepared.append((lines, size, opt))
            total += len(lines) * size * 1.25 + opt.get("after", 1.5)
        self.room(total)
        for lines, size, opt in prepared:
            for ln in lines:
                self.text(self.margin + opt.get("indent", 0.0), self.y, ln, size,
                          weight=opt.get("weight", "normal"), style=opt.get("style", "normal"),
                          color=opt.get("color", INK))
                self.y += size * 1.25
            self.y += opt.get("after", 1.5)
        self.y += after

    def table(self, columns: Sequence[tuple[str, float]], rows: Sequence[Sequence[str]], *,
              size: float = 7.5, header: bool = True, bold_first: bool = False,
              groups: Sequence[str | None] | None = None) -> None:
        """A table with wrapped cells; ``columns`` are (header, share of the width).
        ``groups`` optionally starts a group heading before a row."""
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
        self.y += 4

    # -- output ---------------------------------------------------------------------------
    def render(self, path: str | Path) -> Path:
        """Write the pages as one PDF (a ``.png`` path writes page images instead)."""
        from matplotlib import rc_context
        from matplotlib.backends.backend_pdf import PdfPages

        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        meta = {"Title": self.title, "Creator": "knlib", "Producer": "knlib",
                "CreationDate": None}
        with rc_context({"pdf.fonttype": 3}), warnings.catch_warnings(), without_ligatures():
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
                    foot = tr("{footer} · page {page} of {pages}", footer=self.footer,
                              page=i + 1, pages=n) if self.footer else \
                        tr("page {page} of {pages}", page=i + 1, pages=n)
                    fig.text(0.5, (self.margin * 0.6) / H, foot, fontsize=8, color=MUTED,
                             ha="center", va="bottom", family=FONT, parse_math=False)
                    yield fig
