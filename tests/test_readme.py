"""The README (issue 26, item 4) says what is so: its tour runs as a doctest (`make
doctest`), its picture is what knlib draws now, every path of its layout exists, its games
are knlib's with their numbers of players, its commands are the command line's, and it
tells no history."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import knlib
from knbook.cli import COMMANDS

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    start = README.index(f"## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start:end if end > 0 else None]


def test_the_tour_is_run_by_make_doctest():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    rule = makefile[makefile.index("\ndoctest:"):].split("\n\n")[0]
    assert "--doctest-glob=README.md README.md" in rule
    assert README.count(">>> ") >= 15  # a tour, not a token example


def test_the_picture_is_what_knlib_draws_now():
    tool = runpy.run_path(str(ROOT / "tools" / "readme_picture.py"))
    assert (ROOT / "docs" / "trick.svg").read_text(encoding="utf-8") == tool["picture"](), (
        "docs/trick.svg is stale: run python tools/readme_picture.py")
    game, cards, chosen = tool["TRICK"]
    assert "(docs/trick.svg)" in README
    # The caption's claim: the second card, the chosen Three, wins.
    assert knlib.trick_winner(game, cards, chosen) == 1


def test_every_link_and_path_in_the_readme_exists():
    links = re.findall(r"\]\(([^)#]+)\)", README)
    assert links
    for link in links:
        assert (ROOT / link).exists(), link
    layout = section("Layout")
    block = layout[layout.index("```\n") + 4:layout.rindex("```")]
    parent = ""
    named = []
    for line in block.splitlines():
        if not line.strip() or line.startswith(" " * 10):
            continue  # a description's continued line
        indent = len(line) - len(line.lstrip())
        words = line.strip().split("  ")[0].split()
        for word in words:
            path = (parent if indent else "") + word
            named.append(path)
            if not indent and word.endswith("/"):
                parent = word
    assert {"knlib/rules/", "knlib/games/", "knbook/__main__.py", "knbook/play/"} <= set(named)
    for path in named:
        assert (ROOT / path).exists(), f"the layout names {path}, which is not there"
    folders = "knlib|knbook|tests|tools|book|benchmarks|requirements"
    for path in re.findall(rf"`((?:{folders})/[\w./-]+)`", README):
        assert (ROOT / path).exists(), path


def allowed_players(game: str) -> set[int]:
    ok = set()
    for n in range(2, 8):
        try:
            knlib.new_deal(game, seed=0, players=n)
        except knlib.RulesError:
            continue
        ok.add(n)
    return ok


def test_the_games_table_is_knlibs_games_with_their_players():
    rows = [r for r in section("The games").splitlines() if r.startswith("| `")]
    ids = [re.match(r"\| `([\w-]+)`", r).group(1) for r in rows]
    assert ids == list(knlib.GAMES)
    for row, game in zip(rows, ids, strict=True):
        players = row.split("|")[3]
        assert {int(n) for n in re.findall(r"\d+", players)} == allowed_players(game), row


def test_the_shell_commands_are_the_command_lines():
    used = set(re.findall(r"^knlib (\w+)", README, re.M))
    assert used and used <= set(COMMANDS)
    assert "Rules live in `knlib/games/`" in README


def test_no_history_of_development():
    for pattern in (r"\bsession \d", r"\bsessions \d", r"\bissue \d", r"\bwas \S+, now\b",
                    r"\bbefore session\b", r"\bnot met\b"):
        assert not re.search(pattern, README, re.IGNORECASE), pattern


def test_the_time_budgets_it_names_are_the_terminals():
    from knbook.play import THINKING_SECONDS

    text = " ".join(README.split())
    assert (f"gives them {THINKING_SECONDS['sampling']:g} s and "
            f"{THINKING_SECONDS['solver']:g} s") in text
    assert f"time budget ({THINKING_SECONDS['solver']:g} s" in text
