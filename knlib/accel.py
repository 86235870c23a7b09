"""The optional compiled accelerator: some of knlib's own modules compiled with mypyc.

knlib is pure Python and needs nothing else (it runs under Pyodide). On a machine with a
C compiler, ``make accel`` (``tools/build_accel.py``) compiles some of its modules, from
the same sources, into ``knlib/_native/``, with a manifest of what it compiled and of
each source's hash. :func:`install`, run when :mod:`knlib` is imported, serves those
compiled modules in place of the pure ones, only when

* ``KNLIB_PURE`` is not set (``KNLIB_PURE=1`` forces the pure modules);
* the manifest was written for this Python (its extension suffix), and every compiled
  file is there;
* every compiled module's source is exactly the one compiled: a source edited since
  the build is never shadowed by its old compiled version (the pure modules are used,
  with a warning, until ``make accel`` runs again);
* the compiled code loads (else a warning, and the pure modules).

The compiled modules are used all together or not at all (compiled classes inherit from
each other). :func:`accelerated` says which are in use; :func:`status` says why.
Importing this module (the first thing :mod:`knlib` does) runs :func:`install`.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from pathlib import Path
from types import ModuleType

__all__ = ["accelerated", "status", "install", "source_hash", "NATIVE", "MANIFEST", "EXTENSION"]

#: Where ``make accel`` puts the compiled modules (not a package: never in a wheel).
NATIVE = Path(__file__).resolve().parent / "_native"
#: What was compiled: ``{"suffix": ..., "modules": {name: {"file", "source", "sha256"}},
#: "libraries": {name: file}}`` (module sources relative to the package's parent).
MANIFEST = NATIVE / "manifest.json"
#: The file name ending of a compiled module for this Python.
EXTENSION = EXTENSION_SUFFIXES[0]
#: Set to any non-empty value other than ``0``: use the pure modules.
PURE_ENV = "KNLIB_PURE"


def source_hash(path: Path) -> str:
    """The SHA-256 of a source file's bytes, as the manifest records it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


class _Finder:
    """Finds the compiled modules of the manifest (a :data:`sys.meta_path` finder)."""

    def __init__(self, files: dict[str, Path], library: str) -> None:
        self.files = files
        self.library = library
        self.failed: str | None = None

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None or self.failed is not None:
            return None
        if fullname != self.library and not self.loads():
            return None
        return ModuleSpec(fullname, ExtensionFileLoader(fullname, str(file)),
                          origin=str(file))

    def loads(self) -> bool:
        """Whether the compiled code loads (the shared library, once): else the pure
        modules are used, with a warning."""
        if self.failed is not None:
            return False
        if self.library and self.library not in sys.modules:
            try:
                importlib.import_module(self.library)
            except ImportError as e:
                self.failed = f"the compiled modules do not load ({e}); pure Python in use"
                warnings.warn(f"knlib: {self.failed}", RuntimeWarning, stacklevel=2)
                return False
        return True


_finder: _Finder | None = None
_reason = "not looked for yet (knlib.accel.install)"


def _check(manifest: dict[str, object]) -> tuple[dict[str, Path], str, str]:
    """The compiled files of a manifest and their shared library, or why they may not
    be used (empty files)."""
    if manifest.get("suffix") != EXTENSION:
        return {}, "", (f"compiled for another Python ({manifest.get('suffix')}, not "
                        f"{EXTENSION}): run `make accel`")
    root = NATIVE.parent.parent
    files: dict[str, Path] = {}
    modules = manifest.get("modules")
    libraries = manifest.get("libraries")
    if not isinstance(modules, dict) or not modules or not isinstance(libraries, dict):
        return {}, "", "the manifest lists no compiled modules"
    for name, entry in modules.items():
        source = root / entry["source"]
        if not source.is_file() or source_hash(source) != entry["sha256"]:
            return {}, "", (f"{entry['source']} changed since `make accel`: pure Python in "
                            "use until it runs again")
        files[name] = NATIVE / entry["file"]
    library = ""
    for name, file in libraries.items():
        files[name] = NATIVE / file
        library = name
    missing = [str(f.name) for f in files.values() if not f.is_file()]
    if missing:
        return {}, "", f"compiled files missing ({', '.join(missing)}): run `make accel`"
    return files, library, ""


def install() -> None:
    """Serve the compiled modules, if they may be used (see the module's docstring);
    run once, when this module is imported (by :mod:`knlib`, before any of them)."""
    global _finder, _reason
    if _finder is not None:
        return
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        _reason = f"{PURE_ENV} is set: pure Python in use"
        return
    if not MANIFEST.is_file():
        _reason = "not built (`make accel`): pure Python in use"
        return
    try:
        manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
        files, library, why = _check(manifest)
    except (OSError, ValueError, KeyError, TypeError) as e:
        files, library, why = {}, "", f"unreadable manifest {MANIFEST} ({e})"
    if not files:
        _reason = why
        warnings.warn(f"knlib: {why}", RuntimeWarning, stacklevel=3)
        return
    _finder = _Finder(files, library)
    sys.meta_path.insert(0, _finder)
    _reason = "compiled modules in use: " + ", ".join(sorted(m for m in files if m != library))


def accelerated() -> bool:
    """Whether knlib's compiled modules are in use (``make accel``), rather than the
    pure Python ones."""
    return _finder is not None and _finder.loads()


def status() -> str:
    """Which modules are in use, and why: for benchmarks and bug reports."""
    if _finder is not None and not _finder.loads():
        return _finder.failed or ""
    return _reason


install()
