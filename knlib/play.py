"""Play a deal against the computer: in the notebook (:class:`PlayWidget`) and in the
terminal (:func:`terminal`, ``python -m knlib play``).

Both front ends drive one model, :class:`Table`: the reader holds one seat, a computer
player (:mod:`knlib.players.bots`) the partner's seat and two more the opponents'. The computer
players act on their own until the reader is to act again; every trick is explained as
it closes (:func:`knlib.explain_trick`); their table talk is shown (the hand line of
each player when the play begins, the partner's call before the reader plays, and the
announcements that go with a face-down lead, running and playing on); the deal ends
with the payment; a new deal continues the :class:`knlib.Session` score.

Only what the reader's seat may see is shown: its own hand, the cards face up on the
table and the cards played. A card led face down by an opponent stays hidden until it
is seen.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, TextIO

from .cards import Card
from .engine.deal import Action, Deal
from .engine.scoring import Session, format_amount
from .errors import RulesError
from .players.bots import Player, make_player
from .render.display import HTML_STYLE, explanation_html, hand_svg, trick_svg
from .rules.games import Ruleset
from .rules.tricks import explain_trick

__all__ = ["Table", "Event", "PlayWidget", "terminal", "transcript", "opponents",
           "make_table_player", "TABLE_PLAYERS"]


@dataclass(frozen=True)
class Event:
    """One line of the table's story: ``kind`` is 'deal', 'talk', 'call', 'remark',
    'action', 'trick', 'result', 'score', 'hint' or 'review'; ``seat`` who (None for the table);
    ``text`` in plain words; ``html`` for the notebook (defaults to the text)."""

    kind: str
    seat: int | None
    text: str
    html: str = ""
    #: For talk and calls: the claim is false for the speaker's hand (never shown in a game).
    bluff: bool = False

    def __str__(self) -> str:
        return self.text


class Table:
    """A session at the table: the reader at ``seat``, computer players elsewhere
    (``seat=None``: computer players in every seat, as for :func:`transcript`).

    ``bots`` is one player (or name) for every other seat, or a list of one per seat
    (the reader's entry is ignored); the default is :class:`~knlib.players.bots.RulePlayer` with
    a small ``bluff_rate`` so that some table talk is a bluff. ``seed`` fixes the deals
    (through the session) and the players' talk.
    """

    def __init__(self, game: str | Ruleset = "knueffeln", *, seed: int | None = 0,
                 seat: int | None = 0, bots: Any = None, bluff_rate: float = 0.1,
                 names: Sequence[str] | None = None, players: int | None = None) -> None:
        self.session = Session(game, seed=seed, players=players,
                               names=tuple(names) if names else None)
        n = self.session.players
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < n):
            raise RulesError(f"seat {seat!r} is not a seat: seats are 0 to {n - 1}")
        self.seat = seat
        self.rules = self.session.rules
        base = "none" if seed is None else str(seed)
        if bots is None:
            bots = ["rules"] * n
        elif isinstance(bots, str) or not isinstance(bots, Sequence):
            bots = [bots] * n
        if len(bots) != n:
            raise RulesError(f"give one player for each of the {n} seats, or one for all")
        self.bots: list[Player] = []
        for s, b in enumerate(bots):
            if isinstance(b, str):
                p = make_table_player(b, f"{base}:{s}")
                p.bluff_rate = bluff_rate
                p._talk_rng.seed(f"talk {base}:{s}")
            else:
                p = make_table_player(b)
            self.bots.append(p)
        self.events: list[Event] = []
        self.deal: Deal = self.session.new_deal()
        self._announced = False
        self._recorded = False
        self._start_deal()

    # -- the story ---------------------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return self.deal.names

    def _say(self, kind: str, seat: int | None, text: str, html: str = "",
             bluff: bool = False) -> None:
        self.events.append(Event(kind, seat, text, html or escape(text), bluff))

    def _speak(self, kind: str, seat: int, words: str, english: str,
               bluff: bool = False) -> None:
        """Record what a player says at the table: 'North: “kommt” (I can take it)'."""
        name = _cap(self.who(seat))
        self._say(kind, seat, f"{name}: “{words}” ({english})",
                  f"<b>{escape(name)}</b>: <i>“{escape(words)}”</i> ({escape(english)})", bluff)

    def who(self, seat: int) -> str:
        """'you', 'your partner North', or the seat's name."""
        if seat == self.seat:
            return "you"
        d = self.deal
        if self.seat is None:
            return d.names[seat]
        mine, theirs = d.side_of(self.seat), d.side_of(seat)
        if mine is not None and mine == theirs:
            return f"your partner {d.names[seat]}"
        return f"{d.names[seat]}"

    def _start_deal(self) -> None:
        d = self.deal
        self._announced = False
        self._recorded = False
        self._first = len(self.events)
        chosen = self.rules.chosen_text(d.chosen)
        ups = " ".join(_sym(self.rules, c) for c in d.turn_ups)
        self._say("deal", None, f"Deal {self.session.deals + 1}: {d.names[d.dealer]} deals. "
                  f"Chosen suits: {chosen}" + (f"; turn-ups {ups}." if ups else "."))
        self.advance()

    def advance(self) -> None:
        """Let the computer players act until the reader is to act or the deal is over."""
        d = self.deal
        while not d.is_over:
            self._announce()
            if d.to_move == self.seat:
                self._partner_call(self.seat)
                return
            seat: int = d.to_move  # type: ignore[assignment]
            if self.seat is None:
                self._partner_call(seat)
            bot = self.bots[seat]
            action = bot.choose(d)
            self._apply(seat, action, bot)
        self._finish()

    def _announce(self) -> None:
        """Once the play begins: what each computer player says about its hand."""
        d = self.deal
        if self._announced or d.phase in ("exchange", "dealer's choice"):
            return
        self._announced = True
        for s in range(d.players):
            if s == self.seat or not d.hands[s]:
                continue
            line = self.bots[s].talk(d, s)
            if line is not None:
                self._speak("talk", s, line.text, line.english, line.bluff)
        if self.seat is not None and d.hands[self.seat]:
            from .players.talk import TALK_GAMES, truthful_line

            if self.rules.id in TALK_GAMES:
                line = truthful_line(d.hands[self.seat], d.chosen, self.rules)
                self._say("talk", self.seat, f"Your truthful line would be: “{line.text}” "
                          f"({line.english})",
                          f"<small>Your truthful line would be: <i>“{escape(line.text)}”</i> "
                          f"({escape(line.english)})</small>")

    def _partner_call(self, mover: int) -> None:
        """Before ``mover`` plays to a trick in which an opponent is ahead, a computer
        partner still to play says whether they can take it (a call from the phrasebook)."""
        d = self.deal
        side = d.side_of(mover)
        if d.phase != "play" or not d.current_trick or side is None:
            return
        for s in d.sides[side]:
            if s == mover or s == self.seat:
                continue
            remark = self.bots[s].call(d, s)
            if remark is not None:
                self._speak("call", s, remark.text, remark.english, remark.bluff)

    def _apply(self, seat: int, action: Action | str, bot: Player | None) -> None:
        d = self.deal
        act = Action(action)
        speaker = bot or self.bots[seat]
        remark = speaker.remark(d, seat, act)
        before = len(d.tricks)
        was_face_down_lead = d.current_face_down
        d.apply(act)
        if remark is not None:
            self._say("remark", seat, f"{_cap(self.who(seat))}: “{remark.text}” "
                      f"({remark.english})")
        if not (act.kind == "pass" and seat != self.seat):
            # A computer player's pass is not announced: who holds what stays hidden.
            self._say("action", seat, self._action_text(seat, act, was_face_down_lead))
        if len(d.tricks) > before:
            self._trick_closed()

    def _action_text(self, seat: int, act: Action, answered_down: bool) -> str:
        who = _cap(self.who(seat))
        d = self.deal
        verb = {"see": "see" if seat == self.seat else "sees",
                "run": "run" if seat == self.seat else "runs"}
        if act.kind == "play":
            return f"{who} {'play' if seat == self.seat else 'plays'} {_sym(self.rules, act.card)}."
        if act.kind == "down":
            if seat == self.seat:
                return f"You lead {_sym(self.rules, act.card)} face down (drehen)."
            return f"{who} leads a card face down (drehen)."
        if act.kind in verb:
            extra = ""
            if act.kind == "see" and answered_down:
                extra = f": the card is {_sym(self.rules, d.current_trick[0][1])}"
            return f"{who} {verb[act.kind]}{extra}."
        if act.kind == "exchange":
            return (f"{who} {'exchange' if seat == self.seat else 'exchanges'} "
                    f"{_sym(self.rules, act.card)} for {_sym(self.rules, act.other)}.")
        if act.kind == "pass":
            return f"{who} {'keep' if seat == self.seat else 'keeps'} the card (no exchange)."
        return f"{who}: {act}."

    def _trick_closed(self) -> None:
        d = self.deal
        t = d.tricks[-1]
        expl = explain_trick(self.rules, t.cards, d.chosen)
        won = ", ".join(f"{d.side_name(i)} {k}" for i, k in enumerate(d.tricks_won))
        who = self.who(t.winner)
        text = (f"Trick {t.number}: " + ", ".join(
            f"{d.names[s]} {_sym(self.rules, c)}" for s, c in zip(t.seats, t.cards, strict=True))
            + f". {_cap(who)} {'win' if t.winner == self.seat else 'wins'} "
            f"({won}).\n" + str(expl))
        html = (f"<p><b>Trick {t.number}</b>: {escape(_cap(who))} "
                f"{'win' if t.winner == self.seat else 'wins'} ({escape(won)}).</p>"
                + explanation_html(expl))
        self._say("trick", t.winner, text, html)
        if t.number == 1 and d.side_of(t.winner) is not None:
            from .players.talk import TALK_GAMES

            if self.rules.id in TALK_GAMES and d.proc.jann and t.winner != self.seat:
                self._say("remark", t.winner, f"{_cap(who)}: “een vör de Jann!” "
                          "(One for the Jann!)")

    def _finish(self) -> None:
        d = self.deal
        if self._recorded or not d.is_over:
            return
        res = d.result
        assert res is not None
        unit = res.unit
        pays = ", ".join(f"{d.names[s]} {format_amount(unit, p, sign=True)}"
                         for s, p in enumerate(res.payments))
        self._say("result", None, f"{res.reason} Payments: {pays}.")

    # -- the reader's moves ------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """What the reader may do now (empty when a computer player or nobody is to act)."""
        d = self.deal
        return d.legal_actions() if d.to_move == self.seat else []

    def act(self, action: Action | str) -> None:
        """The reader's action (an Action or its text). A RulesError says why it is not
        possible now, and nothing changes."""
        d = self.deal
        if d.is_over:
            raise RulesError(f"the deal is over ({d.result}); start a new deal")
        if d.to_move != self.seat:
            raise RulesError(f"it is not your turn: {d.to_move_text()} is to act")
        act = Action(action)
        if act not in d.legal_actions():
            # Let the engine say why, in the words of the rule.
            d.copy().apply(act)
            raise RulesError(f"{act} is not possible now")  # pragma: no cover
        self._apply(self.seat, act, None)
        self.advance()

    def hint(self) -> Any:
        """Best play for the reader now, with all cards face up
        (:func:`knlib.analysis.advice.hint`): the best action(s) and what each other choice
        would cost. A RulesError when it is not the reader's turn, or the position cannot
        be solved (the exchanges, the five-player solo)."""
        from .analysis.advice import APP_EXACT_CARDS, hint

        d = self.deal
        if d.is_over:
            raise RulesError("the deal is over: use 'analyse' to review it")
        if d.to_move != self.seat:
            raise RulesError(f"it is not your turn: {d.to_move_text()} is to act")
        h = hint(d, max_cards=APP_EXACT_CARDS)
        self._say("hint", self.seat, h.text, h.html)
        return h

    def analyse(self, *, progress: bool | None = None) -> Any:
        """The review of the finished deal, with all cards face up
        (:func:`knlib.analysis.review`, in words by
        :func:`knlib.analysis.advice.summarise_review`): which decisions changed the
        outcome, who gained and by how much. A RulesError before the deal is over."""
        from .analysis.advice import APP_EXACT_CARDS, summarise_review

        d = self.deal
        if not d.is_over:
            raise RulesError(f"the deal is not over yet: {d.to_move_text()} is to act; "
                             "'hint' shows best play now")
        summary = summarise_review(d, progress=progress, max_cards=APP_EXACT_CARDS)
        self._say("review", None, summary.text, summary.html)
        return summary

    def new_deal(self) -> None:
        """Score the finished deal in the session and deal the next (the dealer moves one
        seat clockwise)."""
        d = self.deal
        if not d.is_over:
            raise RulesError(f"finish this deal first: {d.to_move_text()} is to act")
        for line in self.session.record(d):
            self._say("score", None, line)
        self.deal = self.session.new_deal()
        self._start_deal()

    # -- views ------------------------------------------------------------------------------
    def status(self) -> str:
        """Where the deal stands, as the reader sees it, in plain text."""
        d = self.deal
        r = self.rules
        lines = [f"{r.title}, deal {self.session.deals + 1}; dealer {d.names[d.dealer]}; "
                 f"chosen {r.chosen_text(d.chosen)}"
                 + (f"; turn-ups {' '.join(_sym(r, c) for c in d.turn_ups)}" if d.turn_ups
                    else "")]
        if d.table and d.table != d.turn_ups:
            lines.append(f"Face up on the table: {' '.join(_sym(r, c) for c in d.table)}")
        won = ", ".join(f"{d.side_name(i)} {k}" for i, k in enumerate(d.tricks_won))
        lines.append(f"Tricks: {won}" + (f"; accepted turns {d.turns_accepted}"
                                          if d.turns_accepted else ""))
        cur = self.current_trick_text()
        if cur:
            lines.append(cur)
        lines.append(f"Your hand ({d.names[self.seat]}): "
                     + (" ".join(_sym(r, c) for c in d.hands[self.seat]) or "(empty)"))
        return "\n".join(lines)

    def current_trick_text(self) -> str:
        d = self.deal
        cur = d.current_trick
        if not cur:
            return ""
        shown = []
        for i, (s, c) in enumerate(cur):
            if i == 0 and d.current_face_down and s != self.seat:
                shown.append(f"{d.names[s]} (face down)")
            else:
                shown.append(f"{d.names[s]} {_sym(self.rules, c)}")
        return f"Trick {len(d.tricks) + 1} so far: " + ", ".join(shown)

    def prompt(self) -> str:
        """What the reader is asked to do now."""
        d = self.deal
        if d.is_over:
            return "The deal is over."
        if d.to_move != self.seat:
            return f"{d.to_move_text()} is to act."
        phase = d.phase
        if phase == "exchange":
            pend = d.pending_exchange
            assert pend is not None
            _, give, opts = pend
            return (f"You may exchange {_sym(self.rules, give)} for "
                    f"{' or '.join(_sym(self.rules, o) for o in opts)}, or keep it.")
        if phase == "answer":
            return ("A card has been led face down: see it (the game is worth one stake more) "
                    "or run?")
        if phase == "Jann":
            return (f"Your side has won the first {d.tricks_won[d.side_of(self.seat)]} tricks: "
                    f"a {d.proc.jann_word}. Stop and take it, or play on for the "
                    f"{d.proc.march_word}?")
        if phase == "dealer's choice":
            return "You are the dealer: play alone with the stock, or sit out?"
        return "Your lead." if not d.current_trick else "Your turn to play to the trick."


def transcript(game: str | Ruleset = "knueffeln", *, seed: int | None = 0, bots: Any = None,
               bluff_rate: float = 0.2) -> list[Event]:
    """One deal played by four computer players, as the table's story: the deal, each
    player's table talk (``event.bluff`` marks a bluff), every action, every trick with
    its explanation, and the result."""
    return Table(game, seed=seed, seat=None, bots=bots, bluff_rate=bluff_rate).events


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sym(rules: Ruleset, card: Card | None) -> str:
    if card is None:
        return "?"
    return card.german_symbol if rules.german else card.symbol


# -- the notebook widget ---------------------------------------------------------------------------


class PlayWidget:
    """Play Knüffeln (or any game of the family) in the notebook against three computer
    players: click a card to play it; 'Lead face down' turns the next card you lead
    (drehen); the buttons below offer seeing, running, stopping, playing on and the
    exchanges when they are possible. 'New deal' scores the deal and deals the next.

    'Hint (all cards face up)' shows best play now and what each other choice would cost;
    'Analyse this deal', once the deal is over, its review (:mod:`knlib.analysis`).

    Testable without a browser: ``widget.card_buttons[card].click()``,
    ``widget.action_buttons['see'].click()``, ``widget.new_button.click()``,
    ``widget.hint_button.click()``; the last message is ``widget.error``, the hint or
    review ``widget.analysis_view``. ``widget.table`` is the :class:`Table` underneath."""

    title = "play against the computer"

    def __init__(self, game: str | Ruleset = "knueffeln", *, seed: int | None = 0, seat: int = 0,
                 bots: Any = None, bluff_rate: float = 0.1, log_lines: int = 14) -> None:
        from .render.widgets import _message_html, _w

        w = _w()
        self._message_html = _message_html
        self.table = Table(game, seed=seed, seat=seat, bots=bots, bluff_rate=bluff_rate)
        self.log_lines = log_lines
        self.header = w.HTML()
        self.talk_view = w.HTML()
        self.trick_view = w.HTML()
        self.hand_label = w.HTML()
        self.hand_box = w.HBox()
        self.down_toggle = w.ToggleButton(value=False, description="Lead face down (drehen)",
                                          tooltip="The next card you lead goes face down",
                                          layout=w.Layout(width="210px"))
        self.action_box = w.HBox()
        self.message = w.HTML()
        self.log_view = w.HTML()
        self.new_button = w.Button(description="New deal", icon="refresh")
        self.new_button.on_click(lambda _: self.new_deal())
        self.hint_button = w.Button(description="Hint (all cards face up)",
                                    tooltip="Best play now, as if every hand were face up",
                                    layout=w.Layout(width="auto"))
        self.hint_button.on_click(lambda _: self.hint())
        self.analyse_button = w.Button(description="Analyse this deal",
                                       tooltip="Which decisions changed the outcome, with all "
                                       "cards face up", layout=w.Layout(width="auto"))
        self.analyse_button.on_click(lambda _: self.analyse())
        self.analysis_view = w.HTML()
        self.score_view = w.HTML()
        self.card_buttons: dict[Card, Any] = {}
        self.action_buttons: dict[str, Any] = {}
        self.box = w.VBox([self.header, self.talk_view, self.trick_view, self.hand_label,
                           self.hand_box, w.HBox([self.down_toggle, self.action_box]),
                           self.message, self.analysis_view, self.log_view,
                           w.HBox([self.hint_button, self.analyse_button, self.new_button]),
                           self.score_view])
        self._render()

    # -- callbacks --------------------------------------------------------------------------
    @property
    def deal(self) -> Deal:
        return self.table.deal

    @property
    def error(self) -> str:
        import re
        from html import unescape

        return unescape(re.sub(r"<[^>]+>", "", self.message.value)).removeprefix("⚠ ").strip()

    def _set_message(self, text: str = "") -> None:
        self.message.value = self._message_html(text)

    def play_card(self, card: Card | str) -> None:
        """What clicking a card does: play it, or lead it face down if the toggle is on."""
        try:
            c = self.table.rules.check_card(card)
            face_down = self.down_toggle.value and not self.deal.current_trick
            text = f"lead face down {c}" if face_down else f"play {c}"
            self.table.act(text)
        except RulesError as err:
            self._set_message(str(err))
            return
        self.down_toggle.value = False
        self._set_message()
        self._render()

    def do(self, action: Action | str) -> None:
        """What clicking an action button does."""
        try:
            self.table.act(action)
        except RulesError as err:
            self._set_message(str(err))
            return
        self._set_message()
        self._render()

    def new_deal(self) -> None:
        try:
            self.table.new_deal()
        except RulesError as err:
            self._set_message(str(err))
            return
        self._set_message()
        self._render()

    def hint(self) -> None:
        """What the hint button does: best play now, with all cards face up."""
        try:
            h = self.table.hint()
        except RulesError as err:
            self._set_message(str(err))
            return
        self._set_message()
        self.analysis_view.value = f'<div style="{HTML_STYLE}">{h.html}</div>'

    def analyse(self) -> None:
        """What 'Analyse this deal' does: the review of the finished deal."""
        try:
            summary = self.table.analyse()
        except RulesError as err:
            self._set_message(str(err))
            return
        self._set_message()
        self.analysis_view.value = f'<div style="{HTML_STYLE}">{summary.html}</div>'

    # -- drawing ------------------------------------------------------------------------------
    def _render(self) -> None:
        from .render.widgets import _w

        w = _w()
        t = self.table
        d = t.deal
        self.header.value = self._header_html()
        self.talk_view.value = self._talk_html()
        self.trick_view.value = self._trick_html()
        self.hand_label.value = self._hand_html()
        legal = t.legal_actions()
        plays = {a.card for a in legal if a.kind == "play"}
        downs = {a.card for a in legal if a.kind == "down"}
        self.card_buttons = {}
        buttons = []
        # In the order of the picture above them: strongest first.
        for c in t.rules.sort_by_strength(d.hands[t.seat], d.chosen):
            b = w.Button(description=_sym(t.rules, c), layout=w.Layout(width="52px"),
                         tooltip=c.german_name if t.rules.german else c.name,
                         disabled=c not in plays)
            b.on_click(lambda _, c=c: self.play_card(c))
            self.card_buttons[c] = b
            buttons.append(b)
        self.hand_box.children = tuple(buttons)
        self.down_toggle.disabled = not downs
        if not downs:
            self.down_toggle.value = False
        self.action_buttons = {}
        others = []
        for a in legal:
            if a.kind in ("play", "down"):
                continue
            b = w.Button(description=_button_text(t.rules, a),
                         layout=w.Layout(width="auto"))
            b.on_click(lambda _, a=a: self.do(a))
            self.action_buttons[a.text] = b
            others.append(b)
        self.action_box.children = tuple(others)
        self.new_button.disabled = not d.is_over
        self.hint_button.disabled = not legal
        self.analyse_button.disabled = not d.is_over
        self.analysis_view.value = ""
        self.log_view.value = self._log_html()
        self.score_view.value = self._score_html()

    def _header_html(self) -> str:
        t = self.table
        d = t.deal
        r = t.rules
        ups = " ".join(_span(r, c) for c in d.turn_ups)
        won = ", ".join(f"{escape(d.side_name(i))} {k}" for i, k in enumerate(d.tricks_won))
        turns = f"; accepted turns: {d.turns_accepted}" if d.turns_accepted else ""
        return (f'<div style="{HTML_STYLE}"><b>{escape(r.title)}</b>, deal '
                f"{t.session.deals + 1}, dealer {escape(d.names[d.dealer])}. You are "
                f"<b>{escape(d.names[t.seat])}</b>; your partner is "
                f"{escape(_partners(t))}. Chosen: {escape(r.chosen_text(d.chosen))}"
                + (f"; turn-ups {ups}" if ups else "")
                + f".<br>Tricks: {won}{turns}.</div>")

    def _talk_html(self) -> str:
        lines = [e.html for e in self.table.events[self.table._first:]
                 if e.kind in ("talk", "call")]
        if not lines:
            return ""
        return (f'<div style="{HTML_STYLE};font-size:0.92em"><b>Table talk</b><ul style='
                f'"margin:0.2em 0 0.2em 1.2em;padding:0">'
                + "".join(f"<li>{x}</li>" for x in lines[-6:]) + "</ul></div>")

    def _trick_html(self) -> str:
        t = self.table
        d = t.deal
        parts = []
        cur = d.current_trick
        if cur:
            if d.current_face_down and cur[0][0] != t.seat:
                parts.append(f"<p>{escape(t.current_trick_text())}</p>")
            else:
                seats = [d.names[s] for s, _ in cur]
                parts.append(f"<p><b>Trick {len(d.tricks) + 1} so far</b></p>"
                             + trick_svg([c for _, c in cur], game=t.rules, chosen=d.chosen,
                                         seats=seats, winner_text="ahead", width=52))
        last = next((e for e in reversed(t.events[t._first:]) if e.kind == "trick"), None)
        if last is not None:
            parts.append(f"<details{' open' if not cur else ''}><summary>The last trick, "
                         f"explained</summary>{last.html}</details>")
        res = next((e for e in reversed(t.events[t._first:]) if e.kind == "result"), None)
        if res is not None:
            parts.append(f'<p style="font-weight:bold">{escape(res.text)}</p>')
        parts.append(f"<p><i>{escape(t.prompt())}</i></p>")
        return f'<div style="{HTML_STYLE}">{"".join(parts)}</div>'

    def _hand_html(self) -> str:
        t = self.table
        d = t.deal
        hand = d.hands[t.seat]
        pic = hand_svg(hand, game=t.rules, chosen=d.chosen, width=44) if hand else "—"
        return f'<div style="{HTML_STYLE}"><b>Your hand</b><br>{pic}</div>'

    def _log_html(self) -> str:
        evs = [e for e in self.table.events if e.kind in ("deal", "action", "remark", "result",
                                                          "score")]
        tail = evs[-self.log_lines:]
        items = "".join(f"<li>{e.html}</li>" for e in tail)
        return (f'<details style="{HTML_STYLE};font-size:0.9em"><summary>What happened</summary>'
                f'<ol start="{len(evs) - len(tail) + 1}">{items}</ol></details>')

    def _score_html(self) -> str:
        s = self.table.session
        if not s.deals:
            return ""
        return f'<div style="{HTML_STYLE}"><b>Session score</b>{s.score._repr_html_()}</div>'

    # -- the static book ---------------------------------------------------------------------------
    def snapshot_html(self) -> str:
        """The widget as it is now, as HTML (buttons drawn as labels)."""
        t = self.table
        legal = t.legal_actions()
        hand = t.deal.hands[t.seat]
        playable = {a.card for a in legal if a.kind == "play"}
        hand = t.rules.sort_by_strength(hand, t.deal.chosen) if hand else hand
        cards = " ".join(
            f'<span style="display:inline-block;border:1px solid #777;border-radius:4px;'
            f'padding:2px 6px;margin:1px;{"" if c in playable else "color:#888;"}">'
            f"{escape(_sym(t.rules, c))}</span>" for c in hand)
        others = " ".join(
            f'<span style="display:inline-block;border:1px solid #777;border-radius:4px;'
            f'padding:2px 6px;margin:1px">{escape(_button_text(t.rules, a))}</span>'
            for a in legal if a.kind not in ("play", "down"))
        downs = any(a.kind == "down" for a in legal)
        controls = (f'<div style="{HTML_STYLE}">Buttons: {cards}'
                    + (" · <span style='border:1px solid #777;border-radius:4px;padding:2px 6px'>"
                       "Lead face down (drehen)</span>" if downs else "")
                    + (f" · {others}" if others else "")
                    + "".join(f" · <span style='border:1px solid #777;border-radius:4px;"
                              f"padding:2px 6px{'' if on else ';color:#888'}'>{label}</span>"
                              for label, on in (("Hint (all cards face up)", bool(legal)),
                                                ("Analyse this deal", t.deal.is_over)))
                    + "</div>")
        return (self._header_html() + self._talk_html() + self._trick_html()
                + self._hand_html() + controls + self._log_html() + self._score_html())

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        from .render.widgets import STATIC_NOTE

        bundle = dict(self.box._repr_mimebundle_(include=include, exclude=exclude) or {})
        bundle["text/html"] = (
            f'<div class="knlib-widget-snapshot">{self.snapshot_html()}'
            f'<p style="font-size:0.85em;color:#555;font-style:italic">{escape(STATIC_NOTE)}'
            "</p></div>")
        bundle["text/plain"] = f"<PlayWidget: {self.title}>"
        return bundle


def _partners(t: Table) -> str:
    d = t.deal
    side = d.side_of(t.seat)
    if side is None:
        return "nobody (you sit out)"
    others = [d.names[s] for s in d.sides[side] if s != t.seat]
    return " and ".join(others) if others else "nobody (you play alone)"


def _span(rules: Ruleset, card: Card) -> str:
    from .render.display import _card_span

    return _card_span(card, rules.german)


def _button_text(rules: Ruleset, a: Action) -> str:
    if a.kind == "exchange":
        return f"Exchange {_sym(rules, a.card)} for {_sym(rules, a.other)}"
    return {"pass": "Keep (no exchange)", "see": "See", "run": "Run", "stop": "Stop (take it)",
            "play on": "Play on", "play alone": "Play alone", "sit out": "Sit out",
            "concede": "Concede"}.get(a.kind, a.text)


# -- the terminal ----------------------------------------------------------------------------------

_HELP = ("Type the number of an action or its text (for example 'play S3', 'see'); "
         "'help' for this text, 'hand' to show the table again, 'quit' to stop.")
_HELP_ANALYSIS = ("'hint' shows best play now, with all cards face up; at the end of a "
                  "deal, 'analyse' reviews it.")
_ANALYSE = ("analyse", "analyze", "review", "a")


def terminal(game: str | Ruleset = "knueffeln", *, seed: int | None = None, seat: int = 0,
             bots: Any = None, deals: int | None = None, stdin: TextIO | None = None,
             stdout: TextIO | None = None, bluff_rate: float = 0.1, echo: bool = False) -> int:
    """Play in the terminal: the state, the legal actions numbered, and a prompt. A bad
    choice gets a message and the prompt again; 'quit' or the end of input stops
    cleanly. After each deal the session score is shown and another deal offered
    (``deals`` stops after that many). ``echo`` writes each line read after its prompt
    (for input from a file). Returns the exit status (0)."""
    inp = stdin or sys.stdin
    out = stdout or sys.stdout

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    def ask(prompt: str) -> str | None:
        out.write(prompt)
        out.flush()
        line = inp.readline()
        if not line:
            say()
            return None
        if echo:
            say(line.rstrip("\n"))
        return line.strip()

    table = Table(game, seed=seed, seat=seat, bots=bots, bluff_rate=bluff_rate)
    shown = 0
    say(f"{table.rules.title}: you are {table.deal.names[seat]} (seat {seat}). {_HELP}")
    played = 0
    while True:
        for e in table.events[shown:]:
            say(e.text)
        shown = len(table.events)
        d = table.deal
        if d.is_over:
            played += 1
            last = deals is not None and played >= deals
            while True:
                answer = ask("Type 'analyse' to review this deal with all cards face up, or "
                             "press Enter to finish: " if last else
                             "Another deal? [Y/n, or 'analyse' to review this deal] ")
                if answer is None or answer.lower() not in _ANALYSE:
                    break
                say("Analysing the deal with all cards face up ...")
                try:
                    say(table.analyse().text)
                except RulesError as err:
                    say(f"Not possible: {err}.")
                shown = len(table.events)
            if last:
                table.new_deal()
                for e in table.events[shown:]:
                    if e.kind == "score":
                        say(e.text)
                say(str(table.session))
                return 0
            table.new_deal()
            if answer is None or answer.lower() in ("n", "no", "q", "quit", "exit"):
                for e in table.events[shown:]:
                    if e.kind == "score":
                        say(e.text)
                say(str(table.session))
                return 0
            continue
        say()
        say(table.status())
        say(table.prompt())
        legal = table.legal_actions()
        for i, a in enumerate(legal, 1):
            say(f"  {i:>2}. {_terminal_text(table.rules, a)}")
        while True:
            answer = ask("> ")
            if answer is None or answer.lower() in ("quit", "exit", "q"):
                say("Goodbye.")
                return 0
            if answer.lower() in ("help", "?", "h"):
                say(f"{_HELP} {_HELP_ANALYSIS}")
                continue
            if answer.lower() in ("hand", "table", "status"):
                say(table.status())
                continue
            if answer.lower() in ("hint", "hints"):
                try:
                    say(table.hint().text)
                except RulesError as err:
                    say(f"Not possible: {err}.")
                shown = len(table.events)
                continue
            if not answer:
                continue
            try:
                action = _parse_choice(answer, legal)
                table.act(action)
            except RulesError as err:
                say(f"Not possible: {err}. {_HELP}")
                continue
            break


def _terminal_text(rules: Ruleset, a: Action) -> str:
    if a.kind in ("play", "down"):
        return f"{a.text}  ({_sym(rules, a.card)})"
    if a.kind == "exchange":
        return f"{a.text}  ({_sym(rules, a.card)} for {_sym(rules, a.other)})"
    return a.text


def _parse_choice(text: str, legal: Sequence[Action]) -> Action:
    if text.isdigit():
        k = int(text)
        if not 1 <= k <= len(legal):
            raise RulesError(f"{k} is not one of the numbers 1 to {len(legal)}")
        return legal[k - 1]
    return Action(text)


def _add_play_arguments(p: Any) -> None:
    from .rules.games import GAMES

    p.add_argument("--game", default="knueffeln", help=f"one of: {', '.join(GAMES)}")
    p.add_argument("--seed", type=int, default=None, help="fix the deals (default: random)")
    p.add_argument("--seat", type=int, default=0, help="your seat (0 = South, the default)")
    p.add_argument("--bots", default="rules", help="the computer players: rules (default), "
                   "random, sampling or solver")
    p.add_argument("--opponent", "--opponents", dest="opponent", default=None,
                   help="the two opponents only (your partner stays --bots): rules, random, "
                   "sampling or solver (the strongest: it solves sampled layouts exactly)")
    p.add_argument("--deals", type=int, default=None, help="stop after this many deals")


def _run_cli(args: Any) -> int:
    bots: Any = args.bots
    if args.opponent is not None:
        bots = opponents(args.game, args.opponent, seat=args.seat, partner=args.bots)
    return terminal(args.game, seed=args.seed, seat=args.seat, bots=bots, deals=args.deals)


def opponents(game: str | Ruleset, opponent: Any, *, seat: int = 0, partner: Any = "rules",
              players: int | None = None) -> list[Any]:
    """One player per seat: ``opponent`` for the reader's opponents, ``partner`` for the
    rest (the reader's own entry is ignored). For example ``opponents('knueffeln',
    'solver')``: the solver player against you, a rule-based partner with you."""
    from .engine.deal import new_deal

    d = new_deal(game, seed=0, players=players)
    n = d.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise RulesError(f"seat {seat!r} is not a seat: seats are 0 to {n - 1}")
    return [opponent if d.side_of(s) != d.side_of(seat) else partner for s in range(n)]


#: The computer players offered at the table, weakest first; 'solver' is the strongest.
TABLE_PLAYERS = ("random", "rules", "sampling", "solver")


def make_table_player(name: Any, seed: Any = None) -> Player:
    """A computer player by name for the table: :func:`knlib.players.bots.make_player`'s names, and
    'solver' (:class:`knlib.analysis.player.SolverPlayer`, the strongest)."""
    if name == "solver":
        from .analysis.player import SolverPlayer

        return SolverPlayer(seed=seed)
    return make_player(name, seed)

