"""Give every chapter notebook its JupyterLite cells, idempotently.

1. The live-link cell (markdown, id ``knlib-live-link``), only in the chapters for
   programmers (:data:`LIVE_LINK_PAGES`: the knlib guide and the appendix): a
   button-styled link that opens the chapter in the book's JupyterLite site
   (``lite/notebooks/``, built by ``make book``) in a new tab. It is tagged
   ``jupyterlite_sphinx_strip``, so the Lite copy of the chapter leaves it out
   (lite/knlib_lite.py): there the reader is already live. Learner pages have no such
   link (it is removed from them): their practice tools run on the page itself.
2. The install cell (code, id ``knlib-lite-install``), the chapter's first code cell.
   Under Pyodide it installs knlib and ipywidgets from the book's own site through piplite
   (plus matplotlib or numpy, from Pyodide's distribution, when the chapter's code names
   them or a knlib function that imports them, such as knbook.pictures.ranking_ladder: knlib
   imports them inside functions, where the kernel's automatic loading cannot see them;
   the functions are found by reading knlib's source). Under a
   normal kernel, and under nbval, it does nothing and prints nothing. It is tagged
   ``remove-cell``, so the static book page does not show it.
3. The foot cell (markdown, id ``knlib-foot-link``), the last cell of every learner page
   (all but :data:`NO_FOOT_PAGES`): one line, "How this page is made", linking to the
   knlib guide and the appendix "How this book is made", where programmers see how the
   page is computed; the learner page itself shows no code (issue 25, item 1). It is
   tagged ``jupyterlite_sphinx_strip``: its links are the static book's.

A new link cell goes first, so the static page shows the link above the chapter's title;
a new install cell goes right before the chapter's first code cell; the foot cell is kept
last. A cell that is
already there is updated in place, so an author may move the link cell; the install
cell is moved back in front of the first code cell if another code cell got ahead of it.

Usage:
  python tools/first_cell.py [NOTEBOOK ...]          insert or update (default: book/**/*.ipynb)
  python tools/first_cell.py --check [NOTEBOOK ...]  exit 1, naming each notebook to fix
"""

from __future__ import annotations

import argparse
import ast
import functools
import json
import re
import sys
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"

LINK_ID = "knlib-live-link"
INSTALL_ID = "knlib-lite-install"
FOOT_ID = "knlib-foot-link"
LINK_TEXT = "▶ Run this chapter live in your browser"
#: The chapters that keep the live link, where programmers look (issue 24, item 7).
LIVE_LINK_PAGES = frozenset({"book/reference/knlib-guide.ipynb",
                             "book/appendix/running-the-book.ipynb",
                             "book/appendix/how-this-book-is-made.ipynb"})
#: The pages with no foot cell: the pages for programmers it links to, and the Sources page.
NO_FOOT_PAGES = LIVE_LINK_PAGES | {"book/reference/sources.ipynb"}
FOOT_TEXT = (
    "How this page is made: the {doc}`knlib guide </book/reference/knlib-guide>` and "
    "{doc}`How this book is made </book/appendix/how-this-book-is-made>` show programmers "
    "how its pictures, tables and answers are computed."
)
STRIP_TAG = "jupyterlite_sphinx_strip"  # left out of the Lite copy (lite/knlib_lite.py)
HIDE_TAG = "remove-cell"  # left out of the static page (Jupyter Book)

#: Packages from Pyodide's own distribution that knlib imports inside functions, where the
#: Pyodide kernel (which loads the packages a cell imports by name) cannot see them.
#: matplotlib brings numpy along, so numpy is listed only when matplotlib is not.
LAZY_PACKAGES = ("matplotlib", "numpy")
#: The packages whose source is read: the engine and the book's own code.
PACKAGES = (ROOT / "knlib", ROOT / "knbook")


def _imports(node: ast.AST, package: str) -> bool:
    for n in ast.walk(node):
        if isinstance(n, ast.Import) and any(a.name.split(".")[0] == package for a in n.names):
            return True
        if (isinstance(n, ast.ImportFrom) and n.level == 0
                and (n.module or "").split(".")[0] == package):
            return True
    return False


@functools.cache
def knlib_names_needing(package: str) -> frozenset[str]:
    """The public functions and classes of knlib and knbook that import ``package`` when
    used: directly, or by calling another function of theirs that does (found by reading
    their source)."""
    modules = {}
    for root in PACKAGES:
        for p in sorted(root.rglob("*.py")):
            parts = p.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = (ast.parse(p.read_bytes()), p.name == "__init__.py")
    needs: dict[str, set[str]] = {m: set() for m in modules}
    changed = True
    while changed:
        changed = False
        for name, (tree, is_package) in modules.items():
            here = name.split(".") if is_package else name.split(".")[:-1]
            for node in tree.body:
                if isinstance(node, (ast.Import, ast.ImportFrom)) and _imports(node, package):
                    raise SystemExit(f"{name} imports {package} at import time")
                if (not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                        or node.name in needs[name]):
                    continue
                hit = _imports(node, package)
                for n in ast.walk(node):
                    if hit:
                        break
                    if isinstance(n, ast.Call) and isinstance(n.func, ast.Name):
                        hit = n.func.id in needs[name]
                    elif isinstance(n, ast.ImportFrom):
                        base = here[:len(here) - n.level + 1] if n.level else []
                        target = ".".join([*base, *filter(None, [n.module])])
                        hit = any(a.name in needs.get(target, ()) for a in n.names)
                if hit:
                    needs[name].add(node.name)
                    changed = True
    return frozenset(n for names in needs.values() for n in names if not n.startswith("_"))


def _identifiers(code: str) -> set[str]:
    """Names a cell uses (IPython magics and shell lines left out)."""
    lines = [ln for ln in code.splitlines() if not ln.lstrip().startswith(("%", "!"))]
    try:
        tree = ast.parse("\n".join(lines))
    except SyntaxError:
        return set(re.findall(r"[A-Za-z_]\w*", code))
    names = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Name):
            names.add(n.id)
        elif isinstance(n, ast.Attribute):
            names.add(n.attr)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            names.update(a.name for a in n.names)
            names.update((getattr(n, "module", None) or "").split("."))
    return names


def lite_url(notebook: Path) -> str:
    """The link from the chapter's HTML page to its notebook in the Lite site."""
    rel = notebook.resolve().relative_to(ROOT)
    up = "../" * (len(rel.parts) - 1)
    return f"{up}lite/notebooks/index.html?path={quote(rel.as_posix(), safe='/')}"


def link_source(notebook: Path) -> str:
    return (
        f'<a class="sd-btn sd-btn-primary" href="{lite_url(notebook)}" target="_blank" '
        f'rel="noopener">{LINK_TEXT}</a>'
    )


def install_source(packages: list[str]) -> str:
    listed = ", ".join(f'"{p}"' for p in packages)
    return (
        "import sys\n"
        "\n"
        'if sys.platform == "emscripten":  # running live in the browser (JupyterLite)\n'
        "    import piplite\n"
        "\n"
        f"    await piplite.install([{listed}])"
    )


def packages_for(nb: dict) -> list[str]:
    """knlib and ipywidgets, plus what knlib imports lazily for this chapter's code: a
    package the code names, or a knlib function or class of the code that imports it
    (or a stored matplotlib figure, for matplotlib)."""
    used, figures = set(), False
    for cell in nb["cells"]:
        if cell["cell_type"] != "code" or cell.get("id") == INSTALL_ID:
            continue
        used |= _identifiers("".join(cell["source"]))
        for out in cell.get("outputs", []):
            plain = out.get("data", {}).get("text/plain", "")
            figures |= "<Figure size" in ("".join(plain) if isinstance(plain, list) else plain)
    extra = [p for p in LAZY_PACKAGES
             if p in used or used & knlib_names_needing(p) or (p == "matplotlib" and figures)]
    if "matplotlib" in extra and "numpy" in extra:
        extra.remove("numpy")
    return ["knlib", "ipywidgets", *extra]


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def link_cell(notebook: Path) -> dict:
    return {
        "cell_type": "markdown",
        "id": LINK_ID,
        "metadata": {"tags": [STRIP_TAG]},
        "source": _lines(link_source(notebook)),
    }


def install_cell(packages: list[str]) -> dict:
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": INSTALL_ID,
        "metadata": {"tags": [HIDE_TAG]},
        "outputs": [],
        "source": _lines(install_source(packages)),
    }


def foot_cell() -> dict:
    return {
        "cell_type": "markdown",
        "id": FOOT_ID,
        "metadata": {"tags": [STRIP_TAG]},
        "source": _lines(FOOT_TEXT),
    }


def _name(notebook: Path) -> str:
    path = notebook.resolve()
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name


def has_live_link(notebook: Path) -> bool:
    """Whether the chapter keeps the live link (a chapter for programmers)."""
    return _name(notebook) in LIVE_LINK_PAGES


def has_foot(notebook: Path) -> bool:
    """Whether the chapter ends with the "How this page is made" line (a learner page)."""
    return _name(notebook) not in NO_FOOT_PAGES


def _index(cells: list[dict], cell_id: str) -> int | None:
    return next((i for i, c in enumerate(cells) if c.get("id") == cell_id), None)


def _merge(old: dict, new: dict) -> dict:
    """The wanted cell, keeping an existing cell's other tags and metadata."""
    metadata = {**old.get("metadata", {}), **new["metadata"]}
    metadata["tags"] = sorted({*old.get("metadata", {}).get("tags", []), *new["metadata"]["tags"]})
    merged = {**new, "metadata": metadata}
    if new["cell_type"] == "code" and old.get("cell_type") == "code":
        merged["execution_count"] = old.get("execution_count")
    return merged


def update(nb: dict, notebook: Path) -> dict:
    """The notebook with its cells present, current and in place (a new dict)."""
    cells = [dict(c) for c in nb["cells"]]
    wanted_install = install_cell(packages_for(nb))

    i = _index(cells, LINK_ID)
    if not has_live_link(notebook):
        if i is not None:
            cells.pop(i)
    elif i is None:
        cells.insert(0, link_cell(notebook))
    else:
        cells[i] = _merge(cells[i], link_cell(notebook))

    j = _index(cells, INSTALL_ID)
    old_install = cells.pop(j) if j is not None else {}
    first_code = next((k for k, c in enumerate(cells) if c["cell_type"] == "code"), len(cells))
    if j is None or j > first_code:  # new, or another code cell got ahead of it
        j = first_code
    cells.insert(j, _merge(old_install, wanted_install))

    k = _index(cells, FOOT_ID)
    old_foot = cells.pop(k) if k is not None else None
    if has_foot(notebook):
        cells.append(_merge(old_foot or {}, foot_cell()))
    return {**nb, "cells": cells}


def dumps(nb: dict) -> str:
    # Same layout as nbformat.write and tools/clean_notebooks.py
    return json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def notebooks_under(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 if any notebook needs an update")
    parser.add_argument("notebooks", nargs="*", type=Path)
    args = parser.parse_args(argv)
    stale = []
    for path in args.notebooks or notebooks_under(BOOK):
        text = path.read_text(encoding="utf-8")
        nb = json.loads(text)
        if (nb.get("nbformat"), nb.get("nbformat_minor", 0)) < (4, 5):
            print(f"{path}: nbformat 4.5 or later needed (cell ids); open and save it in "
                  "Jupyter, or run nbformat's upgrade, first", file=sys.stderr)
            return 2
        new_text = dumps(update(nb, path))
        if new_text == text or json.loads(new_text) == nb:
            continue
        if args.check:
            stale.append(path)
        else:
            path.write_text(new_text, encoding="utf-8")
            print(f"updated {path}")
    for path in stale:
        print(f"{path}: the live-link, install or foot cell is missing or out of date; "
              f"run: python tools/first_cell.py {path}", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
