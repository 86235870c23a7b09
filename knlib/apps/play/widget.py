"""Play in the notebook: :class:`PlayWidget`, ipywidgets around a :class:`Table`, with a
static snapshot for the built book.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ...cards import Card
from ...engine.deal import Action, Deal
from ...errors import RulesError
from ...render.display import HTML_STYLE, hand_svg, trick_svg
from ...rules.games import Ruleset
from .table import Table
from .words import _sym

__all__ = ["PlayWidget"]


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
        from ...render.widgets import _message_html, _w

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
        from ...render.widgets import _w

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
        for c in t.rules.sort_by_strength(d.hands[t.reader], d.chosen):
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
                f"<b>{escape(d.names[t.reader])}</b>; your partner is "
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
        hand = d.hands[t.reader]
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
        held = t.deal.hands[t.reader]
        playable = {a.card for a in legal if a.kind == "play"}
        hand = t.rules.sort_by_strength(held, t.deal.chosen) if held else []
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
        from ...render.widgets import STATIC_NOTE

        bundle = dict(self.box._repr_mimebundle_(include=include, exclude=exclude) or {})
        bundle["text/html"] = (
            f'<div class="knlib-widget-snapshot">{self.snapshot_html()}'
            f'<p style="font-size:0.85em;color:#555;font-style:italic">{escape(STATIC_NOTE)}'
            "</p></div>")
        bundle["text/plain"] = f"<PlayWidget: {self.title}>"
        return bundle


def _partners(t: Table) -> str:
    d = t.deal
    side = d.side_of(t.reader)
    if side is None:
        return "nobody (you sit out)"
    others = [d.names[s] for s in d.sides[side] if s != t.seat]
    return " and ".join(others) if others else "nobody (you play alone)"


def _span(rules: Ruleset, card: Card) -> str:
    from ...render.display import _card_span

    return _card_span(card, rules.german)


def _button_text(rules: Ruleset, a: Action) -> str:
    if a.kind == "exchange":
        return f"Exchange {_sym(rules, a.card)} for {_sym(rules, a.other)}"
    return {"pass": "Keep (no exchange)", "see": "See", "run": "Run", "stop": "Stop (take it)",
            "play on": "Play on", "play alone": "Play alone", "sit out": "Sit out",
            "concede": "Concede"}.get(a.kind, a.text)
