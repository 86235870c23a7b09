"""The texts of Evening 5 (table talk and play) that the engine's results fill in, in the
current language: the bluffs a hand could say (:func:`bluff_lines_md`), the cards of a hand
that take a led card (:func:`takers_md`), a first trick of the five-player game
(:func:`five_player_trick_html`), Bernhard's rules beside what the computer plays
(:func:`bernhard_rules_md`) and a ladder session's marks (:func:`ladder_marks_md`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from knlib.cards import parse_card
from knlib.engine.deal import Deal, new_deal
from knlib.engine.scoring import LadderSlate, Session, format_amount
from knlib.errors import RulesError
from knlib.games import BERNHARD_1924, KNUEFFELN
from knlib.players.talk import bluff_line
from knlib.render.display import trick_html
from knlib.rules.dealing import seat_word
from knlib.sources import for_reader

from ..i18n import marked, tr

__all__ = ["bluff_lines_md", "takers_md", "five_player_trick_html", "bernhard_rules_md",
           "ladder_marks_md"]


def bluff_lines_md(deal: Deal, seats: Iterable[int], *, rng: int = 5) -> str:
    """A Markdown list: for each seat, a phrase that would be a bluff about its hand
    (:func:`knlib.players.talk.bluff_line`, each drawn with the same ``rng`` seed); a seat
    for which no phrase would be a bluff is left out."""
    lines = []
    for seat in seats:
        lie = bluff_line(deal.hands[seat], deal.chosen, rng=rng)
        if lie is None:  # every phrase that may be a bluff is true of this hand
            continue
        lines.append("- " + tr("{name} might bluff: *{phrase}* ({meaning}).",
                               name=seat_word(deal.names[seat]), phrase=lie.text,
                               meaning=lie.english))
    return "\n".join(lines)


def takers_md(deal: Deal, seat: int, led: str = "CQ") -> str:
    """Two sentences: the cards of ``seat``'s hand that take ``led`` when it is led, and
    the cheapest of them with its role."""
    rules, chosen = deal.rules, deal.chosen
    card = parse_card(led)
    takers = [c for c in deal.hands[seat]
              if rules.ahead_sequence([card, c], chosen)[-1] == 1]
    cheapest = min(takers, key=lambda c: rules.strength(c, chosen))
    role = rules.role(cheapest, chosen)
    return tr("{name}'s cards that take a led {card}: {cards}. The cheapest of them is "
              "{cheapest}, {term} ({role}).", name=seat_word(deal.names[seat]),
              card=card.symbol, cards=" ".join(c.symbol for c in takers),
              cheapest=cheapest.symbol, term=role.term, role=role.name)


#: The five-player dealer's place in the first trick, as a whole sentence each.
_PLAYS_ALONE = (
    marked("{dealer} deals, looks at the stock of {stock} cards and plays alone. {leader} "
           "leads, and {dealer} plays first:"),
    marked("{dealer} deals, looks at the stock of {stock} cards and plays alone. {leader} "
           "leads, and {dealer} plays second:"),
    marked("{dealer} deals, looks at the stock of {stock} cards and plays alone. {leader} "
           "leads, and {dealer} plays third:"),
    marked("{dealer} deals, looks at the stock of {stock} cards and plays alone. {leader} "
           "leads, and {dealer} plays fourth:"),
    marked("{dealer} deals, looks at the stock of {stock} cards and plays alone. {leader} "
           "leads, and {dealer} plays fifth:"),
)


def five_player_trick_html(seed: int, choose: Callable[[Deal], Any]) -> str:
    """A five-player deal of Knüffeln played out by ``choose``, as HTML: the dealer's stock,
    the first trick as a picture with the dealer's place in it, and how the deal ended.
    Meant for a deal in which the dealer plays alone."""
    five = new_deal(KNUEFFELN, players=5, seed=seed)
    stock = len(five.stock)
    while not five.is_over:
        five.apply(choose(five))
    first = five.tricks[0]
    names = [seat_word(five.names[s]) for s in first.seats]
    dealer = seat_word(five.names[five.dealer])
    head = tr(_PLAYS_ALONE[names.index(dealer)], dealer=dealer, stock=stock, leader=names[0])
    result = five.result
    assert result is not None
    end = tr("The deal is over after trick {number}: {reason}", number=len(five.tricks),
             reason=result.reason)
    return (f"<p>{head}</p>"
            + trick_html(first.cards, game=five.rules, chosen=five.chosen, seats=names,
                         winner=first.cards.index(first.winning_card))
            + f"<p>{end}</p>")


def bernhard_rules_md(*, cut_seed: int = 1, turn_up_seed: int = 0) -> str:
    """A Markdown table: four rules of Bernhard's game (1924) and whether the computer
    plays them, with a deal's words as the example (the cut of deal ``cut_seed``, the
    turn-ups of deal ``turn_up_seed``) and the stakes of Bernhard's game."""
    cut_deal = new_deal(BERNHARD_1924, seed=cut_seed)
    kept = new_deal(BERNHARD_1924, seed=turn_up_seed)
    turned = " ".join(c.symbol for c in kept.get_game().turned)
    stays = " ".join(c.symbol for c in kept.turn_ups)
    back = " ".join(c.symbol for c in kept.get_game().returned)
    cut = for_reader(cut_deal.log[0]).rstrip(".")
    stakes = kept.rules.stakes
    rows = [
        (tr("Bernhard's rule"), tr("what the computer does")),
        (tr("The rearhand, the player on the dealer's left, cuts."),
         tr("Not followed: the computer lets the player on the dealer's right cut, as "
            "today: {cut}.", cut=cut)),
        (tr("Of several turn-ups of one suit, the highest stays face up."),
         tr("Followed: in one deal {turned} were turned up; {stays} stay face up and {back} "
            "goes back to the stock.", turned=turned, stays=stays, back=back)),
        (tr("Folding (running from a face-down lead) concedes a point."),
         tr("Followed: running before any face-down lead was seen costs {amount}.",
            amount=format_amount(stakes.unit, stakes.value("run")))),
        (tr("A march earns a punch on the spot, and the ladder is redrawn."),
         tr("Not followed: a march erases {amount}, like any win, only more.",
            amount=format_amount(stakes.unit, stakes.value("march")))),
    ]
    lines = [f"| {rule} | {done} |" for rule, done in rows]
    lines.insert(1, "|---|---|")
    return "\n".join(lines)


def ladder_marks_md(session: Session) -> str:
    """One sentence: the Knüppel and Brille each side of a ladder session has after the
    deals played."""
    marks = session.score
    if not isinstance(marks, LadderSlate):
        raise RulesError(tr("{game} is not scored on a ladder: it has no Knüppel and no Brille",
                            game=session.rules.id))
    deals = session.deals
    count = tr("twelve") if deals == 12 else str(deals)
    return tr("After {count} deals: {first} have {first_knueppel} Knüppel and {first_brille} "
              "Brille, {second} {second_knueppel} Knüppel and {second_brille} Brille.",
              count=count, first=marks.side_names[0], first_knueppel=marks.knueppel[0],
              first_brille=marks.brille[0], second=marks.side_names[1],
              second_knueppel=marks.knueppel[1], second_brille=marks.brille[1])
