"""The rules audit's corrections (issue 11, points 5 and 6), each quoting its source."""

import pytest

import knlib
from knlib.errors import RulesError


@pytest.mark.parametrize("seed", [[1], 1.5, True, {"a": 1}])
def test_a_deal_number_must_be_exact(seed):
    with pytest.raises(RulesError, match="deal number"):
        knlib.new_deal("knueffeln", seed=seed)
    with pytest.raises(RulesError, match="deal number"):
        knlib.Session("knueffeln", seed=seed)


def test_whole_numbers_and_texts_are_deal_numbers():
    assert knlib.new_deal("knueffeln", seed="Bohmstedt").hands == \
        knlib.new_deal("knueffeln", seed="Bohmstedt").hands
    assert knlib.new_deal("knueffeln", seed=7).hands != knlib.new_deal("knueffeln", seed=8).hands


@pytest.mark.parametrize("names", [["Anna", "Bo"], ["A", "B", "C", "D", "E"], "ABCD",
                                   ["A", "", "C", "D"], ["A", 2, "C", "D"]])
def test_names_must_name_every_seat(names):
    with pytest.raises(RulesError, match="names"):
        knlib.new_deal("knueffeln", seed=1, names=names)
    with pytest.raises(RulesError, match="names"):
        knlib.Session("knueffeln", names=names)


def test_names_of_the_right_length_are_used():
    deal = knlib.new_deal("knueffeln", seed=1, names=["Anna", "Bo", "Cai", "Dörte"])
    assert deal.names == ("Anna", "Bo", "Cai", "Dörte")
    assert "Anna" in str(deal) or "Anna" in deal.to_move_text


@pytest.mark.parametrize("dealer", [True, False, "1", 4, -1])
def test_session_dealer_must_be_a_seat(dealer):
    with pytest.raises(RulesError, match="dealer"):
        knlib.Session("knueffeln", dealer=dealer)


@pytest.mark.parametrize("game", ["styrivolt", "karniffel", "karnoeffel", "karnoeffel-2024",
                                  "knueffeln-hattstedt"])
def test_face_down_refusal_cites_a_source(game):
    deal = knlib.new_deal(game, seed=1)
    while deal.phase != "play":
        deal.apply(deal.legal_actions()[0])
    before = deal.to_json()
    card = deal.hands[deal.to_move][0]
    with pytest.raises(RulesError) as err:
        deal.apply(f"lead face down {card}")
    message = str(err.value)
    assert "()" not in message
    assert "no drehen" in message and ("seed 00" in message or "[A]" in message)
    assert deal.to_json() == before


def test_blocked_oberstecher_explained_as_an_ordinary_card():
    """Seed 003, 'The «Trump» Suit': the Oberstecher "doesn't beat a King"; under the
    any-suit reading ♠K takes the ♥3's power away, and ♥7 not led is a plain Seven
    (rules/README.md, reading 7), which then wins as the higher card of the led suit."""
    rules = knlib.ruleset("karnoeffel", stecher_blocked_by="any_suit")
    expl = knlib.explain_trick(rules, ["H3", "SK", "H7"], "H")
    assert expl.winner == 2
    last = str(expl.steps[2])
    assert "ordinary Seven" in last and "lost its power to ♠K" in last
    assert "which is taken by" not in last
    # Under the default reading ♠K (not the King of the led suit) does not block the ♥3.
    assert knlib.explain_trick("karnoeffel", ["H3", "SK", "H7"], "H").winner == 0


def test_who_pays_whom_is_an_open_question_with_the_scoring_reading():
    """Seed 000, 'Scoring': "each member of the losing team pays one member of the winning
    team"; 'Drehen und Sehen': the cost is "paid by each loser to each winner". The engine
    follows 'Scoring' and says so in open_questions."""
    q = next(q for q in knlib.open_questions("knueffeln") if q.topic == "who_pays_whom")
    assert "each loser to each winner" in q.question and "one member" in q.question
    assert "'Scoring'" in q.source and "'Drehen und Sehen'" in q.source
    deal = knlib.new_deal("knueffeln", seed=3)
    knlib.engine.deal.random_playout(deal, __import__("random").Random(3))
    pay = deal.result.payments
    value = max(pay)
    assert value > 0 and sorted(pay) == [-value, -value, value, value]
