"""The deal viewer: step forward and back through a whole recorded deal, action by action,
with the note of each step (the reason for the move, in the book's golden deal) under the
picture of the deal at that moment.

Its settings are JSON, in one of two forms:

* ``{"golden": 9585, "step": 8}``: the book's golden deal (:mod:`knbook.course.golden`),
  rebuilt from its number, with each step's move and reason as its notes;
* ``{"deal": <Deal.to_json(), parsed>, "notes": [...], "step": 8}``: any recorded deal,
  with one note per action or none.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape
from typing import Any

from knlib.engine.deal import Deal
from knlib.errors import RulesError
from knlib.render.display import deal_html

from ..course.golden import GoldenDeal, golden_deal
from ..i18n import marked, tr
from .controller import Html, Row, Stepper, ToolView, button, whole_number
from .widget import ToolWidget

__all__ = ["DealViewerTool", "DealViewer"]

_NOTE_STYLE = "margin:0.3em 0"




class DealViewerTool(Stepper):
    """Step through a recorded deal: ``back``, ``next``, ``end`` (to the end) and
    ``go 12`` (the deal after its first twelve actions)."""

    name = "deal-viewer"
    start_label = marked("Try it: step through the deal")

    def __init__(self, golden: int | None = None, deal: dict[str, Any] | None = None,
                 notes: Sequence[str] | None = None, step: int | None = None) -> None:
        if (golden is None) == (deal is None):
            raise RulesError(tr("a deal viewer shows one deal: give either the number of "
                                "the book's golden deal or a recorded deal, not both or "
                                "neither"))
        if golden is not None:
            number = whole_number(golden, marked("golden deal"))
            if notes is not None:
                raise RulesError(tr("the golden deal brings its own notes: give no notes "
                                    "with it"))
            told = golden_deal(number)
            self.start = told.state(0)
            self.actions = [(s.seat, s.action) for s in told.steps]
            self.notes: tuple[str, ...] | None = tuple(f"{s.what} {s.why}" for s in told.steps)
            settings: dict[str, Any] = {"golden": number}
        else:
            if not isinstance(deal, dict):
                raise RulesError(tr("{value} is not a recorded deal: give Deal.to_json(), "
                                    "read as JSON", value=repr(deal)))
            whole = Deal.from_json(json.dumps(deal))
            self.start = Deal.from_json(json.dumps(dict(deal, history=[])))
            self.actions = list(whole.history)
            self.notes = self._checked_notes(notes)
            settings = {"deal": deal, "notes": list(self.notes) if self.notes else None}
        self.step = len(self.actions) if step is None else self.checked_step(step)
        super().__init__(**settings, step=self.step)

    def _checked_notes(self, notes: Sequence[str] | None) -> tuple[str, ...] | None:
        if notes is None:
            return None
        if isinstance(notes, str) or not all(isinstance(n, str) for n in notes):
            raise RulesError(tr("notes {value}: give a list of texts, one per action",
                                value=repr(notes)))
        if len(notes) != len(self.actions):
            raise RulesError(tr("{count} notes given for a deal of {actions} actions: give "
                                "one note per action", count=len(notes),
                                actions=len(self.actions)))
        return tuple(notes)

    first_step, unit = 0, marked("actions")

    @property
    def last_step(self) -> int:
        return len(self.actions)

    def act(self, action: str, value: str = "") -> None:
        verb, _, what = action.partition(" ")
        if not self.move(verb, what, value):
            raise RulesError(tr("{action} is not a choice of the deal viewer",
                                action=repr(action)))

    def state(self) -> Deal:
        """The deal after ``step`` actions, replayed from the start."""
        deal = self.start.copy()
        for seat, act in self.actions[: self.step]:
            deal.apply(act, seat)
        return deal

    def note(self) -> str:
        """The note of the last action shown (empty at the start or without notes)."""
        return self.notes[self.step - 1] if self.notes is not None and self.step else ""

    def picture_html(self) -> str:
        """How far the deal has got, the deal at that moment, and the step's note under it
        (without notes, the picture names the last action instead)."""
        note = self.note()
        last = str(self.actions[self.step - 1][1]) if self.step and not note else None
        shown = (f'<p class="knlib-deal-note" style="{_NOTE_STYLE}">{escape(note)}</p>'
                 if note else "")
        after = tr("After {step} of {count} actions.", step=self.step,
                   count=len(self.actions))
        return (f"<p><b>{escape(after)}</b></p>"
                + deal_html(self.state(), last=last) + shown)

    def view(self) -> ToolView:
        end = len(self.actions)
        return ToolView((
            Row((button("back", tr("◀ Back"), enabled=self.step > 0),
                 button("next", tr("Next ▶"), enabled=self.step < end, tone="main"),
                 button("end", tr("To the end"), enabled=self.step < end))),
            Html(self.picture_html()),
        ))


class DealViewer(ToolWidget):
    """The deal viewer in a notebook (see :class:`DealViewerTool`). ``deal`` is a
    :class:`~knlib.engine.deal.Deal` (with ``notes``, one per action, if wanted) or the
    book's :class:`~knbook.course.golden.GoldenDeal`, which brings its own notes."""

    def __init__(self, deal: Deal | GoldenDeal, step: int | None = None,
                 notes: Sequence[str] | None = None) -> None:
        if isinstance(deal, GoldenDeal):
            if notes is None and deal.deal.to_json() == golden_deal(deal.number).deal.to_json():
                super().__init__(DealViewerTool(golden=deal.number, step=step))
                return
            notes = [f"{s.what} {s.why}" for s in deal.steps] if notes is None else notes
            deal = deal.deal
        record = json.loads(deal.to_json())
        super().__init__(DealViewerTool(deal=record, step=step,
                                        notes=None if notes is None else list(notes)))
