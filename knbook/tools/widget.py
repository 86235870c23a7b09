"""The notebook face: a practice tool drawn with ipywidgets (imported when first drawn).

:class:`ToolWidget` draws the tool's :class:`~.controller.ToolView` part by part (HTML pictures,
rows of buttons, lists and text boxes) and sends back what the reader used; the tool
does the rest. In the static book, the widget's ``text/html`` snapshot is the tool's
page root (:func:`.page.root_html`), which the page's runtime brings to life.
"""

from __future__ import annotations

from html import escape
from typing import Any

from .controller import Control, Html, Row, Tool, ToolView
from .page import root_html

__all__ = ["ToolWidget"]

_MSG_STYLE = "color:#8b0000;font-weight:bold"


def _w() -> Any:
    import ipywidgets

    return ipywidgets


class ToolWidget:
    """A tool in a notebook: ``ToolWidget(tool)`` shows itself when it is a cell's value.

    ``use(action, value)`` is what a click does, so tests can drive the face without a
    browser; ``error`` is the message now shown."""

    def __init__(self, tool: Tool) -> None:
        w = _w()
        self.tool = tool
        self.box = w.VBox()
        self._draw(tool.shown())

    @property
    def error(self) -> str:
        """The message now shown (empty when the last choice was fine)."""
        return self.tool.message

    @property
    def view(self) -> ToolView:
        return self.tool.shown()

    def use(self, action: str, value: str = "") -> None:
        """Do what the control ``action`` does (with a list's or a text box's value)."""
        self._draw(self.tool.answer(action, value))

    def _control(self, control: Control) -> Any:
        w = _w()
        if control.kind == "choice":
            widget = w.Dropdown(options=list(control.options), value=control.value,
                                description=control.label, disabled=not control.enabled)
            widget.observe(lambda ch, a=control.action: self.use(a, str(ch["new"])),
                           names="value")
            return widget
        if control.kind == "text":
            widget = w.Text(value=control.value, description=control.label,
                            disabled=not control.enabled, continuous_update=False)
            widget.observe(lambda ch, a=control.action: self.use(a, str(ch["new"])),
                           names="value")
            return widget
        style = "info" if control.pressed else "primary" if control.tone == "main" else ""
        widget = w.Button(description=control.label, disabled=not control.enabled,
                          button_style=style, tooltip=control.label)
        widget.on_click(lambda _, a=control.action: self.use(a))
        return widget

    def _draw(self, view: ToolView) -> None:
        w = _w()
        children = []
        if view.message:
            children.append(w.HTML(f'<span role="alert" style="{_MSG_STYLE}">⚠ '
                                   f"{escape(view.message)}</span>"))
        for part in view.parts:
            if isinstance(part, Html):
                children.append(w.HTML(part.html))
            elif isinstance(part, Row):
                row = [self._control(c) for c in part.controls]
                if part.label:
                    row.insert(0, w.Label(part.label))
                box = w.HBox(row, layout=w.Layout(flex_flow="row wrap"))
                if part.fold:  # folded away under its title, closed unless open
                    box = w.Accordion(children=[box], titles=(part.fold,),
                                      selected_index=0 if part.open else None)
                children.append(box)
        self.box.children = children

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        bundle = dict(self.box._repr_mimebundle_(include=include, exclude=exclude) or {})
        bundle["text/html"] = root_html(self.tool)
        bundle["text/plain"] = f"<{self.tool.name}>"
        return bundle
