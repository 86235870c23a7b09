"""What knlib's sources tell mypyc, the compiler of the optional accelerator.

mypyc compiles a class into a *native* class (fixed attributes, fast access) unless it
is marked ``@mypyc_attr(native_class=False)``; a subclass of ``str`` or ``tuple`` (an
:class:`~knlib.engine.actions.Action`, a :class:`~knlib.engine.records.Trick`) or a
class that is filled in through ``object.__new__`` must stay an ordinary class. The
marker is mypy_extensions' own for the type checker and the compiler, and does nothing
at run time, so knlib still needs nothing but Python (it runs under Pyodide).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import TYPE_CHECKING, Any, TypeVar

__all__ = ["mypyc_attr", "by_fields", "by_slots"]

T = TypeVar("T")

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:
    def mypyc_attr(*attrs: Any, **kwattrs: Any) -> Callable[[T], T]:
        """mypy_extensions.mypyc_attr: read by mypyc when it compiles; nothing at run time."""
        return lambda cls: cls


def by_fields(obj: Any) -> tuple[Any, ...]:
    """A dataclass's ``__reduce__`` (pickle, copy): its class, called with its fields in
    order. A compiled frozen dataclass cannot be filled in field by field, as pickle does
    by default."""
    return (obj.__class__, tuple(getattr(obj, f.name) for f in fields(obj)))


def by_slots(obj: Any, names: tuple[str, ...]) -> tuple[Any, ...]:
    """A ``__reduce__`` (pickle, copy) by the named attributes: the object is made again
    blank (its class called with no arguments) and they are set. A compiled class has no
    ``__slots__`` for pickle to read."""
    return (_refill, (obj.__class__, names, tuple(getattr(obj, n) for n in names)))


def _refill(cls: Callable[[], T], names: tuple[str, ...], values: tuple[Any, ...]) -> T:
    new = cls()
    for name, value in zip(names, values, strict=True):
        setattr(new, name, value)
    return new

