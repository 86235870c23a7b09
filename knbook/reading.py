"""What a reader types, read as a value: :func:`whole_number` (a choice's number, a step,
a deal's number), for the practice tools (:mod:`knbook.tools`) and the terminal
(:mod:`knbook.play`) alike.
"""

from __future__ import annotations

from knlib.errors import RulesError

from .i18n import tr

__all__ = ["whole_number"]


def whole_number(value: object, what: str) -> int:
    """``value`` as a whole number, 0 or more: an int, or a text of the digits 0-9; a
    RulesError naming the value otherwise (other scripts' digits such as '²' or '٣' too).
    ``what`` names the setting (a text marked for the catalogue)."""
    if isinstance(value, str):
        text = value.strip()
        if text.isascii() and text.isdigit():
            if len(text.lstrip("0")) > 100:  # no choice is that long; Python reads at most 4,300
                raise RulesError(tr("{what} {value}…: a number of {digits} digits is too "
                                    "long", what=tr(what), value=text[:20],
                                    digits=len(text.lstrip("0"))))
            return int(text)
    elif isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise RulesError(tr("{what} {value}: give a whole number, 0 or more", what=tr(what),
                        value=repr(value)))
