"""The German edition's chapters: ``de/book/`` mirrors ``book/`` (``make notebooks``).

The German site (``make book`` builds it into ``_build/html/de/``) is made from the same
chapters as the English one. Its prose is the English prose translated by Sphinx from the
``.po`` files in ``de/locales/de/LC_MESSAGES/`` (sphinx-intl); its outputs come from copies
of the chapter notebooks executed with knlib writing German, stored like the English ones
and checked by nbval. A copy has the English chapter's cells, with two changes:

* a hidden cell, id ``knlib-language``, right before the first code cell, that makes knlib
  write German for the rest of the notebook;
* the live link of the chapters for programmers points to the English site's JupyterLite
  (the German site sits one folder deeper, in ``de/``).

Usage:
  python tools/german_book.py [NOTEBOOK ...]          copy the English cells (default: all)
  python tools/german_book.py --check [NOTEBOOK ...]  exit 1, naming each copy out of step

A copy keeps the outputs of a cell whose source did not change; ``make notebooks``
executes the copies afterwards.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
GERMAN = ROOT / "de"
LANGUAGE_ID = "knlib-language"
LANGUAGE_SOURCE = "import knlib\n\nknlib.set_language(\"de\")"
LIVE_LINK_ID = "knlib-live-link"


def copy_of(path: Path) -> Path:
    """The German copy of an English chapter ``book/...ipynb``."""
    return GERMAN / path.resolve().relative_to(ROOT)


def language_cell() -> dict:
    return {"cell_type": "code", "execution_count": None, "id": LANGUAGE_ID,
            "metadata": {"tags": ["remove-cell"]}, "outputs": [],
            "source": LANGUAGE_SOURCE}


def german_cells(english: dict) -> list[dict]:
    """The cells of the German copy of an English notebook, without outputs."""
    cells = []
    placed = False
    for cell in english["cells"]:
        cell = copy.deepcopy(cell)
        if cell.get("id") == LIVE_LINK_ID:
            cell["source"] = [line.replace('href="../', 'href="../../')
                              for line in _lines(cell["source"])]
        if cell["cell_type"] == "code" and not placed:
            cells.append(language_cell())
            placed = True
        cells.append(cell)
    return cells


def _lines(source: str | list[str]) -> list[str]:
    return source.splitlines(keepends=True) if isinstance(source, str) else list(source)


def _key(cell: dict) -> tuple[str, str, str]:
    return (cell["cell_type"], cell.get("id", ""), "".join(_lines(cell["source"])))


def synced(path: Path) -> dict:
    """The German copy of one English notebook, keeping the outputs of unchanged cells."""
    english = json.loads(path.read_text(encoding="utf-8"))
    target = copy_of(path)
    old = {}
    if target.exists():
        for cell in json.loads(target.read_text(encoding="utf-8"))["cells"]:
            old[_key(cell)] = cell
    cells = []
    for cell in german_cells(english):
        before = old.get(_key(cell))
        if cell["cell_type"] == "code" and before is not None:
            cell["outputs"] = before.get("outputs", [])
            cell["execution_count"] = before.get("execution_count")
        elif cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
        cells.append(cell)
    notebook = dict(english)
    notebook["cells"] = cells
    return notebook


def out_of_step(path: Path) -> bool:
    """Whether the German copy's cells differ from the English chapter's."""
    target = copy_of(path)
    if not target.exists():
        return True
    german = json.loads(target.read_text(encoding="utf-8"))
    english = json.loads(path.read_text(encoding="utf-8"))
    return [_key(c) for c in german["cells"]] != [_key(c) for c in german_cells(english)]


def chapters() -> list[Path]:
    return sorted(p for p in BOOK.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    parser.add_argument("notebooks", nargs="*", type=Path)
    args = parser.parse_args(argv)
    paths = [p.resolve() for p in args.notebooks] or chapters()
    paths = [p for p in paths if GERMAN not in p.parents]
    if args.check:
        stale = [str(copy_of(p).relative_to(ROOT)) for p in paths if out_of_step(p)]
        for name in stale:
            print(f"{name}: out of step with its English chapter (run `make notebooks`)",
                  file=sys.stderr)
        return 1 if stale else 0
    for path in paths:
        target = copy_of(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(synced(path), ensure_ascii=False, indent=1) + "\n"
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
