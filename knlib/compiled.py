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
from typing import TYPE_CHECKING, Any, TypeVar

__all__ = ["mypyc_attr"]

T = TypeVar("T")

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:
    def mypyc_attr(*attrs: Any, **kwattrs: Any) -> Callable[[T], T]:
        """mypy_extensions.mypyc_attr: read by mypyc when it compiles; nothing at run time."""
        return lambda cls: cls
