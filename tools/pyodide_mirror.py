"""The book's own copy of Pyodide, so that the in-page tools and the Lite app run offline.

The site serves this folder as ``_static/pyodide`` (page/knlib_page.py): the in-page
tools load its core, and the Lite app's kernel (lite/jupyter-lite.json) the core and the
wheels below. It holds:

* Pyodide's core (pyodide.mjs, pyodide.asm.*, python_stdlib.zip, pyodide-lock.json)
  from the npm package `pyodide` in node_modules (the release package.json pins);
* the pure-Python packages the Pyodide kernel loads when it starts (micropip, ipython,
  jedi and their dependencies, at the versions in pyodide-lock.json) and that ipywidgets
  needs (traitlets), as wheels from PyPI, with the lock's hashes rewritten to match,
  plus any requirement of those wheels the lock does not list (e.g. ipython's
  ipython-pygments-lexers, which Pyodide's own ipython build does without).

Packages with compiled code (numpy, matplotlib, ...) are not in any registry here and are
not copied: a live chapter that needs them does not run in the Lite app.

Usage: python tools/pyodide_mirror.py OUT_DIR
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: what pyodide-kernel's worker loads before the kernel runs, and what ipywidgets adds
ROOTS = ("micropip", "ipython", "jedi", "traitlets")


def _environment(python: str) -> dict:
    env = default_environment()
    env.update(sys_platform="emscripten", platform_system="Emscripten", os_name="posix",
               platform_machine="wasm32", python_version=".".join(python.split(".")[:2]),
               python_full_version=python, extra="")
    return env


def _download(specs: list[str], python: str, dest: Path) -> None:
    version = "".join(python.split(".")[:2])
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "-qq", "--no-deps", "--only-binary", ":all:",
         "--python-version", version, "--implementation", "py", "--abi", "none",
         "--platform", "any", "--dest", str(dest), *specs],
        check=True,
    )


def _requires(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as whl:
        name = next(n for n in whl.namelist() if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(whl.read(name).decode("utf-8"))
    return meta.get_all("Requires-Dist") or []


def build(out: Path) -> None:
    lock = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text(encoding="utf-8"))
    python = lock["info"]["python"]
    env = _environment(python)
    packages = lock["packages"]
    by_name = {canonicalize_name(k): k for k in packages}

    closure, todo = [], [canonicalize_name(r) for r in ROOTS]
    while todo:
        name = todo.pop()
        if name in closure:
            continue
        closure.append(name)
        todo += [canonicalize_name(d) for d in packages[by_name[name]]["depends"]]

    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        wheels = Path(tmp)
        pins = [f"{by_name[n]}=={packages[by_name[n]]['version']}" for n in closure]
        _download(pins, python, wheels)
        pending = list(closure)
        while pending:
            name = pending.pop()
            wheel = next(w for w in wheels.glob("*.whl")
                         if canonicalize_name(parse_wheel_filename(w.name)[0]) == name)
            key = by_name.get(name)
            added = key is None
            if added:  # required by a wheel, but not in Pyodide's lock: add it
                key = by_name[name] = name
                version = str(parse_wheel_filename(wheel.name)[1])
                packages[key] = {"name": key, "version": version, "depends": [],
                                 "imports": [], "install_dir": "site", "package_type": "package",
                                 "unvendored_tests": False}
            entry = packages[key]
            entry["file_name"] = wheel.name
            entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
            shutil.copy(wheel, out / wheel.name)
            for text in _requires(wheel):
                req = Requirement(text)
                if req.marker is not None and not req.marker.evaluate(env):
                    continue
                dep = canonicalize_name(req.name)
                if dep in by_name and by_name[dep] in packages:
                    if added:
                        entry["depends"].append(dep)
                    continue
                _download([str(req).split(";")[0]], python, wheels)
                entry["depends"].append(dep)
                pending.append(dep)
                by_name.pop(dep, None)
    for name in CORE:
        shutil.copy(PYODIDE_NPM / name, out / name)
    (out / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    print(f"{out}: Pyodide {lock['info']['python']} core and "
          f"{len(list(out.glob('*.whl')))} pure-Python wheels")


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    build(Path(argv[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
