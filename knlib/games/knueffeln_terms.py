"""Knüffeln's words: the glossary terms of seed 000's 'Knüffeln Glossary' in full, in its
order, and the other terms of seeds 000 and 001 that the book uses
(:attr:`knlib.games.knueffeln.Bohmstedt.glossary_terms`).
"""

from __future__ import annotations

from ..i18n import marked
from ..sources import S000_EARLY, S000_GLOSSARY, S000_RANKING, S000_TALK, S001_SCORING
from .terms import Term
from .terms import glossary_term as _T

__all__ = ["KNUEFFELN_TERMS"]


#: Knüffeln's glossary terms: seed 000's 'Knüffeln Glossary' in full, in its order, then the
#: other terms of seeds 000 and 001 that the book uses (:attr:`Bohmstedt.glossary_terms`).
KNUEFFELN_TERMS: tuple[Term, ...] = (
    # -- seed 000, 'Knüffeln Glossary', in full
    _T("abschmeissen", marked("To get rid of a card by playing it to a trick."),
       ("zuwerfen, abschmeissen",)),
    _T("anticken, anstecken", marked("To take a card with a small beater, one only just high "
                                     "enough."),
       ("Puzer or kleine Stecher", "passend")),
    _T("aufdrehen", marked("To turn over the card the other side has led face down; picking it up "
       "means accepting the raise."), ("Drein, Drehen", "Seen")),
    _T("Brille", marked("'Spectacles': a double loss mark on Bernhard's slate, two dots given to a "
       "side that loses the whole ladder before it has scored at all."),
       ("Knüppel", "Ledder, Leiter"), f"{S000_GLOSSARY}; {S000_EARLY}; {S001_SCORING}",
       forms=("Brille",), extra=("pair of spectacles",)),
    _T("bunk", marked("The undealt cards that stay on the table after the deal."), ("Wääl",)),
    _T("buterwäält, buterwählt", marked("Not of a chosen suit."), ("wäält", "Fehl-As")),
    _T("davonlaufen", marked("To run off: give up the deal rather than accept a face-down lead."),
       ("lopen", "verweigern", "Drein, Drehen")),
    _T("de fief Olen",
       marked("The five permanent top cards: ♥2, ♣4, ♠8, ♥9 and ♦9, in that order."),
       ("Ole, Olle, Ohle, Alte", "Twe", "Waag, Wagen", "Dulle", "Hartenool, Hartenole, "
        "Harten Ohl", "Rutenool, Rutenole, Ruten Ohl"), forms=("de fief Olen",)),
    _T("Dörchspill", marked("Another word for the march, winning all nine tricks."),
       ("Durchmarsch ,Durchspielen",), f"{S000_GLOSSARY}; seed 001, 'Bonuses'",
       forms=("Dörchspill",)),
    _T("Drein, Drehen", marked("To lead a card face down (a face-down lead), which offers to raise "
       "the stake."), ("Seen", "umdrein", "ich-dreh-ein-um"), extra=("face-down lead",)),
    _T("Drein un Seen, Drehen und Sehen", marked("The raising procedure: one side leads face down, "
       "the other looks at the card to accept or runs to concede."),
       ("Drein, Drehen", "Seen"), f"{S000_GLOSSARY}; seed 000, 'Drehen und Sehen'"),
    _T("Drist", marked("The chosen Three, a Puzer between the Twist and the Veerhack."),
       ("Twist", "Veerhack, Viereck", "Puzer or kleine Stecher")),
    _T("Dulle", marked("♠8, the third of the five Olen."), ("de fief Olen",)),
    _T("du kannst mich treffen?", marked("Asked with a card half shown: do you hold the unchosen "
                                         "Ace "
       "of this suit?"), ("du-kannst-mich-treffen", "Fehl-As"), forms=("du kannst mich treffen?",)),
    _T("Durchmarsch ,Durchspielen", marked("Winning all nine tricks; a side that took the first "
                                           "five "
       "may play on for it, and then must not lose a trick."),
       ("Dörchspill", "Jann", "wir spielen weiter"), forms=("Durchmarsch", "Durchspielen")),
    _T("Fehl-As", marked("The Ace of a suit that is not chosen: it beats every card of its suit, "
                         "and "
       "only an Ole or a chosen Ace, Jack or Six takes it."),
       ("buterwäält, buterwählt", "du kannst mich treffen?")),
    _T("frech", marked("Bold or impudent, said of a daring play."), ()),
    _T("Frikort, Freikarte", marked("A chosen Eight or Nine that is not an Ole: when led, only an "
                                    "Ole "
       "or a chosen Ace or Jack takes it; otherwise it is worth nothing."),
       ("Frikortensteker, Freikartenstecher",)),
    _T("Frikortensteker, Freikartenstecher", marked("A chosen Ace or Jack, the beaters able to "
                                                    "take "
       "a led free card."), ("Frikort, Freikarte", "Steker, Stechkarte")),
    _T("Hackenbiter, Hackenbeißer", marked("'Ankle-biter', a nickname of the chosen Four, the "
                                           "lowest "
       "beater."), ("Veerhack, Viereck",)),
    _T("Hartenool, Hartenole, Harten Ohl", marked("♥9, the fourth of the five Olen."), ("de fief "
                                                                                        "Olen",),
       f"{S000_GLOSSARY}; seed 001, 'Card powers'"),
    _T("Hönerledder, Hühnerleiter", marked("'Chicken ladder', the ladder chalked on the slate to "
                                           "keep "
       "score."), ("Ledder, Leiter",), f"{S000_GLOSSARY}; seed 001, 'Bonuses'",
       extra=("chicken ladder",)),
    _T("Hunde", marked("A 'dog': in Bernhard's 1924 pack, the chosen Five, which can be swapped "
                       "for "
       "the turn-up of its suit; led, it falls to any beater or Ole."),
       ("Wääl",), f"{S000_GLOSSARY}; seed 001, 'Exchanging' and 'Playing'",
       games=("knueffeln-1924",), forms=("Hunde",), extra=("Hund", "dog")),
    _T("ich dreh ein um", marked("Said when leading a card face down to raise the stake."),
       ("ich-dreh-ein-um", "Drein, Drehen"), forms=("ich dreh ein um",)),
    _T("Jann", marked("A deal in which one side takes the first five tricks in a row; it pays more "
       "than a plain win."), ("jannen", "Durchmarsch ,Durchspielen")),
    _T("jannen", marked("To make a Jann."), ("Jann",)),
    _T("knickerig",
       marked("Stingy; the glossary explains it with the standard German 'geizig'."), ()),
    _T("kommt", marked("Partner's call 'leave it to me': the speaker can take the trick."),
       ("laufen lassen",)),
    _T("Knüppel", marked("'Club' or 'stick': the big blob marked on the losing side of Bernhard's "
       "slate when the winners have erased all their rungs."),
       ("Brille", "Ledder, Leiter"), f"{S000_GLOSSARY}; {S000_EARLY}; {S001_SCORING}"),
    _T("laufen lassen", marked("To let the trick go by playing low, so that partner can win it."),
       ("kommt",)),
    _T("Ledder, Leiter", marked("The ladder of lines on the scoring slate; each win rubs out "
                                "rungs, "
       "and the side that rubs out all of its own wins the game."),
       ("Sprosse", "Knüppel", "Brille", "Hönerledder, Hühnerleiter"),
       f"{S000_GLOSSARY}; {S000_EARLY}; {S001_SCORING}"),
    _T("lopen", marked("To run: concede the deal when a card is led face down."),
       ("davonlaufen", "verweigern")),
    _T("Magger, Macker", marked("Partner."), ("macker-heft-noch-wat",)),
    _T("Ole, Olle, Ohle, Alte", marked("'Old one': one of the five permanent top cards, which beat "
       "every other card except a led chosen Seven."), ("de fief Olen", "oldschen"),
       f"{S000_GLOSSARY}; seed 001, 'Card powers'"),
    _T("oldschen", marked("To play an Ole."), ("Ole, Olle, Ohle, Alte", "du-musst-erst")),
    _T("passend", marked("'Fitting': a beater only a little above what is needed to take the card "
                         "in "
       "question, one of the lowest two or three that would do."),
       ("hast-du-was-passend", "anticken, anstecken")),
    _T("Paap, Paas, Pape", marked("'Pope': the chosen Six, the highest beater after the chosen Ace "
       "and Jack."), ("Papst", "pavstur")),
    _T("Pott", marked("The pot of stakes."), ()),
    _T("Puzer or kleine Stecher", marked("A small beater: a chosen Two, Three or Four."),
       ("Twist", "Drist", "Veerhack, Viereck", "nur-zwei-puzer")),
    _T("Rutenool, Rutenole, Ruten Ohl", marked("♦9, the fifth and lowest of the five Olen."),
       ("de fief Olen",), f"{S000_GLOSSARY}; seed 001, 'Card powers'"),
    _T("Schiet", marked("Duds: the unchosen cards below the Jack, which beat nothing. A chosen "
       "Ten is no stronger, but the role tables count it among the chosen cards with no "
       "power."), ()),
    _T("Seen", marked("To look: pick up the face-down lead, which accepts the higher stake."),
       ("Drein, Drehen", "aufdrehen")),
    _T("Seen un Drein, Sehen und Drehen", marked("The same as 'Drein un Seen'."),
       ("Drein un Seen, Drehen und Sehen",)),
    _T("Sprosse", marked("A rung of the scoring ladder."), ("Ledder, Leiter",)),
    _T("Steker, Stechkarte", marked("A beater: a chosen Ace, Jack, Six, Two, Three or Four, each "
       "with its own power."), ("Stechkarten", "Frikortensteker, Freikartenstecher",
                               "Puzer or kleine Stecher"), f"{S000_GLOSSARY}; {S000_RANKING}"),
    _T("Twe", marked("♥2, the highest Ole (also called 'de Beste')."), ("de Beste", "de fief Olen"),
       f"{S000_GLOSSARY}; seed 001, 'Card powers'"),
    _T("Twist", marked("The chosen Two, the highest Puzer."), ("Drist", "Puzer or kleine Stecher")),
    _T("umdrein", marked("To turn a card over."), ("Drein, Drehen",)),
    _T("Veerhack, Viereck", marked("'Square': the chosen Four, the lowest beater."),
       ("Hackenbiter, Hackenbeißer", "Puzer or kleine Stecher")),
    _T("verweigern", marked("To refuse, i.e. fold."), ("lopen", "davonlaufen")),
    _T("Waag, Wagen", marked("♣4, the second Ole ('the wagon')."), ("de fief Olen",),
       f"{S000_GLOSSARY}; seed 001, 'Card powers'"),
    _T("Wääl", marked("The turn-ups: the cards turned face up from the stock after the deal, whose "
       "suits are the two chosen suits."), ("wäält", "Hunde"),
       f"{S000_GLOSSARY}; seed 001, 'Preliminaries'", extra=("turn-up", "turn-ups")),
    _T("wäält",
       marked("Chosen: of one of the two chosen suits."), ("buterwäält, buterwählt", "Wääl")),
    _T("wir schmeissen", marked("'We fold': the side concedes."), ("wir-schmeissen", "lopen")),
    _T("wir spielen weiter", marked("'We play on': the side goes for the march."),
       ("wir-spielen-weiter", "Durchmarsch ,Durchspielen"), forms=("wir spielen weiter",)),
    _T("zuwerfen, abschmeissen", marked("To throw a card away to a trick."), ("abschmeissen",)),
    # -- other terms of seeds 000 and 001 that the book uses
    _T("de Beste", marked("'The best': the ♥2, highest of the Olen."), ("Twe", "de fief Olen"),
       S000_RANKING, forms=("de Beste",)),
    _T("Ausspieler", marked("In table talk, a card worth leading: a chosen Seven, a free card or "
                            "an "
       "unchosen Ace (the plural is the same)."), ("stecher-und-ausspieler",), S000_TALK),
    _T("Sondertrümpfe", marked("'Special trumps': the chosen Seven and the free cards, whose power "
       "depends on being led."), ("Frikort, Freikarte",), S000_RANKING),
    _T("Stechkarten", marked("Bernhard's word, in the Wikipedia article, for the twelve beaters of "
       "the chosen suits."),
       ("Steker, Stechkarte",), "seed 001, 'Card powers'", forms=("Stechkarten",)),
)
