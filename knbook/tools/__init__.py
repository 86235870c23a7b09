"""The practice tools: one controller each (:class:`~.controller.Tool`), with two faces.

* the notebook face, ipywidgets (:class:`~.widget.ToolWidget`), live in Jupyter;
* the page face, HTML for the book's in-page runtime (:mod:`.page`): the static book
  runs every tool in the reader's browser, under Pyodide, with no code on screen.

:data:`TOOLS` names each tool as the page does (``data-knlib-app``). The tools are
imported when first asked for, so the page's runtime loads only what a page uses.
"""

from __future__ import annotations

import importlib

from knlib.errors import RulesError

from .controller import Control, Html, Row, Tool, ToolView

__all__ = ["TOOLS", "tool_class", "Tool", "ToolView", "Control", "Row", "Html"]

#: Each tool's page name, and the module and class of its controller.
TOOLS: dict[str, str] = {
    "hand-builder": "builder:HandBuilderTool",
    "trick-lab": "tricks:TrickLabTool",
    "trick-stepper": "tricks:TrickStepperTool",
    "compare": "tricks:CompareTool",
    "deal-viewer": "viewer:DealViewerTool",
    "puzzle": "puzzle:PuzzleTool",
    "play": "play:PlayTool",
    "lesson": "lesson:LessonTool",
    "trainer": "trainer:TrainerTool",
    "diploma": "diploma:DiplomaTool",
}


def tool_class(name: str) -> type[Tool]:
    """The controller class of the tool ``name``; a RulesError for an unknown name."""
    if name not in TOOLS:
        raise RulesError(f"{name!r} is not a practice tool: choose one of "
                         + ", ".join(repr(n) for n in TOOLS))
    module, cls = TOOLS[name].split(":")
    found: type[Tool] = getattr(importlib.import_module(f"{__name__}.{module}"), cls)
    return found
