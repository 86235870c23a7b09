"""The optional compiled accelerator (issue 12: "an optional compiled accelerator only if the
README's commands install it, the pure version remains the fallback, and a test checks
that the two agree"; ``make accel``, :mod:`knlib.accel`).

* The compiled solver gives exactly the pure one's ``value``, ``values`` and ``line`` on
  positions of every two-sided game, and the same reviews: the pure modules run in a
  child process with ``KNLIB_PURE=1`` (this file run as a script), the compiled ones here.
* A compiled module whose source changed since the build is never used: the pure modules
  are, with a warning.
* The wheels (``pip wheel``, and the Lite site's from ``tools/build_lite_wheels.py``) hold
  no compiled file: the browser gets the pure sources.

The comparisons need the accelerator built and in use; they are skipped, saying so,
when it is not (``make test`` builds it first).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

import knlib
import knlib.accel
from knlib import Deal
from knlib.analysis import review, solve
from knlib.kinds import PLAY_PHASES

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from budget import examples  # noqa: E402
from test_analysis_solve import GAMES  # noqa: E402  (every game with two sides)

compiled = pytest.mark.skipif(
    not knlib.accelerated(),
    reason=f"the compiled accelerator is not in use ({knlib.accel.status()}): `make accel`")


def position_at(game: str, players: int, seed: int) -> Deal:
    """A seeded deal played at random (leading face down, seeing, running, stopping and
    playing on included) until each hand holds at most 3 to 5 cards."""
    rng = random.Random(seed)
    deal = knlib.new_deal(game, seed=seed, players=players)
    left = rng.choice([3, 4, 4, 5])
    while not deal.is_over and (deal.phase not in PLAY_PHASES
                                or max(len(h) for h in deal.hands) > left):
        acts = deal.legal_actions()
        deal.apply(rng.choice([a for a in acts if a.kind != "concede"] or acts))
    return deal


def played_deal(game: str, seed: int) -> Deal:
    """A seeded deal played to its end at random (for the reviews)."""
    rng = random.Random(seed)
    deal = knlib.new_deal(game, seed=seed)
    while not deal.is_over:
        acts = deal.legal_actions()
        deal.apply(rng.choice([a for a in acts if a.kind != "concede"] or acts))
    return deal


def record(cases: dict[str, Any]) -> dict[str, Any]:
    """The solver's answers to ``cases`` in this process: each position's value, every
    action's value and the line; each review's entries."""
    out: dict[str, Any] = {"accelerated": knlib.accelerated(), "solves": [], "reviews": []}
    for game, players, seed in cases["positions"]:
        deal = position_at(game, players, seed)
        if deal.is_over:
            out["solves"].append(None)
            continue
        sol = solve(deal)
        out["solves"].append({"value": sol.value, "line": [a.text for a in sol.line],
                              "values": {a.text: v for a, v in sol.values.items()}})
    for game, seed in cases["reviews"]:
        r = review(played_deal(game, seed), progress=False, max_cards=4)
        out["reviews"].append([[e.seat, e.action.text, e.before, e.after, e.changed]
                               for e in r])
    return out


def cases() -> dict[str, Any]:
    n = examples(60)
    return {"positions": [(g, p, seed) for g, p in GAMES for seed in range(n)],
            "reviews": [(g, seed) for g in ("knueffeln", "styrivolt", "karnoeffel")
                        for seed in range(2)]}


def pure_python(cases: dict[str, Any]) -> dict[str, Any]:
    """:func:`record` in a child process running the pure modules of this checkout."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "KNLIB_PURE": "1", "PYTHONPATH": path}
    proc = subprocess.run([sys.executable, str(Path(__file__))], input=json.dumps(cases),
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=1800)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@compiled
def test_compiled_and_pure_solves_and_reviews_agree() -> None:
    todo = cases()
    pure = pure_python(todo)
    fast = record(todo)
    assert pure["accelerated"] is False and fast["accelerated"] is True
    assert str(knlib.analysis.search.__file__).endswith(knlib.accel.EXTENSION)
    solved = [s for s in pure["solves"] if s is not None]
    assert len(solved) > len(GAMES) * examples(60) // 2
    for (game, players, seed), p, f in zip(todo["positions"], pure["solves"],
                                           fast["solves"], strict=True):
        assert p == f, (game, players, seed)
    assert sum(len(r) for r in pure["reviews"]) > 10
    assert pure["reviews"] == fast["reviews"]


def _copy(tmp: Path) -> Path:
    """This checkout's knlib, with its compiled modules, copied to ``tmp``."""
    shutil.copytree(ROOT / "knlib", tmp / "knlib",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return tmp


def _which(root: Path, pure: bool = False) -> dict[str, Any]:
    """Which modules a fresh process importing knlib from ``root`` uses, from another
    working directory, and its warnings."""
    code = ("import json, warnings\n"
            "with warnings.catch_warnings(record=True) as w:\n"
            "    warnings.simplefilter('always')\n"
            "    import knlib, knlib.analysis.search as s\n"
            "print(json.dumps({'on': knlib.accelerated(), 'file': s.__file__,\n"
            "                  'warnings': [str(x.message) for x in w]}))\n")
    env = {k: v for k, v in os.environ.items() if k != "KNLIB_PURE"}
    env["PYTHONPATH"] = str(root)
    if pure:
        env["KNLIB_PURE"] = "1"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, cwd=root.parent, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@compiled
def test_an_edited_source_is_never_shadowed(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    fresh = _which(root)
    assert fresh["on"] is True and fresh["file"].endswith(knlib.accel.EXTENSION), fresh
    assert _which(root, pure=True)["on"] is False
    chain = root / "knlib" / "analysis" / "plays.py"
    chain.write_text(chain.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    stale = _which(root)
    assert stale["on"] is False
    assert stale["file"] == str(root / "knlib" / "analysis" / "search.py")
    assert any("knlib/analysis/plays.py changed" in w for w in stale["warnings"]), stale


@compiled
def test_a_missing_compiled_file_means_pure(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    (root / "knlib" / "_native" / ("knlib.analysis.count" + knlib.accel.EXTENSION)).unlink()
    found = _which(root)
    assert found["on"] is False and found["file"].endswith("search.py")
    assert any("missing" in w for w in found["warnings"]), found


def test_no_compiler_fails_clearly_and_pure_still_works(tmp_path: Path) -> None:
    env = {**os.environ, "CC": str(tmp_path / "no-such-cc")}
    built = knlib.accel.MANIFEST.read_bytes() if knlib.accel.MANIFEST.is_file() else None
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "build_accel.py"), "--force"],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert proc.returncode != 0
    assert "no C compiler" in proc.stderr and "pure Python" in proc.stderr, proc.stderr
    # What was built before is left as it was.
    after = knlib.accel.MANIFEST.read_bytes() if knlib.accel.MANIFEST.is_file() else None
    assert after == built
    assert _which(ROOT, pure=True)["on"] is False


def _names(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as z:
        return z.namelist()


@pytest.mark.slow
def test_wheels_hold_no_compiled_file(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "--no-index", "--quiet", "--wheel-dir", str(tmp_path / "pip"), str(ROOT)],
                   check=True, timeout=600)
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build_lite_wheels
    finally:
        sys.path.pop(0)
    lite = build_lite_wheels.build_knlib(tmp_path)
    for wheel in [*(tmp_path / "pip").glob("knlib-*.whl"), lite]:
        names = _names(wheel)
        assert "knlib/analysis/search.py" in names and "knlib/accel.py" in names
        native = [n for n in names if n.endswith((".so", ".pyd", ".c"))
                  or "_native" in n or "__mypyc" in n]
        assert not native, (wheel.name, native)
        assert "knbook/play/session.py" in names  # the book's package travels with it
    # The wheel the page downloads keeps test_lite_site.WHEEL_LIMIT (760,000 bytes; why
    # there); pip's, deflated by zlib rather than zopfli, is about 5 % larger.
    assert lite.stat().st_size < 760_000, lite
    (pip,) = (tmp_path / "pip").glob("knlib-*.whl")
    assert pip.stat().st_size < 1.06 * lite.stat().st_size, (pip, lite)


if __name__ == "__main__":
    json.dump(record(json.load(sys.stdin)), sys.stdout)
