"""What the computer players do, in words, as the chapter on playing the computer shows it:
the first trick as the rule-based player plays it, what the sampling player counted, what
each player says at the table and whether it is true, and a played deal as a story. Every
text comes in the current language."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from knlib.counts import number_text
from knlib.errors import RulesError
from knlib.kinds import ActionKind
from knlib.players.talk import claims_true
from knlib.rules.dealing import seat_word

from ..i18n import ntr, tr

if TYPE_CHECKING:
    from knlib.engine.deal import Action, Deal
    from knlib.engine.scoring import Session
    from knlib.players.sampling import SamplingPlayer

__all__ = ["turn_ups_text", "play_text", "first_trick_head", "sampling_text", "talk_table",
           "story_text", "purse_text"]


def turn_ups_text(deal: Deal) -> str:
    """'Turn-ups ♥A ♠10: the chosen suits are Hearts and Spades.'"""
    return tr("Turn-ups {cards}: the chosen suits are {suits}.",
              cards=" ".join(c.symbol for c in deal.turn_ups),
              suits=deal.rules.chosen_text(deal.chosen))


def play_text(name: str, action: Action, lead: bool) -> str:
    """One card of a trick: 'West leads ♣4', 'North plays ♣7'."""
    symbol = action.card.symbol if action.card is not None else str(action)
    if lead:
        return tr("{name} leads {card}", name=seat_word(name), card=symbol)
    return tr("{name} plays {card}", name=seat_word(name), card=symbol)


def first_trick_head() -> str:
    """The heading before a first trick's cards."""
    return tr("The first trick:")


def sampling_text(deal: Deal, sampler: SamplingPlayer, choice: Action, habit: Action) -> str:
    """The sampling player's count of deals won for each lead it tried (Markdown), and how
    its choice compares with the rule-based player's ``habit``."""
    rows = ["| " + tr("lead") + " | " + tr("deals won (of {n})", n=sampler.samples) + " |",
            "|---|---|"]
    for a, wins, _ in sorted(sampler.last_scores, key=lambda x: -x[1]):
        if a.kind == ActionKind.PLAY and a.card is not None:
            card = tr("{card} ← chosen", card=a.card.symbol) if a == choice else a.card.symbol
            rows.append(f"| {card} | {wins} |")
    hcard = habit.card.symbol if habit.card is not None else str(habit)
    ccard = choice.card.symbol if choice.card is not None else str(choice)
    if habit == choice:
        verdict = tr("The rule-based habit would lead {card}, the same card.", card=hcard)
    else:
        verdict = tr("The rule-based habit would lead {card}; the sampling player prefers "
                     "{choice}.", card=hcard, choice=ccard)
    seat = deal.to_move if deal.to_move is not None else deal.dealer
    return "\n\n".join([tr("{name} is on lead.", name=seat_word(deal.names[seat])),
                        "\n".join(rows), verdict])


def talk_table(deal: Deal, players: Sequence[Any]) -> str:
    """What each seat's player says before the play (Markdown): the phrase, its gloss, and
    whether it is true of the hand or a bluff."""
    rows = ["| " + " | ".join([tr("seat"), tr("says"), tr("true of the hand?")]) + " |",
            "|---|---|---|"]
    for seat, player in enumerate(players):
        line = player.talk(deal, seat)
        truth = tr("yes") if claims_true(line, deal.hands[seat], deal.chosen) else tr(
            "no: a bluff")
        rows.append(f"| {seat_word(deal.names[seat])} | *{line.text}* ({line.english}) "
                    f"| {truth} |")
    return "\n".join(rows)


def story_text(events: Iterable[Any]) -> str:
    """A played deal's events (``kind``, ``text``, ``bluff``) as a Markdown list: a trick in
    bold with its reasons beneath, a bluff marked."""
    lines = []
    for e in events:
        if e.kind == "trick":
            head, *why = e.text.splitlines()
            lines.append(f"- **{head}**")
            lines += [f"  - {w}" for w in why]
        else:
            text = e.text.replace("\n", "\n  ")
            mark = " " + tr("*(a bluff)*") if e.bluff else ""
            lines.append(f"- {text}{mark}")
    return "\n".join(lines)


def purse_text(session: Session) -> str:
    """Where the purse of a session stands: 'After six deals the purse stands at: South
    +€0.60, ...' (a session scored with a purse)."""
    standing = getattr(session.score, "standing", None)
    if standing is None:
        raise RulesError(tr("{game} is not scored with a purse: a purse keeps the money of "
                            "Knüffeln in Bohmstedt, Hattstedt and Grünberg",
                            game=session.rules.title))
    return ntr("After one deal the purse stands at: {standing}.",
               "After {count} deals the purse stands at: {standing}.", session.deals,
               count=number_text(session.deals), standing=standing())
