"""The table on a text screen (the terminal game, :mod:`.terminal`): the reader's hand
strongest first, the card ahead in the trick on the table marked, the choices numbered,
the reader's typed choice read back, and the score of the session in words.

A text screen cannot show the page's pictures, so it orders and marks in words what they
show: the hand sorted as :func:`knlib.render.display.hand_svg` sorts it
(:meth:`~knlib.games.Ruleset.sort_by_strength`), and the card ahead that the
trick's picture marks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from knlib.engine.deal import Action
from knlib.engine.scoring import Session
from knlib.errors import RulesError
from knlib.games import Ruleset
from knlib.kinds import ActionKind

from ..i18n import marked, tr
from ..reading import whole_number
from .reader_words import card_text, chosen_words
from .session import PlaySession
from .typed_moves import move_text, read_move

__all__ = ["card_text", "chosen_words", "trick_text", "status_text", "offered", "choices_text",
           "choice_text", "read_choice", "score_text", "AHEAD"]

#: The mark after the card ahead in the trick on the table (marked for the catalogue).
AHEAD = marked("◀ ahead")




def trick_text(table: PlaySession) -> str:
    """The trick on the table so far, with the card ahead marked ('' for no trick). A card
    led face down by another seat stays hidden, and nothing is marked while it is."""
    d = table.deal
    cur = d.current_trick
    if not cur:
        return ""
    hidden = d.current_face_down and cur[0][0] != table.seat
    ahead = -1
    if not hidden:
        ahead = table.rules.ahead_sequence([c for _, c in cur], d.chosen)[-1]
    shown = []
    for i, (s, c) in enumerate(cur):
        if i == 0 and hidden:
            shown.append(tr("{seat} (face down)", seat=d.names[s]))
        else:
            mark = f" {tr(AHEAD)}" if i == ahead and len(cur) > 1 else ""
            shown.append(f"{d.names[s]} {card_text(table.rules, c)}{mark}")
    return tr("Trick {number} so far: {cards}", number=len(d.tricks) + 1,
              cards=", ".join(shown))


def status_text(table: PlaySession) -> str:
    """Where the deal stands, as the reader's seat sees it: the deal, the cards face up,
    the tricks won (once the sides are known: a five-player dealer chooses first), the
    trick so far with the card ahead marked, and the hand strongest first."""
    d = table.deal
    r = table.rules
    ups = " ".join(card_text(r, c) for c in d.turn_ups)
    lines = [tr("{game}, deal {number}; dealer {dealer}; chosen {suits}", game=r.title,
                number=table.session.deals + 1, dealer=d.names[d.dealer],
                suits=r.chosen_text(d.chosen))
             + (tr("; turn-ups {cards}", cards=ups) if ups else "")]
    if d.table and d.table != d.turn_ups:
        lines.append(tr("Face up on the table: {cards}",
                        cards=" ".join(card_text(r, c) for c in d.table)))
    if d.sides:
        won = ", ".join(f"{d.side_name(i)} {k}" for i, k in enumerate(d.tricks_won))
        lines.append(tr("Tricks: {tricks}", tricks=won)
                     + (tr("; face-down leads seen: {count}", count=d.turns_accepted)
                        if d.turns_accepted else ""))
    cur = trick_text(table)
    if cur:
        lines.append(cur)
    hand = r.sort_by_strength(d.hands[table.reader], d.chosen) if d.hands[table.reader] else []
    lines.append(tr("Your hand ({seat}): {cards}", seat=d.names[table.reader],
                    cards=" ".join(card_text(r, c) for c in hand) or tr("(empty)")))
    return "\n".join(lines)


def choice_text(rules: Ruleset, a: Action) -> str:
    """An action as offered on the screen: the move as the reader types it (in the current
    language), and its cards as the game writes them."""
    if a.kind in (ActionKind.PLAY, ActionKind.DOWN):
        return f"{move_text(a)}  ({card_text(rules, a.card)})"
    if a.kind == ActionKind.EXCHANGE:
        return f"{move_text(a)}  (" + tr("{card} for {other}", card=card_text(rules, a.card),
                                         other=card_text(rules, a.other)) + ")"
    return move_text(a)


def offered(table: PlaySession) -> list[Action]:
    """The reader's choices in the order the screen numbers them: the engine's, except
    that the cards to play (or to lead face down) stand strongest first, as in the hand."""
    d = table.deal
    legal = table.legal_actions()
    first: dict[str, int] = {}
    for i, a in enumerate(legal):
        first.setdefault(a.kind, i)

    def key(a: Action) -> tuple[int, int, int]:
        # (as sort_by_strength does)
        if a.kind in (ActionKind.PLAY, ActionKind.DOWN) and a.card is not None:
            return first[a.kind], -table.rules.strength(a.card, d.chosen), a.card.index
        return first[a.kind], 0, 0

    return sorted(legal, key=key)


def choices_text(rules: Ruleset, legal: Sequence[Action]) -> str:
    """The choices, numbered from 1."""
    return "\n".join(f"  {i:>2}. {choice_text(rules, a)}" for i, a in enumerate(legal, 1))


def read_choice(text: str, legal: Sequence[Action]) -> Action:
    """The action the reader typed: a number of the list (the digits 0-9 only) or a move
    in English or German words (:func:`~knbook.play.typed_moves.read_move`). A RulesError
    naming the value otherwise (the action's own check says why an action is not possible
    now)."""
    if text.isnumeric():
        k = whole_number(text, marked("choice"))
        if not 1 <= k <= len(legal):
            raise RulesError(tr("{number} is not one of the numbers 1 to {count}", number=k,
                                count=len(legal)))
        return legal[k - 1]
    return read_move(text)


def score_text(session: Session) -> str:
    """The session's score: deals played and the score sheet. Amounts carry their unit
    (:func:`knlib.engine.scoring.format_amount`), so the purse's heading names none."""
    lines = str(session).splitlines()
    unit: Any = getattr(session.score, "unit", None)
    if unit is not None:
        heads = (f"Purse ({unit})", tr("Purse ({unit})", unit=tr(unit)))
        lines = [tr("Purse") if line in heads else line for line in lines]
    return "\n".join(lines)
