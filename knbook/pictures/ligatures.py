"""Text drawn by matplotlib without ligatures (:func:`without_ligatures`), for the PDFs of
the course (the printables and the diploma): a ligature ('ff' in 'Knüffeln') is one glyph in
the PDF, which breaks copying and searching the word.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

__all__ = ["NO_LIGATURES", "without_ligatures"]

#: Font features switched off in every sheet: a ligature ('ff' in 'Knüffeln') is one glyph in
#: the PDF, which breaks copying and searching the word.
NO_LIGATURES = ("-liga", "-clig")


@contextmanager
def without_ligatures() -> Iterator[None]:
    """Text drawn inside is set without ligatures (:data:`NO_LIGATURES`). matplotlib draws
    a text of several lines without its Text's font features, so they are given where it
    lays out every line; a matplotlib without font features (before 3.11) sets none."""
    try:
        from matplotlib import _text_helpers as helpers
    except ImportError:  # pragma: no cover - another matplotlib
        yield
        return
    layout = getattr(helpers, "layout", None)
    if layout is None or "features" not in inspect.signature(layout).parameters:
        yield  # pragma: no cover - a matplotlib without font features
        return

    def plain(string: str, font: Any, *, features: Sequence[str] | None = None,
              language: Any = None) -> Any:
        return layout(string, font, features=(*(features or ()), *NO_LIGATURES),
                      language=language)

    helpers.layout = plain
    try:
        yield
    finally:
        helpers.layout = layout
