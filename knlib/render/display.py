"""Pictures of cards, hands and tricks as SVG and HTML strings.

Pure Python (only the standard library), so it also runs under Pyodide. Every
function returns a string that is the same on every run: no ids from memory
addresses, no random numbers, no clock. The strings carry their own inline
styles, so they look the same in JupyterLab and in the static Jupyter Book.

Accessibility (design guide, "House rules"): a suit is always shown by its
symbol, never by colour alone; a card's role is written out on a badge; every
picture has an ``aria-label`` and a ``<title>`` for hover and screen readers;
the winner of a trick is marked by a thick outline *and* the word "wins".

* :func:`card_svg`, :func:`hand_svg`, :func:`trick_svg`: SVG pictures, each one SVG.
* :func:`hand_html`, :func:`trick_html`: the same cards as a row of one SVG a card that
  wraps on a narrow screen, each card at its own size (the pages' and tools' pictures:
  its labels stay readable on a phone).
* :func:`explanation_html`: a :class:`~knlib.rules.tricks.TrickExplanation` as HTML.
* :func:`role_table_html`, :func:`open_questions_html`: reference tables.
* :func:`badge_text`: the short label on a card's role badge (drawn by :mod:`.card_face`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..errors import RulesError
from ..i18n import ntr, tr
from ..sources import for_reader
from .card_face import (
    FONT,
    SVG_NS,
    Cell,
    badge_text,
    card_cell,
    ink,
    num,
    plain_sentence,
    role_sentence,
    svg_text,
)
from .picture_words import AHEAD_LINE, WINNER_LINE, WINNER_WORDS, class_text

if TYPE_CHECKING:
    from ..games import OpenQuestion, Role, Ruleset
    from ..rules.tricks import TrickExplanation

__all__ = [
    "card_svg",
    "hand_svg",
    "hand_html",
    "trick_svg",
    "trick_html",
    "explanation_html",
    "role_table_html",
    "open_questions_html",
    "badge_text",
    "card_label",
    "card_html",
    "classes_by_strength",
    "HTML_STYLE",
]

HTML_STYLE = (f"font-family:{FONT};color:#1a1a1a;background:#ffffff;"
              "line-height:1.4;max-width:100%;overflow-x:auto")
#: A row of cards that wraps: each card keeps its size, a row never passes its column.
_ROW_STYLE = "display:flex;flex-wrap:wrap;align-items:flex-start;max-width:100%"
#: A card of a row at its own size (the pages' ``svg {max-width:100%}`` cannot shrink it).
_CELL_STYLE = "flex:none;max-width:none;height:auto;overflow:visible"


# -- small helpers --------------------------------------------------------------------------


def _rules(game: str | Ruleset | None) -> Ruleset | None:
    if game is None:
        return None
    from ..games import ruleset

    return ruleset(game)


def _german(rules: Ruleset | None) -> bool:
    return bool(rules is not None and rules.german)


def card_label(card: Card | str, game: str | Ruleset | None = None) -> str:
    """The card as the game writes it: '♠3', or '♠O' (Ober of Leaves) in Karniffel."""
    c = Card(card)
    return c.german_symbol if _german(_rules(game)) else c.symbol


def _resolve(card: Card | str, role: Role | None, rules: Ruleset | None,
             chosen: str | Iterable[str] | None) -> tuple[Card, Role | None]:
    c = rules.check_card(card) if rules is not None else Card(card)
    if role is None and rules is not None and chosen is not None:
        role = rules.role(c, chosen)
    if role is not None and role.card is not c:
        raise RulesError(tr("the role given is for {given}, not for {card}",
                            given=role.card.symbol, card=c.symbol))
    return c, role


def _svg(width: float, height: float, body: str, label: str, *, role: str = "img",
         style: str = "") -> str:
    styled = f' style="{style}"' if style else ""
    return (
        f'<svg xmlns="{SVG_NS}" width="{num(width)}" height="{num(height)}" '
        f'viewBox="0 0 {num(width)} {num(height)}" role="{role}" '
        f'aria-label="{escape(label)}" font-family="{escape(FONT)}"{styled}>'
        f"<title>{escape(label)}</title>{body}</svg>"
    )


def _one_svg(cells: Sequence[Cell], gap: float, label: str) -> str:
    """Cells side by side in one SVG picture (a ``group`` named ``label``)."""
    x, body = 0.0, []
    for cell in cells:
        body.append(cell.at(x))
        x += cell.width + gap
    return _svg(x - gap, max(c.height for c in cells), "".join(body), label, role="group")


def _row_html(cells: Sequence[Cell], gap: float, label: str, kind: str) -> str:
    """Cells as a row of small SVGs that wraps (a ``group`` named ``label``); each SVG is
    a card at its own size."""
    items = "".join(
        f'<svg xmlns="{SVG_NS}" width="{num(c.width)}" height="{num(c.height)}" '
        f'viewBox="0 0 {num(c.width)} {num(c.height)}" role="group" '
        f'font-family="{escape(FONT)}" style="{_CELL_STYLE}">{c.body}</svg>' for c in cells)
    return (f'<div class="knlib-cards knlib-{kind}" role="group" aria-label="{escape(label)}" '
            f'style="{_ROW_STYLE};gap:{num(gap)}px {num(gap)}px">{items}</div>')


def card_svg(card: Card | str, role: Role | None = None, *, game: str | Ruleset | None = None,
             chosen: str | Iterable[str] | None = None, width: float = 72) -> str:
    """One card as inline SVG.

    Rank and suit symbol in two corners and the symbol large in the centre. With a
    ``role`` (or a ``game`` and ``chosen`` suits), a badge under the card names the role
    (:func:`badge_text`) and the ``<title>`` gives the full role and what it beats. In
    German-suited Karniffel the card shows Daus, Ober, Unter (D, O, U) and its suit name.

    >>> card_svg("H2").startswith("<svg")
    True
    """
    rules = _rules(game)
    c, role = _resolve(card, role, rules, chosen)
    german = _german(rules)
    cell = card_cell(c, role, german=german, width=width)
    label = role_sentence(c, role, german) if role else plain_sentence(c, german)
    return _svg(cell.width, cell.height, cell.body, label)


# -- hands and tricks -----------------------------------------------------------------------


def _parse(cards: Iterable[Card | str] | str, rules: Ruleset | None) -> list[Card]:
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    if rules is not None:
        return rules.check_cards(cards)
    from ..cards import parse_cards

    return parse_cards(list(cards))


def _hand(cards: Iterable[Card | str] | str, game: str | Ruleset | None,
          chosen: str | Iterable[str] | None, width: float, sort: bool
          ) -> tuple[list[Cell], str]:
    """A hand's cells, strongest first with a badge each when the suits are chosen, and its
    accessible name."""
    rules = _rules(game)
    hand = _parse(cards, rules)
    roles = None
    if rules is not None and chosen is not None:
        roles = rules.roles(chosen)
        if sort:
            hand = rules.sort_by_strength(hand, chosen)
    german = _german(rules)
    cells = [card_cell(c, roles[c] if roles else None, german=german, width=width)
             for c in hand]
    names = ", ".join((c.german_symbol if german else c.symbol)
                      + (f" {badge_text(roles[c])}" if roles else "") for c in hand)
    label = (ntr("A hand of one card: {names}", "A hand of {n} cards: {names}", len(hand),
                 names=names) if hand else tr("An empty hand"))
    return cells, label


def _gap(width: float) -> float:
    return max(4.0, width * 0.1)


def _no_cards(label: str) -> str:
    return _svg(64, 24, svg_text(4, 18, tr("(no cards)"), size=12, fill="#555555"), label,
                role="group")


def hand_svg(cards: Iterable[Card | str] | str, *, game: str | Ruleset | None = None,
             chosen: str | Iterable[str] | None = None, width: float = 64,
             sort: bool = True) -> str:
    """A row of cards as one SVG. With ``game`` and ``chosen``, sorted strongest first
    (:meth:`~knlib.games.Ruleset.sort_by_strength`) and with a role badge on each card.
    A page shows :func:`hand_html`, whose row wraps instead of shrinking."""
    cells, label = _hand(cards, game, chosen, width, sort)
    return _one_svg(cells, _gap(width), label) if cells else _no_cards(label)


def hand_html(cards: Iterable[Card | str] | str, *, game: str | Ruleset | None = None,
              chosen: str | Iterable[str] | None = None, width: float = 64,
              sort: bool = True) -> str:
    """The cards of :func:`hand_svg` as a row that wraps on a narrow screen: one SVG a card,
    each at its own size, so a long hand takes two lines on a phone and its labels stay
    readable."""
    cells, label = _hand(cards, game, chosen, width, sort)
    return _row_html(cells, _gap(width), label, "hand") if cells else _no_cards(label)


def _trick(cards: Iterable[Card | str] | str, game: str | Ruleset,
           chosen: str | Iterable[str], seats: Sequence[str] | None, winner: int | None,
           width: float, winner_text: str) -> tuple[list[Cell], str]:
    """A trick's cells, all of one width, and its accessible name."""
    from ..rules.dealing import seat_word
    from ..rules.tricks import ordinal

    rules = _rules(game)
    assert rules is not None
    suits = rules.check_chosen(chosen)
    played = _parse(cards, rules)
    rules.check_trick(played, suits, False)
    if seats is not None and len(seats) != len(played):
        raise RulesError(tr("{n} seats given for a trick of {cards} cards", n=len(seats),
                            cards=len(played)))
    if winner is None:
        winner = rules.ahead_sequence(played, suits)[-1]
    if not 0 <= winner < len(played):
        raise RulesError(tr("winner {value} is not a position in a trick of {cards} cards",
                            value=repr(winner), cards=len(played)))
    if winner_text in WINNER_WORDS:
        winner_text = tr(winner_text)
    roles = rules.roles(suits)
    german = _german(rules)

    def cells(min_width: float = 0) -> list[Cell]:
        return [card_cell(c, roles[c], german=german, width=width, min_width=min_width,
                          head=[tr("{pos} (led)", pos=ordinal(1)) if i == 0 else ordinal(i + 1)]
                          + ([seat_word(str(seats[i]))] if seats is not None else []),
                          highlight=i == winner,
                          marker=f"▲ {winner_text}" if i == winner else None)
                for i, c in enumerate(played)]

    names = ", ".join(f"{ordinal(i + 1)} {c.german_symbol if german else c.symbol}"
                      for i, c in enumerate(played))
    win_sym = played[winner].german_symbol if german else played[winner].symbol
    label = ntr("A trick of one card in play order: {names}. The {pos} card, {sym}, {marker}.",
                "A trick of {n} cards in play order: {names}. The {pos} card, {sym}, {marker}.",
                len(played), names=names, pos=ordinal(winner + 1), sym=win_sym,
                marker=winner_text)
    return cells(max(cell.width for cell in cells())), label


def trick_svg(cards: Iterable[Card | str] | str, *, game: str | Ruleset,
              chosen: str | Iterable[str], seats: Sequence[str] | None = None,
              winner: int | None = None, width: float = 64, winner_text: str = "wins") -> str:
    """The cards of a trick in play order as one SVG, each headed by its position (1st,
    2nd, ...) and seat, with role badges; the winner (or the card ahead of a partial trick,
    computed by the engine unless given) has a thick outline and the text marker
    ``winner_text`` ('wins' and 'ahead' in the current language, other words as given).
    A page shows :func:`trick_html`, whose row wraps instead of shrinking."""
    cells, label = _trick(cards, game, chosen, seats, winner, width, winner_text)
    return _one_svg(cells, _gap(width), label)


def trick_html(cards: Iterable[Card | str] | str, *, game: str | Ruleset,
               chosen: str | Iterable[str], seats: Sequence[str] | None = None,
               winner: int | None = None, width: float = 64, winner_text: str = "wins") -> str:
    """The trick of :func:`trick_svg` as a row of one SVG a card that wraps on a narrow
    screen, each card at its own size."""
    cells, label = _trick(cards, game, chosen, seats, winner, width, winner_text)
    return _row_html(cells, _gap(width), label, "trick")


# -- HTML -----------------------------------------------------------------------------------


def _card_span(card: Card, german: bool, *, title: bool = True) -> str:
    sym = card.german_symbol if german else card.symbol
    t = f' title="{escape(card.german_name if german else card.name)}"' if title else ""
    return (f'<span style="color:{ink(card.suit, german)};font-weight:bold;'
            f'white-space:nowrap"{t}>{escape(sym)}</span>')


def card_html(card: Card | str, game: str | Ruleset | None = None) -> str:
    """The card as coloured text ('♠3' in the suit's ink), with its name as a tooltip."""
    return _card_span(Card(card), _german(_rules(game)))


def explanation_html(expl: TrickExplanation, names: Sequence[str] | None = None, *,
                     so_far: bool = False) -> str:
    """A decided trick: the picture, one sentence saying who won it and why
    (:meth:`~knlib.rules.tricks.TrickExplanation.summary`; ``names`` the players in play
    order), and behind a "why?" toggle one numbered sentence per card and the winner.
    ``so_far``: the first cards of a trick still being played (who is ahead, not who won)."""
    from ..rules.tricks import ordinal

    rules = _rules(expl.game)
    assert rules is not None
    picture = trick_html(expl.cards, game=rules, chosen=expl.chosen, winner=expl.winner,
                        winner_text=tr("ahead") if so_far else tr("wins"))
    items = "".join(f'<li style="margin:0.2em 0">{escape(step.sentence)}</li>'
                    for step in expl.steps)
    last = tr(AHEAD_LINE if so_far else WINNER_LINE, pos=ordinal(expl.winner + 1),
              sym=_card_span(expl.cards[expl.winner], _german(rules)))
    head = tr("{game}, chosen: {chosen}", game=escape(rules.title),
              chosen=escape(rules.chosen_text(expl.chosen)))
    why = tr("why?")
    return (
        f'<div class="knlib-explanation" style="{HTML_STYLE}">'
        f'<div style="font-size:0.9em;color:#444">{head}</div><div>{picture}</div>'
        f'<p style="margin:0.3em 0;font-weight:bold">'
        f"{escape(expl.summary(names, so_far=so_far))}</p>"
        f'<details class="knlib-why"><summary style="cursor:pointer">{why}</summary>'
        f'<ol style="margin:0.4em 0 0.4em 1.4em;padding:0">{items}</ol>'
        f'<p style="margin:0.3em 0">{last}</p></details></div>'
    )


_TH = "text-align:left;padding:4px 8px;border-bottom:2px solid #444;background:#f3f3f3"
_TD = "padding:3px 8px;border-bottom:1px solid #dddddd;vertical-align:top"
_TD_SMALL = _TD + ";font-size:0.9em;color:#444444"
# A table that fills the text column; below this width its box scrolls sideways.
_FIT = ";width:100%;min-width:40em"


def classes_by_strength(game: str | Ruleset, chosen: str | Iterable[str]
                        ) -> list[tuple[str, list[Card]]]:
    """The game's pack grouped by role class, strongest class first, each class's cards
    strongest first. Classes are ordered by the average strength of their cards
    (:meth:`~knlib.games.Ruleset.strength`), so a class of many weak cards with one
    strong member (the unchosen cards of the Hattstedt game) sits below the free cards."""
    rules = _rules(game)
    assert rules is not None
    suits = rules.check_chosen(chosen)
    roles = rules.roles(suits)
    groups: dict[str, list[Card]] = {}
    for c in rules.sort_by_strength(rules.pack, suits):
        groups.setdefault(roles[c].klass, []).append(c)

    def key(item: tuple[str, list[Card]]) -> tuple[float, int]:
        strengths = [rules.strength(c, suits) for c in item[1]]
        return (-sum(strengths) / len(strengths), -max(strengths))

    return sorted(groups.items(), key=key)


def _role_key(role: Role) -> tuple[object, ...]:
    return (role.klass, role.name, role.term, role.beats, role.taken_by, role.source, role.note)


def role_table_html(game: str | Ruleset, chosen: str | Iterable[str], *,
                    merge: bool = True, fit: bool = False) -> str:
    """Every card of the game's pack with its role, grouped by role class, strongest first.

    Columns: card(s), local term, English name, what it beats, what takes it, and notes.
    The table names no source: a rule's source is in the data (``Role.source``), on the
    Sources page and in the chapters' "Where the sources differ" boxes (issue 25). With
    ``merge`` (the default) cards of equal strength whose roles read the same (the two
    chosen Aces, the duds of a suit) share one row; each card appears once. With ``fit``
    the table fits the book's text column: a long run of cards wraps, and on a screen too
    narrow for it the table scrolls sideways inside its own box (never over the page's
    margin or contents column).
    """
    rules = _rules(game)
    assert rules is not None
    suits = rules.check_chosen(chosen)
    roles = rules.roles(suits)
    german = _german(rules)
    classes: dict[str, list[list[Card]]] = {}
    for klass, members in classes_by_strength(rules, suits):
        rows = classes[klass] = []
        for c in members:
            if (merge and rows and _role_key(roles[rows[-1][0]]) == _role_key(roles[c])
                    and rules.strength(rows[-1][0], suits) == rules.strength(c, suits)):
                rows[-1].append(c)
            else:
                rows.append([c])
    names = (tr("card"), tr("local term"), tr("English name"), tr("beats"),
             tr("when ahead, it…"), tr("notes"))
    head = "".join(f'<th style="{_TH}">{h}</th>' for h in names)
    body = []
    for klass, rows in classes.items():
        count = ntr("{n} card", "{n} cards", sum(len(r) for r in rows))
        body.append(
            f'<tr><th colspan="{len(names)}" style="text-align:left;padding:6px 8px 3px;'
            f'background:#fafafa;border-bottom:1px solid #999">{escape(class_text(klass))} '
            f'<span style="font-weight:normal;color:#555">({count})</span></th></tr>'
        )
        for row in rows:
            role = roles[row[0]]
            cards = " ".join(_card_span(c, german) for c in row)
            cells = [cards, escape(role.term or "—"), escape(role.name), escape(role.beats),
                     escape(role.taken_by)]
            cells.append(escape(for_reader(role.note or "")))
            # fitted: a long run of equal cards wraps (each card stays whole), so the card
            # column never pushes the others off the page
            first = _TD + (";min-width:3.5em;max-width:9em" if fit else ";white-space:nowrap")
            styles = [first] + [_TD] * 4 + [_TD_SMALL] * (len(cells) - 5)
            body.append("<tr>" + "".join(f'<td style="{style}">{x}</td>'
                                         for style, x in zip(styles, cells, strict=True)) + "</tr>")
    caption = tr("{game}: the role of every card with {chosen} chosen, strongest first",
                 game=escape(rules.title), chosen=escape(rules.chosen_text(suits)))
    return (
        f'<div class="knlib-roles" style="{HTML_STYLE}">'
        f'<table style="border-collapse:collapse;font-size:0.88em{_FIT if fit else ""}">'
        f'<caption style="text-align:left;font-weight:bold;padding:4px 0">{caption}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>"
    )


def open_questions_html(game: str | Ruleset, questions: Iterable[OpenQuestion]) -> str:
    """What the sources leave open for a game: each of ``questions`` (the game's, as
    :func:`knlib.open_questions` lists them) with the reading knlib uses, the named option
    (if any) with its alternatives, and the source."""
    rules = _rules(game)
    assert rules is not None
    items = []
    for q in questions:
        opt = ""
        if q.option:
            alts = "".join(f"<li>{escape(a)}</li>" for a in q.alternatives)
            option = tr("Option {option}; other readings:",
                        option=f"<code>{escape(q.option)}</code>")
            opt = (f'<div>{option}'
                   f'<ul style="margin:0.1em 0 0.1em 1.2em;padding:0">{alts}</ul></div>')
        used = tr("Reading used: {reading}", reading=escape(for_reader(q.default)))
        source = tr("Source: {source}", source=escape(for_reader(q.source)))
        items.append(
            f'<li style="margin:0.4em 0"><b>{escape(q.topic)}</b>: {escape(for_reader(q.question))}'
            f'<div>{used}</div>{opt}<div style="color:#555;font-size:0.9em">{source}</div></li>'
        )
    if not items:
        items.append("<li>" + tr("The sources leave nothing open here.") + "</li>")
    title = tr("{game}: open questions", game=escape(rules.title))
    return (
        f'<div class="knlib-open-questions" style="{HTML_STYLE}">'
        f'<p style="margin:0.2em 0;font-weight:bold">{title}</p>'
        f'<ul style="margin:0 0 0 1.2em;padding:0">{"".join(items)}</ul></div>'
    )


# -- whole deals ----------------------------------------------------------------------------


def deal_html(deal: Any, *, last: str | None = None) -> str:
    """A deal at one moment: the chosen suits and turn-ups, each seat's hand (role badges,
    strongest first), the trick in progress, the tricks won, the last action and, once the
    deal is over, the result. ``deal`` is a :class:`knlib.engine.deal.Deal`."""
    rules = deal.rules
    german = _german(rules)
    chosen = escape(rules.chosen_text(deal.chosen))
    up = " ".join(_card_span(c, german) for c in deal.turn_ups)
    values = {"game": f"<b>{escape(rules.title)}</b>",
              "dealer": escape(deal.names[deal.dealer]), "chosen": chosen, "cards": up}
    head = ('<div style="font-size:0.95em">'
            + (tr("{game}, dealer {dealer}; chosen: {chosen}; turn-ups {cards}", **values)
               if up else tr("{game}, dealer {dealer}; chosen: {chosen}", **values))
            + "</div>")
    rows = []
    for seat, hand in enumerate(deal.hands):
        side = deal.side_of(seat)
        who = escape(deal.names[seat]) + (f" <small>({escape(deal.side_name(side))})</small>"
                                          if side is not None else
                                          " <small>" + tr("(sits out)") + "</small>")
        mark = " " + tr("◀ to act") if deal.to_move == seat else ""
        pic = hand_html(hand, game=rules, chosen=deal.chosen, width=38) if hand else "—"
        rows.append(f'<tr><td style="{_TD};white-space:nowrap"><b>{who}</b>{mark}</td>'
                    f'<td style="{_TD}">{pic}</td></tr>')
    hands = f'<table style="border-collapse:collapse">{"".join(rows)}</table>'
    trick = ""
    if deal.current_trick:
        seats, cards = zip(*deal.current_trick, strict=True)
        if deal.current_face_down:
            trick = "<div>" + tr("Trick {n}: {name} has led a card face down (drehen); the "
                                 "opponents must see or run.", n=len(deal.tricks) + 1,
                                 name=escape(deal.names[seats[0]])) + "</div>"
        else:
            trick = ("<div>" + tr("Trick {n} so far:", n=len(deal.tricks) + 1) + "</div>"
                     + trick_html(cards, game=rules, chosen=deal.chosen,
                                 seats=[deal.names[s] for s in seats],
                                 winner_text=tr("ahead")))
    won = ", ".join(f"{escape(deal.side_name(i))} {n}" for i, n in enumerate(deal.tricks_won))
    parts = [head, hands, trick, "<div>" + tr("Tricks won: {won}", won=won) + "</div>"]
    if last:
        parts.append("<div>" + tr("Last action: {action}",
                                  action=f"<code>{escape(last)}</code>") + "</div>")
    if deal.is_over:
        parts.append(f'<p style="font-weight:bold">{escape(str(deal.result))}</p>')
    return f'<div class="knlib-deal" style="{HTML_STYLE}">{"".join(parts)}</div>'
