"""'Play against the computer' as a practice tool (issue 24, item 3): PlayTool driven
directly, as the page and the notebook drive it.

Every enabled decision of the view is a legal action of the engine and every legal
action is an enabled decision; a whole deal is played by clicking them; a bad action
leaves the deal as it was with a message naming it; the tool is rebuilt from its
settings and its log; hints are exact only where the solver answers, and otherwise a
guess that never claims proof; the five-player game and the other games start.
"""

from __future__ import annotations

import json
import random
import re
from html import escape

import pytest

import knlib
from knbook.tools import page, tool_class
from knbook.tools.play import COMMANDS, PlayTool
from knlib.analysis.advice import FACE_UP
from knlib.engine.scoring import format_amount
from knlib.players.talk import claims_true, truthful_line


def words(tool: PlayTool) -> str:
    """The view's words, spaces collapsed."""
    return " ".join(tool.shown().text().split())


def decisions(tool: PlayTool) -> list[str]:
    """The enabled controls that are decisions of the game (not the tool's commands)."""
    return [a for a in tool.view().enabled_actions() if a.split()[0] not in COMMANDS]


def says(tool: PlayTool) -> list[str]:
    """The phrases the reader may say now: the values of the list "Say:"."""
    return [v for c in tool.view().controls() if c.action == "say" for _, v in c.options if v]


def legal(tool: PlayTool) -> list[str]:
    return [a.text for a in tool.table.legal_actions()]


def play_out(tool: PlayTool, rng: random.Random, limit: int = 300) -> int:
    """Click enabled decisions (chosen at random) until the deal is over; checks at each
    step that the enabled decisions are exactly the legal actions."""
    steps = 0
    while not tool.table.deal.is_over:
        shown = decisions(tool)
        assert sorted(shown) == sorted(legal(tool))
        assert "(seat" not in words(tool)  # seats by name, never by number
        tool.answer(rng.choice(shown))
        assert tool.message == ""
        steps += 1
        assert steps < limit, "the deal did not end"
    return steps


def test_the_tool_is_registered_as_play():
    assert tool_class("play") is PlayTool
    assert PlayTool.name == "play" and PlayTool.start_label == "Play"


def test_a_whole_knueffeln_deal_by_the_views_controls():
    tool = PlayTool(seed=11)
    view = tool.view()
    d = tool.table.deal
    # the reader's cards are card controls, strongest first; the unplayable ones disabled
    plays = [c for c in view.controls() if c.kind == "card" and c.action.startswith("play ")]
    hand = knlib.ruleset("knueffeln").sort_by_strength(d.hands[0], d.chosen)
    assert [knlib.Card(c.action.split()[1]) for c in plays] == hand
    assert {c.action for c in plays if c.enabled} == {a for a in legal(tool)
                                                       if a.startswith("play ")}
    assert not view.over
    play_out(tool, random.Random(1))
    view = tool.shown()
    assert view.over
    res = tool.table.deal.result
    text = words(tool)
    assert res.reason in text
    for name, paid in zip(tool.table.deal.names, res.payments, strict=True):
        assert f"{format_amount(res.unit, paid, sign=True)}" in text.split(name)[-1]
    assert "The score after 1 deal" in text
    assert decisions(tool) == [] and legal(tool) == []
    assert {"next deal", "analyse"} <= set(view.enabled_actions())
    assert "hint" not in view.enabled_actions()
    tool.answer("next deal")
    assert tool.table.session.deals == 1 and not tool.view().over
    assert tool.table.session.totals == res.payments


def test_every_decision_kind_is_offered_as_the_engines_action():
    # Random opponents lead face down and run often: over many deals the reader meets
    # the exchanges, face-down leads, seeing and running, and the Jann.
    # The reader plays by plain habits half the time, so that the side wins a Jann now
    # and then.
    from knlib.players.bots import RulePlayer

    habits = RulePlayer()
    seen: set[str] = set()
    for seed in range(200):
        tool = PlayTool(seed=seed, opponents="random")
        rng = random.Random(seed)
        while not tool.table.deal.is_over:
            shown = decisions(tool)
            assert sorted(shown) == sorted(legal(tool))
            seen |= {knlib.Action(a).kind for a in shown}
            pick = habits.choose(tool.table.deal).text if rng.random() < 0.5 else \
                rng.choice(shown)
            tool.answer(pick)
            assert tool.message == ""
        if {"exchange", "down", "see", "run", "stop", "play on"} <= seen:
            break
    assert {"play", "exchange", "pass", "down", "see", "run", "stop", "play on"} <= seen


def test_the_trick_on_the_table_marks_the_card_ahead():
    tool = PlayTool(seed=7)
    d = tool.table.deal
    cur = [c for _, c in d.current_trick]
    assert cur, "at table 7 the computer players lead before the reader"
    ahead = d.rules.ahead_sequence(cur, d.chosen)[-1]
    # the trick's picture is named so (its aria-label; a row of cards has no <title>)
    html = " ".join(p.html for p in tool.shown().parts if hasattr(p, "html"))
    pictures = re.findall(r'aria-label="([^"]*)"', html)
    sentence = f"The {knlib.rules.tricks.ordinal(ahead + 1)} card, {cur[ahead].symbol}, ahead"
    assert any(sentence in label for label in pictures)


def test_a_bad_action_names_it_and_changes_nothing():
    tool = PlayTool(seed=4)
    d = tool.table.deal
    before, events, log = d.to_json(), len(tool.table.events), list(tool.log)
    not_mine = next(c for c in knlib.pack("knueffeln") if c not in d.hands[0])
    view = tool.answer(f"play {not_mine}")
    assert not_mine.symbol in view.message and "does not hold" in view.message
    assert "seed 0" not in view.message and "Traceback" not in view.message
    assert "(seat" not in view.message and "South does not hold" in view.message
    for bad, named in (("play X9", "X9"), ("dance", "dance"), ("why 99", "99"),
                       ("say hello", "hello"), ("game", "chess")):
        view = tool.answer(bad, "chess" if bad == "game" else "")
        assert named in view.message, (bad, view.message)
    # a setting is changed at a new deal only
    tool.answer(decisions(tool)[0])
    if not tool.table.deal.is_over:
        assert "new deal" in tool.answer("players", "5").message
    tool2 = PlayTool(seed=4)
    tool2.answer(f"play {not_mine}")
    assert tool2.table.deal.to_json() == before and len(tool2.table.events) == events
    assert tool2.log == log


def test_the_log_rebuilds_the_same_deal():
    tool = PlayTool(seed=5, opponents="sampling")
    rng = random.Random(3)
    for _ in range(4):
        if tool.table.deal.is_over:
            break
        offers = says(tool)
        if offers:
            tool.answer(f"say {offers[0]}")
        tool.answer(rng.choice(decisions(tool)))
    if tool.table.deal.tricks:
        tool.answer("why 1")
    again = PlayTool.replayed(tool.config, list(tool.log))
    assert again.table.deal.to_json() == tool.table.deal.to_json()
    assert [e.text for e in again.table.events] == [e.text for e in tool.table.events]
    assert page.view_html(again.shown()) == page.view_html(tool.shown())
    # the page's worker does the same from the JSON it keeps
    reply = json.loads(page.restore("play", json.dumps(tool.config), json.dumps(tool.log)))
    assert reply["html"] == page.view_html(tool.shown())


def test_the_hint_judges_from_layouts_never_face_up():
    tool = PlayTool(seed=3)
    rng = random.Random(0)
    hinted = 0
    while not tool.table.deal.is_over and hinted < 3:
        if len(tool.table.legal_actions()) > 1:
            view = tool.answer("hint")
            assert view.message == ""
            j = tool.judgement
            html = page.view_html(view)
            box = re.search(r'<div class="knlib-hint" data-knlib-hint data-basis="layouts" '
                            r'data-layouts="(\d+)"', html)
            assert box and int(box.group(1)) == j.layouts
            cents = [float(c) for c in re.findall(r'data-choice="[^"]*" data-cents="([-\d.]+)"',
                                                  html)]
            assert len(cents) == min(3, len(j.choices)) >= 2
            assert cents == [round(c.cents, 1) for c in j.choices[:3]]
            assert cents == sorted(cents, reverse=True)
            assert escape(j.reason()) in html and f"{j.layouts} layouts" in html
            assert FACE_UP not in html and "face up:" not in html
            hinted += 1
        tool.answer(rng.choice(decisions(tool)))
        assert tool.judgement is None  # a move clears the hint
    assert hinted == 3


def test_the_review_reports_its_progress_and_lists_every_decision():
    tool = PlayTool(seed=2)
    reports: list[tuple[int, int, str]] = []
    tool.progress = lambda done, total, what: reports.append((done, total, what))
    rng = random.Random(2)
    made = 0
    while not tool.table.deal.is_over:
        made += len(decisions(tool)) > 1
        tool.answer(rng.choice(decisions(tool)))
    view = tool.answer("analyse")
    assert view.message == ""
    html = page.view_html(view)
    assert 'data-knlib-review data-complete="true"' in html
    rows = re.findall(r'data-decision data-trick="(\d+)" data-cost="(\d+)"', html)
    assert len(rows) == made == len(tool.review.review.decisions)
    costs = [int(c) for _, c in rows]
    assert costs == sorted(costs, reverse=True)  # the costliest first
    assert reports and reports[-1][0] == reports[-1][1] > 0
    assert "analyse" not in tool.view().enabled_actions()  # done once, and kept


def test_why_explains_a_finished_trick():
    tool = PlayTool(seed=6)
    play_out(tool, random.Random(6))
    d = tool.table.deal
    tool.answer("why 1")
    expl = knlib.explain_trick(d.rules, d.tricks[0].cards, d.chosen)
    text = words(tool)
    assert all(" ".join(step.sentence.split()) in text for step in expl.steps)
    # the trick asked for stays chosen in the list of tricks
    assert [c.value for c in tool.view().controls() if c.action == "why"] == ["1"]
    first = " ".join(expl.steps[0].sentence.split())
    tool.answer("why", "")  # the list's first line folds the explanation
    assert tool.message == "" and tool.why is None and first not in words(tool)


def test_the_reader_speaks_the_talk_of_the_moment():
    tool = PlayTool(seed=7)
    d = tool.table.deal
    offered = says(tool)
    line = truthful_line(d.hands[0], d.chosen, d.rules)
    assert line.id in offered
    # the other offers are the source's bluff phrases, false for this hand
    for pid in offered:
        if pid != line.id:
            assert not claims_true(pid, d.hands[0], d.chosen, d.rules)
    tool.answer("say", line.id)  # what the list sends
    assert tool.table.events[-1].text == f"You: “{line.text}” ({line.english})"
    assert not says(tool)
    assert f"“{line.text}”" in words(tool)


def test_the_partner_answers_kannst_du_truthfully():
    answered = 0
    for seed in range(40):
        tool = PlayTool(seed=seed)
        rng = random.Random(seed)
        while not tool.table.deal.is_over and answered < 3:
            if "kannst-du" in says(tool):
                d = tool.table.deal
                cards = [c for _, c in d.current_trick]
                target = cards[d.rules.ahead_sequence(cards, d.chosen)[-1]]
                partner = 2
                assert partner not in {s for s, _ in d.current_trick}
                can = claims_true("kannst-du", d.hands[partner], d.chosen, d.rules,
                                  target=target)
                tool.answer("say kannst-du")
                answer = tool.table.events[-1]
                assert answer.seat == partner
                assert answer.text.endswith("“Ja.” (Yes.)" if can else "“Nee.” (No.)")
                answered += 1
            tool.answer(rng.choice(decisions(tool)))
        if answered >= 3:
            break
    assert answered >= 3


def test_five_players_and_other_games_start_and_accept_a_legal_action():
    tool = PlayTool(seed=1, players=5)
    assert tool.table.deal.players == 5
    assert sorted(decisions(tool)) == sorted(legal(tool)) and legal(tool)
    tool.answer(legal(tool)[0])
    assert tool.message == ""
    # the same through the settings, at a new deal
    other = PlayTool(seed=1)
    other.answer("players", "5")
    assert other.message == "" and other.table.deal.players == 5
    for game in ("karnoeffel", "styrivolt", "knueffeln-1924"):
        tool = PlayTool(seed=2)
        tool.answer("game", game)
        assert tool.message == "" and tool.table.rules.id == game
        assert sorted(decisions(tool)) == sorted(legal(tool)) and legal(tool)
        tool.answer(legal(tool)[0])
        assert tool.message == ""
    options = next(c for c in tool.view().controls() if c.action == "game").options
    assert [v for _, v in options] == list(knlib.GAMES)


def test_the_header_numbers_the_table_and_the_deal():
    # issue 25: the page said "deal number 7" while the table said "deal 1"
    tool = PlayTool(seed=7)
    assert "Deal 7-1 ·" in words(tool) and dict(tool.view().attrs) == {"deal": "7-1"}
    play_out(tool, random.Random(7))
    tool.answer("next deal")
    assert "Deal 7-2 ·" in words(tool) and dict(tool.view().attrs) == {"deal": "7-2"}


def test_the_page_face_offers_the_engines_actions():
    reply = json.loads(page.start("play", json.dumps({"seed": 7})))
    html = reply["html"]
    for a in legal(PlayTool(seed=7)):
        assert f'data-action="{a}"' in html
    assert 'data-action="hint" data-long="true"' in html
    card = legal(PlayTool(seed=7))[0]
    reply = json.loads(page.act(reply["id"], card))
    assert reply.get("logged") and not reply["message"]


@pytest.mark.parametrize("bad", [{"seed": "x"}, {"opponents": "wizard"}, {"players": 3},
                                 {"bots": ["rules"]}, {"game": "chess"}])
def test_bad_settings_are_messages(bad):
    reply = json.loads(page.start("play", json.dumps(bad)))
    assert reply["error"] and "Traceback" not in reply["error"]


def test_a_hint_in_the_exchanges_names_the_cards_as_a_reader_reads_them():
    seed = next(s for s in range(60) if PlayTool(seed=s).table.deal.phase == "exchange")
    tool = PlayTool(seed=seed)
    view = tool.answer("hint")
    assert view.message == ""
    hint = page.view_html(view).split("data-knlib-hint", 1)[1].split("</ol>", 1)[0]
    shown = re.sub(r"<[^>]+>", " ", hint.split(">", 1)[1])
    assert re.search(r"\b[CSHD](?:10|[2-9JQKA])\b", shown) is None, shown
    assert any(a.kind == "exchange" for a in tool.table.legal_actions())
