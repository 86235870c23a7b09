"""Playing against the computer (issue 6): the table model, the widget's callbacks driven
by .click(), and the terminal game with scripted input."""

import subprocess
import sys

import pytest

import knlib
from knbook.play import PlaySession
from knbook.tools.play_view import event_html
from knlib import Card, RulesError
from knlib.i18n import language


def finish(table):
    """The reader plays the first legal action until the deal is over."""
    while not table.deal.is_over:
        table.act(table.legal_actions()[0])


def test_table_waits_for_the_reader_and_refuses_bad_moves():
    t = PlaySession("knueffeln", seed=3, seat=0)
    d = t.deal
    assert d.to_move == 0 and t.legal_actions() == d.legal_actions()
    before = d.to_json()
    with pytest.raises(RulesError, match="does not hold"):
        t.act("play " + next(str(c) for c in knlib.pack("knueffeln") if c not in d.hands[0]))
    with pytest.raises(RulesError, match="not an action"):
        t.act("dance")
    assert d.to_json() == before
    finish(t)
    assert t.events[-1].kind == "result" and "Payments" in t.events[-1].text
    with pytest.raises(RulesError, match="over"):
        t.act("see")


def test_every_trick_is_explained_and_talk_is_shown():
    t = PlaySession("knueffeln", seed=5)
    finish(t)
    tricks = [e for e in t.events if e.kind == "trick"]
    assert len(tricks) == len(t.deal.tricks)
    for e, trick in zip(tricks, t.deal.tricks, strict=True):
        assert "Winner:" in e.text and "knlib-explanation" in event_html(e)
        assert str(knlib.explain_trick("knueffeln", trick.cards, t.deal.chosen)) in e.text
    talk = [e for e in t.events if e.kind == "talk"]
    assert {e.seat for e in talk} == {0, 1, 2, 3}  # three computer players and a hint


def test_the_story_reads_in_the_language_it_is_read_in():
    """A deal told in English reads in German once the reader switches language: the
    deal's start, every action, every trick with its reasons, the hint, the result and the
    score sheet's lines, as if the deal had been played in German; who said a line of
    table talk too (the words said, and their gloss, stay as they were said)."""

    def played() -> PlaySession:
        t = PlaySession("knueffeln", seed=5, seat=0)
        t.hint()
        finish(t)
        t.new_deal()  # the score sheet's lines, and the next deal's start
        return t

    with language("en"):
        told = played()
        english = [e.text for e in told.events]
    with language("de"):
        in_german = played()
        assert {e.kind for e in told.events} >= {"deal", "talk", "remark", "action", "trick",
                                                 "hint", "result", "score"}
        for e, g, before in zip(told.events, in_german.events, english, strict=True):
            if e.kind in ("talk", "call", "remark"):
                assert (e.who, e.words) == (g.who, g.words)
            else:
                assert e.text == g.text != before
                assert event_html(e) == event_html(g)


def test_new_deal_continues_the_session():
    t = PlaySession("knueffeln", seed=1)
    with pytest.raises(RulesError, match="finish this deal"):
        t.new_deal()
    finish(t)
    first = t.deal
    t.new_deal()
    assert t.session.deals == 1 and t.deal is not first
    assert t.deal.dealer == 1  # the deal passes clockwise
    assert t.session.totals == first.result.payments


def test_a_deal_is_scored_once_whichever_face_scores_it():
    # the terminal scores the last deal when the reader stops (score_deal); a new deal
    # after that must not count it again
    t = PlaySession("knueffeln", seed=1)
    assert t.score_deal() == []  # not over: nothing to score
    finish(t)
    lines = t.score_deal()
    assert lines and t.session.deals == 1
    assert t.score_deal() == []  # scored already
    t.new_deal()
    assert t.session.deals == 1 and not [e for e in t.events if e.kind == "score"]


def test_reader_may_sit_anywhere_and_bots_by_name():
    t = PlaySession("knueffeln", seed=2, seat=2, bots="random")
    assert t.deal.to_move == 2 or t.deal.is_over
    finish(t)
    with pytest.raises(RulesError, match="seat"):
        PlaySession("knueffeln", seat=4)


# -- the widget ------------------------------------------------------------------------------------

widgets = pytest.importorskip("ipywidgets")
from knbook.tools.play import COMMANDS  # noqa: E402
from knbook.tools.play_widget import PlayWidget  # noqa: E402


def decisions(w):
    """The enabled controls of the widget that are decisions of the game (not the tool's
    own commands: hint, why, say, analyse, next deal, the settings)."""
    return [a for a in w.view.enabled_actions() if a.split()[0] not in COMMANDS]


def shown(w):
    """The words of the widget's view, spaces collapsed."""
    return " ".join(w.view.text().split())


def click_through(w):
    """Play the reader's seat by clicking the first enabled decision each time."""
    for _ in range(200):
        if w.deal.is_over:
            return
        assert sorted(decisions(w)) == sorted(a.text for a in w.table.legal_actions())
        w.buttons[decisions(w)[0]].click()
        assert w.error == ""
    pytest.fail("the deal did not end")


def test_widget_plays_a_deal_by_clicks_and_a_new_deal_scores_it():
    w = PlayWidget(seed=4)
    assert w.new_button.disabled
    hand = list(w.deal.hands[0])
    cards = [Card(a.split()[1]) for a in w.buttons if a.startswith("play ") and a != "play on"]
    assert sorted(cards) == sorted(hand)
    # the buttons come strongest first, as in the picture of the hand
    assert cards == knlib.ruleset("knueffeln").sort_by_strength(hand, w.deal.chosen)
    click_through(w)
    assert not w.new_button.disabled and w.view.over
    text = shown(w)
    assert w.deal.result.reason in text
    # every finished trick can be explained ("Why? Explain": one line a trick)
    why = next(c for c in w.view.controls() if c.action == "why")
    assert [v for _, v in why.options if v] == [str(i + 1) for i in range(len(w.deal.tricks))]
    # the score after one deal is this deal's payments
    first = w.deal.result.payments
    unit = w.deal.result.unit
    assert "The score after 1 deal" in text
    for name, paid in zip(w.deal.names, first, strict=True):
        amount = knlib.engine.scoring.format_amount(unit, paid, sign=True)
        assert f"{name}{' (you)' if name == 'South' else ''} {amount} {amount}" in text
    w.new_button.click()
    assert w.table.session.deals == 1 and not w.deal.is_over
    assert w.table.session.totals == first
    click_through(w)
    text = shown(w)
    assert "The score after 2 deals" in text
    for s, name in enumerate(w.deal.names):
        total = first[s] + w.deal.result.payments[s]
        assert knlib.engine.scoring.format_amount(unit, total, sign=True) in \
            text.split(f"{name}", 1)[1]


def test_widget_shows_messages_not_tracebacks():
    w = PlayWidget(seed=4)
    before = w.deal.to_json()
    not_mine = next(c for c in knlib.pack("knueffeln") if c not in w.deal.hands[0])
    w.do(f"play {not_mine}")
    assert "does not hold" in w.error and not_mine.symbol in w.error
    # the rule's source in the reader's words (by author and title), never a seed file
    assert "McLeod after Eaton (2021), “The Play”" in w.error and "seed 0" not in w.error
    w.do("play X9")
    assert "not a card" in w.error
    w.new_button.click()
    assert "finish this deal" in w.error
    assert w.deal.to_json() == before
    click_through(w)
    w.do("see")
    assert "over" in w.error


def test_widget_leads_face_down_and_answers_a_face_down_lead():
    # Random computer players lead face down half the time: find both moments.
    led_down = answered = False
    for seed in range(40):
        w = PlayWidget(seed=seed, bots="random")
        for _ in range(60):
            d = w.deal
            if d.is_over:
                break
            acts = decisions(w)
            if "see" in acts:
                assert "(face down)" in shown(w)
                w.buttons["see"].click()
                answered = True
                continue
            downs = [a for a in acts if a.startswith("lead face down ")]
            if downs and not led_down:
                card = Card(downs[0].split()[-1])
                w.buttons[downs[0]].click()
                assert d.tricks and d.tricks[-1].face_down or d.current_trick or d.is_over
                assert any(e.text == f"You lead {card.symbol} face down (drehen)."
                           for e in w.table.events)
                led_down = True
                continue
            w.buttons[acts[0]].click()
            assert w.error == ""
        if led_down and answered:
            break
    assert led_down and answered


def test_widget_snapshot_for_the_static_book():
    w = PlayWidget(seed=0)
    html = w._repr_mimebundle_()["text/html"]
    assert 'data-knlib-app="play"' in html and ">Play</button>" in html
    assert "data-knlib-hand" in html
    hidden = [c for s in (1, 2, 3) for c in w.deal.hands[s]]
    hand_part = html.split("data-knlib-hand", 1)[1].split("What happened", 1)[0]
    assert all(f"aria-label=\"{c.symbol}," not in hand_part for c in hidden)
    assert all(f"Play {c.symbol}" not in hand_part for c in hidden)
    assert PlayWidget(seed=0)._repr_mimebundle_()["text/html"] == html  # seeded, stable


# -- the terminal ----------------------------------------------------------------------------------


def run_play(stdin, *args):
    return subprocess.run([sys.executable, "-m", "knbook", "play", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_terminal_plays_with_bad_input_and_quits_cleanly():
    out = run_play("hello\n0\n99\nplay ZZ\nplay HA\nhelp\n1\nquit\n", "--seed", "3")
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stdout + out.stderr
    assert out.stdout.count("Not possible:") == 5
    # a card not held: the rule's source by author and title, never a seed file
    assert "McLeod after Eaton (2021), “The Play”" in out.stdout and "seed 0" not in out.stdout
    assert "You play" in out.stdout and "Goodbye." in out.stdout


@pytest.mark.slow
def test_terminal_plays_whole_deals_by_number_and_by_text():
    out = run_play("\n".join(["1"] * 60 + ["n"]) + "\n", "--seed", "3")
    assert out.returncode == 0, out.stderr
    assert "Payments:" in out.stdout and "Deal 1 (South dealt)" in out.stdout
    t = PlaySession("knueffeln", seed=3)
    first = t.legal_actions()[0].text
    out = run_play(first + "\nquit\n", "--seed", "3")
    assert f"You play {Card(first.split()[1]).symbol}." in out.stdout


@pytest.mark.slow
def test_terminal_end_of_input_and_bad_arguments():
    out = run_play("", "--seed", "1")
    assert out.returncode == 0 and "Traceback" not in out.stderr
    out = run_play("", "--game", "chess")
    assert out.returncode == 2 and "'chess'" in out.stderr and "Traceback" not in out.stderr
    out = run_play("", "--seat", "7")
    assert out.returncode == 2 and "seat" in out.stderr


def test_terminal_session_stops_after_deals():
    # "1" at each action prompt; "Another deal?" takes only yes or no, so a "y" follows
    # (an action prompt refuses it and asks again)
    out = run_play("\n".join(["1", "y"] * 200) + "\n", "--seed", "2", "--deals", "2")
    assert out.returncode == 0, out.stderr
    assert "Deal 2 (West dealt)" in out.stdout
    assert "2 deals played" in out.stdout
