"""Karniffel, the Thuringian Karnöffel of 1783 (seed 002, after Wieland).

36 German-suited cards (Daus, König, Ober, Unter, 10-6), three beasts, two
chosen suits. The trick goes by a winner order over the whole trick (seed 002,
"Playing"; `shared/rules/README.md` reading 6): a led chosen Seven; then a led
free card unless a beast or a chosen Ober is played; then the highest beast;
then the highest chosen Ober, Unter or Six; then the highest card of the led suit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ..cards import Card
from ..errors import RulesError
from ..i18n import marked, tr
from ..sources import (
    S000_DEAL,
    S002_AIM,
    S002_BEASTS,
    S002_CHOSEN,
    S002_PLAY,
    S002_PRELIM,
    S002_SCORING,
    S002_TEXT,
    S002_UNSELECTED,
    S003_TEXT,
)
from .family import (
    Branch,
    Option,
    PriorityRuleset,
    Question,
    Role,
    RoleClass,
    RoleExample,
    TableRule,
    Tie,
)
from .knueffeln import CUT_POINT
from .procedure import Procedure
from .stakes import Stakes
from .terms import Term
from .terms import glossary_term as _T

__all__ = ["Karniffel", "BEASTS", "KARNIFFEL_TERMS"]


#: The beasts, highest first: Leaves 8, Hearts 9, Bells 9 (README reading 6).
BEASTS: tuple[tuple[Card, str, str], ...] = (
    (Card("S8"), "Tolle", marked("the old beast, Eight of Leaves")),
    (Card("H9"), "Roter Thier", marked("the red beast, Nine of Hearts")),
    (Card("D9"), "Gelber Thier", marked("the yellow beast, Nine of Bells")),
)
_BEAST_RANK = {card: 903 - i for i, (card, _, _) in enumerate(BEASTS)}

# Places in the winner order (higher wins; 0 cannot win).
LED_SEVEN = 1000
CHOSEN_POWER = {12: 860, 11: 840, 6: 830}  # Ober, Unter, Six of a chosen suit
LED_FREE = 850  # a led free card: above the Unter and Six, below the Ober and the beasts
#: Order of the powerless chosen cards within their suit, for "highest card of the led suit".
PLAIN_ORDER = {
    # Wieland's list for a chosen suit: O U 6 8 9 D K 10 7 (seed 002, 'Chosen suits').
    "wieland": {8: 60, 9: 59, 14: 58, 13: 57, 10: 56, 7: 55},
    # The natural order D K 10 9 8 7, as in the unselected suits.
    "natural": {14: 58, 13: 57, 10: 56, 9: 54, 8: 53, 7: 52},
}
#: Unselected suits rank naturally: D K O U 10 9 8 7, and the Six last (seed 002).
NATURAL = {14: 49, 13: 48, 12: 47, 11: 46, 10: 45, 9: 44, 8: 43, 7: 42, 6: 41}

_NAMES = {
    12: ("Oberkarniffel", marked("chosen Ober")),
    11: ("Unterkarniffel", marked("chosen Unter")),
    6: ("Papst", marked("chosen Six, the pope")),
    8: ("Freykarte", marked("chosen Eight, a free card")),
    9: ("Freykarte", marked("chosen Nine, a free card")),
    14: (None, marked("chosen Daus")),
    13: ("Kaiser", marked("chosen König")),
    10: ("Banner", marked("chosen Ten")),
    7: ("die böse Sieben", marked("chosen Seven")),
}
#: The unselected cards' names (said with ``tr``).
_UNSELECTED = {
    14: marked("unselected Daus"), 13: marked("unselected König"), 12: marked("unselected Ober"),
    11: marked("unselected Unter"), 10: marked("unselected Ten"), 9: marked("unselected Nine"),
    8: marked("unselected Eight"), 7: marked("unselected Seven"), 6: marked("unselected Six"),
}


KARNIFFEL_DEAL = Procedure(
    game="karniffel",
    players=(4, 6),
    players_source=f"{S002_PRELIM}: " + marked("four or six players in two teams"),
    cut=True,
    cut_source=f"{S002_PRELIM}: " + marked("offered to rearhand for cutting"),
    packets=(1, 1, 1, 1, 1),
    deal_source=f"{S002_PRELIM}: " + marked(
        "five cards to each player (one at a time: see the open questions)"),
    chosen_by="turn_ups",
    chosen_source=f"{S002_PRELIM}: " + marked(
        "turn two; if the same suit, more until a different suit appears"),
    max_same_suit=None,
    low_rank=10,
    low_word="Banner",
    low_source=f"{S002_PRELIM}: " + marked("a Banner (chosen Ten) for the upcard of its suit"),
    target=3,
    target_source=f"{S002_AIM}: " + marked("three or more tricks"),
    first_trick="no_seven_lead",
    first_trick_source="seed 002, 'Chosen suits': " + marked(
        "a chosen Seven may not be led to the first trick"),
    directors=True,
    directors_source=f"{S002_PRELIM}: " + marked("a director in each team may concede"),
    play_source="seed 002, 'Playing': " + marked(
        "forehand leads; there are no constraints on play"),
    drehen_source="seed 002, 'Playing': " + marked("no face-down lead is described"),
)

KARNIFFEL_STAKES = Stakes(
    "karniffel", "points", basic=1, turn=0, jann=None, march=None, pays="each_winner",
    source=f"{S002_SCORING}: " + marked(
        "the team with three tricks 'wins the stake' (size not given: each loser pays each "
        "winner 1 point)"),
    keeper="points",
)

KARNIFFEL_DEAL_QUESTIONS: tuple[Question, ...] = (
    CUT_POINT,
    ("karniffel_packets", marked("How the cards are dealt"),
     marked("How are the five cards dealt?"),
     marked("One at a time, from forehand; the source gives no packets."), S002_PRELIM),
    ("karniffel_no_second_suit", marked("When no second suit shows"),
     marked("What if the cards run out before a second suit shows?"),
     marked("The same dealer deals again, as in Knüffeln."), S002_PRELIM),
    ("banner_choice", marked("Which turn-up the Banner takes"),
     marked("When several turn-ups of the first suit show, which may the "
                             "Banner "
     "take?"), marked("Any of them, as a Ten may in Knüffeln."),
     f"{S002_PRELIM}; {S000_DEAL} (by analogy)"),
    ("director", marked("The director"),
     marked("Who is each team's director, and when may he concede?"),
     marked("The first player of each team after the dealer (forehand, and the player after "
     "forehand); he may concede during the play whenever a member of his team is to move. "
     "Conceding loses the stake."), S002_PRELIM),
    ("karniffel_end", marked("Playing on after three tricks"),
     marked("Is play continued after a team has three tricks?"),
     marked("No: the deal ends when a team has three tricks."),
     "seed 002, 'Aim' and 'Scoring'"),
)

KARNIFFEL_SCORING_QUESTIONS: tuple[Question, ...] = (
    ("stake_size", marked("The size of the stake"), marked("How much is 'the stake'?"),
     marked("1 point from each loser to each winner: +2/-2 with four players, +3/-3 with six."),
     S002_SCORING),
)


#: Karniffel's glossary terms (seed 002), with the Pope it shares with Karnöffel
#: (:attr:`Karniffel.glossary_terms`).
KARNIFFEL_TERMS: tuple[Term, ...] = (
    _T("beasts", marked("In Karniffel, the three permanent top cards (Leaves 8, Hearts 9, Bells "
                        "9), "
       "like Knüffeln's Olen."), ("Tolle", "de fief Olen"), f"{S002_TEXT}, 'Features' and 'Beasts'",
       games=("karniffel",), forms=("beasts", "Thiere"),
       extra=("Alter Thier", "Roter Thier", "Gelber Thier"), german="Tiere"),
    _T("Tolle", marked("In Karniffel, the highest beast (read as the Leaves Eight); also called "
                       "the "
       "old beast."), ("beasts", "Dulle"), f"{S002_TEXT}, 'Beasts'", games=("karniffel",),
       forms=("Tolle",)),
    _T("Oberkarniffel", marked("In Karniffel, the chosen Ober, the highest chosen card; also "
                               "called "
       "Landsknecht."), ("Unterkarniffel", "Karnöffel"), f"{S002_TEXT}, 'Chosen suits'",
       games=("karniffel",), forms=("Oberkarniffel", "Landsknecht")),
    _T("Unterkarniffel", marked("In Karniffel, the chosen Unter, just below the Oberkarniffel; "
                                "also "
       "called Büttel."), ("Oberkarniffel",), f"{S002_TEXT}, 'Chosen suits'",
       games=("karniffel",), forms=("Unterkarniffel", "Büttel")),
    _T("Papst", marked("'Pope': the chosen Six in Karniffel; Karnöffel's trump Six is also the "
                       "Pope."),
       ("Paap, Paas, Pape", "pavstur"), f"{S002_TEXT}, 'Chosen suits'; {S003_TEXT}",
       games=("karniffel", "karnoeffel"), forms=("Papst", "Pope")),
    _T("Banner", marked("In Karniffel, the chosen Ten, which can be swapped for the turn-up of its "
       "suit."), ("Wääl", "Hunde"), f"{S002_TEXT}, 'Chosen suits' and 'Preliminaries'",
       games=("karniffel",), forms=("Banner", "Pannier")),
)


class Karniffel(PriorityRuleset):
    """Thuringian Karniffel (1783): four or six players, two chosen suits."""

    id = "karniffel"
    TITLE = marked("Karniffel (Thuringia 1783)")
    procedure = KARNIFFEL_DEAL
    stakes = KARNIFFEL_STAKES
    DEAL_QUESTIONS = KARNIFFEL_DEAL_QUESTIONS
    SCORING_QUESTIONS = KARNIFFEL_SCORING_QUESTIONS
    glossary_terms = KARNIFFEL_TERMS
    BRANCH = Branch.KARNIFFEL
    ROLE_EXAMPLE = RoleExample("SD", marked("Leaves and Bells, the example"), S002_CHOSEN)
    FOLLOW_SUIT = TableRule(marked("no"), S002_PLAY)
    PARTNER_TALK = TableRule(marked("the director sees his team's cards"), S002_PRELIM)
    pack_ranks: ClassVar[tuple[int, ...]] = (6, 7, 8, 9, 10, 11, 12, 13, 14)
    pack_source = "seed 002, 'Cards': " + marked("36 German-suited cards, Daus to Six")
    n_chosen = 2
    chosen_source = "seed 002, 'Preliminaries': " + marked("two turn-ups of different suits")
    max_table = 6
    #: Five cards each (seed 002, 'Preliminaries').
    hand_size = 5
    german = True
    permanent_cards = tuple(card for card, _, _ in BEASTS)
    rules_source = S002_PLAY
    top_word = RoleClass.BEAST

    OPTIONS = (
        Tie.option(
            "seed 002, 'Playing' (the text leaves it unclear; relatives use either rule)",
            marked("When two equal cards meet (two chosen Obers, say), which one wins?"),
        ),
        Option(
            name="chosen_plain_order",
            title=marked("Powerless chosen cards"),
            default="wieland",
            choices={
                "wieland": marked("within a chosen suit the powerless cards rank as Wieland "
                                  "lists them: "
                "8, 9, Daus, König, 10, 7"),
                "natural": marked("within a chosen suit the powerless cards rank naturally: "
                "Daus, König, 10, 9, 8, 7"),
            },
            question=marked("When a powerless chosen card (Daus, König, Ten) is led, which later "
                            "card "
            "of that suit is higher? Wieland's list ranks the chosen cards, but the non-led "
            "free cards and Seven have no power of their own."),
            source=S002_CHOSEN,
        ),
    )
    QUESTIONS = (
        ("beast_suits", marked("The suits of the beasts"),
         marked("The suit symbols of the three beasts are missing from the text."),
         marked("Leaves 8 (Tolle), Hearts 9 (red beast), Bells 9 (yellow beast), as Knüffeln's "
         "♠8, ♥9, ♦9."), S002_BEASTS),
        ("unselected_order", marked("The order of the unchosen suits"),
         marked("Wieland gives the chosen order for the unselected suits too, "
         "but says earlier it applies only to chosen suits."),
         marked("Unselected suits rank naturally: Daus, König, Ober, Unter, 10, 9, 8, 7, with the "
         "Six (missing from the text's list) last."), S002_UNSELECTED),
        ("beast_in_chosen_suit", marked("A beast in a chosen suit"),
         marked("Does a beast in a chosen suit stay a beast?"),
         marked("Yes, as an Ole does in Knüffeln; that suit then lacks a free card."),
         "rules/README.md, reading 3 (by analogy)"),
        ("stakes", marked("What a game is worth"), marked("What is a game worth?"),
         marked("The source says only that the winning team wins the stake."),
         "seed 002, 'Scoring'"),
    )

    # -- roles ----------------------------------------------------------------
    def _role(self, card: Card, chosen: tuple[str, ...]) -> Role:
        term: str | None  # the local term; None where the source gives none
        if card in _BEAST_RANK:
            i = [b[0] for b in BEASTS].index(card)
            _, term, name = BEASTS[i]
            note = None
            if card.suit in chosen:
                note = tr("{card} stays a beast although {suit} is chosen; that suit has no "
                          "free {rank}", card=card.german_symbol,
                          suit=self.chosen_text((card.suit,)), rank=card.rank)
            return Role(card, RoleClass.BEAST, tr(name), term,
                        tr("every card but a led chosen Seven") if i == 0
                        else tr("every card but a led chosen Seven and a higher beast"),
                        tr("cannot be taken") if i == 0 else tr("is taken only by a higher beast"),
                        S002_BEASTS, note=note, note_source=S002_BEASTS if note else None)
        r = card.rank
        if card.suit in chosen:
            term, marked_name = _NAMES[r]
            name = tr(marked_name)
            if r in CHOSEN_POWER:
                klass = RoleClass.BEATER
                taken = {12: marked("is taken only by a beast"),
                         11: marked("is taken only by a beast or a chosen Ober"),
                         6: marked("is taken only by a beast or a chosen Ober or Unter")}[r]
                beats = (tr("every card but a beast and a led chosen Seven") if r == 12 else
                         tr("every card below it but a led chosen Seven or free card"))
                return Role(card, klass, name, term, beats, tr(taken), S002_CHOSEN, chosen=True)
            if r == 7:
                return Role(card, RoleClass.SEVEN, name, term,
                            tr("nothing when not led; when led it wins the trick (not in the "
                               "first)"),
                            tr("cannot be beaten when led"), S002_PLAY, chosen=True)
            if r in (8, 9):
                return Role(card, RoleClass.FREE_CARD, name, term,
                            tr("nothing when not led; when led it wins unless a beast or a "
                               "chosen Ober is played"),
                            tr("is taken only by a beast or a chosen Ober when led; otherwise "
                               "it ranks as a card of its suit, in Wieland's order for chosen "
                               "suits"),
                            S002_PLAY, chosen=True)
            return Role(card, RoleClass.NO_POWER, name, term,
                        tr("only lower cards of its own suit, when its suit is led"),
                        tr("is taken by a beast, a chosen Ober, Unter or Six, or a higher card "
                           "of its own suit"), S002_CHOSEN, chosen=True)
        term = "Fauler Schlingel" if r == 12 else None
        return Role(card, RoleClass.UNCHOSEN_CARD, tr(_UNSELECTED[r]), term,
                    tr("lower cards of its own suit, when its suit is led")
                    if r != 6 else tr("nothing"),
                    tr("is taken by a beast, a chosen Ober, Unter or Six, or a higher card of "
                       "its own suit"), S002_UNSELECTED, name_first=True)

    # -- deciding ---------------------------------------------------------------
    def check_first_trick(self, cards: Sequence[Card], chosen: tuple[str, ...]) -> None:
        lead = cards[0]
        if lead.suit in chosen and lead.rank == 7:
            raise RulesError(tr("{card} is a chosen Seven: it may not be led to the first trick",
                                card=lead.german_symbol), source=S002_CHOSEN)

    def rank_in_trick(self, role: Role, position: int, led: Role, trick: Sequence[Role]) -> int:
        card = role.card
        if card in _BEAST_RANK:
            return _BEAST_RANK[card]
        if role.chosen:
            if position == 0 and card.rank == 7:
                return LED_SEVEN
            if position == 0 and role.klass == RoleClass.FREE_CARD:
                return LED_FREE
            if card.rank in CHOSEN_POWER:
                return CHOSEN_POWER[card.rank]
        if card.suit != led.card.suit:
            return 0
        if role.chosen:
            return PLAIN_ORDER[self.options["chosen_plain_order"]][card.rank]
        return NATURAL[card.rank]
