"""One card drawn in SVG: its face, the badge under it that names its role, and the lines
above and under it that a trick adds (position, seat, the winner's marker).

A card is drawn as a *cell*: everything that belongs to one card, in units that are CSS
pixels when the cell is shown at its own size. :mod:`.display` sets cells side by side in
one SVG (:func:`~knlib.render.display.hand_svg`) or as a row of small SVGs that wraps on a
narrow screen (:func:`~knlib.render.display.hand_html`), so a card and its label keep their
size on a phone. The label's type is :data:`LABEL_SIZE` at every card width; a label wider
than its card goes onto two lines at a space, and a single long word widens the cell rather
than being squeezed.

Pure Python (only the standard library), so it also runs under Pyodide.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

from ..cards import Card, suit_name
from ..games.family import UNBEATABLE, RoleClass
from ..i18n import tr
from ..sources import for_reader
from .picture_words import class_text

if TYPE_CHECKING:
    from ..games import Role

__all__ = ["SVG_NS", "FONT", "LABEL_SIZE", "Cell", "card_cell", "badge_text", "ink", "num",
           "role_sentence", "plain_sentence", "svg_text", "text_width"]

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "'DejaVu Sans', 'Segoe UI Symbol', 'Noto Sans Symbols2', Arial, sans-serif"
#: The type of a role label and of a trick's lines over its cards, in CSS pixels at the
#: cell's own size: readable on a phone (issue 36 asks for at least 11).
LABEL_SIZE = 12.0
_LINE = 14.0  # a label's line height
_MARKER_SIZE = 13.0

# Ink per suit. French display: hearts and diamonds red, clubs and spades black.
# German display (Karniffel): Hearts red, Bells amber, Leaves green, Acorns brown.
# All reach a contrast of at least 4.5:1 on white; the symbol always shows the suit.
_INK = {"C": "#1a1a1a", "S": "#1a1a1a", "H": "#b3261e", "D": "#b3261e"}
_INK_GERMAN = {"C": "#6b4226", "S": "#2e6b30", "H": "#b3261e", "D": "#8a5a00"}

#: Badge fills by the kind of role. The text on the badge carries the meaning;
#: the fill only groups like with like.
_TIER_FILL = {"top": "#ffe08a", "beater": "#cfe0fb", "special": "#d4efd4", "plain": "#ececec"}
_TIER_OF_CLASS = {
    RoleClass.OLE: "top", RoleClass.STICKER: "top", RoleClass.BEAST: "top",
    RoleClass.BEATER: "beater", RoleClass.STECHER: "beater", RoleClass.CHOSEN_CARD: "beater",
    RoleClass.SEVEN: "special", RoleClass.LAMB: "special", RoleClass.DEVIL: "special",
    RoleClass.FREE_CARD: "special", RoleClass.LEADER: "special", RoleClass.UNCHOSEN_ACE: "special",
}

#: Estimated width of a character, in em, for fitting text (DejaVu Sans averages ~0.55-0.6).
_EM = 0.6


def ink(suit: str, german: bool) -> str:
    """The colour a suit is printed in (French or German display)."""
    return (_INK_GERMAN if german else _INK)[suit]


def num(x: float) -> str:
    """A coordinate as short, stable text: 12.0 -> '12', 12.345 -> '12.35'."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def text_width(content: str, size: float) -> float:
    """The estimated width of a line of text at ``size``, on the generous side."""
    return len(content) * size * _EM


def svg_text(x: float, y: float, content: str, *, size: float, fill: str = "#1a1a1a",
             anchor: str = "start", weight: str | None = None, fit: float | None = None,
             extra: str = "") -> str:
    """An SVG <text>; ``fit``: a text wider than that many units gets a smaller type, down
    to 3/4 (a card's small print only: labels are sized by their cell instead)."""
    if fit is not None and text_width(content, size) > fit:
        size = max(size * 0.75, fit / (len(content) * _EM))
    attrs = [f'x="{num(x)}"', f'y="{num(y)}"', f'font-size="{num(size)}"', f'fill="{fill}"']
    if anchor != "start":
        attrs.append(f'text-anchor="{anchor}"')
    if weight:
        attrs.append(f'font-weight="{weight}"')
    if extra:
        attrs.append(extra)
    return f"<text {' '.join(attrs)}>{escape(content)}</text>"


def _card_name(card: Card, german: bool) -> str:
    return card.german_name if german else card.name


def _symbol(card: Card, german: bool) -> str:
    return card.german_symbol if german else card.symbol


def badge_text(role: Role) -> str:
    """The short label on a card's badge: the local term where the sources give one
    ('Drist', 'Frikort', 'de Beste', 'Fehl-As'), the role's name where that is one word
    ('dud'), otherwise a short name or the class ('chosen King', 'sticker'), as said now."""
    if role.name_first and " " not in role.name:
        return role.name
    if role.term:
        return role.term
    return role.name if len(role.name) <= 14 else class_text(role.klass)


def says_what_takes_it(role: Role) -> bool:
    """Whether a sentence about the role goes on to say what takes it: not for a card that
    cannot be beaten when led (a chosen Seven), whose power already says so."""
    return role.threshold != UNBEATABLE


def role_sentence(card: Card, role: Role, german: bool) -> str:
    """The card, its name and its role in a sentence: a card picture's accessible name."""
    values = {"sym": _symbol(card, german), "name": _card_name(card, german),
              "title": role.title, "beats": role.beats, "taken_by": role.taken_by}
    text = (tr("{sym}, {name}: {title}. {title:It} beats {beats}; {title:it} {taken_by}.",
               **values) if says_what_takes_it(role) else
            tr("{sym}, {name}: {title}. {title:It} beats {beats}.", **values))
    if role.note:
        text += " " + tr("Note: {note}.", note=for_reader(role.note))
    return text


def plain_sentence(card: Card, german: bool) -> str:
    """The card and its name ('♦4, Four of Diamonds'): the name of a card without a role."""
    return f"{_symbol(card, german)}, {_card_name(card, german)}"


def _lines(content: str, room: float, size: float) -> list[str]:
    """``content`` on one line, or on two split at the space nearest its middle when it is
    wider than ``room``."""
    if text_width(content, size) <= room or " " not in content:
        return [content]
    spaces = [i for i, ch in enumerate(content) if ch == " "]
    cut = min(spaces, key=lambda i: abs(len(content) - 2 * i - 1))
    return [content[:cut], content[cut + 1:]]


def _card_height(width: float) -> float:
    return round(width * 1.4, 2)


def _face(card: Card, role: Role | None, german: bool, w: float) -> list[str]:
    """The card's face, its top left corner at (0, 0): frame, corners, centre."""
    h = _card_height(w)
    colour = ink(card.suit, german)
    rank = _symbol(card, german)[1:]
    sym = card.symbol[0]
    chosen = bool(role and role.chosen)
    parts = [
        f'<rect x="1" y="1" width="{num(w - 2)}" height="{num(h - 2)}" rx="{num(w * 0.08)}" '
        f'fill="{"#fffaf0" if chosen else "#ffffff"}" stroke="#6b6b6b" stroke-width="1"/>'
    ]
    if chosen:
        # A dashed inner frame marks a card of a chosen suit (shape, not colour).
        inset = w * 0.06
        parts.append(
            f'<rect x="{num(inset)}" y="{num(inset)}" width="{num(w - 2 * inset)}" '
            f'height="{num(h - 2 * inset)}" rx="{num(w * 0.05)}" fill="none" '
            f'stroke="{colour}" stroke-width="0.8" stroke-dasharray="3 2"/>'
        )
    rank_size = w * (0.2 if len(rank) == 1 else 0.17)
    corner = [svg_text(w * 0.12, w * 0.26, rank, size=rank_size, fill=colour, weight="bold"),
              svg_text(w * 0.12, w * 0.46, sym, size=w * 0.19, fill=colour)]
    parts += corner
    parts.append(f'<g transform="rotate(180 {num(w / 2)} {num(h / 2)})">{"".join(corner)}</g>')
    if german:
        # German-suited: the symbol stands for the suit, whose German name is written under it.
        centre_y = h * 0.5 + w * 0.03
        parts.append(svg_text(w / 2, centre_y, sym, size=w * 0.4, fill=colour, anchor="middle"))
        parts.append(svg_text(w / 2, centre_y + w * 0.16, suit_name(card.suit, german=True),
                              size=w * 0.13, fill=colour, anchor="middle", fit=w * 0.48))
    else:
        parts.append(svg_text(w / 2, h * 0.5 + w * 0.15, sym, size=w * 0.46, fill=colour,
                              anchor="middle"))
    return parts


@dataclass(frozen=True)
class Cell:
    """One card's drawing: ``body`` is SVG drawn from (0, 0) to (``width``, ``height``),
    in CSS pixels at its own size."""

    body: str
    width: float
    height: float

    def at(self, x: float, y: float = 0) -> str:
        """The cell moved to (x, y), for a picture of several cells."""
        return f'<g transform="translate({num(x)},{num(y)})">{self.body}</g>'


def card_cell(card: Card, role: Role | None, *, german: bool, width: float,
              head: Sequence[str] = (), highlight: bool = False, marker: str | None = None,
              min_width: float = 0) -> Cell:
    """A card ``width`` units wide with its role badge (given a ``role``), under the lines
    of ``head`` (a trick's position and seat) and over ``marker`` (the winner's word).

    The cell is as wide as the card, or as its widest text, or ``min_width``: the card and
    its texts are centred in it. The card is a group with ``role="img"`` named by its
    sentence (:func:`role_sentence`), the badge inside it.
    """
    w = width
    h = _card_height(w)
    heads = [line for text in head for line in _lines(text, w + 8, LABEL_SIZE)]
    label = _lines(badge_text(role), w - 10, LABEL_SIZE) if role is not None else []
    widest = max([text_width(t, LABEL_SIZE) + 12 for t in heads + label]
                 + [text_width(marker, _MARKER_SIZE) + 4 if marker else 0], default=0)
    cw = max(w + 6, widest, min_width)
    cx = cw / 2
    parts = [svg_text(cx, 13 + i * _LINE, t, size=LABEL_SIZE, anchor="middle", fill="#444444")
             for i, t in enumerate(heads)]
    top = len(heads) * _LINE + 4 if heads else 3
    name = role_sentence(card, role, german) if role else plain_sentence(card, german)
    parts.append(f'<g transform="translate({num(cx - w / 2)},{num(top)})" role="img" '
                 f'aria-label="{escape(name)}"><title>{escape(name)}</title>')
    parts += _face(card, role, german, w)
    if highlight:
        parts.append(
            f'<rect x="-2" y="-2" width="{num(w + 4)}" height="{num(h + 4)}" '
            f'rx="{num(w * 0.1)}" fill="none" stroke="#111111" stroke-width="4"/>'
        )
    bottom = top + h
    if role is not None:
        bw = max(w - 2, max(text_width(t, LABEL_SIZE) for t in label) + 10)
        bh = 6 + _LINE * len(label)
        by = h + 3
        parts.append(
            f'<g class="badge"><rect x="{num(w / 2 - bw / 2)}" y="{num(by)}" width="{num(bw)}" '
            f'height="{num(bh)}" rx="{num(min(bh, 18) / 2)}" fill="{_TIER_FILL[_tier(role)]}" '
            f'stroke="#555555" stroke-width="0.8"/>'
            + "".join(svg_text(w / 2, by + 14 + i * _LINE, t, size=LABEL_SIZE, anchor="middle")
                      for i, t in enumerate(label))
            + "</g>")
        bottom += 3 + bh
    parts.append("</g>")
    if marker:
        parts.append(svg_text(cx, bottom + 17, marker, size=_MARKER_SIZE, anchor="middle",
                              weight="bold", extra='class="winner-marker"'))
        bottom += 24
    return Cell("".join(parts), round(cw, 2), round(bottom + 3, 2))


def _tier(role: Role) -> str:
    return _TIER_OF_CLASS.get(role.klass, "plain")
