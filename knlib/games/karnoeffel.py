"""Karnöffel with one chosen suit: seed 003 (Overby & Sanders 2001) and seed 004 (2024).

Both use 48 cards without Aces and one chosen suit ("trumps"), found from the
lowest face-up card of the deal.

* ``karnoeffel`` (seed 003): the highest card of the led suit wins, unless a
  chosen card with power is played; the Karnöffel (chosen Jack) beats all, the
  Devil (chosen Seven) beats all but the Karnöffel when led, then Pope (6) and
  Kaiser (2); the Oberstecher (3) does not beat a King, the Unterstecher (4) a
  King or Queen, the Farbenstecher (5) a King, Queen or Jack.
* ``karnoeffel-2024`` (seed 004): one total ranking, whatever the suits.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ..cards import Card
from ..errors import RulesError
from ..i18n import marked, ntr, tr
from ..sources import (
    README_003,
    README_004,
    S003_DEAL,
    S003_PLAY,
    S003_TEXT,
    S004_EXAMPLE,
    S004_TEXT,
)
from ..sources import (
    S003_TRUMP as S003,
)
from ..sources import (
    S004_HOW as S004,
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
from .procedure import Procedure
from .stakes import Stakes
from .terms import Term
from .terms import glossary_term as _T
from .two_suits import CHOSEN_NAME, UNCHOSEN_NAME

__all__ = ["Karnoeffel", "Karnoffel2024", "KARNOEFFEL_TERMS"]


_RANK_WORD = {2: marked("Two"), 3: marked("Three"), 4: marked("Four"), 5: marked("Five"),
              6: marked("Six"), 7: marked("Seven"), 8: marked("Eight"), 9: marked("Nine"),
              10: marked("Ten"), 11: marked("Jack"), 12: marked("Queen"), 13: marked("King")}
_PLAIN = {2: marked("plain Two"), 3: marked("plain Three"), 4: marked("plain Four"),
          5: marked("plain Five"), 6: marked("plain Six"), 7: marked("plain Seven"),
          8: marked("plain Eight"), 9: marked("plain Nine"), 10: marked("plain Ten")}
#: The terms of Karnöffel's chosen cards that have words in German (the others are German).
_TERMS = {"Devil": marked("Devil"), "Pope": marked("Pope"), "Matriarch": marked("Matriarch"),
          "Emperor": marked("Emperor"), "Knight": marked("Knight")}


def _term(term: str | None) -> str | None:
    return tr(_TERMS[term]) if term in _TERMS else term
PACK = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)


KARNOEFFEL_DEAL = Procedure(
    game="karnoeffel",
    players=(4,),
    players_source=f"{S003_DEAL}: " + marked("four players as partners"),
    cut=False,
    cut_source=f"{S003_DEAL}: " + marked("no cut is mentioned"),
    packets=(1, 1, 1, 1, 1),
    deal_source=f"{S003_DEAL}: " + marked(
        "five cards to each player, one at a time, the first face up"),
    chosen_by="face_up",
    chosen_source=f"{S003_DEAL}: " + marked(
        "the lowest face-up card, the first dealt on a tie"),
    target=3,
    target_source=f"{S003_PLAY}: " + marked("a majority of the five tricks"),
    first_trick="no_seven_lead",
    first_trick_source=f"{S003}: " + marked(
        "the Devil cannot be led to the first trick"),
    play_source=f"{S003_PLAY}: " + marked(
        "each other player in clockwise order plays any card"),
    drehen_source=f"{S003_PLAY}: " + marked("no face-down lead is described"),
)

KARNOEFFEL_STAKES = Stakes(
    "karnoeffel", "points", basic=1, turn=0, jann=None, march=None,
    source=f"{S003_PLAY}: " + marked(
        "the team with the majority of tricks wins the round (no stake given: 1 point)"),
    keeper="points",
)

KARNOEFFEL_DEAL_QUESTIONS: tuple[Question, ...] = (
    ("karnoeffel_end", marked("Playing on after three tricks"),
     marked("Seed 003 continues 'until all cards have been played'; is the "
                              "deal "
     "over at three tricks?"),
     marked("The deal ends at three tricks: with no bonus for more, the result is the same."),
     S003_PLAY),
    ("karnoeffel_cut", marked("Whether the pack is cut"),
     marked("Is the pack cut?"), marked("No cut: the source mentions none."),
     "seed 003, 'Deal'"),
)

KARNOEFFEL_SCORING_QUESTIONS: tuple[Question, ...] = (
    ("stake_size", marked("The size of the stake"),
     marked("What is a deal worth?"), marked("1 point to each winner from one "
                                                           "loser."),
     S003_PLAY),
)

KARNOFFEL_2024_DEAL = Procedure(
    game="karnoeffel-2024",
    players=(2, 4),
    players_source=f"{S004}: " + marked("two players or two teams"),
    cut=False,
    cut_source=f"{S004}: " + marked("no cut is mentioned"),
    packets=(1, 1, 1, 1, 1),
    deal_source=f"{S004}: " + marked("five cards to each player, one face up"),
    chosen_by="face_up",
    chosen_source=f"{S004}: " + marked(
        "the lowest face-up card, the first dealt on a tie"),
    target=3,
    target_source=f"{S004}: " + marked("the first to win three tricks"),
    first_trick="no_seven",
    first_trick_source=f"{S004}: " + marked(
        "the Devil may not be played on the first trick") + "; rules/README.md, reading 8",
    play_source=f"{S004}: " + marked("each player plays one card per trick, clockwise"),
    drehen_source=f"{S004}: " + marked("no face-down lead is described"),
)

KARNOFFEL_2024_STAKES = Stakes(
    "karnoeffel-2024", "points", basic=1, turn=0, jann=None, march=None,
    source=f"{S004}: " + marked(
        "the first to win three tricks wins the game (no stake given: 1 point)"),
    keeper="points",
)

KARNOFFEL_2024_DEAL_QUESTIONS: tuple[Question, ...] = (
    ("karnoeffel_cut", marked("Whether the pack is cut"),
     marked("Is the pack cut?"), marked("No cut: the source mentions none."),
     "seed 004, 'How to Play'"),
    ("team_deal", marked("Seats and lead with two teams"),
     marked("With two teams, who sits where and who leads?"),
     marked("Partners sit opposite; cards are dealt one at a time from forehand, the dealer's "
     "left, who leads first."), "seed 004, 'How to Play'"),
)

KARNOFFEL_2024_SCORING_QUESTIONS: tuple[Question, ...] = (
    ("stake_size", marked("The size of the stake"),
     marked("What is a deal worth?"), marked("1 point to each winner from one "
                                                           "loser."),
     S004),
)


#: Karnöffel's glossary terms (seeds 003 and 004) (:attr:`Karnoeffel.glossary_terms`).
KARNOEFFEL_TERMS: tuple[Term, ...] = (
    _T("Devil", marked("In Karnöffel, the trump Seven: strong only when it is led, and never "
                       "allowed "
       "as the lead to the first trick."), ("Karnöffel",), f"{S003_TEXT}; {S004_TEXT}",
       games=("karnoeffel", "karnoeffel-2024"), forms=("Devil",), german="Teufel"),
    _T("Karnöffel", marked("The trump Jack of Karnöffel, the card nothing beats; also the name of "
       "the game, ancestor of Knüffeln."), ("Oberkarniffel", "karnifl"),
       f"{S003_TEXT}; {S004_TEXT}",
       games=("karnoeffel", "karnoeffel-2024"), forms=("Karnöffel", "Karnoffel")),
    _T("Oberstecher", marked("In Karnöffel, the trump Three, which cannot take a King."),
       ("Unterstecher", "Farbenstecher"), f"{S003_TEXT}; {S004_TEXT}",
       games=("karnoeffel", "karnoeffel-2024"), forms=("Oberstecher",)),
    _T("Unterstecher", marked("In Karnöffel, the trump Four, which cannot take a King or Queen."),
       ("Oberstecher", "Farbenstecher"), f"{S003_TEXT}; {S004_TEXT}",
       games=("karnoeffel", "karnoeffel-2024"), forms=("Unterstecher",)),
    _T("Farbenstecher", marked("In Karnöffel, the trump Five, which cannot take a King, Queen or "
       "Jack."), ("Oberstecher", "Unterstecher"), S003_TEXT, games=("karnoeffel",),
       forms=("Farbenstecher",)),
)


class Karnoeffel(PriorityRuleset):
    """Karnöffel with one chosen suit, 48 cards without Aces (seed 003)."""

    id = "karnoeffel"
    TITLE = marked("Karnöffel (one chosen suit)")
    rules_source = S003_PLAY
    procedure = KARNOEFFEL_DEAL
    stakes = KARNOEFFEL_STAKES
    DEAL_QUESTIONS = KARNOEFFEL_DEAL_QUESTIONS
    SCORING_QUESTIONS = KARNOEFFEL_SCORING_QUESTIONS
    glossary_terms = KARNOEFFEL_TERMS
    BRANCH = Branch.KARNOEFFEL
    ROLE_EXAMPLE = RoleExample("H", marked("the 2024 single ranking"), like="karnoeffel-2024")
    FOLLOW_SUIT = TableRule(marked("no"), S003_PLAY)
    PARTNER_TALK = TableRule(marked("unlimited table talk"), S003_PLAY)
    pack_ranks = PACK
    pack_source = "seed 003, first paragraph: " + marked("48 cards, no Aces")
    n_chosen = 1
    chosen_source = "seed 003, 'Deal': " + marked(
        "the lowest face-up card gives the one chosen suit")
    max_table = 4
    #: Five cards each (seed 003, 'Deal').
    hand_size = 5

    #: Chosen cards with power: rank -> (place in the winner order, term, English name).
    POWERS: ClassVar[dict[int, tuple[int, str, str]]] = {
        11: (1000, "Karnöffel", CHOSEN_NAME[11]),
        7: (900, "Devil", CHOSEN_NAME[7]),
        6: (800, "Pope", CHOSEN_NAME[6]),
        2: (700, "Kaiser", CHOSEN_NAME[2]),
        3: (125, "Oberstecher", CHOSEN_NAME[3]),
        4: (115, "Unterstecher", CHOSEN_NAME[4]),
        5: (105, "Farbenstecher", CHOSEN_NAME[5]),
    }
    #: The stechers and the ranks they do not beat (seed 003).
    BLOCKERS: ClassVar[dict[int, tuple[int, ...]]] = {3: (13,), 4: (13, 12), 5: (13, 12, 11)}

    OPTIONS = (
        Option(
            name="stecher_blocked_by",
            title=marked("“Doesn't beat a King”"),
            default="led_suit",
            choices={
                "led_suit": marked("the 3 (4, 5) does not beat the King (Queen, Jack) of the led "
                                   "suit, "
                "the card that would otherwise win"),
                "any_suit": marked("the 3 (4, 5) loses its power if any King (Queen, Jack) of "
                                   "any suit "
                "is in the trick"),
            },
            question=marked("'Doesn't beat a King': only the King of the led suit, or any King?"),
            source=f"{S003}; {README_003}",
        ),
    )
    QUESTIONS = (
        ("powerless_chosen", marked("Chosen cards without power"),
         marked("Do the chosen King, Queen, 10, 9 and 8 have any power?"),
         marked("No: they count as ordinary cards of their suit."), README_003),
        ("devil_not_led", marked("A Devil that is not led"),
         marked("What is a Devil that is not led?"),
         marked("An ordinary Seven of its suit."), README_003),
        ("scoring", marked("What a deal is worth"), marked("What is a deal worth?"),
         marked("The source gives no stakes: one game point to the side with three tricks."),
         S003_PLAY),
    )

    def _role(self, card: Card, chosen: tuple[str, ...]) -> Role:
        r = card.rank
        if card.suit in chosen and r in self.POWERS:
            _, term, name = self.POWERS[r]
            return Role(card, RoleClass.DEVIL if r == 7 else RoleClass.STECHER, tr(name),
                        _term(term), self._beats_text(r), self._taken_text(r), S003, chosen=True)
        if card.suit in chosen:
            return Role(card, RoleClass.NO_POWER, tr(CHOSEN_NAME[r]), None,
                        tr("lower cards of its own suit, as an ordinary card"),
                        tr("is taken by a higher card of its suit or a chosen card with power"),
                        README_003, chosen=True)
        return Role(card, RoleClass.PLAIN, tr(_RANK_WORD[r] if r > 10 else _PLAIN[r]), None,
                    tr("lower cards of its own suit, when its suit is led"),
                    tr("is taken by a higher card of its suit or a chosen card with power"),
                    S003_PLAY)

    def _beats_text(self, r: int) -> str:
        return tr({
            11: marked("every other card"),
            7: marked("every card but the Karnöffel, when led (never led to the first trick); "
                      "otherwise it is an ordinary Seven"),
            6: marked("every card but the Karnöffel and a led Devil"),
            2: marked("every card but the Karnöffel, a led Devil and the Pope"),
            3: marked("every card but a King and the higher chosen cards"),
            4: marked("every card but a King or Queen and the higher chosen cards"),
            5: marked("every card but a King, Queen or Jack and the higher chosen cards"),
        }[r])

    def _taken_text(self, r: int) -> str:
        return tr({
            11: marked("cannot be taken"),
            7: marked("is taken only by the Karnöffel when led"),
            6: marked("is taken only by the Karnöffel (or a led Devil)"),
            2: marked("is taken only by the Karnöffel or the Pope (or a led Devil)"),
            3: marked("is taken by a higher chosen card or by a King"),
            4: marked("is taken by a higher chosen card or by a King or Queen"),
            5: marked("is taken by a higher chosen card or by a King, Queen or Jack"),
        }[r])

    def check_first_trick(self, cards: Sequence[Card], chosen: tuple[str, ...]) -> None:
        lead = cards[0]
        if lead.suit in chosen and lead.rank == 7:
            raise RulesError(tr("{card} is the Devil: it may not be led to the first trick",
                                card=lead.symbol), source=S003)

    @property
    def rank_depends_on_trick(self) -> bool:  # type: ignore[override]
        return self.options["stecher_blocked_by"] == "any_suit"

    def _blocker(self, role: Role, trick: Sequence[Role]) -> Card | None:
        """Under ``stecher_blocked_by="any_suit"``, the King (Queen, Jack) in the trick that
        takes the power of a chosen 3 (4, 5) away (seed 003, 'The «Trump» Suit')."""
        r = role.card.rank
        if not (role.chosen and r in self.BLOCKERS
                and self.options["stecher_blocked_by"] == "any_suit"):
            return None
        return next((t.card for t in trick if t.card.rank in self.BLOCKERS[r]), None)

    def rank_in_trick(self, role: Role, position: int, led: Role, trick: Sequence[Role]) -> int:
        card = role.card
        r = card.rank
        if (role.chosen and r in self.POWERS and not (r == 7 and position != 0)
                and self._blocker(role, trick) is None):
            return self.POWERS[r][0]
        return r * 10 if card.suit == led.card.suit else 0

    def standing(self, role: Role, position: int, trick: Sequence[Role]) -> str | None:
        """A Devil not led is an ordinary Seven (rules/README.md, reading 7); a blocked
        stecher an ordinary card (seed 003, 'The «Trump» Suit', option any_suit)."""
        card = role.card
        if role.chosen and card.rank == 7 and position != 0:
            return tr("not led, {card} is an ordinary Seven", card=card.symbol)  # README_003
        blocker = self._blocker(role, trick)
        if blocker is not None:  # S003, option stecher_blocked_by='any_suit'
            return tr("{card} has lost its power to {blocker} and counts as an ordinary {rank}",
                      card=card.symbol, blocker=blocker.symbol, rank=tr(_RANK_WORD[card.rank]))

        return None


class Karnoffel2024(PriorityRuleset):
    """The single-ranking Karnoffel of seed 004, for 2 players or 2 teams."""

    id = "karnoeffel-2024"
    TITLE = marked("Karnoffel (2024 single ranking)")
    rules_source = S004
    procedure = KARNOFFEL_2024_DEAL
    stakes = KARNOFFEL_2024_STAKES
    DEAL_QUESTIONS = KARNOFFEL_2024_DEAL_QUESTIONS
    SCORING_QUESTIONS = KARNOFFEL_2024_SCORING_QUESTIONS
    BRANCH = Branch.KARNOEFFEL
    #: The example game's cups (the blog's suits are the minor arcana's).
    ROLE_EXAMPLE = RoleExample("H", marked("cups, read as hearts, in the example"), S004_EXAMPLE)
    #: The rules put no limit on the card played ('How to Play').
    FOLLOW_SUIT = TableRule(marked("no (our assumption)"), S004)
    #: The blog says nothing of talk between partners.
    PARTNER_TALK = TableRule(marked("not known"), S004_TEXT)
    pack_ranks = PACK
    pack_source = "seed 004, 'How to Play': " + marked("a standard pack without Aces and Jokers")
    n_chosen = 1
    chosen_source = "seed 004, 'How to Play': " + marked(
        "the lowest face-up card gives the trump suit")
    max_table = 4
    #: Five cards each (seed 004, 'How to Play').
    hand_size = 5

    #: seed 004's ranking, highest first: (chosen?, rank, term, English name).
    RANKING: ClassVar[tuple[tuple[bool | None, int, str | None, str], ...]] = (
        (True, 11, "Karnoffel", CHOSEN_NAME[11]),
        (True, 7, "Devil", marked("chosen Seven, led")),
        (True, 6, "Matriarch", marked("chosen Six, the Pope")),
        (True, 2, "Emperor", CHOSEN_NAME[2]),
        (None, 13, None, _RANK_WORD[13]),
        (True, 3, "Oberstecher", CHOSEN_NAME[3]),
        (None, 12, None, _RANK_WORD[12]),
        (True, 4, "Unterstecher", marked("chosen Four, the Duke")),
        (False, 11, None, UNCHOSEN_NAME[11]),
        (True, 5, "Knight", CHOSEN_NAME[5]),
        (None, 10, None, _RANK_WORD[10]),
        (None, 9, None, _RANK_WORD[9]),
        (None, 8, None, _RANK_WORD[8]),
        (False, 7, None, UNCHOSEN_NAME[7]),
        (False, 6, None, UNCHOSEN_NAME[6]),
        (False, 5, None, UNCHOSEN_NAME[5]),
        (False, 4, None, UNCHOSEN_NAME[4]),
        (False, 3, None, UNCHOSEN_NAME[3]),
        (False, 2, None, UNCHOSEN_NAME[2]),
    )
    DEVIL_NOT_LED = 1

    OPTIONS = (
        Tie.option(
            f"{S004}; {README_004}",
            marked("Two Kings (Queens, Tens, ...) of different suits are equal in the ranking: "
            "which one wins? The source does not say."),
            led_suit=True,
        ),
    )
    QUESTIONS = (
        ("devil_first_trick", marked("The Devil in the first trick"),
         marked("The Devil 'may not be played on the first trick', yet the "
                                     "list "
         "ranks it lowest 'when played on the first trick'."),
         marked("It may not be played in the first trick at all; when not led it ranks lowest."),
         README_004),
        ("chosen_suit_tie", marked("A tie for the chosen suit"),
         marked("Two face-up cards of the same lowest number give the chosen "
                                   "suit "
         "how?"), marked("The card dealt first decides."), f"{S004}; {README_004}"),
    )

    #: Each (chosen?, rank) of RANKING with its place, highest first (set in __post_init__).
    _place: dict[tuple[bool | None, int], int]

    def __post_init__(self) -> None:
        super().__post_init__()
        n = len(self.RANKING)
        place = {(chosen, rank): 100 * (n - i) for i, (chosen, rank, _, _)
                 in enumerate(self.RANKING)}
        object.__setattr__(self, "_place", place)  # a rule set is frozen (base.Ruleset)

    def _entry(self, card: Card, chosen: tuple[str, ...]) -> tuple[int, str | None, str]:
        is_chosen = card.suit in chosen
        for i, (c, rank, term, name) in enumerate(self.RANKING):
            if rank == card.rank and (c is None or c == is_chosen):
                return i, term, name
        raise AssertionError(card)  # every card of the pack is in the ranking

    def _role(self, card: Card, chosen: tuple[str, ...]) -> Role:
        i, term, name = self._entry(card, chosen)
        is_chosen = card.suit in chosen
        if is_chosen and card.rank == 7:
            return Role(card, RoleClass.DEVIL, tr(CHOSEN_NAME[7]), _term("Devil"),
                        tr("every card but the Karnoffel, when led; otherwise it loses to every "
                           "card; never played in the first trick"),
                        tr("is taken only by the Karnoffel when led"), S004, chosen=True)
        higher = [_term(t) or tr(n) for _, _, t, n in self.RANKING[:i]
                  if n != "chosen Seven, led"]
        if not higher:
            taken = tr("cannot be taken")
        elif len(higher) > 3:
            taken = tr("is taken by a higher card in the ranking: {cards} or higher",
                       cards=", ".join(higher[-3:]))
        else:
            taken = tr("is taken by a higher card in the ranking: {cards}",
                       cards=", ".join(higher))
        klass = (RoleClass.CHOSEN_CARD if term else
                 RoleClass.COURT if card.rank > 10 else RoleClass.PLAIN)
        lower = len(self.RANKING) - i - 1
        shown = tr(CHOSEN_NAME[card.rank]) if is_chosen and not term else tr(name)
        return Role(card, klass, shown, _term(term),
                    (ntr("the {n} rank below it in the single ranking",
                         "the {n} ranks below it in the single ranking", lower)
                     if lower else tr("nothing")),
                    taken, S004, chosen=is_chosen)

    def check_first_trick(self, cards: Sequence[Card], chosen: tuple[str, ...]) -> None:
        for card in cards:
            if card.suit in chosen and card.rank == 7:
                raise RulesError(tr(
                    "{card} is the Devil: it may not be played in the first trick",
                    card=card.symbol), source=f"{S004}; {README_004}")

    def rank_in_trick(self, role: Role, position: int, led: Role, trick: Sequence[Role]) -> int:
        card = role.card
        if role.chosen and card.rank == 7:
            return self._place[(True, 7)] if position == 0 else self.DEVIL_NOT_LED
        key = (role.chosen, card.rank)
        return self._place.get(key) or self._place[(None, card.rank)]
