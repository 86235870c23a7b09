"""Typed recall questions (issue 25, item 8): every recall question is built by one builder
(:func:`knbook.course.foundation.question.recall_question`) with named fields and its feedback
kept as (verdict, text) pairs, one per option, exactly one of them right; the builder refuses a bad
record with a RulesError, as the decisions' builder does (the checks are shared). Each
wrong option's text says what is wrong with *that* option, and the facts it states are
checked here against the engine, not against the generator's words.
"""

from __future__ import annotations

import re

import pytest

from knbook.course.decisions import build, decision_record
from knbook.course.foundation.question import (
    RIGHT,
    WRONG,
    card_symbol,
    check_options,
    feedback_texts,
    recall_question,
    rules_of,
)
from knbook.course.practice import option_feedback
from knbook.course.question_kinds import correct_options, kinds_for, question
from knbook.course.trick_questions import takes_lead
from knlib.cards import Card
from knlib.counts import number_word
from knlib.errors import RulesError
from knlib.games import GAMES
from knlib.rules.tricks import explain_trick

RECALL = ("pack", "ole", "turn_up", "role", "hand_count", "trick_winner", "can_beat",
          "stakes", "payment", "phrase", "truthful")

#: Counts a person would not say (tests/test_sentences.py has the full list).
_COUNTS = re.compile(r"(?<![\w.,€+−\-/])(?:0 (?=[A-Za-z])|1 (?=(?:cards?|tricks?|turns?|"
                     r"Olen?|accepted)\b))")


def _check(q) -> None:  # noqa: ANN001 - a Question
    """The record's shape, and the facts each wrong option's text states."""
    n = len(q.options)
    assert len(q.verdicts) == n == len(q.values), q
    verdicts = [v for v, _ in q.verdicts]
    assert verdicts.count(RIGHT) == 1 and set(verdicts) <= {RIGHT, WRONG}, verdicts
    assert verdicts.index(RIGHT) == q.answer
    # the engine, from the question's data alone, finds the same answer
    assert correct_options(q) == [q.answer], q
    texts = [t for _, t in q.verdicts]
    assert len(set(texts)) == n and all(t.strip() for t in texts)
    assert q.feedback == feedback_texts(q.verdicts) == option_feedback(q)
    assert q.feedback[q.answer].startswith("Right. ")
    for text in q.feedback:
        assert not _COUNTS.search(text), text
    rules = rules_of(q.game)
    wrong = [(i, t) for i, (v, t) in enumerate(q.verdicts) if v == WRONG]
    if q.kind == "trick_winner":
        expl = explain_trick(rules, q.cards, q.chosen, first_trick=q.first_trick)
        winner = expl.steps[expl.winner].symbol
        for i, t in wrong:  # names the card of the option and the card that wins
            assert t.startswith(f"Not {expl.steps[i].symbol}:") and winner in t, t
    elif q.kind == "can_beat":
        trick = [Card(c) for c in q.trick]
        for i, t in wrong:
            for c in set(q.values[i]) ^ set(q.values[q.answer]):
                sym = card_symbol(Card(c), rules)
                said = re.search(r"(?:: |\. )" + re.escape(sym) + r", [^.]*?, would (not )?take", t)
                assert said, (sym, t)
                assert (said.group(1) is None) == takes_lead(rules, trick, Card(c), q.chosen), t
    elif q.kind == "hand_count":
        roles = rules.roles(q.chosen)
        count = sum(roles[Card(c)].klass == q.get("klass") for c in q.hand)
        for i, t in wrong:
            assert t.startswith(f"Not {q.values[i]}:")
            assert (f"{number_word(count)} of the cards" in t if count else "none of" in t), t
    elif q.kind == "role":
        for i, t in wrong:
            assert t.startswith(f"Not “{q.options[i]}”:")
            assert rules.role(q.card, q.chosen).title in t  # what the card really is
    elif q.kind == "pack" and q.variant == "missing":
        pack = set(rules.pack)
        for i, t in wrong:
            assert Card(q.values[i]) in pack and "is one of the" in t, t
    elif q.kind == "truthful":
        from knlib.players.talk import claims_true, phrase_gloss

        for i, t in wrong:  # the phrase as the reader sees it (a number said as a word)
            assert not claims_true(q.values[i], list(q.hand), q.chosen, rules)
            assert phrase_gloss(q.values[i])["text"] in t and "does not bear" in t
    elif q.kind == "phrase":
        from knlib.players.talk import phrase, phrase_gloss

        asked = phrase(q.phrase)
        for i, t in wrong:  # the option is another phrase's claim, and the text says so
            other = phrase(q.values[i])
            assert (other.claim_text == q.options[i] != asked.claim_text
                    and f"({other.claim_text})" in t)
            # the phrase asked about, what it claims; no other phrase (it may be untaught)
            assert phrase_gloss(asked)["text"] in t and asked.claim_text in t, t
            assert phrase_gloss(other)["text"] not in t, t
    else:
        for _, t in wrong:
            assert t.startswith("Not ") and t != q.feedback[q.answer], t


@pytest.mark.parametrize("kind", RECALL)
def test_every_recall_question_carries_one_verdict_per_option(kind):
    for seed in range(40):
        _check(question(kind, seed))


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_recall_kind_of_every_game_over_many_seeds(game):
    kinds = [k for k in kinds_for(game) if k in RECALL]
    assert kinds
    for kind in kinds:
        for seed in range(300 if game == "knueffeln" else 60):
            _check(question(kind, seed, game=game))


# -- the builder ------------------------------------------------------------------------------


def _record(**change):  # noqa: ANN003, ANN202
    fields = dict(kind="pack", evening=1, game="knueffeln", title="The pack",
                  prompt="How many cards?", options=("48", "52"), values=(48, 52),
                  feedback=((RIGHT, "It has 48."), (WRONG, "Not 52: that is a full pack.")),
                  source="seed 000", seed=0)
    fields.update(change)
    return recall_question(**fields)


def test_the_builder_makes_the_question_from_its_named_fields():
    q = _record(feedback=((WRONG, "Not 48: no."), (RIGHT, "It has 52.")))
    assert q.answer == 1 and q.correct == "52" and q.explanation == "It has 52."
    assert q.feedback == ("Not 48: no.", "Right. It has 52.")
    assert q.verdicts == ((WRONG, "Not 48: no."), (RIGHT, "It has 52."))
    # a worked solution of its own
    assert _record(explanation="48 cards, no Fives.").explanation == "48 cards, no Fives."
    with pytest.raises(TypeError):  # the fields are named, not positional
        recall_question("pack", 1)


@pytest.mark.parametrize("change, words", [
    ({"feedback": ((RIGHT, "It has 48."),)}, "one feedback and one value per option"),
    ({"values": (48,)}, "one feedback and one value per option"),
    ({"feedback": ((RIGHT, "a"), (RIGHT, "b"))}, "exactly one right option"),
    ({"feedback": ((WRONG, "a"), (WRONG, "b"))}, "exactly one right option"),
    ({"feedback": ((RIGHT, "a"), ("maybe", "b"))}, "exactly one right option"),
    ({"options": ("48", "48")}, "share their text or feedback"),
    ({"feedback": ((RIGHT, "same"), (WRONG, "same"))}, "share their text or feedback"),
    ({"feedback": ((RIGHT, "a"), (WRONG, " "))}, "no text or no feedback"),
])
def test_the_builder_refuses_a_bad_record(change, words):
    with pytest.raises(RulesError, match=words):
        _record(**change)


def test_decisions_and_recall_questions_pass_the_same_checks():
    # the decisions' builder refuses what the recall builder refuses, in the same words
    with pytest.raises(RulesError, match="exactly one right option"):
        build(kind="d_x", evening=1, goal="g", title="t", position=1, question="q?",
              options=["a", "b"], feedback=[(RIGHT, "x"), (RIGHT, "y")], source="s", seed=0,
              values=[0, 1])
    with pytest.raises(RulesError, match="exactly one right option"):
        check_options("d_x", ["a", "b"], [0, 1], [(RIGHT, "x"), (RIGHT, "y")])
    # and a decision, as a question, keeps its pairs as a recall question does
    rec = decision_record("d_first_lead", 3)
    q = rec.as_question()
    assert q.verdicts == rec.feedback and q.feedback == feedback_texts(rec.feedback)
    assert [v for v, _ in q.verdicts].index(RIGHT) == q.answer


def test_a_question_without_its_feedback_is_refused():
    import dataclasses

    q = dataclasses.replace(question("pack", 1), feedback=())
    with pytest.raises(RulesError, match="feedback texts"):
        option_feedback(q)
