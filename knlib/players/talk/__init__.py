"""Knüffeln table talk: the phrasebook and the glossary as data, and the truthful line for a hand.

In Knüffeln partners may talk about their hands, as long as they never name a card,
and they may bluff. This package holds

* :data:`PHRASEBOOK`: every table-talk phrase of seed 000 ('Communication') and
  seed 001 ('Communication') as a :class:`Phrase`. Where a phrase is about the
  speaker's hand (or, for a question, about what a "yes" would mean), its ``test``
  decides it for a concrete hand, so the claim can be checked by machine
  (:mod:`.phrasebook`).
* :data:`GLOSSARY`: every term of seed 000's 'Knüffeln Glossary', plus the terms of
  seeds 001-004 and ``styrivolt.md`` that the book uses, each as a :class:`Term`
  (:mod:`.glossary`).
* :func:`describe_hand`, which sorts a hand into Olen, high beaters, Puzer, leaders,
  handy leads and duds (:class:`HandSummary`; :mod:`.hand`);
* :func:`truthful_line`, the phrase a truthful player would say about a hand;
  :func:`claims_true`, which checks a phrase against a hand; and :func:`bluff_line`,
  a phrase that may be a bluff and is false for the hand (for computer players;
  :mod:`.lines`).

The phrases are quoted exactly as the sources print them (short quotations of the
table talk). Everything else here (claims, definitions, the ``german`` renderings of
Low German phrases) is this project's own wording; the ``german`` field is our
rendering into standard German, not something the sources give.

Words used in claims (seed 000, 'The Cards and their Ranking' and 'Communication'):

* **Ole**: one of the five permanent top cards (♥2, ♣4, ♠8, ♥9, ♦9), also when its
  suit is chosen (`shared/rules/README.md`, reading 3).
* **high beater** (*Stecher* in "hab’ einen Stecher ..."): a chosen Ace, Jack or Six.
* **Puzer**: a low beater, a chosen Two, Three or Four.
* **Ausspieler**: a card worth leading, in the sense of "hab’ einen Stecher und 2
  Ausspieler": a chosen Seven, a free card (chosen Eight or Nine that is not an Ole) or an
  unchosen Ace. The book says *Ausspieler*, not "leader", for this class of cards.
* **decent card**: an Ole, any beater or a leader: a card that can take a trick by its
  own power. Chosen Kings and Queens and unchosen Kings, Queens and Jacks are only
  *handy leads*; everything else is a *dud* (Schiet).
* **sure winner**: a card of the hand that no card outside the hand can take when it
  is led (the ♥2, a chosen Seven, or a lower Ole whose betters are all in the hand).

The phrasebook speaks about the Knüffeln rule sets only (``knueffeln``,
``knueffeln-hattstedt``, ``knueffeln-1924``, ``knueffeln-1938``); the table talk of
Stýrivolt is not known (``styrivolt.md``, 'Open questions').
"""

from __future__ import annotations

from .glossary import GLOSSARY, Glossary, Term, glossary_html, glossary_sources_md, term
from .hand import CATEGORIES, TALK_GAMES, HandSummary, categorize, describe_hand
from .lines import TRUTHFUL_PRIORITY, Line, bluff_line, claims_true, phrases_true, truthful_line
from .phrasebook import (
    CORE_PHRASES,
    OWN_LINES,
    PHRASEBOOK,
    SIC,
    Phrase,
    Phrasebook,
    phrase,
    phrase_gloss,
    phrase_said,
    phrasebook_html,
    phrasebook_sources_md,
    quoted,
    rendering_shown,
)

__all__ = [
    "Phrase",
    "Line",
    "Term",
    "HandSummary",
    "Phrasebook",
    "Glossary",
    "PHRASEBOOK",
    "GLOSSARY",
    "TALK_GAMES",
    "TRUTHFUL_PRIORITY",
    "CATEGORIES",
    "phrase",
    "rendering_shown",
    "term",
    "describe_hand",
    "categorize",
    "truthful_line",
    "claims_true",
    "phrases_true",
    "bluff_line",
    "phrasebook_html",
    "glossary_html",
    "glossary_sources_md",
    "phrasebook_sources_md",
    "SIC",
    "CORE_PHRASES",
    "OWN_LINES",
    "phrase_gloss",
    "phrase_said",
    "quoted",
]
