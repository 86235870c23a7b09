"""The one "takes" relation (issue 11, 'Each rule stated once'): knlib.rules.tricks.takes and
Takes agree with the rule sets' own trick rule (seed 000, 'The Play': a later card takes
the lead when it beats the card ahead; the other games' winner orders), and the habits of
the computer players mean the same on numbers and on numpy arrays."""

import random

import pytest

import knlib
from knlib import RulesError
from knlib.players import habits
from knlib.rules.tricks import Takes, takes, takes_relation

RULE_SETS = [knlib.ruleset(g) for g in knlib.GAMES] + [
    knlib.ruleset("knueffeln", ties="suit_priority"),  # no fast table: the slow path
    knlib.ruleset("karnoeffel", stecher_blocked_by="any_suit"),  # ranks depend on the trick
]


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.id}{dict(r.options)}")
def test_takes_is_the_rule_sets_trick_rule(rules):
    rng = random.Random(rules.id)
    for _ in range(1500):
        chosen = tuple(rng.sample("CDHS", rules.n_chosen))
        cards = rng.sample(rules.pack, rng.randint(2, 4))
        *trick, card = cards
        relation = takes_relation(rules, chosen)
        want = rules.ahead_sequence(cards, chosen)[-1] == len(trick)
        assert relation(card, trick) == want, cards
        assert relation(card, trick, relation.ahead(trick)) == want, cards
        led, other = cards[:2]
        assert relation.led(other, led) == (rules.ahead_sequence([led, other], chosen)[-1] == 1)
    assert isinstance(takes_relation(rules, chosen), Takes)


def test_takes_checks_its_input_and_reads_texts():
    # Seed 000, 'The Cards and their Ranking': the chosen Three (Drist) takes a led plain
    # Four; the Ace of diamonds does not take the Drist.
    assert takes("knueffeln", "S3", "D4", "HS") is True
    assert takes("knueffeln", "DA", "D4 S3", "HS") is False
    assert takes("knueffeln", "DA", ["D4"], "HS") is True  # a higher card of the led suit
    with pytest.raises(RulesError, match="at least one card"):
        takes("knueffeln", "DA", [], "HS")
    with pytest.raises(RulesError, match="Four of Diamonds"):
        takes("karniffel", "S7", "D4", "SH")  # no Fours in the German pack
    with pytest.raises(RulesError):
        takes("knueffeln", "S3", "D4", "HHH")


def test_the_relation_is_cached_per_choice_of_suits():
    a = takes_relation("knueffeln", "HS")
    assert takes_relation("knueffeln", "SH") is a
    assert takes_relation("knueffeln", "HD") is not a


# -- the habits: one definition for numbers and arrays ------------------------------------------

np = pytest.importorskip("numpy")

HABITS = [
    (habits.is_strong, 1), (habits.is_sure, 1), (habits.takes_offer, 2),
    (habits.lead_key, 3), (habits.wins_lead, 2), (habits.follow_key, 3),
    (habits.turns, 3), (habits.may_turn, 2), (habits.runs, 3), (habits.plays_on, 2),
    (habits.plays_alone, 1),
]


@pytest.mark.parametrize("habit,arity", HABITS, ids=lambda h: getattr(h, "__name__", ""))
def test_each_habit_means_the_same_on_numbers_and_arrays(habit, arity):
    rng = np.random.default_rng(1)
    for _ in range(50):
        args = [rng.integers(-1, 12, size=20) for _ in range(arity)]
        if habit in (habits.wins_lead, habits.follow_key):
            args[0] = args[0] > 5  # a card that takes the lead (a truth value)
            if habit is habits.wins_lead:
                args[1] = args[1] > 5
        if habit is habits.turns:
            args[2] = args[2] > 5  # the side has lost a trick
        out = habit(*args)
        for i in range(20):
            scalar = habit(*(a[i].item() for a in args))
            assert scalar == out[i], (habit.__name__, [a[i] for a in args])


def test_the_habits_orders():
    # Leading: fewest unseen takers first, then the weaker card, then the lower index.
    assert habits.lead_key(0, 90, 40) < habits.lead_key(1, 10, 3)
    assert habits.lead_key(1, 10, 40) < habits.lead_key(1, 11, 3)
    # Following: a card that wins the lead before any other, then the weaker card.
    assert habits.follow_key(True, 90, 40) < habits.follow_key(False, 10, 3)
    assert habits.follow_key(False, 10, 40) < habits.follow_key(False, 11, 3)
    assert not habits.wins_lead(True, True)  # partner ahead: never overtake
    assert habits.runs(0, 5, 2) and not habits.runs(4, 5, 2) and not habits.runs(0, 5, 3)
