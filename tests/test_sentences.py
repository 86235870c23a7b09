"""Sentences a person would say (issue 25, item 2): the texts knlib writes for readers carry
no machine patterns.

Over many generated texts (every trick of many random deals of every game, explained card
by card and summarised in one sentence; the golden deal's pages; the play table's story
over several deals; the lesson deals' texts and feedback; the book's puzzles; the family
comparison of random tricks; the truthful table-talk line of many hands), none may hold:

* a count "0 " before a word ("0 tricks have been played", "North holds 0 sure winners");
* "1 " before a counted noun ("1 card that West cannot see could take it", "1 tricks");
* "(seeded)";
* a game's identifier as a raw id ("knueffeln:", "karnoeffel-2024");
* a digit inside quoted speech ("hab’ einen Stecher und 2 Ausspieler").

The patterns are first shown to catch the sentences the reader reported, so the test can
fail. The one-sentence trick summary (:meth:`knlib.rules.tricks.TrickExplanation.summary`)
is checked against the rules as well.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator

import pytest

import knlib
from knbook.course.golden import golden_deal
from knbook.course.lesson_run import LessonRun
from knbook.course.lessons import LESSONS
from knbook.course.puzzles import book_puzzles
from knbook.pictures.comparison import compared
from knbook.play import transcript
from knbook.tools.play_view import event_html
from knlib.counts import count_words, german_count, number_word
from knlib.games import GAMES, ruleset
from knlib.players.talk import TALK_GAMES, truthful_line
from knlib.rules.tricks import explain_trick

#: Nouns that are counted in the texts (singular and plural forms). Amounts of money and
#: score ('€0.10', '1 rung', '3 points') are figures, as on a score sheet, and not counts.
_NOUNS = (r"(?:more |strong |sure |high |accepted |face-down )?"
          r"(?:cards?|tricks?|Olen?|beaters?|leaders?|winners?|turns?|leads?|Puzers?|Stecher"
          r"|Ausspieler|players?|hands?|ways?|deals?|games?|steps?"
          r"|questions?|opponents?|partners?|times?|suits?|classes|class)")
PATTERNS: dict[str, re.Pattern[str]] = {
    "a count of 0": re.compile(r"(?<![\w.,€+−\-/])0 (?=[A-Za-z])"),
    "a count of 1": re.compile(rf"(?<![\w.,€+−\-/])1 (?={_NOUNS}\b)"),
    "(seeded)": re.compile(r"\(seeded\)"),
    # 'styrivolt' is also the game's own word for its chosen Aces ('a styrivolt'), so only
    # the other identifiers are raw ids in prose.
    "a game id": re.compile(r"(?<![\w-])(?:" + "|".join(
        re.escape(g) for g in sorted(GAMES, key=len, reverse=True) if g != "styrivolt")
        + r")(?![\w-])"),
    # Quoted speech; a section title quoted in a citation ("Eaton (2021), “Scoring”") is not.
    "a digit in speech": re.compile(r"(?<!\), )“[^”]*\d[^”]*”"),
}


def plain(markup: str) -> str:
    """The words a reader sees in a piece of HTML (titles of pictures included)."""
    text = re.sub(r"<[^>]+>", " ", markup)
    return re.sub(r"\s+", " ", html.unescape(text))


def machine_patterns(text: str) -> list[str]:
    """The patterns found in ``text``, each with its context."""
    found = []
    for name, pattern in PATTERNS.items():
        for m in pattern.finditer(text):
            found.append(f"{name}: …{text[max(0, m.start() - 40):m.end() + 40]}…")
    return found


@pytest.mark.parametrize("sentence", [
    "0 tricks have been played.",
    "1 card that West cannot see could take it (♥2).",
    "North holds 0 sure winners (cards that no unseen card can take).",
    "At a random point (seeded) leaving at least one card in each part.",
    "Reading: knueffeln: as in Knüffeln: a led Ace needs the 6.",
    "The rules of karnoeffel-2024 apply.",
    "North says: “hab’ einen Stecher und 2 Ausspieler” = I’ve got a beater and two leaders.",
    "West wins the first 1 trick.",
])
def test_the_patterns_catch_the_reported_sentences(sentence):
    assert machine_patterns(sentence)


@pytest.mark.parametrize("sentence", [
    "No trick has been played yet; North-South 0, East-West 1.",
    "Trick 1: North wins with ♠3, a Drist (chosen Three): it takes ♦4, a dud (Schiet).",
    "One card that West cannot see could take it (♥2). Each loser pays €0.10.",
    "North says: “hab’ einen Stecher und zwei Ausspieler”. Knüffeln and Karnöffel (2024).",
    "Deal 1: South deals. A hand of 9 cards, the 1st card.",
])
def test_the_patterns_pass_plain_sentences(sentence):
    assert machine_patterns(sentence) == []


# -- counts in words -------------------------------------------------------------------------


def test_counts_in_words_agree():
    assert count_words(0, "sure winner") == "no sure winners"
    assert count_words(1, "card") == "one card"
    assert count_words(2, "Ole") == "two Olen"
    assert count_words(12, "trick") == "12 tricks"
    assert number_word(10) == "ten" and number_word(11) == "11"
    assert german_count(2, "Ausspieler") == "zwei Ausspieler"
    assert german_count(0, "Stecher", none="keinen") == "keinen Stecher"


# -- one sentence per trick ------------------------------------------------------------------


def test_the_summary_names_the_winner_and_the_card_it_took():
    expl = explain_trick("knueffeln", "D4 S3 DA C8", "HS")
    said = expl.summary(["West", "North", "East", "South"])
    # ♠3, a Drist, takes the led ♦4 (a dud); ♦A and ♣8 take nothing after it.
    assert said == "North wins with ♠3, a Drist (chosen Three): it takes ♦4, a dud (Schiet)."
    assert expl.summary().startswith("♠3, a Drist (chosen Three), wins the trick: it takes ♦4")


def test_a_led_card_that_nothing_takes_is_said_so():
    # A led chosen Seven cannot be taken (seed 000): the reason is that nothing took it.
    said = explain_trick("knueffeln", "S7 H2 HA C8", "HS").summary(list("NESW"))
    assert said.startswith("N wins with ♠7") and "no card played after it takes it" in said


def test_a_tie_is_said_as_a_tie():
    # With the reading "between equal cards the suit decides", the later ♠A (spades rank
    # above hearts) goes ahead of the equal ♥A: the summary names the tie, not a take.
    rules = ruleset("knueffeln", ties="suit_priority")
    expl = explain_trick(rules, "HA SA", "HS")
    assert expl.winner == 1 and expl.steps[1].tie
    said = expl.summary(["West", "North"])
    assert said.startswith("North wins with ♠A") and "equal to ♥A" in said
    assert "takes" not in said
    # Under the default reading the earlier card stays ahead, and nothing took it.
    first = explain_trick("knueffeln", "HA SA", "HS")
    assert first.winner == 0 and not first.steps[1].tie
    assert "no card played after it takes it" in first.summary()


def test_the_summary_wants_one_name_per_card():
    with pytest.raises(knlib.RulesError, match="one name per card"):
        explain_trick("knueffeln", "D4 S3", "HS").summary(["West"])


# -- the texts ----------------------------------------------------------------------------------


def _random_deal_texts(game: str, seed: int) -> Iterator[str]:
    """Every trick of one random deal, explained and summarised, and the deal's log."""
    rng = random.Random(seed)
    d = knlib.new_deal(game, seed=seed)
    while not d.is_over:
        d.apply(rng.choice(d.legal_actions()))
    for t in d.tricks:
        expl = explain_trick(d.rules, t.cards, d.chosen, first_trick=t.number == 1)
        yield expl.summary([d.names[s] for s in t.seats])
        yield from (s.sentence for s in expl.steps)
    yield from d.log
    assert d.result is not None
    yield d.result.reason


def _texts() -> Iterator[tuple[str, str]]:
    for game in GAMES:
        for seed in range(25):
            for text in _random_deal_texts(game, seed):
                yield f"{game} deal {seed}", text
    g = golden_deal()
    yield "golden hands", plain(g.hands_html())
    yield "golden exchanges", plain(g.exchanges_html())
    for t in g.deal.tricks:
        yield f"golden trick {t.number}", plain(g.trick_html(t.number))
    yield "golden ending", plain(g.ending_html())
    yield "golden conversation", plain(g.conversation_html())
    yield "golden hand talk", plain(g.hand_talk_html())
    for s in g.steps:
        yield f"golden step {s.number}", f"{s.what} {s.why}"
    for game in ("knueffeln", "knueffeln-1924", "styrivolt", "karnoeffel-2024"):
        for seed in range(3):
            for e in transcript(game, seed=seed):
                yield f"table {game} {seed}", e.text
                yield f"table {game} {seed} html", plain(event_html(e))
    for lesson in LESSONS.values():
        yield lesson.id, " ".join([lesson.title, lesson.intro, lesson.result, lesson.summary,
                                   *(s.text for s in lesson.steps)])
        run = LessonRun(lesson)
        while not run.over:
            best = run.current.best
            other = next((str(a) for a in run.legal() if str(a) != best), None)
            if other is not None:  # a wrong (or as good) choice gets its own words
                yield f"{lesson.id} feedback", run.choose(other).text
            if not run.over and run.current.best == best:
                yield f"{lesson.id} feedback", run.choose(best).text
    for puzzle in book_puzzles():
        wrong = puzzle.wrong.values() if isinstance(puzzle.wrong, dict) else puzzle.wrong
        yield f"puzzle {puzzle.seed}", " ".join([puzzle.question, puzzle.solution,
                                                  *map(str, wrong)])
    rng = random.Random(24)
    for _ in range(40):
        cards = [str(c) for c in rng.sample(list(ruleset("knueffeln").pack), 4)]
        for title, _, _, why in compared(cards, "".join(rng.sample("HSDC", 2))):
            yield f"comparison {title}", plain(why)
    rng = random.Random(25)
    for game in TALK_GAMES:
        pack = list(ruleset(game).pack)
        for _ in range(150):
            hand = rng.sample(pack, rng.randint(0, 9))
            chosen = "".join(rng.sample("HSDC", 2))
            line = truthful_line(hand, chosen, game)
            yield f"talk {game}", f"“{line.text}” ({line.english}) {line.claim}"


def test_no_generated_text_reads_like_program_output():
    found: list[str] = []
    count = 0
    for where, text in _texts():
        count += 1
        found += [f"{where}: {f}" for f in machine_patterns(text)]
    assert count > 5000, count  # the test reads many texts
    assert not found, "\n".join(found[:20])


# -- where a reader sees a whole trick -------------------------------------------------------


def test_a_trick_picture_says_one_sentence_and_keeps_the_reasons_behind_why():
    from knlib.render.display import explanation_html

    expl = explain_trick("knueffeln", "D4 C8 DA S3", "HS")
    markup = explanation_html(expl, ["West", "North", "East", "South"])
    shown, _, hidden = markup.partition("<details")
    assert html.escape(expl.summary(["West", "North", "East", "South"])) in shown
    assert "<li" not in shown  # no card-by-card sentence outside the toggle
    assert "<summary" in hidden and ">why?</summary>" in hidden
    assert all(html.escape(s.sentence) in hidden for s in expl.steps)


def test_the_golden_deal_tells_each_trick_in_one_sentence_and_talk_one_player_at_a_time():
    g = golden_deal()
    d = g.deal
    for t in d.tricks:
        markup = g.trick_html(t.number)
        shown, _, hidden = markup.partition("<details")
        expl = explain_trick(d.rules, t.cards, d.chosen)
        assert html.escape(expl.summary([d.names[s] for s in t.seats])) in shown
        assert all(html.escape(s.sentence) not in shown for s in expl.steps)
        assert all(html.escape(s.sentence) in hidden for s in expl.steps)
        # Table talk: one speaker per line, and no claim checked (this is not the lesson
        # about bluffing).
        for line in re.findall(r"<li[^>]*>(.*?)</li>", shown):
            speaker = re.match(r"<b>([^<]*)</b>:", line)
            assert speaker is not None and speaker.group(1) in d.names, line
        assert "✓" not in shown and "✗" not in shown and "Claims:" not in shown
    # The conversation (Evening 5, where the lesson is about bluffing) marks each claim,
    # and its one bluff as a bluff.
    talk = plain(g.conversation_html())
    assert talk.count("a bluff") == 1 and "✓ true" in talk
    assert " say:" not in talk
