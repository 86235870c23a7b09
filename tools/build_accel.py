"""Build knlib's optional compiled accelerator (``make accel``): the modules of
:data:`MODULES` compiled with mypyc from the same sources, into ``knlib/_native/`` with a
manifest of each source's hash (:mod:`knlib.accel` serves them only while every source
is unchanged; ``KNLIB_PURE=1`` forces the pure modules).

Run: .venv/bin/python tools/build_accel.py [--force] [--check]

Nothing is rebuilt when the manifest already matches every source (``--force`` rebuilds).
``--check`` only says whether the compiled modules are up to date (exit 1 if not).
Needs mypy (mypyc), setuptools and a C compiler with the Python headers; without them it
fails with a message, and knlib keeps running its pure modules. The build's C files and
objects go to ``_build/accel/`` (ignored by git, as are the ``.so`` files).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from knlib.accel import MANIFEST, NATIVE, source_hash  # noqa: E402

#: The modules compiled, as paths from the repository's root: the one list (add a module
#: here, and ``make accel`` compiles it; it must be mypy-clean and use no feature mypyc
#: cannot compile, such as multiple inheritance of compiled classes).
MODULES: tuple[str, ...] = (
    # The solver's trick search (issue 12).
    "knlib/analysis/position.py",
    "knlib/analysis/table.py",
    "knlib/analysis/frame.py",
    "knlib/analysis/classes.py",
    "knlib/analysis/plays.py",
    "knlib/analysis/endgame.py",
    "knlib/analysis/count.py",
    "knlib/analysis/search.py",
    # The engine core and the rule-based player (issue 11's playout and RulePlayer
    # speeds; tests/test_compiled_engine.py checks them against the pure sources).
    "knlib/cards.py",
    "knlib/seats.py",
    "knlib/rules/shuffle.py",
    "knlib/games/procedure.py",
    "knlib/games/stakes.py",
    "knlib/rules/dealing.py",
    "knlib/rules/tricks.py",
    "knlib/engine/actions.py",
    "knlib/engine/setting.py",
    "knlib/engine/fields.py",
    "knlib/engine/records.py",
    "knlib/engine/legal.py",
    "knlib/engine/drehen.py",
    "knlib/engine/ends.py",
    "knlib/engine/exchanges.py",
    "knlib/engine/game.py",
    "knlib/engine/state.py",
    "knlib/engine/deal.py",
    "knlib/players/player.py",
    "knlib/players/card_facts.py",
    "knlib/players/habits.py",
    "knlib/players/rule_player.py",
    "knlib/players/random_player.py",
)
#: The compiled modules' shared library, inside the package: ``knlib.native__mypyc``,
#: found by :mod:`knlib.accel` wherever Python runs from.
GROUP = "knlib.native"
#: The C compiler's optimisation level (mypyc's ``opt_level``).
OPT_LEVEL = "3"
BUILD = ROOT / "_build" / "accel"


def module_name(path: str) -> str:
    """``knlib/analysis/search.py`` -> ``knlib.analysis.search``."""
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def up_to_date() -> bool:
    """Whether the manifest lists exactly :data:`MODULES`, for this Python and these
    options, with every source unchanged and every compiled file present."""
    if not MANIFEST.is_file():
        return False
    try:
        manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except ValueError:
        return False
    modules = manifest.get("modules", {})
    if (manifest.get("suffix") != EXTENSION_SUFFIXES[0]
            or manifest.get("options") != options()
            or sorted(e["source"] for e in modules.values()) != sorted(MODULES)):
        return False
    files = [e["file"] for e in modules.values()] + list(manifest.get("libraries", {}).values())
    return (all((NATIVE / f).is_file() for f in files)
            and all(source_hash(ROOT / e["source"]) == e["sha256"] for e in modules.values()))


def options() -> dict[str, str]:
    """What the compiled code depends on besides the sources."""
    import mypy.version

    return {"mypy": mypy.version.__version__, "group": GROUP, "opt_level": OPT_LEVEL}


def fail(message: str) -> None:
    sys.exit(f"build_accel: {message}\nknlib still works: it runs its pure Python modules.")


def compile_modules() -> dict[str, Path]:
    """Compile :data:`MODULES` (mypyc, then the C compiler); the built files by module."""
    try:
        import mypy.version  # noqa: F401
        from mypyc.build import mypycify  # noqa: F401
        from setuptools import setup  # noqa: F401
    except ImportError as e:
        fail(f"needs mypy (with mypyc) and setuptools: {e} (pip install -r requirements.txt)")
    if not Path(sysconfig.get_paths()["include"], "Python.h").is_file():
        fail(f"no Python headers ({sysconfig.get_paths()['include']}/Python.h); on Debian: "
             "apt-get install python3-dev")
    # The compiler setuptools will call: $CC, else the one Python was built with.
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    if shutil.which(cc.split()[0]) is None:
        fail(f"no C compiler ({cc}); on Debian: apt-get install gcc")
    shutil.rmtree(BUILD, ignore_errors=True)
    BUILD.mkdir(parents=True)
    lib = BUILD / "lib"
    # In a child process, from the repository's root: mypyc reads pyproject.toml's mypy
    # settings there and writes its C files below BUILD.
    script = (
        "import sys\n"
        "from mypyc.build import mypycify\n"
        "from setuptools import setup\n"
        f"ext = mypycify({list(MODULES)!r}, group_name={GROUP!r}, opt_level={OPT_LEVEL!r},\n"
        f"                target_dir={str(BUILD / 'c')!r})\n"
        "setup(name='knlib-accel', ext_modules=ext, script_args=['build_ext',\n"
        f"      '--build-lib', {str(lib)!r}, '--build-temp', {str(BUILD / 'tmp')!r}])\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT)
    if done.returncode:
        fail(f"mypyc or the C compiler failed (exit {done.returncode}; see above)")
    suffix = EXTENSION_SUFFIXES[0]
    built = {}
    for name in [module_name(m) for m in MODULES] + [GROUP + "__mypyc"]:
        file = lib.joinpath(*name.split(".")).with_name(name.split(".")[-1] + suffix)
        if not file.is_file():
            fail(f"mypyc built no {file}")
        built[name] = file
    return built


def install(built: dict[str, Path], hashes: dict[str, str]) -> None:
    """Put the built files into ``knlib/_native/`` and write the manifest last (a build
    cut off midway leaves no manifest, so the pure modules are used)."""
    suffix = EXTENSION_SUFFIXES[0]
    with tempfile.TemporaryDirectory(dir=NATIVE.parent) as tmp:
        stage = Path(tmp)
        for name, file in built.items():
            shutil.copy2(file, stage / (name + suffix))
        shutil.rmtree(NATIVE, ignore_errors=True)
        stage.rename(NATIVE)
        NATIVE.chmod(0o755)
        stage.mkdir()  # for TemporaryDirectory's clean-up
    library = GROUP + "__mypyc"
    manifest = {
        "suffix": suffix,
        "options": options(),
        "modules": {module_name(m): {"file": module_name(m) + suffix, "source": m,
                                     "sha256": hashes[m]} for m in MODULES},
        "libraries": {library: library + suffix},
    }
    part = MANIFEST.with_suffix(".part")
    part.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    part.rename(MANIFEST)


def main() -> None:
    args = sys.argv[1:]
    if "--check" in args:
        ok = up_to_date()
        print("up to date" if ok else "not built, or out of date: run `make accel`")
        sys.exit(0 if ok else 1)
    if "--force" not in args and up_to_date():
        print(f"build_accel: {len(MODULES)} compiled modules up to date in {NATIVE}")
        return
    # Sources hashed before compiling: an edit during the build makes the manifest stale.
    hashes = {m: source_hash(ROOT / m) for m in MODULES}
    built = compile_modules()
    install(built, hashes)
    if any(source_hash(ROOT / m) != h for m, h in hashes.items()):
        fail("a source changed during the build (the pure modules are used): run it again")
    print(f"build_accel: compiled {len(MODULES)} modules into {NATIVE}")


if __name__ == "__main__":
    main()
