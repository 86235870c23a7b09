"""The course's questions in German (issue 27): under ``knlib.language("de")`` the prompt,
the options and the feedback of every kind of recall question are German, the right answer
does not change with the language, and the steps' practice boxes and tables are German.

"No English left" is measured on the text a reader sees (citations removed, as the page
shows them): the share of :data:`ENGLISH` function words among its words must stay below
:data:`THRESHOLD`. The English words of a German text that are expected (seat names such as
"West", game and card names, Low German phrases) are not in the list.
"""

from __future__ import annotations

import re

import pytest

import knbook.course
import knlib
from knbook.course.foundation.question import all_chosen
from knbook.course.question_kinds import question
from knbook.course.steps import STEPS, step, step_practice_html, steps_table_html
from knlib.sources import for_reader

#: Common English function words that no German sentence of the course contains.
#: (Not "in", "an", "so", "was": German words too.)
ENGLISH = frozenset((
    "the", "and", "of", "is", "are", "which", "what", "not", "that", "with", "this", "it", "to",
    "for", "on", "by", "only", "when", "but", "does", "would", "could", "have", "has", "were",
    "be", "from", "than", "how", "many", "these", "there", "its"))
#: The largest share of those words in a German text (German sentences give 0; a left-over
#: English clause in a short text goes well above).
THRESHOLD = 0.03
#: The kinds whose every sentence is the course's own (the others quote the phrasebook's
#: claims and the deal's record, which other parts of knlib write).
OWN_KINDS = ("pack", "ole", "turn_up", "role", "hand_count", "trick_winner", "can_beat",
             "stakes")
#: Every recall kind, for the answers.
ALL_KINDS = (*OWN_KINDS, "payment", "phrase", "truthful")
GAMES = ("knueffeln", "knueffeln-1924", "karniffel", "karnoeffel", "styrivolt")
SEEDS = range(12)


def english_share(text: str) -> float:
    """The share of :data:`ENGLISH` words among the words of ``text`` as a reader sees it."""
    words = re.findall(r"[A-Za-zÄÖÜäöüß]+", for_reader(text))
    return sum(w.lower() in ENGLISH for w in words) / max(len(words), 1)


def texts(q: knbook.course.Question) -> list[str]:
    return [q.prompt, *q.options, *q.feedback, q.explanation, q.title]


def role_labels(game: str) -> dict[str, str]:
    """Each role's English label -> its German label (the same role of the same card)."""
    rules = knlib.games.ruleset(game)
    out: dict[str, str] = {}
    for chosen in all_chosen(rules):
        with knlib.language("en"):
            en = {c: r.label for c, r in rules.roles(chosen).items()}
        with knlib.language("de"):
            de = {c: r.label for c, r in rules.roles(chosen).items()}
        for c, label in en.items():
            assert out.setdefault(label, de[c]) == de[c], label
    return out


def _made(kind: str, seed: int, game: str, code: str):
    with knlib.language(code):
        try:
            return question(kind, seed, game=game)
        except knlib.RulesError:
            return None


def test_the_share_measure_can_fail() -> None:
    assert english_share("Which of these cards is not in the pack?") > THRESHOLD
    assert english_share("Welche dieser Karten gehört nicht zum Blatt?") == 0
    assert english_share("Nicht ♣3: ♣3 is one of the 48 cards of the pack.") > THRESHOLD


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_the_answer_does_not_change_with_the_language(kind: str) -> None:
    made = 0
    for game in GAMES:
        for seed in SEEDS:
            en, de = _made(kind, seed, game, "en"), _made(kind, seed, game, "de")
            assert (en is None) == (de is None), (kind, game, seed)
            if en is None or de is None:
                continue
            made += 1
            assert de.answer == en.answer, (kind, game, seed)
            assert de.variant == en.variant, (kind, game, seed)
            if kind == "role":  # the values are the roles' labels, each in its language
                labels = role_labels(game)
                assert tuple(labels[v] for v in en.values) == de.values, (game, seed)
            else:
                assert de.values == en.values, (kind, game, seed)
            assert len(de.options) == len(en.options) == len(de.feedback)
            assert de.prompt != en.prompt, (kind, game, seed)
            assert de.feedback[de.answer].startswith("Richtig. ")
            assert en.feedback[en.answer].startswith("Right. ")
    assert made >= len(SEEDS)


@pytest.mark.parametrize("kind", OWN_KINDS)
def test_the_questions_are_german(kind: str) -> None:
    made = 0
    for game in GAMES:
        for seed in SEEDS:
            q = _made(kind, seed, game, "de")
            if q is None:
                continue
            made += 1
            for text in texts(q):
                assert english_share(text) < THRESHOLD, (kind, game, seed, text)
    assert made >= len(SEEDS)


def test_the_other_kinds_ask_in_german() -> None:
    """The kinds that quote other parts of knlib ask and answer in the course's German."""
    with knlib.language("de"):
        pay = question("payment", 1)
        assert pay.prompt.splitlines()[-1].startswith(("Was bekommt", "Wie viele"))
        assert pay.feedback[pay.answer].startswith("Richtig. ")
        assert "Das Spiel lief so:" in pay.prompt
        phr = question("phrase", 2)
        assert "Am Knüffeltisch sagt ein Spieler" in phr.prompt
        tru = question("truthful", 3)
        assert "ohne zu bluffen" in tru.prompt and tru.prompt.startswith("Knüffeln")
        assert "Das Blatt, sortiert fürs Tischgespräch" in tru.explanation


def test_known_sentences() -> None:
    with knlib.language("de"):
        q = question("pack", 0)
        assert q.title == "Das Blatt"
        r = question("role", 3)
        assert r.prompt.startswith("Knüffeln (Bohmstedt), gewählte Farben ")
        assert r.prompt.endswith("?") and ": Was ist " in r.prompt
    with knlib.language("en"):
        assert question("pack", 0).title == "The pack"


def test_the_steps_are_german_and_their_english_heading_stays() -> None:
    s = step("e2-beaters")
    with knlib.language("de"):
        assert s.heading == "The six beaters"  # the English page's heading, for matching
        assert s.heading_text == "Die sechs Steker"
        box = step_practice_html("e2-beaters")
        assert "Übung 2 von " in box and ": zwei Fragen" in box
        assert "Practice" not in box
        table = steps_table_html(3)
        assert "Abend 3 in " in table and "Überschrift" in table
        assert all(english_share(x.heading_text + ". " + x.idea_text) < THRESHOLD
                   for x in STEPS)
    with knlib.language("en"):
        assert "Practice 2 of " in step_practice_html("e2-beaters")
        assert s.heading_text == "The six beaters"


def test_the_lesson_deals_are_german() -> None:
    from knbook.course.lesson_run import LessonRun
    from knbook.course.lessons import LESSONS

    for les in LESSONS.values():
        with knlib.language("de"):
            shown = [les.title_text, les.intro_text, les.result_text, les.summary_text,
                     *(s.text_shown for s in les.steps)]
        for text in shown:
            assert english_share(text) < THRESHOLD, (les.id, text)
        with knlib.language("en"):
            assert les.title_text == les.title and les.steps[0].text_shown == les.steps[0].text
    # A choice's feedback, made in German, and a refusal in German with the deal unchanged.
    with knlib.language("de"):
        run = LessonRun(LESSONS["e3-take-cheaply"])
        before = run.deal.to_json()
        with pytest.raises(knlib.RulesError, match="ist jetzt kein erlaubter Zug"):
            run.choose("stop")
        assert run.deal.to_json() == before
        wrong = next(a for a in run.legal() if str(a) != run.current.best)
        fb = run.choose(str(wrong))
        assert not fb.ok and fb.text.startswith(("Nicht die beste Wahl", "Das ist hier genauso"))
        assert run.deal.to_json() == before
        fb = run.choose(run.current.best)
        assert fb.ok and fb.text.startswith("Richtig: ")


def test_the_golden_deal_tells_its_moves_in_german() -> None:
    from knbook.course.golden import GoldenDeal

    with knlib.language("de"):
        g = GoldenDeal()
        # (the seat names and the engine's own record are other parts of knlib)
        for s in g.steps:
            assert english_share(s.what + " " + s.why) < THRESHOLD, (s.what, s.why)
        assert "Stiche bisher:" in g.trick_html(1) and "warum?" in g.trick_html(1)
        assert "Die Abrechnung." in g.ending_html()
    with knlib.language("en"):
        assert "Tricks so far:" in GoldenDeal().trick_html(1)


def test_refusals_are_german() -> None:
    with knlib.language("de"):
        with pytest.raises(knlib.RulesError, match="ist keine Art von Frage"):
            question("no-such-kind", 1)
        with pytest.raises(knlib.RulesError, match="ist kein Abend des Kurses"):
            steps_table_html(9)
        with pytest.raises(knlib.RulesError, match="ist kein Schritt des Kurses"):
            step("e9-nothing")


def test_the_reasons_of_moves_are_german_in_many_deals() -> None:
    """Every kind of move's reason (exchanges, leads, see or run, stop or play on) over many
    deals, in German: no English function words at all."""
    from knbook.course.golden_moves import book_player, explain_move
    from knlib.engine.deal import new_deal

    kinds: set[str] = set()
    with knlib.language("de"):
        for seed in range(40):
            d = new_deal("knueffeln", seed=seed)
            while d.to_move is not None:
                act = book_player(d)
                why = explain_move(d, act)
                kinds.add(act.kind)
                assert english_share(why) == 0, why
                d.apply(act)
    assert {"exchange", "play", "see", "stop"} <= kinds
