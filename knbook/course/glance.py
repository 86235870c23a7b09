"""Knüffeln at a glance: the four pictures of the one-page summary, drawn with matplotlib.

* :func:`draw_table` / :func:`table_figure`: a dealt table seen from above: the seats, the
  partnerships, dealer and forehand, the hands face down, the turn-ups and the stock
  (all from a :class:`knlib.engine.deal.Deal`);
* :func:`draw_olen`: the five Olen as cards with their table names (the engine's roles);
* :func:`lead_case_steps`, :func:`draw_lead_cases` / :func:`lead_cases_flowchart`: the seven
  lead cases as a flowchart, from :func:`knbook.course.book_helpers.lead_cases` (what it takes to
  beat each kind of led card);
* :func:`stake_lines`, :func:`stakes_html`, :func:`draw_stakes`: what a deal is worth, from
  :mod:`knlib.engine.scoring`;
* :func:`glance_figure`: all four on one A4 page (the printable sheet).

Nothing here decides a rule. Figures carry alt text (:func:`knbook.pictures.alt_text`), and
suits are shown by symbol as well as by colour; a card of a chosen suit has a dashed frame.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from knlib.cards import Card, rank_name, suit_symbol
from knlib.games import KNUEFFELN, Ruleset, ruleset
from knlib.games.family import RoleClass

from ..i18n import current_language, tr
from ..pictures.figure import set_alt

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.text import Text

__all__ = [
    "draw_table",
    "table_figure",
    "draw_olen",
    "olen",
    "LeadStep",
    "lead_case_steps",
    "draw_lead_cases",
    "lead_cases_flowchart",
    "lead_cases_html",
    "stake_lines",
    "stakes_html",
    "draw_stakes",
    "glance_figure",
    "GLANCE_DEAL",
    "GLANCE_CHOSEN",
]

#: The deal number of the table picture (the deal of Evening 1: three turn-ups).
GLANCE_DEAL = 54
#: The chosen suits of the flowchart: Hearts and Spades, as in McLeod's example trick.
GLANCE_CHOSEN = "HS"

_INK = {"C": "#1a1a1a", "S": "#1a1a1a", "H": "#b3261e", "D": "#b3261e"}
_FELT = "#f4f1e8"
_BACK = "#8fa3c7"
_TEAM_FACE = ("#d8e4f5", "#f5e3c8")
_TEAM_HATCH = ("", "////")


def _rank(card: Card) -> str:
    return card.symbol[1:]


def _card(ax: Axes, x: float, y: float, w: float, h: float, card: Card | None = None, *,
          chosen: tuple[str, ...] = (), angle: float = 0.0, z: float = 2) -> None:
    """One card with its lower-left corner at (x, y): face down when ``card`` is None."""
    from matplotlib.patches import FancyBboxPatch
    from matplotlib.transforms import Affine2D

    rot = Affine2D().rotate_deg_around(x + w / 2, y + h / 2, angle) + ax.transData
    pad = min(w, h) * 0.08
    if card is None:
        ax.add_patch(FancyBboxPatch((x, y), w, h, boxstyle=f"round,pad=0,rounding_size={pad}",
                                    fc=_BACK, ec="#2b3a55", lw=0.7, hatch="xxx",
                                    transform=rot, zorder=z))
        return
    ax.add_patch(FancyBboxPatch((x, y), w, h, boxstyle=f"round,pad=0,rounding_size={pad}",
                                fc="white", ec="#333333", lw=0.8, transform=rot, zorder=z))
    ink = _INK[card.suit]
    if card.suit in chosen:
        ax.add_patch(FancyBboxPatch((x + w * 0.08, y + h * 0.06), w * 0.84, h * 0.88,
                                    boxstyle=f"round,pad=0,rounding_size={pad * 0.6}",
                                    fc="none", ec=ink, lw=0.6, ls=(0, (3, 2)), transform=rot,
                                    zorder=z + 0.1))
    size = max(6.0, w * 28)
    ax.text(x + w / 2, y + h * 0.62, _rank(card), ha="center", va="center", color=ink,
            fontsize=size, fontweight="bold", zorder=z + 0.2, rotation=angle)
    ax.text(x + w / 2, y + h * 0.3, suit_symbol(card.suit), ha="center", va="center",
            color=ink, fontsize=size * 1.1, zorder=z + 0.2, rotation=angle)


# -- the table ---------------------------------------------------------------------------------


def draw_table(ax: Axes, deal: Any) -> str:
    """Draw a four-player deal seen from above on ``ax``; returns the alt text.

    Seats in clockwise order of play (South at the bottom), partners opposite and marked by
    team letter and hatching, the dealer and forehand named, each hand face down, and in the
    middle the turn-ups (face up) and the stock (face down), as :mod:`knlib.engine.deal` dealt them.
    """
    from matplotlib.patches import Circle, FancyBboxPatch

    from knlib.rules.dealing import seat_word

    names, n = [seat_word(x) for x in deal.names], deal.players
    team_of = {seat: side for side, seats in enumerate(deal.sides) for seat in seats}
    ax.set_aspect("equal")
    ax.add_patch(FancyBboxPatch((-1.55, -1.55), 3.1, 3.1, boxstyle="round,pad=0,rounding_size=0.4",
                                fc=_FELT, ec="#555555", lw=1.2, zorder=0))
    cw, ch = 0.2, 0.29
    for i in range(n):
        a = -math.pi / 2 - 2 * math.pi * i / n
        ux, uy = math.cos(a), math.sin(a)
        # the hand: a fan of face-down cards at the table's edge, in front of the seat
        k = len(deal.hands[i])
        for j in range(k):
            off = (j - (k - 1) / 2) * 0.085
            cx, cy = 1.12 * ux - uy * off, 1.12 * uy + ux * off
            _card(ax, cx - cw / 2, cy - ch / 2, cw, ch, angle=math.degrees(a) + 90, z=2 + j * 0.01)
        sx, sy = 1.95 * ux, 1.95 * uy
        team = team_of[i]
        ax.add_patch(Circle((sx, sy), 0.34, fc=_TEAM_FACE[team], ec="#222222", lw=1.0,
                            hatch=_TEAM_HATCH[team], zorder=3))
        notes = []
        if i == deal.dealer:
            notes.append(tr("dealer"))
        if i == deal.forehand:
            notes.append(tr("forehand,\nleads first"))
        ax.text(sx, sy, tr("{name}\nteam {team}", name=names[i], team="AB"[team]),
                ha="center", va="center",
                fontsize=8.5, fontweight="bold", zorder=4,
                bbox={"boxstyle": "round,pad=0.12", "fc": "white", "ec": "none", "alpha": 0.9})
        if notes:
            ny = sy - 0.4 if uy <= 0.5 else sy + 0.4
            ax.text(sx, ny, "\n".join(notes), ha="center", va="top" if uy <= 0.5 else "bottom",
                    fontsize=8, fontstyle="italic", zorder=4)
    # the turn-ups, face up, and the stock half covering them
    ups = list(deal.turn_ups)
    tw, th = 0.3, 0.43
    x0 = -0.62
    for j, c in enumerate(ups):
        _card(ax, x0 + j * (tw + 0.05), 0.02, tw, th, c, chosen=deal.chosen, z=5)
    sx0 = x0 + 0.12
    for j in range(min(len(deal.stock), 6)):
        _card(ax, sx0 + j * 0.012, -0.33 + j * 0.012, len(ups) * (tw + 0.05) - 0.05, th * 0.8,
              z=6 + j * 0.01)
    chosen = deal.rules.chosen_text(deal.chosen)
    # two short lines each, so that the words stay between the side hands on the printed sheet
    ax.text(0, 0.56, tr("turn-ups:\n{chosen} are chosen", chosen=chosen), ha="center",
            va="bottom", fontsize=8.5, zorder=7)
    ax.text(0, -0.42, tr("the stock,\n{count} cards face down", count=len(deal.stock)),
            ha="center", va="top", fontsize=8.5, zorder=7)
    ax.set_xlim(-2.55, 2.55)
    ax.set_ylim(-2.6, 2.45)
    ax.axis("off")
    from .book_helpers import partners_sentence

    pairs = " ".join(partners_sentence([names[x] for x in seats], "AB"[k])
                     for k, seats in enumerate(deal.sides))
    return tr("A card table seen from above, seats in clockwise order of play: {seats}. "
              "{dealer} deals and {forehand}, on the dealer's left, leads first. {pairs} Each "
              "player holds {hand} cards face down. In the middle lie the turn-ups {ups}, so "
              "{chosen} are chosen, and the stock of {stock} cards face down, half covering "
              "them.", seats=", ".join(names), dealer=names[deal.dealer],
              forehand=names[deal.forehand], pairs=pairs, hand=len(deal.hands[0]),
              ups=" ".join(c.symbol for c in ups), chosen=chosen, stock=len(deal.stock))


def table_figure(deal: Any | None = None) -> Figure:
    """The table of a four-player deal (default: deal number :data:`GLANCE_DEAL`)."""
    from matplotlib.figure import Figure

    from knlib.engine.deal import new_deal

    deal = deal if deal is not None else new_deal(KNUEFFELN, seed=GLANCE_DEAL)
    fig = Figure(figsize=(5.6, 5.6), dpi=100, layout="constrained")
    ax = fig.subplots()
    alt = draw_table(ax, deal)
    from knlib.rules.dealing import seat_word

    ax.set_title(tr("The table after the deal: {name} has dealt",
                    name=seat_word(deal.names[deal.dealer])), fontsize=11)
    set_alt(fig, alt)
    return fig


# -- the five Olen ------------------------------------------------------------------------------


def olen(game: str | Ruleset = KNUEFFELN) -> list[Card]:
    """The game's Olen (permanent top cards), highest first, from the engine's roles."""
    rules = ruleset(game)
    suits = rules.check_chosen(GLANCE_CHOSEN[: rules.n_chosen])
    roles = rules.roles(suits)
    return [c for c in rules.sort_by_strength(rules.pack, suits) if roles[c].klass == RoleClass.OLE]


def draw_olen(ax: Axes, game: str | Ruleset = KNUEFFELN) -> str:
    """The Olen as cards, highest first, each with its table name; returns the alt text."""
    rules = ruleset(game)
    roles = rules.roles(rules.check_chosen(GLANCE_CHOSEN[: rules.n_chosen]))
    cards = olen(rules)
    w, h, gap = 0.7, 1.0, 0.35
    for i, c in enumerate(cards):
        x = i * (w + gap)
        _card(ax, x, 0.45, w, h, c)
        ax.text(x + w / 2, 0.32, roles[c].term or roles[c].name, ha="center", va="top",
                fontsize=8.5, fontweight="bold")
        ax.text(x + w / 2, 0.02, f"{i + 1}.", ha="center", va="top", fontsize=8)
    ax.set_xlim(-0.2, len(cards) * (w + gap) - gap + 0.2)
    ax.set_ylim(-0.35, 1.6)
    ax.set_aspect("equal")
    ax.axis("off")
    return tr("The five Olen, highest first: {olen}.",
              olen=", ".join(f"{c.symbol} {roles[c].term}" for c in cards))


# -- the seven lead cases -----------------------------------------------------------------------


@dataclass(frozen=True)
class LeadStep:
    """One question of the flowchart: which led cards it asks about, and what takes them."""

    question: str
    cards: tuple[Card, ...]
    answer: str
    example: Card
    takers: int


def _article(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _kinds(roles: Mapping[Card, Any], cards: tuple[Card, ...]) -> str:
    """The kinds of led card of one case in words: 'an Ole or a chosen Ace, Jack or Six'."""
    if current_language() != "en":
        return _kinds_listed(roles, cards)
    names = list(dict.fromkeys("Ole" if roles[c].klass == RoleClass.OLE else roles[c].name
                               for c in cards))
    ranks: dict[str, list[str]] = {}
    plain = []
    for nm in names:
        head, _, rank = nm.partition(" ")
        if head in ("chosen", "unchosen") and rank:
            ranks.setdefault(rank, []).append(head)
        else:
            plain.append(_article(nm.split(" (")[0]))
    by_head: dict[str, list[str]] = {}
    for rank, heads in ranks.items():
        if len(heads) == 2:
            plain.append(_article(f"{rank} (chosen or not)"))
        else:
            by_head.setdefault(heads[0], []).append(rank)
    plain += [_article(f"{head} {_join(rs)}") for head, rs in by_head.items()]
    return _join(plain)


def _kinds_listed(roles: Mapping[Card, Any], cards: tuple[Card, ...]) -> str:
    """The kinds of led card of one case as a list of role names in the current language
    ('Ole, gewähltes As … oder gewählte Vier'), a rank chosen or not named once."""
    both = {c.rank for c in cards if roles[c].klass != RoleClass.OLE and roles[c].chosen} & {
        c.rank for c in cards if roles[c].klass != RoleClass.OLE and not roles[c].chosen}
    names: list[str] = []
    for c in cards:
        if roles[c].klass == RoleClass.OLE:
            name = tr("Ole")
        elif c.rank in both:
            name = tr("{rank} (chosen or not)", rank=rank_name(c.rank))
        else:
            name = roles[c].name.split(" (")[0]
        if name not in names:
            names.append(name)
    if len(names) == 1:
        return names[0]
    return tr("{first} or {last}", first=", ".join(names[:-1]), last=names[-1])


def lead_case_steps(game: str | Ruleset = KNUEFFELN, chosen: str = GLANCE_CHOSEN
                    ) -> list[LeadStep]:
    """The flowchart's steps, strongest lead first: one per lead case of
    :func:`knbook.course.book_helpers.lead_cases`, with the kinds of card it covers in words and
    the engine's sentence for what takes the example card."""
    from .book_helpers import lead_cases

    rules = ruleset(game)
    suits = rules.check_chosen(chosen)
    roles = rules.roles(suits)
    steps = []
    for case in lead_cases(rules, suits):
        answer = case.role.taken_by.removeprefix("is ") if current_language() == "en" else (
            case.role.taken_by)
        answer = answer[:1].upper() + answer[1:]
        kinds = _kinds(roles, case.cards)
        if case.role.term and not case.role.is_power_card:
            kinds += f" ({case.role.term})"
        steps.append(LeadStep(kinds, case.cards, answer, case.role.card, case.takers))
    return steps


def _wrap(text: str, width: int) -> str:
    import textwrap

    return "\n".join(textwrap.wrap(text, width, break_on_hyphens=False))


def draw_lead_cases(ax: Axes, game: str | Ruleset = KNUEFFELN, chosen: str = GLANCE_CHOSEN,
                    *, wide: int = 46, size: float = 7.6, row: float = 1.0) -> str:
    """The lead cases as a flowchart on ``ax``: a chain of questions about the led card
    ("no" goes down), each "yes" pointing to what takes that card; returns the alt text."""
    from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

    rules = ruleset(game)
    suits = rules.check_chosen(chosen)
    steps = lead_case_steps(rules, chosen)
    n = len(steps)
    pack = len(rules.pack) - 1
    top = n * row
    half = 0.36 * row
    ax.text(0.0, top + 0.35 * row, tr("A card is led ({chosen} chosen). Is it…",
                                       chosen=rules.chosen_text(suits)),
            ha="left", va="center", fontsize=size + 1.4, fontweight="bold")
    for i, s in enumerate(steps):
        y = top - (i + 0.5) * row
        last = i == n - 1
        q = _step_question(s.question, last)
        ax.add_patch(FancyBboxPatch((0.0, y - half), 4.3, 2 * half,
                                    boxstyle="round,pad=0,rounding_size=0.12", fc="#eef2f8",
                                    ec="#2b3a55", lw=0.9))
        ax.text(0.12, y, f"{i + 1}. " + _wrap(q, wide - 6), ha="left", va="center",
                fontsize=size)
        ax.add_patch(FancyBboxPatch((5.0, y - half), 5.4, 2 * half,
                                    boxstyle="round,pad=0,rounding_size=0.12", fc="#fbf6ea",
                                    ec="#7a5a1e", lw=0.9))
        who = "" if s.takers == 0 else " " + _who(s, pack)
        ax.text(5.12, y, _wrap(f"{s.answer}.{who}", wide + 16), ha="left", va="center",
                fontsize=size)
        ax.add_patch(FancyArrowPatch((4.3, y), (5.0, y), arrowstyle="-|>", mutation_scale=10,
                                     color="#333333", lw=0.9))
        if not last:
            ax.text(4.65, y + 0.06, tr("yes"), ha="center", va="bottom", fontsize=size - 0.6)
            ax.add_patch(FancyArrowPatch((0.6, y - half), (0.6, y - row + half),
                                         arrowstyle="-|>", mutation_scale=10, color="#333333",
                                         lw=0.9))
            ax.text(0.7, y - row / 2, tr("no"), ha="left", va="center", fontsize=size - 0.6)
    ax.set_xlim(-0.1, 10.5)
    ax.set_ylim(-0.1, top + 0.6 * row)
    ax.axis("off")
    english = current_language() == "en"
    return (tr("A flowchart of the {n} lead cases with {chosen} chosen.", n=n,
               chosen=rules.chosen_text(suits)) + " "
            + " ".join(tr("{number}: if the led card is {kinds}: {answer}.", number=i + 1,
                          kinds=s.question,
                          answer=s.answer.lower() if english else s.answer[:1].lower()
                          + s.answer[1:])
                       for i, s in enumerate(steps)))


def _step_question(kinds: str, last: bool) -> str:
    """One step's question: 'a chosen Seven?', the last 'anything else: ...'."""
    return tr("anything else: {kinds}", kinds=kinds) if last else tr("{kinds}?", kinds=kinds)


def _who(step: LeadStep, pack: int) -> str:
    """'For ♣K: 9 of the other 47 cards can take it.'"""
    return tr("For {card}: {count} of the other {pack} cards can take it.",
              card=step.example.symbol, count=step.takers, pack=pack)


def lead_cases_flowchart(game: str | Ruleset = KNUEFFELN, chosen: str = GLANCE_CHOSEN
                         ) -> Figure:
    """:func:`draw_lead_cases` as a figure of its own."""
    from matplotlib.figure import Figure

    n = len(lead_case_steps(game, chosen))
    fig = Figure(figsize=(7.4, 1.05 * n + 0.7), dpi=100, layout="constrained")
    ax = fig.subplots()
    set_alt(fig, draw_lead_cases(ax, game, chosen, wide=30, size=9.5, row=1.45))
    return fig


def lead_cases_html(game: str | Ruleset = KNUEFFELN, chosen: str = GLANCE_CHOSEN) -> str:
    """The flowchart for the page, as text that reflows: the questions one under the other
    ("no" goes down), each "yes" with what takes the led card beside it on a wide screen and
    under it on a phone. The same steps as :func:`draw_lead_cases` (the printed sheet)."""
    rules = ruleset(game)
    suits = rules.check_chosen(chosen)
    steps = lead_case_steps(rules, chosen)
    pack = len(rules.pack) - 1
    box = "border-radius:6px;padding:0.35em 0.6em;min-width:0;overflow-wrap:break-word"
    items = []
    yes, no = f"<b>{escape(tr('yes'))}</b> → ", escape(tr("no"))
    for i, s in enumerate(steps):
        last = i == len(steps) - 1
        q = _step_question(s.question, last)
        who = "" if s.takers == 0 else " " + escape(_who(s, pack))
        items.append(
            f'<li style="margin:0 0 0.3em;display:grid;gap:0.2em 0.6em;'
            f'grid-template-columns:repeat(auto-fit,minmax(min(100%,14em),1fr))">'
            f'<div style="{box};background:#eef2f8;border:1px solid #2b3a55">'
            f"<b>{i + 1}.</b> {escape(q)}</div>"
            f'<div style="{box};background:#fbf6ea;border:1px solid #7a5a1e">'
            f'{"" if last else yes}{escape(s.answer)}.{who}</div></li>'
            + ("" if last else '<li aria-hidden="true" style="margin:0 0 0.3em 1.2em;'
               f'color:#333">↓ {no}</li>'))
    head = escape(tr("A card is led ({chosen} chosen). Is it…",
                     chosen=rules.chosen_text(suits)))
    return (f'<div class="knlib-lead-cases" style="max-width:100%;line-height:1.35">'
            f'<p style="font-weight:bold;margin:0 0 0.4em">{head}</p>'
            f'<ol style="list-style:none;margin:0;padding:0">{"".join(items)}</ol></div>')


# -- the stakes ----------------------------------------------------------------------------------


def stake_lines(game: str | Ruleset = KNUEFFELN) -> list[tuple[str, str]]:
    """What a deal is worth, as (what is paid for, amount) pairs, from the stakes table
    (:attr:`knlib.games.Ruleset.stakes`, via :func:`knbook.pictures.stake_rows`)."""
    from knlib.engine.scoring import stakes

    from ..pictures import stake_rows

    rules = ruleset(game)
    rows = [(tr(r.item), r.amount) for r in stake_rows([rules.id]) if r.basic_games is not None]
    game_stakes = stakes(rules)
    if game_stakes.pays == "one_winner":
        rows.append((tr("who pays"), tr("each loser pays one winner")))
    rows.append((tr("a failed march"), tr("pays what it would have won")))
    return rows


def stakes_html(game: str | Ruleset = KNUEFFELN) -> str:
    """:func:`stake_lines` as a small styled table."""
    td = "padding:3px 10px;border-bottom:1px solid #dddddd;text-align:left"
    body = "".join(f'<tr><th scope="row" style="{td};font-weight:normal">{escape(a)}</th>'
                   f'<td style="{td}"><b>{escape(b)}</b></td></tr>'
                   for a, b in stake_lines(game))
    caption = tr("What a deal is worth in {game}", game=ruleset(game).title)
    return (f'<table class="knlib-stakes" style="border-collapse:collapse">'
            f"<caption style=\"text-align:left;font-weight:bold\">{escape(caption)}</caption>"
            f"<tbody>{body}</tbody></table>")


def _px_width(text: Text) -> float:
    """The width of a drawn text in the figure's pixels, measured as it will be drawn."""
    from matplotlib.backends.backend_agg import RendererAgg

    fig = text.get_figure()
    assert fig is not None, "the text is drawn on a figure"
    renderer = RendererAgg(int(fig.bbox.width), int(fig.bbox.height), fig.dpi)
    return float(text.get_window_extent(renderer).width)


def _fit(text: Text, width: float) -> int:
    """Wrap ``text`` (a matplotlib Text) at spaces until it is at most ``width`` pixels wide;
    a text that fits stays as it is. Returns its number of lines."""
    words = text.get_text()
    chars = len(words)
    while _px_width(text) > width and chars > 8:
        chars = int(chars * 0.9)
        text.set_text(_wrap(words, chars))
    lines = text.get_text().count("\n") + 1
    # the same number of lines, as even as they come (no last word alone on its line)
    for even in range(-(-len(words) // lines), chars):
        text.set_text(_wrap(words, even))
        if text.get_text().count("\n") + 1 == lines and _px_width(text) <= width:
            break
    else:
        text.set_text(_wrap(words, chars) if lines > 1 else words)
    return lines


def draw_stakes(ax: Axes, game: str | Ruleset = KNUEFFELN) -> str:
    """The stakes as two columns of text on ``ax``; returns the alt text. The amounts stand
    right of the longest item (at 40 % of the width, or further); an amount too long for the
    rest of the width is wrapped, and its row gets the room of its lines."""
    lines = stake_lines(game)
    drawn = []
    for i, (a, b) in enumerate(lines):
        y = 1 - (i + 0.5) / len(lines)
        drawn.append((ax.text(0.0, y, a, ha="left", va="center", fontsize=8.5),
                      ax.text(0.4, y, b, ha="left", va="center", fontsize=8.5,
                              fontweight="bold")))
    full = ax.bbox.width
    x = max(0.4, max(_px_width(item) for item, _ in drawn) / full + 0.02)
    weights = []
    for item, amount in drawn:
        amount.set_x(x)
        weights.append(1 + 0.7 * (max(_fit(amount, (1 - x) * full), _fit(item, x * full)) - 1))
    above = 0.0
    for (item, amount), w in zip(drawn, weights, strict=True):
        y = 1 - (above + w / 2) / sum(weights)
        item.set_y(y)
        amount.set_y(y)
        above += w
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.axis("off")
    return tr("What a deal is worth: {lines}.", lines="; ".join(f"{a}: {b}" for a, b in lines))


# -- the one-page sheet ---------------------------------------------------------------------------


def glance_figure(game: str = KNUEFFELN) -> Figure:
    """Knüffeln at a glance on one A4 page: the table, the five Olen, the lead cases and
    the stakes."""
    from matplotlib.figure import Figure

    from knlib.engine.deal import new_deal

    fig = Figure(figsize=(8.27, 11.69), dpi=100)
    fig.patch.set_facecolor("white")
    fig.text(0.05, 0.975, tr("Knüffeln at a glance"), fontsize=17, fontweight="bold", va="top")
    fig.text(0.05, 0.948, tr("Four players, partners opposite; nine cards each; two chosen "
                             "suits per deal.\nThe first team to take five tricks wins. Nobody "
                             "has to follow suit."),
             fontsize=8.5, va="top", color="#444444")
    heads = [(0.05, 0.915, tr("The table")), (0.53, 0.915, tr("The five Olen, highest first")),
             (0.53, 0.75, tr("What a deal is worth (Bohmstedt)")),
             (0.05, 0.555, tr("Who takes a led card? The seven lead cases"))]
    for x, y, t in heads:
        fig.text(x, y, t, fontsize=11.5, fontweight="bold", va="top")
    deal = new_deal(game, seed=GLANCE_DEAL)
    alts = [draw_table(fig.add_axes((0.02, 0.57, 0.48, 0.34)), deal),
            draw_olen(fig.add_axes((0.53, 0.78, 0.44, 0.12)), game),
            draw_stakes(fig.add_axes((0.53, 0.6, 0.44, 0.14)), game),
            # the flowchart with the suits the table turned up: one choice on the whole sheet
            draw_lead_cases(fig.add_axes((0.03, 0.04, 0.94, 0.5)), game, "".join(deal.chosen),
                            wide=44, size=8.6)]
    note = fig.text(0.5, 0.015, tr("Each later card takes the lead only if it beats the card "
                                   "ahead at that moment, judged as if that card had been led. "
                                   "Drawn from the rules the book plays by."),
                    fontsize=8, ha="center", color="#555555")
    _fit(note, 0.94 * fig.bbox.width)  # two lines where the words are longer than English's
    set_alt(fig, " ".join(alts))
    return fig
