"""What every practice tool is: a controller that holds its state, offers its choices and
says what to show (:class:`Tool`), and the description of one screen (:class:`ToolView`).

A tool knows nothing of how it is drawn. Its faces draw a :class:`ToolView` and send back
the :attr:`Control.action` of what the reader clicked: the notebook face with ipywidgets
(:mod:`.widget`), the page face as HTML for the book's in-page runtime (:mod:`.page`).
So every rule, legality check and text lives here, in Python, once.

Bad input never changes a tool: :meth:`Tool.act` raises a :class:`~knlib.RulesError`
and leaves the state as it was, and :meth:`Tool.answer` turns that into the view's
message. An unexpected error is answered the same way, after the tool is rebuilt from
its settings and the actions it took (:attr:`Tool.log`), so no deal is lost.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from knlib.errors import RulesError

from ..i18n import marked, tr
from ..reading import whole_number

__all__ = ["Control", "Row", "Html", "ToolView", "Tool", "Stepper", "Progress", "UNEXPECTED",
           "button", "choose_from", "whole_number"]

#: Said when something other than a rule went wrong (the state is rebuilt and kept).
UNEXPECTED = marked("Something went wrong inside the tool ({error}). Nothing was "
                    "changed: try again, or choose something else.")

#: A report of long work: (done, total, what is being done).
Progress = Callable[[int, int, str], None]


@dataclass(frozen=True)
class Control:
    """One thing the reader can do.

    ``kind`` is ``"button"`` (a choice or a command), ``"card"`` (a card to pick or
    play), ``"choice"`` (one of ``options``, pairs of label and value) or ``"text"``
    (typed input). A face sends back ``action`` when the control is used, with the
    chosen or typed value for a choice or a text. In play and lessons the action is the
    engine's own action text (``play SA``, ``pass``, ``see``).
    """

    kind: str
    action: str
    label: str
    enabled: bool = True
    #: a card picked (in a hand being built), or a button of the current choice
    pressed: bool = False
    options: tuple[tuple[str, str], ...] = ()
    value: str = ""
    #: rich face of the control (a card's picture); the label is its text alternative
    html: str = ""
    #: long work (a hint, an analysis): the page shows progress and offers Cancel
    long: bool = False
    #: a word for the face's styling: "main" (the next natural step), "quiet"
    tone: str = ""


@dataclass(frozen=True)
class Row:
    """Controls side by side, with an optional label in front. A row with a ``fold`` (its
    title) is folded away under it, closed unless ``open``: the page draws it as
    ``<details data-knlib-others>`` (the choices a lesson does not teach at a decision)."""

    controls: tuple[Control, ...]
    label: str = ""
    fold: str = ""
    open: bool = False
    #: data attributes of the row, as (name, value) pairs (``("knlib-hand", "")``: the
    #: reader's hand, whose cards are the controls)
    attrs: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Html:
    """A picture or text, as HTML drawn by :mod:`knlib.render`."""

    html: str


@dataclass(frozen=True)
class ToolView:
    """One screen of a tool, top to bottom, with the message of the last refused choice."""

    parts: tuple[Html | Row, ...]
    message: str = ""
    #: a deal or lesson has ended (the page marks its root ``data-over="true"``)
    over: bool = False
    #: data attributes of the tool's root, as (name, value) pairs: ``("deal", "4711")`` is
    #: drawn as ``data-deal="4711"`` (what the deal on the table is, the trainer's kind)
    attrs: tuple[tuple[str, str], ...] = ()

    def controls(self) -> list[Control]:
        """Every control of the view, in order."""
        return [c for part in self.parts if isinstance(part, Row) for c in part.controls]

    def enabled_actions(self) -> list[str]:
        """The actions the reader can take now."""
        return [c.action for c in self.controls() if c.enabled]

    def text(self) -> str:
        """The view's words without markup (for tests and the terminal)."""
        import re
        from html import unescape

        words = [p.html for p in self.parts if isinstance(p, Html)]
        return unescape(re.sub(r"<[^>]+>", " ", " ".join(words)))


class Tool:
    """A practice tool's controller. Subclasses set :attr:`name` (the page's
    ``data-knlib-app``), build their state from keyword settings (JSON values, kept in
    :attr:`config`), and implement :meth:`view` and :meth:`act`."""

    name: ClassVar[str] = ""
    #: The label of the button that starts the tool on a static page (marked for the
    #: catalogue, translated where it is shown).
    start_label: ClassVar[str] = marked("Try it")

    def __init__(self, **config: Any) -> None:
        self.config: dict[str, Any] = config
        #: The actions taken so far (action, value), replayed to rebuild the tool.
        self.log: list[tuple[str, str]] = []
        self.message = ""
        self.progress: Progress = _no_progress

    def view(self) -> ToolView:
        """What to show now."""
        raise NotImplementedError

    def act(self, action: str, value: str = "") -> None:
        """Do what the reader chose; a RulesError, and no change, if it cannot be done."""
        raise NotImplementedError

    def answer(self, action: str, value: str = "") -> ToolView:
        """Do ``action`` and return the new view; a refused or failed action returns the
        unchanged state with the reason as the message."""
        try:
            self.act(action, value)
        except RulesError as err:
            self.message = self.refusal_text(err)
        except Exception as err:  # noqa: BLE001 - a reader sees a message, never a traceback
            self._rebuild()
            self.message = tr(UNEXPECTED, error=type(err).__name__)
        else:
            self.message = ""
            self.log.append((action, value))
        return self.shown()

    def refusal_text(self, err: RulesError) -> str:
        """A refusal as this tool shows it: its message and citation, as ``str()`` gives
        them."""
        return str(err)

    def shown(self) -> ToolView:
        """The view with the current message."""
        view = self.view()
        if self.message and not view.message:
            view = ToolView(view.parts, self.message, view.over, view.attrs)
        return view

    def preview(self) -> tuple[dict[str, Any], ToolView]:
        """What a static page holds of the tool before it starts: the settings its runtime
        starts from and the picture shown. By default the settings and the view now; a
        tool that deals afresh at every visit holds settings without the deal, and a
        picture without its cards."""
        return self.config, self.shown()

    def _rebuild(self) -> None:
        """Start again from the settings and replay the actions taken."""
        fresh = type(self)(**self.config)
        for action, value in self.log:
            fresh.act(action, value)
        log, progress = self.log, self.progress
        self.__dict__.update(fresh.__dict__)
        self.log, self.progress = log, progress

    @classmethod
    def replayed(cls, config: dict[str, Any], log: list[tuple[str, str]]) -> Tool:
        """The tool built from ``config`` after the actions of ``log``."""
        tool = cls(**config)
        for action, value in log:
            tool.act(action, value)
            tool.log.append((action, value))
        return tool


class Stepper(Tool):
    """A tool that shows one step of a sequence (a trick's cards, a deal's actions):
    ``back``, ``next``, ``end`` and ``go N``, between :attr:`first_step` and
    :attr:`last_step`."""

    #: The first step, and what the steps count ("cards", "actions"; marked for the
    #: catalogue).
    first_step: ClassVar[int] = 0
    unit: ClassVar[str] = marked("steps")
    step: int

    @property
    def last_step(self) -> int:
        raise NotImplementedError

    def checked_step(self, step: object) -> int:
        """``step`` as a step of this sequence; a RulesError naming it if it is not one."""
        if isinstance(step, bool) or not isinstance(step, int):
            step = whole_number(step, _STEP)
        if not self.first_step <= step <= self.last_step:
            raise RulesError(tr("step {step} is outside this sequence of {count} {unit}",
                                step=step, count=self.last_step, unit=tr(self.unit)))
        return step

    def move(self, verb: str, what: str, value: str) -> bool:
        """Do ``back``, ``next``, ``end`` or ``go N``; False for any other action."""
        if verb == "go":
            self.step = self.checked_step(what or value)
        elif what or verb not in ("back", "next", "end"):
            return False
        elif verb == "end":
            self.step = self.last_step
        else:
            self.step = self.checked_step(self.step + (1 if verb == "next" else -1))
        return True


#: What a step is called in a refusal.
_STEP = marked("step")


def _no_progress(done: int, total: int, what: str) -> None:
    """The default progress report: nobody is watching."""


def choose_from(text: str, options: dict[str, Any], what: str) -> Any:
    """The option named ``text``, or a RulesError naming the value and the options.
    ``what`` is the whole sentence, marked for the catalogue, with ``{value}`` and
    ``{choices}``: "{value} is not a player: choose one of {choices}"."""
    if text not in options:
        shown = ", ".join(repr(o) for o in options)
        raise RulesError(tr(what, value=repr(text), choices=shown))
    return options[text]


def button(action: str, label: str, **more: Any) -> Control:
    """A button control."""
    return Control("button", action, label, **more)
