"""A move in words, in one place (knlib.engine.move_words), and the table's story as values
(knbook.play.story.Event): the faces put a move into words from one table, and an event
is put into words when it is shown, not when it happens (issue 38, item 2)."""

from __future__ import annotations

from knbook.play import transcript
from knbook.tools.play_view import event_html
from knlib.cards import Card
from knlib.engine.actions import DOWN_OF, PASS, PLAY_OF, SEE, STOP, exchange_action
from knlib.engine.move_words import WORDS, button_text, done_text, move_text
from knlib.games import KARNIFFEL, KNUEFFELN, ruleset
from knlib.i18n import language, ptr, tr
from knlib.kinds import ActionKind
from knlib.rules.tricks import TrickExplanation

EXCHANGE = exchange_action(Card("H10"), Card("HQ"))


def test_every_kind_of_move_has_its_words_in_both_languages():
    assert set(WORDS) == set(ActionKind)
    for kind, words in WORDS.items():
        assert words.typed and words.button, kind
        told = [t for t in (words.sentence, words.button, words.by_reader, words.by_other) if t]
        with language("de"):
            assert ptr("move", words.typed) != words.typed, kind
            for text in told:
                assert tr(text) != text, (kind, text)


def test_each_face_says_a_move_from_the_one_table():
    rules = ruleset(KNUEFFELN)
    card = Card("S3")
    assert [button_text(rules, a) for a in (PLAY_OF[card], DOWN_OF[card], EXCHANGE, SEE, PASS,
                                            STOP)] == [
        "Play ♠3", "Lead face down ♠3", "Exchange ♥10 for ♥Q", "See", "Keep (no exchange)",
        "Stop (take it)"]
    assert done_text(rules, EXCHANGE, "You", by_reader=True) == "You exchange ♥10 for ♥Q."
    assert done_text(rules, SEE, "North", by_reader=False, seen=card) == \
        "North sees: the card is ♠3."
    assert done_text(rules, STOP, "East", by_reader=False) == "East: stop."
    with language("de"):
        assert button_text(rules, EXCHANGE) == "♥10 gegen ♥D tauschen"
        assert done_text(rules, PLAY_OF[card], "Nord", by_reader=False) == "Nord spielt ♠3."
        assert done_text(rules, STOP, "Ost", by_reader=False) == f"Ost: {move_text(STOP)}."
        assert move_text(EXCHANGE) == "tauschen H10 gegen HD"
    # a German-suited game writes its cards so on every face
    assert button_text(ruleset(KARNIFFEL), PLAY_OF[Card("SQ")]) == "Play ♠O"


def test_the_story_holds_values_and_is_put_into_words_when_shown():
    events = transcript(KNUEFFELN, seed=0)
    assert not any(hasattr(e, "html") for e in events)
    tricks = [e for e in events if e.kind == "trick"]
    assert tricks and all(isinstance(e.explanation, TrickExplanation) and len(e.names) == 4
                          for e in tricks)
    assert "knlib-explanation" in event_html(tricks[0])
    play = next(e for e in events if e.kind == "action" and e.action is not None
                and e.action.kind == ActionKind.PLAY)
    english = play.text
    assert english.endswith(".") and " plays " in english
    with language("de"):  # the same event, shown in German: told when shown
        assert " spielt " in play.text and play.text != english
        assert tricks[0].text.startswith("Stich 1: ")
