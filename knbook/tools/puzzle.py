"""The puzzle: a moment of a real deal with every hand face up, and one choice that gets
the mover's side the most (:mod:`knbook.course.puzzles`). The reader picks a card or a
decision and at once gets the verdict the solver proved, with its reason; a wrong pick can
be followed by another; the solution stays hidden until the reader asks for it.

A puzzle is named by its game, deal number and the actions played before it
(:func:`~knbook.course.puzzles.puzzle_at`), so the page's settings are three small
values. Working a book puzzle out again is quick (for the book's puzzles, at most about
15 ms in pure CPython and 35 ms under Pyodide in Node, and a pick 2 ms), so the page
redoes it rather than carrying the verdicts in its settings.
"""

from __future__ import annotations

from html import escape

from knlib.analysis.advice import action_words
from knlib.engine.deal import Action
from knlib.errors import RulesError
from knlib.games import KNUEFFELN, ruleset
from knlib.kinds import ActionKind
from knlib.render.display import badge_text, card_html, card_label

from ..course.puzzles import Puzzle, puzzle_at
from ..i18n import marked, tr
from .controller import Control, Html, Row, Tool, ToolView, button, whole_number
from .widget import ToolWidget

__all__ = ["PuzzleTool", "PuzzleWidget"]

#: What the reader is told after a pick (marked for the catalogue; shown with tr()).
RIGHT = marked("Right!")
NOT_BEST = marked("Not the best.")
TRY_AGAIN = marked("Try another choice, or ask for the solution.")




class PuzzleTool(Tool):
    """One puzzle: the action ``play SA`` (any legal action's engine text) picks that
    choice and shows the verdict; ``solution`` shows the solution with the reasons
    against every other choice."""

    name = "puzzle"
    start_label = marked("Try it: solve the puzzle")

    def __init__(self, game: str = KNUEFFELN, seed: int = 0, steps: int = 0, *,
                 puzzle: Puzzle | None = None) -> None:
        seed = whole_number(seed, marked("deal number"))
        steps = whole_number(steps, marked("actions played"))
        if puzzle is None or (puzzle.game, puzzle.seed, puzzle.steps) != (
                ruleset(game).id, seed, steps):
            puzzle = puzzle_at(game, seed, steps)
        self.puzzle = puzzle
        super().__init__(game=puzzle.game, seed=seed, steps=steps)
        #: The last choice picked, and what the solver says of it (right, reason).
        self.picked: Action | None = None
        self.verdict: tuple[bool, str] | None = None
        #: Wrong choices tried so far, in order.
        self.tried: list[Action] = []
        self.solution_shown = False

    @classmethod
    def of(cls, puzzle: Puzzle) -> PuzzleTool:
        """The tool for a puzzle already worked out (no second search)."""
        return cls(puzzle.game, puzzle.seed, puzzle.steps, puzzle=puzzle)

    # -- what the reader does -------------------------------------------------------------
    def act(self, action: str, value: str = "") -> None:
        if action == "solution":
            if self.solution_shown:
                raise RulesError(tr("the solution is already shown"))
            self.solution_shown = True
            return
        right, why = self.puzzle.check(action)  # a RulesError for anything not legal here
        self.picked = Action(action)
        self.verdict = (right, why)
        if not right and self.picked not in self.tried:
            self.tried.append(self.picked)

    # -- what the reader sees -------------------------------------------------------------
    def _choice(self, action: Action) -> Control:
        deal = self.puzzle.deal
        label = action_words(deal, action)
        pressed = action == self.picked
        if action.kind == ActionKind.PLAY and action.card is not None:
            # the card in its suit's ink and its role's badge, both in the button's name, so
            # that what is seen is what is named (the position above shows the pictures)
            badge = badge_text(deal.rules.roles(deal.chosen)[action.card])
            face = f"{card_html(action.card, deal.rules)} <small>{escape(badge)}</small>"
            named = f"{card_label(action.card, deal.rules)} {badge} ({label})"
            return Control("card", action.text, named, pressed=pressed, html=face)
        return button(action.text, label, pressed=pressed)

    def head_html(self) -> str:
        """The grade, the deal and the seat to act, the position and the question."""
        p = self.puzzle
        head = ("<p>" + tr("{grade}, after Evening {evening}.",
                           grade=f"<b>{escape(tr(p.grade).capitalize())}</b>", evening=p.evening)
                + f" {escape(p.title)}.</p>")
        return head + p.position_html() + p.question_html()

    def verdict_html(self) -> str:
        """What the solver says of the last pick ('' before the first)."""
        if self.verdict is None:
            return ""
        right, why = self.verdict
        if right:
            return f'<p role="status"><b>{escape(tr(RIGHT))}</b> {escape(why)}</p>'
        return (f'<p role="status"><b>{escape(tr(NOT_BEST))}</b> {escape(why)}</p>'
                f"<p>{escape(tr(TRY_AGAIN))}</p>")

    def view(self) -> ToolView:
        parts: list[Html | Row] = [
            Html(self.head_html()),
            Row(tuple(self._choice(a) for a in self.puzzle.choices), label=tr("Your choice:")),
        ]
        if self.verdict is not None:
            parts.append(Html(self.verdict_html()))
        parts.append(Row((button("solution", tr("Show the solution"),
                                 enabled=not self.solution_shown, tone="quiet"),)))
        if self.solution_shown:
            solution = escape(tr("Solution."))
            parts.append(Html(f"<div><b>{solution}</b> "
                              f"{self.puzzle.solution_html()}</div>"))
        return ToolView(tuple(parts))


class PuzzleWidget(ToolWidget):
    """A puzzle to try in a notebook (see :class:`PuzzleTool`)."""

    def __init__(self, puzzle: Puzzle) -> None:
        super().__init__(PuzzleTool.of(puzzle))
