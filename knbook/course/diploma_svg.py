"""The diploma drawn as SVG, by plain string building (no matplotlib), so that the page can
make it in the reader's browser (:meth:`knbook.course.diploma.Diploma.svg`).

The layout follows the PDF drawn with matplotlib (:mod:`knbook.course.diploma`): an A4
landscape sheet with a double gold frame, the words of :meth:`Diploma.lines`, the five
Olen along the bottom (from the engine's table,
:data:`knlib.games.knueffeln.OLEN`), and lines for the date and the course leader's
signature. Coordinates are hundredths of an inch; every text is escaped.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from html import escape

from knlib.sources import S000_RANKING, for_reader

from ..i18n import tr

__all__ = ["diploma_svg"]

#: The sheet: A4 landscape in hundredths of an inch.
WIDTH, HEIGHT = 1169, 827
_INK = "#1a1a1a"
_RED = "#b3261e"
_GOLD = "#8a6d1d"
_GREY = "#555555"
_SERIF = "'DejaVu Serif', 'Noto Serif', Georgia, 'Times New Roman', serif"
_SANS = "'DejaVu Sans', 'Noto Sans', Arial, sans-serif"
#: Characters XML 1.0 does not allow in text (a diploma's name never has them; a
#: Diploma built by hand might).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def _pt(points: float) -> float:
    """A font size in points as the sheet's units (1 unit = 0.72 pt)."""
    return round(points / 0.72, 1)


def _width_of(text: str, size: float, bold: bool = False) -> float:
    """A rough width of ``text`` at ``size`` (on the wide side): wide (East Asian)
    characters one em, the others a little over half (more in bold)."""
    narrow = 0.64 if bold else 0.56
    ems = sum(1.0 if unicodedata.east_asian_width(ch) in "WF" else narrow for ch in text)
    return ems * size


def _fitted(text: str, size: float, max_width: float, bold: bool = False) -> float:
    """The size at which ``text`` fits in ``max_width`` (never below 8 pt)."""
    wide = _width_of(text, size, bold)
    return size if wide <= max_width else max(_pt(8), round(size * max_width / wide, 1))


def _text(x: float, y: float, text: str, size: float, *, anchor: str = "middle",
          weight: str = "", style: str = "", fill: str = _INK, family: str = _SERIF,
          baseline: str = "central") -> str:
    extra = (f' font-weight="{weight}"' if weight else "") + \
        (f' font-style="{style}"' if style else "")
    clean = _NOT_XML.sub("", text)
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" text-anchor="{anchor}"'
            f' dominant-baseline="{baseline}" font-family="{family}" fill="{fill}"{extra}>'
            f"{escape(clean)}</text>")


def _rect(x: float, y: float, w: float, h: float, *, stroke: str = "none", fill: str = "none",
          width: float = 1.0, rx: float = 0) -> str:
    corner = f' rx="{rx:g}"' if rx else ""
    return (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" fill="{fill}"'
            f' stroke="{stroke}" stroke-width="{width:g}"{corner}/>')


def _olen() -> tuple[tuple[str, str, str], ...]:
    """(symbol, suit, local term) of the five Olen, highest first (engine table)."""
    from knlib.games.knueffeln import OLEN

    return tuple((c.symbol, c.suit, term) for c, _, term, _ in OLEN)


def _card(x: float, y: float, w: float, h: float, symbol: str, suit: str, term: str) -> str:
    ink = _RED if suit in "HD" else _INK
    rank, sym = symbol[1:], symbol[0]
    return "".join([
        _rect(x, y, w, h, stroke="#6b6b6b", fill="#fffdf6", width=1.4, rx=7),
        _text(x + 9, y + 18, rank, _pt(12), anchor="start", weight="bold", fill=ink,
              family=_SANS),
        _text(x + 9, y + 40, sym, _pt(11), anchor="start", fill=ink, family=_SANS),
        _text(x + w / 2, y + h / 2 + 4, sym, _pt(30), fill=ink, family=_SANS),
        _text(x + w / 2, y + h + 17, term, _pt(9), style="italic"),
    ])


def diploma_svg(lines: Sequence[str], alt_text: str) -> str:
    """A diploma as a standalone SVG document, A4 landscape: ``lines`` are its words top to
    bottom (:meth:`~knbook.course.diploma.Diploma.lines`), and its ``<title>`` is
    ``alt_text`` (name, score, evenings, date and the Olen)."""
    wide = 0.86 * WIDTH
    parts = [_rect(0, 0, WIDTH, HEIGHT, fill="#ffffff")]
    for inset, stroke in ((23.4, 3.5), (37.4, 1.1)):
        parts.append(_rect(inset, inset, WIDTH - 2 * inset, HEIGHT - 2 * inset,
                           stroke=_GOLD, width=stroke))
    parts += [
        _text(WIDTH / 2, 103, lines[0], _pt(40), weight="bold"),
        _text(WIDTH / 2, 161, lines[1], _fitted(lines[1], _pt(14), wide), style="italic"),
        _text(WIDTH / 2, 219, lines[2], _pt(13)),
        _text(WIDTH / 2, 277, lines[3], _fitted(lines[3], _pt(34), wide, bold=True), weight="bold"),
        _rect(234, 315, 701, 1.3, fill=_GOLD),
        _text(WIDTH / 2, 351, lines[4], _fitted(lines[4], _pt(14), wide)),
        _text(WIDTH / 2, 385, lines[5], _fitted(lines[5], _pt(10), wide), style="italic"),
        _text(WIDTH / 2, 422, lines[6], _fitted(lines[6], _pt(14), wide)),
        _text(WIDTH / 2, 451, lines[7], _pt(10), fill="#444444"),
    ]
    olen = _olen()
    w, h, gap = 87.7, 132.3, 35.1
    x0 = WIDTH / 2 - (len(olen) * w + (len(olen) - 1) * gap) / 2
    for i, (symbol, suit, term) in enumerate(olen):
        parts.append(_card(x0 + i * (w + gap), 529, w, h, symbol, suit, term))
    parts.append(_text(WIDTH / 2, 718, tr("de fief Olen, the five old ones ({source})",
                                          source=for_reader(S000_RANKING)), _pt(8),
                       fill=_GREY))
    parts += [
        _text(187, 750, lines[8], _pt(12), baseline="auto"),
        _rect(93.5, 756, 187, 1.2, fill=_INK),
        _text(187, 772, tr("date"), _pt(8), fill=_GREY),
        _rect(888.4, 756, 187, 1.2, fill=_INK),
        _text(982, 772, tr("course leader"), _pt(8), fill=_GREY),
    ]
    title = escape(_NOT_XML.sub("", alt_text))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}"'
            f' width="297mm" height="210mm" role="img" aria-label="{title}"'
            f' class="knlib-diploma-svg"><title>{title}</title>{"".join(parts)}</svg>')
