"""Property-based checks of the trick engine (issue 2, "Tests"), plus bad input."""

import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

import knlib
from knlib import Card, RulesError, explain_trick, trick_winner
from knlib.cards import SUITS
from knlib.rules.tricks import fast_table

OLEN = [Card(c) for c in ("H2", "C4", "S8", "H9", "D9")]
CHAIN_GAMES = ["knueffeln", "knueffeln-hattstedt", "knueffeln-1924", "knueffeln-1938", "styrivolt"]


def bohmstedt_beats(card, ahead, chosen):
    """Seed 000's bullet list for 'The Play', written out independently of the engine."""
    def power(c):
        if c in OLEN:
            return 20 - OLEN.index(c)
        if c.suit in chosen:
            return {14: 6, 11: 5, 6: 4, 2: 3, 3: 2, 4: 1}.get(c.rank, 0)
        return 0

    own_ace = card.rank == 14 and card.suit == ahead.suit and ahead.suit not in chosen
    if ahead.suit in chosen and ahead.rank == 7 and ahead not in OLEN:
        return False
    if power(ahead):
        return power(card) > power(ahead)
    if ahead.suit in chosen and ahead.rank in (8, 9):
        return power(card) >= 5
    if ahead.suit not in chosen and ahead.rank == 14:
        return power(card) >= 4
    if ahead.rank == 13:
        return power(card) >= 3 or own_ace
    if ahead.rank == 12:
        return power(card) >= 2 or own_ace
    return power(card) >= 1 or own_ace


def tricks(game, min_size=1, max_size=None):
    rules = knlib.ruleset(game)
    size = max_size or rules.max_table
    chosen = st.lists(st.sampled_from(SUITS), min_size=rules.n_chosen, max_size=rules.n_chosen,
                      unique=True)
    cards = st.lists(st.sampled_from(rules.pack), min_size=min_size, max_size=size, unique=True)
    return st.tuples(cards, chosen)


@settings(max_examples=examples(400), deadline=None)
@given(tricks("knueffeln", 1, 5))
def test_bohmstedt_agrees_with_seed000_bullets(case):
    cards, chosen = case
    ahead = 0
    for i in range(1, len(cards)):
        if bohmstedt_beats(cards[i], cards[ahead], chosen):
            ahead = i
    assert trick_winner("knueffeln", cards, chosen) == ahead


@pytest.mark.parametrize("game", [g for g in CHAIN_GAMES if g != "styrivolt"] + ["styrivolt"])
@settings(max_examples=examples(100), deadline=None)
@given(data=st.data())
def test_led_chosen_seven_always_wins(game, data):
    chosen = data.draw(st.lists(st.sampled_from(SUITS), min_size=2, max_size=2, unique=True))
    seven = Card.of(chosen[0], 7)
    rest = data.draw(st.lists(st.sampled_from([c for c in knlib.pack(game) if c != seven]),
                              min_size=1, max_size=3, unique=True))
    assert trick_winner(game, [seven, *rest], chosen) == 0


@pytest.mark.parametrize("game", knlib.GAMES)
@settings(max_examples=examples(150), deadline=None)
@given(data=st.data())
def test_adding_a_card_that_cannot_beat_never_changes_the_winner(game, data):
    cards, chosen = data.draw(tricks(game, 2))
    before = trick_winner(game, cards[:-1], chosen)
    after = trick_winner(game, cards, chosen)
    assert after in (before, len(cards) - 1)


@pytest.mark.parametrize("game", knlib.GAMES)
@settings(max_examples=examples(150), deadline=None)
@given(data=st.data())
def test_result_does_not_depend_on_spelling(game, data):
    cards, chosen = data.draw(tricks(game))
    symbols = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
    rank_text = {10: ["10", "T", "t"], 11: ["J", "j"], 12: ["Q", "q"], 13: ["K", "k"],
                 14: ["A", "a"]}

    def spell(c):
        suit = data.draw(st.sampled_from([c.suit, c.suit.lower(), symbols[c.suit]]))
        rank = data.draw(st.sampled_from(rank_text.get(c.rank, [str(c.rank)])))
        return data.draw(st.sampled_from([suit + rank, rank + suit]))

    chosen_text = "".join(data.draw(st.sampled_from([s, s.lower(), symbols[s]])) for s in chosen)
    assert trick_winner(game, [spell(c) for c in cards], chosen_text) == trick_winner(
        game, cards, chosen)


OPTION_VARIANTS = [knlib.ruleset(g) for g in knlib.GAMES] + [
    knlib.ruleset("knueffeln", ties="suit_priority"),
    knlib.ruleset("styrivolt", beater_thresholds="any_beater"),
    knlib.ruleset("karniffel", chosen_plain_order="natural"),
    knlib.ruleset("karnoeffel", stecher_blocked_by="any_suit"),
    knlib.ruleset("karnoeffel-2024", ties="led_suit"),
]


@pytest.mark.parametrize("rules", OPTION_VARIANTS, ids=repr)
@settings(max_examples=examples(150), deadline=None)
@given(data=st.data())
def test_fast_path_explanation_and_partial_tricks_agree(rules, data):
    cards, chosen = data.draw(tricks(rules.id))
    winner = trick_winner(rules, cards, chosen)
    expl = explain_trick(rules, cards, chosen)
    assert expl.winner == winner
    assert len(expl.steps) == len(cards)
    # Partial tricks: the step's 'ahead' is the winner of the trick cut there.
    for i, step in enumerate(expl.steps):
        assert step.ahead == trick_winner(rules, cards[: i + 1], chosen)
        assert str(step).startswith(f"{knlib.rules.tricks.ordinal(i + 1)}: ")
    table = fast_table(rules, chosen)
    if table is not None:
        assert table.winners([[c.index for c in cards]]) == [winner]


def test_explain_names_position_card_role_ahead_and_reason():
    expl = explain_trick("knueffeln", ["D4", "S3", "DA", "C8"], "HS")
    assert expl.winner == 1
    s = [str(x) for x in expl.steps]
    assert s[1].startswith("2nd: ♠3 is a Drist (chosen Three)")
    assert "♦4" in s[1] and "now leads the trick" in s[1]
    assert s[2].startswith("3rd: ♦A is an unchosen Ace (Fehl-As)")
    assert "♠3" in s[2] and "a higher beater or an Ole" in s[2] and "stays ahead" in s[2]


def test_explain_tie_says_earlier_stays_ahead():
    s = str(explain_trick("knueffeln", ["HA", "SA"], "HS").steps[1])
    assert "equal" in s and "earlier" in s


def test_explain_karniffel_uses_german_display():
    expl = explain_trick("karniffel", ["CA", "SQ"], "SD")
    assert "♠O" in str(expl.steps[1]) and "Oberkarniffel" in str(expl.steps[1])


def test_open_questions_cover_the_named_examples():
    def topics(game):
        return {q.topic for q in knlib.open_questions(game)}
    assert "stecher_blocked_by" in topics("karnoeffel")
    assert "chosen_plain_order" in topics("karniffel")
    assert "ties" in topics("karnoeffel-2024")
    assert {"ties", "beater_thresholds", "chain_rule"} <= topics("styrivolt")
    for game in knlib.GAMES:
        for q in knlib.open_questions(game):
            assert q.source and q.default and q.question


def test_roles_show_changes_with_chosen_suits():
    assert knlib.role("knueffeln", "H2", "HS").term == "de Beste"
    assert knlib.role("knueffeln", "H2", "HS").note  # hearts chosen: hearts has no Twist
    assert knlib.role("knueffeln", "S2", "HS").term == "Twist"
    assert knlib.role("knueffeln", "S2", "CD").klass == "dud"
    twists = [r for r in knlib.roles("knueffeln", "HS").values() if r.term == "Twist"]
    assert [r.card for r in twists] == [Card("S2")]


# ---- bad input (issue 2, item 6) ------------------------------------------------------------


@pytest.mark.parametrize(
    "game,cards,chosen,needle",
    [
        ("knueffeln", ["D4", "X9"], "HS", "'X9'"),
        ("no-such-game", ["D4"], "HS", "'no-such-game'"),
        ("knueffeln", ["D4", "H5"], "HS", "♥5"),  # no Fives in today's Knüffeln
        ("knueffeln-1924", ["H10"], "HS", "♥10"),  # no Tens in Bernhard's
        ("karnoeffel", ["HA"], "H", "♥A"),  # no Aces in Karnöffel
        ("knueffeln", ["D4", "4D"], "HS", "twice"),
        ("knueffeln", [], "HS", "at least one card"),
        ("knueffeln", ["D4", "S3", "DA", "C8", "C9", "C10"], "HS", "more than"),
        ("knueffeln-hattstedt", ["D4", "S3", "DA", "C8", "C9"], "HS", "more than"),
        ("knueffeln", ["D4"], "H", "2 chosen suits"),
        ("knueffeln", ["D4"], "HSD", "2 chosen suits"),
        ("knueffeln", ["D4"], "HH", "twice"),
        ("karnoeffel", ["D4"], "HS", "one chosen suit"),
        ("karniffel", ["H7", "CA"], "HS", "first trick"),
    ],
)
def test_bad_input_raises_rules_error_naming_the_value(game, cards, chosen, needle):
    first = game == "karniffel"
    for fn in (trick_winner, explain_trick):
        with pytest.raises(RulesError) as err:
            fn(game, cards, chosen, first_trick=first)
        assert needle in str(err.value)


def test_bad_option_names_option_and_choices():
    with pytest.raises(RulesError, match="'nonsense'"):
        knlib.ruleset("knueffeln", nonsense="x")
    with pytest.raises(RulesError, match="first"):
        knlib.ruleset("knueffeln", ties="random")
