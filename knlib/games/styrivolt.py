"""Stýrivolt, the Faroese relative of Knüffeln, as reconstructed in
``shared/rules/styrivolt.md`` ([S] stated by Parlett, [A] our assumption): its rule set
(:class:`Styrivolt`, the chain rule of :mod:`.two_suits` with stickers, lambs and leaders),
its deal, its chalk-up, its options and its open questions.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import Card
from ..i18n import marked, tr
from ..sources import STY_CLASSES, STY_DEAL, STY_END, STY_TEXT
from .family import Branch, Option, Question, Role, RoleClass, RoleExample, TableRule, Tie
from .knueffeln import Bohmstedt
from .procedure import Procedure
from .stakes import Stakes
from .terms import Term
from .terms import glossary_term as _T
from .two_suits import (
    CHOSEN_NAME,
    P_ACE,
    P_FOUR,
    P_JACK,
    P_SIX,
    P_THREE,
    P_TWO,
    TAKERS_STICKER,
    UNLESS_STICKER,
    KnueffelnFamily,
)

__all__ = ["Styrivolt", "STYRIVOLT_TERMS"]


STYRIVOLT_DEAL = Procedure(
    game="styrivolt",
    players=(4,),
    players_source=f"{STY_DEAL} [S: Parlett]",
    cut=False,
    cut_source=f"{STY_DEAL}: " + marked("shuffled between deals but not cut [S: Parlett]"),
    packets=(3, 3, 3),
    deal_source=f"{STY_DEAL}: " + marked(
        "nine cards each, dealt in threes; twelve in the stock [S: Parlett]"),
    chosen_by="turn_ups",
    chosen_source=f"{STY_DEAL}: " + marked(
        "the Knüffeln procedure on the twelve-card stock [A]"),
    max_same_suit=4,
    target=5,
    target_source=f"{STY_DEAL}: " + marked(
        "the first side to win five of the nine tricks [S: Parlett]"),
    jann=True,
    jann_source=f"{STY_END}: " + marked(
        "the vol (first five tricks) may play on for all nine [S: Parlett]"),
    jann_word="vol",
    march_word="all nine",
    lone_crosses=True,
    play_source=f"{STY_DEAL}: " + marked(
        "play clockwise, no duty to follow suit [S: Parlett; A]"),
    drehen_source=f"{STY_END}: " + marked("no source reports a face-down lead [A]"),
)

STYRIVOLT_STAKES = Stakes(
    "styrivolt", "strokes", basic=1, turn=0, jann=2, march=3, lone_jann=3, lone_march=6,
    source=f"{STY_END}: " + marked(
        "game 1 stroke, vol 2, all nine 3; a vol by one partner alone a cross, all nine alone "
        "a double cross; a cross is three strokes [S: Parlett]"),
    keeper="chalk-up",
)

STYRIVOLT_DEAL_QUESTIONS: tuple[Question, ...] = (
    ("chosen_suits", marked("How the chosen suits are found"),
     marked("How are the two chosen suits found? Not in the accessible sources."),
     marked("The Knüffeln procedure on the twelve-card stock: turn until two suits show, at "
            "most "
     "four; four of one suit and the same dealer deals again."), f"{STY_DEAL} [A]"),
    ("first_lead", marked("Who leads first"),
     marked("Who leads first, and which way does the deal pass?"),
     marked("Forehand (left of dealer) leads; the deal passes to the left."),
     f"{STY_DEAL} [A]"),
    ("vol_decision", marked("Who decides to play on after a vol"),
     marked("Who decides to play on after a vol?"),
     marked("The winner of the fifth trick, with an explicit 'stop' or 'play on'."),
     f"{STY_END} [A]"),
)

STYRIVOLT_SCORING_QUESTIONS: tuple[Question, ...] = (
    ("lone_cross", marked("A vol made by one partner alone"),
     marked("What does 'a vol made by one partner alone earns a cross' mean in "
     "strokes?"),
     marked("A cross is three strokes, so a lone vol scores 3 strokes and a lone all-nine "
            "(double "
     "cross) 6, instead of 2 and 3. 'Alone' means one player won all the side's tricks."),
     f"{STY_END} [A]"),
    ("failed_all_nine", marked("A failed attempt at all nine"),
     marked("A side that plays on after a vol and fails pays 'the deal "
                               "plus a "
     "penalty' of unknown size."),
     marked("The opponents score what all nine would have won: 3 strokes."), f"{STY_END} [A]"),
    ("cross_or_rub_out", marked("A cross, or rubbing one out"),
     marked("When a side's bars are gone it draws a cross 'or rubs out "
                                "one of "
     "the opponents' crosses': which?"),
     marked("It rubs out one of the opponents' crosses if they have any, otherwise it draws "
            "its "
     "own; then both sides' bars are redrawn and extra strokes carry over."),
     f"{STY_END} [A]"),
    ("stock_taking", marked("Taking the stock"),
     marked("A rule about taking the stock exists (an illegal taking costs a "
     "cross), but its conditions are unknown."),
     marked("Not modelled: the stock is never taken."), f"{STY_END} [S: Parlett; conditions "
     "unknown]"),
)


#: Stýrivolt's glossary terms (styrivolt.md) (:attr:`Styrivolt.glossary_terms`).
STYRIVOLT_TERMS: tuple[Term, ...] = (
    _T("stickers", marked("In Stýrivolt, the top cards: five permanent ones (the Knüffeln Olen) "
                          "and "
       "the chosen Aces and Jacks."), ("de fief Olen", "styrivolt", "karnifl"),
       f"{STY_TEXT}, 'Card classes'", games=("styrivolt",), forms=("stickers", "stikkar"),
       german="Stikkar"),
    _T("lambs",
       marked("In Stýrivolt, the chosen Sevens: unbeatable when led, worthless otherwise."),
       ("stickers",), f"{STY_TEXT}, 'Card classes'", games=("styrivolt",), forms=("lambs",),
       german="Lämmer"),
    _T("leaders", marked("In Stýrivolt, the chosen cards that only count when led (9, 8, K, Q, 5); "
       "Knüffeln's cards worth leading are its Ausspieler."),
       ("Ausspieler", "lambs"), f"{STY_TEXT}, 'Card classes'",
       games=("styrivolt",), forms=("leaders",), german="Ausspieler"),
    _T("vol", marked("In Stýrivolt, taking the first five tricks straight off ('keeping in'); the "
       "side may then play on for all nine."), ("Jann", "chalk-up"),
       f"{STY_TEXT}, 'End of a deal and scoring'", games=("styrivolt",),
       forms=("vol", "keeping in")),
    _T("chalk-up", marked("Stýrivolt's scoring slate: a line with three bars on each side, rubbed "
                          "out "
       "one per stroke won; a side with no bars left draws a cross."),
       ("Ledder, Leiter", "vol"), f"{STY_TEXT}, 'End of a deal and scoring'",
       games=("styrivolt",), forms=("chalk-up",), german="Tafel"),
    _T("karnifl",
       marked("In Stýrivolt, the chosen Jack, a sticker; the word comes from Karnöffel."),
       ("Karnöffel", "stickers", "styrivolt"), f"{STY_TEXT}, 'History' and 'Card classes'",
       games=("styrivolt",), forms=("karnifl", "karniffil")),
    _T("pavstur", marked("In Stýrivolt, the chosen Six, the highest beater; from 'pope', now "
                         "called "
       "'postman'."), ("Paap, Paas, Pape", "Papst"), f"{STY_TEXT}, 'History' and 'Card classes'",
       games=("styrivolt",), forms=("pavstur", "pavstar")),
    _T("styrivolt", marked("In Stýrivolt, the chosen Ace, the highest chosen sticker; also the "
                           "name "
       "of the game."), ("stickers", "karnifl"), f"{STY_TEXT}, 'Card classes'",
       games=("styrivolt",), forms=("styrivolt", "styrivolts", "Stýrivolt")),
)


class Styrivolt(KnueffelnFamily):
    """Stýrivolt as reconstructed in shared/rules/styrivolt.md ([S] stated, [A] assumed)."""

    id = "styrivolt"
    TITLE = marked("Stýrivolt")
    pack_ranks = (2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14)
    pack_source = "styrivolt.md, 'Players, pack, deal': " + marked("48 cards, no Tens [S: Parlett]")
    low_rank = 5
    #: Nine cards each, dealt in threes (styrivolt.md, 'Players, pack, deal' [S: Parlett]).
    hand_size = 9
    free_threshold = P_SIX
    top_word = RoleClass.STICKER
    lowest_top_power = P_JACK
    chosen_source = "styrivolt.md, 'Players, pack, deal': " + marked(
        "two chosen suits [A: as in Knüffeln]")
    unchosen_source = STY_CLASSES
    rules_source = STY_CLASSES

    OPTIONS = (
        Tie.option(
            "styrivolt.md, 'Card classes' [A, as in Alkort]",
            marked("Of two equal chosen Aces (or Jacks, or beaters), which one is ahead?"),
        ),
        Option(
            name="beater_thresholds",
            title=marked("What each beater takes"),
            default="knueffeln",
            choices={
                "knueffeln": marked("as in Knüffeln: a led Ace needs the 6, a King the 2, a "
                                    "Queen the 3, "
                "a Jack or lower any beater; a led 9 or 8 needs a sticker or the 6"),
                "any_beater": marked("any sticker or beater takes any led leader or unchosen card"),
            },
            question=marked("Which beaters take a led leader or unchosen card? Only the order of "
                            "the "
            "beaters is stated; the thresholds are an analogy with Knüffeln."),
            source="styrivolt.md, 'Card classes' [A, by analogy with Knüffeln and the "
            "Wikipedia order A J 6 8/9 2 3 4 K Q 5]",
        ),
    )
    QUESTIONS = (
        ("chain_rule", marked("The chain rule"),
         marked("Is each card compared with the card ahead, as in Knüffeln?"),
         marked("Yes: the Knüffeln chain rule."), "styrivolt.md, 'Card classes' [A]"),
        ("ole_in_chosen_suit", marked("An Ole in a chosen suit"),
         marked("Does a permanent sticker in a chosen suit stay a sticker?"),
         marked("Yes; its suit then lacks that card."),
         "styrivolt.md, 'Card classes', Overlaps [A]"),
        ("follow_suit", marked("Following suit"), marked("Must players follow suit?"),
         marked("No, as in every documented relative."), "styrivolt.md, 'Players, pack, deal' [A]"),
    )

    procedure = STYRIVOLT_DEAL
    stakes = STYRIVOLT_STAKES
    DEAL_QUESTIONS = STYRIVOLT_DEAL_QUESTIONS
    SCORING_QUESTIONS = STYRIVOLT_SCORING_QUESTIONS
    BRANCH = Branch.STYRIVOLT
    ROLE_EXAMPLE = RoleExample("HS", marked("Knüffeln"), like=Bohmstedt.id)
    #: Not stated: assumed as in every documented relative (the open question above).
    FOLLOW_SUIT = TableRule(marked("no (our assumption)"), STY_DEAL + " [A]")
    #: The digest says nothing of talk between partners.
    PARTNER_TALK = TableRule(marked("not known"), STY_TEXT)
    glossary_terms = STYRIVOLT_TERMS

    TAKERS = TAKERS_STICKER
    UNLESS = UNLESS_STICKER

    def _beater_table(self) -> dict[int, tuple[int, str | None, str, str]]:
        top = tr("every lower card but a led lamb")
        return {
            14: (P_ACE, "styrivolt", tr("chosen Ace, a sticker"), top),
            11: (P_JACK, "karnifl", tr("chosen Jack, a sticker"), top),
            6: (P_SIX, "pavstur", tr("chosen Six, the 'postman'"),
                tr("lower beaters, every leader and every unchosen card")),
            2: (P_TWO, None, tr(CHOSEN_NAME[2]), tr(
                "lower beaters, led Kings, Queens and Fives, and unchosen cards below the Ace")),
            3: (P_THREE, None, tr(CHOSEN_NAME[3]), tr(
                "the chosen Four, led Queens and Fives, and unchosen cards below the King")),
            4: (P_FOUR, None, tr(CHOSEN_NAME[4]),
                tr("led Fives and unchosen cards below the Queen")),
        }

    def _chosen_role(self, card: Card, chosen: tuple[str, ...]) -> Role:
        role = super()._chosen_role(card, chosen)
        r = card.rank
        if r == 7:
            return replace(role, klass=RoleClass.LAMB, term=tr("lamb"), source=STY_CLASSES)
        if role.klass in (RoleClass.FREE_CARD, RoleClass.NO_POWER):
            threshold = self._leader_threshold(role.threshold)
            return replace(role, klass=RoleClass.LEADER, term=None, source=STY_CLASSES,
                           name=tr("{name}, a leader", name=role.name),
                           beats=tr("nothing when not led; {unless}",
                                    unless=self.unless_phrase(threshold)),
                           threshold=threshold,
                           taken_by=self.taken_by(threshold, 0, False, r))
        return replace(role, klass=RoleClass.STICKER if r in (11, 14) else RoleClass.BEATER,
                       source=STY_CLASSES)

    def _ole_beats(self, lower: list[str]) -> str:
        if lower:
            return tr("every lower sticker ({cards}) and every other card, but not a led lamb",
                      cards=", ".join(lower))
        return tr("every other card, but not a led lamb")

    def _ole_role(self, card: Card, chosen: tuple[str, ...]) -> Role:
        return replace(super()._ole_role(card, chosen), source=STY_CLASSES)

    def _unchosen_role(self, card: Card) -> Role:
        role = super()._unchosen_role(card)
        threshold = self._leader_threshold(role.threshold)
        return replace(role, term=None, threshold=threshold,
                       taken_by=self.taken_by(threshold, 0, True, card.rank))

    def _leader_threshold(self, threshold: int) -> int:
        return P_FOUR if self.options["beater_thresholds"] == "any_beater" else threshold
