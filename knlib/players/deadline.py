"""A time budget for one decision of a computer player (:class:`Deadline`).

The sampling and solver players score their candidate actions over many layouts of the
cards they cannot see. With a time budget (``time_budget=`` seconds) a decision stops
taking further layouts once the budget is spent and decides on those already scored.
What that means, for every player that has one:

* the layouts are dealt in full before any is scored, so the player's random generator
  moves on exactly as without a budget: the next decision deals the same layouts either way;
* at least the first layout (the first batch, for the playouts) is always scored; after
  it, the next is taken only if the time the layouts have taken on average still fits
  before the end of the budget, so a decision seldom overruns it, and then by about one
  layout's work;
* a decision that scores every layout within its budget is the same as without one; one
  that is cut short depends on the machine's speed, and the player counts it
  (``timed_out``). With the same seed, a game is the same as long as no decision is cut.

The clock is ``time.monotonic`` unless another is given (the tests give a fake clock).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from ..engine.serial import shown
from ..errors import RulesError
from ..i18n import current_language, tr

__all__ = ["Deadline", "Clock", "check_budget", "check_clock", "seconds_text"]

T = TypeVar("T")

#: A clock: seconds as a float, only ever compared with itself.
Clock = Callable[[], float]


def check_budget(time_budget: float | None, name: str = "time_budget") -> float | None:
    """``time_budget`` as seconds (None: no budget); a RulesError unless a positive number
    that a float holds (``name``: the parameter, for the message)."""
    if time_budget is None:
        return None
    if not isinstance(time_budget, bool) and isinstance(time_budget, int | float):
        try:
            seconds = float(time_budget)
        except OverflowError:  # a whole number past the largest float, such as 10**400
            seconds = float("inf")
        if 0 < seconds < float("inf"):
            return seconds
    raise RulesError(tr("{name}={value}: give a positive number of seconds, or None for no "
                        "limit", name=name, value=shown(time_budget)))


def check_clock(clock: object) -> Clock:
    """A clock (a function of no arguments giving seconds); else a RulesError."""
    if not callable(clock):
        raise RulesError(tr("clock={value} is not a clock: give a function that returns "
                            "seconds, such as time.monotonic", value=shown(clock)))
    return clock


def seconds_text(seconds: float) -> str:
    """A number of seconds as a person reads it: '1.5 s' (German '1,5 s')."""
    text = f"{seconds:g}"
    return tr("{seconds} s", seconds=text if current_language() == "en" else
              text.replace(".", ","))


class Deadline:
    """The end of one decision's budget: ``seconds`` from now by ``clock`` (None: never)."""

    def __init__(self, seconds: float | None, clock: Clock = time.monotonic) -> None:
        self.clock = clock
        self.end = None if seconds is None else clock() + seconds
        #: True once :meth:`take` has left items out.
        self.hit = False

    def passed(self) -> bool:
        """True when the budget is spent."""
        return self.end is not None and self.clock() >= self.end

    def take(self, items: Iterable[T]) -> Iterator[T]:
        """The items, one at a time, while the budget lasts: the first always, each
        further one only if the average time of those before it still fits before the
        end (else :attr:`hit` is set and no more are given)."""
        start = 0.0
        for i, item in enumerate(items):
            if self.end is not None:
                now = self.clock()
                if not i:
                    start = now
                elif now + (now - start) / i > self.end:
                    self.hit = True
                    return
            yield item
