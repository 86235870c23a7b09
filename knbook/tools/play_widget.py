"""Play in the notebook: :class:`PlayWidget`, the notebook face of
:class:`~knbook.tools.play.PlayTool` (ipywidgets; on the static site, the same tool
runs in the page, and in the terminal :mod:`knbook.play.terminal` drives the same
play controller, :class:`knbook.play.PlaySession`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from knlib.engine.deal import Action, Deal
from knlib.games import KNUEFFELN, Ruleset

from ..play.session import PlaySession
from .controller import Control, ToolView
from .play import PlayTool
from .widget import ToolWidget

__all__ = ["PlayWidget"]


@dataclass(frozen=True)
class Shown:
    """What a part of the widget shows now, as HTML (``value``)."""

    value: str


class PlayWidget(ToolWidget):
    """Play Knüffeln (or any game of the family) in the notebook against computer
    players: every decision is a button (see :class:`~knbook.tools.play.PlayTool`).

    Testable without a browser: ``widget.use('play SA')`` or
    ``widget.buttons['play SA'].click()``; the message is ``widget.error``; the hint or
    the review ``widget.analysis_view.value``; ``widget.table`` is the
    :class:`~knbook.play.PlaySession` underneath. ``seed=None`` picks a table at random
    (the tool keeps its number, so it can be rebuilt; on the book's page, where the
    widget is the tool's root, every visit deals a fresh deal). ``bots`` names the computer
    players (one name for all, or one per seat); by default they play by plain habits
    (the rule-based player), and the reader may choose other opponents at a new deal."""

    title = "play against the computer"

    def __init__(self, game: str | Ruleset = KNUEFFELN, *, seed: int | None = None,
                 seat: int = 0,
                 bots: Any = None, bluff_rate: float = 0.1, log_lines: int = 14,
                 players: int | None = None) -> None:
        #: The controls drawn now, by action.
        self.buttons: dict[str, Any] = {}
        name = game.id if isinstance(game, Ruleset) else game
        if isinstance(bots, tuple):
            bots = list(bots)
        # as before: by default, rule-based players in every other seat
        super().__init__(PlayTool(name, seed=seed, seat=seat, players=players, bots=bots,
                                  opponents="rules", bluff_rate=bluff_rate,
                                  story_lines=log_lines))

    @property
    def play(self) -> PlayTool:
        """The tool this widget draws."""
        assert isinstance(self.tool, PlayTool)
        return self.tool

    @property
    def table(self) -> PlaySession:
        return self.play.table

    @property
    def deal(self) -> Deal:
        return self.play.table.deal

    def _draw(self, view: ToolView) -> None:
        self.buttons = {}
        super()._draw(view)

    def _control(self, control: Control) -> Any:
        widget = super()._control(control)
        self.buttons[control.action] = widget
        return widget

    # -- what the buttons do, by name ----------------------------------------------------------
    def do(self, action: Action | str) -> None:
        """Take a decision of the game (an engine action or its text)."""
        self.use(str(action))

    def hint(self) -> None:
        self.use("hint")

    def analyse(self) -> None:
        self.use("analyse")

    def new_deal(self) -> None:
        self.use("next deal")

    @property
    def hint_button(self) -> Any:
        return self.buttons["hint"]

    @property
    def analyse_button(self) -> Any:
        return self.buttons["analyse"]

    @property
    def new_button(self) -> Any:
        return self.buttons["next deal"]

    @property
    def analysis_view(self) -> Shown:
        """The hint or the review now shown, as HTML."""
        from .play_advice import hint_html, review_html

        tool = self.play
        return Shown((hint_html(tool.judgement) if tool.judgement is not None else "")
                     + (review_html(tool.review.review) if tool.review is not None else ""))

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        bundle = super()._repr_mimebundle_(include, exclude)
        bundle["text/plain"] = f"<PlayWidget: {self.title}>"
        return bundle
