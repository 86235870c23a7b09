"""Every cross-reference in knlib's docstrings and comments names something that exists
(issue 11: the layers moved modules, and docstrings kept naming knlib.bots, knlib.deal,
knlib.games, ...). A target is a Sphinx role (``:func:``, ``:class:``, ``:meth:``,
``:mod:``, ``:data:``, ``:attr:``) naming ``knlib.x.y`` or, relative to the module,
``.x.y``; it must import and resolve attribute by attribute."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "knlib"
#: The book's package, beside knlib.
BOOK = ROOT.parent / "knbook"
ROLE = re.compile(r":(?:func|class|meth|mod|data|attr|exc):`(?:[^`<]*<)?~?(\.*[A-Za-z_][\w.]*)>?`")


def resolve(name: str, package: str) -> bool:
    """Whether ``name`` (absolute ``knlib.…`` or relative ``.…`` to ``package``) names a
    module or an attribute of one."""
    if name.startswith("."):
        dots = len(name) - len(name.lstrip("."))
        base = package.split(".")
        base = base[:len(base) - dots + 1]
        name = ".".join(base + [name.lstrip(".")])
    elif not name.startswith(("knlib.", "knbook.")):
        return True  # a name in the module itself or outside the packages: not checked here
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for k, attr in enumerate(parts[i:], start=i):
            if not hasattr(obj, attr):
                # the last name may be declared without a value: a ClassVar each game
                # sets (``Ruleset.stakes``), a field
                declared = any(attr in getattr(c, "__annotations__", {})
                               for c in getattr(obj, "__mro__", (obj,)))
                return declared and k == len(parts) - 1
            obj = getattr(obj, attr)
        return True
    return False


def targets() -> list[tuple[str, str, str]]:
    out = []
    for path in sorted([*ROOT.rglob("*.py"), *BOOK.rglob("*.py")]):
        rel = path.relative_to(ROOT.parent).with_suffix("")
        parts = rel.parts[:-1] if path.name == "__init__.py" else rel.parts
        module = ".".join(parts)
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for name in ROLE.findall(path.read_text(encoding="utf-8")):
            if name.startswith(("knlib.", "knbook.", ".")):
                out.append((str(rel), package, name))
    return out


def test_the_scan_finds_the_cross_references():
    found = targets()
    assert len(found) > 100
    assert resolve("knlib.players.bots.hidden_world", "knlib")
    assert not resolve("knlib.bots.hidden_world", "knlib")  # the path before the layers
    assert resolve(".observer.Observer", "knlib.engine")
    assert not resolve(".observer.Observer.nothing_here", "knlib.engine")
    assert resolve("knlib.games.Ruleset.stakes", "knlib")  # declared, set by each game
    assert not resolve("knlib.games.Ruleset.stakes.nothing_here", "knlib")
    assert resolve("knbook.play.PlaySession", "knbook")
    assert not resolve("knbook.play.Table", "knbook")


def test_every_docstring_target_exists():
    broken = [f"{where} names {name}" for where, package, name in targets()
              if not resolve(name, package)]
    assert not broken, "targets that do not exist:\n" + "\n".join(broken)
