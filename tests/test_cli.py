"""The command line (issue 2, item 7; issue 26): output, and exit status 2 with stderr on
bad input; the help lists every command in plain words."""

import io
import subprocess
import sys

import pytest

from knbook.cli import COMMANDS, main
from knbook.play import TABLE_PLAYERS


def run(*args):
    return subprocess.run([sys.executable, "-m", "knbook", *args], capture_output=True, text=True)


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


# -- issue 26: the help, the play command's flags, the diploma's folder ---------------------------


def test_help_lists_every_command_without_markup(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert {"play", "diploma", "explain", "roles", "games", "questions"} <= set(COMMANDS)
    for name, (help_text, _, _) in COMMANDS.items():
        assert name in out
        assert " ".join(help_text.split()[:3]) in " ".join(out.split())
    for markup in ("``", ":func:", ":mod:", ":data:", ":class:", ":meth:", "`"):
        assert markup not in out


@pytest.mark.parametrize("flag", ["--opponent", "--bots"])
def test_a_bad_computer_player_lists_every_choice(flag, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["play", flag, "grandmaster"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "'grandmaster'" in err
    assert all(f"'{name}'" in err for name in TABLE_PLAYERS)  # solver included
    assert "'solver'" in err


@pytest.mark.parametrize("deals", ["0", "-5"])
def test_play_refuses_fewer_than_one_deal(deals, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    assert main(["play", "--deals", deals]) == 2
    out = capsys.readouterr()
    assert f"--deals {deals}" in out.err and "at least one deal" in out.err
    assert out.out == ""  # nothing was dealt


def test_play_refuses_a_number_of_players_the_game_does_not_have(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "--players", "3"]) == 2
    assert "3 players cannot play" in capsys.readouterr().err


def _key(seed):
    from knbook.course import exam

    return " ".join(q.letter for q in exam(seed))


@pytest.mark.slow
def test_diploma_into_a_missing_folder_or_onto_a_file_exits_2(tmp_path, capsys):
    a_file = tmp_path / "taken.pdf"
    a_file.write_text("x")
    answers = _key(4)
    for out in (tmp_path / "no" / "such" / "folder", a_file):
        status = main(["diploma", "--name", "Inke", "--paper", "4", "--answers", answers,
                       "--date", "2026-03-14", "--out", str(out)])
        err = capsys.readouterr().err
        assert status == 2, err
        assert err.startswith("error: ") and "Traceback" not in err
    assert a_file.read_text() == "x"


@pytest.mark.slow
def test_help_and_play_as_a_program():
    out = run("--help")
    assert out.returncode == 0 and "play" in out.stdout and "diploma" in out.stdout
    out = subprocess.run([sys.executable, "-m", "knbook", "play", "--seed", "3"],
                         input="①\n²\n٣\nquit\n", capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and "Traceback" not in out.stderr
    assert out.stdout.count("Not possible:") == 3 and "Purse" in out.stdout
    out = run("play", "--deals", "0")
    assert out.returncode == 2 and "at least one deal" in out.stderr


def test_ctrl_c_and_file_errors_in_any_command_end_without_a_traceback(monkeypatch, capsys):
    help_text, add, _ = COMMANDS["games"]

    def interrupted(args):
        raise KeyboardInterrupt

    def unwritable(args):
        raise FileNotFoundError(2, "No such file or directory", "/no/such/folder/x.pdf")

    monkeypatch.setitem(COMMANDS, "games", (help_text, add, interrupted))
    assert main(["games"]) == 130
    assert "Stopped (Ctrl-C)." in capsys.readouterr().err
    monkeypatch.setitem(COMMANDS, "games", (help_text, add, unwritable))
    assert main(["games"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: cannot write /no/such/folder/x.pdf: No such file")


@pytest.mark.slow
def test_ctrl_c_in_the_terminal_game_as_a_program():
    import signal
    import time

    # Ctrl-C as at a terminal: a run started in the background (nohup, `cmd &`) hands its
    # children SIGINT ignored, and a program that finds it ignored rightly keeps it so.
    proc = subprocess.Popen([sys.executable, "-m", "knbook", "play", "--seed", "3"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(4)  # the deal is dealt and the prompt waits for the reader
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert "Stopped (Ctrl-C)." in out and "0 deals played" in out and "Purse" in out


# -- issue 36, items 7 and 10: inputs that escaped, nonsense that was accepted, the help ---------

BIG = "9" * 5000


def run_module(module, *args, stdin=""):
    return subprocess.run([sys.executable, "-m", module, *args], capture_output=True,
                          text=True, input=stdin, timeout=300)


def refused(out, needle):
    """Exit status 2, the message on stderr, no traceback."""
    assert out.returncode == 2, (out.returncode, out.stderr[-500:])
    assert needle in out.stderr, out.stderr[-500:]
    assert "Traceback" not in out.stderr


@pytest.mark.parametrize(("paper", "needle"), [
    ("²", "'²' is not a paper's number"),
    (BIG, "a paper's number of 5000 digits is too long"),
    ("abc", "'abc' is not a paper's number"),
    ("-1", "'-1' is not a paper's number"),
    ("", "'' is not a paper's number"),
    ("٣", "'٣' is not a paper's number"),
])
@pytest.mark.slow
def test_diploma_refuses_a_paper_that_is_no_papers_number(paper, needle, tmp_path):
    refused(run("diploma", "--name", "X", "--paper", paper, "--answers", "A",
                "--out", str(tmp_path)), needle)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("flag", "value", "needle"), [
    ("--pass-mark", "٠.٨", "'٠.٨' is not a pass mark"),
    ("--pass-mark", "nan", "'nan' is not a pass mark"),
    ("--pass-mark", "2", "2.0 is not a pass mark"),
    ("--date", "", "'' is not a date"),
])
@pytest.mark.slow
def test_diploma_refuses_a_bad_pass_mark_or_an_empty_date(flag, value, needle, tmp_path):
    refused(run("diploma", "--name", "X", "--paper", "1", "--answers", _key(1),
                "--out", str(tmp_path), flag, value), needle)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_printables_onto_an_existing_file_exits_2_and_leaves_it(tmp_path):
    existing = tmp_path / "notes.txt"
    existing.write_text("x")
    refused(run_module("knbook.course.printables", "--only-exams", "--exam-seeds", "1",
                       "--out", str(existing)), "is a file, not a folder")
    assert existing.read_text() == "x" and sorted(tmp_path.iterdir()) == [existing]


@pytest.mark.parametrize(("args", "needle"), [
    (["--exam-seeds", "1", "--jobs", "0"], "'0' is not a number of processes"),
    (["--exam-seeds", "1", "--jobs", "-3"], "'-3' is not a number of processes"),
    (["--exam-seeds", "1", "--jobs", "٢"], "'٢' is not a number of processes"),
    (["--exam-seeds", BIG], "a paper's number of 5000 digits is too long"),
    (["--exam-seeds", "-1"], "'-1' is not a paper's number"),
    ([], "none is given"),
])
@pytest.mark.slow
def test_printables_refuse_nonsense(args, needle, tmp_path):
    out = tmp_path / "out"
    refused(run_module("knbook.course.printables", "--only-exams", "--out", str(out), *args),
            needle)
    assert not out.exists()


@pytest.mark.slow
def test_printables_refuse_an_empty_folder_name(tmp_path):
    out = subprocess.run([sys.executable, "-m", "knbook.course.printables", "--only-exams",
                          "--exam-seeds", "1", "--out", ""], capture_output=True, text=True,
                         cwd=tmp_path, timeout=300)
    refused(out, "'' is not a folder")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_five_thousand_digits_typed_into_play_are_refused_with_a_message():
    out = run_module("knbook", "play", "--seed", "3", stdin=f"{BIG}\nquit\n")
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr[-500:]
    assert "a number of 5000 digits is too long" in out.stdout
    assert "Goodbye." in out.stdout


@pytest.mark.parametrize(("flag", "value"), [
    ("--seed", "٣"), ("--players", "٥"), ("--seat", "١"), ("--deals", "١"), ("--seed", BIG),
    ("--seat", ""), ("--players", "4.0"),
])
@pytest.mark.slow
def test_play_refuses_numbers_not_in_the_digits_0_to_9(flag, value):
    out = run_module("knbook", "play", flag, value, stdin="quit\n")
    refused(out, "is not a whole number: write it in the digits 0-9")
    assert out.stdout == ""  # nothing was dealt


@pytest.mark.parametrize("command", ["explain", "roles", "questions"])
@pytest.mark.parametrize(("lang", "words"), [("en", "(default: knueffeln, Knüffeln"),
                                             ("de", "(Vorgabe: knueffeln, Knüffeln")])
def test_the_help_says_the_game_defaults_to_knueffeln(command, lang, words, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--lang", lang, command, "--help"])
    assert exit_.value.code == 0
    assert words in " ".join(capsys.readouterr().out.split())
