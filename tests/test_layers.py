"""The shape of knlib and knbook: layers that import only downward, no import cycles, no
loops between folders, small modules.

Issues 11 and 38 (design guide, "The shape"). Each module of the two packages belongs to
one layer, lowest first. knlib, the engine:

    base      knlib.errors, knlib.sources, knlib.cards, knlib.seats, knlib.counts,
              knlib.kinds (small values, citations, counts in words, the phase, action and
              result kinds), knlib.i18n and knlib.grammar (the catalogue, and the nouns
              that sentences agree with), knlib.accel (the optional compiled modules),
              knlib.compiled (what the sources tell their compiler)
    games     knlib.games: one module per game (its rules, deal procedure, stakes, options,
              open questions and words), what they share, the registry
    rules     knlib.rules: tricks, dealing, the shuffle, hands
    engine    knlib.engine: the deal played action by action, scoring, the session
    players   knlib.players: computer players and their table talk
    sim       knlib.sim: bulk simulation and its fast path
    render    knlib.render: cards, hands, tricks and deals as SVG and HTML
    analysis  knlib.analysis: best play with all cards face up, reviews

and above it knbook, the book's own code, which knlib never imports:

    book base knbook.i18n, knbook.markdown, knbook.cli_words, knbook.reading (the book's
              catalogue, Markdown tables, argparse's words, a reader's typed number)
    pictures  knbook.pictures: the book's matplotlib figures and comparison tables
    chapters  knbook.chapters: two chapters' tables and sentences
    course    knbook.course: questions, exam, diploma, printables, puzzles, the helpers
    apps      knbook.tools, knbook.play, knbook.cli: the practice tools, play in the
              notebook and the terminal, the command line

``knlib`` and ``knbook`` themselves (the public faces) and ``knbook.__main__`` may import
anything.
The checks read the source with :mod:`ast`, so they see imports at module level, under
``if TYPE_CHECKING:`` and inside functions alike (the cycle check counts the
``TYPE_CHECKING`` imports too: a module that needs another's types while that one
imports it is one cycle in all but name). The one exception is a picture hook
(a method named ``_repr_*_``, such as ``Card._repr_svg_``), which may import a picture
from :mod:`knlib.render` when a notebook asks for it.

The allow-lists below are empty. An entry is an exception with its reason, kept only
while it is needed: an entry that is fixed fails until it is removed.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The packages checked, the engine first.
PACKAGES = ("knlib", "knbook")

#: The layers, lowest first: a module belongs to the layer of the longest matching prefix.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("base", ("knlib.errors", "knlib.sources", "knlib.cards", "knlib.seats", "knlib.accel",
              "knlib.compiled", "knlib.counts", "knlib.i18n", "knlib.grammar", "knlib.kinds")),
    ("games", ("knlib.games",)),
    ("rules", ("knlib.rules",)),
    ("engine", ("knlib.engine",)),
    ("players", ("knlib.players",)),
    ("sim", ("knlib.sim",)),
    ("render", ("knlib.render",)),
    ("analysis", ("knlib.analysis",)),
    ("book base", ("knbook.i18n", "knbook.markdown", "knbook.cli_words", "knbook.reading")),
    ("pictures", ("knbook.pictures",)),
    ("chapters", ("knbook.chapters",)),
    ("course", ("knbook.course",)),
    ("apps", ("knbook.tools", "knbook.play", "knbook.cli")),
)
#: Modules above every layer: the public faces and the command line's entry.
FACADE = frozenset({"knlib", "knbook", "knbook.__main__"})

#: Picture hooks may import upward (lazily, when a notebook shows the object).
PICTURE_HOOK = re.compile(r"_repr_\w+_")

#: Upward imports allowed, with the reason for each (none).
UPWARD_ALLOWED: dict[tuple[str, str], str] = {}
#: Import cycles allowed (as sets of modules), with the reason for each (none).
CYCLES_ALLOWED: dict[frozenset[str], str] = {
    # Type-only imports count (issue 28): none is allowed now; a cycle that has to stay
    # is listed here with its reason.
}

#: Loops between folders allowed (as sets of folders), with the reason for each.
FOLDER_LOOPS_ALLOWED: dict[frozenset[str], str] = {}

#: A generous size for one module: split a module by what it is responsible for, never by
#: lines (there is no limit on a class).
MAX_MODULE_LINES = 600
#: Modules allowed over MAX_MODULE_LINES, with the reason for each (none).
MODULES_ALLOWED: dict[str, str] = {}


@dataclass(frozen=True)
class Import:
    """One import of a knlib module by another."""

    module: str
    target: str
    path: Path
    line: int
    hook: bool  # inside a _repr_*_ picture hook
    typing: bool = False  # under ``if TYPE_CHECKING:``: a name for annotations, never run


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the packages by name."""
    return {module_name(p, root): p for package in PACKAGES if (root / package).is_dir()
            for p in sorted((root / package).rglob("*.py"))}


def _ours(name: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in PACKAGES)


def layer_of(module: str) -> int | None:
    """The index in :data:`LAYERS` of a module's layer; None for the facade or no layer."""
    best: tuple[int, int] | None = None
    for i, (_, prefixes) in enumerate(LAYERS):
        for p in prefixes:
            if (module == p or module.startswith(p + ".")) and (best is None or len(p) > best[1]):
                best = (i, len(p))
    return None if best is None else best[0]


def layer_name(module: str) -> str:
    i = layer_of(module)
    return "facade" if module in FACADE else LAYERS[i][0] if i is not None else "no layer"


class _Imports(ast.NodeVisitor):
    def __init__(self, module: str, path: Path, known: set[str]) -> None:
        self.module, self.path, self.known = module, path, known
        self.package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        self.hooks = 0
        self.typing = 0
        self.found: list[Import] = []

    def visit_If(self, node: ast.If) -> None:
        typing = isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
        self.typing += typing
        for child in node.body:
            self.visit(child)
        self.typing -= typing
        for child in node.orelse:
            self.visit(child)

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        hook = bool(PICTURE_HOOK.fullmatch(node.name))
        self.hooks += hook
        self.generic_visit(node)
        self.hooks -= hook

    visit_FunctionDef = visit_AsyncFunctionDef = _function

    def _add(self, target: str, line: int) -> None:
        self.found.append(Import(self.module, target, self.path, line, self.hooks > 0,
                                 self.typing > 0))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if _ours(alias.name):
                self._add(alias.name, node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            parts = self.package.split(".")
            base = ".".join(parts[: len(parts) - node.level + 1] + [node.module or ""]).strip(".")
        else:
            base = node.module or ""
        if not _ours(base):
            return
        for alias in node.names:  # `from . import sim` imports the module knlib.sim
            sub = f"{base}.{alias.name}"
            self._add(sub if sub in self.known else base, node.lineno)


def imports(root: Path = ROOT) -> list[Import]:
    """Every import of a module of the packages by one of them, wherever it stands."""
    known = modules(root)
    found: list[Import] = []
    for name, path in known.items():
        visitor = _Imports(name, path, set(known))
        visitor.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        found += visitor.found
    return found


def upward_imports(root: Path = ROOT) -> list[str]:
    """Each import of a higher layer outside a picture hook, in words."""
    out = []
    for imp in imports(root):
        if imp.module in FACADE or imp.hook or (imp.module, imp.target) in UPWARD_ALLOWED:
            continue
        low, high = layer_of(imp.module), layer_of(imp.target)
        if imp.target in FACADE or (low is not None and high is not None and high > low):
            out.append(f"{imp.path.relative_to(root)}:{imp.line}: {imp.module} "
                       f"({layer_name(imp.module)}) imports {imp.target} "
                       f"({layer_name(imp.target)}), a higher layer")
    return list(dict.fromkeys(out))  # `from .x import a, b` is one import


def cycles(root: Path = ROOT) -> list[list[str]]:
    """The import cycles between knlib modules (picture hooks left out): one cycle through
    each strongly connected group of modules, first module repeated at the end.

    Imports under ``if TYPE_CHECKING:`` count too: they never run, but a module that
    names another's types for its annotations while that one imports it depends on it
    all the same (a cycle in all but name)."""
    graph: dict[str, set[str]] = {m: set() for m in modules(root)}
    for imp in imports(root):
        if not imp.hook and imp.target != imp.module and imp.target in graph:
            graph[imp.module].add(imp.target)
    return strong_cycles(graph)


def folder_of(module: str, root: Path = ROOT) -> str:
    """The folder (package) a module lives in: a package's ``__init__`` lives in its own.
    A module at the top of knlib or knbook (a base module such as ``knlib.cards``) is a
    unit of its own."""
    path = root / Path(*module.split("."))
    folder = module if path.is_dir() else module.rpartition(".")[0]
    return module if folder in PACKAGES else folder


def folder_loops(root: Path = ROOT) -> list[list[str]]:
    """The loops between folders: a folder that imports, through others, a folder that
    imports it back (picture hooks left out; an import within one folder is no edge)."""
    known = modules(root)
    graph: dict[str, set[str]] = {folder_of(m, root): set() for m in known}
    for imp in imports(root):
        a, b = folder_of(imp.module, root), folder_of(imp.target, root)
        if not imp.hook and a != b and imp.module not in FACADE:
            graph[a].add(b)
    return strong_cycles(graph)


def strong_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each strongly connected group of the graph's nodes."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def strongconnect(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                strongconnect(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(graph):
        if v not in index:
            strongconnect(v)
    return [_cycle_through(graph, group) for group in groups]


def _cycle_through(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """A shortest cycle through the group's first module (by name), within the group."""
    start = min(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(graph[v] & group):
            if w == start:
                return paths[v] + [start]
            if w not in paths:
                paths[w] = paths[v] + [w]
                queue.append(w)
    raise AssertionError(f"no cycle through {start}")  # pragma: no cover


def long_modules(root: Path = ROOT) -> list[str]:
    """Modules over :data:`MAX_MODULE_LINES` lines, in words, leaving out the allow-list."""
    out = []
    for path in modules(root).values():
        rel = path.relative_to(root).as_posix()
        n = len(path.read_text(encoding="utf-8").splitlines())
        if n > MAX_MODULE_LINES and rel not in MODULES_ALLOWED:
            out.append(f"{rel}: {n} lines (at most {MAX_MODULE_LINES})")
    return out


# -- the tests ----------------------------------------------------------------------------------


def test_every_module_is_in_a_layer():
    loose = [m for m in modules() if m not in FACADE and layer_of(m) is None]
    assert not loose, f"modules in no layer (add them to LAYERS): {loose}"
    known = modules()
    lost = [f"{i.path.relative_to(ROOT)}:{i.line}: {i.target}" for i in imports()
            if i.target not in known]
    assert not lost, "imports of no module of knlib or knbook:\n" + "\n".join(lost)


def test_imports_point_only_downward():
    found = upward_imports()
    assert not found, "imports of a higher layer:\n" + "\n".join(found)


def test_no_import_cycles():
    found = [c for c in cycles() if frozenset(c) not in CYCLES_ALLOWED]
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(c) for c in found)


def test_knlib_never_imports_knbook():
    found = [f"{i.path.relative_to(ROOT)}:{i.line}: {i.module} imports {i.target}"
             for i in imports() if i.module.startswith("knlib") and i.target.startswith("knbook")]
    assert not found, "the engine imports the book:\n" + "\n".join(found)


def test_no_loops_between_folders():
    found = [c for c in folder_loops() if frozenset(c) not in FOLDER_LOOPS_ALLOWED]
    assert not found, "loops between folders:\n" + "\n".join(" -> ".join(c) for c in found)


def test_modules_are_small():
    found = long_modules()
    assert not found, "too long:\n" + "\n".join(found)


def test_allow_lists_are_still_needed():
    """An allow-listed exception that is fixed must leave the list."""
    ups = {(i.module, i.target) for i in imports()
           if not i.hook and layer_of(i.target) is not None and layer_of(i.module) is not None
           and layer_of(i.target) > layer_of(i.module)}  # type: ignore[operator]
    assert set(UPWARD_ALLOWED) <= ups, set(UPWARD_ALLOWED) - ups
    groups = {frozenset(c) for c in cycles()}
    assert set(CYCLES_ALLOWED) <= groups, set(CYCLES_ALLOWED) - groups
    for rel in MODULES_ALLOWED:
        path = ROOT / rel
        assert len(path.read_text(encoding="utf-8").splitlines()) > MAX_MODULE_LINES, rel


# -- the checks themselves can fail --------------------------------------------------------------


@pytest.fixture
def tiny(tmp_path):
    """A tiny tree shaped like knlib and knbook: write(path, text) adds a module
    ("knbook/..." for the book's package, else under knlib/)."""
    root = tmp_path

    def write(rel: str, text: str = "") -> None:
        path = root / (rel if rel.startswith("knbook/") else f"knlib/{rel}")
        path.parent.mkdir(parents=True, exist_ok=True)
        for parent in [path.parent, *path.parent.parents]:
            if parent == root.parent:
                break
            (parent / "__init__.py").touch()
        path.write_text(text, encoding="utf-8")

    write("__init__.py")
    write("knbook/__init__.py")
    return root, write


def test_an_upward_import_inside_a_function_is_found(tiny):
    root, write = tiny
    write("cards.py", "class Card:\n    def _repr_svg_(self):\n"
                      "        from .render.display import card_svg\n")
    write("rules/tricks.py", "def f():\n    from ..engine import deal\n")
    write("engine/deal.py")
    write("render/display.py")
    found = upward_imports(root)
    assert found == ["knlib/rules/tricks.py:2: knlib.rules.tricks (rules) imports "
                     "knlib.engine.deal (engine), a higher layer"]


def test_a_cycle_through_a_function_level_import_is_found(tiny):
    root, write = tiny
    write("knbook/course/a.py", "from .b import x\n")
    write("knbook/course/b.py", "def f():\n    from . import a\n")
    assert cycles(root) == [["knbook.course.a", "knbook.course.b", "knbook.course.a"]]


def test_a_long_module_is_found_and_a_long_class_is_not(tiny):
    root, write = tiny
    write("knbook/course/long.py", "class A:\n" + "    x = 1\n" * 300 + "y = 2\n" * 300)
    write("knbook/course/short.py", "class B:\n" + "    x = 1\n" * 598)
    assert long_modules(root) == ["knbook/course/long.py: 601 lines (at most 600)"]


def test_a_type_only_import_counts_for_the_layers_and_the_cycles(tiny):
    root, write = tiny
    guard = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
    write("engine/state.py", "from . import drehen\n")
    write("engine/drehen.py", "from .records import Trick\n")
    write("engine/records.py")
    write("rules/tricks.py", guard + "    from ..engine.state import State\n")
    assert cycles(root) == []
    assert upward_imports(root) == [
        "knlib/rules/tricks.py:3: knlib.rules.tricks (rules) imports knlib.engine.state "
        "(engine), a higher layer"]
    write("engine/drehen.py", guard + "    from .state import State\n")  # for its types
    assert cycles(root) == [["knlib.engine.drehen", "knlib.engine.state",
                             "knlib.engine.drehen"]]


def test_a_loop_between_folders_is_found_and_one_within_a_folder_is_not(tiny):
    root, write = tiny
    write("knbook/play/widget.py", "from ..tools import play\n")
    write("knbook/tools/play.py", "from ..play.table import Table\n")
    write("knbook/play/table.py", "from .widget import x\n")
    assert folder_loops(root) == [["knbook.play", "knbook.tools", "knbook.play"]]
    write("knbook/tools/play.py", "from knlib.engine import deal\n")
    write("engine/deal.py")
    write("knbook/play/widget.py", "from .table import y\n")
    assert folder_loops(root) == []
    assert cycles(root) == [["knbook.play.table", "knbook.play.widget", "knbook.play.table"]]


def test_an_import_of_the_book_by_the_engine_is_a_higher_layer(tiny):
    root, write = tiny
    write("engine/deal.py", "from knbook.course import kinds\n")
    write("knbook/course/kinds.py")
    assert upward_imports(root) == [
        "knlib/engine/deal.py:1: knlib.engine.deal (engine) imports knbook.course.kinds "
        "(course), a higher layer"]
