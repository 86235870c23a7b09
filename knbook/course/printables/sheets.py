"""The course sheets: the table talk (:func:`phrasebook_pdf`), the course leader's guide
(:func:`leader_guide_pdf`), exam papers and answer keys (:func:`exam_pdf`,
:func:`answer_key_pdf`), "Knüffeln at a glance" (:func:`at_a_glance_pdf`) and the puzzle
sheet with its solutions on the back (:func:`puzzle_sheet_pdf`).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from knlib.errors import RulesError
from knlib.games import KNUEFFELN, Ruleset, ruleset
from knlib.sources import S000_TALK, S001_TALK, for_reader

from ...i18n import current_language, marked, tr
from ...pictures.ligatures import without_ligatures
from ..foundation.question import card_symbol
from .page_layout import INK, MUTED, Document

__all__ = [
    "at_a_glance_pdf", "phrasebook_pdf", "puzzle_sheet_pdf", "leader_guide_pdf", "exam_pdf",
    "answer_key_pdf",
]


# ============================================================================================
# The phrasebook sheet
# ============================================================================================


def phrasebook_pdf(path: str | Path) -> Path:
    """The table talk of :data:`knlib.players.talk.PHRASEBOOK`: the phrase, English, what it
    claims, whether it may be a bluff, and its source."""
    from knlib.players.talk import PHRASEBOOK

    german = current_language() == "de"
    title = tr("Knüffeln table talk")
    doc = Document(title, margin=34, footer=title)
    doc.para(title, 18, weight="bold", after=2)
    doc.para(tr("Partners may talk about their hands but never name a card, and may bluff. "
                "What each phrase claims is this book's reading; the phrases are quoted as "
                "the sources print them ({sources}).",
                sources=for_reader(f"{S000_TALK}; {S001_TALK}")), 8, color=MUTED, after=6)
    kinds = {"question": tr("Questions"), "statement": tr("Statements about the hand"),
             "call": tr("Calls during a trick"), "announcement": tr("Announcements"),
             "comment": tr("Comments"), "dialogue": tr("A conversation")}
    order = list(kinds)
    phrases = sorted(PHRASEBOOK, key=lambda p: order.index(p.kind) if p.kind in order else 99)
    rows: list[list[str]] = []
    groups: list[str | None] = []  # a heading before the first row of each kind
    last = None
    for p in phrases:
        first = p.low_german_or_german
        bluff = tr("yes") if p.may_bluff else tr("no")
        if german:  # the standard German beside the phrase, no English
            rows.append([first, p.german or "—", tr(p.claim), bluff])
        else:
            if p.german:
                first += f"\n(German: {p.german})"
            rows.append([first, p.english, p.claim, bluff])
        groups.append(kinds.get(p.kind, p.kind) if p.kind != last else None)
        last = p.kind
    doc.table([(tr("phrase"), 0.28), (tr("in standard German") if german else "English", 0.24),
               (tr("what it claims"), 0.41), (tr("bluff?"), 0.07)], rows, size=8,
              bold_first=True, groups=groups)
    return doc.render(path)


# ============================================================================================
# The course leader's guide page
# ============================================================================================


def _unstopped(text: str) -> str:
    """``text`` without its closing full stop, for a sentence that adds its own: '15 Min.'
    then ends '15 Min.', never '15 Min..'."""
    return text[:-1] if text.endswith(".") else text


def leader_guide_pdf(path: str | Path, *, exam_seed: int | str | None = None) -> Path:
    """The five evenings with goals, timings and materials, and how to print and reprint."""
    from ..evening_words import evening_goals, evening_materials, evening_timings, evening_title
    from ..evenings import EVENINGS
    from ..papers import BOOK_EXAM_SEED, PASS_MARK

    seed = BOOK_EXAM_SEED if exam_seed is None else exam_seed
    title = tr("Knüffeln course: leader's guide")
    doc = Document(title, margin=34, footer=title)
    doc.para(tr("Running the Knüffeln course: five evenings"), 17, weight="bold", after=2)
    doc.para(tr("In Bohmstedt the game is taught in courses of five evenings that end with a "
                "diploma. The plan below is this book's suggestion; each evening has a "
                "chapter with exercises and a self-check."), 8, color=MUTED, after=6)
    for k, ev in EVENINGS.items():
        timings = "; ".join(tr("{part} {minutes} min", part=part, minutes=m)
                            for part, m in evening_timings(k))
        items: list[tuple[str, float, dict[str, Any]]] = [
            (tr("Evening {number}: {title} (about {minutes} minutes)", number=k,
                title=evening_title(k), minutes=ev.minutes), 10.5,
             {"weight": "bold", "after": 1}),
            (tr("Goals: {goals}.", goals=_unstopped("; ".join(evening_goals(k)))), 8,
             {"indent": 8}),
            (tr("Timings: {timings}.", timings=_unstopped(timings)), 8, {"indent": 8}),
            (tr("Materials: {materials}.",
                materials=_unstopped("; ".join(evening_materials(k)))), 8, {"indent": 8}),
        ]
        doc.block(items, after=5)
    doc.rule()
    doc.block([
        (tr("Printing and the final exam"), 10.5, {"weight": "bold", "after": 1}),
        (tr("The week's sheets are linked from the book's page 'Running the course': a "
            "reference card per game, the six chosen-suits cards, this guide, the phrasebook "
            "sheet, and exam paper {seed} with its answer key. The puzzle sheet, solutions on "
            "the back, is linked from the page 'Puzzles'.", seed=seed), 8, {"indent": 8}),
        (tr("Each candidate can have a paper of their own: give each a paper number and note "
            "it on your list (the book's appendix 'Running the book' shows how to print the "
            "papers for any numbers). The same number always prints the same paper, so a "
            "paper can be printed again."), 8, {"indent": 8}),
        (tr("The pass mark is {mark} unless you set another. A candidate who passes gets the "
            "diploma (the exam chapter's 'Make my diploma' button).",
            mark=percent_text(PASS_MARK)), 8, {"indent": 8}),
    ])
    return doc.render(path)


# ============================================================================================
# Exam papers and answer keys
# ============================================================================================

LETTERS = "ABCDEFGHIJ"
#: The puzzles' grades as the sheet names them (translated where shown).
_GRADE_WORDS = {"easy": marked("easy"), "medium": marked("medium"), "hard": marked("hard")}


def percent_text(fraction: float) -> str:
    """A pass mark as a whole percentage in the current language: '80%', '80 %' in
    German."""
    return tr("{number}%", number=f"{fraction:.0%}".removesuffix("%"))


def _plain(text: str) -> str:
    """A question's text as printed for the candidate and the leader, in reader's words (a
    question's texts cite nothing: its source is a value of its own)."""
    return for_reader(text)


def _paper(seed: int | str, n: int, game: str | Ruleset) -> list[Any]:
    from ..papers import exam

    return exam(seed, n=n, game=game)


def exam_pdf(seed: int | str, path: str | Path, *, n: int = 20,
             game: str | Ruleset = KNUEFFELN, pass_mark: float | None = None) -> Path:
    """A candidate's exam paper for ``seed`` (the questions of :func:`knbook.course.exam`)."""
    from ..exam_page import evening_heading
    from ..papers import PASS_MARK, answers_needed, check_pass_mark
    from ..practice import pictures_text

    mark = check_pass_mark(PASS_MARK if pass_mark is None else pass_mark)
    rules = ruleset(game)
    paper = _paper(seed, n, rules)
    need = answers_needed(len(paper), mark)
    doc = Document(tr("Knüffeln final exam, paper {seed}", seed=seed), margin=40,
                   footer=tr("{game} · final exam · paper {seed}", game=rules.title, seed=seed))
    doc.para(tr("Final exam: {game}", game=rules.title), 17, weight="bold", after=2)
    doc.para(tr("Paper {seed} · {n} questions · pass mark {mark} ({needed} right answers)",
                seed=seed, n=len(paper), mark=percent_text(mark), needed=need), 9,
             color=MUTED, after=8)
    y = doc.y
    name, date = tr("Name:"), tr("Date:")
    doc.text(doc.margin, y, name, 10)
    doc.line(doc.margin + 36, y + 11, doc.margin + 300, y + 11, lw=0.6, color=INK)
    doc.text(doc.margin + 320, y, date, 10)
    at = max(352.0, 324 + doc.m.width(date, 10))  # room for a longer word ('Datum:')
    doc.line(doc.margin + at, y + 11, doc.margin + doc.width, y + 11, lw=0.6, color=INK)
    doc.y += 24
    doc.para(tr("Mark one answer for each question by filling its circle. Every question has "
                "exactly one right answer. The cards are written with their suit symbols: ♣ "
                "clubs, ♠ spades, ♥ hearts, ♦ diamonds."), 8.5, after=6)
    evening = None
    for i, q in enumerate(paper, 1):
        items: list[tuple[str, float, dict[str, Any]]] = []
        if q.evening != evening:
            evening = q.evening
            items.append((evening_heading(evening), 11, {"weight": "bold", "after": 3}))
        prompt = _plain(q.prompt)
        lines = prompt.split("\n")
        items.append((f"{i}. {lines[0]}", 9, {"weight": "bold", "after": 1}))
        for ln in lines[1:-1]:
            items.append((ln, 8, {"indent": 14, "after": 0.5}))
        if len(lines) > 1:
            items.append((lines[-1], 9, {"weight": "bold", "indent": 0, "after": 1}))
        for ln in pictures_text(q, prompt):  # the cards the question speaks of
            items.append((ln, 8.8, {"indent": 14, "after": 1.5}))
        for j, o in enumerate(q.options):
            items.append((f"○  {LETTERS[j]}.  {_plain(o)}", 8.8, {"indent": 14, "after": 1}))
        doc.block(items, after=6)
    return doc.render(path)


def answer_key_pdf(seed: int | str, path: str | Path, *, n: int = 20,
                   game: str | Ruleset = KNUEFFELN, pass_mark: float | None = None) -> Path:
    """The answer key of paper ``seed``: a grid of letters for quick marking, then each
    answer with the engine's explanation."""
    from ..papers import PASS_MARK, answers_needed, check_pass_mark

    mark = check_pass_mark(PASS_MARK if pass_mark is None else pass_mark)
    rules = ruleset(game)
    paper = _paper(seed, n, rules)
    need = answers_needed(len(paper), mark)
    doc = Document(tr("Knüffeln final exam, paper {seed}: answer key", seed=seed), margin=40,
                   footer=tr("{game} · answer key · paper {seed}", game=rules.title, seed=seed))
    doc.para(tr("Answer key: paper {seed}", seed=seed), 17, weight="bold", after=2)
    doc.para(tr("{game} · {n} questions · pass: {needed} or more right ({mark}). For the "
                "course leader; do not hand out with the paper.", game=rules.title,
                n=len(paper), needed=need, mark=percent_text(mark)), 9, color=MUTED, after=8)
    per_row = 10
    cell = doc.width / per_row
    for start in range(0, len(paper), per_row):
        y = doc.y
        for k, q in enumerate(paper[start:start + per_row]):
            x = doc.margin + k * cell
            doc.rect(x + 2, y, cell - 4, 30, edge=MUTED)
            doc.text(x + cell / 2, y + 3, str(start + k + 1), 8, ha="center", color=MUTED)
            doc.text(x + cell / 2, y + 13, q.letter, 13, weight="bold", ha="center")
        doc.y += 38
    doc.y += 4
    for i, q in enumerate(paper, 1):
        items: list[tuple[str, float, dict[str, Any]]] = [
            (f"{i}. {q.letter}: {q.correct}", 9, {"weight": "bold", "after": 1}),
        ]
        for ln in _plain(q.explanation).split("\n"):
            if ln.strip():
                items.append((ln, 8, {"indent": 12, "after": 0.5}))
        doc.block(items, after=5)
    return doc.render(path)


def at_a_glance_pdf(path: str | Path, *, game: str = KNUEFFELN) -> Path:
    """Knüffeln at a glance on one A4 page (:func:`knbook.course.glance.glance_figure`)."""
    from matplotlib import rc_context

    from ..glance import glance_figure

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    meta = {"Title": tr("Knüffeln at a glance"), "Creator": "knlib", "Producer": "knlib",
            "CreationDate": None}
    with rc_context({"pdf.fonttype": 3}), warnings.catch_warnings(), without_ligatures():
        warnings.filterwarnings("ignore", message="Glyph .* missing")
        glance_figure(game).savefig(path, format="pdf", metadata=meta)
    return path


def puzzle_sheet_pdf(path: str | Path, *, puzzles: Sequence[Any] | None = None,
                     most: int = 8) -> Path:
    """A puzzle sheet: as many of the book's verified puzzles
    (:func:`knbook.course.puzzles.book_puzzles`, spread from easy to hard) as fit on the
    front in type of 8 pt or more, at most ``most``, their solutions with the reasons on the
    back; two pages, for printing on both sides. Every position shows all four hands,
    because the answers are best play with all cards face up."""
    from ..puzzles import book_puzzles

    pool = list(puzzles) if puzzles is not None else book_puzzles()
    if not pool:
        raise RulesError("no puzzles to print")

    def spread(count: int) -> list[Any]:
        """``count`` puzzles spread over the grades, easiest first."""
        if len(pool) <= count:
            return pool
        step = (len(pool) - 1) / max(count - 1, 1)
        return [pool[round(i * step)] for i in range(count)]

    def build(chosen: list[Any]) -> tuple[Document, int]:
        title = tr("Knüffeln puzzles")
        doc = Document(title, margin=36,
                       footer=tr("Knüffeln puzzles · best play with all cards face up"))
        doc.para(title, 16, weight="bold", after=2)
        doc.para(tr("Every hand is shown face up. In each position exactly one choice gets "
                    "the side to act the most, if both sides then play their best; the "
                    "computer proved it by trying every way the play can go. Solutions on the "
                    "back."), 8.5, color=MUTED, after=6)
        for i, p in enumerate(chosen, 1):
            d, rules = p.deal, p.deal.rules
            items: list[tuple[str, float, dict[str, Any]]] = [
                (tr("{number}. {grade} (after Evening {evening}) · {title}", number=i,
                    grade=tr(_GRADE_WORDS.get(p.grade, p.grade)).capitalize(),
                    evening=p.evening, title=p.title), 9.5,
                 {"weight": "bold", "after": 1})]
            items.append((tr("Chosen: {suits}.", suits=rules.chosen_text(d.chosen)), 8,
                          {"indent": 12, "after": 0.5}))
            for seat in d.active:
                hand = " ".join(card_symbol(c, rules)
                                for c in rules.sort_by_strength(d.hands[seat], d.chosen))
                items.append((f"{d.names[seat]}: {hand}", 8.5, {"indent": 12, "after": 0.5}))
            items.append((p.question, 8.5, {"indent": 12, "after": 1}))
            doc.block(items, after=5)
        front = len(doc.pages)
        doc.new_page()
        doc.para(tr("Solutions"), 16, weight="bold", after=6)
        for i, p in enumerate(chosen, 1):
            items = [(f"{i}. {p.solution}", 8.2, {"after": 1})]
            for why in dict.fromkeys(w for _, w in p.wrong):
                items.append((why, 8, {"indent": 12, "after": 0.5, "color": MUTED}))
            doc.block(items, after=4)
        return doc, front

    for count in range(min(most, len(pool)), 0, -1):  # fewer puzzles, never smaller type
        doc, front = build(spread(count))
        if front == 1 and len(doc.pages) == 2:
            return doc.render(path)
    raise RulesError("the puzzle sheet does not fit on two pages")  # pragma: no cover
