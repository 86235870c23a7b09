"""The command line (issue 2, item 7): output, and exit status 2 with stderr on bad input."""

import subprocess
import sys

import pytest


def run(*args):
    return subprocess.run([sys.executable, "-m", "knlib", *args], capture_output=True, text=True)


def test_explain_prints_the_explanation():
    out = run("explain", "--game", "knueffeln", "--chosen", "HS", "D4", "S3", "DA", "C8")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[1].startswith("2nd: ♠3 is a Drist")
    assert lines[-1] == "Winner: 2nd card, ♠3."


def test_roles_prints_the_role_table():
    out = run("roles", "--game", "knueffeln", "--chosen", "HS")
    assert out.returncode == 0
    assert "de Beste" in out.stdout and "Twist" in out.stdout and "Drist" in out.stdout
    assert sum(" beats " in line for line in out.stdout.splitlines()) == 48  # one per card


def test_options_reach_the_engine():
    args = ["explain", "--chosen", "HS", "HA", "SA"]
    assert "♥A stays ahead" in run(*args).stdout
    assert "♠A now leads" in run(*args, "--option", "ties=suit_priority").stdout


@pytest.mark.parametrize(
    "args,needle",
    [
        (["explain", "--chosen", "HS", "D4", "X9"], "'X9'"),
        (["explain", "--game", "nope", "--chosen", "HS", "D4"], "'nope'"),
        (["explain", "--chosen", "HH", "D4"], "twice"),
        (["explain", "--chosen", "HS", "D4", "D4"], "twice"),
        (["explain", "--chosen", "HS", "H5"], "not in the"),
        (["roles", "--chosen", "H"], "2 chosen suits"),
        (["explain", "--chosen", "HS", "--option", "ties", "D4"], "NAME=VALUE"),
        (["explain", "--chosen", "HS"], "required"),
        (["frobnicate"], "invalid choice"),
    ],
)
@pytest.mark.slow
def test_bad_input_exits_2_with_message_on_stderr(args, needle):
    out = run(*args)
    assert out.returncode == 2
    assert needle in out.stderr
    assert "Traceback" not in out.stderr
    assert out.stdout == ""
