"""Each evening's practice: "what would you do?" decision questions
(:func:`evening_decisions`), at least six sphinx-exercise exercises with worked solutions
(:func:`evening_exercises`), a jupyterquiz self-check of at least eight questions that
works without a kernel (:func:`evening_self_check`), and the course leader's table of
learning goals and the questions that test them (:func:`goals_table`); and what goes
with a question on the page, here and in the exam: its card pictures
(:func:`pictures_of`, :func:`pictures_html`) and one feedback sentence per option
(:func:`option_feedback`).
"""

from __future__ import annotations

import html
import re
from typing import Any

from knlib.errors import RulesError
from knlib.games import KNUEFFELN, Ruleset
from knlib.sources import for_reader

from ..i18n import marked, tr
from .evenings import EVENINGS, check_evening, goals_of
from .foundation.question import LETTERS, Question, card_symbol, check_question, rules_of, seats_of
from .question_kinds import evening_questions, question, question_key, seed_text

__all__ = [
    "exercises_myst", "evening_exercises", "self_check_questions", "self_check_json",
    "self_check_html", "evening_self_check", "decision_questions", "evening_decisions",
    "BOOK_DECISION_SEED", "goal_coverage", "goals_table", "goals_table_myst", "option_feedback",
    "pictures_of", "pictures_html", "pictures_text",
]


# ============================================================================================
# What goes with a question on the page (also the exam's)
# ============================================================================================


def pictures_of(q: Question) -> tuple[tuple[Any, ...], ...]:
    """What to draw with a question: its own pictures, or for a recall question the cards
    it names, without role badges or a marked winner, so the picture never gives the
    answer away."""
    q = check_question(q)
    if q.pictures:
        return q.pictures
    if q.kind == "trick_winner" and q.cards:
        return ((tr("The cards in the order played, led card first"), "row", q.cards),)
    if q.kind == "can_beat" and q.trick and q.hand:
        seats = (q.seats or seats_of(4))[: len(q.trick)]
        return ((tr("The trick so far"), "trick", q.trick, seats),
                (tr("The hand"), "row", q.hand))
    if q.kind in ("hand_count", "truthful") and q.hand:
        return ((tr("The hand"), "row", q.hand),)
    if q.kind == "turn_up" and q.cards:
        return ((tr("The cards turned up, in order"), "row", q.cards),)
    return ()


def pictures_html(q: Question, *, dark: bool = False) -> str:
    """The question's pictures (:func:`pictures_of`) as HTML."""
    from .decisions.html import picture_html

    return "".join(picture_html(q, p, dark=dark) for p in pictures_of(q))


def pictures_text(q: Question, shown_in: str = "") -> list[str]:
    """The question's pictures (:func:`pictures_of`) as lines of text, for a printed paper:
    'The trick so far: East ♠J, South ♥9', "West's hand: ♦7 ♠9 ♦4"; in the order given, so
    no line gives an answer away. A picture whose every card ``shown_in`` (the printed
    prompt) already writes out is left out."""
    from knlib.cards import Card

    rules = rules_of(q.game)
    lines = []
    for picture in pictures_of(q):
        caption, kind, cards = picture[0], picture[1], picture[2]
        symbols = [card_symbol(Card(c), rules) for c in cards]
        if symbols and all(re.search(re.escape(x) + r"(?![0-9A-Za-z])", shown_in)
                           for x in symbols):
            continue
        if not symbols:
            words = tr("(none)")
        elif kind == "trick" and len(picture) > 3:
            words = ", ".join(f"{seat} {x}" for seat, x in zip(picture[3], symbols,
                                                                strict=True))
        else:
            words = " ".join(symbols)
        lines.append(tr("{caption}: {cards}", caption=caption, cards=words))
    return lines


def option_feedback(q: Question) -> tuple[str, ...]:
    """One feedback text per option, as the reader sees it: "Right. ..." for the answer and
    why *that* option is wrong for each other. Every question carries its own, made by its
    generator as (verdict, text) pairs
    (:func:`knbook.course.foundation.question.recall_question`, the
    decisions' :func:`knbook.course.decisions.build`); a RulesError for a question without."""
    q = check_question(q)
    if len(q.feedback) != len(q.options):
        raise RulesError(f"the {q.kind!r} question has {len(q.feedback)} feedback texts for "
                         f"{len(q.options)} options: make it with its builder")
    return q.feedback


# ============================================================================================
# Exercises (sphinx-exercise MyST) and self-checks (jupyterquiz)
# ============================================================================================

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>$|~#{}])")


def _md(text: str) -> str:
    """Escape text for MyST so that engine sentences are shown as written."""
    return _MD_SPECIAL.sub(r"\\\1", text)


def _plain(text: str) -> str:
    """A question's text as the reader sees it in practice, in reader's words. A question's
    texts cite nothing (its source is a value of its own; the chapter's "Where the sources
    differ" box names the sources)."""
    return for_reader(text)


def _explanation_md(q: Question) -> str:
    lines = [x for x in _plain(q.explanation).split("\n") if x.strip()]
    if len(lines) == 1:
        return _md(lines[0])
    head = ""
    if lines[0].endswith(":"):
        head, lines = _md(lines[0]) + "\n\n", lines[1:]
    return head + "\n".join(f"- {_md(x)}" for x in lines)


def _prompt_md(text: str) -> str:
    """A prompt as MyST: its first line, any record lines (a deal's log) as a list, and
    the question of its last line."""
    lines = text.split("\n")
    if len(lines) <= 2:
        return "\n\n".join(_md(x) for x in lines)
    middle = "\n".join(f"- {_md(x)}" for x in lines[1:-1])
    return f"{_md(lines[0])}\n\n{middle}\n\n{_md(lines[-1])}"


def exercises_myst(k: int, *, seed: int | str | None = None, n: int = 6,
                   game: str | Ruleset = KNUEFFELN) -> str:
    """The MyST text of evening ``k``'s exercises: ``n`` sphinx-exercise blocks, each
    followed by its worked solution in a dropdown (hidden until opened). Labels are
    ``ex-e{k}-{i}`` (unique across the book)."""
    check_evening(k)
    seed = k if seed is None else seed_text(seed)
    qs = evening_questions(k, n, f"exercises|{seed}", game=game)
    blocks = []
    for i, q in enumerate(qs, 1):
        label = f"ex-e{k}-{i}"
        ask = q.open_prompt or q.prompt
        body = _prompt_md(_plain(ask))
        pics = pictures_html(q).replace("\n", " ")
        if pics:  # the position's card pictures, as raw HTML on one line
            body = f"<div>{pics}</div>\n\n{body}"
        if q.needs_options and not q.open_prompt:
            body += "\n\n" + "\n".join(f"{LETTERS[j]}. {_md(o)}" for j, o in
                                       enumerate(q.options))
        sol = tr("**Answer:** {answer}\n\n**Worked solution.**\n\n{solution}",
                 answer=_md(q.correct), solution=_explanation_md(q))
        blocks.append(
            f"````{{exercise}} {_md(q.title)}\n:label: {label}\n\n{body}\n````\n\n"
            f"````{{solution}} {label}\n:class: dropdown\n\n{sol}\n````\n"
        )
    head = tr("The answers are worked out by the computer from the rules as this book plays "
              "them. Open a solution only after trying the exercise.\n")
    return head + "\n" + "\n".join(blocks)


def evening_exercises(k: int, *, seed: int | str | None = None, n: int = 6,
                      game: str | Ruleset = KNUEFFELN) -> Any:
    """Show evening ``k``'s exercises with worked solutions (MyST for sphinx-exercise)."""
    from IPython.display import Markdown, display

    md = Markdown(exercises_myst(k, seed=seed, n=n, game=game))
    display(md)
    return None


def self_check_questions(k: int, *, seed: int | str | None = None, n: int = 8,
                         game: str | Ruleset = KNUEFFELN) -> list[Question]:
    """The questions of evening ``k``'s self-check (different from its exercises)."""
    check_evening(k)
    seed = k if seed is None else seed_text(seed)
    # Not the questions of the evening's exercises (same seed, six of them).
    taken = [question_key(q) for q in evening_questions(k, 6, f"exercises|{seed}", game=game)]
    return evening_questions(k, n, f"self-check|{seed}", game=game, exclude=taken)


def _quiz_text(text: str) -> str:
    """Text for jupyterquiz, which sets it as innerHTML after turning $...$ into maths and
    [x](y) into links: escape HTML, and write $ [ ] as entities."""
    out = html.escape(text, quote=False)
    return out.replace("$", "&#36;").replace("[", "&#91;").replace("]", "&#93;")


def self_check_json(k: int, *, seed: int | str | None = None, n: int = 8,
                    game: str | Ruleset = KNUEFFELN) -> list[dict[str, Any]]:
    """The self-check in jupyterquiz's JSON format (multiple choice, feedback explains)."""
    out = []
    for q in self_check_questions(k, seed=seed, n=n, game=game):
        answers = []
        for i, (o, fb) in enumerate(zip(q.options, option_feedback(q), strict=True)):
            answers.append({"answer": _quiz_text(o), "correct": i == q.answer,
                            "feedback": _quiz_text(_plain(fb)).replace("\n", "<br>")})
        text = _quiz_text(_plain(q.prompt)).replace("\n", "<br>")
        out.append({"question": text + _quiz_pictures(q), "type": "multiple_choice",
                    "answers": answers})
    return out


def _quiz_pictures(q: Question) -> str:
    """The question's card pictures as inline SVG (jupyterquiz sets the text as HTML)."""
    pics = pictures_html(q, dark=True)
    return "<br>" + pics if pics else ""


def _quiz_id(k: int, seed: int | str) -> str:
    """A fixed element id (also a JavaScript name) for evening k's quiz."""
    tail = re.sub(r"[^A-Za-z0-9]", "", str(seed))
    return f"knlibSelfCheckE{k}S{tail}"


def self_check_html(k: int, *, seed: int | str | None = None, n: int = 8,
                    game: str | Ruleset = KNUEFFELN) -> tuple[str, str]:
    """The quiz as (HTML, JavaScript), built with jupyterquiz's renderer and a fixed id, so
    the stored output is the same on every run."""
    from jupyterquiz.dynamic.loader import load_questions_script
    from jupyterquiz.dynamic.renderer import build_script, build_styles, render_div

    seed = k if seed is None else seed
    data = self_check_json(k, seed=seed, n=n, game=game)
    div_id = _quiz_id(k, seed)
    prefix, static, url = load_questions_script(data, div_id)
    # Answers stay in the engine's order: for "who wins" the options are trick positions.
    div = render_div(div_id, False, False, False, 1_000_000, 700, 10, "left")
    styles = build_styles(div_id, _QUIZ_COLOURS)
    script = build_script(prefix, static, url, div_id, True)
    return div + "</div>" + styles, script


#: Quiz colours with dark text on light buttons and a contrast of at least 4.5:1.
_QUIZ_COLOURS = {
    "--jq-multiple-choice-bg": "#2f4b7c",
    "--jq-mc-button-bg": "#fafafa",
    "--jq-mc-button-border": "#b0b0b0",
    "--jq-mc-button-inset-shadow": "#555555",
    "--jq-many-choice-bg": "#7a3b00",
    "--jq-numeric-bg": "#2f4b7c",
    "--jq-numeric-input-bg": "#e8e8e8",
    "--jq-numeric-input-label": "#101010",
    "--jq-numeric-input-shadow": "#999999",
    "--jq-string-bg": "#4c1a57",
    "--jq-incorrect-color": "#b00020",
    "--jq-correct-color": "#1b5e20",
    "--jq-text-color": "#fafafa",
    "--jq-link-color": "#cfe0fb",
}


def evening_self_check(k: int, *, seed: int | str | None = None, n: int = 8,
                       game: str | Ruleset = KNUEFFELN) -> None:
    """Show evening ``k``'s self-check: a jupyterquiz quiz of ``n`` (at least 8) questions
    that works in the static book without a kernel; its output is the same on every run."""
    from IPython.display import HTML, Javascript, display

    if n < 1:
        raise RulesError(tr("{value} is not a number of questions", value=repr(n)))
    div, script = self_check_html(k, seed=seed, n=n, game=game)
    display(HTML(div))
    display(Javascript(script))


# ============================================================================================
# Decision questions ("what would you do?") for each evening
# ============================================================================================

#: The seed of the decision questions shown in the evenings.
BOOK_DECISION_SEED = "book"


def decision_questions(k: int, *, seed: int | str = BOOK_DECISION_SEED) -> list[Question]:
    """Evening ``k``'s "what would you do?" questions: one of each decision kind the evening
    teaches (at least two), from real deals, answered and explained by the engine."""
    from .decisions import DECISION_EVENING

    check_evening(k)
    seed = seed_text(seed)
    return [question(kind, f"{seed}|{k}") for kind, e in DECISION_EVENING.items() if e == k]


def evening_decisions(k: int, *, seed: int | str = BOOK_DECISION_SEED) -> Any:
    """Show evening ``k``'s decision questions (1 to 5): card pictures, the question, and an
    option to choose; the choice is explained at once. Works on the static page with no
    kernel and no script."""
    from IPython.display import HTML

    from .decisions import decisions_html

    return HTML(decisions_html(decision_questions(k, seed=seed), prefix=f"knlibE{k}D"))


# ============================================================================================
# Learning goals -> questions (the course leader's table)
# ============================================================================================


#: The parts of an evening whose questions test its goals.
_PARTS = (marked("What would you do?"), marked("Exercise"), marked("Self-check"))


def goal_coverage(k: int) -> dict[str, list[tuple[str, int, str]]]:
    """For each learning goal of evening ``k``: the questions in the chapter that test it,
    as (part, number, title): part is 'What would you do?', 'Exercise' or 'Self-check'."""
    check_evening(k)
    parts = ((tr(_PARTS[0]), decision_questions(k)),
             (tr(_PARTS[1]), evening_questions(k, 6, f"exercises|{k}")),
             (tr(_PARTS[2]), self_check_questions(k)))
    out: dict[str, list[tuple[str, int, str]]] = {g: [] for g in EVENINGS[k].goal_ids}
    for part, qs in parts:
        for i, q in enumerate(qs, 1):
            for g in goals_of(q):
                if g in out:
                    out[g].append((part, i, q.title))
    return out


def goals_table_myst() -> str:
    """A Markdown table from every learning goal of the course to the questions that test
    it (:func:`goal_coverage`)."""
    rows = [tr("| evening | learning goal | tested by |"), "|---|---|---|"]
    none = tr("**none**")
    for k, ev in EVENINGS.items():
        cov = goal_coverage(k)
        for gid, text in zip(ev.goal_ids, ev.goals, strict=True):
            by: dict[str, list[str]] = {}
            for part, i, title in cov[gid]:
                by.setdefault(part, []).append(f"{i} ({title})")
            cell = "; ".join(f"{part} {', '.join(items)}" for part, items in by.items())
            rows.append(f"| {k} | {_md(tr(text))} | {_md(cell) or none} |")
    return "\n".join(rows)


def goals_table() -> Any:
    """The goal-to-question table, shown as Markdown in a notebook."""
    from .book_helpers import MystMarkdown

    return MystMarkdown(goals_table_myst())
