"""The message catalogues of knlib and knbook, made with Babel (``make catalogue``).

For each package (:data:`PACKAGES`: ``knlib``, then ``knbook``):

1. extract every text marked with ``tr``, ``ntr``, ``ptr``, ``marked`` or ``pmarked``
   (knlib.i18n, knbook.i18n) from the package into ``<package>/locale/<package>.pot``,
   sorted and without line numbers, so that the template changes only when a text does.
   knbook's template leaves out the texts knlib's holds: knbook's catalogue falls back on
   knlib's, so each text is translated in one place;
2. update each language's ``<package>/locale/<lang>/LC_MESSAGES/<package>.po`` from it: a
   new text comes in untranslated, a changed one is marked fuzzy (tests/test_i18n.py fails
   on both);
3. compile each ``.po`` into the ``.mo`` that the package reads (fuzzy entries are left
   out).

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
#: The packages with a catalogue, the engine first (the book's falls back on it).
PACKAGES = ("knlib", "knbook")
KEYWORDS = ("tr", "ntr:1,2", "ptr:1c,2", "marked", "pmarked:1c,2")
TRANSLATED = ("de",)
HEADER = ("# knlib's messages in another language, kept by tools/catalogue.py (make catalogue).\n"
          "# Translate each msgstr; never edit a msgid, which comes from the code.")


def pot_of(package: str) -> Path:
    return ROOT / package / "locale" / f"{package}.pot"


def po_of(package: str, lang: str) -> Path:
    return ROOT / package / "locale" / lang / "LC_MESSAGES" / f"{package}.po"


def extract(package: str, out: Path, held: Path | None = None) -> None:
    """The template of every marked text in ``package``, without those the template
    ``held`` has (the catalogue it falls back on)."""
    cmd = [sys.executable, "-m", "babel.messages.frontend", "extract", "--no-location",
           "--sort-output", "--no-default-keywords", "--omit-header",
           "--project", package, "-o", str(out)]
    for k in KEYWORDS:
        cmd += ["-k", k]
    subprocess.run([*cmd, str(ROOT / package)], check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if held is None:
        return
    with held.open("rb") as f:
        known = {(m.context, m.id if isinstance(m.id, str) else m.id[0])
                 for m in read_po(f) if m.id}
    with out.open("rb") as f:
        template = read_po(f)
    for m in list(template):
        if m.id and (m.context, m.id if isinstance(m.id, str) else m.id[0]) in known:
            template.delete(m.id, context=m.context)
    buf = io.BytesIO()
    write_po(buf, template, width=76, sort_output=True, omit_header=True)
    out.write_bytes(buf.getvalue())


def compiled(po: Path) -> bytes:
    """The ``.mo`` bytes of a ``.po`` file (fuzzy entries left out)."""
    with po.open("rb") as f:
        catalog = read_po(f)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def _entries(catalog: Catalog) -> set[tuple[object, str, bool]]:
    return {(m.id, str(m.string), m.fuzzy) for m in catalog if m.id}


def translations(lang: str) -> dict[tuple[object, object], object]:
    """Every translation of ``lang`` in the packages' ``.po`` files as they are now, by
    context and text: a text that moves from one package to the other keeps its
    translation."""
    known: dict[tuple[object, object], object] = {}
    for package in PACKAGES:
        po = po_of(package, lang)
        if po.exists():
            with po.open("rb") as f:
                for m in read_po(f, locale=lang):
                    if m.id and m.string and not m.fuzzy:
                        known[(m.context, m.id)] = m.string
    return known


def update(po: Path, lang: str, pot: Path, seed: Path | None = None,
           known: dict[tuple[object, object], object] | None = None) -> None:
    """Bring a language's ``.po`` file up to the template: new texts untranslated, changed
    ones fuzzy, removed ones dropped. The file is written only when an entry changes, so its
    header's dates say when the catalogue last changed. A new ``.po`` starts from the
    translations of ``seed``, if given."""
    with pot.open("rb") as f:
        template = read_po(f)
    if po.exists() or seed is not None:
        with (po if po.exists() else seed).open("rb") as f:  # type: ignore[union-attr]
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
    for m in catalog:
        missing = not (all(m.string) if isinstance(m.string, tuple) else m.string)
        if m.id and (m.fuzzy or missing) and (m.context, m.id) in (known or {}):
            m.string = (known or {})[(m.context, m.id)]  # type: ignore[assignment]
            m.flags.discard("fuzzy")
    if po.exists() and _entries(catalog) == before:
        return
    with po.open("wb") as f:
        write_po(f, catalog, width=100, sort_output=True, include_previous=True)


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
    stale = []
    held = None
    known = {lang: translations(lang) for lang in TRANSLATED}
    for package in PACKAGES:
        pot = pot_of(package)
        with tempfile.TemporaryDirectory() as tmp:
            fresh = Path(tmp) / pot.name
            extract(package, fresh, held)
            if not pot.exists() or pot.read_bytes() != fresh.read_bytes():
                stale.append(str(pot.relative_to(ROOT)))
                if not args.check:
                    pot.parent.mkdir(parents=True, exist_ok=True)
                    pot.write_bytes(fresh.read_bytes())
        for lang in TRANSLATED:
            po = po_of(package, lang)
            if not args.check:
                update(po, lang, pot, seed=po_of(PACKAGES[0], lang), known=known[lang])
            mo = po.with_suffix(".mo")
            data = compiled(po)
            if not mo.exists() or mo.read_bytes() != data:
                stale.append(str(mo.relative_to(ROOT)))
                if not args.check:
                    mo.write_bytes(data)
        held = pot
    if args.check and stale:
        print("stale: " + ", ".join(stale) + " (run `make catalogue`)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
