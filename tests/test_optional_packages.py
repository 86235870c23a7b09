"""knlib needs no other package (issue 26, item 4): without an optional one, a command of
``knlib`` that uses it names the package to install (exit status 2), and writes
nothing; the commands that need none work."""

from __future__ import annotations

import sys

import pytest

from knbook.__main__ import OPTIONAL, run
from knbook.course import exam


def hide(monkeypatch, name):
    """Make ``name`` (and its submodules) impossible to import, as if not installed."""
    for key in [k for k in sys.modules if k == name or k.startswith(f"{name}.")]:
        monkeypatch.delitem(sys.modules, key)
    monkeypatch.setitem(sys.modules, name, None)


def test_the_diploma_without_matplotlib_names_the_package_and_writes_nothing(
        monkeypatch, tmp_path, capsys):
    hide(monkeypatch, "matplotlib")
    answers = "".join(q.letter for q in exam(17))  # the key: a diploma is earned
    status = run(["diploma", "--name", "Ann", "--paper", "17", "--answers", answers,
                  "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert status == 2
    assert "needs matplotlib" in err and "pip install matplotlib" in err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", sorted(OPTIONAL))
def test_the_commands_without_optional_packages_still_work(monkeypatch, capsys, name):
    hide(monkeypatch, name)
    assert run(["explain", "--game", "knueffeln", "--chosen", "HS", "D4", "S3", "DA",
                "C8"]) == 0
    assert "Winner: 2nd card, ♠3." in capsys.readouterr().out


def test_a_missing_package_that_is_not_optional_is_not_hidden(monkeypatch):
    import knbook.__main__ as entry

    def broken(argv):
        raise ModuleNotFoundError("No module named 'nonesuch'", name="nonesuch")

    monkeypatch.setattr(entry, "main", broken)
    with pytest.raises(ModuleNotFoundError):
        entry.run([])
