"""The German site: its translations and its build (``make book``).

``messages``
    Extract the English chapters' prose with Sphinx's gettext builder (from copies of the
    chapters without outputs, so that only the prose is translated: the outputs of the
    German chapters are German already) and update ``de/locales/de/LC_MESSAGES/*.po`` with
    sphinx-intl; the catalogues of the site's chrome (``sphinx.po``, ``booktheme.po``) are
    kept by hand. A new English paragraph comes in untranslated, a changed one fuzzy;
    tests/test_german_site.py fails on both in a learner page.
``build``
    Build the German site from ``de/`` (tools/german_book.py keeps its chapters in step
    with ``book/``) and put it into ``_build/html/de/``, the English site's pages' paths
    under ``de/``.
``status``
    Print, per page, how many entries are untranslated or fuzzy.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from babel.messages.pofile import read_po

sys.path.insert(0, str(Path(__file__).resolve().parent))
import german_book  # noqa: E402  (a sibling in tools/)

ROOT = Path(__file__).resolve().parent.parent
GERMAN = ROOT / "de"
LOCALES = GERMAN / "locales"
MESSAGES = LOCALES / "de" / "LC_MESSAGES"
SITE = ROOT / "_build" / "html" / "de"
WORK = ROOT / "_build" / "de"
#: The printables (``make printables``): the German ones in ``de/``, which the German
#: chapters link as ``_build/printables/`` of their own root (a link made by ``build``).
PRINTABLES = ROOT / "_build" / "printables"
BIN = Path(sys.executable).parent
#: The pages for programmers: their prose is translated like every page's, but they show code,
#: whose names stay English, so the check for English sentences leaves them out.
PROGRAMMER_PAGES = frozenset({"book/reference/knlib-guide", "book/appendix/running-the-book",
                              "book/appendix/how-this-book-is-made"})


def _prose_only(src: Path, dst: Path) -> None:
    """The German copy of chapter ``src`` (tools/german_book.py) without its outputs."""
    nb = json.loads(src.read_text(encoding="utf-8"))
    nb["cells"] = german_book.german_cells(nb)
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")


def messages(book: Path = ROOT / "book", locales: Path = LOCALES) -> None:
    """Update the German ``.po`` files in ``locales`` from the prose of the English
    chapters in ``book``."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "site"
        root.mkdir()
        for name in ("_toc.yml", "references.bib"):
            shutil.copyfile(GERMAN / name, root / name)
        shutil.copytree(GERMAN / "_templates", root / "_templates")
        config = (GERMAN / "_config.yml").read_text(encoding="utf-8")
        (root / "_config.yml").write_text(config.replace("../page/", f"{ROOT / 'page'}/"),
                                          encoding="utf-8")
        for nb in book.rglob("*.ipynb"):
            if ".ipynb_checkpoints" not in nb.parts:
                _prose_only(nb, root / "book" / nb.relative_to(book))
        (root / "_build").mkdir()
        (root / "_build" / "printables").symlink_to(PRINTABLES)
        out = Path(tmp) / "out"
        subprocess.run([str(BIN / "jupyter-book"), "build", str(root), "--builder", "custom",
                        "--custom-builder", "gettext", "--path-output", str(out), "-W"],
                       check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
        pot = out / "_build" / "gettext"
        shutil.rmtree(pot / "_static", ignore_errors=True)
        # the chrome's catalogue (the templates' words) is kept by hand, with the words of
        # Sphinx and the themes that no template names (locales/de/LC_MESSAGES/sphinx.po)
        (pot / "sphinx.pot").unlink(missing_ok=True)
        subprocess.run([str(BIN / "sphinx-intl"), "update", "-p", str(pot), "-d",
                        str(locales), "-l", "de", "-w", "0"], check=True, cwd=ROOT,
                       stdout=subprocess.DEVNULL)


def build() -> None:
    """Build the German site into ``_build/html/de/``."""
    if not (PRINTABLES / "de").is_dir():
        raise SystemExit(f"no German printables in {PRINTABLES / 'de'}: run `make printables`")
    link = GERMAN / "_build" / "printables"
    link.parent.mkdir(exist_ok=True)
    if link.is_symlink() or link.exists():
        link.unlink()
    link.symlink_to(PRINTABLES / "de")
    env = dict(os.environ, KNLIB_LANG="de")
    subprocess.run([str(BIN / "jupyter-book"), "build", str(GERMAN), "--path-output",
                    str(WORK), "-W", "-n", "--keep-going"], check=True, cwd=ROOT, env=env)
    shutil.rmtree(SITE, ignore_errors=True)
    shutil.copytree(WORK / "_build" / "html", SITE)


def unfinished(messages: Path = MESSAGES) -> dict[str, tuple[int, int]]:
    """Per page, the number of untranslated and of fuzzy entries."""
    found = {}
    for po in sorted(messages.rglob("*.po")):
        with po.open("rb") as f:
            catalog = read_po(f, locale="de")
        empty = sum(1 for m in catalog if m.id and not m.string)
        fuzzy = sum(1 for m in catalog if m.id and m.fuzzy)
        found[str(po.relative_to(messages).with_suffix(""))] = (empty, fuzzy)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("step", choices=("messages", "build", "status"))
    args = parser.parse_args(argv)
    if args.step == "messages":
        messages()
    elif args.step == "build":
        build()
    else:
        for page, (empty, fuzzy) in unfinished().items():
            print(f"{page:45} {empty:4} untranslated {fuzzy:4} fuzzy")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
