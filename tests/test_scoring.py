"""Stakes, payments and the score keepers: purse, ladder slate, chalk-up, points; Session."""

import random

import pytest

import knlib
from knlib import RulesError, Session
from knlib.engine.scoring import (
    BarsGone,
    ChalkUp,
    DealScored,
    LadderSlate,
    LadderWon,
    Paid,
    Points,
    Purse,
    RungsErased,
    StrokesScored,
    deal_value,
    format_amount,
    payments,
)


def test_stakes_tables_from_the_sources():
    # seed 000, 'Scoring': 10 cents, 10 per accepted drehen, Jann 1 euro, march 3 euros.
    k = knlib.ruleset("knueffeln").stakes
    assert (k.unit, k.basic, k.turn, k.jann, k.march) == ("cents", 10, 10, 100, 300)
    # seed 000, Hattstedt: Jann twice, march four times the basic game; no drehen.
    h = knlib.ruleset("knueffeln-hattstedt").stakes
    assert (h.jann, h.march, h.turn) == (2 * h.basic, 4 * h.basic, 0)
    # seed 000, Grünberg: 5 Pf, 1 Pf per drehen, 10 Pf Jann, 20 Pf march.
    g = knlib.ruleset("knueffeln-1938").stakes
    assert (g.unit, g.basic, g.turn, g.jann, g.march) == ("Pf", 5, 1, 10, 20)
    # seed 001, 'Scoring': one rung, two for a Jann, three for a march; seed 000: +1 per drehen.
    b = knlib.ruleset("knueffeln-1924").stakes
    assert (b.unit, b.basic, b.turn, b.jann, b.march) == ("rungs", 1, 1, 2, 3)
    # styrivolt.md: game 1, vol 2, all nine 3 strokes; a cross is three strokes.
    s = knlib.ruleset("styrivolt").stakes
    assert (s.unit, s.basic, s.jann, s.march, s.lone_jann, s.lone_march) == (
        "strokes", 1, 2, 3, 3, 6)
    for game in knlib.GAMES:
        assert knlib.ruleset(game).stakes.source.startswith(("seed", "styrivolt.md"))


def test_deal_values_with_turns():
    assert deal_value("knueffeln", "game") == 10
    assert deal_value("knueffeln", "run", 1) == 20
    assert deal_value("knueffeln", "jann", 2) == 120
    assert deal_value("knueffeln", "march", 1) == 310
    assert deal_value("knueffeln", "failed march", 1) == 310
    assert deal_value("knueffeln-1938", "jann", 3) == 13
    assert deal_value("styrivolt", "jann", lone=True) == 3
    assert deal_value("styrivolt", "march", lone=True) == 6


def test_payments_each_loser_pays_one_winner():
    sides4 = ((0, 2), (1, 3))
    assert payments(4, sides4, 0, 10) == (10, -10, 10, -10)
    assert payments(4, sides4, 1, 300) == (-300, 300, -300, 300)
    assert payments(2, ((0,), (1,)), 1, 1) == (-1, 1)


def test_payments_five_player_solo_and_sit_out():
    # seed 000, 'Five-Player Knüffeln': paid by each of the four, or pays each of them.
    solo = ((2,), (3, 4, 0, 1))
    assert payments(5, solo, 0, 100) == (-100, -100, 400, -100, -100)
    assert payments(5, solo, 1, 10) == (10, 10, -40, 10, 10)
    sit = ((3, 0), (4, 1))
    assert payments(5, sit, 0, 10) == (10, -10, 0, 10, -10)


def test_payments_karniffel_each_loser_pays_each_winner():
    assert payments(6, ((0, 2, 4), (1, 3, 5)), 0, 1, "each_winner") == (3, -3, 3, -3, 3, -3)


def test_format_amount():
    assert format_amount("cents", 120) == "€1.20"
    assert format_amount("cents", -10, sign=True) == "-€0.10"
    assert format_amount("Pf", 25, sign=True) == "+25 Pf"
    assert format_amount("rungs", 1) == "1 rung" and format_amount("strokes", 3) == "3 strokes"


# -- the ladder slate (seed 001, 'Scoring'; seed 000, 'Early 20th century versions') --------------


def test_ladder_four_rungs_knueppel_when_the_last_is_erased():
    slate = LadderSlate(("North-South", "East-West"))
    assert slate.rungs == [4, 4]
    slate.erase(0, 1)
    slate.erase(1, 2)
    assert slate.rungs == [3, 2]
    events = slate.erase(1, 3)
    assert slate.knueppel == [1, 0] and slate.brille == [0, 0] and slate.ladders_won == [0, 1]
    assert slate.rungs == [4, 4]  # wiped clean and redrawn
    assert events == [RungsErased(1, 2, 0), LadderWon(1, brille=False)]
    assert slate.text(events[-1]) == "East-West win the ladder; North-South get a Knüppel."


def test_brille_default_when_losers_have_not_scored():
    # seed 001: "If the winning team erases its fourth rung while their opponents have yet to
    # score, the losers get ... a Brille."
    slate = LadderSlate(("NS", "EW"))
    slate.erase(0, 2)
    slate.erase(0, 2)
    assert slate.brille == [0, 1] and slate.knueppel == [0, 0] and slate.losses == [0, 2]


def test_brille_option_all_at_once():
    # seed 000: "If a team erases all their rungs at once, by means of a Jann and two drehen".
    slate = LadderSlate(("NS", "EW"), brille="all_at_once")
    slate.erase(0, 2)
    slate.erase(0, 2)
    assert slate.knueppel == [0, 1] and slate.brille == [0, 0]
    slate.erase(1, 4)
    assert slate.brille == [1, 0]
    with pytest.raises(RulesError, match="brille"):
        LadderSlate(("NS", "EW"), brille="sometimes")


def test_ladder_text_and_html():
    slate = LadderSlate(("North-South", "East-West"))
    slate.erase(0, 1)
    text = str(slate)
    assert text.startswith("Ladder slate") and text.count("====") == 7
    html = slate._repr_html_()
    assert html.startswith("<table") and "Knüppel" in html and "<script" not in html


# -- Stýrivolt's chalk-up -------------------------------------------------------------------------


def test_chalk_up_bars_cross_and_carry_over():
    ch = ChalkUp(("NS", "EW"))
    ch.score(0, 2)
    assert ch.bars == [1, 3]
    ch.score(0, 2)  # one bar left: a cross, redraw, one stroke carries over
    assert ch.crosses == [1, 0] and ch.bars == [2, 3]
    marks = ch.score(1, 6)  # two crosses' worth: the first rubs out NS's cross, the second
    assert ch.crosses == [0, 1] and ch.bars == [3, 3]  # is drawn
    assert marks == [StrokesScored(1, 6), BarsGone(1, rubbed_out=True),
                     BarsGone(1, rubbed_out=False)]
    assert [ch.text(m) for m in marks] == [
        "EW score 6 strokes.", "EW's bars are gone: they rub out a cross of NS.",
        "EW's bars are gone: they draw a cross."]
    assert "✕" in str(ch) and ch._repr_html_().startswith("<table")


# -- purse and points -----------------------------------------------------------------------------


def test_purse_and_points_text():
    p = Purse("cents", ("South", "West", "North", "East"))
    assert "€0.00" in str(p)
    q = Points("points", ("South", "North"), ("South", "North"))
    assert str(q).startswith("Points") and "deals won" in str(q)


# -- Session --------------------------------------------------------------------------------------


def test_session_dealer_rotates_clockwise_and_purse_adds_up():
    s = Session("knueffeln", seed=3)
    dealers = []
    for _ in range(9):
        d = s.new_deal()
        dealers.append(d.dealer)
        knlib.engine.deal.random_playout(d, random.Random(len(dealers)))
        s.record(d)
    assert dealers == [0, 1, 2, 3, 0, 1, 2, 3, 0]
    assert isinstance(s.score, Purse) and s.score.balances == list(s.totals)
    assert sum(s.totals) == 0 and s.deals == 9
    assert s.totals == tuple(sum(r.payments[i] for r in s.results) for i in range(4))
    assert "Purse (cents)" in str(s) and s._repr_html_().startswith("<div")


def test_session_is_seeded():
    a, b = Session("knueffeln-1938", seed=9), Session("knueffeln-1938", seed=9)
    a.play(5)
    b.play(5)
    assert a.totals == b.totals and [r.kind for r in a.results] == [r.kind for r in b.results]


def test_session_score_keepers_per_game():
    kinds = {"knueffeln": "purse", "knueffeln-hattstedt": "purse", "knueffeln-1938": "purse",
             "knueffeln-1924": "ladder", "styrivolt": "chalk-up", "karniffel": "points",
             "karnoeffel": "points", "karnoeffel-2024": "points"}
    for game, kind in kinds.items():
        s = Session(game, seed=1)
        s.play(12)
        assert s.score.kind == kind
        assert sum(s.totals) == 0 and s.dealer == 12 % s.players
        assert str(s) and s._repr_html_()


def test_session_ladder_follows_the_deals():
    s = Session("knueffeln-1924", seed=2, brille="all_at_once")
    assert s.score.brille_rule == "all_at_once"
    erased = [0, 0]
    games = 0
    for _ in range(30):
        r = s.play(1)[0].result
        erased[r.winner] += r.value
        if s.score.rungs == [4, 4]:
            games += 1
            erased = [0, 0]
        else:
            assert s.score.rungs == [4 - erased[0], 4 - erased[1]]
    assert sum(s.score.ladders_won) == games > 0
    with pytest.raises(RulesError, match="brille"):
        Session("knueffeln-1924", brille="never")


def test_session_chalk_up_from_strokes():
    s = Session("styrivolt", seed=4)
    s.play(20)
    strokes = [0, 0]
    for r in s.results:
        strokes[r.winner] += r.value
    assert sum(strokes) == sum(r.value for r in s.results)


def test_session_five_players_and_record_checks():
    s = Session("knueffeln", seed=5, players=5)
    d = s.new_deal()
    with pytest.raises(RulesError, match="only when it is over"):
        s.record(d)
    knlib.engine.deal.random_playout(d, random.Random(0))
    s.record(d)
    with pytest.raises(RulesError, match="already been recorded"):
        s.record(d)
    other = knlib.new_deal("knueffeln", players=5, seed=1, dealer=3)
    knlib.engine.deal.random_playout(other, random.Random(0))
    with pytest.raises(RulesError, match="passes clockwise"):
        s.record(other)
    wrong = knlib.new_deal("knueffeln", seed=1, dealer=1)
    knlib.engine.deal.random_playout(wrong, random.Random(0))
    with pytest.raises(RulesError, match="players"):
        s.record(wrong)
    s.play(10)
    assert sum(s.totals) == 0 and len(s.score.balances) == 5


def test_a_score_keeper_refuses_a_deal_that_is_not_over():
    # seed 000, 'Scoring': payments are settled when the deal is decided; a deal still in
    # play has no result to record, and the purse must stay as it was.
    from knlib.engine.scoring import Purse

    deal = knlib.new_deal("knueffeln", seed=5)
    purse = Purse("cents", tuple(deal.names))
    with pytest.raises(RulesError, match="not over"):
        purse.record(deal)
    assert purse.balances == [0, 0, 0, 0]


@pytest.mark.parametrize("game", ["knueffeln", "knueffeln-1924", "styrivolt", "karniffel"])
def test_a_sessions_score_sheet_is_kept_as_values_and_read_in_the_language_of_the_moment(game):
    session = Session(game, seed=4)
    session.play(3)
    marks = session.marks
    assert [type(m) for m in marks].count(DealScored) == 3
    assert [m.number for m in marks if isinstance(m, DealScored)] == [1, 2, 3]
    assert all(isinstance(m, DealScored | Paid | RungsErased | LadderWon | StrokesScored
                          | BarsGone) for m in marks)
    english = session.events
    with knlib.language("de"):
        german = session.events
        side = session.score.side_names if hasattr(session.score, "side_names") else ()
    assert len(english) == len(german) == len(marks)
    assert english[0].startswith("Deal 1 (") and german[0].startswith("Spiel 1 (")
    assert all(e != g for e, g in zip(english, german, strict=True) if e[:1].isalpha())
    assert all(name in ("Nord-Süd", "Ost-West") for name in side)
