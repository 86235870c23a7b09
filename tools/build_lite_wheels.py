"""Build the wheels the book's JupyterLite site serves through piplite, with no network.

The chapters' first cell runs ``await piplite.install(["knlib", "ipywidgets"])`` under
Pyodide, and the Lite config disables piplite's fallback to the public index, so every
wheel that install needs, and that Pyodide's own distribution lacks, must be in the site:

* ``knlib``, built from this checkout (``pip wheel --no-deps --no-build-isolation .``);
* ``ipywidgets`` and the two of its dependencies that Pyodide lacks: ``comm`` (which the
  Pyodide kernel itself also needs when it starts) and ``jupyterlab_widgets``.
  ``widgetsnbextension`` is served as a shim by the Pyodide kernel extension, and
  ``ipython`` and ``traitlets`` come with Pyodide.

The three dependency wheels are repacked from the distributions installed in this
environment (the versions the notebooks' outputs are validated with), keeping only their
pure-Python package files: the JupyterLab extension that ``jupyterlab_widgets`` installs
under ``share/`` reaches the site as a federated extension instead. Zip entries are
sorted and dated SOURCE_DATE_EPOCH (default 2020-01-01), so the wheels are reproducible.

knlib's own wheel is repacked the same way, its files deflated with zopfli where the
``zopfli`` package is installed (requirements.txt; about 3% smaller than zlib's best,
and the same deflate format any unzip reads), else with zlib's best: it is the wheel the
browser downloads, and its budget is tests/test_lite_site.py's WHEEL_LIMIT (760 kB).

Usage: python tools/build_lite_wheels.py [OUTPUT_DIR]   (default: lite/pypi)
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import importlib.metadata as metadata
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "lite" / "pypi"

#: Installed distributions repacked into the site, besides knlib itself.
REPACKED = ("ipywidgets", "comm", "jupyterlab_widgets")

#: dist-info files that describe an installation, not a distribution.
INSTALL_ONLY = {"INSTALLER", "REQUESTED", "RECORD", "direct_url.json"}


def _epoch() -> tuple[int, int, int, int, int, int]:
    stamp = int(os.environ.get("SOURCE_DATE_EPOCH", "1577836800"))
    return time.gmtime(max(stamp, 315532800))[:6]  # zip dates start in 1980


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode()


def deflate(data: bytes) -> bytes:
    """A raw deflate stream of ``data``: zopfli's where it is installed, else zlib's best."""
    try:
        from zopfli.zopfli import compress
    except ImportError:
        packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
        return packer.compress(data) + packer.flush()
    return compress(data)[2:-4]  # a zlib stream less its 2-byte header and Adler-32


class _Deflater:
    """zipfile's compressor interface, deflating each member at once with :func:`deflate`."""

    def __init__(self) -> None:
        self._parts: list[bytes] = []

    def compress(self, data: bytes) -> bytes:
        self._parts.append(data)
        return b""

    def flush(self) -> bytes:
        return deflate(b"".join(self._parts))


@contextlib.contextmanager
def best_deflate() -> Iterator[None]:
    """While open, zipfile deflates members with :func:`deflate` (zipfile has no hook for a
    compressor of one's own, so its private factory is swapped, and put back after)."""
    factory: Any = zipfile._get_compressor  # type: ignore[attr-defined]

    def choose(compress_type: int, compresslevel: int | None = None) -> Any:
        if compress_type == zipfile.ZIP_DEFLATED:
            return _Deflater()
        return factory(compress_type, compresslevel)

    zipfile._get_compressor = choose  # type: ignore[attr-defined]
    try:
        yield
    finally:
        zipfile._get_compressor = factory  # type: ignore[attr-defined]


def write_wheel(path: Path, files: dict[str, bytes], dist_info: str) -> None:
    """Write a wheel from archive names to contents, adding a fresh RECORD."""
    record_name = f"{dist_info}/RECORD"
    lines = [f"{name},{_record_hash(data)},{len(data)}" for name, data in sorted(files.items())]
    files = {**files, record_name: ("\n".join([*lines, f"{record_name},,"]) + "\n").encode()}
    # dist-info last, as the wheel spec recommends
    order = sorted(files, key=lambda name: (name.startswith(dist_info + "/"), name))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as whl:
        for name in order:
            info = zipfile.ZipInfo(name, date_time=_epoch())
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            whl.writestr(info, files[name])


def repack_installed(name: str, out_dir: Path) -> Path:
    """Repack an installed pure-Python distribution into a py3-none-any wheel."""
    dist = metadata.distribution(name)
    wheel_meta = dist.read_text("WHEEL") or ""
    if "Root-Is-Purelib: true" not in wheel_meta or "py3-none-any" not in wheel_meta:
        raise SystemExit(f"{name} {dist.version} is not a pure-Python py3-none-any wheel")
    project = re.sub(r"[-_.]+", "_", dist.metadata["Name"]).lower()
    dist_info = f"{project}-{dist.version}.dist-info"
    files: dict[str, bytes] = {}
    for entry in dist.files or ():
        rel = entry.as_posix()
        if rel.startswith("..") or "__pycache__" in rel or rel.endswith(".pyc"):
            continue  # data files (share/, bin/) and bytecode stay out
        if rel.startswith(dist_info + "/") and rel.split("/", 1)[1] in INSTALL_ONLY:
            continue
        files[rel] = Path(entry.locate()).read_bytes()
    files[f"{dist_info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: knlib tools/build_lite_wheels.py\n"
        b"Root-Is-Purelib: true\nTag: py3-none-any\n"
    )
    if f"{dist_info}/METADATA" not in files:
        raise SystemExit(f"{name}: no {dist_info}/METADATA among the installed files")
    path = out_dir / f"{project}-{dist.version}-py3-none-any.whl"
    write_wheel(path, files, dist_info)
    return path


def build_knlib(out_dir: Path) -> Path:
    """Build knlib's wheel from this checkout with the installed setuptools (no download)."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
             "--no-index", "--quiet", "--wheel-dir", tmp, str(ROOT)],
            check=True,
        )
        # setuptools leaves build/ behind; a stale copy there could hide deleted modules
        shutil.rmtree(ROOT / "build", ignore_errors=True)
        (built,) = Path(tmp).glob("knlib-*.whl")
        target = out_dir / built.name
        with zipfile.ZipFile(built) as whl:
            files = {n: whl.read(n) for n in whl.namelist() if not n.endswith(".dist-info/RECORD")}
        (dist_info,) = {top for top in (n.split("/", 1)[0] for n in files)
                        if top.endswith(".dist-info")}
        with best_deflate():
            write_wheel(target, files, dist_info)
    return target


def main(argv: list[str]) -> int:
    out_dir = Path(argv[0]) if argv else DEFAULT_OUT
    out_dir.mkdir(parents=True, exist_ok=True)
    for old in out_dir.glob("*.whl"):
        old.unlink()
    wheels = [build_knlib(out_dir), *(repack_installed(name, out_dir) for name in REPACKED)]
    for wheel in wheels:
        shown = wheel.relative_to(ROOT) if wheel.is_relative_to(ROOT) else wheel
        print(f"{wheel.stat().st_size / 1000:8.1f} kB  {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
