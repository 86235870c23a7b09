"""Each game's words live in its own module (issue 38): the glossary gathers every game's
terms (:attr:`knlib.games.Ruleset.glossary_terms`) from the registry, names no game itself,
and takes in a game added for a while."""

from __future__ import annotations

import ast
import inspect

from toy_game import KarniffelWithoutSixes

import knlib
import knlib.games.family as family
from knlib.engine.deal import deal_questions
from knlib.games import RULESETS, registered
from knlib.games.terms import glossary_term
from knlib.players.talk import glossary
from knlib.players.talk.glossary import GLOSSARY, games_glossary


def holders() -> list[type]:
    """The registered games that declare terms of their own."""
    return [cls for cls in RULESETS.values() if "glossary_terms" in vars(cls)]


def test_every_term_comes_from_one_game_module():
    held = [t for cls in holders() for t in cls.glossary_terms]
    assert sorted(held, key=lambda t: t.id) == sorted(GLOSSARY, key=lambda t: t.id)
    assert len(held) == len(set(held)) == len(GLOSSARY)


def test_a_term_is_held_by_the_module_of_its_first_game():
    for cls in holders():
        for t in cls.glossary_terms:
            assert RULESETS[t.games[0]].__module__ == cls.__module__, (t.id, cls.id)
            assert set(t.games) <= set(RULESETS), t.id


def test_the_glossary_takes_the_games_in_the_order_of_their_sources():
    first_of = {}
    for i, t in enumerate(GLOSSARY):
        first_of.setdefault(t.games[0], i)
    assert GLOSSARY[0].id == "abschmeissen"  # seed 000's list comes first
    assert first_of["knueffeln"] < first_of["karniffel"] < first_of["karnoeffel"] \
        < first_of["styrivolt"]


def test_the_glossary_module_names_no_game():
    tree = ast.parse(inspect.getsource(glossary))
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    names |= {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
    strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)}
    classes = {cls.__name__ for cls in RULESETS.values()}
    assert not names & ({"KNUEFFELN", "STYRIVOLT", "KARNIFFEL", "KARNOEFFEL"} | classes)
    assert not strings & set(RULESETS)


class KarniffelWithAWord(KarniffelWithoutSixes):
    """The toy game with a word of its own."""

    id = "karniffel-with-a-word"
    glossary_terms = (glossary_term("Sechserloch", "The gap the missing Sixes leave.",
                                    source="tests/test_game_words.py",
                                    games=("karniffel-with-a-word",)),)


def test_a_game_added_for_a_while_brings_its_words():
    with registered(KarniffelWithoutSixes):  # inherits Karniffel's terms: counted once
        assert list(games_glossary()) == list(GLOSSARY)
    with registered(KarniffelWithAWord):
        added = games_glossary()
        assert list(added)[:-1] == list(GLOSSARY)
        assert added["Sechserloch"].games == ("karniffel-with-a-word",)
    assert "Sechserloch" not in games_glossary()



def test_every_open_question_has_its_heading_from_its_games_module():
    """The headings of the open questions are stated with the questions (seed 000 and the
    other sources leave them open: each game's module says so), not in a table by topic:
    every question of every game has one, read in the current language, and a game added
    for a while brings its own."""
    for game in RULESETS:
        questions = [*knlib.open_questions(game), *deal_questions(game)]
        assert questions and all(q.heading for q in questions), game
        with knlib.language("de"):
            german = [q.title for q in questions]
        assert any(g != q.title for g, q in zip(german, questions, strict=True)), game
    with registered(KarniffelWithoutSixes):
        toy = deal_questions(KarniffelWithoutSixes.id)
        assert [q.title for q in toy if q.topic == "toy_cut"] == ["The toy's cut"]
    assert not hasattr(family, "TITLES")
