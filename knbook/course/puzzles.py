"""Verified puzzles: positions from real seeded deals where exactly one action keeps the
best outcome, with all cards face up.

:func:`puzzles` plays seeded deals with the rule-based players
(:class:`knlib.players.bots.RulePlayer`, deterministic), stops at each decision of the
play, and asks the solver (:func:`knlib.analysis.solve`) for the value of every legal
action. A position is a puzzle when one action is strictly better than every other: the
solver proves that the answer is unique. :func:`puzzle_at` rebuilds one puzzle from its
deal number and the number of actions played (the book's puzzles, :data:`BOOK_PUZZLES`,
are stored that way, and proved again each time the book is built).

Each :class:`Puzzle` carries its question, its answer, and a reason for the answer and
for every wrong option, in words built from the engine's explanation of the tricks that
follow (:func:`knlib.explain_trick`) and the solver's best line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from knlib.analysis.advice import FACE_UP, action_words, choices_words, outcome_words
from knlib.counts import count_word
from knlib.engine.deal import Action, Deal, new_deal
from knlib.engine.explain import refusal
from knlib.engine.scoring import format_amount
from knlib.engine.serial import shown, whole
from knlib.errors import RulesError
from knlib.games import KNUEFFELN, Ruleset, ruleset
from knlib.kinds import PLAY_PHASES, ActionKind, Phase
from knlib.players.bots import RulePlayer
from knlib.players.player import seat_to_move
from knlib.players.words import game_word
from knlib.rules.tricks import explain_trick

from ..i18n import marked, ntr, tr

__all__ = ["Puzzle", "puzzles", "puzzle_at", "BOOK_PUZZLES", "book_puzzles", "GRADES"]

#: Grades, easiest first: (name, the evening after which a learner can try it).
GRADES = ((marked("easy"), 3), (marked("medium"), 4), (marked("hard"), 5))


def _solve(deal: Deal) -> Any:
    from knlib.analysis import solve

    return solve(deal)


def _sym(rules: Ruleset, card: Any) -> str:
    return card.german_symbol if rules.german else card.symbol


#: The largest count :func:`puzzles` and :func:`puzzle_at` take (cards, actions, puzzles).
MOST = 10_000


def _deal_number(seed: object) -> int:
    """A puzzle's deal number: a whole number (a RulesError for anything else)."""
    return whole(seed, tr("deal number"), 0, 10**9,
                 tr("a puzzle's deal is numbered by a whole number"))


def _played_out(game: str | Ruleset, seed: int, steps: int | None = None,
                dealer: int | None = None) -> Iterable[tuple[int, Deal]]:
    """The positions of deal number ``seed`` played by four rule-based players: (actions
    played so far, the deal), up to ``steps`` actions (all of them if None)."""
    rp = RulePlayer()
    d = new_deal(game, seed=seed, dealer=seed % 4 if dealer is None else dealer)
    k = 0
    while not d.is_over and (steps is None or k <= steps):
        yield k, d
        if steps is not None and k == steps:
            return
        d.apply(rp.choose(d))
        k += 1


@dataclass(frozen=True)
class Puzzle:
    """One verified puzzle: the position (``deal``, a copy), the seat to act, the one
    best ``answer`` and every legal action's best-play payment to the mover's side
    (``values``, best first), with the question, the reasons and the grade."""

    game: str
    seed: int
    steps: int
    deal: Deal
    seat: int
    answer: Action
    values: tuple[tuple[Action, int], ...]
    line: tuple[Action, ...]
    grade: str
    evening: int
    question: str
    solution: str
    wrong: tuple[tuple[str, str], ...]

    @property
    def value(self) -> int:
        return self.values[0][1]

    @property
    def cards_left(self) -> int:
        return len(self.deal.hands[self.seat])

    @property
    def title(self) -> str:
        return tr("Deal number {seed}, trick {n}: {name} to act", seed=self.seed,
                  n=len(self.deal.tricks) + 1, name=self.deal.names[self.seat])

    def check(self, action: Action | str) -> tuple[bool, str]:
        """Is ``action`` the answer? (right, the reason in words). A RulesError for an
        action that is not legal here, naming the rule."""
        a = Action(action)
        if a not in dict(self.values):
            if a not in self.deal.legal_actions():
                raise refusal(self.deal, a)  # the engine says why it is illegal
            raise RulesError(tr("'{action}' is not possible here", action=a))  # pragma: no cover
        if a == self.answer:
            return True, self.solution
        words = action_words(self.deal, a)
        for label, why in self.wrong:
            if label == words or words in label.split(" | "):
                return False, why
        return False, self.solution  # pragma: no cover - every wrong action has a reason

    def position_html(self) -> str:
        """The position as pictures: every hand face up, the trick so far, the tricks won."""
        from knlib.render.display import deal_html

        return deal_html(self.deal)

    def question_html(self) -> str:
        return f"<p><b>{escape(self.question)}</b></p>"

    @property
    def other_reasons(self) -> tuple[str, ...]:
        """The reasons against the other choices, each once: choices worth the same share
        one paragraph (``wrong`` holds it under each of their names)."""
        return tuple(dict.fromkeys(why for _, why in self.wrong))

    @property
    def choices(self) -> tuple[Action, ...]:
        """The legal actions in the engine's order (which says nothing of their values)."""
        return tuple(self.deal.legal_actions())

    def solution_html(self) -> str:
        wrong = "".join(f"<li>{escape(why)}</li>" for why in self.other_reasons)
        others = escape(tr("The other choices:"))
        return (f"<p>{escape(self.solution)}</p>"
                + (f"<p>{others}</p><ul>{wrong}</ul>" if wrong else ""))

    def _repr_html_(self) -> str:
        return self.position_html() + self.question_html()


def _grade(position: Deal, seat: int, answer: Action, n_actions: int) -> tuple[str, int]:
    """Easy: at most three cards each and a card to play; hard: five cards or more, or the
    rule-based habits choose differently with five or more options; medium otherwise
    (drehen, seeing or running, the Jann choice, four cards)."""
    cards = len(position.hands[seat])
    habit = RulePlayer().choose(position)
    if answer.kind in (ActionKind.PLAY,) and cards <= 3 and habit == answer:
        return GRADES[0]
    if cards >= 5 or (habit != answer and n_actions >= 5 and cards >= 4):
        return GRADES[2]
    return GRADES[1]


def _finish_trick(position: Deal, actions: Sequence[Action]) -> tuple[Deal, int]:
    """Apply ``actions`` until the trick in progress (or the next one) closes; the deal and
    how many actions were applied."""
    d = position.copy()
    start = len(d.tricks)
    k = 0
    for a in actions:
        if d.is_over or len(d.tricks) > start:
            break
        d.apply(a)
        k += 1
    return d, k


def _trick_words(deal: Deal, number: int) -> str:
    """'Trick 7: South ♦A, West ♥7, North ♣9, East ♠8; South wins.'"""
    t = deal.tricks[number - 1]
    rules = deal.rules
    played = [f"{deal.names[s]} {_sym(rules, c)}" for s, c in zip(t.seats, t.cards, strict=True)]
    if t.face_down:  # the note belongs to the lead, not to the last card named
        played[0] += " " + tr("(led face down and seen)")
    return tr("trick {n}: {played}; {winner} wins it", n=t.number, played=", ".join(played),
              winner=deal.names[t.winner])


def _and(words: Sequence[str]) -> str:
    """'♠A', '♠A and ♥J', '♠A and ♥J and ♣6' in the current language."""
    out = words[0] if words else ""
    for word in words[1:]:
        out = tr("{first} and {second}", first=out, second=word)
    return out


def _why_step(expl: Any, position: int | None) -> str:
    """The engine's sentences that explain a trick: the step of the card in question
    (``position``), and the winner's step if a later card won; else the winner's step,
    or (the lead won) the last step."""
    steps = expl.steps
    picked = []
    if position is not None and position > 0:
        picked.append(steps[position])
        if expl.winner > position:
            picked.append(steps[expl.winner])
    elif expl.winner > 0:
        picked.append(steps[expl.winner])
    else:
        picked.append(steps[-1])
    said = [s.sentence.split(": ", 1)[-1] for s in picked]
    return said[0] if len(said) == 1 else tr("{first} Then: {then}", first=said[0],
                                             then=said[1])


def _line_words(position: Deal, first: Action, line: Sequence[Action]) -> tuple[str, str]:
    """After ``first`` and best play: (how the trick in progress ends, explained by the
    engine; how the deal ends)."""
    acts = [first, *line]
    d = position.copy()
    before = len(d.tricks)
    i = 0
    while i < len(acts) and not d.is_over:
        d.apply(acts[i])
        i += 1
        if len(d.tricks) > before:
            break
    trick = ""
    if len(d.tricks) > before:
        t = d.tricks[before]
        expl = explain_trick(d.rules, t.cards, d.chosen, first_trick=t.number == 1)
        mine = t.seats.index(position.to_move) if (
            first.kind == ActionKind.PLAY and position.to_move in t.seats) else None
        words = _trick_words(d, t.number)
        trick = tr("{trick}. Why: {why}", trick=f"{words[:1].upper()}{words[1:]}",
                   why=_why_step(expl, mine))
    while i < len(acts) and not d.is_over:
        d.apply(acts[i])
        i += 1
    rest = ""
    if d.is_over and d.result is not None:
        rest = d.result.reason
    return trick, rest


def _takers(position: Deal) -> list[Any]:
    """The mover's cards that would take the lead of the trick in progress (engine)."""
    cur = position.current_trick
    if not cur or position.current_face_down:
        return []
    cards = [c for _, c in cur]
    first = not position.tricks
    out = []
    for a in position.legal_actions():
        if a.kind != ActionKind.PLAY or a.card is None:
            continue
        e = explain_trick(position.rules, [*cards, a.card], position.chosen, first_trick=first)
        if e.steps[-1].took_lead:
            out.append(a.card)
    return out


def _make(game: str, seed: int, steps: int, position: Deal, result: Any) -> Puzzle | None:
    acts = position.legal_actions()
    order = {a: i for i, a in enumerate(acts)}
    values = sorted(((a, int(result.values[a])) for a in acts),
                    key=lambda av: (-av[1], order[av[0]]))
    if len(values) < 2 or values[0][1] <= values[1][1]:
        return None
    seat = seat_to_move(position)
    answer, best = values[0]
    rules = position.rules
    line = tuple(result.line)
    if line and line[0] == answer:
        line = line[1:]
    else:  # the line of best play after the answer
        after = position.copy()
        after.apply(answer)
        line = tuple(_solve(after).line) if not after.is_over else ()
    grade, evening = _grade(position, seat, answer, len(acts))
    names = position.names
    side = position.side_of(seat)
    assert side is not None
    won = position.tricks_won
    need = position.rules.procedure.target
    cur = position.current_trick
    if position.phase == Phase.ANSWER:
        lead = tr("{name} has led a card face down (drehen).", name=names[cur[0][0]])
        ask = tr("See or run?")
    elif position.phase == Phase.JANN:
        lead = tr("Your side has won the first {n} tricks.", n=won[side])
        ask = tr("Stop and take the {jann}, or play on?",
                 jann=game_word(position.rules.procedure.jann_word))
    elif cur:
        lead = tr("So far in this trick: {cards}.", cards=", ".join(
            f"{names[s]} {_sym(rules, c)}" for s, c in cur))
        ask = tr("Which card do you play?")
    else:
        lead = tr("You are on lead.")
        ask = tr("What do you lead?")
    n_seen = position.turns_accepted
    seen = ntr("{count} face-down lead seen", "{count} face-down leads seen", n_seen,
               count=count_word(n_seen))
    turns = (" " + tr("The game is worth {count} basic stakes so far ({seen}).",
                      count=count_word(n_seen + 1), seen=seen) if n_seen else "")
    tricks = ntr("{count} trick", "{count} tricks", won[side], count=count_word(won[side]))
    theirs = count_word(won[1 - side]) if won[1 - side] else tr("none")
    score = (tr("{side} have won {tricks}, {other} {theirs}; {need} win the game.",
                side=position.side_name(side), tricks=tricks,
                other=position.side_name(1 - side), theirs=theirs, need=count_word(need))
             if len(position.sides[side]) > 1 else
             tr("{side} has won {tricks}, {other} {theirs}; {need} win the game.",
                side=position.side_name(side), tricks=tricks,
                other=position.side_name(1 - side), theirs=theirs, need=count_word(need)))
    question = (tr("You are {name}.", name=names[seat]) + f" {score}{turns} {lead} {ask} "
                + tr("Exactly one choice gets your side the most, {face_up}.",
                     face_up=tr(FACE_UP)))
    # The reason for the answer: the engine's explanation of the trick it decides, and how
    # the deal ends after it.
    trick, end = _line_words(position, answer, line)
    takers = _takers(position)
    why = []
    if answer.kind == ActionKind.PLAY and cur and answer.card in takers:
        ahead = rules.ahead_sequence([c for _, c in cur], position.chosen)[-1]
        ahead_card = _sym(rules, cur[ahead][1])
        card = _sym(rules, answer.card)
        if len(takers) == 1:
            why.append(tr("Only {card} of your cards can take {ahead}, the card ahead.",
                          card=card, ahead=ahead_card))
        else:
            others = _and([_sym(rules, c) for c in takers if c != answer.card])
            why.append(tr("{card} takes {ahead}, the card ahead; so would {others}, but it is "
                          "needed later.", card=card, ahead=ahead_card, others=others)
                       if len(takers) == 2 else
                       tr("{card} takes {ahead}, the card ahead; so would {others}, but they "
                          "are needed later.", card=card, ahead=ahead_card, others=others))
    elif answer.kind == ActionKind.PLAY and cur and not position.current_face_down and not takers:
        ahead = rules.ahead_sequence([c for _, c in cur], position.chosen)[-1]
        s_ahead, c_ahead = cur[ahead]
        say = {"card": _sym(rules, c_ahead), "answer": _sym(rules, answer.card)}
        why.append(tr("None of your cards can take your partner's {card} ahead, so the "
                      "question is which card to give up: {answer}.", **say)
                   if position.side_of(s_ahead) == side else
                   tr("None of your cards can take the {card} ahead, so the question is which "
                      "card to give up: {answer}.", **say))
    elif answer.kind == ActionKind.PLAY and cur and takers:
        ahead = rules.ahead_sequence([c for _, c in cur], position.chosen)[-1]
        s_ahead, c_ahead = cur[ahead]
        kept = _and([_sym(rules, c) for c in takers])
        if position.side_of(s_ahead) == side:
            why.append(tr("Your partner's {card} is ahead: {answer} leaves it there and keeps "
                          "your {kept} for later.", card=_sym(rules, c_ahead),
                          answer=_sym(rules, answer.card), kept=kept))
        else:
            why.append(tr("{answer} lets the trick go and keeps your {kept} for later.",
                          answer=_sym(rules, answer.card), kept=kept))
    if trick:
        why.append(trick)
    if end:
        why.append(tr("With best play on both sides to the end: {end}", end=end))
    solution = (tr("Answer: {action}.", action=action_words(position, answer)) + " "
                + " ".join(why) + " " + tr("So {outcome}.", outcome=outcome_words(position, best)))
    wrong = []
    groups: list[tuple[int, list[Action]]] = []
    for a, v in values[1:]:
        if groups and groups[-1][0] == v:
            groups[-1][1].append(a)
        else:
            groups.append((v, [a]))
    for v, group in groups:
        a = group[0]
        after = position.copy()
        after.apply(a)
        wline = tuple(_solve(after).line) if not after.is_over else ()
        t, e = _line_words(position, a, wline)
        cost = format_amount(position.rules.stakes.unit, best - v)
        then = ""
        if e:
            then = (tr("Then, with best play: {end}", end=e) if t
                    else tr("with best play: {end}", end=e)) + " "
        text = (tr("If you {choices}:", choices=choices_words(position, group)) + " "
                + (f"{t} " if t else "") + then
                + tr("So {outcome}, {cost} worse than the answer.",
                     outcome=outcome_words(position, v), cost=cost))
        for x in group:
            wrong.append((action_words(position, x), " ".join(text.split())))
    return Puzzle(game=rules.id, seed=seed, steps=steps, deal=position.copy(), seat=seat,
                  answer=answer, values=tuple(values), line=line, grade=grade,
                  evening=evening, question=" ".join(question.split()),
                  solution=" ".join(solution.split()), wrong=tuple(wrong))


def puzzle_at(game: str | Ruleset, seed: int, steps: int) -> Puzzle:
    """The puzzle of deal number ``seed`` after ``steps`` actions of rule-based play,
    proved again by the solver. A RulesError if that position has no unique best action
    (or is not in the play)."""
    rules = ruleset(game) if not isinstance(game, Ruleset) else game
    _deal_number(seed)
    whole(steps, "steps", 0, MOST, tr("the actions played before the puzzle"))
    position = None
    for k, d in _played_out(rules, seed, steps):
        if k == steps:
            position = d
    if position is None:
        raise RulesError(tr("deal number {seed} of {game} is over before action {n}",
                            seed=seed, game=rules.title, n=steps + 1))
    p = _make(rules.id, seed, steps, position, _solve(position))
    if p is None:
        raise RulesError(tr("deal number {seed} after {steps} actions is not a puzzle: more "
                            "than one action keeps the best outcome", seed=seed, steps=steps))
    return p


def puzzles(game: str | Ruleset = KNUEFFELN, seeds: Iterable[int] = range(50), *,
            min_cards: int = 2, max_cards: int = 4, limit: int | None = None,
            per_deal: int = 1) -> list[Puzzle]:
    """Puzzles from seeded deals played by rule-based players: each decision of the play
    where the mover holds ``min_cards`` to ``max_cards`` cards and exactly one legal
    action is strictly best with all cards face up (proved by the solver). At most
    ``per_deal`` from one deal (the earliest), at most ``limit`` in all; sorted easiest
    first (grade, then cards left, then the number of choices)."""
    rules = ruleset(game) if not isinstance(game, Ruleset) else game
    if isinstance(seeds, str | bytes) or not isinstance(seeds, Iterable):
        raise RulesError(tr("seeds={value} is not a list of deal numbers, such as range(50)",
                            value=shown(seeds)))
    cards = tr("the cards the player to move holds")
    whole(min_cards, "min_cards", 1, MOST, cards)
    whole(max_cards, "max_cards", 1, MOST, cards)
    whole(per_deal, "per_deal", 1, MOST, tr("the puzzles taken from one deal"))
    if limit is not None:
        whole(limit, "limit", 1, MOST, tr("the puzzles found in all"))
    found: list[Puzzle] = []
    for seed in seeds:
        _deal_number(seed)
        from_deal = 0
        for k, d in _played_out(rules, seed):
            if d.phase not in PLAY_PHASES or len(d.legal_actions()) < 2:
                continue
            seat = seat_to_move(d)
            if not min_cards <= len(d.hands[seat]) <= max_cards:
                continue
            p = _make(rules.id, seed, k, d, _solve(d))
            if p is not None:
                found.append(p)
                from_deal += 1
                if from_deal >= per_deal:
                    break
        if limit is not None and len(found) >= limit:
            break
    rank = {g: i for i, (g, _) in enumerate(GRADES)}
    found.sort(key=lambda p: (rank[p.grade], p.cards_left, len(p.values), p.seed))
    return found


#: The book's puzzles (chapter "Puzzles" and the printed puzzle sheet): (game, deal number,
#: actions played), found by :func:`puzzles` and proved again whenever they are built.
#: Found with ``puzzles('knueffeln', range(0, 40), min_cards=2, max_cards=3)``, then
#: ``range(40, 80)`` with four cards and ``range(80, 110)`` with five; a selection.
BOOK_PUZZLES: tuple[tuple[str, int, int], ...] = (
    (KNUEFFELN, 2, 33), (KNUEFFELN, 3, 33), (KNUEFFELN, 26, 30), (KNUEFFELN, 6, 28),
    (KNUEFFELN, 7, 29), (KNUEFFELN, 14, 27), (KNUEFFELN, 39, 27),
    (KNUEFFELN, 47, 20), (KNUEFFELN, 50, 24), (KNUEFFELN, 96, 20),
    (KNUEFFELN, 89, 20), (KNUEFFELN, 90, 18), (KNUEFFELN, 94, 20),
    (KNUEFFELN, 105, 18),
)


def book_puzzles() -> list[Puzzle]:
    """The book's puzzles, easiest first, each proved again by the solver."""
    rank = {g: i for i, (g, _) in enumerate(GRADES)}
    out = [puzzle_at(g, s, k) for g, s, k in BOOK_PUZZLES]
    out.sort(key=lambda p: (rank[p.grade], p.cards_left, len(p.values), p.seed))
    return out
