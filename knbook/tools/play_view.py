"""The screen of :class:`~knbook.tools.play.PlayTool`: the table as the reader's seat
sees it, on one screen, and a control for every decision.

At the top, the deal's number and what it stands at (the chosen suits, the tricks of each
side and what the deal is worth now, in one line); then the table: the seats around the
trick (the reader at the bottom, the partner opposite, the opponents at the sides), each
with its name, its cards left, its last line of table talk (the gloss on a tap) and who
deals, and the trick in the middle with the card ahead marked; then the reader's hand,
strongest first with its role badges, whose cards are the buttons that play them; the
other decisions of the moment and the hint. Below the table: the hint's choices, what a
player counts (the exchanges, the last trick, the Olen and high beaters still out), the
end of the deal and the review, and the secondary things as lists and folded panels: what
the reader may say, the "why?" of a trick, the deal by its number, the settings, the
story.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any, Protocol

from knlib.cards import Card
from knlib.engine.actions import PLAY_OF
from knlib.engine.deal import Action
from knlib.engine.move_words import button_text
from knlib.engine.scoring import format_amount
from knlib.games import GAMES, Ruleset, ruleset
from knlib.kinds import SETUP_PHASES, ActionKind
from knlib.players.talk import quoted
from knlib.render.display import HTML_STYLE, card_html, card_svg, explanation_html
from knlib.render.display import trick_html as trick_picture

from ..i18n import marked, ntr, tr
from ..play.reader_words import (
    TRUTHFUL,
    advice_words,
    capitalized,
    event_text,
    tricks_won_text,
)
from ..play.session import PlaySession
from ..play.story import Event
from .controller import Control, Html, Row, ToolView, button
from .play_advice import hint_html, review_html, rewind_row
from .play_talk import ReaderTalk


class PlayToolView(Protocol):
    """What the screen reads of :class:`~knbook.tools.play.PlayTool` (which is drawn
    here, so this module names what it needs instead of importing it)."""

    config: dict[str, Any]
    settings: dict[str, Any]
    table: PlaySession
    talk: ReaderTalk
    why: int | None
    judgement: Any
    review: Any
    acted: bool
    #: the deal on the table was played on from the review (practice, not counted again)
    practice: bool
    counts_shown: bool

    @property
    def deal_name(self) -> str: ...

    @property
    def score(self) -> Any: ...

__all__ = ["table_view", "preview_view", "event_html", "OPPONENTS",
           "seat_places", "still_out"]

#: The opponents offered as a setting, weakest first, with their names for the reader.
#: The solver player is left out: in the page one of its moves can take many seconds.
OPPONENTS: dict[str, str] = {
    "random": marked("Beginners (any legal move)"),
    "rules": marked("Steady (plain habits)"),
    "sampling": marked("Good (think ahead)"),
}
#: The seats' roles at the table, by role.
_ROLES = {"you": marked("you"), "player": marked("player"), "partner": marked("partner"),
          "opponent": marked("opponent")}
#: The speaker's name at the head of a line of talk ("<b>West</b>: ").
SPEAKER = re.compile(r"^(?:<b>[^<]*</b>|[^<“:]+): ")
#: How many lines of the story are shown (the latest).
STORY_LINES = 14
#: Where each seat sits around the trick, by the number of players, clockwise from the
#: reader at the bottom: the partner of a four-player game opposite, the opponents at
#: the sides.
_PLACES: dict[int, tuple[str, ...]] = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
    5: ("bottom", "left", "top-left", "top-right", "right"),
    6: ("bottom", "left", "top-left", "top", "top-right", "right"),
}
#: The width of a card of the hand and of the trick, in CSS pixels.
HAND_CARD = 44
TRICK_CARD = 40


def seat_places(players: int, reader: int) -> dict[int, str]:
    """Where each seat sits on the screen: ``{seat: 'bottom' | 'left' | 'top' | ...}``, the
    reader at the bottom and the others clockwise."""
    places = _PLACES.get(players) or ("bottom",) + tuple(f"ring-{i}" for i in range(1, players))
    return {s: places[(s - reader) % players] for s in range(players)}


def table_view(tool: PlayToolView) -> ToolView:
    """Everything the reader sees at the table now."""
    t = tool.table
    d = t.deal
    legal = t.legal_actions()
    over = d.is_over
    parts: list[Html | Row] = [Html(status_html(tool)), Html(table_html(t))]
    parts += decision_rows(t, legal)
    # "later": buttons for the end of the deal, which a phone leaves out while they are off
    parts.append(Row((button("hint", tr("Hint"), enabled=bool(legal), long=True),
                      button("analyse", tr("Analyse this deal"), long=True,
                             enabled=over and tool.review is None, tone="later"),
                      button("next deal", tr("Next deal"), enabled=over,
                             tone="main" if over else "later"),
                      button("counts", tr("Hide the counts") if tool.counts_shown
                             else tr("Show the counts"), tone="quiet",
                             enabled=not over))))
    if tool.judgement is not None:
        parts.append(Html(hint_html(tool.judgement)))
    if not over:
        parts.append(Html(counts_html(t, tool.counts_shown)))
    else:
        parts.append(Html(end_html(tool)))
    if tool.review is not None:
        parts.append(Html(review_html(tool.review.review)))
        parts.append(rewind_row(tool.review.review, enabled=over))
    parts += talk_rows(tool)
    parts += why_parts(tool)
    parts.append(deal_row(tool))
    parts.append(settings_row(tool))
    parts.append(Html(story_html(t, tool.config["story_lines"])))
    return ToolView(tuple(parts), over=over, attrs=(("deal", tool.deal_name),))


def preview_view(tool: PlayToolView) -> ToolView:
    """A fresh table before the reader sits down: no cards, only what happens next."""
    text = tr("Press Play to sit down at a new table: a new deal is dealt for you, and its "
              "number shown, each time you come to this page.")
    return ToolView((Html(f'<div class="knlib-play-status" style="{HTML_STYLE}">'
                      f"{escape(text)}</div>"),))


# -- the table -----------------------------------------------------------------------------------


def deal_events(t: PlaySession) -> list[Event]:
    """The story of the present deal (from its 'deal' line on)."""
    first = max((i for i, e in enumerate(t.events) if e.kind == "deal"), default=0)
    return t.events[first:]


def status_html(tool: PlayToolView) -> str:
    """The deal's number and game, the chosen suits and turn-ups; in one line the tricks of
    each side, what the deal is worth now and the face-down leads seen."""
    t = tool.table
    d = t.deal
    r = t.rules
    ups = " ".join(card_html(c, r) for c in d.turn_ups)
    head = tr("Deal {number}", number=f"<b>{escape(tool.deal_name)}</b>")
    chosen = tr("Chosen: {suits}", suits=escape(r.chosen_text(d.chosen))) + (
        tr("; turn-ups {cards}", cards=ups) if ups else "")
    # (no sides yet while the five-player dealer chooses)
    won = ", ".join(f"{escape(d.side_name(i))} {d.tricks_won[i]}"
                    for i in range(len(d.sides))) or escape(tr("none yet"))
    worth = tr("worth now {amount}", amount=escape(format_amount(d.rules.stakes.unit, d.value)))
    turns = tr("; face-down leads seen: {count}", count=d.turns_accepted) \
        if d.turns_accepted else ""
    tricks = tr("Tricks: {tricks}", tricks=won)
    return (f'<div class="knlib-play-status" style="{HTML_STYLE}">{head} · '
            f"<b>{escape(r.title)}</b> · {chosen}<br>"
            f"<span data-knlib-standing>{tricks} · {worth}{turns}"
            "</span></div>")


def partners_text(t: PlaySession) -> str:
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


def last_said(t: PlaySession) -> dict[int, Event]:
    """Each seat's last line of table talk in this deal (not the reader's private note of
    the truthful line)."""
    said: dict[int, Event] = {}
    for e in deal_events(t):
        if e.kind in ("talk", "call", "remark") and e.seat is not None and e.words \
                and not e.truthful:
            said[e.seat] = e
    return said


def seat_html(t: PlaySession, s: int, place: str, said: Event | None) -> str:
    """One seat: its name, its role, who deals and who is to act, its cards left and its
    last line of table talk, whose gloss opens on a tap."""
    d = t.deal
    mine = d.side_of(t.reader)
    role = "you" if s == t.seat else "player" if not d.sides else (
        "partner" if mine is not None and d.side_of(s) == mine else "opponent")
    marks = ""
    deals, to_act, named = escape(tr("dealer")), escape(tr("to act")), escape(tr(_ROLES[role]))
    if s == d.dealer:
        marks += f' <span class="knlib-dealer">{deals}</span>'
    if s == d.to_move:
        marks += f' <span class="knlib-to-act">▶ {to_act}</span>'
    cards = escape(ntr("{n} card", "{n} cards", len(d.hands[s])))
    talk = ""
    if said is not None:
        words = escape(quoted(said.words))
        talk = (f'<details class="knlib-said"><summary>{words}</summary>{words}: '
                f"{escape(said.gloss)}</details>")
    return (f'<div class="knlib-seat knlib-at-{place}" data-knlib-seat="{s}" '
            f'data-role="{role}"><b>{escape(d.names[s])}</b> '
            f'<span class="knlib-seat-role">{named}</span>{marks}'
            f'<br><span class="knlib-seat-cards">{cards}</span>{talk}</div>')


def table_html(t: PlaySession) -> str:
    """The seats around the trick: a grid whose places the page's style sheet lays out."""
    d = t.deal
    reader = t.reader
    said = last_said(t)
    places = seat_places(d.players, reader)
    # clockwise from the reader, so that a narrow screen lists them in order
    clockwise = [(reader + i) % d.players for i in range(d.players)]
    seats = "".join(seat_html(t, s, places[s], said.get(s)) for s in clockwise)
    return (f'<div class="knlib-table" data-players="{d.players}" style="{HTML_STYLE}">'
            f"{seats}{trick_html(t)}</div>")


def trick_html(t: PlaySession) -> str:
    """The trick on the table with the card ahead now marked, and what the reader is asked
    to do."""
    d = t.deal
    parts = []
    cur = d.current_trick
    if cur:
        if d.current_face_down and cur[0][0] != t.seat:
            parts.append(f"<p>{escape(t.current_trick_text())}</p>")
        else:
            parts.append(trick_picture([c for _, c in cur], game=t.rules, chosen=d.chosen,
                                       seats=[d.names[s] for s, _ in cur],
                                       winner_text=tr("ahead"), width=TRICK_CARD))
    elif not d.is_over:
        empty = escape(tr("No card on the table yet."))
        parts.append(f'<p class="knlib-empty">{empty}</p>')
    if d.is_over:
        over = escape(tr("The deal is over."))
        parts.append(f"<p><b>{over}</b></p>")
    else:
        parts.append(f'<p class="knlib-prompt"><i>{escape(t.prompt())}</i></p>')
    on = escape(tr("The deal is over.") if d.is_over
                else tr("Trick {number}", number=len(d.tricks) + 1))
    return (f'<div class="knlib-trick-area" data-knlib-trick aria-label="{on}">'
            f'{"".join(parts)}</div>')


# -- the decisions -------------------------------------------------------------------------------


def decision_rows(t: PlaySession, legal: list[Action]) -> list[Html | Row]:
    """The reader's hand, strongest first, each card the button that plays it (disabled
    where it cannot be played now); the cards that may be led face down; the other
    actions of the moment."""
    d = t.deal
    r = t.rules
    held = list(d.hands[t.reader])
    cards = r.sort_by_strength(held, d.chosen) if held else []
    cards += [a.card for a in legal if a.kind == ActionKind.PLAY and a.card is not None
              and a.card not in cards]
    hand = tuple(Control("card", f"play {c}", button_text(r, PLAY_OF[c]),
                         enabled=Action(f"play {c}") in legal,
                         html=card_svg(c, game=r, chosen=d.chosen, width=HAND_CARD))
                 for c in cards)
    rows: list[Html | Row] = [Row(hand, tr("Your hand:") if not hand else "",
                                  attrs=(("knlib-hand", ""),))]
    downs = [a for a in legal if a.kind == ActionKind.DOWN and a.card is not None]
    if downs:
        rows.append(Row(tuple(Control("card", a.text, button_text(r, a),
                                      html=card_html(a.card, r))
                              for a in downs if a.card is not None),
                        tr("Lead face down (drehen):"), attrs=(("knlib-face-down", ""),)))
    others = [a for a in legal if a.kind not in (ActionKind.PLAY, ActionKind.DOWN)]
    if others:
        rows.append(Row(tuple(button(a.text, button_text(r, a)) for a in others)))
    return rows


# -- what a player counts ------------------------------------------------------------------------


def strong_cards(rules: Ruleset, chosen: tuple[str, ...]) -> list[tuple[str, list[Card]]]:
    """The cards a player counts, by group: in Knüffeln the Olen and the high beaters
    (chosen Aces, Jacks and Sixes), in the other games the eight strongest cards."""
    from knlib.players.talk.hand import HIGH, OLE, categorize

    order = rules.sort_by_strength(list(rules.pack), chosen)
    if rules.table_talk:
        roles = rules.roles(chosen)
        return [(tr("Olen"), [c for c in order if categorize(roles[c]) == OLE]),
                (tr("high beaters"), [c for c in order if categorize(roles[c]) == HIGH])]
    return [(tr("the strongest cards"), order[:8])]


def still_out(t: PlaySession) -> list[tuple[str, list[Card]]]:
    """The strong cards (:func:`strong_cards`) the reader has not seen played, does not
    hold, and does not see lying turned up: by group, strongest first."""
    d = t.deal
    seen = {c for trick in d.tricks for c in trick.cards}
    cur = d.current_trick
    seen |= {c for i, (s, c) in enumerate(cur)
             if not (i == 0 and d.current_face_down and s != t.seat)}
    seen |= set(d.hands[t.reader])
    taken = {got for _, _, got in d.exchanges}
    if d.phase not in SETUP_PHASES:
        seen |= {c for c in d.turn_ups if c not in taken}
    return [(name, [c for c in cards if c not in seen])
            for name, cards in strong_cards(d.rules, d.chosen)]


def exchanges_text(t: PlaySession) -> str:
    """Who took which turned-up card this deal (a seat that keeps its card is not named:
    that it may exchange says what it holds)."""
    d = t.deal
    r = t.rules
    if not d.turn_ups:
        return ""
    lines = [tr("You took {card} for {other}", card=card_html(got, r),
                other=card_html(gave, r)) if s == t.reader else
             tr("{who} took {card} for {other}", who=escape(capitalized(t.who(s))),
                card=card_html(got, r), other=card_html(gave, r))
             for s, gave, got in d.exchanges]
    if d.phase in SETUP_PHASES:
        lines.append(escape(tr("the exchanges are not over yet")))
    elif not lines:
        lines.append(escape(tr("nobody took a turned-up card")))
    return "; ".join(lines)


#: The heads of the lines of the counts, and the note on a deal played on from the review.
_EXCHANGES = marked("Exchanges")
_LAST_TRICK = marked("Last trick")
_STILL_OUT = marked("Still out")
_PRACTICE = marked("Played on from the review: practice, not counted again.")


def counts_html(t: PlaySession, shown: bool) -> str:
    """What a player counts: the exchanges of this deal, the last trick as cards, and the
    Olen and high beaters still out. Hidden, it says so (the reader practises counting)."""
    head = escape(tr("What a player counts"))
    if not shown:
        note = escape(tr("Hidden: count for yourself. “Show the counts” brings them back."))
        return (f'<div class="knlib-counts" data-knlib-counts data-shown="false" '
                f'style="{HTML_STYLE}"><b>{head}</b>: {note}</div>')
    d = t.deal
    r = t.rules
    rows = []
    ex = exchanges_text(t)
    if ex:
        rows.append(f"<li><b>{escape(tr(_EXCHANGES))}</b>: {ex}</li>")
    if d.tricks:
        last = d.tricks[-1]
        played = ", ".join(f"{escape(d.names[s])} {card_html(c, r)}"
                           for s, c in zip(last.seats, last.cards, strict=True))
        won = tr("{who} took it", who=escape(d.names[last.winner]))
        rows.append(f"<li><b>{escape(tr(_LAST_TRICK))}</b>: {played} — {won}</li>")
    out = []
    for name, cards in still_out(t):
        shown_cards = " ".join(card_html(c, r) for c in cards) or escape(tr("none"))
        out.append(f"{escape(name)}: {shown_cards}")
    rows.append(f"<li><b>{escape(tr(_STILL_OUT))}</b>: {'; '.join(out)}</li>")
    return (f'<div class="knlib-counts" data-knlib-counts data-shown="true" '
            f'style="{HTML_STYLE}"><b>{head}</b><ul>{"".join(rows)}</ul></div>')


# -- after the tricks: why, the end, the settings, the story -------------------------------------


def talk_rows(tool: PlayToolView) -> list[Html | Row]:
    """What the reader may say now, as a list to choose from."""
    offers = tool.talk.offers()
    if not offers:
        return []
    options = ((tr("Choose a line…"), ""),) + tuple(
        (quoted(o.text) + f" ({o.english}; {o.note})", o.id) for o in offers)
    return [Row((Control("choice", "say", tr("Say:"), options=options, value=""),))]


def why_parts(tool: PlayToolView) -> list[Html | Row]:
    """A "why?" for every finished trick (a list to choose from), and the explanation of
    the one asked for."""
    t = tool.table
    tricks = [e for e in deal_events(t) if e.kind == "trick"]
    if not tricks:
        return []
    options = ((tr("Choose a trick…"), ""),) + tuple(
        (tr("Trick {number}", number=i), str(i)) for i in range(1, len(tricks) + 1))
    value = str(tool.why) if tool.why is not None else ""
    out: list[Html | Row] = [Row((Control("choice", "why", tr("Why? Explain"),
                                          options=options, value=value),))]
    if tool.why is not None and tool.why <= len(tricks):
        out.append(Html(event_html(tricks[tool.why - 1])))
    return out


def end_html(tool: PlayToolView) -> str:
    """The payment of the deal and the running score of the setting."""
    t = tool.table
    d = t.deal
    res = d.result
    assert res is not None
    score = tool.score
    cell = 'style="padding:2px 12px 2px 0;text-align:left"'
    you = tr(" (you)")
    seat, this_deal, in_all = escape(tr("Seat")), escape(tr("This deal")), escape(tr("In all"))
    rows = "".join(
        f"<tr><td {cell}>{escape(d.names[s])}{you if s == t.seat else ''}</td>"
        f"<td {cell}>{escape(format_amount(res.unit, res.payments[s], sign=True))}</td>"
        f"<td {cell}>{escape(format_amount(res.unit, score.totals[s], sign=True))}</td></tr>"
        for s in range(d.players))
    over = escape(tr("The deal is over."))
    after = escape(ntr("The score after {n} deal", "The score after {n} deals", score.deals))
    practice = ""
    if tool.practice:
        practice = f"<p>{escape(tr(_PRACTICE))}</p>"
    return (f'<div style="{HTML_STYLE}"><p><b>{over}</b> {escape(res.reason)}</p>{practice}'
            f'<table class="knlib-score" style="border-collapse:collapse"><caption '
            f"style='text-align:left'>{after}"
            f"</caption><tr><th {cell}>{seat}</th>"
            f"<th {cell}>{this_deal}</th>"
            f"<th {cell}>{in_all}</th></tr>"
            f"{rows}</table></div>")


def deal_row(tool: PlayToolView) -> Row:
    """A deal by its number: the same deal for everyone who types it."""
    d = tool.table.deal
    return Row((Control("text", "deal", tr("Play deal number"),
                        enabled=not tool.acted or d.is_over, value=""),))


def settings_row(tool: PlayToolView) -> Row:
    """The game, the number of players and the opponents: chosen at a new deal (each
    setting keeps its own score)."""
    d = tool.table.deal
    free = not tool.acted or d.is_over
    s = tool.settings
    games = tuple((ruleset(g).title, g) for g in GAMES)
    counts = ruleset(s["game"]).procedure.players
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


def event_html(event: Event) -> str:
    """A line of the table's story (:class:`~knbook.play.story.Event`) as the page shows
    it: talk with the speaker in bold and the words in italics, a trick with its picture
    and the reasons behind a "why?", the coach's words as they come; any other line its
    words (:func:`~knbook.play.reader_words.event_text`), escaped."""
    e = event
    explanation = e.explanation if e.kind == "trick" else None
    if explanation is not None:
        return ("<p><b>" + escape(tr("Trick {number}", number=e.number)) + "</b> "
                + escape(tr("(tricks: {tricks})", tricks=tricks_won_text(e))) + "</p>"
                + explanation_html(explanation, list(e.names)))
    if e.advice is not None:
        return str(advice_words(e.advice).html)
    said = escape(quoted(e.words))
    if e.truthful:
        return f"<small>{escape(tr(TRUTHFUL))} <i>{said}</i> ({escape(e.gloss)})</small>"
    who = e.who if e.kind in ("talk", "call") else ""
    if who:
        return f"<b>{escape(who)}</b>: <i>{said}</i> ({escape(e.gloss)})"
    return escape(event_text(e))


def story_html(t: PlaySession, lines: int = STORY_LINES) -> str:
    """The latest ``lines`` of what happened, folded."""
    evs = [e for e in t.events if e.kind in ("deal", "action", "remark", "result", "score")]
    tail = evs[-lines:]
    items = "".join(f"<li>{event_html(e)}</li>" for e in tail)
    happened = escape(tr("What happened"))
    you = escape(tr("You are {seat}; {partners}.", seat=t.deal.names[t.reader],
                    partners=partners_text(t)))
    return (f'<details class="knlib-story" style="{HTML_STYLE};font-size:0.9em"><summary>'
            f'{happened}</summary><p>{you}</p>'
            f'<ol start="{len(evs) - len(tail) + 1}">{items}</ol></details>')
