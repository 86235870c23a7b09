"""knlib's message catalogue, made with Babel (``make catalogue``).

1. extract every text marked with ``tr``, ``ntr``, ``ptr``, ``marked`` or ``pmarked``
   (knlib.i18n) from knlib/ into ``knlib/locale/knlib.pot``, sorted and without line
   numbers, so that the template changes only when a text does;
2. update each language's ``knlib/locale/<lang>/LC_MESSAGES/knlib.po`` from it: a new text
   comes in untranslated, a changed one is marked fuzzy (tests/test_i18n.py fails on both);
3. compile each ``.po`` into the ``.mo`` that knlib reads (fuzzy entries are left out).

``--check`` changes nothing and exits 1 if the template or a compiled catalogue is not what
the sources and the ``.po`` files give.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import io
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "knlib" / "locale"
POT = LOCALE / "knlib.pot"
KEYWORDS = ("tr", "ntr:1,2", "ptr:1c,2", "marked", "pmarked:1c,2")
TRANSLATED = ("de",)
HEADER = ("# knlib's messages in another language, kept by tools/catalogue.py (make catalogue).\n"
          "# Translate each msgstr; never edit a msgid, which comes from the code.")


def extract(out: Path) -> None:
    """The template of every marked text in knlib/."""
    cmd = [sys.executable, "-m", "babel.messages.frontend", "extract", "--no-location",
           "--sort-output", "--no-default-keywords", "--omit-header",
           "--project", "knlib", "-o", str(out)]
    for k in KEYWORDS:
        cmd += ["-k", k]
    subprocess.run([*cmd, str(ROOT / "knlib")], check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def compiled(po: Path) -> bytes:
    """The ``.mo`` bytes of a ``.po`` file (fuzzy entries left out)."""
    with po.open("rb") as f:
        catalog = read_po(f)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def _entries(catalog: Catalog) -> set[tuple[object, str, bool]]:
    return {(m.id, str(m.string), m.fuzzy) for m in catalog if m.id}


def update(po: Path, lang: str) -> None:
    """Bring a language's ``.po`` file up to the template: new texts untranslated, changed
    ones fuzzy, removed ones dropped. The file is written only when an entry changes, so its
    header's dates say when the catalogue last changed."""
    with POT.open("rb") as f:
        template = read_po(f)
    if po.exists():
        with po.open("rb") as f:
            catalog = read_po(f, locale=lang)
    else:
        po.parent.mkdir(parents=True, exist_ok=True)
        catalog = Catalog(locale=lang, project="knlib", version="0.1",
                          copyright_holder="the knlib authors",
                          language_team=f"knlib ({lang})", last_translator="the knlib authors",
                          header_comment=HEADER, fuzzy=False)
    before = _entries(catalog)
    catalog.update(template)
    catalog.obsolete.clear()
    if po.exists() and _entries(catalog) == before:
        return
    with po.open("wb") as f:
        write_po(f, catalog, width=100, sort_output=True, include_previous=True)


def po_of(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "knlib.po"


@contextlib.contextmanager
def locked() -> Iterator[IO[str]]:
    """Hold the catalogue's lock, so that two runs at once never write the ``.po`` files
    over each other."""
    with open(Path(tempfile.gettempdir()) / "knlib-catalogue.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield lock
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def main(argv: list[str] | None = None) -> int:
    with locked():
        return run(argv)


def run(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 if anything is stale")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / "knlib.pot"
        extract(fresh)
        stale = []
        if not POT.exists() or POT.read_bytes() != fresh.read_bytes():
            stale.append(str(POT.relative_to(ROOT)))
            if not args.check:
                POT.write_bytes(fresh.read_bytes())
    for lang in TRANSLATED:
        po = po_of(lang)
        if not args.check:
            update(po, lang)
        mo = po.with_suffix(".mo")
        data = compiled(po)
        if not mo.exists() or mo.read_bytes() != data:
            stale.append(str(mo.relative_to(ROOT)))
            if not args.check:
                mo.write_bytes(data)
    if args.check and stale:
        print("stale: " + ", ".join(stale) + " (run `make catalogue`)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
