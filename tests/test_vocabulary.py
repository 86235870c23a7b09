"""One vocabulary (issue 25, item 5): one word for the face-down lead (*drehen*, "a
face-down lead"), one for the cards turned up after the deal ("turn-ups"), and no "leader"
for a class of cards (the table talk's *Ausspieler* is "Ausspieler", a card worth leading).

The retired words are caught in what a reader sees: the glossary, the phrasebook, the talk
lesson of Evening 5, the truthful lines and hand summaries of many hands, the at-a-glance
texts and the markdown of the evenings and the two reference pages. A "leader" as a person
(the player who leads) is not retired, nor Stýrivolt's own class of leaders, which its
chapter and the glossary define.
"""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path

import pytest

from knbook.course.glance import lead_cases_html, stake_lines
from knbook.course.talk_lesson import phrase_meaning, talk_lesson_html
from knlib.games import ruleset
from knlib.players.talk import (
    GLOSSARY,
    PHRASEBOOK,
    TRUTHFUL_PRIORITY,
    describe_hand,
    glossary_html,
    glossary_sources_md,
    phrasebook_html,
    phrasebook_sources_md,
    term,
    truthful_line,
)

ROOT = Path(__file__).resolve().parent.parent

#: Retired words, each with what it was used for.
RETIRED: dict[str, re.Pattern[str]] = {
    "'turn' for a face-down lead": re.compile(
        r"\baccepted turns?\b|\bturns? \(drehen\)|\bturned (?:once|twice)\b"
        r"|\b(?:one|two|three|four|no|\d+) turns?\b(?![- ](?:up|over))", re.IGNORECASE),
    "'turned card' for a turn-up": re.compile(
        r"\bturned(?:[- ]up)? cards?\b|\bface-up cards? turned after", re.IGNORECASE),
    "'leader' for a class of cards": re.compile(
        r"\b(?:no|a single|one|two|three|four|five|six|seven|eight|nine|\d+|and|some|any)"
        r"\s+leaders?\b|\b(?:beaters|Puzer|Olen),? and (?:the )?leaders\b"
        r"(?!')|(?<!course )\bleaders?:", re.IGNORECASE),
}


def plain(markup: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup)))


def retired(text: str) -> list[str]:
    """The retired words in ``text``, each with its context."""
    return [f"{name}: …{text[max(0, m.start() - 50):m.end() + 40]}…"
            for name, pattern in RETIRED.items() for m in pattern.finditer(text)]


@pytest.mark.parametrize("sentence", [
    "North sees: the card is ♠8; one accepted turn so far.",
    "During the deal 1 turn (drehen) was accepted.",
    "South turned twice, each time with a card nobody could take.",
    "It can be swapped for a turned-up card of its suit.",
    "The face-up cards turned after the deal fix the chosen suits.",
    "I’ve got a beater and two leaders.",
    "holds no decent card: no Ole, no beater and no leader",
    "Categories: Ole: ♥2; leader: ♠7",
    "2. the high beaters and the leaders, counted; 5. no beater but some leaders;",
])
def test_the_retired_words_are_caught(sentence):
    assert retired(sentence)


@pytest.mark.parametrize("sentence", [
    "A face-down lead (drehen) raises the stake; the other side sees or runs.",
    "The turn-ups ♠6 and ♦3 make spades and diamonds the chosen suits.",
    "I’ve got a beater and two Ausspieler.",
    "The leader's sure winners already make five; a random leader turns a card face down.",
    "Each of the four players plays one card, in turn. It turns over one card.",
    "For course leaders: diplomas for printed papers.",
    "Stýrivolt's leaders stand on two rungs; the free cards and the leaders of Stýrivolt.",
    "Worth €0.10 to the leaders if it runs. The face-up cards that fix the chosen suits are "
    "the turn-ups.",
])
def test_plain_words_pass(sentence):
    assert retired(sentence) == []


def test_the_glossary_says_each_word_once():
    assert not retired(plain(glossary_html(sources=True)))
    assert not retired(glossary_sources_md())
    # the settled words are found, each in one entry
    assert term("turn-up").id == term("Wääl").id and "turn-ups" in term("Wääl").definition
    assert term("face-down lead").id == term("Drehen").id
    assert "face-down" in term("Drehen").definition
    assert "worth leading" in term("Ausspieler").definition
    assert term("leaders").games == ("styrivolt",)
    names = [t.term.casefold() for t in GLOSSARY]
    assert len(names) == len(set(names))


def test_the_phrasebook_and_the_talk_lesson():
    texts = [plain(phrasebook_html(sources=True)), phrasebook_sources_md(),
             plain(talk_lesson_html(5))]
    texts += [phrase_meaning(p) for p in PHRASEBOOK]
    texts += [f"{p.english} {p.claim} {p.when} {p.note or ''}" for p in PHRASEBOOK]
    texts += [why for _, why in TRUTHFUL_PRIORITY]
    found = [f for t in texts for f in retired(t)]
    assert not found, found[:5]


def test_the_truthful_lines_and_hand_summaries_of_many_hands():
    rules = ruleset("knueffeln")
    rng = random.Random(25)
    found = []
    for _ in range(400):
        hand = rng.sample(rules.pack, 9)
        chosen = "".join(rng.sample("CDHS", 2))
        line = truthful_line(hand, chosen)
        found += retired(f"{line.text} {line.english} {line.claim}")
        found += retired(str(describe_hand(hand, chosen)))
        found += retired(plain(describe_hand(hand, chosen)._repr_html_()))
    assert not found, found[:5]


def test_the_glance_texts():
    texts = [plain(lead_cases_html()), *(f"{a} {b}" for a, b in stake_lines())]
    found = [f for t in texts for f in retired(t)]
    assert not found, found


def _markdown(path: Path) -> str:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


@pytest.mark.parametrize("page", [
    *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "book" / "evenings").glob("*.ipynb")),
    "book/reference/glossary.ipynb", "book/reference/phrasebook.ipynb",
])
def test_the_pages_markdown(page):
    found = retired(re.sub(r"\s+", " ", _markdown(ROOT / page)))
    assert not found, found


@pytest.mark.slow
def test_the_course_questions_and_the_deal_story_say_the_settled_words():
    import knlib
    from knbook.course.question_kinds import question
    from knlib.players.bots import RulePlayer

    texts = []
    for kind in ("stakes", "payment", "phrase", "truthful", "d_say", "d_see_run", "d_jann"):
        for s in range(30):
            q = question(kind, s)
            texts.append(" ".join((q.prompt, *q.options, q.explanation)))
    player = RulePlayer()
    for s in range(20):
        d = knlib.new_deal("knueffeln", seed=s)
        while not d.is_over:
            d.apply(player.choose(d))
        texts.append(" ".join(map(str, d.log)) + f" {d.result.reason}")
    found = [f for t in texts for f in retired(plain(t))]
    assert not found, found[:5]
