"""The card table on one screen (issue 35, items 1, 2, 4 and 8): PlayTool driven in Python,
as the page and the notebook drive it.

The view carries the page's contract (``data-deal`` on the root, ``[data-knlib-trick]``,
``[data-knlib-hand]`` whose cards are the play buttons, one ``[data-knlib-seat]`` a seat
around the trick, ``[data-knlib-counts]`` while the deal runs); every visit deals a fresh
deal that a rebuilt tool keeps; a deal's number replays that deal, and a bad number is
refused with the table as it was; each setting keeps its score; "Play on from here"
rewinds the deal to a reviewed decision without counting the deal twice. The layout's fit
in a browser is checked on the built site (tests/test_coach_site.py).
"""

from __future__ import annotations

import json
import random
import re

import pytest

import knlib
from knbook.play import PlaySession
from knbook.tools import page
from knbook.tools.play import COMMANDS, MAX_TABLE, PlayTool
from knbook.tools.play_view import seat_places, still_out


def html(tool: PlayTool) -> str:
    return page.view_html(tool.shown())


def decisions(tool: PlayTool) -> list[str]:
    return [a for a in tool.view().enabled_actions() if a.split()[0] not in COMMANDS]


def play_out(tool: PlayTool, rng: random.Random) -> list[int]:
    """Play the reader's seat at random to the end of the deal; the indexes in the deal's
    history of the reader's decisions with more than one choice."""
    made = []
    while not tool.table.deal.is_over:
        shown = decisions(tool)
        if len(shown) > 1:
            made.append(len(tool.table.deal.history))
        tool.answer(rng.choice(shown))
        assert tool.message == ""
    return made


def state(tool: PlayTool) -> tuple[str, str, list, str]:
    """What must not change when an action is refused."""
    return (tool.table.deal.to_json(), tool.deal_name, list(tool.log),
            json.dumps([(k, s.totals, s.deals) for k, s in tool.scores.items()]))


# -- fresh deals, and a deal by its number ----------------------------------------------------


def test_every_visit_deals_a_fresh_deal_that_a_rebuild_keeps():
    first, second = PlayTool(), PlayTool()
    assert first.fresh and isinstance(first.config["seed"], int)
    # 1 in 999,999 that two fresh tables share a number
    assert dict(first.view().attrs)["deal"] != dict(second.view().attrs)["deal"]
    # the page keeps the settled settings of the reply, so a rebuilt tool is the same deal
    reply = json.loads(page.start("play", "{}"))
    assert json.loads(reply["config"])["seed"] == int(reply["attrs"]["deal"].split("-")[0])
    again = json.loads(page.restore("play", reply["config"], "[]"))
    assert again["attrs"] == reply["attrs"] and again["html"] == reply["html"]


def test_a_fresh_tables_page_shows_no_cards_and_no_number():
    root = page.root_html(PlayTool())
    config = json.loads(re.search(r'data-config="([^"]*)"', root).group(1)
                        .replace("&quot;", '"'))
    assert config["seed"] is None  # the page's runtime deals afresh
    assert "data-deal" not in root and "A hand of" not in root and "data-knlib-hand" not in root
    assert page.root_html(PlayTool()) == root  # a notebook's stored output stays the same
    # a table given its number shows its deal, as before
    assert 'data-deal="7-1"' in page.root_html(PlayTool(seed=7))


def test_a_deal_by_its_number_is_the_same_deal_for_everyone():
    at_table = PlayTool(seed=4711, opponents="rules")
    play_out(at_table, random.Random(1))
    at_table.answer("next deal")
    typed = PlayTool(opponents="rules")
    view = typed.answer("deal", " 4711-2 ")
    assert view.message == "" and dict(view.attrs) == {"deal": "4711-2"}
    assert "Deal 4711-2 ·" in " ".join(view.text().split())
    assert typed.table.deal.deck == at_table.table.deal.deck
    assert typed.table.deal.dealer == at_table.table.deal.dealer == 1
    assert typed.table.deal.to_json() == at_table.table.deal.to_json()
    # the table's number alone is its first deal, and a rebuild replays the typed number
    typed.answer("deal", "4711")
    assert typed.deal_name == "4711-1"
    assert PlayTool.replayed(typed.config, typed.log).table.deal.to_json() \
        == typed.table.deal.to_json()


@pytest.mark.parametrize("bad", ["abc", "", "12-0", "12-1000", "4711-", "1234567890",
                                 "-3", "٣", "12 13", "4711-2-1"])
def test_a_bad_deal_number_is_named_and_the_table_stays(bad):
    tool = PlayTool(seed=5)
    before = state(tool)
    view = tool.answer("deal", bad)
    assert repr(bad) in view.message and "4711-2" in view.message, view.message
    assert state(tool) == before and dict(view.attrs) == {"deal": "5-1"}


def test_another_deal_waits_until_this_one_is_over():
    tool = PlayTool(seed=5)
    tool.answer(decisions(tool)[0])
    if tool.table.deal.is_over:  # pragma: no cover - table 5's first deal runs on
        pytest.skip("the deal ended at once")
    before = state(tool)
    view = tool.answer("deal", "12-3")
    assert "finish this one first" in view.message and state(tool) == before
    assert not [c for c in tool.view().controls() if c.action == "deal" and c.enabled]


def test_a_table_number_out_of_range_is_refused():
    for bad in (-1, MAX_TABLE + 1, "7", 2.5, True):
        with pytest.raises(knlib.RulesError, match="table number"):
            PlayTool(seed=bad)


# -- the table on one screen -----------------------------------------------------------------


def test_the_view_carries_the_tables_contract():
    tool = PlayTool(seed=7)
    d = tool.table.deal
    out = html(tool)
    assert out.count("data-knlib-trick") == 1
    seats = re.findall(r'data-knlib-seat="(\d)" data-role="(\w+)"', out)
    assert sorted(int(s) for s, _ in seats) == [0, 1, 2, 3]
    assert dict((int(s), r) for s, r in seats) == {0: "you", 1: "opponent", 2: "partner",
                                                     3: "opponent"}
    # the hand's row holds one button per card, strongest first: the cards ARE the buttons
    hand = out.split("data-knlib-hand", 1)[1].split('<div class="knlib-row"', 1)[0]
    played = re.findall(r'data-action="play (\w+)"', hand)
    assert [knlib.Card(c) for c in played] == d.rules.sort_by_strength(d.hands[0], d.chosen)
    assert all(f'aria-label="Play {c.symbol}' in hand for c in d.hands[0])
    # each seat: its name, its cards left; the dealer and the seat to act are marked
    for s in range(4):
        block = out.split(f'data-knlib-seat="{s}"', 1)[1].split("</div>", 1)[0]
        assert f"<b>{d.names[s]}</b>" in block
        assert f"{len(d.hands[s])} cards" in block
        assert ("dealer" in block) == (s == d.dealer)
    # tricks of each side and the deal's worth now, in one line
    line = re.search(r"<span data-knlib-standing>(.*?)</span>", out).group(1)
    assert "North-South 0" in line and "worth now €0.10" in line
    assert "data-knlib-counts" in out


def test_a_seat_shows_its_last_line_of_talk_with_its_gloss_on_a_tap():
    tool = PlayTool(seed=7)
    said = [e for e in tool.table.events if e.kind == "talk" and e.words and e.seat == 1]
    assert said, "at table 7 West speaks when the play begins"
    block = html(tool).split('data-knlib-seat="1"', 1)[1].split("</div>", 1)[0]
    assert (f'<details class="knlib-said"><summary>“{said[-1].words}”</summary>'
            in block.replace("&#x27;", "'"))
    assert said[-1].gloss.replace("’", "’") in block.replace("&#x27;", "'")


def test_the_seats_sit_around_the_trick_at_every_table_size():
    assert seat_places(4, 0) == {0: "bottom", 1: "left", 2: "top", 3: "right"}
    assert seat_places(4, 2) == {2: "bottom", 3: "left", 0: "top", 1: "right"}
    assert seat_places(5, 0)[0] == "bottom" and len(set(seat_places(5, 0).values())) == 5
    assert sorted(seat_places(3, 1).values()) == ["bottom", "left", "right"]
    assert len(set(seat_places(6, 3).values())) == 6
    five = PlayTool(seed=1, players=5)
    assert len(re.findall(r'data-knlib-seat="\d"', html(five))) == 5


def test_the_counts_show_what_is_still_out_and_can_be_hidden():
    tool = PlayTool(seed=11, opponents="rules")
    rng = random.Random(4)
    while not tool.table.deal.tricks:
        tool.answer(rng.choice(decisions(tool)))
    d = tool.table.deal
    played = {c for t in d.tricks for c in t.cards}
    out = dict(still_out(tool.table))
    olen = [c for c in d.rules.pack
            if d.rules.roles(d.chosen)[c].klass == knlib.games.RoleClass.OLE]
    assert out["Olen"] == [c for c in d.rules.sort_by_strength(olen, d.chosen)
                           if c not in played and c not in d.hands[0]
                           and c not in {x for x in d.turn_ups
                                         if x not in {g for _, _, g in d.exchanges}}]
    counts = html(tool).split("data-knlib-counts", 1)[1].split("</ul>", 1)[0]
    last = d.tricks[-1]
    assert "Last trick" in counts and all(c.symbol in counts for c in last.cards)
    assert "Still out" in counts and "Exchanges" in counts
    for c in out["high beaters"]:
        assert c.symbol in counts
    # hidden to practise counting, remembered by the controller (and by a rebuild)
    tool.answer("counts")
    assert 'data-knlib-counts data-shown="false"' in html(tool) and "Still out" not in html(tool)
    assert 'data-shown="false"' in html(PlayTool.replayed(tool.config, tool.log))
    tool.answer("counts")
    assert 'data-shown="true"' in html(tool)


def test_exchanges_name_who_took_which_turned_up_card():
    for seed in range(80):
        tool = PlayTool(seed=seed, opponents="rules")
        took = [x for x in tool.table.deal.exchanges if x[0] != 0]
        if took:
            break
    else:  # pragma: no cover
        pytest.fail("no computer player exchanged at tables 0-79")
    seat, gave, got = took[0]
    counts = html(tool).split("data-knlib-counts", 1)[1].split("</ul>", 1)[0]
    name = tool.table.deal.names[seat]
    assert re.search(rf"{name} took <span[^>]*>{re.escape(got.symbol)}</span> for "
                     rf"<span[^>]*>{re.escape(gave.symbol)}</span>", counts), counts


# -- scores by setting -----------------------------------------------------------------------


def test_each_setting_keeps_its_score():
    tool = PlayTool(seed=9, opponents="rules")
    play_out(tool, random.Random(9))
    first = list(tool.table.deal.result.payments)
    assert (tool.score.deals, tool.score.totals) == (1, first)
    tool.answer("opponents", "random")
    assert tool.message == "" and tool.score.deals == 0
    play_out(tool, random.Random(10))
    tool.answer("opponents", "rules")
    assert (tool.score.deals, tool.score.totals) == (1, first)  # kept while away
    # the new table of the same setting goes on at the next deal
    assert tool.deal_name == "9-3"
    # a view shows the setting's score at the end of a deal
    play_out(tool, random.Random(11))
    assert "The score after 2 deals" in tool.view().text()


# -- the review: play on from here -----------------------------------------------------------


def test_play_on_from_a_reviewed_decision_replays_without_counting_twice():
    tool = PlayTool(seed=2, opponents="rules")
    made = play_out(tool, random.Random(2))
    score = (tool.score.deals, list(tool.score.totals))
    original = tool.table.deal.history
    tool.answer("analyse")
    review = tool.review.review
    assert [r.index for r in review.decisions] == made
    out = html(tool)
    rewinds = re.findall(r'data-action="rewind (\d+)"', out)
    assert sorted(map(int, rewinds)) == sorted(made)
    target = review.costliest()[0].index
    view = tool.answer(f"rewind {target}")
    assert view.message == "" and not view.over
    d = tool.table.deal
    assert d.history == original[:target] and d.to_move == 0
    # the story is told again up to the decision, and the rewind buttons wait for the end
    assert not [c for c in tool.view().controls() if c.action.startswith("rewind") and c.enabled]
    assert "data-knlib-counts" in html(tool)
    play_out(tool, random.Random(3))
    assert (tool.score.deals, tool.score.totals) == score  # practice: not counted again
    assert "not counted again" in tool.view().text()
    # a rebuild from the settings and the log is the same deal and the same score
    again = PlayTool.replayed(tool.config, tool.log)
    assert again.table.deal.to_json() == tool.table.deal.to_json()
    assert (again.score.deals, again.score.totals) == score


def test_a_cancelled_review_keeps_the_deal_and_the_score():
    tool = PlayTool(seed=2, opponents="rules")
    play_out(tool, random.Random(2))
    # the page cancels long work by restarting its runtime and restoring the tool from
    # its settings and the actions it logged (the review was never logged)
    reply = json.loads(page.restore("play", json.dumps(tool.config), json.dumps(tool.log)))
    assert reply["over"] and reply["attrs"] == {"deal": tool.deal_name}
    assert 'data-action="analyse"' in reply["html"]
    rebuilt = PlayTool.replayed(tool.config, tool.log)
    assert rebuilt.table.deal.to_json() == tool.table.deal.to_json()
    assert (rebuilt.score.deals, rebuilt.score.totals) == (1, tool.score.totals)


@pytest.mark.parametrize("bad", ["rewind 3", "rewind x", "rewind"])
def test_play_on_needs_a_reviewed_decision(bad):
    tool = PlayTool(seed=2, opponents="rules")
    play_out(tool, random.Random(2))
    before = state(tool)
    assert "analyse the deal first" in tool.answer(bad).message
    tool.answer("analyse")
    before = state(tool)
    view = tool.answer("rewind 999")
    assert "'999' is not one of your reviewed decisions" in view.message
    assert state(tool) == before


def test_the_table_rewinds_only_to_the_readers_decisions():
    table = PlaySession("knueffeln", seed=3, seat=0)
    rng = random.Random(0)
    while not table.deal.is_over:
        table.act(rng.choice(table.legal_actions()))
    history = table.deal.history
    other = next(i for i, (s, _) in enumerate(history) if s != 0)
    with pytest.raises(knlib.RulesError, match="not one of your decisions"):
        table.rewind(history, other)
    assert table.deal.history == history
    mine = next(i for i, (s, _) in enumerate(history) if s == 0)
    table.rewind(history, mine)
    assert table.deal.history == history[:mine] and table.deal.to_move == 0
    assert [e.kind for e in table.events].count("deal") == 1
