"""The plumbing of the older ipywidgets front ends (ipywidgets is imported lazily).

The practice tools (the hand builder, the trick lab, the trick stepper, the game
comparison, the deal viewer) are controllers in :mod:`knlib.apps.tools`, with a notebook
face and a face that runs on the book's static pages. What is left here serves the
widgets that are not yet tools: a widget draws with knlib's own SVG/HTML
(``widgets.HTML``), and ``_repr_mimebundle_`` adds a ``text/html`` snapshot of its state
beside the live widget view. Bad choices never raise: the widget keeps its state and
shows the :class:`~knlib.RulesError` message in its ``message`` line.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from ..errors import RulesError
from ..sources import in_reader_words

__all__ = ["STATIC_NOTE"]

#: Said under every snapshot in the static book.
STATIC_NOTE = ("Static preview: the controls work when this chapter runs live "
               "(the “Run this chapter live” link, or Jupyter on your own machine).")
_MSG_STYLE = "color:#8b0000;font-weight:bold"


def _w() -> Any:
    import ipywidgets

    return ipywidgets


def _message_html(text: str) -> str:
    """A message for the reader: its sources in author-and-title words (``in_reader_words``)."""
    if not text:
        return ""
    return f'<span role="alert" style="{_MSG_STYLE}">⚠ {escape(in_reader_words(text))}</span>'


class _Widget:
    """Common plumbing: a box, a message line, the snapshot for the static book."""

    title = ""
    box: Any
    message: Any
    #: The HTML widget that shows the picture (:meth:`_show`), and its last good picture.
    view: Any
    _last_good: str

    def _set_message(self, text: str = "") -> None:
        self.message.value = _message_html(text)

    @property
    def error(self) -> str:
        """The message now shown (empty when the last choice was fine)."""
        import re
        from html import unescape

        return unescape(re.sub(r"<[^>]+>", "", self.message.value)).removeprefix("⚠ ").strip()

    def snapshot_html(self) -> str:
        """The picture the widget shows now, as HTML, with a note for static readers."""
        raise NotImplementedError

    def _render(self) -> None:
        raise NotImplementedError

    def _show(self, picture: Callable[[], str]) -> None:
        """Draw ``picture()`` in the view; on a RulesError keep the last good picture and
        show the message instead."""
        try:
            html = picture()
        except RulesError as err:
            self._set_message(str(err))
            return
        self._set_message()
        self._last_good = self.view.value = html


    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        bundle = self.box._repr_mimebundle_(include=include, exclude=exclude) or {}
        bundle = dict(bundle)
        bundle["text/html"] = (
            f'<div class="knlib-widget-snapshot">{self.snapshot_html()}'
            f'<p style="font-size:0.85em;color:#555;font-style:italic">{escape(STATIC_NOTE)}</p>'
            "</div>"
        )
        bundle["text/plain"] = f"<{type(self).__name__}: {self.title}>"
        return bundle
