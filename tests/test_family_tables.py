"""The family chapters' tables (issue 25, items 1 and 6): the tables say what each rule is,
with no source in their rows, and :func:`where_from` names the sources once, in reader's
words, for the chapter's "Where the sources differ" section."""

from __future__ import annotations

import re
from html import unescape

import pytest
from toy_game import KarniffelWithoutSixes

import knlib
from knbook.course.family_tables import (
    BRANCHES,
    FACTS_HEADER,
    RuleRow,
    citations,
    deal_rules,
    game_facts,
    inherited_and_changed,
    one_suit_rules,
    rules_table,
    timeline_rows,
    where_from,
)
from knbook.pictures import TIMELINE
from knbook.pictures.comparison import compared
from knlib import GAMES
from knlib.errors import RulesError
from knlib.games import Branch, TableRule, branch_heads, registered, ruleset
from knlib.sources import SOURCES

#: A citation as the book's tests find one: a source's reader name, a seed file, a rules file.
CITATION = [s.reader for s in SOURCES.values()] + ["seed 0", ".md", "rules/README"]
#: ... and, in a table of rules, any source's author at all.
CITED = [*CITATION, "Parlett", "Wikipedia", "Overby", "McLeod"]


def _text(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html))


TABLES = {
    "karniffel": (["rule", "Karniffel"], deal_rules("karniffel")),
    "karnoeffel": (["rule", "2001", "2024"], one_suit_rules(["karnoeffel", "karnoeffel-2024"])),
    "facts": (FACTS_HEADER, game_facts(GAMES)),
    "inherited": (["the idea", *BRANCHES], inherited_and_changed()),
    "timeline": (["when", "branch", "event"], timeline_rows()),
}


@pytest.mark.parametrize("name", TABLES)
def test_the_tables_cite_nothing_and_every_row_has_a_source(name):
    header, rows = TABLES[name]
    text = _text(rules_table(header, rows))
    # The timeline is about the sources: an event may be a publication ("Overby & Sanders
    # publish ..."), but no row cites one.
    assert not [c for c in (CITATION if name == "timeline" else CITED) if c in text], text
    for r in rows:
        assert citations(r.source), f"{name}: row {r.rule!r} names no source"


@pytest.mark.parametrize("name", TABLES)
def test_where_from_names_every_row_once_in_readers_words(name):
    _, rows = TABLES[name]
    box = where_from(rows, lead="Where it is written.")
    assert box.startswith("**Where it is written.**")
    items = [line for line in box.splitlines() if line.startswith("- ")]
    named = [rule for line in items for rule in line[3:line.index("*:")].split(", ")]
    assert sorted(named) == sorted(r.rule for r in rows)
    for bad in ("seed 0", ".md", "rules/README", "[S", "[A"):
        assert bad not in box, (bad, box)
    assert any(s.reader in box for s in SOURCES.values())


def test_citations_drop_the_notes_and_keep_the_sections():
    assert citations("seed 002, 'Preliminaries': turn two; if the same suit, more") == \
        "the Wikipedia article “Karniffel”, after Wieland (1783), “Preliminaries”"
    # a colon inside a parenthesis is part of the citation, not a note
    assert citations("seed 002, 'History' (the summary: Nördlingen, 1426)").endswith(
        "“History” (the summary: Nördlingen, 1426)")
    # one source named once, with its two sections; an assumption stays marked
    assert citations("seed 000, 'The Play': five tricks; seed 000, 'Scoring': cents") == \
        "McLeod after Eaton (2021), “The Play” and “Scoring”"
    assert citations("styrivolt.md, 'Players, pack, deal' [A]").endswith("(our assumption)")
    assert citations("styrivolt.md, 'Players, pack, deal': 48 cards [S: Parlett]") == \
        "Parlett, The Penguin Book of Card Games, “Players, pack, deal”"
    assert citations("nothing cited here") == ""


def test_rows_with_the_same_sources_share_a_line():
    rows = [RuleRow("players", (4,), "seed 002, 'Preliminaries': four"),
            RuleRow("cut", ("yes",), "seed 002, 'Preliminaries': rearhand"),
            RuleRow("tricks", (3,), "seed 002, 'Aim': three"),
            RuleRow("computed", (1,))]
    box = where_from(rows, lead="L")
    assert "- *players, cut*: the Wikipedia article" in box
    assert "- *tricks*: " in box and "computed" not in box
    with pytest.raises(RulesError, match="none of the rows names a source"):
        where_from([RuleRow("computed", (1,))], lead="L")


def test_a_row_must_fill_the_columns():
    with pytest.raises(RulesError, match="'players' has 2 values for the 1 columns"):
        rules_table(["rule", "Karniffel"], [RuleRow("players", (4, 6))])


def test_the_tables_say_what_the_computer_plays():
    karniffel = _text(rules_table(["rule", "Karniffel"], deal_rules("karniffel")))
    assert "4 or 6" in karniffel and "the Banner for the turn-up of its suit" in karniffel
    assert "no chosen Seven may be led to it" in karniffel
    one_suit = {r.rule: r.values for r in one_suit_rules(["karnoeffel", "karnoeffel-2024"])}
    assert one_suit["the first trick"] == ("no chosen Seven may be led to it",
                                           "no chosen Seven may be played in it")
    assert one_suit["the chosen suit comes from"] == ("the lowest face-up card",) * 2
    facts = {r.rule: r.values for r in game_facts(GAMES)}
    assert facts["Karniffel (Thuringia 1783)"][:2] == (36, "2 3 4 5")
    assert facts["Knüffeln (Bohmstedt)"][3] == "♥2 ♣4 ♠8 ♥9 ♦9"
    changed = {r.rule: r.values for r in inherited_and_changed()}
    assert changed["chosen Two"][1] == "not in the pack"
    assert [r.rule for r in timeline_rows()] == [e.when for e in TIMELINE]


def test_the_comparisons_refusals_cite_nothing():
    refused = [why for _, _, cell, why in compared(["D4", "S3", "DA", "C8"], "HS")
               if cell == "—"]
    assert len(refused) == 3  # Karniffel has no Four, the Karnöffel versions no Ace
    for why in refused:
        assert "is not in the" in why and not [c for c in CITED if c in why], why


# -- the branches, and the table rules each game states -------------------------------------------

def test_the_branch_heads_come_from_the_registry_oldest_branch_first():
    assert branch_heads() == ("karnoeffel", "karniffel", "styrivolt", "knueffeln")
    assert [ruleset(g).BRANCH for g in branch_heads()] == list(Branch)
    assert branch_heads() == BRANCHES
    with registered(KarniffelWithoutSixes):  # a later game of a branch heads nothing
        assert branch_heads() == BRANCHES


@pytest.mark.parametrize("game", GAMES)
def test_every_game_states_its_branch_and_its_table_rules_with_their_sources(game):
    rules = ruleset(game)
    assert isinstance(rules.BRANCH, Branch)
    for rule in (rules.FOLLOW_SUIT, rules.PARTNER_TALK):
        assert isinstance(rule, TableRule) and rule.words and citations(rule.source), rule


def test_the_default_branches_keep_the_typed_rows():
    rows = {r.rule: r for r in inherited_and_changed()}
    assert rows["follow suit?"].values == ("no", "no", "no (our assumption)", "no")
    assert rows["talk between partners"].values == (
        "unlimited table talk", "the director sees his team's cards", "not known",
        "open talk, but no card may be named")
    assert rows["talk between partners"].source == (
        "seed 003, 'Play'; seed 002, 'Preliminaries'; styrivolt.md; seed 000, 'Communication'")


def test_any_choice_of_games_gets_the_table_rules():
    games = ["knueffeln-1924", "karnoeffel-2024"]
    rows = {r.rule: r for r in inherited_and_changed(games)}
    assert rows["follow suit?"].values == ("no", "no (our assumption)")
    assert rows["talk between partners"].values == (
        "open talk, in a roundabout way; even fibbing is allowed", "not known")
    assert rows["follow suit?"].source == "seed 001, 'Playing'; seed 004, 'How to Play'"
    with knlib.language("de"):
        german = {r.rule: r.values for r in inherited_and_changed(games)}
    assert german["Farbe bekennen?"] == ("nein", "nein (unsere Annahme)")
