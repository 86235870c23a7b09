"""The wheel (issue 26, item 4): ``pip install .`` gives a working ``knlib`` with
no other package. The wheel built from this checkout carries every file knlib reads at run
time (the .py files and the compiled message catalogues), and run from the wheel alone,
the command line answers in English and in German."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(out), str(ROOT)], check=True, capture_output=True)
    (built,) = out.glob("knlib-*.whl")
    return built


def tracked(pattern: str) -> set[str]:
    files = subprocess.run(["git", "ls-files", pattern], cwd=ROOT, capture_output=True,
                           text=True, check=True).stdout.split()
    return set(files)


def test_the_wheel_carries_the_sources_and_the_catalogues(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    sources = tracked("knlib/*.py") | tracked("knbook/*.py")
    catalogues = tracked("knlib/locale/*.mo") | tracked("knbook/locale/*.mo")
    assert {c.split("/")[0] for c in catalogues} == {"knlib", "knbook"}, catalogues
    assert sources | catalogues <= names
    assert not {n for n in names if n.endswith(".so")}  # never the compiled accelerator
    # It needs nothing else at run time.
    meta = zipfile.ZipFile(wheel).read(f"{wheel.name.split('-')[0]}-"
                                       f"{wheel.name.split('-')[1]}.dist-info/METADATA")
    required = [line for line in meta.decode().splitlines() if line.startswith("Requires-Dist")]
    assert all("extra ==" in line for line in required), required
    # The command line is the console script `knlib`, from the book's package.
    scripts = zipfile.ZipFile(wheel).read(f"{wheel.name.split('-')[0]}-"
                                          f"{wheel.name.split('-')[1]}.dist-info/entry_points.txt")
    assert "knlib = knbook.__main__:run" in scripts.decode()


def test_the_command_line_runs_from_the_wheel_alone(wheel, tmp_path):
    zipfile.ZipFile(wheel).extractall(tmp_path)
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(tmp_path), "KNLIB_PURE": "1"}

    def knlib(*args, lang="en", stdin=""):
        return subprocess.run([sys.executable, "-m", "knbook", *args], input=stdin, text=True,
                              capture_output=True, cwd=tmp_path, env={**env, "KNLIB_LANG": lang})

    where = subprocess.run([sys.executable, "-c", "import knlib; print(knlib.__file__)"],
                           capture_output=True, text=True, cwd=tmp_path, env=env).stdout
    assert where.startswith(str(tmp_path))  # the wheel's copy, not the checkout's
    done = knlib("explain", "--game", "knueffeln", "--chosen", "HS", "D4", "S3", "DA", "C8")
    assert done.returncode == 0 and "Winner: 2nd card, ♠3." in done.stdout
    played = knlib("play", "--seed", "1", stdin="quit\n")
    assert played.returncode == 0 and "Goodbye." in played.stdout
    english = knlib("explain", "--game", "knueffeln", "--chosen", "HS", "X9", "S3")
    german = knlib("explain", "--game", "knueffeln", "--chosen", "HS", "X9", "S3", lang="de")
    assert english.returncode == german.returncode == 2
    assert "'X9'" in german.stderr and german.stderr != english.stderr  # the catalogue read
