"""What the reader may say at the table (:class:`ReaderTalk`): the phrases of the
phrasebook (:mod:`knlib.players.talk`) that fit the moment, and the line recorded in the
table's story when the reader says one.

Two moments, as the phrasebook describes them (McLeod after Eaton, 'Communication';
``shared/seeds/000``):

* once a deal, during the play, a line about the hand: the truthful line
  (:func:`~knlib.players.talk.truthful_line`), or one of the phrases the source says may
  be a bluff and that is false for the hand (marked as a bluff for the reader);
* when an opponent's card is ahead and the partner still plays after the reader,
  "kannst du?" (can you take it?): the computer partner answers "Ja." or "Nee.", truthfully
  (:func:`~knlib.players.talk.claims_true`), from the book's own answers
  (:data:`~knlib.players.talk.OWN_LINES`).

The computer players do not listen to the talk (they play by their cards), as the
chapter says; their answers are the only reply.
"""

from __future__ import annotations

from dataclasses import dataclass

from knlib.errors import RulesError
from knlib.kinds import PLAY_PHASES, Phase
from knlib.players.talk import (
    OWN_LINES,
    PHRASEBOOK,
    claims_true,
    phrase_gloss,
    truthful_line,
)

from ..i18n import tr
from ..play.session import PlaySession

__all__ = ["ReaderTalk", "Offer"]


@dataclass(frozen=True)
class Offer:
    """A phrase the reader may say now: its id (the action is ``say ID``), its words,
    their English, a note for the reader, and the moment it belongs to."""

    id: str
    text: str
    english: str
    note: str
    moment: str


class ReaderTalk:
    """The reader's table talk in one deal (a new deal starts a new one)."""

    def __init__(self, table: PlaySession) -> None:
        self.table = table
        #: The moments the reader has spoken at (each moment once).
        self.said: set[str] = set()

    def _ahead_of_opponent(self) -> tuple[int, int] | None:
        """(the partner still to play, the index of the card ahead) when an opponent's
        card is ahead in the trick and a partner plays after the reader; else None."""
        t = self.table
        d = t.deal
        if d.phase != Phase.PLAY or not d.current_trick or d.current_face_down:
            return None
        side = d.side_of(t.reader)
        cards = [c for _, c in d.current_trick]
        ahead = d.rules.ahead_sequence(cards, d.chosen)[-1]
        if side is None or d.side_of(d.current_trick[ahead][0]) == side:
            return None
        played = {s for s, _ in d.current_trick}
        partners = [s for s in d.sides[side] if s != t.reader and s not in played
                    and d.hands[s]]
        return (partners[0], ahead) if partners else None

    def offers(self) -> list[Offer]:
        """What the reader may say now (nothing outside the reader's turn in the play, and
        in games whose table talk is not recorded)."""
        t = self.table
        d = t.deal
        if (not d.rules.table_talk or d.is_over or d.to_move != t.seat
                or d.phase not in PLAY_PHASES or not d.hands[t.reader]):
            return []
        hand = d.hands[t.reader]
        out = []
        if "hand" not in self.said:
            line = truthful_line(hand, d.chosen, d.rules)
            out.append(Offer(line.id, line.text, line.english, tr("true of your hand"),
                             "hand"))
            for p in PHRASEBOOK:
                if (p.may_bluff and p.test is not None and not p.needs_target
                        and p.kind != "question" and p.id != line.id
                        and not claims_true(p, hand, d.chosen, d.rules)):
                    gloss = phrase_gloss(p)
                    out.append(Offer(p.id, gloss["text"], gloss["english"],
                                     tr("a bluff: not true of your hand"), "hand"))
        trick = f"trick {len(d.tricks) + 1}"
        if trick not in self.said and self._ahead_of_opponent() is not None:
            gloss = phrase_gloss("kannst-du")
            out.append(Offer("kannst-du", gloss["text"], gloss["english"],
                             tr("asks your partner whether they can take the card ahead"),
                             trick))
        return out

    def say(self, pid: str) -> None:
        """Say the phrase ``pid`` (a RulesError, and nothing said, if it does not fit now)."""
        offers = {o.id: o for o in self.offers()}
        if pid not in offers:
            if not offers:
                raise RulesError(tr("{value} is not something you can say now: you may say "
                                    "nothing: table talk is for your turn in the play",
                                    value=repr(pid)))
            raise RulesError(tr("{value} is not something you can say now: you may say "
                                "{choices}", value=repr(pid),
                                choices=", ".join(repr(o) for o in offers)))
        offer = offers[pid]
        t = self.table
        self._record(t.reader, offer.text, offer.english)
        self.said.add(offer.moment)
        if pid == "kannst-du":
            found = self._ahead_of_opponent()
            assert found is not None  # offered only then
            partner, ahead = found
            target = t.deal.current_trick[ahead][1]
            can = claims_true("kannst-du", t.deal.hands[partner], t.deal.chosen, t.deal.rules,
                              target=target)
            words, english = OWN_LINES["ja" if can else "nee"]
            self._record(partner, words, english)

    def _record(self, seat: int, words: str, english: str) -> None:
        self.table.story.speak("talk", self.table.deal, seat, words, english)
