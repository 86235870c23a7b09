"""Small presentation helpers for the book's five evenings.

Nothing here decides a rule: every answer comes from the engine (roles, tricks,
open questions, the deal procedure). These functions only arrange those answers
as MyST Markdown, tables and figures, so that the chapters' code cells stay short.

* :func:`open_question_note`: one of :func:`knlib.open_questions` as an "Our reading" box.
* :func:`sources_differ`: a chapter's open questions in one collapsible box, at its end.
* :func:`our_reading`: a reading of the book's own, in a note box.
* :func:`merge_citations`: several sections of one source named once ("McLeod, “A” and “B”").
* :func:`takes_table`: which cards take which led cards, as a Markdown table.
* :func:`lead_cases`: the pack grouped by what it takes to beat a card when it is led.
* :func:`seating_figure`: the table, the seats, the partnerships and who leads.
* :func:`plain_player`: a plain, readable way to choose moves, for the book's example deals.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from knlib.cards import Card
from knlib.engine.questions import open_questions
from knlib.errors import RulesError
from knlib.games import KNUEFFELN, Role, Ruleset, ruleset
from knlib.kinds import ActionKind
from knlib.rules.tricks import takes_relation
from knlib.sources import for_reader

from ..i18n import current_language, marked, tr

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "MystMarkdown",
    "HtmlBlock",
    "reader_table",
    "typed_as",
    "open_question_note",
    "sources_differ",
    "our_reading",
    "merge_citations",
    "takes_table",
    "LeadCase",
    "lead_cases",
    "lead_cases_table",
    "seating_figure",
    "plain_player",
    "play_out",
]


class MystMarkdown(str):
    """A string that a notebook shows as Markdown (the book renders it as MyST)."""

    def _repr_markdown_(self) -> str:
        return str(self)


class HtmlBlock(str):
    """A string of HTML that a notebook shows as HTML (a table, a row of pictures)."""

    def _repr_html_(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return tr("(a table; open the page to see it)")


_TABLE_CELL = "padding:3px 8px;text-align:left;vertical-align:top"


def typed_as(suit: str) -> str:
    """How a German-suited suit is typed in knlib, by the French suit of the same symbol:
    '(typed as Clubs)' for Acorns."""
    from knlib.cards import suit_name

    return tr("(typed as {suit})", suit=suit_name(suit))


def reader_table(header: Sequence[str], rows: Iterable[Sequence[Any]], *,
                 min_width: str | None = None) -> HtmlBlock:
    """A small HTML table for readers: every cell escaped, a tuple such as (2, 4) read as
    '2 or 4', and any code citation ("seed 002, 'History'") put in reader's words
    (:func:`knlib.sources.for_reader`). With ``min_width`` (a CSS length such as "60em")
    a wide table: in a narrow column each row becomes a small card, each value after its
    column's name (the cells carry it as ``data-label``; page/static/knlib/page.css)."""
    from html import escape

    english = current_language() == "en"

    def text(value: Any) -> str:
        if isinstance(value, tuple):
            value = (" or ".join(map(str, value)) if len(value) < 2 or english else
                     tr("{first} or {last}", first=", ".join(map(str, value[:-1])),
                        last=str(value[-1])))
        return escape(for_reader(str(value)))

    header = [tr(h) for h in header]

    def table_row(cells: Iterable[Any], tag: str = "td") -> str:
        cells = list(cells)
        labels = [f' data-label="{text(header[i])}"' if tag == "td" and i < len(header)
                  else "" for i in range(len(cells))]
        return "<tr>" + "".join(f'<{tag}{label} style="{_TABLE_CELL}">{text(c)}</{tag}>'
                                for label, c in zip(labels, cells, strict=True)) + "</tr>"

    body = "".join(table_row(r) for r in rows)
    table = f"<thead>{table_row(header, 'th')}</thead><tbody>{body}</tbody></table>"
    if min_width is None:
        return HtmlBlock(f"<table>{table}")
    return HtmlBlock(f'<div class="knlib-wide" style="max-width:100%;overflow-x:auto">'
                     f'<table style="min-width:{escape(min_width)}">{table}</div>')


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _find_question(rules: Ruleset, topic: str) -> Any:
    for q in open_questions(rules):
        if q.topic == topic:
            return q
    topics = ", ".join(q.topic for q in open_questions(rules))
    raise RulesError(tr("{value} is not an open question of {game}: its topics are {topics}",
                        value=repr(topic), game=rules.id, topics=topics))


def _question_body(q: Any) -> list[str]:
    """One open question in a reader's words: the question, our reading, the others."""
    default = q.reading
    default = default[:1].upper() + default[1:]
    if not default.endswith((".", "!", "?")):
        default += "."
    lines = [for_reader(q.question), "",
             tr("**Our reading:** {reading}", reading=for_reader(default))]
    if q.alternatives:
        others = "; ".join(for_reader(a) for a in q.other_readings)
        lines += ["", tr("*Other readings the computer can play:* {others}.", others=others)]
    lines += ["", tr("*Sources:* {sources}.", sources=for_reader(q.source, cite=True))]
    return lines


def open_question_note(game: str | Ruleset, topic: str, *, title: str | None = None
                       ) -> MystMarkdown:
    """One open question of a game as a MyST note box titled "Our reading: ...", in plain
    words: the question, the reading the engine plays, the other readings, the sources."""
    rules = ruleset(game)
    q = _find_question(rules, topic)
    head = tr(title) if title else tr("Our reading: {topic}",
                                      topic=q.title[0].lower() + q.title[1:])
    lines = [f":::{{admonition}} {head}", ":class: note", "", *_question_body(q), ":::"]
    return MystMarkdown("\n".join(lines))


def sources_differ(game: str | Ruleset, topics: Iterable[str] | None = None, *,
                   title: str = "Where the sources differ",
                   also: Iterable[tuple[str | Ruleset, str]] = ()) -> MystMarkdown:
    """A chapter's open questions in one collapsible box (a MyST ``dropdown`` admonition),
    each under its own heading, in plain words. ``topics=None`` takes all of the game's;
    ``also`` adds (game, topic) pairs of other games (a chapter about several versions)."""
    rules = ruleset(game)
    chosen = ([_find_question(rules, t) for t in topics] if topics is not None
              else open_questions(rules))
    chosen = [*chosen, *(_find_question(ruleset(g), t) for g, t in also)]
    lines = ["::::{admonition} " + tr(title), ":class: note dropdown", ""]
    for q in chosen:
        lines += [f"**{q.title}.** " + _question_body(q)[0], "", *_question_body(q)[2:], ""]
    lines.append("::::")
    return MystMarkdown("\n".join(lines))


def our_reading(text: str, *, title: str = "Our reading") -> MystMarkdown:
    """A note box titled "Our reading" for a reading of the book's own, in plain words."""
    return MystMarkdown("\n".join([f":::{{admonition}} {tr(title)}", ":class: note", "",
                                    for_reader(text), ":::"]))


def merge_citations(citation: str) -> str:
    """A code citation whose parts cite one seed several times, with that seed named once.

    ``"seed 000, 'A'; seed 000, 'B'; seed 001, 'C'"`` becomes
    ``"seed 000, 'A' and 'B'; seed 001, 'C'"``, which :func:`knlib.sources.for_reader`
    words as one author and title with two sections. Parts without a section stay as
    they are.
    """
    merged: list[list[str]] = []  # [seed, section, section, ...]
    for part in (p.strip() for p in citation.split(";")):
        seed, _, section = part.partition(", ")
        if (merged and section and seed.startswith("seed ") and merged[-1][0] == seed
                and len(merged[-1]) > 1):
            merged[-1].append(section)
        else:
            merged.append([seed, section] if section else [part])
    return "; ".join(p[0] if len(p) == 1 else f"{p[0]}, {' and '.join(p[1:])}"
                     for p in merged)


def takes_table(game: str | Ruleset, chosen: str | Iterable[str],
                challengers: Sequence[str | Card], led: Sequence[str | Card]) -> MystMarkdown:
    """A Markdown table: for each challenger (rows) and each led card (columns), does
    the challenger, played straight after that card was led, take the lead? Decided by
    the engine's one relation (:func:`knlib.rules.tricks.takes`): "✓" where it takes the
    lead, "–" where it does not."""
    rules = ruleset(game)
    suits = rules.check_chosen(chosen)
    takes = takes_relation(rules, suits)
    roles = rules.roles(suits)
    rows = rules.check_cards(challengers)
    cols = rules.check_cards(led)
    head = "| " + tr("played next ↓ · led →") + " | " + " | ".join(c.symbol for c in cols) + " |"
    sep = "|---|" + "---|" * len(cols)
    body = []
    for r in rows:
        name = f"{r.symbol} {roles[r].term or roles[r].name}"
        cells = []
        for c in cols:
            if c is r:
                cells.append(" ")
            else:
                cells.append("✓" if takes.led(r, c) else "–")
        body.append(f"| {_cell(name)} | " + " | ".join(cells) + " |")
    return MystMarkdown("\n".join([head, sep, *body]))


@dataclass(frozen=True)
class LeadCase:
    """The cards that need the same to be beaten when led, with one role as example."""

    cards: tuple[Card, ...]
    role: Role
    #: How many other cards of the pack take the example card when it is led.
    takers: int


def lead_cases(game: str | Ruleset, chosen: str | Iterable[str]) -> list[LeadCase]:
    """The pack grouped by what beats a card when it is led (strongest lead first).

    Olen and beaters form one group (each is taken only by a higher one); every other
    card is grouped by the strength needed to take it (``Role.threshold``). The example
    role of a group is its first card in the engine's strength order that is not of a
    chosen suit, where there is one (so the Ace-of-its-own-suit clause shows)."""
    rules = ruleset(game)
    suits = rules.check_chosen(chosen)
    takes = takes_relation(rules, suits)
    roles = rules.roles(suits)
    groups: dict[float, list[Card]] = {}  # by the strength that takes them; power cards: inf
    for c in rules.sort_by_strength(rules.pack, suits):
        r = roles[c]
        key = float("inf") if r.is_power_card else float(r.threshold)
        groups.setdefault(key, []).append(c)

    out = []
    for _, cards in sorted(groups.items(), key=lambda group: group[0], reverse=True):
        if roles[cards[0]].is_power_card:
            example = cards[-1]  # the lowest of the Olen and beaters
        else:
            example = next((c for c in cards if not roles[c].chosen), cards[0])
        n = len(takes.takers(example, rules.pack))
        out.append(LeadCase(tuple(cards), roles[example], n))
    return out


def lead_cases_table(game: str | Ruleset, chosen: str | Iterable[str]) -> MystMarkdown:
    """:func:`lead_cases` as a Markdown table: the led cards, what takes them, and how
    many of the other cards of the pack can take the example card."""
    rules = ruleset(game)
    from knlib.render.picture_words import class_text

    from ..i18n import ntr

    rows = ["| " + " | ".join((tr("case"), tr("led card"), tr("example"), tr("when led, it…"),
                               tr("cards that can take the example"))) + " |",
            "|---|---|---|---|---|"]
    for i, case in enumerate(lead_cases(rules, chosen), 1):
        classes = list(dict.fromkeys(rules.roles(chosen)[c].klass for c in case.cards))
        kinds = ", ".join(class_text(k) for k in classes)
        count = ntr("{n} card", "{n} cards", len(case.cards))
        rows.append(f"| {i} | {_cell(kinds)} ({count}) | "
                    f"{case.role.card.symbol} | {_cell(case.role.taken_by)} | "
                    + tr("{count} of {total}", count=case.takers, total=len(rules.pack) - 1)
                    + " |")
    return MystMarkdown("\n".join(rows))


# -- the table ------------------------------------------------------------------------------


def seating_figure(dealer: int = 0, *, game: str = KNUEFFELN) -> Figure:
    """The four-player card table seen from above: the seats in clockwise order of play,
    the dealer, forehand (who leads to the first trick) and the partnerships (partners
    opposite, seed 000, 'The Players'). Seat names, forehand and the sides come from a
    deal of :mod:`knlib.engine.deal`. Partnerships are marked by a written team letter and by
    hatching as well as by shade."""
    import math

    from matplotlib.figure import Figure
    from matplotlib.patches import Circle, FancyArrowPatch

    from knlib.engine.deal import new_deal

    from ..pictures import set_alt

    deal = new_deal(game, seed=0, players=4, dealer=dealer)
    from knlib.rules.dealing import seat_word

    players, names, forehand = deal.players, [seat_word(x) for x in deal.names], deal.forehand
    team_of = {seat: side for side, seats in enumerate(deal.sides) for seat in seats}
    fig = Figure(figsize=(6.4, 6.0), dpi=100, layout="constrained")
    ax = fig.subplots()
    ax.set_aspect("equal")
    ax.add_patch(Circle((0, 0), 1.0, fc="#f4f1e8", ec="#555555", lw=1.2))
    ax.text(0, 0.12, tr("the table"), ha="center", va="center", fontsize=10, color="#444444")
    ax.text(0, -0.12, tr("play goes clockwise"), ha="center", va="center", fontsize=9,
            color="#444444")
    # Seat 0 at the bottom (South); clockwise seen from above: South, West, North, East.
    angles = [-math.pi / 2 - 2 * math.pi * i / players for i in range(players)]
    for i in range(players):
        a = angles[i]
        x, y = 1.45 * math.cos(a), 1.45 * math.sin(a)
        team = team_of[i]
        ax.add_patch(Circle((x, y), 0.36, fc=("#d8e4f5", "#f5e3c8")[team], ec="#222222",
                            lw=1.0, hatch=("", "////")[team]))
        ax.text(x, y, tr("{name}\nteam {team}", name=names[i], team="AB"[team]), ha="center",
                va="center", fontsize=9.5, fontweight="bold",
                bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.9})
        notes = []
        if i == dealer:
            notes.append(tr("dealer"))
        if i == forehand:
            notes.append(tr("forehand:\nleads to the\nfirst trick"))
        if notes:
            ax.text(x, y - 0.42, "\n".join(notes), ha="center", va="top", fontsize=9,
                    fontstyle="italic")
    # Clockwise arrows between neighbouring seats, inside the rim of the table.
    for i in range(players):
        a0, a1 = angles[i] - 0.35, angles[(i + 1) % players] + 0.35
        p0 = (0.8 * math.cos(a0), 0.8 * math.sin(a0))
        p1 = (0.8 * math.cos(a1), 0.8 * math.sin(a1))
        ax.add_patch(FancyArrowPatch(p0, p1, connectionstyle="arc3,rad=0.35",
                                     arrowstyle="-|>", mutation_scale=12, color="#666666",
                                     lw=1.0))
    ax.set_xlim(-2.7, 2.7)
    ax.set_ylim(-2.15, 1.95)
    ax.axis("off")
    ax.set_title(tr("Four players, partners opposite: {dealer} deals, {forehand} leads first",
                    dealer=names[dealer], forehand=names[forehand]), fontsize=11)
    set_alt(fig, (
        tr("A round table seen from above with four seats in clockwise order of play: "
           "{seats}. {dealer} is the dealer and {forehand}, on the dealer's left, leads to the "
           "first trick. ", seats=", ".join(names), dealer=names[dealer],
           forehand=names[forehand])
        + " ".join(partners_sentence([names[x] for x in seats], "AB"[k])
                   for k, seats in enumerate(deal.sides))))
    return fig


def partners_sentence(names: Sequence[str], team: str) -> str:
    """'North and South are partners (team A).' in the current language."""
    return tr("{first} and {second} are partners (team {team}).",
              first=", ".join(names[:-1]), second=names[-1], team=team)


#: The column heads and titles the chapters' code cells give these helpers, for the
#: catalogue (the helpers translate what they are given).
BOOK_WORDS: tuple[str, ...] = (
    marked("Where the sources differ"), marked("Our reading"),
    marked("rule"), marked("the idea"), marked("game"), marked("open questions"),
    marked("topics"), marked("version"), marked("♠K led, then ♥7, in the first trick"),
    marked("trick (lead first)"), marked("winner after Overby and Sanders"),
    marked("winner in the blog"), marked("trick"), marked("played"), marked("the blog says"),
    marked("the computer says"), marked("agree"), marked("card"), marked("role"),
    marked("beats"), marked("when"), marked("branch"), marked("event"),
    marked("chosen Jack (Unter)"), marked("chosen Six"), marked("chosen Seven"),
    marked("you type"), marked("the card"),
    marked("Where the table of the eight games is written."),
    marked("Where the table of what was inherited and changed is written."),
    marked("Where the rules of the deal are written."),
    marked("Where each date of the timeline is written."),
    # sentences the family chapters write with tr(), a value filled in
    marked("**Refused:** {why}"), marked("legal; {card} wins"), marked("refused: {why}"),
    marked("dealer"), marked("yes"), marked("NO"),
    marked("**{count} cards are in every pack:**"),
)


# -- a plain player for example deals -------------------------------------------------------


def plain_player(deal: Any) -> Any:
    """The move a plain, predictable player makes in a :class:`knlib.Deal`. It is not a
    strong player; it only keeps the book's example deals sensible and easy to follow:

    * exchanges: always take what is offered;
    * a card led face down: always see (accept); a Jann: stop and take it; five-player
      dealer: sit out;
    * leading: lead the strongest card (by :meth:`~knlib.games.Ruleset.strength`); if no
      card outside the hand could take it (asked of the engine, as a trick of two), lead it
      face down (drehen) where allowed, but never while its side plays for the march;
    * otherwise: if partner is ahead, throw the weakest card; if not, play the weakest
      card that takes the lead, or throw the weakest card if none does.

    Which card takes the lead is asked of the engine's one relation
    (:class:`~knlib.rules.tricks.Takes`).
    """

    acts = deal.legal_actions()
    if not acts:
        raise RulesError(tr("the deal is over: there is no move to make"))
    by_kind: dict[str, list[Any]] = {}
    for a in acts:
        by_kind.setdefault(a.kind, []).append(a)
    for kind in (ActionKind.EXCHANGE, ActionKind.SEE, ActionKind.STOP, ActionKind.SIT_OUT):
        if kind in by_kind:
            return by_kind[kind][0]
    plays = by_kind.get("play", [])
    if not plays:
        return next(a for a in acts if a.kind != ActionKind.CONCEDE)
    rules, chosen, seat = deal.rules, deal.chosen, deal.to_move
    takes = takes_relation(rules, chosen)
    weakest_first = sorted(plays, key=lambda a: (rules.strength(a.card, chosen), a.card.index))
    trick = deal.current_trick
    if not trick:
        best = weakest_first[-1]
        held = set(deal.hands[seat])
        safe = not any(takes.led(x, best.card) for x in rules.pack if x not in held)
        downs = [a for a in by_kind.get("down", []) if a.card is best.card]
        safe = safe and deal.marching is None  # seed 000: a team "would never" turn then
        return downs[0] if safe and downs else best
    cards = [c for _, c in trick]
    ahead_seat = trick[takes.ahead(cards)][0]
    if deal.side_of(ahead_seat) == deal.side_of(seat):
        return weakest_first[0]
    for a in weakest_first:
        if takes(a.card, cards):
            return a
    return weakest_first[0]


def play_out(deal: Any, player: Any = plain_player) -> Any:
    """Play a deal to its end, each move chosen by ``player(deal)``; returns the deal."""
    while not deal.is_over:
        deal.apply(player(deal))
    return deal
