"""Every phrase an exercise uses is taught first (issue 25, item 5).

"Taught" is :data:`knlib.players.talk.TAUGHT_ON` (phrase id -> the evening whose page teaches
it). A question of evening ``k`` (an exercise, a self-check question, a "what would you do?"
decision, an exam question) may use a phrase only if it is taught on evening ``k`` or
before. A question uses a phrase when it is the question's phrase, one of the phrases its options
offer, or when the phrase's words stand in its prompt, options, explanation or feedback (the
wrong options of a 'phrase' question are other phrases' claims: the reader sees the claims,
not those phrases).

The tests also check that the page of that evening really shows each phrase it is said to
teach: the sample deal's conversation (the core phrases) and the section on the rest of the
talk, both on Evening 5's page before its questions; and, when the book is built, the
words of every phrase in the built page.
"""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import replace
from pathlib import Path

import pytest

from knbook.course.decisions import decision
from knbook.course.foundation.question import Question
from knbook.course.papers import exam
from knbook.course.practice import decision_questions, self_check_questions
from knbook.course.question_kinds import KIND_EVENING, evening_questions, question
from knbook.course.talk_lesson import (
    CORE_HEADING,
    LESSON_HEADING,
    TALK_GROUPS,
    TAUGHT_ON,
    TAUGHT_UNDER,
    talk_lesson_html,
    taught_by,
)
from knlib.players.talk import CORE_PHRASES, PHRASEBOOK, phrase_gloss

ROOT = Path(__file__).resolve().parent.parent
EVENING5 = ROOT / "book" / "evenings" / "5-talk-and-play.ipynb"
BUILT5 = ROOT / "_build" / "html" / "book" / "evenings" / "5-talk-and-play.html"

#: The kinds of question that speak of table talk.
TALK_KINDS = ("phrase", "truthful", "d_say")


def _words(text: str) -> str:
    """Text as a reader sees it, for matching phrases: apostrophes and spaces made one."""
    return re.sub(r"\s+", " ", text.replace("’", "'")).casefold()


def _forms(pid: str) -> tuple[str, ...]:
    p = PHRASEBOOK[pid]
    return tuple(_words(f) for f in (*p.forms, phrase_gloss(p)["text"]))


def _texts(q: Question) -> Iterable[str]:
    yield q.prompt
    yield from q.options
    yield q.explanation
    yield from (t for t in (getattr(q, "open_prompt", None),) if t)
    for f in getattr(q, "feedback", ()) or ():
        yield f[1] if isinstance(f, tuple) else str(f)


def phrases_used(q: Question) -> set[str]:
    """The phrase ids a question uses: the phrase it asks about, the phrases its options
    offer (talk kinds other than 'phrase', whose options are claims, not phrases), and any
    phrase whose words stand in what it shows the reader."""
    offered = () if q.kind == "phrase" else q.values
    used = {v for v in (q.phrase, *offered) if isinstance(v, str) and v in PHRASEBOOK.ids}
    shown = _words(" ".join(_texts(q)))
    used |= {pid for pid in PHRASEBOOK.ids if any(f in shown for f in _forms(pid))}
    return used


def untaught(questions: Iterable[Question], taught: Mapping[str, int] = TAUGHT_ON
             ) -> list[tuple[str, int, str]]:
    """(kind, evening, phrase id) for each phrase a question uses that is not taught on its
    evening's page or an earlier one."""
    out = []
    for q in questions:
        known = taught_by(q.evening, dict(taught))
        out += [(q.kind, q.evening, pid) for pid in sorted(phrases_used(q) - known)]
    return out


# --------------------------------------------------------------------------------------
# The data
# --------------------------------------------------------------------------------------

def test_every_phrase_is_taught_once_on_an_evening():
    assert set(TAUGHT_ON) == set(PHRASEBOOK.ids)
    assert set(TAUGHT_ON.values()) <= {1, 2, 3, 4, 5}
    grouped = [pid for _, _, ids in TALK_GROUPS for pid in ids]
    assert len(grouped) + len(CORE_PHRASES) == len(PHRASEBOOK)
    assert not set(grouped) & set(CORE_PHRASES)


def test_the_phrases_of_the_learners_report_are_taught_on_evening_5():
    for words in ("Een Spill mak ik", "ich kann dir nur einmal helfen", "wer kann de?",
                  "dat spelen se up de Heide bi Regenwedder!"):
        assert TAUGHT_ON[PHRASEBOOK.find(words).id] == 5, words


# --------------------------------------------------------------------------------------
# The checker can fail
# --------------------------------------------------------------------------------------

def test_the_checker_finds_a_phrase_removed_from_the_taught_set():
    qs = [question(kind, s) for kind in TALK_KINDS for s in range(60)]
    assert untaught(qs) == []
    for pid in ("een-spill-mak-ik", "wer-kann-de"):
        fewer = {k: v for k, v in TAUGHT_ON.items() if k != pid}
        found = untaught(qs, fewer)
        assert found and {p for _, _, p in found} == {pid}, pid
    later = {**TAUGHT_ON, "nur-einmal-helfen": 6}  # taught only after the questions
    assert {p for _, _, p in untaught(qs, later)} == {"nur-einmal-helfen"}


def test_the_checker_reads_the_words_of_a_question():
    q = question("pack", 1)
    assert phrases_used(q) == set()
    said = replace(q, prompt=q.prompt + " Someone says “wer kann de?”.")
    assert phrases_used(said) == {"wer-kann-de"}
    assert untaught([said], {}) == [("pack", 1, "wer-kann-de")]


# --------------------------------------------------------------------------------------
# The questions
# --------------------------------------------------------------------------------------

#: Seeds tried for each kind of question that speaks of the talk (quick).
KIND_SEEDS = 1500


@pytest.mark.parametrize("kind", TALK_KINDS)
def test_each_talk_kind_uses_only_taught_phrases(kind):
    qs = [question(kind, s) for s in range(KIND_SEEDS)]
    assert untaught(qs) == []
    if kind == "phrase":  # the kind asks about every phrase of the phrasebook
        asked = Counter(q.phrase for q in qs)
        assert set(asked) == set(PHRASEBOOK.ids)


def test_no_evening_before_the_talk_asks_about_it():
    talk_evening = min(KIND_EVENING[k] for k in TALK_KINDS if k in KIND_EVENING)
    first = min(TAUGHT_ON.values())
    assert talk_evening >= first
    for k in range(1, 5):
        qs = [*evening_questions(k, 6, "exercises|0"), *decision_questions(k)]
        assert untaught(qs) == [], k


@pytest.mark.slow
@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_exercises_self_checks_and_decisions_use_only_taught_phrases(k):
    seeds = 25 if k == 5 else 8
    qs: list[Question] = [*decision_questions(k)]
    for s in [k, *range(100, 100 + seeds)]:  # the book's own seed, then others
        qs += evening_questions(k, 6, f"exercises|{s}")
        qs += self_check_questions(k, seed=s)
    assert untaught(qs) == []
    if k == 5:
        assert len({p for q in qs for p in phrases_used(q)}) >= 20


@pytest.mark.slow
def test_exam_papers_use_only_taught_phrases():
    for paper in range(40):
        assert untaught(exam(paper)) == [], paper


def test_the_decision_kind_d_say_from_its_own_seeds():
    qs = [decision("d_say", f"book|5|{s}") for s in range(200)]
    assert untaught(qs) == []


# --------------------------------------------------------------------------------------
# The page teaches what TAUGHT_ON says
# --------------------------------------------------------------------------------------

def test_the_talk_section_shows_each_of_its_phrases():
    shown = _words(html.unescape(re.sub(r"<[^>]+>", " ", talk_lesson_html(5))))
    for _, _, ids in TALK_GROUPS:
        for pid in ids:
            assert _words(phrase_gloss(pid)["text"]) in shown, pid


def test_the_sample_conversation_says_each_core_phrase():
    from knbook.course.golden import golden_deal

    shown = _words(html.unescape(re.sub(r"<[^>]+>", " ", golden_deal(9585).conversation_html())))
    for pid in CORE_PHRASES:
        assert _words(phrase_gloss(pid)["text"]) in shown, pid


def _code_cells() -> list[str]:
    nb = json.loads(EVENING5.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def test_evening_5_shows_the_talk_before_its_questions():
    cells = _code_cells()

    def first(text: str) -> int:
        where = [i for i, c in enumerate(cells) if text in c]
        assert where, f"no cell of Evening 5 calls {text}"
        return where[0]

    taught = max(first("conversation_html()"), first("talk_lesson_html("))
    for shown in ("evening_decisions(5)", "evening_exercises(5)", "evening_self_check(5)"):
        assert taught < first(shown), shown


@pytest.mark.book
def test_the_built_evening_5_page_shows_every_phrase_it_teaches():
    if not BUILT5.exists():
        pytest.skip("the book is not built")
    page = BUILT5.read_text(encoding="utf-8")
    text = _words(html.unescape(re.sub(r"<[^>]+>", " ", page)))
    missing = [pid for pid, k in TAUGHT_ON.items()
               if k == 5 and _words(phrase_gloss(pid)["text"]) not in text]
    assert not missing, f"Evening 5's built page does not show {missing}"


# --------------------------------------------------------------------------------------
# The practice after each step: only phrases taught above it on the page
# --------------------------------------------------------------------------------------

def _headings() -> list[str]:
    nb = json.loads(EVENING5.read_text(encoding="utf-8"))
    return [m.group(1).strip() for c in nb["cells"] if c["cell_type"] == "markdown"
            for m in re.finditer(r"^#{2,3} (.+)$", "".join(c["source"]), re.MULTILINE)]


def test_evening_5_teaches_the_phrases_under_its_headings():
    heads = _headings()
    assert CORE_HEADING in heads and LESSON_HEADING in heads
    assert heads.index(CORE_HEADING) < heads.index(LESSON_HEADING)
    assert set(TAUGHT_UNDER.values()) == {CORE_HEADING, LESSON_HEADING}


def test_step_practice_uses_only_phrases_taught_above_it():
    steps = pytest.importorskip("knbook.course.steps")
    heads = _headings()
    found = []
    for s in steps.steps_of(5):
        if not s.practice:
            continue
        assert s.heading in heads, s.heading
        known = {pid for pid, h in TAUGHT_UNDER.items()
                 if heads.index(h) <= heads.index(s.heading)}
        found += [(s.id, pid) for q in steps.step_questions(s.id)
                  for pid in sorted(phrases_used(q) - known)]
    assert not found, f"step practice asks about phrases taught only further down: {found}"
