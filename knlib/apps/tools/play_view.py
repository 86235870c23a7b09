"""The screen of :class:`~knlib.apps.tools.play.PlayTool`: the table as the reader's seat
sees it, and a control for every decision.

Top to bottom: where the deal stands; the seats, with what each player has said; the
trick on the table (the card ahead now marked); the reader's hand, strongest first with
its role badges; the decisions (a card to play, a card to lead face down, the other
actions of the moment), then what the reader may say, the hint, the "why?" of each
finished trick; at the end the payment, the running score, the next deal and the
analysis; the settings of a new table; and the story of the deal.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any, Protocol

from ...cards import Card
from ...engine.deal import Action, Deal
from ...engine.scoring import format_amount
from ...i18n import marked, ntr, tr
from ...render.display import HTML_STYLE, card_html, card_label
from ...render.display import hand_html as hand_picture
from ...render.display import trick_html as trick_picture
from ...rules.dealing import PROCEDURES
from ...rules.games import GAMES, Ruleset, ruleset
from ..play.table import TRUTHFUL, Event, Table
from .base import Control, Html, Row, View, button
from .play_talk import ReaderTalk


class PlayToolView(Protocol):
    """What the screen reads of :class:`~knlib.apps.tools.play.PlayTool` (which is drawn
    here, so this module names what it needs instead of importing it)."""

    config: dict[str, Any]
    settings: dict[str, Any]
    table: Table
    talk: ReaderTalk
    why: int | None
    advice: str
    review: str
    acted: bool

__all__ = ["table_view", "action_label", "decision_words", "OPPONENTS"]

#: The opponents offered as a setting, weakest first, with their names for the reader.
#: The solver player is left out: in the page one of its moves can take many seconds.
OPPONENTS: dict[str, str] = {
    "random": marked("Beginners (any legal move)"),
    "rules": marked("Steady (plain habits)"),
    "sampling": marked("Good (think ahead)"),
}
#: The seats' roles in the block of the table, by role.
_ROLES = {"you": marked("you"), "player": marked("player"), "partner": marked("partner"),
          "opponent": marked("opponent")}
#: The actions' buttons, by kind (other than playing a card and exchanging).
_ACTION_LABELS = {"pass": marked("Keep (no exchange)"), "see": marked("See"),
                  "run": marked("Run"), "stop": marked("Stop (take it)"),
                  "play on": marked("Play on"), "play alone": marked("Play alone"),
                  "sit out": marked("Sit out"), "concede": marked("Concede")}
#: The speaker's name at the head of a line of talk ("<b>West</b>: ").
SPEAKER = re.compile(r"^(?:<b>[^<]*</b>|[^<“:]+): ")
#: How many lines of the story are shown (the latest).
STORY_LINES = 14


def table_view(tool: PlayToolView) -> View:
    """Everything the reader sees at the table now."""
    t = tool.table
    d = t.deal
    legal = t.legal_actions()
    parts: list[Html | Row] = [Html(header_html(tool)), Html(seats_html(t)),
                               Html(trick_html(t)), Html(hand_html(t))]
    parts += decision_rows(t, legal)
    offers = tool.talk.offers()
    if offers:
        parts.append(Row(tuple(button(f"say {o.id}", f"“{o.text}” ({o.english}; {o.note})")
                               for o in offers), tr("Say:")))
    if d.is_over:
        parts.append(Html(end_html(t)))
    over = d.is_over
    parts.append(Row((button("hint", tr("Hint"), enabled=bool(legal), long=True),
                      button("analyse", tr("Analyse this deal"), long=True,
                             enabled=over and not tool.review),
                      button("next deal", tr("Next deal"), enabled=over,
                             tone="main" if over else ""))))
    if tool.advice:
        parts.append(Html(tool.advice))
    if tool.review:
        parts.append(Html(tool.review))
    parts += why_parts(tool)
    parts.append(settings_row(tool))
    parts.append(Html(story_html(t, tool.config["story_lines"])))
    return View(tuple(parts), over=d.is_over)


# -- the table -----------------------------------------------------------------------------------


def deal_events(t: Table) -> list[Event]:
    """The story of the present deal (from its 'deal' line on)."""
    first = max((i for i, e in enumerate(t.events) if e.kind == "deal"), default=0)
    return t.events[first:]


def header_html(tool: PlayToolView) -> str:
    """Where the deal stands: the game, the table's number and the deal's, the dealer, the
    reader's side, the chosen suits and turn-ups, the tricks won."""
    t = tool.table
    d = t.deal
    r = t.rules
    ups = " ".join(card_html(c, r) for c in d.turn_ups)
    # (no sides yet while the five-player dealer chooses)
    won = ", ".join(f"{escape(d.side_name(i))} {d.tricks_won[i]}"
                    for i in range(len(d.sides))) or tr("none yet")
    turns = tr("; face-down leads seen: {count}", count=d.turns_accepted) \
        if d.turns_accepted else ""
    # The table's number fixes its deals; the deal's number counts the deals at it.
    where = tr("{game} at table number {table}, deal {deal}; dealer {dealer}.",
               game=f"<b>{escape(r.title)}</b>", table=tool.config["seed"],
               deal=t.session.deals + 1, dealer=escape(d.names[d.dealer]))
    you = tr("You are {seat}; {partners}.", seat=f"<b>{escape(d.names[t.reader])}</b>",
             partners=escape(partners_text(t)))
    chosen = tr("Chosen: {suits}", suits=escape(r.chosen_text(d.chosen))) + (
        tr("; turn-ups {cards}", cards=ups) if ups else "")
    return (f'<div style="{HTML_STYLE}">{where} {you} {chosen}'
            + ".<br>" + tr("Tricks: {tricks}", tricks=won) + f"{turns}.</div>")


def partners_text(t: Table) -> str:
    d = t.deal
    side = d.side_of(t.reader)
    if not d.sides:
        return tr("the sides are known once the dealer has chosen")
    if side is None:
        return tr("you sit out this deal")
    others = [d.names[s] for s in d.sides[side] if s != t.seat]
    if not others:
        return tr("you play alone")
    names = others[0]
    for other in others[1:]:
        names = tr("{first} and {second}", first=names, second=other)
    return ntr("your partner is {names}", "your partners are {names}", len(others),
               names=names)


def seats_html(t: Table) -> str:
    """One block per seat: who sits there, how many cards they hold, who deals and who is
    to act, and what they have said this deal (table talk with its English)."""
    d = t.deal
    said: dict[int, list[str]] = {}
    for e in deal_events(t):
        if e.kind in ("talk", "call", "remark") and e.seat is not None \
                and not e.text.startswith(tr(TRUTHFUL)):
            # the speaker's name stands at the head of the block
            said.setdefault(e.seat, []).append(SPEAKER.sub("", e.html, count=1))
    mine = d.side_of(t.reader)
    blocks = []
    for s in range(d.players):
        role = tr(_ROLES["you" if s == t.seat else "player" if not d.sides else (
            "partner" if mine is not None and d.side_of(s) == mine else "opponent")])
        marks = (tr(", deals") if s == d.dealer else "") + (
            tr(" · ▶ to act") if s == d.to_move else "")
        held = len(d.hands[s])
        words = "".join(f'<div style="margin-left:1.2em">{x}</div>' for x in said.get(s, []))
        cards = ntr("{n} card", "{n} cards", held)
        blocks.append(f'<div style="margin:0.25em 0"><b>{escape(d.names[s])}</b> ({role}'
                      f"{marks}): {cards}{words}</div>")
    head = escape(tr("The table"))
    return (f'<div class="knlib-seats" style="{HTML_STYLE}"><b>{head}</b>'
            + "".join(blocks) + "</div>")


def trick_html(t: Table) -> str:
    """The trick on the table with the card ahead now marked, the last trick in one
    sentence, and what the reader is asked to do."""
    d = t.deal
    parts = []
    cur = d.current_trick
    if cur:
        if d.current_face_down and cur[0][0] != t.seat:
            parts.append(f"<p>{escape(t.current_trick_text())}</p>")
        else:
            on = tr("Trick {number} on the table", number=len(d.tricks) + 1)
            parts.append(f"<p><b>{escape(on)}</b></p>"
                         + trick_picture([c for _, c in cur], game=t.rules, chosen=d.chosen,
                                         seats=[d.names[s] for s, _ in cur],
                                         winner_text=tr("ahead"),
                                         width=52))
    last = next((e for e in reversed(deal_events(t)) if e.kind == "trick"), None)
    if last is not None:
        parts.append(f"<p>{escape(last.text.splitlines()[0])}</p>")
    if not d.is_over:  # else the end of the deal says what happened (end_html)
        parts.append(f"<p><i>{escape(t.prompt())}</i></p>")
    return f'<div style="{HTML_STYLE}">{"".join(parts)}</div>'


def hand_html(t: Table) -> str:
    """The reader's hand, strongest first, with role badges."""
    d = t.deal
    hand = d.hands[t.reader]
    pic = hand_picture(hand, game=t.rules, chosen=d.chosen, width=40) if hand else "—"
    head = escape(tr("Your hand"))
    return f'<div style="{HTML_STYLE}"><b>{head}</b> {pic}</div>'


# -- the decisions -------------------------------------------------------------------------------


def decision_rows(t: Table, legal: list[Action]) -> list[Html | Row]:
    """A control for every decision: the hand's cards (disabled where they cannot be played
    now), the cards that may be led face down, and the other actions of the moment."""
    d = t.deal
    r = t.rules
    held = list(d.hands[t.reader])
    cards = r.sort_by_strength(held, d.chosen) if held else []
    cards += [a.card for a in legal if a.kind == "play" and a.card is not None
              and a.card not in cards]
    rows: list[Html | Row] = []
    if cards:
        rows.append(Row(tuple(card_control(r, Action(f"play {c}"), c, legal, _PLAY)
                              for c in cards), tr("Play a card:")))
    downs = [a for a in legal if a.kind == "down" and a.card is not None]
    if downs:
        rows.append(Row(tuple(card_control(r, a, a.card, legal, _DOWN)
                              for a in downs if a.card is not None),
                        tr("Lead face down (drehen):")))
    others = [a for a in legal if a.kind not in ("play", "down")]
    if others:
        rows.append(Row(tuple(button(a.text, action_label(r, a)) for a in others)))
    return rows


#: A card's button, by what it does ({card}: the card's name).
_PLAY = marked("Play {card}")
_DOWN = marked("Lead face down {card}")


def card_control(r: Ruleset, act: Action, card: Card, legal: list[Action], verb: str
                 ) -> Control:
    """A card's button: ``verb`` is :data:`_PLAY` or :data:`_DOWN` (marked texts)."""
    return Control("card", act.text, tr(verb, card=card_label(card, r)), enabled=act in legal,
                   html=card_html(card, r))


def decision_words(deal: Deal, a: Action) -> str:
    """An action in plain words, for a sentence: 'play ♠A', 'lead ♠A face down (drehen)',
    'exchange ♠10 for ♠J', 'keep the card (no exchange)', 'see (accept the face-down
    card)'."""
    if a.kind == "exchange" and a.card is not None and a.other is not None:
        return tr("exchange {card} for {other}", card=card_label(a.card, deal.rules),
                  other=card_label(a.other, deal.rules))
    if a.kind == "pass":
        return tr("keep the card (no exchange)")
    from ...analysis.advice import action_words  # the analysis loads when first asked for

    return action_words(deal, a)


def action_label(rules: Ruleset, a: Action) -> str:
    """The button's words for an action other than playing a card."""
    if a.kind == "exchange" and a.card is not None and a.other is not None:
        return tr("Exchange {card} for {other}", card=card_label(a.card, rules),
                  other=card_label(a.other, rules))
    return tr(_ACTION_LABELS[a.kind]) if a.kind in _ACTION_LABELS else a.text


# -- after the tricks: why, the end, the settings, the story -------------------------------------


def why_parts(tool: PlayToolView) -> list[Html | Row]:
    """A "why?" for every finished trick, and the explanation of the one asked for."""
    t = tool.table
    tricks = [e for e in deal_events(t) if e.kind == "trick"]
    if not tricks:
        return []
    out: list[Html | Row] = [Row(tuple(
        button(f"why {i}", tr("Trick {number}", number=i), pressed=tool.why == i)
        for i in range(1, len(tricks) + 1)), tr("Why? Explain"))]
    if tool.why is not None and tool.why <= len(tricks):
        out.append(Html(tricks[tool.why - 1].html))
    return out


def end_html(t: Table) -> str:
    """The payment of the deal and the running score over the deals played."""
    d = t.deal
    res = d.result
    assert res is not None
    totals = [a + b for a, b in zip(t.session.totals, res.payments, strict=True)]
    n = t.session.deals + 1
    cell = 'style="padding:2px 12px 2px 0;text-align:left"'
    you = tr(" (you)")
    seat, this_deal, in_all = escape(tr("Seat")), escape(tr("This deal")), escape(tr("In all"))
    rows = "".join(
        f"<tr><td {cell}>{escape(d.names[s])}{you if s == t.seat else ''}</td>"
        f"<td {cell}>{escape(format_amount(res.unit, res.payments[s], sign=True))}</td>"
        f"<td {cell}>{escape(format_amount(res.unit, totals[s], sign=True))}</td></tr>"
        for s in range(d.players))
    over = escape(tr("The deal is over."))
    after = escape(ntr("The score after {n} deal", "The score after {n} deals", n))
    return (f'<div style="{HTML_STYLE}"><p><b>{over}</b> {escape(res.reason)}</p>'
            f'<table class="knlib-score" style="border-collapse:collapse"><caption '
            f"style='text-align:left'>{after}"
            f"</caption><tr><th {cell}>{seat}</th>"
            f"<th {cell}>{this_deal}</th>"
            f"<th {cell}>{in_all}</th></tr>"
            f"{rows}</table></div>")


def settings_row(tool: PlayToolView) -> Row:
    """The game, the number of players and the opponents: chosen at a new deal (a change
    starts a new table, and a new score)."""
    d = tool.table.deal
    free = not tool.acted or d.is_over
    s = tool.settings
    games = tuple((ruleset(g).title, g) for g in GAMES)
    counts = PROCEDURES[s["game"]].players
    players = tuple((ntr("{n} player", "{n} players", n), str(n)) for n in counts)
    them = tuple((tr(label), name) for name, label in OPPONENTS.items())
    bots = s["bots"]
    chosen = s["opponents"] if bots is None else bots if isinstance(bots, str) else "as set"
    if chosen not in OPPONENTS:
        them += ((tr("As set up"), chosen),)
    return Row((
        Control("choice", "game", tr("Game"), enabled=free, options=games, value=s["game"]),
        Control("choice", "players", tr("Players"), enabled=free and len(counts) > 1,
                options=players, value=str(d.players)),
        Control("choice", "opponents", tr("Opponents"), enabled=free, options=them,
                value=chosen),
    ), tr("A new table:"))


def story_html(t: Table, lines: int = STORY_LINES) -> str:
    """The latest ``lines`` of what happened."""
    evs = [e for e in t.events if e.kind in ("deal", "action", "remark", "result", "score")]
    tail = evs[-lines:]
    items = "".join(f"<li>{e.html}</li>" for e in tail)
    happened = escape(tr("What happened"))
    return (f'<details style="{HTML_STYLE};font-size:0.9em"><summary>{happened}</summary>'
            f'<ol start="{len(evs) - len(tail) + 1}">{items}</ol></details>')
