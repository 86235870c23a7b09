"""Knüffeln, as played in Bohmstedt today, in Hattstedt, by Bernhard (1924) and by
Grünberg (1938): each variant's rule set (:class:`Bohmstedt`, :class:`Hattstedt`,
:class:`Bernhard1924`, :class:`Gruenberg1938`) with its deal procedure, its stakes, its
named options and its open questions.

The card tables and the chain rule they share with Stýrivolt are in :mod:`.two_suits`.
Sources: seed 000 (today's game, Hattstedt and the early 20th-century versions) and
seed 001 (Bernhard's game).
"""

from __future__ import annotations

from dataclasses import replace

from ..i18n import marked
from ..sources import (
    S000_DEAL,
    S000_DREHEN,
    S000_EARLY,
    S000_FIVE,
    S000_PLAY,
    S000_PLAYERS,
    S000_RANKING,
    S000_SCORING,
    S000_TALK,
    S001_BONUS,
    S001_EXCH,
    S001_PLAYING,
    S001_POWERS,
    S001_PRELIM,
    S001_RAISE,
    S001_SCORING,
    S001_TALK,
)
from ..sources import (
    S000_HATTSTEDT as S000_HATT,
)
from .family import Branch, Option, Question, RoleExample, TableRule
from .knueffeln_terms import KNUEFFELN_TERMS
from .procedure import Procedure
from .stakes import Stakes
from .two_suits import OLEN, KnueffelnFamily

__all__ = [
    "Bohmstedt",
    "Hattstedt",
    "Bernhard1924",
    "Gruenberg1938",
    "OLEN",
    "SLEEPING_QUEEN",
    "DREHEN_IN_MARCH",
    "BRILLE",
    "CUT_POINT",
    "KNUEFFELN_TERMS",
]


# -- named options -------------------------------------------------------------------------------

#: Today's exchange of an Ole for a Queen (read by :mod:`knlib.engine.exchanges`).
SLEEPING_QUEEN = Option(
    name="sleeping_queen",
    title=marked("When a Queen is “sleeping”"),
    default="not_held",
    choices={
        "not_held": marked("she sleeps whenever no player holds her: in the stock, or face up as a "
        "turn-up nobody took for a Ten; then the holder of the King may exchange"),
        "in_stock": marked("she sleeps only in the stock, as the words say; a Queen face up as a "
        "turn-up is awake, and nobody takes the Ole"),
    },
    question=marked("When is a Queen 'sleeping', so that the King inherits her right to an Ole? "
    "Seed 000 says the King inherits if no-one has the Queen because she is 'sleeping' in "
    "the stock. A Queen lying face up as a turn-up, not taken for a Ten, is held by no "
    "player, yet she is not in the stock. (A Queen given for an earlier Ole goes to the top "
    "of the stock, so she sleeps under either reading. For Bernhard's game, seed 001 "
    "defines sleeping as 'in the stock', and this book follows it there.)"),
    source=f"{S000_DEAL}; seed 001, 'Exchanging'",
)

#: Drehen while a side plays for the march, in the games with drehen (read by
#: :mod:`knlib.engine.game`).
DREHEN_IN_MARCH = Option(
    name="drehen_in_march",
    title=marked("Drehen during a march"),
    default="legal",
    choices={
        "legal": marked("a side playing for the march may lead face down as on any lead; if the "
        "opponents run, the march has failed, and they are paid what it would have won, with "
        "the face-down leads seen"),
        "forbidden": marked("no card may be led face down during a march"),
    },
    question=marked("May a side playing for a march lead face down? Seed 000 says a team 'would "
    "never' turn while attempting a march, as the opponents could then end the play by "
    "running, causing the march to fail: advice against a foolish move, not a rule that "
    "forbids it. The computer players never do it."),
    source="seed 000, 'Drehen und Sehen' and 'The Play'",
)

#: Bernhard's ladder: when the losers get a Brille (a :class:`~knlib.engine.scoring.Session`
#: option of the 1924 game, read by :class:`~knlib.engine.scoring.LadderSlate`).
BRILLE: Option = Option(
    name="brille",
    title=marked("Knüppel or Brille"),
    default="opponents_unscored",
    choices={
        "opponents_unscored": marked("a Brille when the winners erase their last rung "
                                     "while the losers have not yet erased any (seed "
                                     "001, 'Scoring')"),
        "all_at_once": marked("a Brille when the winners erase all four rungs in one "
                              "deal, e.g. a Jann and two drehen (seed 000, 'Early 20th "
                              "century versions')"),
    },
    question=marked("When do the losers of a ladder get a Brille (double loss) instead "
                    "of a Knüppel? The sources differ."),
    source=f"{S001_SCORING}; {S000_EARLY}",
)


# -- the deal ------------------------------------------------------------------------------------

#: Today's deal, which the other Knüffeln games vary field by field.
_TODAY = Procedure(
    game="knueffeln",
    players=(4,),
    players_source=S000_PLAYERS,
    cut=True,
    cut_source=f"{S000_DEAL}: " + marked("the player to dealer's right cuts"),
    packets=(3, 3, 3),
    deal_source=f"{S000_DEAL}: " + marked("9 cards to each player in 3 packets of 3"),
    chosen_by="turn_ups",
    chosen_source=f"{S000_DEAL}: " + marked(
        "turn two; if the same suit a third and, if necessary, a fourth"),
    max_same_suit=4,
    low_rank=10,
    low_word="Ten",
    low_source=f"{S000_DEAL}: " + marked(
        "a chosen Ten for that suit's turn-up (any turn-up of the first chosen suit when more "
        "than one was turned)"),
    bottom_olen=True,
    bottom_source=f"{S000_DEAL}: " + marked(
        "an Ole at the bottom of the stock for the Queen of its suit (the King if she sleeps), up "
        "to three Olen"),
    drehen="any",
    drehen_source=f"{S000_DREHEN}: " + marked("a team may turn whenever they are on lead"),
    target=5,
    target_source=f"{S000_PLAY}: " + marked("the first team to win 5 of the 9 tricks"),
    jann=True,
    jann_source=f"{S000_PLAY}: " + marked(
        "the first five tricks in a row are a Jann; leading to the sixth commits to the march"),
)

BOHMSTEDT_DEAL = replace(
    _TODAY,
    game="knueffeln",
    players=(4, 5),
    players_source=f"{S000_PLAYERS}; {S000_FIVE}",
    dealer_sits_out_at=5,
)

HATTSTEDT_DEAL = replace(
    _TODAY,
    game="knueffeln-hattstedt",
    drehen=None,
    drehen_source=f"{S000_HATT}: " + marked("there is no Drehen und Sehen"),
)

BERNHARD_DEAL = replace(
    _TODAY,
    game="knueffeln-1924",
    cut_source=f"{S000_DEAL}; {S001_PRELIM} (who cuts: see the open questions)",
    deal_source=f"{S001_PRELIM}: " + marked(
        "nine cards to each player, in three packets of three"),
    chosen_source=f"{S001_PRELIM}: " + marked(
        "turn until a different suit appears; four of one suit: redeal"),
    keep_highest=True,
    low_rank=5,
    low_word="dog",
    low_source=f"{S001_EXCH}: " + marked(
        "a dog (chosen Five) for the chosen upcard of its suit") + f"; {S000_EARLY}",
    bottom_olen=False,
    table_olen=True,
    table_source=f"{S001_PRELIM}: " + marked(
        "the cutter looks at the three lowest cards and places any Olen face up on the "
        "table") + f"; {S001_EXCH}: " + marked(
        "a chosen Queen (the King if she sleeps in the stock) may take one")
    + f"; {S000_EARLY}",
    ole_queen_chosen=True,
    queen_sleeps_in_stock=True,
    drehen="bernhard",
    drehen_source=f"{S000_EARLY}: " + marked(
        "only after the team has won two tricks, and again after four") + f"; {S001_RAISE}",
    target_source=f"{S001_PLAYING}: " + marked("the first team to make five tricks"),
    jann_source=f"{S001_BONUS}: " + marked(
        "a jann is the first five tricks in a row; a march all nine"),
)

GRUENBERG_DEAL = replace(
    _TODAY,
    game="knueffeln-1938",
    low_source=f"{S000_EARLY}: " + marked(
        "in Grünberg's version the Tens are exchanged, as in the modern game")
    + f"; {S000_DEAL}",
    # The cutter's Olen, like the ranked unchosen suits, are an early 20th-century
    # difference that names neither author (DEAL_QUESTIONS 'gruenberg_exchanges').
    bottom_olen=False,
    table_olen=True,
    table_source=f"{S000_EARLY}: " + marked(
        "the cutter places the bottom three cards face up; Olen among them for the Queens "
        "of the same suits (the Kings if the Queens are 'sleeping' in the stock)")
    + f"; {S001_PRELIM} (only the Olen lie face up)",
    queen_sleeps_in_stock=True,
)


# -- the stakes ----------------------------------------------------------------------------------

BOHMSTEDT_STAKES = Stakes(
    "knueffeln", "cents", basic=10, turn=10, jann=100, march=300,
    source=f"{S000_SCORING}: " + marked(
        "basic game 10 cents, each accepted drehen 10 cents, Jann 1 euro, Durchmarsch 3 "
        "euros; each loser pays one winner") + f"; {S000_DREHEN}: " + marked(
        "turns are added to a Jann or march") + f"; {S000_PLAY}: " + marked(
        "a failed march pays what it would have won"),
)

HATTSTEDT_STAKES = Stakes(
    "knueffeln-hattstedt", "cents", basic=10, turn=0, jann=20, march=40,
    source=f"{S000_HATT}: " + marked(
        "a Jann twice the basic game, a march (Durchspielen) four times; no drehen; the basic "
        "stake is not given (10 cents assumed, as in Bohmstedt)"),
)

BERNHARD_STAKES = Stakes(
    "knueffeln-1924", "rungs", basic=1, turn=1, jann=2, march=3,
    source=f"{S001_SCORING}: " + marked("single win one rung, Jann two, Durchmarsch three")
    + f"; {S000_EARLY}: " + marked("one extra rung for each accepted drehen"),
    keeper="ladder",
)

GRUENBERG_STAKES = Stakes(
    "knueffeln-1938", "Pf", basic=5, turn=1, jann=10, march=20,
    source=f"{S000_EARLY}: " + marked(
        "Grünberg's scale: 5 Pf a basic game, 1 Pf for each accepted drehen, 10 Pf a Jann, 20 "
        "Pf a march"),
)


# -- open questions of the deal and the scoring --------------------------------------------------

CUT_POINT: Question = ("cut_point", marked("Where the pack is cut"),
                       marked("Where is the pack cut?"),
            marked("At a random point, leaving at least one card in each part; a cut cannot "
                   "change the odds of a well-shuffled pack."), S000_DEAL)
_ORDER: Question = ("exchange_order", marked("The order of the exchanges"),
              marked("In what order are the exchanges made? Seed 000 describes the Olen from "
                     "the bottom of the stock first and the Ten exchanges second, but its "
                     "no-double-exchange rule (a Queen or King got for a Ten may not take an "
                     "Ole) only matters if the Tens go first."),
              marked("The Ten exchanges first, in turn from forehand (each holder's first "
                     "chosen suit first), then the Olen from the bottom of the stock."),
              S000_DEAL)
_JANN_WHO: Question = ("jann_decision", marked("Who decides to stop at a Jann"),
                 marked("Who decides whether a side with a Jann stops or plays on?"),
                 marked("The winner of the fifth trick, who is on lead: leading to the sixth "
                        "trick commits the side. The choice is an explicit 'stop' or 'play "
                        "on'."), S000_PLAY)
_ANSWER: Question = ("who_answers", marked("Who answers a face-down lead"),
               marked("Who sees or runs for the opponents when a card is led face down?"),
               marked("The next opponent in play order (the leader's left-hand opponent with "
                      "four players; the dealer when a defender leads in the five-player solo). "
                      "The face-up card is then played to by the next player as usual."),
               S000_DREHEN)
_FIVE_QS: tuple[Question, ...] = (
    ("five_dealer_when", marked("When the five-player dealer decides"),
     marked("When does the five-player dealer choose to play alone: before or after the Ten "
            "exchanges?"),
     marked("Right after the turn-ups, before any exchange; a solo dealer then exchanges a "
            "chosen Ten from the stock in turn, last."), S000_FIVE),
    ("five_partners", marked("Partners when the dealer sits out"),
     marked("When the dealer sits out, who partners whom?"),
     marked("The players opposite each other among the four: forehand with the third player "
            "from the dealer; forehand leads."), S000_FIVE),
    ("five_march_8", marked("A march with eight tricks"),
     marked("With an 8-card dealer's stock no 9th trick can be played. How many tricks make "
            "the opponents' march?"),
     marked("All the tricks that can be played: eight, as for the dealer."), S000_FIVE),
    ("five_drehen", marked("Drehen in the five-player game"),
     marked("May cards be led face down in the five-player game?"),
     marked("Yes: the payments are 'as usual ... plus 10 cents for each accepted turn'."),
     S000_FIVE),
)

BOHMSTEDT_DEAL_QUESTIONS: tuple[Question, ...] = (CUT_POINT, _ORDER, _JANN_WHO, _ANSWER) + _FIVE_QS

HATTSTEDT_DEAL_QUESTIONS: tuple[Question, ...] = (
    CUT_POINT, _ORDER, _JANN_WHO,
    ("hattstedt_deal", marked("The deal in Hattstedt"),
     marked("Does Hattstedt deal and exchange as Bohmstedt does?"),
     marked("Yes: seed 000 lists no difference there."), "seed 000, 'Modern Knüffeln'"),
)

BERNHARD_DEAL_QUESTIONS: tuple[Question, ...] = (
    CUT_POINT, _JANN_WHO, _ANSWER,
    ("cutter", marked("Who cuts"),
     marked("Who cuts? Seed 001 says 'rearhand (the player to the left)'; seed "
                      "000 has the player to the dealer's right cut in today's game."),
     marked("The player to the dealer's right (rearhand in its usual sense)."),
     "seed 001, 'Preliminaries'; seed 000, 'The Deal and Exchange'"),
    ("turn_up_kept", marked("Which turn-up stays up"),
     marked("Of several turn-ups of one suit 'the higher (or highest)' stays "
                            "up: higher by what order?"),
     marked("By natural rank, Ace high, Two low."),
     "seed 001, 'Preliminaries'"),
    ("table_ole_queen", marked("Which Queen may take a table Ole"),
     marked("Must the Queen that takes an Ole from the table be of a "
                               "chosen suit? Seed 001 says 'a chosen Queen'; seed 000 says "
                               "'the Queens of the same suits'."),
     marked("Yes, a chosen Queen (or King); Olen of unchosen suits stay on the table."),
     f"{S001_EXCH}; {S000_EARLY}"),
    ("dog_double_exchange", marked("A Queen or King got for a dog"),
     marked("May a Queen or King got for a dog take an Ole from the "
                                   "table?"),
     marked("No, as seed 000 rules for a Queen or King got for a Ten. The King inherits only "
            "when "
     "the Queen is 'sleeping' in the stock, as seed 001 defines it; a Queen face up on the "
     "table (a turn-up, or given for another table Ole) is not."), f"{S001_EXCH}; {S000_DEAL}"),
    ("bernhard_turns", marked("How often Bernhard's players may drehen"),
     marked("How often may a team lead face down in Bernhard's game?"),
     marked("The first time once it has won two tricks, a second time once it has won four: "
            "at most twice per team per deal."), S000_EARLY),
)

GRUENBERG_DEAL_QUESTIONS: tuple[Question, ...] = (
    CUT_POINT, _JANN_WHO, _ANSWER,
    ("gruenberg_exchanges", marked("Grünberg's exchanges"),
     marked("Did Grünberg's game have the cutter's bottom three cards? "
     "Seed 000 lists them among the early 20th-century differences, next to the ranked "
     "unchosen suits, and names neither Bernhard nor Grünberg for either (it names "
     "Bernhard for the Fives and for when to drehen, Grünberg for the Tens and for his "
     "scale of payments)."),
     marked("Yes, as for the unchosen suits, whose higher cards beat lower ones in 1938 too: "
     "the two differences that name no author are read alike. As in "
     "Bernhard's game the cutter looks at the bottom three cards and lays any Olen face "
     "up on the table, where the Queen of an Ole's suit may take it (any suit: seed 000 "
     "says 'the Queens of the same suits'; 'a chosen Queen' is Bernhard's), or the King "
     "if the Queen is 'sleeping' in the stock; a Queen given lies on the table. The Ten "
     "exchanges come first, and no Ole is taken from the bottom of the stock, as it is "
     "today."),
     f"{S000_EARLY}; rules/README.md, reading 5; seed 001, 'Preliminaries' and "
     "'Exchanging'"),
    ("gruenberg_drehen", marked("When Grünberg's players may drehen"),
     marked("When may Grünberg's players turn? Only Bernhard's "
                                "restriction is "
     "reported."), marked("On any lead, as today."), S000_EARLY),
)

_KN_SCORING = (
    ("failed_march_turns", marked("What a failed march pays"),
     marked("A failed march pays the opponents 'what they would have won for the march': are "
            "the face-down leads seen included?"),
     marked("Yes: the march value plus every face-down lead seen, paid to the opponents."),
     f"{S000_PLAY}; {S000_DREHEN}"),
    ("run_value", marked("What running pays"),
     marked("When the opponents run, what do they pay if the leaders had won every trick so "
            "far (on the way to a Jann)?"),
     marked("Only the value so far: the basic game plus the turns already accepted."),
     S000_DREHEN),
    ("who_pays_whom", marked("Who pays whom"),
     marked("Does each loser pay each winner, or one winner? 'Drehen und Sehen' says the cost "
            "is 'paid by each loser to each winner'; 'Scoring' says 'each member of the losing "
            "team pays one member of the winning team'."),
     marked("Each loser pays one winner ('Scoring'): every player of the losing side pays the "
            "deal's value once, and every winner receives it once."),
     f"{S000_SCORING}; {S000_DREHEN}"),
)

BOHMSTEDT_SCORING_QUESTIONS: tuple[Question, ...] = _KN_SCORING + (
    ("five_player_payments", marked("The dealer who sits out"),
     marked("In the five-player game, what does the dealer pay or receive when sitting "
            "out?"), marked("Nothing: the four others settle as two partnerships."),
     S000_FIVE),
)

HATTSTEDT_SCORING_QUESTIONS: tuple[Question, ...] = (
    ("basic_stake", marked("The basic stake in Hattstedt"),
     marked("What is the basic stake in Hattstedt? Only the ratios are given."),
     marked("10 cents, as in Bohmstedt: Jann 20 cents, march 40 cents."), S000_HATT),
    _KN_SCORING[0],
)

BERNHARD_SCORING_QUESTIONS: tuple[Question, ...] = (
    ("turn_value", marked("What a face-down lead is worth"),
     marked("Seed 001 says a card led face down 'effectively doubles' the "
                          "points; seed 000 says each accepted drehen erases one extra "
                          "rung."),
     marked("One extra rung per accepted drehen, for whichever side wins."),
     f"{S000_EARLY}; {S001_RAISE}"),
    ("march", marked("Bernhard's march"),
     marked("Did Bernhard's game have a march, and what was it worth on the slate? "
                     "Seed 001 gives three rungs under 'Scoring' but under 'Bonuses' says a "
                     "march belongs to 'most later rules' and earns 'a punch on the spot', "
                     "the ladder being redrawn."),
     marked("A march erases three rungs (plus turns); a failed march gives the opponents "
            "three."),
     f"{S001_SCORING}; {S001_BONUS}"),
    ("ladder_overflow", marked("Rungs beyond the top of the ladder"),
     marked("When a side erases more rungs than it has left, do the extra "
                               "rungs "
     "count on the next ladder?"),
     marked("No: the slate is wiped clean and both sides start again with four rungs."),
     f"{S001_SCORING}; {S000_EARLY}"),
    ("run_value", *_KN_SCORING[1][1:4], f"{S001_RAISE}: " + marked(
        "running concedes a point")),
)

GRUENBERG_SCORING_QUESTIONS: tuple[Question, ...] = _KN_SCORING


# -- the table's rules, which the engine leaves to the players -------------------------------------

#: No player need follow suit (seed 000, 'The Play': "there is no requirement to follow suit").
NO_FOLLOWING = TableRule(marked("no"), S000_PLAY)
#: Partners talk openly, but name no card (seed 000, 'Communication').
OPEN_TALK = TableRule(marked("open talk, but no card may be named"), S000_TALK)


# -- the rule sets -------------------------------------------------------------------------------


class Bohmstedt(KnueffelnFamily):
    """Knüffeln as played in Bohmstedt today (seed 000, the main rules)."""

    id = "knueffeln"
    TITLE = marked("Knüffeln (Bohmstedt)")
    VERSION_NAME = marked("Bohmstedt (today)")
    pack_ranks = (2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14)
    pack_source = "seed 000, 'The Cards and their Ranking': " + marked("48 cards, no Fives")
    #: Five in the five-player game when the dealer plays alone (seed 000, 'Five-Player Knüffeln').
    max_table = 5
    unchosen_order = "ace_only"
    unchosen_source = S000_RANKING
    OPTIONS = (*KnueffelnFamily.OPTIONS, SLEEPING_QUEEN, DREHEN_IN_MARCH)
    procedure = BOHMSTEDT_DEAL
    stakes = BOHMSTEDT_STAKES
    DEAL_QUESTIONS = BOHMSTEDT_DEAL_QUESTIONS
    SCORING_QUESTIONS = BOHMSTEDT_SCORING_QUESTIONS
    table_talk = True
    glossary_terms = KNUEFFELN_TERMS
    BRANCH = Branch.KNUEFFELN
    ROLE_EXAMPLE = RoleExample("HS", marked("the example trick"), S000_PLAY)
    FOLLOW_SUIT = NO_FOLLOWING
    PARTNER_TALK = OPEN_TALK


class Hattstedt(KnueffelnFamily):
    """The Hattstedt rules: unchosen suits rank A K Q J 10 9 8 7 6 4 3 2 (seed 000)."""

    id = "knueffeln-hattstedt"
    TITLE = marked("Knüffeln (Hattstedt)")
    VERSION_NAME = marked("Hattstedt (today)")
    pack_ranks = Bohmstedt.pack_ranks
    pack_source = "seed 000, 'Modern Knüffeln (Hattstedt variant)': " + marked(
        "48 cards, no Fives")
    OPTIONS = (*KnueffelnFamily.OPTIONS, SLEEPING_QUEEN)
    procedure = HATTSTEDT_DEAL
    stakes = HATTSTEDT_STAKES
    #: The Hattstedt rules give a Jann and a march as multiples of the basic game, and no
    #: basic stake (seed 000, 'Modern Knüffeln (Hattstedt variant)').
    stakes_in_multiples = True
    DEAL_QUESTIONS = HATTSTEDT_DEAL_QUESTIONS
    SCORING_QUESTIONS = HATTSTEDT_SCORING_QUESTIONS
    table_talk = True
    BRANCH = Branch.KNUEFFELN
    ROLE_EXAMPLE = RoleExample("HS", marked("Bohmstedt"), like=Bohmstedt.id)
    FOLLOW_SUIT = NO_FOLLOWING
    PARTNER_TALK = OPEN_TALK


class Bernhard1924(KnueffelnFamily):
    """Bernhard's 1924 game: Fives (dogs) for Tens, unchosen suits ranked (seeds 000, 001)."""

    id = "knueffeln-1924"
    TITLE = marked("Knüffeln (Bernhard 1924)")
    VERSION_NAME = marked("Bernhard (1924)")
    pack_ranks = (2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14)
    pack_source = "seed 000, 'Early 20th century versions': " + marked("Fives instead of Tens")
    low_rank = 5
    unchosen_source = S001_POWERS
    OPTIONS = (*KnueffelnFamily.OPTIONS, DREHEN_IN_MARCH)
    procedure = BERNHARD_DEAL
    stakes = BERNHARD_STAKES
    DEAL_QUESTIONS = BERNHARD_DEAL_QUESTIONS
    SCORING_QUESTIONS = BERNHARD_SCORING_QUESTIONS
    table_talk = True
    SCORING_OPTIONS = (BRILLE,)
    BRANCH = Branch.KNUEFFELN
    #: Clubs and Hearts, the example of seed 001's table of card powers.
    ROLE_EXAMPLE = RoleExample("CH", marked("the example"), S001_POWERS)
    #: seed 001, 'Playing': "There are no constraints on play to a trick."
    FOLLOW_SUIT = TableRule(marked("no"), S001_PLAYING)
    PARTNER_TALK = TableRule(marked("open talk, in a roundabout way; even fibbing is allowed"),
                             S001_TALK)


class Gruenberg1938(KnueffelnFamily):
    """Grünberg's 1938 game: Tens as today, unchosen suits ranked (seed 000)."""

    id = "knueffeln-1938"
    TITLE = marked("Knüffeln (Grünberg 1938)")
    VERSION_NAME = marked("Grünberg (1938)")
    pack_ranks = Bohmstedt.pack_ranks
    pack_source = "seed 000, 'Early 20th century versions': " + marked("Tens, as today")
    unchosen_source = S000_EARLY
    OPTIONS = (*KnueffelnFamily.OPTIONS, DREHEN_IN_MARCH)
    procedure = GRUENBERG_DEAL
    stakes = GRUENBERG_STAKES
    DEAL_QUESTIONS = GRUENBERG_DEAL_QUESTIONS
    SCORING_QUESTIONS = GRUENBERG_SCORING_QUESTIONS
    table_talk = True
    BRANCH = Branch.KNUEFFELN
    ROLE_EXAMPLE = RoleExample("HS", marked("Bohmstedt"), like=Bohmstedt.id)
    FOLLOW_SUIT = NO_FOLLOWING
    PARTNER_TALK = OPEN_TALK
