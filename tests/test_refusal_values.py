"""A refusal is a value (issue 38, item 2): the RulesError an illegal action raises keeps
the rule's sentence, its source and the seats it names, so a face words the seats itself
and adds the citation; no sentence is cleaned afterwards, and the play tool gets a
refused move's words from the refusal, not by playing the move again on a copy.

The engine's own words (``str(err)``) stay as they were: the seat with its number
('South (seat 0)') and the citation in reader's words (the README's doctest pins one).
"""

from __future__ import annotations

import pytest

import knlib
from knbook.play.session import PlaySession
from knbook.tools.play import PlayTool
from knlib.engine.deal import Deal
from knlib.engine.narration import Told, seat_text, sentence_of
from knlib.i18n import language, tr
from knlib.sources import S000_DEAL, for_reader


def _exchange_refusal() -> tuple[Deal, knlib.RulesError]:
    """A Knüffeln deal in its exchanges (seed 54: North may exchange), and the refusal of
    a card played there."""
    deal = knlib.new_deal("knueffeln", seed=54)
    deal.apply("pass")
    with pytest.raises(knlib.RulesError) as caught:
        deal.apply("play S3")
    return deal, caught.value


def test_a_refusal_keeps_its_rule_source_and_seat_as_values():
    deal, err = _exchange_refusal()
    assert err.seat == deal.to_move == 0
    assert err.seats == {"who": 0}
    assert err.source is not None and err.source.startswith(S000_DEAL)
    assert err.rule == ("'{act}' is not possible now: the exchanges come first; {who} may "
                        "exchange {card} for {offers} or pass")
    assert "seed 0" not in err.rule and "(seat" not in err.rule
    # the engine's words, as they were
    assert str(err) == (
        "'play S3' is not possible now: the exchanges come first; South (seat 0) may "
        "exchange ♠Q for ♠8 or pass (McLeod after Eaton (2021), “The Deal and Exchange”: an "
        "Ole at the bottom of the stock for the Queen of its suit (the King if she sleeps), "
        "up to three Olen)")


def test_a_face_names_the_seat_in_its_own_words_and_adds_the_citation():
    deal, err = _exchange_refusal()
    game = deal.get_game()
    worded = err.worded(tr, lambda seat: seat_text(game, seat))
    assert worded == ("'play S3' is not possible now: the exchanges come first; South may "
                      "exchange ♠Q for ♠8 or pass")
    assert err.source is not None
    assert err.cited(worded) == f"{worded} ({for_reader(err.source)})"
    assert err.worded(tr, lambda seat: "you").startswith(
        "'play S3' is not possible now: the exchanges come first; you may exchange")


def test_the_refusal_is_worded_again_in_german():
    with language("de"):
        deal, err = _exchange_refusal()
        game = deal.get_game()
        assert "Süd (Platz 0)" in str(err)
        worded = err.worded(tr, lambda seat: seat_text(game, seat))
        assert worded == str(err).split(" (McLeod")[0].replace("Süd (Platz 0)", "Süd")
        assert "Platz" not in worded


def test_a_seat_refused_out_of_turn_is_a_value_too():
    deal, _ = _exchange_refusal()
    with pytest.raises(knlib.RulesError) as caught:
        deal.apply("pass", seat=2)
    err = caught.value
    assert err.seats == {"name": 2, "who": 0} and err.seat == 2
    assert err.message.startswith("North (seat 2) may not act now: it is South (seat 0)'s "
                                  "turn")
    assert err.worded(tr, lambda seat: "West").startswith(
        "West may not act now: it is West's turn")


def test_a_message_naming_no_seat_is_its_own_words():
    err = knlib.RulesError("'x' is not a card", source=S000_DEAL)
    assert err.seat is None and err.rule is None
    assert err.worded(tr, str) == "'x' is not a card"
    assert str(err) == err.cited("'x' is not a card")


def test_the_play_tool_shows_a_refused_move_without_the_seat_number():
    tool = PlayTool(seed=4)
    d = tool.table.deal
    not_mine = next(c for c in knlib.pack("knueffeln") if c not in d.hands[0])
    view = tool.answer(f"play {not_mine}")
    with pytest.raises(knlib.RulesError) as caught:
        d.copy().apply(f"play {not_mine}")
    engine = str(caught.value)
    assert "South (seat 0) does not hold" in engine
    assert view.message == engine.replace("South (seat 0)", "South")


def test_a_refused_move_is_not_played_again_on_a_copy(monkeypatch):
    table = PlaySession(seed=4)
    d = table.deal
    not_mine = next(c for c in knlib.pack("knueffeln") if c not in d.hands[table.seat])

    def no_copy(self: Deal) -> Deal:
        raise AssertionError("the deal was copied to word a refusal")

    monkeypatch.setattr(Deal, "copy", no_copy)
    before = d.to_json()
    with pytest.raises(knlib.RulesError, match="does not hold"):
        table.act(f"play {not_mine}")
    assert d.to_json() == before


def test_a_told_line_of_the_story_keeps_its_citation_as_a_value():
    # Bernhard's game: the cutter's Olen go face up on the table (seed 001, 'Preliminaries')
    told_lines = []
    for seed in range(40):
        deal = knlib.new_deal("knueffeln-1924", seed=seed)
        told_lines += [line for line in deal.log if isinstance(line, Told)]
    assert told_lines
    for line in told_lines:
        assert line == f"{line.sentence.removesuffix('.')} ({line.source})."
        assert "seed 0" in line and "seed 0" not in sentence_of(line)
        assert sentence_of(line)[:1].isupper()
    assert sentence_of("South shuffles and East cuts.") == "South shuffles and East cuts."


def test_a_payment_question_tells_the_deal_without_citations():
    from knbook.course.question_kinds import question

    q = question("payment", 0, game="knueffeln-1924")
    assert "goes face up on the table." in q.prompt or "go face up on the table." in q.prompt
    assert "seed 0" not in q.prompt and "(seed" not in q.explanation
