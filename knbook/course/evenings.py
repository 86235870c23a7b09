"""The five evenings (:data:`EVENINGS`): learning goals, timings and materials (the book's
suggestion; the sources only say that the course has five evenings, seed 000,
'Introduction'), the goals each question tests (:func:`goals_of`) and each evening's
plan.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

from knlib.cards import Card
from knlib.errors import RulesError
from knlib.games.family import RoleClass
from knlib.sources import (
    S000_DEAL,
    S000_DREHEN,
    S000_PLAY,
    S000_RANKING,
    S000_SCORING,
    S000_TALK,
    S000_VARIANTS,
)

from ..i18n import tr
from .foundation.question import (
    Question,
    check_question,
    rules_of,
    shown,
)
from .trick_questions import order_matters

__all__ = [
    "Evening", "EVENINGS", "evening_plan_html", "GOALS", "goals_of", "learning_goals",
    "learning_goals_myst", "check_evening",
]


# ============================================================================================
# The five evenings: goals, timings, materials
# ============================================================================================


@dataclass(frozen=True)
class Evening:
    """One evening of the course: what it teaches, how long each part takes, what to bring."""

    number: int
    title: str
    chapter: str
    goals: tuple[str, ...]
    #: (part, minutes)
    timings: tuple[tuple[str, int], ...]
    materials: tuple[str, ...]
    sources: tuple[str, ...]
    kinds: tuple[str, ...] = field(default=())
    #: One id per goal, in the order of ``goals`` (keys of :data:`GOALS`).
    goal_ids: tuple[str, ...] = field(default=())

    @property
    def minutes(self) -> int:
        return sum(m for _, m in self.timings)


_CARDS = "one 48-card pack per table of four: a French-suited 52-card pack with the Fives taken out"

EVENINGS: dict[int, Evening] = {
    1: Evening(
        1, "The pack and the table", "book/evenings/1-pack-and-table",
        goals=(
            "make a Knüffeln pack from a 52-card pack and say why it has 48 cards",
            "seat two partnerships, partners opposite, deal nine cards each in threes, and "
            "say who leads",
            "name the five Olen in order, with their table names",
            "turn up the chosen suits, including the case of several turn-ups of one suit",
        ),
        goal_ids=("e1-pack", "e1-table", "e1-olen", "e1-turn-ups"),
        timings=(("welcome, seating and partners", 15), ("the pack and the five Olen", 25),
                 ("dealing and the turn-ups", 25), ("break", 10),
                 ("deal, turn up and look at hands (practice)", 30),
                 ("exercises and self-check", 15)),
        materials=(_CARDS, "the Knüffeln reference card, one per player",
                   "pencils and the evening's exercise sheet"),
        sources=(S000_RANKING, "seed 000, 'The Players'", S000_DEAL),
        kinds=("pack", "ole", "turn_up", "d_first_lead", "d_second_suit", "d_sure_card"),
    ),
    2: Evening(
        2, "The chosen suits", "book/evenings/2-chosen-suits",
        goals=(
            "name the six beaters of a chosen suit (A, J, 6, 2, 3, 4) and what each can beat",
            "explain the chosen Seven and the free cards, which only count when led",
            "tell the useful leads (chosen K and Q, unchosen A, K, Q, J) from the duds",
            "say how one card's role changes when other suits are chosen",
        ),
        goal_ids=("e2-beaters", "e2-seven-free", "e2-leads-duds", "e2-role-change"),
        timings=(("recap of evening 1", 10), ("the beaters and their thresholds", 30),
                 ("Seven, free cards, K, Q and 10", 20), ("break", 10),
                 ("sorting hands under each pair of chosen suits (practice)", 35),
                 ("exercises and self-check", 15)),
        materials=(_CARDS, "the six 'chosen suits' cards (one pair of suits each)",
                   "the Knüffeln reference card"),
        sources=(S000_RANKING,),
        kinds=("role", "hand_count", "d_throw", "d_best_pair"),
    ),
    3: Evening(
        3, "Who wins the trick", "book/evenings/3-who-wins",
        goals=(
            "say what it takes to beat each of the seven kinds of led card, and which lead "
            "is sure to win",
            "apply the chain: a later card must beat the card that is ahead, as if it were led",
            "show with the main source's two cases that the order of play can change the "
            "winner",
            "see which cards of a hand would take the lead in a trick in progress, and which "
            "of them is the cheapest",
        ),
        goal_ids=("e3-lead-cases", "e3-chain", "e3-order", "e3-can-beat"),
        timings=(("recap of evening 2", 10), ("the seven lead cases", 25),
                 ("the chain, Case 1 and Case 2", 25), ("break", 10),
                 ("open tricks at the table (practice)", 35), ("exercises and self-check", 15)),
        materials=(_CARDS, "the reference card and the chosen-suits cards"),
        sources=(S000_PLAY, "rules/README.md, reading 1"),
        kinds=("trick_winner", "can_beat", "d_cheapest", "d_safe_lead"),
    ),
    4: Evening(
        4, "The deal in full", "book/evenings/4-the-deal",
        goals=(
            "carry out the exchanges (chosen Ten for a turn-up, an Ole from the stock's bottom)",
            "play a deal to five tricks, and know when to stop at a Jann and when to play on "
            "for the march",
            "lead face down (drehen), decide whether to see or run, and add up the turns",
            "settle a deal: who pays whom, and how much",
            "as the dealer of the five-player game, choose between playing alone and sitting out",
        ),
        goal_ids=("e4-exchanges", "e4-jann", "e4-drehen", "e4-settle", "e4-five"),
        timings=(("recap of evening 3", 10), ("exchanges", 20),
                 ("play to five, Jann and march", 20), ("drehen und sehen", 15), ("break", 10),
                 ("whole deals for small stakes (practice)", 30), ("exercises and self-check", 15)),
        materials=(_CARDS, "coins or counters for the stakes", "the reference card"),
        sources=(S000_DEAL, S000_PLAY, S000_DREHEN, S000_SCORING),
        kinds=("stakes", "payment", "d_exchange", "d_see_run", "d_jann", "d_five"),
    ),
    5: Evening(
        5, "Table talk and play", "book/evenings/5-talk-and-play",
        goals=(
            "use the phrasebook: what each phrase claims, and which may be a bluff",
            "say truthfully what a hand holds without naming a card",
            "know the variants: Hattstedt, five players, Bernhard 1924 and Grünberg 1938",
        ),
        goal_ids=("e5-phrases", "e5-truthful", "e5-variants"),
        timings=(("recap of evening 4", 10), ("the phrasebook", 25), ("bluffing and tactics", 15),
                 ("break", 10), ("the variants", 15), ("play with table talk (practice)", 30),
                 ("self-check and a word on the exam", 15)),
        materials=(_CARDS, "the phrasebook sheet, one per player", "coins or counters",
                   "printed exam papers for the final evening (one paper number per candidate)"),
        sources=(S000_TALK, S000_VARIANTS, "seed 001, 'Communication'"),
        kinds=("phrase", "truthful", "d_say", "d_hattstedt"),
    ),
}

def check_evening(k: int) -> None:
    """A RulesError unless ``k`` is an evening of the course (1 to 5)."""
    if isinstance(k, bool) or not isinstance(k, int) or k not in EVENINGS:
        raise RulesError(tr("{value} is not an evening of the course: choose 1 to 5",
                            value=shown(k)))


#: Every learning goal of the course: id -> (evening, text).
GOALS: dict[str, tuple[int, str]] = {
    gid: (k, text) for k, ev in EVENINGS.items()
    for gid, text in zip(ev.goal_ids, ev.goals, strict=True)
}

#: The goal each recall kind tests (role and hand-count questions and tricks: see
#: :func:`goals_of`, which looks at the card or the trick asked about).
_KIND_GOALS: dict[str, tuple[str, ...]] = {
    "pack": ("e1-pack",), "ole": ("e1-olen",), "turn_up": ("e1-turn-ups",),
    "can_beat": ("e3-can-beat", "e3-chain"),
    "stakes": ("e4-settle",), "payment": ("e4-settle",),
    "phrase": ("e5-phrases",), "truthful": ("e5-truthful",),
}
_KLASS_GOAL = {RoleClass.BEATER: "e2-beaters", RoleClass.OLE: "e2-beaters",
               RoleClass.SEVEN: "e2-seven-free", RoleClass.FREE_CARD: "e2-seven-free"}


def goals_of(q: Question) -> tuple[str, ...]:
    """The learning goals (ids of :data:`GOALS`) a question tests, worked out from what it
    asks: a decision question names its goal; a role question tests the goal of its card's
    class; a trick tests the chain, and the order of play when another order would change
    the winner."""
    q = check_question(q)
    if q.goal:
        return (q.goal,)
    if q.kind in _KIND_GOALS:
        out = _KIND_GOALS[q.kind]
        if q.kind == "stakes" and q.get("turns"):
            out = (*out, "e4-drehen")
        return out
    rules = rules_of(q.game)
    if q.kind in ("role", "hand_count"):
        roles = rules.roles(q.chosen or ())
        klass = roles[Card(q.card or "")].klass if q.kind == "role" else q.get("klass")
        goals = [_KLASS_GOAL.get(klass, "e2-leads-duds")]
        if q.kind == "hand_count":
            goals.append("e2-role-change")
        return tuple(goals)
    if q.kind == "trick_winner":
        cards = [Card(c) for c in q.cards or ()]
        if order_matters(rules, cards, q.chosen or ()):
            return ("e3-chain", "e3-order")
        return ("e3-chain", "e3-lead-cases")
    return ()


def learning_goals_myst(k: int) -> str:
    """Evening ``k``'s learning goals as a MyST tip box (the chapters show this)."""
    check_evening(k)
    items = "\n".join(f"* {tr(g)};" for g in EVENINGS[k].goals)
    items = items[:-1] + "."
    title, lead = tr("Learning goals"), tr("By the end of the evening you can")
    return f"```{{admonition}} {title}\n:class: tip\n{lead}\n\n{items}\n```\n"


def learning_goals(k: int) -> Any:
    """Evening ``k``'s learning goals, shown as a tip box (MyST Markdown)."""
    from .book_helpers import MystMarkdown

    return MystMarkdown(learning_goals_myst(k))


def evening_plan_html(k: int) -> str:
    """A course-leader box for evening ``k``: goals, timings and materials (escaped HTML)."""
    check_evening(k)
    ev = EVENINGS[k]
    e = html.escape
    goals = "".join(f"<li>{e(tr(g))}</li>" for g in ev.goals)
    rows = "".join(f"<tr><td style='padding:2px 8px'>{e(tr(p))}</td>"
                   f"<td style='padding:2px 8px;text-align:right'>{m} min</td></tr>"
                   for p, m in ev.timings)
    mats = "".join(f"<li>{e(tr(m))}</li>" for m in ev.materials)
    head = tr("Evening {number}: {title}", number=k, title=tr(ev.title))
    about = tr("(about {minutes} minutes)", minutes=ev.minutes)
    goals_head, timings, materials = tr("Learning goals"), tr("Timings"), tr("Materials")
    note = tr("Timings and materials are this book's suggestion; the sources only say the "
              "course has five evenings.")
    return (
        f"<div class='knlib-evening-plan' style='border:1px solid #888;border-radius:6px;"
        f"padding:0.6em 1em;background:#fbfbf7;color:#1a1a1a'>"
        f"<p style='margin:0.2em 0'><b>{e(head)}</b> {e(about)}</p>"
        f"<p style='margin:0.4em 0 0.1em'>{e(goals_head)}</p>"
        f"<ul style='margin:0'>{goals}</ul>"
        f"<p style='margin:0.4em 0 0.1em'>{e(timings)}</p>"
        f"<table style='border-collapse:collapse'>{rows}</table>"
        f"<p style='margin:0.4em 0 0.1em'>{e(materials)}</p>"
        f"<ul style='margin:0'>{mats}</ul>"
        f"<p style='margin:0.4em 0 0;font-size:0.85em;color:#555'>{e(note)}</p></div>"
    )
