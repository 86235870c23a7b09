"""Rule sets are shared values (issue 11, part 4): ``ruleset(...)`` hands out one cached
object per game and options, so nothing may change it, and copies come back as it."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

import knlib
from knlib import Card, RulesError, ruleset


def _snapshot(rules):
    """What a later caller of ``ruleset(rules.id)`` relies on."""
    return (dict(rules.options), rules.pack, dict(rules.roles("HS"[: rules.n_chosen])),
            knlib.trick_winner(rules, ["D9", "S7", "DK", "C8"], "HS"[: rules.n_chosen]))


@pytest.mark.parametrize("game", knlib.GAMES)
def test_options_cannot_be_changed(game):
    rules = ruleset(game)
    before = _snapshot(rules)
    name = next(iter(rules.options))
    with pytest.raises(TypeError):
        rules.options[name] = "something else"
    with pytest.raises(TypeError):
        del rules.options[name]
    with pytest.raises(AttributeError):
        rules.options.update({name: "x"})
    assert ruleset(game) is rules and _snapshot(ruleset(game)) == before


@pytest.mark.parametrize("attribute", ["options", "pack", "_roles", "id", "something_new"])
def test_attributes_cannot_be_set_or_deleted(attribute):
    rules = ruleset("knueffeln")
    before = _snapshot(rules)
    with pytest.raises(dataclasses.FrozenInstanceError, match="a rule set"):
        setattr(rules, attribute, {})
    if hasattr(rules, attribute):
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(rules, attribute)
    assert _snapshot(ruleset("knueffeln")) == before


def test_a_game_with_its_own_tables_is_frozen_too():
    rules = ruleset("karnoeffel-2024")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules._place = {}
    assert knlib.trick_winner(rules, ["C7", "CJ"], "C") == 1  # seed 004: the Karnoffel wins


def test_role_tables_are_read_only():
    rules = ruleset("knueffeln")
    roles = rules.roles("HS")
    best = roles[Card("H2")]
    with pytest.raises(TypeError):
        roles[Card("H2")] = roles[Card("D3")]
    assert ruleset("knueffeln").roles("HS")[Card("H2")] is best
    assert best.term == "de Beste"  # seed 000, 'The Cards and their Ranking'


def test_other_options_are_another_ruleset_and_bad_ones_are_refused():
    plain = ruleset("knueffeln")
    other = ruleset("knueffeln", ties="suit_priority")
    assert other is not plain and other != plain
    assert other.options["ties"] == "suit_priority" and plain.options["ties"] == "first"
    assert ruleset(plain, ties="suit_priority") == other
    with pytest.raises(RulesError, match="'nope' is not an option of knueffeln"):
        ruleset("knueffeln", nope="x")
    assert ruleset("knueffeln") is plain and plain.options["ties"] == "first"


@pytest.mark.parametrize("game", knlib.GAMES)
def test_copies_are_the_shared_ruleset(game):
    rules = ruleset(game)
    assert pickle.loads(pickle.dumps(rules)) is rules
    assert copy.deepcopy(rules) is rules and copy.copy(rules) is rules
    changed = ruleset("karnoeffel-2024", ties="led_suit")
    assert pickle.loads(pickle.dumps(changed)) is changed


# -- role classes (issue 11, part 4: role class is an enum) ------------------------------------


def _every_chosen(rules):
    """Every choice of chosen suits a game allows (one suit, or two different suits)."""
    suits = "CDHS"
    if rules.n_chosen == 1:
        return [(s,) for s in suits]
    return [(a, b) for a in suits for b in suits if a != b]


@pytest.mark.parametrize("game", knlib.GAMES)
def test_every_role_has_a_role_class_of_the_enum(game):
    from knlib.games import RoleClass

    rules = ruleset(game)
    seen = set()
    for chosen in _every_chosen(rules):
        for card, role in rules.roles(chosen).items():
            assert type(role.klass) is RoleClass, (game, chosen, card, role.klass)
            seen.add(role.klass)
    assert len(seen) >= 4  # every game tells at least four classes apart


def test_a_role_class_reads_as_its_text_and_unknown_classes_are_refused():
    from knlib.games import Role, RoleClass

    role = ruleset("knueffeln").roles("HS")[Card("S8")]
    assert role.klass is RoleClass.OLE and role.klass == "Ole"
    assert f"{role.klass}" == str(role.klass) == "Ole" and f"{role.klass:<5}|" == "Ole  |"
    assert json_text(role.klass) == '"Ole"'
    again = dataclasses.replace(role, klass="free card")  # its text is accepted
    assert again.klass is RoleClass.FREE_CARD
    for bad in ("ole", "trump", "", None, 3):
        with pytest.raises(RulesError, match="is not a role class"):
            dataclasses.replace(role, klass=bad)
    with pytest.raises(RulesError, match="not a role class"):
        Role(Card("H2"), "Olen", "x", None, "x", "x", "x")


def test_every_role_class_has_words_in_the_questions_and_a_place_in_the_tables():
    """The course's class words and the display's tiers name only role classes, and the
    questions have words for every class."""
    from knbook.course.card_questions import CLASS_PLURAL, CLASS_SINGULAR
    from knlib.games import RoleClass
    from knlib.render.card_face import _TIER_OF_CLASS

    assert set(CLASS_PLURAL) == set(CLASS_SINGULAR) == set(RoleClass)
    assert all(type(k) is RoleClass for k in _TIER_OF_CLASS)


def json_text(value):
    import json

    return json.dumps(value)
