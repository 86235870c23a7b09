"""A solution in words: what a value of best play with all cards face up means for a
side, and the solution in a sentence for learners.

The solver returns values (:class:`~knlib.analysis.solver.Solution`: the value, the line
of best play as actions, the seat and side to move); this module is the one place that
puts them into words, in the current language: the game's words for its endings (a Jann,
a march), the side's name and the amounts in the game's unit come from the solved deal.
"""

from __future__ import annotations

from ..engine.scoring import format_amount
from ..i18n import marked, tr
from ..kinds import ResultKind
from ..players.words import game_word
from .position import Position
from .solver import Solution

__all__ = ["ENDINGS", "outcome", "describe", "value_words", "ending", "amount_text",
           "summary_text", "solution_text"]


#: The endings :func:`outcome` names, by (kind, by one partner alone, one more turn
#: accepted); ``{jann}`` and ``{march}`` are the game's words.
ENDINGS: dict[tuple[ResultKind, bool, bool], str] = {
    (ResultKind.GAME, False, False): marked("the game"),
    (ResultKind.GAME, True, False): marked("the game by one partner alone"),
    (ResultKind.GAME, False, True): marked("the game, one more turn accepted"),
    (ResultKind.GAME, True, True): marked("the game by one partner alone, one more turn accepted"),
    (ResultKind.JANN, False, False): marked("a {jann}"),
    (ResultKind.JANN, True, False): marked("a {jann} by one partner alone"),
    (ResultKind.JANN, False, True): marked("a {jann}, one more turn accepted"),
    (ResultKind.JANN, True, True): marked("a {jann} by one partner alone, one more turn accepted"),
    (ResultKind.MARCH, False, False): marked("the {march}"),
    (ResultKind.MARCH, True, False): marked("the {march} by one partner alone"),
    (ResultKind.MARCH, False, True): marked("the {march}, one more turn accepted"),
    (ResultKind.MARCH, True, True):
        marked("the {march} by one partner alone, one more turn accepted"),
}


def outcome(pos: Position, words: tuple[str, str], side: int,
            value: int) -> tuple[str, bool] | None:
    """The ending a value stands for, for one side: ('a Jann', True) for a win with a
    Jann, ('the game', False) for a lost game; None if it is no single ending.
    ``words``: the game's names for the Jann and the march. The name is in the current
    language (:data:`ENDINGS`)."""
    sgn = 1 if side == 0 else -1
    for table, turn in ((pos.payoff, False), (pos.turn_payoff, True)):
        for kind in (ResultKind.GAME, ResultKind.JANN, ResultKind.MARCH):
            for lone in (False, True):
                for who, win in ((side, True), (1 - side, False)):
                    if sgn * table.get((kind, who, lone), 0) == value:
                        return tr(ENDINGS[kind, lone, turn], jann=game_word(words[0]),
                                  march=game_word(words[1])), win
    return None


def describe(pos: Position, words: tuple[str, str], unit: str, side: int,
             value: int) -> str:
    """What a value means for one side, in words: 'a win with a Jann (+€1.00 each)'."""
    amount = format_amount(unit, value, sign=True)
    hit = outcome(pos, words, side, value)
    if hit is None:
        return (tr("a win ({amount} each)", amount=amount) if value > 0
                else tr("a loss ({amount} each)", amount=amount))
    name, win = hit
    if win:
        return tr("a win with {name} ({amount} each)", name=name, amount=amount)
    return tr("a loss: the opponents make {name} ({amount} each)", name=name, amount=amount)


def _game_words(solution: Solution) -> tuple[str, str]:
    """The solved game's names for the Jann and the march."""
    proc = solution.decision.deal.rules.procedure
    return proc.jann_word, proc.march_word


def value_words(solution: Solution, value: int) -> str:
    """What ``value`` means for the side to move, in words (:func:`describe`)."""
    deal = solution.decision.deal
    return describe(solution.decision.pos, _game_words(solution), deal.rules.stakes.unit,
                    solution.side, value)


def ending(solution: Solution, value: int) -> tuple[str, bool] | None:
    """The ending ``value`` stands for, for the side to move (:func:`outcome`): ('a Jann',
    True), or None."""
    return outcome(solution.decision.pos, _game_words(solution), solution.side, value)


def amount_text(solution: Solution, value: int) -> str:
    """A value in the solved game's unit, signed: '+€0.10', '-2 rungs'."""
    return format_amount(solution.decision.deal.rules.stakes.unit, value, sign=True)


def summary_text(solution: Solution) -> str:
    """Plain words for learners: the best result with all cards face up."""
    best = solution.best
    first = ", ".join(f"'{a}'" for a in best[:3])
    if len(best) > 3:
        first = tr("{actions} or another", actions=first)
    return tr("With all cards face up, best play gives {side} {result}. Best: {actions}.",
              side=solution.decision.deal.side_name(solution.side),
              result=value_words(solution, solution.value), actions=first)


def solution_text(solution: Solution) -> str:
    """The solution in words: the summary, then each legal action with its value, best
    first."""
    lines = [summary_text(solution)]
    for a, v in sorted(solution.values.items(), key=lambda av: -av[1]):
        lines.append(f"  {a:<22} {amount_text(solution, v):>9}  {value_words(solution, v)}")
    return "\n".join(lines)
