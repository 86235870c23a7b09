"""Teaching the table talk: which evening's page teaches each phrase, and the section of
Evening 5 that teaches the phrases beyond the first eight.

:data:`TALK_GROUPS` lays out that section (a heading, a sentence, the phrases, in the order
a deal needs them); :data:`TAUGHT_ON` says, once, on which evening's page each phrase of
:data:`~knlib.players.talk.PHRASEBOOK` is taught: the core phrases (:data:`CORE_PHRASES`)
at the sample deal's table, the rest in :func:`talk_lesson_html`. An exercise of evening
``k`` may use a phrase only if ``TAUGHT_ON[phrase] <= k`` (tests/test_phrases_taught.py).
"""

from __future__ import annotations

import html
import re

from knlib.counts import count_word
from knlib.errors import RulesError
from knlib.players.talk.phrasebook import (
    CORE_PHRASES,
    PHRASEBOOK,
    Phrase,
    phrase,
    phrase_gloss,
    quoted,
    rendering_shown,
)

from ..i18n import current_language, marked, ntr, tr

__all__ = ["TALK_GROUPS", "TALK_EVENING", "TAUGHT_ON", "TAUGHT_UNDER", "CORE_HEADING",
           "phrases_in",
           "LESSON_HEADING", "taught_by", "phrase_meaning",
           "talk_lesson_html"]

#: The evening that teaches the table talk.
TALK_EVENING = 5

#: The headings of Evening 5's page under which the phrases are taught: the core phrases at
#: the sample deal's table, the others in the section :func:`talk_lesson_html` draws.
CORE_HEADING = marked("Eight phrases at one table")
LESSON_HEADING = marked("The rest of the talk")

#: Evening 5's section on the rest of the talk: (heading, what the group is for, phrase ids),
#: in the order a deal needs them. Together with :data:`CORE_PHRASES` they are every phrase.
TALK_GROUPS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (marked("Asking"), marked("Questions to partner, or to the whole table. What matters is "
                              "what a truthful “yes” would mean."),
     ("kannst-du-ock-wat-hollen", "macker-heft-noch-wat", "hast-du-was-passend",
      "du-kannst-mich-treffen", "wer-kann-de")),
    (marked("Telling partner about your hand"),
     marked("Said before or between tricks, so that partner knows what to expect from you."),
     ("nur-zwei-puzer", "nur-einmal-helfen", "ich-kann-nichts", "een-spill-mak-ik",
      "zwei-spiele-sicher", "kannst-alleen-de-rest-maken")),
    (marked("During a trick"), marked("Said about the card now ahead in the trick, usually to "
                                      "the partner who plays before you."),
     ("kommt", "laufen-lassen", "ganz-sicher", "etwas-verbessern",
      "nich-recht-wat-to-bringen")),
    (marked("Announcements and remarks"),
     marked("Said to the whole table. Most of them say nothing about the speaker's hand."),
     ("wir-spielen-weiter", "wir-schmeissen", "schwachheitszeichen", "up-de-heide")),
)


def _taught_on() -> dict[str, int]:
    grouped = [pid for _, _, ids in TALK_GROUPS for pid in ids]
    both = set(grouped) & set(CORE_PHRASES)
    if both or len(set(grouped)) != len(grouped):
        raise RulesError(f"a phrase is taught twice on Evening {TALK_EVENING}: "
                         f"{sorted(both) or grouped}")
    out = {pid: TALK_EVENING for pid in (*CORE_PHRASES, *grouped)}
    missing = [p.id for p in PHRASEBOOK if p.id not in out]
    unknown = [pid for pid in out if pid not in PHRASEBOOK.ids]
    if missing or unknown:
        raise RulesError(f"the talk lesson must teach each phrase once: missing {missing}, "
                         f"not phrases {unknown}")
    return out


#: Phrase id -> the evening whose page teaches it (stated once, from :data:`CORE_PHRASES`,
#: taught at the sample deal's table, and :data:`TALK_GROUPS`).
TAUGHT_ON: dict[str, int] = _taught_on()


#: Phrase id -> the heading of its evening's page under which it is taught (so a practice
#: question placed under an earlier heading knows the phrases taught so far).
TAUGHT_UNDER: dict[str, str] = {pid: CORE_HEADING if pid in CORE_PHRASES else LESSON_HEADING
                                for pid in TAUGHT_ON}


def taught_by(evening: int, taught: dict[str, int] | None = None) -> frozenset[str]:
    """The phrase ids taught on evening ``evening``'s page or an earlier one."""
    taught = TAUGHT_ON if taught is None else taught
    return frozenset(pid for pid, k in taught.items() if k <= evening)


def phrases_in(text: str) -> set[str]:
    """The phrase ids whose words (any form the sources give, or the words as the book says
    them) stand in ``text``, read as a reader sees it: case, spacing and apostrophes aside."""
    def plain(t: str) -> str:
        return re.sub(r"\s+", " ", t.replace("’", "'")).casefold()

    shown = plain(text)
    return {p.id for p in PHRASEBOOK
            if any(plain(form) in shown for form in (*p.forms, phrase_gloss(p)["text"]))}


def _end(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _with_subject(ph: Phrase, claim: str) -> str:
    """A claim translated (which starts with its verb: 'hat keine starke Karte') as a
    sentence with its subject: 'Wer das sagt, hat …', 'Es sagt nichts über das Blatt: …'."""
    if ph.claim.startswith(("holds", "can ", "implies")):
        return tr("The speaker {claim}", claim=claim)
    if ph.claim.startswith("nothing about"):
        return tr("It {claim}", claim=claim)
    if ph.claim.startswith("the same as"):
        return tr("It means {claim}", claim=claim)
    return _capital(claim)


def claim_said(p: str | Phrase) -> str:
    """What a phrase claims, as an answer to "what does it claim?": in English as the
    phrasebook words it ('holds no strong card: …'); in German as a sentence with its
    subject ('Wer das sagt, hat keine starke Karte: …'), never beginning with a verb."""
    ph = phrase(p)
    if current_language() == "en":
        return ph.claim_text
    return _with_subject(ph, ph.claim_text)


def phrase_meaning(p: str | Phrase) -> str:
    """What a phrase claims, as a sentence of the book: 'The speaker holds …', 'A truthful
    “yes” means …', 'It says nothing about the speaker's hand: …'. In German, the claim's
    German (:attr:`Phrase.bare_claim_text`) is written as a sentence of its own."""
    ph = phrase(p)
    if current_language() != "en":
        return _end(_with_subject(ph, ph.bare_claim_text))
    claim = ph.claim.replace("'yes'", "“yes”")
    head, _, rest = claim.partition(": ")
    if claim.startswith("question to "):
        to, _, rest = claim.partition("; ")
        return f"Asked of {to.removeprefix('question to ')}. {_capital(_end(rest))}"
    if claim.startswith("nothing about"):
        verb = rest.split(" ", 1)[0] in ("suggests", "mocks")
        return f"It says nothing about the speaker's hand: {'it ' if verb else ''}{_end(rest)}"
    if claim.startswith("nothing checkable"):
        return _capital(_end(rest))
    if claim.startswith("the same as") and rest.startswith("holds"):
        return f"{_capital(head)}: the speaker {_end(rest)}"
    if claim.startswith(("holds", "can ")):
        return f"The speaker {_end(claim)}"
    if claim.startswith("implies"):
        return f"It {_end(claim)}"
    return _capital(_end(claim))


def _item_html(p: Phrase) -> str:
    e = html.escape
    gloss = phrase_gloss(p)
    lang = "nds" if p.language == "Low German" else "de"
    rendering = rendering_shown(gloss["german"], gloss["english"])
    german = (" <small>(" + e(tr("in standard German:")) +
              f" <i lang='de'>{e(rendering)}</i>)</small>" if rendering else "")
    english = _end(gloss["english"])
    said = tr("Said {when}.", when=p.when_text)
    bluff = " " + tr("It may be a bluff.") if p.may_bluff else ""
    return (f"<li style='margin:0.35em 0'><i lang='{lang}'>{e(quoted(gloss['text']))}</i>{german}"
            f" — {e(english)}<br><small>{e(phrase_meaning(p))} {e(said)}"
            f"{e(bluff)}</small></li>")


def talk_lesson_html(evening: int = TALK_EVENING) -> str:
    """The phrases evening ``evening``'s page teaches beyond the core phrases, grouped by
    when they are said: each with its English, what it claims and when it is said. Every
    phrase of :data:`TALK_GROUPS` appears, with its words as the reader sees them in the
    exercises."""
    if evening != TALK_EVENING:
        raise RulesError(tr("evening {value} teaches no table talk: the phrases are taught on "
                            "Evening {evening}", value=repr(evening), evening=TALK_EVENING))
    n = sum(len(ids) for _, _, ids in TALK_GROUPS)
    groups = ntr("{count} group", "{count} groups", len(TALK_GROUPS),
                 count=count_word(len(TALK_GROUPS)))
    intro = ntr("{count} more phrase, in {groups}:", "{count} more phrases, in {groups}:", n,
                count=count_word(n), groups=groups)
    parts = [f"<p>{html.escape(_capital(intro))}</p>"]
    for heading, about, ids in TALK_GROUPS:
        items = "".join(_item_html(PHRASEBOOK[pid]) for pid in ids)
        parts.append(f"<p style='margin:0.8em 0 0.1em'><b>{html.escape(tr(heading))}.</b> "
                     f"{html.escape(tr(about))}</p>"
                     f"<ul style='margin:0.1em 0;padding-left:1.2em'>{items}</ul>")
    return ("<div class='knlib-talk-lesson' style='max-width:100%;overflow-wrap:anywhere'>"
            + "".join(parts) + "</div>")
