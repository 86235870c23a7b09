"""No module reads or writes another module's private names (issue 28).

Two kinds of offence, read from the source with :mod:`ast`:

* an underscore name imported from another knlib module (``from .hand import _summary``);
* an underscore attribute of another object (``state._hands``, ``rules._fast``): an
  attribute ``x._name`` where ``x`` is not ``self`` or ``cls`` and the module does not
  itself define ``_name`` (as ``self._name = ...``, a class attribute or method, or a
  name in a class's ``__slots__``). So a state may fill in a copy of itself
  (``new._hands = ...`` in :mod:`knlib.engine.state`), and no other module may.

Dunder names (``__class__``), IPython's display protocol (``_repr_html_``) and the
namedtuple API (``_replace``, ``_asdict``, ``_fields``) are public and not counted.

No module of knlib takes one (the test below reads them all).
A second check keeps the engine's modules free of import cycles, type-only imports
(``if TYPE_CHECKING:``) and imports inside functions included.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "knlib"

#: Underscore attributes that are public protocols, not private names.
PUBLIC = frozenset({"_replace", "_asdict", "_fields", "_make", "_missing_", "_value_",
                    "_name_", "_generate_next_value_", "_ignore_"})

def _defined(tree: ast.AST) -> set[str]:
    """The underscore names a module defines for its own objects: ``self._x = ...``,
    class attributes and methods, and names in ``__slots__``."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    out.add(item.name)
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    out.add(item.target.id)
                elif isinstance(item, ast.Assign):
                    for t in item.targets:
                        if isinstance(t, ast.Name):
                            out.add(t.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                out.add(node.attr)
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and node.value.startswith("_") and node.value.isidentifier()):
            # names in __slots__ and in tuples of field names (``_FIELDS = ("_game", ...)``)
            out.add(node.value)
    return out


def _private(name: str) -> bool:
    return (name.startswith("_") and not (name.startswith("__") and name.endswith("__"))
            and name not in PUBLIC and not (name.startswith("_repr_") and name.endswith("_")))


def offenders(path: Path, text: str | None = None) -> list[tuple[int, str]]:
    """(line, name) of each private name ``path`` takes from another module or object."""
    tree = ast.parse(path.read_text(encoding="utf-8") if text is None else text)
    own = _defined(tree)
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            knlib = node.level > 0 or (node.module or "").split(".")[0] == "knlib"
            if knlib:
                out += [(node.lineno, a.name) for a in node.names if _private(a.name)]
        elif isinstance(node, ast.Attribute) and _private(node.attr):
            base = node.value
            if isinstance(base, ast.Name) and base.id in ("self", "cls"):
                continue
            if node.attr in own:
                continue
            where = base.id + "." if isinstance(base, ast.Name) else "."
            out.append((node.lineno, where + node.attr))
    return sorted(out)


def found(package: Path = PACKAGE) -> dict[str, list[int]]:
    """Every offence in knlib: "path: name" -> the lines."""
    out: dict[str, list[int]] = {}
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package.parent).as_posix()
        for line, name in offenders(path):
            out.setdefault(f"{rel}: {name}", []).append(line)
    return out


def test_no_module_takes_a_private_name():
    bad = found()
    assert not bad, "private names taken across modules (use a public name):\n" + "\n".join(
        f"{k} (line {', '.join(map(str, v))})" for k, v in sorted(bad.items()))


# -- the checks can fail --------------------------------------------------------------------------

def test_an_imported_private_name_is_found(tmp_path):
    p = tmp_path / "m.py"
    p.write_text("from .hand import _summary, summary\nfrom os import _exit\n")
    assert offenders(p) == [(1, "_summary")]


def test_another_object_s_private_attribute_is_found(tmp_path):
    p = tmp_path / "m.py"
    p.write_text("class A:\n    __slots__ = ('_own',)\n\n    def f(self, state, new):\n"
                 "        self._mine = state._hands\n        new._own = 1\n"
                 "        return self._mine, new.__class__, x._repr_html_(), state._set.seat\n")
    assert offenders(p) == [(5, "state._hands"), (7, "state._set")]


# -- no import cycle in the engine, type-only imports included ------------------------------------

def _engine_imports() -> dict[str, set[str]]:
    """Each engine module's imports of other engine modules, wherever they stand."""
    graph: dict[str, set[str]] = {}
    for path in sorted((PACKAGE / "engine").glob("*.py")):
        name = path.stem
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    deps.add(node.module.split(".")[0])
                else:
                    deps.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                    "knlib.engine."):
                deps.add(node.module.split(".")[2])  # type: ignore[union-attr]
        graph[name] = deps - {name}
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph``, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in state and (found := visit(m)):
                return found
        state[n] = 2
        stack.pop()
        return None

    for n in sorted(graph):
        if n not in state and (found := visit(n)):
            return found
    return None


def test_the_engine_has_no_import_cycle_not_even_for_types():
    assert cycle(_engine_imports()) is None


@pytest.mark.parametrize("graph, expected", [
    ({"state": {"drehen"}, "drehen": {"state"}}, ["drehen", "state", "drehen"]),
    ({"state": {"legal"}, "legal": set()}, None),
])
def test_a_cycle_is_found(graph, expected):
    assert cycle(graph) == expected
