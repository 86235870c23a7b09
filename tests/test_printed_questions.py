"""Issue 36, item 3: every printed question shows all it speaks of.

The exam papers that ``knbook.course.printables`` prints (``exam_pdf``) and the exam as an
HTML paper (``exam_html``) are read question by question, in English and in German, for
several papers; a question that speaks of "these cards", a hand, a trick, the turn-ups or
"the cards below" must print those cards, and every card of the question's pictures
(what the page draws, ``knbook.course.practice.pictures_of``) must be printed with it.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

import knbook.course
import knlib
from knbook.course import exam, exam_html
from knbook.course.foundation.question import card_symbol, rules_of
from knbook.course.practice import pictures_of
from knbook.course.printables import exam_pdf
from knlib.cards import Card

#: The papers read: the book's, the leader's guide's and a few more.
SEEDS = (1, 2, 17, 23)

#: Words by which a question points at cards it must then show, in each language
#: (checked on the question's stem, not on its options).
POINTING = {
    "en": r"\bthese (?:\w+ )?cards\b|\bthe cards below\b|\bthis hand\b|\bthe hand\b|"
          r"\bholds? these\b|\bturned up these\b|\bthe trick so far\b|\bturn-ups?\b|"
          r"\bthe cards face up\b",
    "de": r"\bdiese(?:n|r)? (?:\w+ )?Karten\b|\bfolgenden Karten\b|\bdieses Blatt\b|"
          r"\bdiesem Blatt\b|\bder Stich bisher\b|\baufgedeckte(?:n)? Karte|\boffenen Karten\b",
}
#: A number of cards named in words ("these nine cards", "diese neun Karten").
NUMBERS = {"en": ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                  "ten"],
           "de": ["eine", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun",
                  "zehn"]}
CARD = r"[♣♠♥♦](?:10|[2-9JQKAOUTBD])(?![0-9A-Za-z])"  # German writes B, D (TERMS.md)


def _pdf_text(monkeypatch: pytest.MonkeyPatch, seed: int, path: Path) -> list[str]:
    """Every line drawn on the paper's pages, in order (matplotlib's Text objects as they go
    into the PDF)."""
    from matplotlib.figure import Figure
    from matplotlib.text import Text

    lines: list[str] = []
    original = Figure.savefig

    def savefig(fig, *args, **kwargs):
        lines.extend(t.get_text() for t in fig.findobj(Text))
        return original(fig, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", savefig)
    exam_pdf(seed, path)
    monkeypatch.undo()
    return lines


def _questions(lines: list[str], count: int) -> list[tuple[str, str]]:
    """The paper's lines cut into its questions: (stem, options) for question 1 to
    ``count``, found by their numbers in order."""
    starts = []
    at = 0
    for number in range(1, count + 1):
        while not lines[at].startswith(f"{number}. "):
            at += 1
        starts.append(at)
    starts.append(len(lines))
    out = []
    for a, b in zip(starts, starts[1:], strict=False):
        block = lines[a:b]
        first_option = next((i for i, ln in enumerate(block) if ln.startswith("○")),
                            len(block))
        out.append(("\n".join(block[:first_option]), "\n".join(block[first_option:])))
    return out


#: "Which of these cards ...": the cards pointed at are the options.
WHICH_OF = {"en": r"\bwhich of these (?:\w+ )?cards\b", "de": r"\bwelche dieser Karten\b"}


def unshown(stem: str, question: knbook.course.Question, lang: str,
            options: str = "") -> list[str]:
    """What a printed question (its stem, and its ``options``) speaks of and does not
    print; empty when all is there."""
    problems = []
    printed = re.findall(CARD, stem)
    pointing = re.search(POINTING[lang], stem)
    in_options = re.search(WHICH_OF[lang], stem, re.IGNORECASE) and re.search(CARD, options)
    if pointing and not printed and not in_options:
        problems.append(f"speaks of {pointing.group(0)!r} and prints no card")
    for number, word in enumerate(NUMBERS[lang], 1):
        if re.search(rf"\b(?:these|diese|diesen) {word} (?:cards|Karten)\b", stem) \
                and len(printed) < number:
            problems.append(f"speaks of {word} cards and prints {len(printed)}")
    rules = rules_of(question.game)
    for picture in pictures_of(question):
        missing = [card_symbol(Card(c), rules) for c in picture[2]
                   if card_symbol(Card(c), rules) not in printed]
        if missing:
            problems.append(f"does not print {' '.join(missing)} ({picture[0]})")
    return problems


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("seed", SEEDS)
def test_every_printed_question_shows_what_it_speaks_of(seed: int, lang: str, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    with knlib.language(lang):
        paper = exam(seed)
        lines = _pdf_text(monkeypatch, seed, tmp_path / "paper.pdf")
        page = exam_html(paper, seed=seed)
    blocks = _questions(lines, len(paper))
    with knlib.language(lang):  # the cards as the paper's language writes them
        found = [f"question {i}: {problem}"
                 for i, ((stem, options), q) in enumerate(zip(blocks, paper, strict=True), 1)
                 for problem in unshown(stem, q, lang, options)]
    assert not found, f"paper {seed} ({lang}): " + "; ".join(found)
    # The HTML paper too: each question's text up to its options.
    texts = [html.unescape(re.sub(r"<[^>]+>", "\n", part))
             for part in page.split("<div style='margin:0.4em 0 0.6em'>")[1:]]
    with knlib.language(lang):
        found = [f"question {i}: {problem}"
                 for i, (text, q) in enumerate(zip(texts, paper, strict=True), 1)
                 for problem in unshown(text.split("○", 1)[0], q, lang, text)]
    assert not found, f"paper {seed} ({lang}, HTML): " + "; ".join(found)


def test_the_check_fails_on_a_question_without_its_cards() -> None:
    """The issue's question 8 of paper 1, as it was printed: no cards."""
    with knlib.language("en"):
        q = exam(1)[7]
    assert q.kind == "d_best_pair"
    stem = "8. Deal number 9289: West holds these nine cards. Which pair would make it strongest?"
    problems = unshown(stem, q, "en")
    assert any(p.startswith("speaks of") for p in problems)
    assert any("nine cards and prints 0" in p for p in problems)
    assert any("does not print ♦7" in p for p in problems)
    with_cards = stem + "\nWest's hand: ♦7 ♠9 ♦4 ♠3 ♦10 ♣7 ♥K ♣J ♣K"
    assert unshown(with_cards, q, "en") == []
    assert unshown("Diese Karten? ♦7", q, "de") != []  # the picture's other cards missing
