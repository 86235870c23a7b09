"""The golden deal of Evenings 4 and 5: one deal object behind the text, the pictures, the
talk and the deal viewer, and the stored chapters agree with it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import knlib
from knbook.course.golden import GOLDEN_DEAL_NUMBER, golden_deal
from knbook.course.golden_moves import book_player, explain_move
from knlib.players.talk import CORE_PHRASES, PHRASEBOOK, claims_true, phrase_gloss

BOOK = Path(__file__).resolve().parent.parent / "book" / "evenings"
CARD = re.compile(r"[♠♥♦♣](?:10|[2-9AKQJ])")


@pytest.fixture(scope="module")
def g():
    return golden_deal(GOLDEN_DEAL_NUMBER)


def _cells(name: str) -> dict[str, dict]:
    nb = json.loads((BOOK / name).read_text(encoding="utf-8"))
    return {c["id"]: c for c in nb["cells"]}


def _html(cell: dict) -> str:
    return "".join("".join(o.get("data", {}).get("text/html", "")) for o in cell.get("outputs", []))


def _deal_cards(g) -> set[str]:
    return {c.symbol for c in g.deal.deck}


def test_the_deal_shows_everything_evening_4_teaches(g):
    kinds = [s.action.kind for s in g.steps]
    given = [s.action.card for s in g.steps if s.action.kind == "exchange"]
    assert any(c.rank == 10 for c in given), "a chosen Ten for a turn-up"
    assert any(c.rank in (12, 13) for c in given), "a Queen or King for an Ole"
    assert "down" in kinds and "see" in kinds
    assert "stop" in kinds or "play on" in kinds, "a Jann decision"
    assert g.deal.result is not None and any(g.deal.result.payments)
    # The record replays to the same deal, move by move, by the book's player.
    replay = knlib.new_deal("knueffeln", seed=GOLDEN_DEAL_NUMBER)
    for s in g.steps:
        assert book_player(replay) == s.action
        replay.apply(s.action)
    assert replay.result.payments == g.deal.result.payments


def test_each_reason_belongs_to_its_move(g):
    d = g.state(g.play_start)
    other = next(a for a in d.legal_actions() if a != book_player(d))
    with pytest.raises(AssertionError):
        explain_move(d, other)
    for s in g.steps:
        if s.action.card is not None and s.action.kind != "down":
            assert s.action.card.symbol in s.why, s
        if s.action.kind == "down":
            assert s.action.card.symbol in s.why  # the reader learns the card with the reason


def test_reasons_say_what_the_engine_says(g):
    for s in g.steps:
        if s.action.kind != "play":
            continue
        d = g.state(s.number - 1)
        trick = [c for _, c in d.current_trick]
        if not trick:
            continue
        takes = knlib.ahead_sequence("knueffeln", [*trick, s.action.card], d.chosen)[-1] \
            == len(trick)
        assert ("takes it with" in s.why) == takes, s.why


def test_evening_4_text_widget_and_pictures_are_the_one_deal(g):
    cells = _cells("4-the-deal.ipynb")
    named = set()
    for cid, cell in cells.items():
        if cid.startswith("ev4-trick") or cid in ("ev4-order", "ev4-ending", "ev4-lesson",
                                                  "ev4-hands", "ev4-exchanges-pictures",
                                                  "ev4-hands-intro"):
            named |= set(CARD.findall("".join(cell["source"]) + _html(cell)))
    assert named and named <= _deal_cards(g)
    # The book's words about each trick name only cards in play at that trick: its own
    # cards and the cards then in the players' hands (not a card played before).
    text_of = {n: f"ev4-trick-{n}-text" for n in range(1, 6)}
    for t in g.deal.tricks:
        start = g.state(min(s.number for s in g.trick_steps(t.number)) - 1)
        in_play = {c.symbol for h in start.hands for c in h} | {c.symbol for c in t.cards}
        words = "".join(cells[text_of[t.number]]["source"]).split("### Trick")[-1]
        said = set(CARD.findall(words))
        assert said and said <= in_play, (t.number, said - in_play)
        # The reasons may also name unseen cards that could take a lead: the stock's too.
        unseen = in_play | {c.symbol for c in start.stock}
        shown = set(CARD.findall(_html(cells[f"ev4-trick-{t.number}"])))
        assert shown <= unseen, (t.number, shown - unseen)
    # Each trick picture in the stored page is the deal's trick, in order of play.
    for t in g.deal.tricks:
        html = _html(cells[f"ev4-trick-{t.number}"])
        labels = re.search(r'aria-label="A trick of \d cards in play order: ([^"]*?)\. The', html)
        assert labels is not None
        assert CARD.findall(labels.group(1)) == [c.symbol for c in t.cards]
    # The hands shown are the hands after the exchanges.
    assert _html(cells["ev4-hands"]) == g.hands_html()
    # The stored viewer is the deal viewer of the same deal, from where the play begins,
    # named by its number (the page rebuilds it from there).
    from knbook.tools.page import root_html
    from knbook.tools.viewer import DealViewerTool

    viewer = "".join(cells["ev4-viewer"]["outputs"][0]["data"]["text/html"])
    assert viewer == root_html(DealViewerTool(golden=g.number, step=g.play_start))
    pictures = sum(_html(c).count("<svg") for c in cells.values())
    assert pictures >= 10


def test_evening_5_talk_matches_the_hands_after_the_exchanges(g):
    cells = _cells("5-talk-and-play.ipynb")
    assert _html(cells["ev5-hands"]) == g.hands_html()
    assert _html(cells["ev5-conversation"]) == g.conversation_html()
    before = knlib.new_deal("knueffeln", seed=GOLDEN_DEAL_NUMBER)
    assert g.after_exchanges.hands != before.hands  # the exchanges changed the hands


def test_the_conversation_teaches_the_core_phrases_truthfully(g):
    said = [s for _, lines in g.conversation() for s in lines]
    assert {s.phrase_id for s in said} >= set(CORE_PHRASES)
    assert 6 <= len(set(CORE_PHRASES)) <= 10
    for s in said:
        if s.own:
            assert s.phrase_id not in PHRASEBOOK.ids and s.true is None
    bluffs = [s for s in said if s.true is False]
    assert [s.phrase_id for s in bluffs] == ["nich-recht-to-huus"]
    assert PHRASEBOOK["nich-recht-to-huus"].may_bluff
    south = g.deal.names.index("South")
    assert not claims_true("nich-recht-to-huus", g.after_exchanges.hands[south],
                           g.deal.chosen)


def test_glosses_keep_the_sources_spelling():
    assert phrase_gloss("wir-spielen-weiter")["text"] == "wir spieler [sic] weiter"
    assert PHRASEBOOK["wir-spielen-weiter"].low_german_or_german == "wir spieler weiter"
    assert "einen Olen" in phrase_gloss("du-musst-erst")["german"]


def test_deal_viewer_notes(g):
    from knbook.tools.viewer import DealViewerTool
    from knlib.errors import RulesError

    with pytest.raises(RulesError):
        DealViewerTool(deal=g.record(), notes=["too few"])
    v = DealViewerTool(golden=g.number, step=g.play_start + 1)
    assert g.steps[g.play_start].why in v.picture_html().replace("&#x27;", "'")
    assert v.state().to_json() == g.state(g.play_start + 1).to_json()


def test_ladder_picture_data_is_the_sessions_ladder():
    from knbook.pictures import ladder_history, ladder_session_figure

    session = knlib.Session("knueffeln-1924", seed=3)
    session.play(12, choose=book_player)
    history = ladder_history(session)
    slate = session.score
    assert len(history) == session.deals + 1
    won = [p for p in history if p.ladder_won_by is not None]
    assert sum(1 for p in won if p.mark == "Knüppel") == sum(slate.knueppel)
    assert sum(1 for p in won if p.mark == "Brille") == sum(slate.brille)
    last = history[-1]
    if last.ladder_won_by is None:
        assert list(last.rungs) == slate.rungs
    fig = ladder_session_figure(session)
    for side in (0, 1):
        line = next(x for x in fig.axes[0].lines if x.get_gid() == f"side:{side}")
        assert list(line.get_ydata()) == [p.rungs[side] for p in history]
    # Each deal's rungs follow from its result: the winners erase the deal's value.
    for before, after, res in zip(history, history[1:], session.results, strict=False):
        if after.ladder_won_by is None and before.ladder_won_by is None:
            assert before.rungs[res.winner] - after.rungs[res.winner] == res.value



def test_evening_5_five_player_solo_as_the_chapter_says():
    from knlib.players.bots import RulePlayer

    player = RulePlayer()
    solos = 0
    for seed in range(60, 200):
        d = knlib.new_deal("knueffeln", players=5, seed=seed)
        if player.choose(d) != "play alone":
            continue
        solos += 1
        while not d.is_over:
            d.apply(player.choose(d))
        first = d.tricks[0]
        # The player second to the dealer's right leads, so the dealer plays third.
        assert first.seats[0] == (d.dealer - 2) % 5
        assert first.seats[2] == d.dealer
        assert len(d.tricks) <= 8, "the result is known by trick 8"
        if not d.result.jann and d.result.winner == 0:
            assert d.result.tricks[0] >= 4
    assert solos >= 3


def test_evening_5_bernhards_rules_as_the_engine_plays_them():

    d = knlib.new_deal("knueffeln-1924", seed=1)
    cutter = (d.dealer - 1) % 4  # the player on the dealer's right, as today
    assert d.log[0] == f"{d.names[d.dealer]} shuffles and {d.names[cutter]} cuts."
    kept = knlib.new_deal("knueffeln-1924", seed=0)
    assert kept.get_game().returned, "a deal where two cards of one suit were turned"
    same = [c for c in kept.get_game().turned if c.suit == kept.get_game().returned[0].suit]
    assert max(same, key=lambda c: c.rank) in kept.turn_ups
    stakes = knlib.ruleset("knueffeln-1924").stakes
    assert (stakes.unit, stakes.value("run")) == ("rungs", 1)
    assert stakes.value("march") == 3


def test_a_golden_deal_made_in_german_first_still_reads_in_english():
    # the deal keeps its steps' words: one is made for each language
    with knlib.language("de"):
        german = [s.what for s in golden_deal().steps]
    english = [s.what for s in golden_deal().steps]
    assert german != english


def test_the_golden_deal_tells_each_kind_of_move_in_the_books_words():
    # Evening 4 prints these sentences: the exchange, the face-down lead and the 'see' in
    # the table story's words (knlib.engine.move_words), a lead and the stop in its own
    books_words = {
        "en": {1: "West exchanges ♦10 for ♦3.", 5: "West leads ♣4.", 6: "North plays ♥2.",
               17: "North leads a card face down (drehen).", 18: "East sees: the card is ♦7.",
               27: "North stops and takes the Jann."},
        "de": {1: "West tauscht ♦10 gegen ♦3.", 5: "West spielt ♣4 aus.",
               6: "Nord spielt ♥2.", 17: "Nord spielt eine Karte verdeckt aus (drehen).",
               18: "Ost sieht: Die Karte ist ♦7.", 27: "Nord hört auf und nimmt den Jann."},
    }
    for lang, lines in books_words.items():
        with knlib.language(lang):
            steps = golden_deal().steps
            assert {n: steps[n - 1].what for n in lines} == lines
