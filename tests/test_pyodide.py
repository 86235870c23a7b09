"""knlib under Pyodide (issue 5): the wheel built from this checkout runs in Node's Pyodide.

tests/pyodide/scenario.py runs twice, under this CPython and under Pyodide in Node
(tests/pyodide/run_knlib.mjs, with the npm package `pyodide` pinned in package.json and
installed by `make node_modules`; no download at test time). Both runs must agree on the
worked tricks of seed 000, their explanations and, once knlib.new_deal exists, whole
seeded deals played with a fixed chooser. This proves knlib stays pure Python and works
on the Python version Pyodide ships.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.book

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "tests" / "pyodide" / "scenario.py"
RUNNER = ROOT / "tests" / "pyodide" / "run_knlib.mjs"
PYODIDE_PKG = ROOT / "node_modules" / "pyodide"

NODE = shutil.which("node")


def _last_json(stdout: str) -> dict:
    return json.loads(stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def knlib_wheel(tmp_path_factory) -> Path:
    """knlib's wheel, built from this checkout as the Lite site builds it."""
    out = tmp_path_factory.mktemp("wheel")
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build_lite_wheels
    finally:
        sys.path.pop(0)
    return build_lite_wheels.build_knlib(out)


@pytest.fixture(scope="module")
def cpython_run() -> dict:
    # this checkout's knlib, as in the wheel (not whatever an editable install points at)
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": path}
    proc = subprocess.run([sys.executable, str(SCENARIO)], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return _last_json(proc.stdout)


@pytest.fixture(scope="module")
def pyodide_run(knlib_wheel) -> dict:
    if NODE is None:
        pytest.fail("node is not installed (Node 20 from Debian: apt-get install nodejs)")
    if not (PYODIDE_PKG / "package.json").exists():
        pytest.fail("node_modules/pyodide is missing: run `make node_modules` (npm ci)")
    proc = subprocess.run([NODE, str(RUNNER), str(knlib_wheel), str(SCENARIO)],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert proc.returncode == 0, f"stdout:\n{proc.stdout}\nstderr:\n{proc.stderr}"
    result = _last_json(proc.stdout)
    result["runtime"]["pyodide"] = proc.stderr.split("pyodide ", 1)[1].split()[0]
    return result


def test_pyodide_package_has_everything_for_offline_load():
    pinned = json.loads((ROOT / "package.json").read_text())["devDependencies"]["pyodide"]
    installed = json.loads((PYODIDE_PKG / "package.json").read_text())["version"]
    assert installed == pinned, "node_modules is stale: run `make node_modules`"
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"):
        assert (PYODIDE_PKG / name).is_file(), name


def test_pyodide_is_the_one_the_site_serves():
    """The Node test runs the Pyodide release that the built book serves to its in-page
    tools and its Lite app (``_static/pyodide``, page/knlib_page.py)."""
    served = ROOT / "_build" / "html" / "_static" / "pyodide"
    if not (served / "pyodide.asm.wasm").is_file():
        pytest.fail("no Pyodide in the built site: run `make book` (make test does)")
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (served / name).read_bytes() == (PYODIDE_PKG / name).read_bytes(), name


def test_knlib_runs_under_pyodide(pyodide_run, capsys):
    runtime = pyodide_run["runtime"]
    with capsys.disabled():
        print(f"\n[pyodide {runtime['pyodide']}] Python {runtime['python']} "
              f"({runtime['implementation']}, {runtime['platform']}), knlib {runtime['knlib']}")
    assert runtime["platform"] == "emscripten"
    # seed 000, 'The Play': Case 1, the Three of spades (a Drist) wins; Case 2, the Ace
    assert pyodide_run["case_1_winner"] == 1
    assert pyodide_run["case_2_winner"] == 2
    assert pyodide_run["case_1_explained"].splitlines()[-1] == "Winner: 2nd card, ♠3."
    assert "Winner: 3rd card" in pyodide_run["case_2_explained"]


def test_tricks_and_explanations_match_cpython(pyodide_run, cpython_run):
    for key in ("case_1_winner", "case_2_winner", "case_1_explained", "case_2_explained"):
        assert pyodide_run[key] == cpython_run[key], key


def test_a_page_tool_speaks_german_under_pyodide(pyodide_run, cpython_run):
    """The German site's call (issue 27): the catalogue travels in the wheel."""
    assert "Erster Stich des Spiels" in pyodide_run["page_tool_de"]
    assert pyodide_run["page_tool_de"] == cpython_run["page_tool_de"]


def test_seeded_deals_match_cpython(pyodide_run, cpython_run):
    if "deals" not in cpython_run:
        pytest.skip("knlib.new_deal does not exist yet (issue 3): no whole deal to compare")
    assert pyodide_run["deals"].keys() == cpython_run["deals"].keys()
    for seed, expected in cpython_run["deals"].items():
        got = pyodide_run["deals"][seed]
        assert got["payments"] == expected["payments"], f"seed {seed}"
        assert sum(got["payments"]) == 0, f"seed {seed}"
        assert got["tricks"] == expected["tricks"], f"seed {seed}"
        assert got["actions"] == expected["actions"], f"seed {seed}"
        assert got == expected, f"seed {seed}"
