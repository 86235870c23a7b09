"""What the two-chosen-suit games share: Knüffeln (:mod:`.knueffeln`) and Stýrivolt
(:mod:`.styrivolt`), the Olen and the chain rule's tables.

All five rule sets share one chain rule (:class:`~knlib.games.family.ChainRuleset`) and
differ only in their tables: the pack, how unchosen suits rank, what takes a
led free card, and the names of things.

Card strengths used by the chain rule (higher takes lower):

=====  ====================================================================
power  card
=====  ====================================================================
11-7   the five Olen / permanent stickers: ♥2 > ♣4 > ♠8 > ♥9 > ♦9
6, 5   chosen Ace, chosen Jack (free card beaters; Stýrivolt: stickers)
4      chosen Six (Paas / pavstur)
3      chosen Two (Twist)
2      chosen Three (Drist)
1      chosen Four (Veerhack)
=====  ====================================================================

A card ahead is taken by any card whose power reaches its *threshold*; Olen
and beaters need a strictly higher power. Sources: seed 000, "The Cards and
their Ranking" and "The Play"; seed 001, "Card powers" and "Playing";
`shared/rules/styrivolt.md`, "Card classes".
"""

from __future__ import annotations

from typing import ClassVar

from ..cards import Card
from ..i18n import marked, tr
from ..sources import (
    README_OLE,
    README_TIES,
    S000_HATTSTEDT,
    S000_PLAY,
    S000_RANKING,
    S001_POWERS,
)
from .family import UNBEATABLE, ChainRuleset, Option, Role, RoleClass, Tie

__all__ = [
    "KnueffelnFamily",
    "OLEN",
    "CHOSEN_NAME",
    "UNCHOSEN_NAME",
    "P_FOUR",
    "P_THREE",
    "P_TWO",
    "P_SIX",
    "P_JACK",
    "P_ACE",
    "TAKERS_STICKER",
    "UNLESS_STICKER",
]


# Powers of the chosen beaters (seed 000, "The Cards and their Ranking": A, J, 6, 2, 3, 4).
P_FOUR, P_THREE, P_TWO, P_SIX, P_JACK, P_ACE = 1, 2, 3, 4, 5, 6

#: The five Olen, highest first: card, power, local term, English name (seed 000, ranking list;
#: the name is marked for the catalogue: ``tr(name)`` says it in the current language).
OLEN: tuple[tuple[Card, int, str, str], ...] = (
    (Card("H2"), 11, "de Beste", marked("the highest Ole, Two of Hearts")),
    (Card("C4"), 10, "de Wage", marked("the second Ole, Four of Clubs")),
    (Card("S8"), 9, "de Dulle", marked("the third Ole, Eight of Spades")),
    (Card("H9"), 8, "Harten Ol", marked("the fourth Ole, Nine of Hearts")),
    (Card("D9"), 7, "Ruten Ol", marked("the fifth Ole, Nine of Diamonds")),
)
_OLE = {card: (power, term, name) for card, power, term, name in OLEN}

#: The names of chosen and unchosen cards, by rank (said with ``tr``).
CHOSEN_NAME = {
    2: marked("chosen Two"), 3: marked("chosen Three"), 4: marked("chosen Four"),
    5: marked("chosen Five"), 6: marked("chosen Six"), 7: marked("chosen Seven"),
    8: marked("chosen Eight"), 9: marked("chosen Nine"), 10: marked("chosen Ten"),
    11: marked("chosen Jack"), 12: marked("chosen Queen"), 13: marked("chosen King"),
    14: marked("chosen Ace"),
}
UNCHOSEN_NAME = {
    2: marked("unchosen Two"), 3: marked("unchosen Three"), 4: marked("unchosen Four"),
    5: marked("unchosen Five"), 6: marked("unchosen Six"), 7: marked("unchosen Seven"),
    8: marked("unchosen Eight"), 9: marked("unchosen Nine"), 10: marked("unchosen Ten"),
    11: marked("unchosen Jack"), 12: marked("unchosen Queen"), 13: marked("unchosen King"),
    14: marked("unchosen Ace"),
}

#: What takes a led card of each threshold, said after 'is taken only by' (German: dative).
TAKERS_OLE = {
    P_FOUR: marked("any beater (a chosen Four or higher) or an Ole"),
    P_THREE: marked("a chosen Three or higher beater or an Ole"),
    P_TWO: marked("a chosen Two or higher beater or an Ole"),
    P_SIX: marked("an Ole or a chosen Ace, Jack or Six"),
    P_JACK: marked("an Ole or a chosen Ace or Jack"),
}
TAKERS_STICKER = {
    P_FOUR: marked("any sticker or beater"),
    P_THREE: marked("a sticker or a chosen Three or higher beater"),
    P_TWO: marked("a sticker or a chosen Two or higher beater"),
    P_SIX: marked("a sticker or the chosen Six"),
}
#: When a led card of each threshold that beats nothing still wins: whole clauses.
UNLESS_OLE = {
    P_FOUR: marked("when led it wins unless any beater (a chosen Four or higher) or an Ole "
                   "is played"),
    P_THREE: marked("when led it wins unless a chosen Three or higher beater or an Ole is "
                    "played"),
    P_TWO: marked("when led it wins unless a chosen Two or higher beater or an Ole is played"),
    P_SIX: marked("when led it wins unless an Ole or a chosen Ace, Jack or Six is played"),
    P_JACK: marked("when led it wins unless an Ole or a chosen Ace or Jack is played"),
}
UNLESS_STICKER = {
    P_FOUR: marked("when led it wins unless any sticker or beater is played"),
    P_THREE: marked("when led it wins unless a sticker or a chosen Three or higher beater is "
                    "played"),
    P_TWO: marked("when led it wins unless a sticker or a chosen Two or higher beater is "
                  "played"),
    P_SIX: marked("when led it wins unless a sticker or the chosen Six is played"),
}
#: What outranks an Ole, beater or sticker (German: dative, after 'von').
_HIGHER = {
    ("top", RoleClass.OLE): marked("a higher Ole"),
    ("top", RoleClass.STICKER): marked("a higher sticker"),
    ("ole", RoleClass.OLE): marked("an Ole"),
    ("ole", RoleClass.STICKER): marked("an Ole"),
    ("beater", RoleClass.OLE): marked("a higher beater or an Ole"),
    ("beater", RoleClass.STICKER): marked("a higher beater or a sticker"),
}


class KnueffelnFamily(ChainRuleset):
    """The shared tables of the two-chosen-suit games; subclasses set the differences."""

    n_chosen = 2
    chosen_source = "seed 000, 'The Deal and Exchange': " + marked(
        "two turn-ups of different suits")
    max_table = 4
    #: Nine cards each, in three packets of three (seed 000, 'The Deal and Exchange';
    #: seed 001, 'Preliminaries', for Bernhard).
    hand_size = 9
    #: 'ace_only' (Bohmstedt: only the unchosen Ace beats its own suit) or 'natural'.
    unchosen_order: ClassVar[str] = "natural"
    unchosen_source: ClassVar[str] = S000_HATTSTEDT
    #: The chosen card kept for exchanging: the Ten, or Bernhard's Five (the dog).
    low_rank: ClassVar[int] = 10
    #: Strength needed to take a led free card (chosen 9 or 8 that is not an Ole).
    free_threshold: ClassVar[int] = P_JACK
    #: The class (and word) of the permanent top cards.
    top_word: ClassVar[RoleClass] = RoleClass.OLE
    permanent_cards = tuple(card for card, *_ in OLEN)
    #: The lowest power that counts as a top card (Ole; in Stýrivolt chosen Aces and Jacks
    #: are stickers too).
    lowest_top_power: ClassVar[int] = min(p for _, p, _, _ in OLEN)
    rules_source: ClassVar[str] = S000_PLAY

    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Tie.option(
            README_TIES,
            marked("When two equal cards meet (two chosen Aces, say), which one is ahead? "
                   "The sources do not say."),
        ),
    )
    QUESTIONS = (
        (
            "chain_rule", marked("The chain rule"),
            marked("After a led card is beaten, is each later card compared with the card "
                   "now ahead, or with the led card? Seed 000 says the new card can be beaten "
                   "'according to the same rules', and its Case 2 needs the first reading."),
            marked("Each later card is compared with the card ahead, as if that card had "
                   "been led."),
            "rules/README.md, reading 1; seed 000, 'The Play'",
        ),
        (
            "unchosen_courts", marked("Unchosen court cards"),
            marked("Do unchosen Kings, Queens and Jacks, or the low cards, beat lower cards of "
                   "their own suit in today's game?"),
            marked("No: in Bohmstedt they beat nothing; only the unchosen Ace beats its own "
                   "suit (Hattstedt and the early versions rank the unchosen suits)."),
            "rules/README.md, reading 4; seed 000, 'The Cards and their Ranking'",
        ),
        (
            "ole_in_chosen_suit", marked("An Ole in a chosen suit"),
            marked("Does an Ole that belongs to a chosen suit (♥2, ♥9, ♣4, ♠8, ♦9) keep its "
                   "place as an Ole? The sources do not discuss it."),
            marked("It stays an Ole; its suit then lacks that beater or free card."),
            README_OLE,
        ),
    )

    # -- vocabulary --------------------------------------------------------------
    #: What takes a led card of each threshold, and when such a card wins when led.
    TAKERS: ClassVar[dict[int, str]] = TAKERS_OLE
    UNLESS: ClassVar[dict[int, str]] = UNLESS_OLE

    def threshold_phrase(self, threshold: int) -> str:
        """What takes a led card of this threshold, in the current language, as said after
        'is taken only by' (German: the dative)."""
        return tr(self.TAKERS[threshold])

    def unless_phrase(self, threshold: int) -> str:
        """'when led it wins unless ... is played', for a card of this threshold."""
        return tr(self.UNLESS[threshold])

    def taken_by(self, threshold: int, power: int, unchosen: bool, rank: int) -> str:
        if threshold == UNBEATABLE:
            return tr("cannot be beaten when led")
        if power and threshold == power + 1:
            if power == max(p for _, p, _, _ in OLEN):
                return tr("cannot be taken: it is the highest card")
            if self._higher_kind(power) == "ole":
                # A whole sentence: German says "von einem Olen" (the dative) here, while the
                # bare "an Ole" is also said as a nominative ("ein Ole").
                return tr("is taken only by an Ole")
            return tr("is taken only by {takers}", takers=self.higher_than(power))
        takers = self.threshold_phrase(threshold)
        if unchosen and rank != 14:
            if self.unchosen_order == "ace_only":
                return tr("is taken only by the Ace of its own suit, {takers}", takers=takers)
            return tr("is taken only by a higher card of its own suit, {takers}", takers=takers)
        return tr("is taken only by {takers}", takers=takers)

    def higher_than(self, power: int) -> str:
        """What outranks an Ole or beater of this power (seed 000's order of Olen and beaters),
        in the current language, as said after 'is taken only by'."""
        return tr(_HIGHER[self._higher_kind(power), self.top_word])

    def _higher_kind(self, power: int) -> str:
        """Which cards outrank an Ole or beater of this power: "top" (a higher Ole or
        sticker), "ole" (any Ole or sticker) or "beater" (a higher beater, or one of those)."""
        if power > P_ACE or power >= self.lowest_top_power:
            return "top"
        if power == P_ACE:
            return "ole"
        return "beater"

    # -- roles --------------------------------------------------------------------
    def _role(self, card: Card, chosen: tuple[str, ...]) -> Role:
        if card in _OLE:
            return self._ole_role(card, chosen)
        if card.suit in chosen:
            return self._chosen_role(card, chosen)
        return self._unchosen_role(card)

    def _ole_beats(self, lower: list[str]) -> str:
        if lower:
            return tr("every lower Ole ({cards}) and every other card, but not a led chosen "
                      "Seven", cards=", ".join(lower))
        return tr("every other card, but not a led chosen Seven")

    def _ole_role(self, card: Card, chosen: tuple[str, ...]) -> Role:
        power, ole_term, ole_name = _OLE[card]
        term: str | None = ole_term
        name = tr(ole_name)
        if self.top_word is not RoleClass.OLE:
            term, name = None, tr("permanent sticker, {card}", card=card.name)
        note = None
        if card.suit in chosen:
            note = tr("{card} keeps its place as {role} although {suit} is chosen, so that "
                      "suit has no {label}", card=card.symbol, role=term or name,
                      suit=self.chosen_text((card.suit,)),
                      label=self._chosen_role(card, chosen).label)
        lower = [f"{c.symbol}" for c, p, _, _ in OLEN if p < power]
        return Role(card, self.top_word, name, term, self._ole_beats(lower),
                    self.taken_by(power + 1, power, False, card.rank), S000_RANKING,
                    power=power, threshold=power + 1, note=note,
                    note_source=README_OLE if note else None)

    def _beater_table(self) -> dict[int, tuple[int, str | None, str, str]]:
        if self.low_rank == 5:
            six = marked("chosen Twos, Threes, Fours, Kings, Queens and dogs (chosen Fives), "
                         "and every unchosen card")
            two = marked("chosen Threes, Fours, Kings, Queens and dogs (chosen Fives), and "
                         "unchosen cards below the Ace")
            three = marked("chosen Fours, Queens and dogs (chosen Fives), and unchosen cards "
                           "below the King")
            four = marked("chosen dogs (chosen Fives) and unchosen cards below the Queen")
        else:
            six = marked("chosen Twos, Threes, Fours, Kings, Queens and Tens, and every "
                         "unchosen card")
            two = marked("chosen Threes, Fours, Kings, Queens and Tens, and unchosen cards "
                         "below the Ace")
            three = marked("chosen Fours, Queens and Tens, and unchosen cards below the King")
            four = marked("chosen Tens and unchosen cards below the Queen")
        top = marked("every lower chosen card, every free card and every unchosen card")
        return {
            14: (P_ACE, "Frikortensteker", tr(CHOSEN_NAME[14]), tr(top)),
            11: (P_JACK, "Frikortensteker", tr(CHOSEN_NAME[11]), tr(top)),
            6: (P_SIX, "Paas", tr(CHOSEN_NAME[6]), tr(six)),
            2: (P_TWO, "Twist", tr(CHOSEN_NAME[2]), tr(two)),
            3: (P_THREE, "Drist", tr(CHOSEN_NAME[3]), tr(three)),
            4: (P_FOUR, "Veerhack", tr(CHOSEN_NAME[4]), tr(four)),
        }

    def _chosen_role(self, card: Card, chosen: tuple[str, ...]) -> Role:
        r = card.rank
        beaters = self._beater_table()
        if r in beaters:
            power, term, name, beats = beaters[r]
            return Role(card, RoleClass.BEATER, name, term,
                        tr("{beats} (never a led chosen Seven)", beats=beats),
                        self.taken_by(power + 1, power, False, r), S000_RANKING,
                        chosen=True, power=power, threshold=power + 1)
        if r == 7:
            return Role(card, RoleClass.SEVEN, tr(CHOSEN_NAME[7]), None,
                        tr("nothing when not led; when led it cannot be beaten"),
                        self.taken_by(UNBEATABLE, 0, False, r), S000_RANKING,
                        chosen=True, threshold=UNBEATABLE)
        if r in (8, 9):
            return Role(card, RoleClass.FREE_CARD, tr(CHOSEN_NAME[r]), "Frikort",
                        tr("nothing when not led; {unless}",
                           unless=self.unless_phrase(self.free_threshold)),
                        self.taken_by(self.free_threshold, 0, False, r), S000_RANKING,
                        chosen=True, threshold=self.free_threshold)
        threshold = {13: P_TWO, 12: P_THREE}.get(r, P_FOUR)
        if r == 5:
            term, what = "Hund", tr("nothing; it is exchanged for its suit's turn-up")
            source = S001_POWERS
        elif r == 10:
            term, what = None, tr("nothing; it is exchanged for its suit's turn-up")
            source = S000_RANKING
        else:
            term, what = None, tr("nothing, but it is a useful lead")
            source = S000_RANKING
        return Role(card, RoleClass.NO_POWER, tr(CHOSEN_NAME[r]), term,
                    tr("{what}; {unless}", what=what, unless=self.unless_phrase(threshold)),
                    self.taken_by(threshold, 0, False, r), source,
                    chosen=True, threshold=threshold)

    def _unchosen_role(self, card: Card) -> Role:
        r = card.rank
        threshold = {14: P_SIX, 13: P_TWO, 12: P_THREE}.get(r, P_FOUR)
        taken = self.taken_by(threshold, 0, True, r)
        if self.unchosen_order == "ace_only":
            if r == 14:
                return Role(card, RoleClass.UNCHOSEN_ACE, tr(UNCHOSEN_NAME[14]), "Fehl-As",
                            tr("every card of its own suit"), taken, S000_RANKING,
                            threshold=threshold, suit_rank=1, name_first=True)
            if r in (11, 12, 13):
                return Role(card, RoleClass.UNCHOSEN_COURT, tr(UNCHOSEN_NAME[r]), None,
                            tr("nothing, but it is a handy lead"), taken, S000_RANKING,
                            threshold=threshold)
            return Role(card, RoleClass.DUD, tr("dud"), "Schiet",
                        tr("nothing: it wins only if led and no Ole, beater or Ace of its suit "
                           "is played"), taken, S000_RANKING, threshold=threshold,
                        name_first=True)
        klass = RoleClass.UNCHOSEN_ACE if r == 14 else RoleClass.UNCHOSEN_CARD
        term = "Fehl-As" if r == 14 else None
        lower = (tr("every lower card of its own suit") if r > min(self.pack_ranks)
                 else tr("nothing"))
        return Role(card, klass, tr(UNCHOSEN_NAME[r]), term, lower, taken,
                    self.unchosen_source, threshold=threshold, suit_rank=r, name_first=True)
