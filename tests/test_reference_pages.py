"""The roles page's table of examples (knbook.course.reference_pages): each game's role-table
example is a fact of its module (:attr:`knlib.games.Ruleset.ROLE_EXAMPLE`), worded and cited
by the book."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from toy_game import TOY, KarniffelWithoutSixes

import knlib
from knbook.course.reference_pages import role_examples, role_examples_md
from knlib.games import GAMES, RULESETS, RoleExample, registered, ruleset
from knlib.sources import SOURCES, seed_of

BOOK = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_an_example_from_a_source_or_from_a_registered_game(game):
    example = ruleset(game).ROLE_EXAMPLE
    assert isinstance(example, RoleExample) and example.words
    rules = ruleset(game)
    assert rules.check_chosen(example.chosen)
    if example.like:  # for comparison: the suits of a registered game's own example
        assert not example.source and example.like in RULESETS and example.like != game
        copied = ruleset(example.like).ROLE_EXAMPLE
        assert copied is not None and not copied.like and copied.chosen == example.chosen
    else:
        assert seed_of(example.source) in SOURCES


def test_the_roles_page_lists_every_game_once_in_the_registrys_order():
    assert list(role_examples()) == list(GAMES)
    with registered(KarniffelWithoutSixes):  # a variant of one's own inherits an example
        assert list(role_examples()) == [*GAMES, TOY]
        assert role_examples_md().count("\n| ") == len(GAMES) + 1


def _stored_markdown(notebook: Path) -> str:
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        if "role_examples_md()" in "".join(cell["source"]):
            return "".join(cell["outputs"][0]["data"]["text/markdown"])
    raise AssertionError(f"no role_examples_md() cell in {notebook}")


def test_the_table_reads_as_the_roles_page_shows_it():
    assert role_examples_md() == _stored_markdown(BOOK / "book/reference/roles.ipynb")
    with knlib.language("de"):
        german = role_examples_md()
    rows = german.splitlines()
    assert rows[:2] == ["| Spiel | gewählt | warum |", "|---|---|---|"]
    assert rows[2] == ("| Knüffeln (Bohmstedt) | Herz und Pik | der Beispielstich bei "
                       "{cite:t}`mcleod-knueffeln` |")
    assert rows[4] == ("| Knüffeln (Bernhard 1924) | Kreuz und Herz | das Beispiel im "
                       "Wikipedia-Artikel „Knüffeln“ {cite:p}`wikipedia-knueffeln` |")
    assert rows[6] == "| Stýrivolt | Herz und Pik | wie Knüffeln, zum Vergleich |"
    assert rows[7] == ("| Karniffel (Thüringen 1783) | Grün und Schellen | Grün und Schellen, "
                       "das Beispiel im Wikipedia-Artikel „Karniffel“ "
                       "{cite:p}`wikipedia-karniffel` |")
    assert rows[9] == ("| Karnoffel (2024, eine Rangfolge) | Herz | Kelche, als Herz gelesen, "
                       "im Beispiel bei {cite:t}`lunar-lands-2024` |")
