"""The evenings in short steps (:data:`STEPS`): each step teaches one idea under one heading
of its evening's page and is followed at once by one to three practice questions
(:func:`step_questions`, drawn on the page by :func:`step_practice`), or by a tool the reader
uses (the hand builder, the trick lab, the deal viewer).

A step's questions are ordinary questions of :mod:`knbook.course.question_kinds`, narrowed to the
step's idea by a named *focus* (:data:`FOCUS`): the role questions after "The six beaters"
ask about beaters, the trick questions after "Equal cards" hold two equal cards. They are
drawn from the step's own seeds, so they are the same on every run and differ from the
evening's exercises and self-check. The end of each evening (what to remember, the rules
of thumb, the lesson deals, "what would you do?", the exercises and the self-check) is not
split into steps.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import permutations
from typing import Any

from knbook.course.talk_lesson import CORE_HEADING, TAUGHT_UNDER, phrases_in
from knlib.cards import Card
from knlib.errors import RulesError
from knlib.games import BERNHARD_1924, KNUEFFELN, ruleset
from knlib.games.family import RoleClass
from knlib.rules.tricks import trick_winner

from ..i18n import marked, tr
from .foundation.question import Question, number_text
from .practice import option_feedback, pictures_of
from .question_kinds import KINDS, question, question_key

__all__ = ["Practice", "EveningStep", "STEPS", "FOCUS", "step", "steps_of", "step_questions",
           "step_practice_html", "step_practice", "steps_table_html", "step_thumbs",
           "thumbs_taught"]


# ============================================================================================
# What a step asks: a kind of question, narrowed by a focus
# ============================================================================================


def _role_class(q: Question) -> RoleClass | None:
    if q.card is None or q.chosen is None:
        return None
    return ruleset(q.game).roles(q.chosen)[Card(q.card)].klass


def _trick(q: Question) -> list[Card]:
    return [Card(c) for c in (q.cards or ())]


def _lead_changes(q: Question) -> bool:
    """A later card took the lead: the chain was used."""
    return q.answer != 0


def _order_changes_winner(q: Question) -> bool:
    """The same cards in another order (the same card led) give another winning card, and not
    merely because two equal cards change places (that is the step "Equal cards")."""
    cards = _trick(q)
    if len(cards) < 3 or q.chosen is None or _equal_cards(q):
        return False
    won = cards[q.answer]
    for rest in permutations(cards[1:]):
        order = [cards[0], *rest]
        if order[trick_winner(q.game, order, q.chosen, first_trick=q.first_trick)] != won:
            return True
    return False


def _equal_cards(q: Question) -> bool:
    """The trick holds two cards of one rank and equal power (two unchosen Aces, ...)."""
    cards = _trick(q)
    if q.chosen is None:
        return False
    rules = ruleset(q.game)
    return any(a.rank == b.rank and rules.strength(a, q.chosen) == rules.strength(b, q.chosen)
               for i, a in enumerate(cards) for b in cards[i + 1:])


def _only_core_phrases(q: Question) -> bool:
    """A talk question about one of the eight phrases of the sample deal's table, whose texts
    name no phrase taught further down the page."""
    if TAUGHT_UNDER.get(q.phrase or "") != CORE_HEADING:
        return False
    named = phrases_in(" ".join((q.prompt, q.explanation, *q.options)))
    return all(TAUGHT_UNDER[pid] == CORE_HEADING for pid in named)


def _in_chosen_suit(q: Question) -> bool:
    return q.card is not None and q.chosen is not None and Card(q.card).suit in q.chosen


#: The named narrowings of a kind of question to a step's idea.
FOCUS: dict[str, Callable[[Question], bool]] = {
    "chosen suit": _in_chosen_suit,
    "beater": lambda q: _role_class(q) is RoleClass.BEATER,
    "Seven or free card": lambda q: _role_class(q) in (RoleClass.SEVEN, RoleClass.FREE_CARD),
    "chosen K, Q or 10": lambda q: _role_class(q) is RoleClass.NO_POWER,
    "unchosen": lambda q: _role_class(q) in (RoleClass.UNCHOSEN_ACE, RoleClass.UNCHOSEN_COURT,
                                             RoleClass.DUD),
    "lead taken": _lead_changes,
    "order matters": _order_changes_winner,
    "equal cards": _equal_cards,
    "the eight phrases": _only_core_phrases,
}


@dataclass(frozen=True)
class Practice:
    """``count`` questions of ``kind`` (for ``game``), narrowed by a :data:`FOCUS` name."""

    kind: str
    count: int = 1
    focus: str | None = None
    game: str = KNUEFFELN


@dataclass(frozen=True)
class EveningStep:
    """One step of an evening: the heading it stands under on the page, its one idea in a
    sentence, and its practice (questions, or the tool named in ``tool``). ``heading`` and
    ``idea`` are the English source (the page's heading is found by it); :attr:`heading_text`
    and :attr:`idea_text` are in the current language."""

    evening: int
    id: str
    heading: str
    idea: str
    practice: tuple[Practice, ...] = ()
    tool: str | None = None

    @property
    def heading_text(self) -> str:
        """The heading in the current language (the German page's heading is the same)."""
        return tr(self.heading)

    @property
    def idea_text(self) -> str:
        """The one idea in the current language."""
        return tr(self.idea)


def _p(kind: str, count: int = 1, focus: str | None = None, game: str = KNUEFFELN
       ) -> Practice:
    return Practice(kind, count, focus, game)


#: Every evening's steps, in the order of its page (the introduction is not a step).
STEPS: tuple[EveningStep, ...] = (
    EveningStep(1, "e1-pack", marked("The pack: 48 cards, no Fives"),
         marked("A Knüffeln pack is a 52-card pack without the Fives."), (_p("pack", 2),)),
    EveningStep(1, "e1-table", marked("The players and the table"),
         marked("Partners sit opposite; forehand, on the dealer's left, leads first."),
         (_p("d_first_lead"),)),
    EveningStep(1, "e1-olen", marked("The five Olen"),
         marked("Five cards are the highest whatever suits are chosen, each with its table name."),
         (_p("ole", 2), _p("d_sure_card"))),
    EveningStep(1, "e1-turn-ups", marked("Dealing and turning up the chosen suits"),
         marked("The turn-ups after the deal decide the two chosen suits."),
         (_p("turn_up"), _p("d_second_suit"))),
    EveningStep(2, "e2-one-suit", marked("One chosen suit, card by card"),
         marked("In a chosen suit almost every card has a role of its own."),
         (_p("role", 1, "chosen suit"),)),
    EveningStep(2, "e2-beaters", marked("The six beaters"),
         marked("A, J, 6, 2, 3 and 4 of a chosen suit beat other cards, each up to its limit."),
         (_p("role", 2, "beater"),)),
    EveningStep(2, "e2-seven-free", marked("The Seven and the free cards"),
         marked("The chosen Seven and the free cards count only when they are led."),
         (_p("role", 2, "Seven or free card"),)),
    EveningStep(2, "e2-no-power", marked("King, Queen and Ten of a chosen suit"),
         marked("A chosen King or Queen beats nothing but is a useful lead; the Ten is exchanged."),
         (_p("role", 1, "chosen K, Q or 10"),)),
    EveningStep(2, "e2-unchosen", marked("The unchosen suits: Aces, court cards and duds"),
         marked("Unchosen Aces and court cards are leads; the other unchosen cards are duds."),
         (_p("role", 2, "unchosen"),)),
    EveningStep(2, "e2-change", marked("When the chosen suits change"),
         marked("The same card has another role when other suits are chosen."),
         (_p("hand_count"), _p("d_best_pair"))),
    EveningStep(2, "e2-builder", marked("Try it: the hand builder"),
         marked("Build a hand and see each card's role."), tool="HandBuilder"),
    EveningStep(2, "e2-whole-pack", marked("The whole pack at a glance"),
         marked("Every card's role under one pair of chosen suits, on one card."),
         (_p("d_throw"),)),
    EveningStep(3, "e3-how", marked("How a trick is played"),
         marked("Forehand leads first, then one card each, clockwise; anything may be played."),
         (_p("d_first_lead"),)),
    EveningStep(3, "e3-lead-cases", marked("The seven lead cases"),
         marked("What it takes to beat a led card depends on which of seven kinds it is."),
         (_p("d_safe_lead"), _p("trick_winner"))),
    EveningStep(3, "e3-chain", marked("The chain: each card against the card ahead"),
         marked("A later card must beat the card that is ahead, as if that card had been led."),
         (_p("trick_winner", 2, "lead taken"),)),
    EveningStep(3, "e3-order",
         marked("Why the order of play matters: the main source's Case 1 and Case 2"),
         marked("The same cards played in another order can have another winner."),
         (_p("trick_winner", 1, "order matters"),)),
    EveningStep(3, "e3-equal", marked("Equal cards"),
         # The sources are silent on equal cards: the book's reading (the option 'ties';
         # rules/README.md, reading 2), which the page's sources box states.
         marked("Of two equal cards, the earlier one stays ahead (this book's reading)."),
         (_p("trick_winner", 1, "equal cards"),)),
    EveningStep(3, "e3-more", marked("More worked tricks"),
         marked("Which cards of a hand would take the lead now."), (_p("can_beat", 2),)),
    EveningStep(3, "e3-lab", marked("Try it: the trick lab"),
         marked("Play any cards into a trick and see who is ahead."), tool="TrickLab"),
    EveningStep(4, "e4-order", marked("The order of a deal"),
         marked("Deal, turn up, exchange, play, settle; forehand leads first."),
         (_p("d_first_lead"),)),
    EveningStep(4, "e4-exchanges", marked("The exchanges"),
         marked("A chosen Ten may be given for its suit's turn-up; an Ole may come from the "
                "stock."),
         (_p("d_exchange", 2),)),
    EveningStep(4, "e4-jann", marked("Play to five, Jann and march"),
         marked("Five tricks win; after a Jann a side may stop or play on for the march."),
         (_p("d_jann"),)),
    EveningStep(4, "e4-drehen", marked("Drehen und sehen: raising the stake"),
         marked("A face-down lead (drehen) raises the stake; the other side sees or runs."),
         (_p("d_see_run"),)),
    EveningStep(4, "e4-stakes", marked("Stakes and payments"),
         marked("The losers pay the winners what the deal is worth."),
         (_p("stakes"), _p("payment"))),
    EveningStep(4, "e4-our-deal", marked("Our deal, trick by trick"),
         marked("A whole deal, trick by trick, as the table plays it."), (_p("trick_winner"),)),
    EveningStep(4, "e4-viewer", marked("Step through it yourself"),
         marked("Step through the deal card by card."), tool="DealViewer"),
    EveningStep(4, "e4-five", marked("Five at the table: the dealer's choice"),
         marked("With five players the dealer plays alone against four, or sits out."),
         (_p("d_five"),)),
    EveningStep(5, "e5-phrases", marked("Eight phrases at one table"),
         marked("Each phrase claims something about the speaker's hand, and some may be bluffs."),
         (_p("phrase", 2, "the eight phrases"),)),
    EveningStep(5, "e5-rest", marked("The rest of the talk"),
         marked("The other phrases of the table, and what each one claims."), (_p("phrase", 2),)),
    EveningStep(5, "e5-truthful", marked("Saying what your hand holds"),
         marked("Say truthfully what your hand holds without naming a card."),
         (_p("truthful"), _p("d_say"))),
    EveningStep(5, "e5-tactics", marked("Simple tactics"),
         marked("Count your strength, leave partner's trick alone, take cheaply."),
         (_p("d_cheapest"), _p("d_throw"))),
    EveningStep(5, "e5-hattstedt", marked("Hattstedt"),
         marked("In Hattstedt an unchosen card beats the lower cards of its own suit; no drehen."),
         (_p("d_hattstedt"),)),
    EveningStep(5, "e5-five", marked("Five players: the dealer's solo"),
         marked("With five, the dealer may play alone with the stock and needs four tricks."),
         (_p("d_five"),)),
    EveningStep(5, "e5-old-rules", marked("Bernhard (1924) and Grünberg (1938)"),
         marked("The oldest descriptions keep the Fives, drop the Tens, and score on a slate."),
         (_p("pack", 1, None, BERNHARD_1924), _p("trick_winner", 1, None, BERNHARD_1924))),
)


def _check_steps() -> None:
    """Each step's kinds and focus names exist, and it has practice or a tool (not both)."""
    ids = [s.id for s in STEPS]
    if len(set(ids)) != len(ids):
        raise RulesError("two steps share an id")
    for s in STEPS:
        if bool(s.practice) == bool(s.tool):
            raise RulesError(f"step {s.id!r} needs either questions or a tool")
        for p in s.practice:
            if p.kind not in KINDS or (p.focus is not None and p.focus not in FOCUS):
                raise RulesError(f"step {s.id!r}: unknown kind or focus {p!r}")
            if not 1 <= p.count <= 3:
                raise RulesError(f"step {s.id!r}: {p.count!r} questions (1 to 3)")


_check_steps()


def step(step_id: str) -> EveningStep:
    """The step with this id; a RulesError naming the id otherwise."""
    for s in STEPS:
        if s.id == step_id:
            return s
    raise RulesError(tr("{value} is not a step of the course: see knbook.course.steps.STEPS",
                        value=repr(step_id)))


def steps_of(k: int) -> tuple[EveningStep, ...]:
    """Evening ``k``'s steps, in page order."""
    out = tuple(s for s in STEPS if s.evening == k)
    if not out:
        raise RulesError(tr("{value} is not an evening of the course: choose 1 to 5",
                            value=repr(k)))
    return out


# ============================================================================================
# The questions and the page
# ============================================================================================

#: How many seeds a step may try to find a question that fits its focus.
_TRIES = 400


def _drawn(s: EveningStep, p: Practice, taken: set[str]) -> list[Question]:
    """The practice's questions: fitting its focus, and no two alike or with the same
    right answer."""
    keep = FOCUS[p.focus] if p.focus else (lambda q: True)
    out: list[Question] = []
    for i in range(_TRIES):
        q = question(p.kind, f"step|{s.id}|{p.kind}|{i}", game=p.game)
        keys = {question_key(q), f"{q.kind}|{q.correct}"}
        if keys & taken or not keep(q):
            continue
        taken |= keys
        out.append(q)
        if len(out) == p.count:
            return out
    raise RulesError(f"step {s.id!r}: no {p.kind!r} question with focus {p.focus!r} in "
                     f"{_TRIES} tries")


def step_questions(step_id: str) -> list[Question]:
    """The step's practice questions (one to three), each with its feedback per option; the
    same on every run."""
    s = step(step_id)
    taken: set[str] = set()
    out = []
    for p in s.practice:
        for q in _drawn(s, p, taken):
            out.append(replace(q, feedback=option_feedback(q),
                               pictures=q.pictures or pictures_of(q)))
    return out


_BOX = ("border-left:5px solid #2f4b7c;background:#f4f7fb;color:#1a1a1a;padding:0.4em 0.9em;"
        "margin:1em 0;border-radius:4px")


def step_practice_html(step_id: str) -> str:
    """The step's practice as a box of small forms that work on the static page with no
    kernel and no script: choose an option and its feedback shows."""
    from .decisions.html import decision_html

    s = step(step_id)
    if s.tool:
        raise RulesError(tr("step {value} is practised with a tool, not questions",
                            value=repr(s.id)))
    practised = [x for x in steps_of(s.evening) if not x.tool]
    n = practised.index(s) + 1
    qs = step_questions(step_id)
    forms = "".join(decision_html(q, number=i + 1 if len(qs) > 1 else None,
                                  uid=f"knlib{s.id.replace('-', '')}q{i}")
                    for i, q in enumerate(qs))
    head = (tr("Practice {number} of {total}: {count} questions", number=n,
               total=len(practised), count=number_text(len(qs)))
            if len(qs) > 1 else tr("Practice {number} of {total}", number=n,
                                   total=len(practised)))
    return (f"<section class='knlib-step-practice' data-step='{html.escape(s.id)}' "
            f"aria-label='{html.escape(head)}' style='{_BOX}'>"
            f"<p style='margin:0.2em 0;font-size:0.9em;color:#2f4b7c'>{html.escape(head)}</p>"
            f"{thumbs_taught(qs)}{forms}</section>")


def step_thumbs(qs: list[Question]) -> list[str]:
    """The rules of thumb the questions' feedback names, in order, each once."""
    out: list[str] = []
    for q in qs:
        thumb = q.get("thumb")
        if thumb and thumb not in out:
            out.append(thumb)
    return out


def thumbs_taught(qs: list[Question]) -> str:
    """The rules of thumb the questions' feedback will name, taught just before them."""
    from .foundation.thumbs import THUMBS

    ids = step_thumbs(qs)
    if not ids:
        return ""
    head = tr("Rule of thumb") if len(ids) == 1 else tr("Rules of thumb")
    return (f"<div class='knlib-step-thumbs' style='margin:0.4em 0'><p style='margin:0.2em 0;"
            f"font-weight:bold'>{head}</p>{''.join(THUMBS[t].html() for t in ids)}</div>")


def step_practice(step_id: str) -> Any:
    """Show the step's practice in a notebook (an IPython HTML object)."""
    from IPython.display import HTML

    return HTML(step_practice_html(step_id))


#: How the steps' tools are named for a course leader.
_TOOL_WORDS = {"HandBuilder": marked("the hand builder"), "TrickLab": marked("the trick lab"),
               "DealViewer": marked("the deal viewer")}


def steps_table_html(k: int) -> str:
    """Evening ``k``'s steps for the course leader: each step's heading, its one idea, and
    what the reader practises right after it."""
    e = html.escape
    rows = []
    for n, s in enumerate(steps_of(k), 1):
        if s.tool:
            after = tr("uses {tool}", tool=tr(_TOOL_WORDS[s.tool]) if s.tool in _TOOL_WORDS
                       else s.tool)
        else:
            count = sum(p.count for p in s.practice)
            after = (tr("one question") if count == 1 else
                     tr("{count} questions", count=number_text(count)))
        rows.append(f"<tr><td style='{_CELL}'>{n}</td><td style='{_CELL}'>"
                    f"{e(s.heading_text)}</td><td style='{_CELL}'>{e(s.idea_text)}</td>"
                    f"<td style='{_CELL}'>{after}</td></tr>")
    head = "".join(f"<th style='{_CELL};text-align:left'>{h}</th>"
                   for h in (tr("step"), tr("heading"), tr("the one idea"),
                             tr("practice right after")))
    caption = tr("Evening {evening} in {count} steps", evening=k,
                 count=number_text(len(steps_of(k))))
    return (f"<table class='knlib-steps' style='border-collapse:collapse;margin:0.5em 0'>"
            f"<caption style='text-align:left;font-weight:bold'>{caption}</caption><tr>{head}"
            f"</tr>{''.join(rows)}</table>")


_CELL = "padding:2px 8px;vertical-align:top;border-bottom:1px solid #ddd"
