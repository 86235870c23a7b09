"""The decision trainer: one kind of decision at a time, endlessly, from real deals.

:class:`TrainerTool` shows a position of its ``kind`` (:func:`knbook.course.trainer.draw_position`:
the reader's hand sorted by strength with role badges, the trick or the card led face down,
the chosen suits and the tricks won), asks the kind's question and offers each option as a
button whose action is the engine's action text. An answer gets feedback at once, right
below the answers (``[data-knlib-feedback]``, ``data-right="true"`` or ``"false"``): the
sentence of the coach (:meth:`~knbook.course.coach.Judgement.reason`), the rule of thumb with
a link to the evening that teaches it, the best choice and the reader's, each with its
expected payment in cents. ``next`` brings the next position. The score of this session is
in the view; the page keeps a score per kind in the browser (``page/static/knlib/scores.js``).

Settings: ``kind`` (one of :data:`~knbook.course.coach.KINDS`) and ``seed`` (the series of
positions; left out, a fresh one is drawn when the tool starts, and the settings then hold
it, so a tool rebuilt after a cancel is the same). A page's static root holds the kind alone
and no position (:meth:`TrainerTool.preview`).

The links to the evenings are relative to a page one folder below the book's root (every
chapter is).
"""

from __future__ import annotations

import random
from html import escape
from typing import Any

from knlib.engine.deal import Action
from knlib.errors import RulesError
from knlib.kinds import ActionKind

from ..course.coach import evening_href
from ..course.coach_words import cents_text, option_words
from ..course.foundation.thumbs import THUMBS
from ..course.trainer import (
    KIND_QUESTIONS,
    KIND_THUMBS,
    KIND_TITLES,
    Position,
    check_kind,
    draw_position,
)
from ..i18n import marked, tr
from .controller import Control, Html, Row, Tool, ToolView, button, whole_number
from .lesson import table_html
from .widget import ToolWidget

__all__ = ["TrainerTool", "Trainer", "RIGHT", "NOT_BEST"]

#: The verdicts (marked for the catalogue; shown with tr()).
RIGHT = marked("Right!")
NOT_BEST = marked("Not the best.")
#: Positions kept drawn, by (kind, seed, index): a tool rebuilt from its log draws again
#: only what it has not drawn in this runtime.
_KEPT = 64
_drawn: dict[tuple[str, int, int], Position] = {}


def _position(kind: str, seed: int, index: int, progress: object = None) -> Position:
    key = (kind, seed, index)
    if key not in _drawn:
        if len(_drawn) >= _KEPT:
            _drawn.pop(next(iter(_drawn)))
        _drawn[key] = draw_position(kind, seed, index,
                                    progress=progress if callable(progress) else None)
    return _drawn[key]


class TrainerTool(Tool):
    """A series of positions of one ``kind``: an answer is any option's engine action text
    (``play SA``, ``lead face down H9``, ``see``, ``stop``, ``exchange S10 for SA``,
    ``pass``); ``next`` brings the next position (with or without an answer)."""

    name = "trainer"
    start_label = marked("Start")

    def __init__(self, kind: str = "follow", seed: int | None = None) -> None:
        kind = check_kind(kind)
        if seed is None:
            seed = random.SystemRandom().randrange(1, 1_000_000_000)
        seed = whole_number(seed, marked("series of positions"))
        super().__init__(kind=kind, seed=seed)
        self.kind, self.seed = kind, seed
        self.index = 0
        self.position = _position(kind, seed, 0)
        #: The answer given to this position, if any, and the session's score.
        self.picked: Action | None = None
        self.right = 0
        self.answered = 0

    # -- what the reader does -------------------------------------------------------------
    def act(self, action: str, value: str = "") -> None:
        if action == "next":
            found = _position(self.kind, self.seed, self.index + 1, self.progress)
            self.position, self.index, self.picked = found, found.index, None
            return
        if self.picked is not None:
            raise RulesError(tr("{action}: this position is answered; press “{next}” for "
                                "another", action=repr(action), next=tr(_NEXT)))
        if action not in self.position.answers:
            raise RulesError(tr("{action} is not one of the answers here: choose one of "
                                "{choices}", action=repr(action),
                                choices=", ".join(repr(str(a)) for a in
                                                  self.position.answers)))
        picked = Action(action)
        self.right += self.position.is_best(picked)
        self.answered += 1
        self.picked = picked

    # -- what the reader sees -------------------------------------------------------------
    def preview(self) -> tuple[dict[str, Any], ToolView]:
        """The static page's root holds the kind alone (a fresh series at every start) and a
        picture without a position: the kind's question."""
        intro = escape(tr("Each position is a moment of a real deal, played by the "
                          "computer's habits, where one choice is clearly best. Press "
                          "“{start}” for the first.", start=tr(self.start_label)))
        return {"kind": self.kind}, ToolView((Html(f"{self._title()}<p>{intro}</p>"
                                               f"{self._question()}"),), attrs=self._attrs())

    def _title(self) -> str:
        return f"<h4>{escape(tr(KIND_TITLES[self.kind]))}</h4>"

    def _question(self) -> str:
        return f"<p><b>{escape(tr(KIND_QUESTIONS[self.kind]))}</b></p>"

    def _attrs(self) -> tuple[tuple[str, str], ...]:
        return (("kind", self.kind),)

    def view(self) -> ToolView:
        p = self.position
        deal = p.deal
        you = tr("You are {seat}, and it is your decision.", seat=escape(deal.names[p.seat]))
        parts: list[Html | Row] = [Html(f"{self._title()}<p>{you}</p>" + _offer_html(p)
                                        + table_html(deal, (p.seat,)) + self._question())]
        parts.append(Row(tuple(self._answer(a) for a in p.answers), label=tr("Your choice:")))
        if self.picked is not None:
            parts.append(Html(self.feedback_html()))
        parts.append(Row((button("next", tr(_NEXT),
                                 tone="main" if self.picked is not None else "quiet"),)))
        parts.append(Html(self.score_html()))
        return ToolView(tuple(parts), attrs=self._attrs())

    def _answer(self, action: Action) -> Control:
        return button(str(action), _capital(option_words(self.position.deal, action)),
                      enabled=self.picked is None, pressed=action == self.picked)

    def feedback_html(self) -> str:
        """The verdict on the answer given: right or not, why, the rule of thumb with its
        evening, and the best choice and the reader's with their expected payments."""
        p, picked = self.position, self.picked
        assert picked is not None
        j, deal = p.judgement, p.deal
        right = p.is_best(picked)
        verdict = tr(RIGHT) if right else tr(NOT_BEST)
        said = j.reason() if right else f"{j.choice_reason(picked)} {j.reason()}"
        rule = THUMBS[j.thumb or KIND_THUMBS[self.kind][0]]
        href = evening_href(rule.evening)
        link = tr("Rule of thumb: {name} ({evening}): {saying}",
                  name=f'<a href="{escape(href, quote=True)}">{escape(rule.name)}</a>',
                  evening=escape(tr("Evening {number}", number=rule.evening)),
                  saying=escape(rule.saying))
        best = j.best
        mine = j.choice(picked)
        values = tr("Best: {best}, {cents}. Yours: {mine}, {my_cents}. (Expected payment to "
                    "you, over {count} layouts of the cards you cannot see.)",
                    best=option_words(deal, best.action), cents=cents_text(best.cents),
                    mine=option_words(deal, picked), my_cents=cents_text(mine.cents),
                    count=j.layouts)
        colour = "#2e7d32" if right else "#b26a00"
        return (f'<div class="knlib-feedback" data-knlib-feedback '
                f'data-right="{"true" if right else "false"}" '
                f'data-position="{p.seed}-{p.index}" role="status" '
                f'style="border-left:4px solid {colour};padding:4px 8px;margin:6px 0">'
                f"<p><b>{escape(verdict)}</b> {escape(said)}</p>"
                f"<p>{escape(values)}</p><p>{link}</p></div>")

    def score_html(self) -> str:
        """The session's score, and the place where the page writes the score it keeps."""
        score = tr("This session: {right} of {count} right.", right=self.right,
                   count=self.answered)
        return f'<p class="knlib-trainer-score">{escape(score)} <span data-knlib-kept></span></p>'


#: The label of the button that brings the next position.
_NEXT = marked("Next position")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _offer_html(p: Position) -> str:
    """For an exchange: the turned-up cards on offer (what the table shows of the deal)."""
    offered = [a.other for a in p.answers if a.kind == ActionKind.EXCHANGE and a.other is not None]
    if not offered:
        return ""
    from knlib.render.display import hand_html

    deal = p.deal
    seen: list = []
    for card in offered:
        if card not in seen:
            seen.append(card)
    return ("<div>" + escape(tr("Turned up for exchange:")) + "</div>"
            + hand_html(seen, game=deal.rules, chosen=deal.chosen, width=44, sort=False))


class Trainer(ToolWidget):
    """The decision trainer in a notebook: ``Trainer("drehen")`` (see :class:`TrainerTool`;
    kinds: :data:`knbook.course.coach.KINDS`). A book's page stores no position of it
    (:meth:`TrainerTool.preview`)."""

    def __init__(self, kind: str = "follow", seed: int | None = None) -> None:
        super().__init__(TrainerTool(kind, seed))
