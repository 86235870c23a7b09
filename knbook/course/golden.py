"""One deal told in full: the book's golden deal, from the deal to the settlement.

Evenings 4 and 5 follow one seeded Knüffeln deal. Everything the reader sees of it comes
from one :class:`GoldenDeal` object: the hands after the exchanges, every trick as a
picture, each player's reason for the card chosen, the table talk with its glosses, the
face-down leads and their answers, the Jann decision and the payment. The deal viewer
(:class:`knbook.tools.viewer.DealViewer`) rebuilds the same object from its number.

The moves and their reasons are those of :mod:`knbook.course.golden_moves` (:func:`book_player`,
:func:`explain_move`): tactics, not rules.

The table talk comes from the phrasebook (:mod:`knlib.players.talk`) through the computer
players' talk (:meth:`knlib.players.bots.Player.talk`, ``call`` and ``remark``), never
bluffing, so each claim is true of the speaker's hand; the engine checks each one
(:func:`knlib.players.talk.claims_true`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from html import escape
from typing import Any

from knlib.cards import Card
from knlib.engine.deal import Action, Deal, new_deal
from knlib.engine.move_words import done_text
from knlib.engine.scoring import format_amount
from knlib.errors import RulesError
from knlib.games import KNUEFFELN
from knlib.kinds import ActionKind, Phase
from knlib.players.talk import (
    CORE_PHRASES,
    OWN_LINES,
    PHRASEBOOK,
    claims_true,
    describe_hand,
    phrase_gloss,
    quoted,
    rendering_shown,
    truthful_line,
)
from knlib.render.display import HTML_STYLE, hand_html, hand_svg, trick_html
from knlib.rules.dealing import seat_word
from knlib.rules.tricks import explain_trick, takes_relation

from ..i18n import current_language, marked, tr
from .golden_moves import RULE_PLAYER, book_player, explain_move

__all__ = ["GOLDEN_DEAL_NUMBER", "GoldenDeal", "Said", "DealStep", "golden_deal"]


#: The deal number (random seed) of the golden deal. Found by a search over deal numbers
#: for a deal with both kinds of exchange, contested tricks, face-down leads that are
#: seen, a Jann decision and a payment (see tests/test_golden_deal.py).
GOLDEN_DEAL_NUMBER = 9585


# -- the deal, step by step ----------------------------------------------------------------


@dataclass(frozen=True)
class Said:
    """A line of table talk at one moment of the deal, with its gloss."""

    seat: int
    #: The phrase as the source prints it ([sic] marks a misprint).
    text: str
    english: str
    #: Our standard German rendering of a Low German phrase (None if already German).
    german: str | None
    #: What the phrase claims about the speaker's hand, in words.
    claim: str
    #: The claim checked against the speaker's hand by the engine (None: nothing to check).
    true: bool | None
    phrase_id: str
    #: True for a line the sources do not give (the book's own words).
    own: bool = False
    #: The seat whose hand the claim is about (a question: the one asked), if not the speaker.
    about: int | None = None


@dataclass(frozen=True)
class DealStep:
    """One action of the deal: ``number`` counts actions from 1 (the deal viewer's step)."""

    number: int
    seat: int
    action: Action
    what: str
    why: str
    #: Table talk said just before the action (or, after a trick, by its winner).
    talk: tuple[Said, ...]
    #: The trick the action belongs to (None during the exchanges).
    trick: int | None


def _said(deal: Deal, seat: int, pid: str, target: Card | None = None,
          about: int | None = None) -> Said:
    """A phrase of the phrasebook (or one of the book's own lines) said by ``seat``, its
    claim checked on the hand of ``about`` (default: the speaker)."""
    if pid in OWN_LINES:
        text, english = OWN_LINES[pid]
        return Said(seat, text, tr(english), None, "the book's own line, not from the sources",
                    None, pid, own=True, about=about)
    p = PHRASEBOOK[pid]
    gloss = phrase_gloss(p)
    holder = seat if about is None else about
    true = (claims_true(p, deal.hands[holder], deal.chosen, deal.rules, target=target)
            if p.checkable else None)
    return Said(seat, gloss["text"], gloss["english"], gloss["german"], p.bare_claim_text, true,
                pid, about=about)


def _line(deal: Deal, seat: int) -> Said:
    line = RULE_PLAYER.talk(deal, seat)
    assert line is not None
    p = line.phrase
    gloss = phrase_gloss(p)
    true = claims_true(line, deal.hands[seat], deal.chosen, deal.rules)
    german = gloss["german"] if line.text == p.low_german_or_german else None
    return Said(seat, line.text, line.english, german, line.claim, true, p.id)


#: The moves the golden deal tells in words of its own: it names the Jann and the march, the
#: card a seat keeps, and a card led face up. Every other move is told as the table's story
#: tells it (:func:`knlib.engine.move_words.done_text`).
_WHAT = {
    ActionKind.STOP: marked("{who} stops and takes the Jann."),
    ActionKind.PLAY_ON: marked("{who} plays on for the march."),
}
_KEEPS = marked("{who} keeps {card}.")
_LEADS = marked("{who} leads {card}.")


def _what(deal: Deal, seat: int, act: Action) -> str:
    """What a move does, in a short sentence."""
    who = deal.names[seat]
    if act.kind in _WHAT:
        return tr(_WHAT[act.kind], who=who)
    if act.kind == ActionKind.PASS or (act.kind == ActionKind.PLAY and not deal.current_trick):
        if act.card is None:
            raise RulesError(tr("{value} names no card to tell", value=repr(act)))
        own = _KEEPS if act.kind == ActionKind.PASS else _LEADS
        return tr(own, who=who, card=deal.card_symbol(act.card))
    seen = deal.current_trick[0][1] if act.kind == ActionKind.SEE else None
    return done_text(deal.rules, act, who, by_reader=False, seen=seen)


def _talk_before(deal: Deal, seat: int, act: Action, first_play: bool) -> list[Said]:
    """What is said before ``act``: the hand lines when the play begins, partner's call
    (kept only when the move follows it: after 'kommt' the mover throws a dud), and the
    announcement that goes with the action."""
    out: list[Said] = []
    if first_play:
        # Once the play begins, each player tells partner about the hand.
        order = [*deal.active[deal.active.index(seat):], *deal.active[:deal.active.index(seat)]]
        out += [_line(deal, s) for s in order]
    if act.kind == ActionKind.PLAY and deal.current_trick and _can_be_taken(deal):
        side = deal.side_of(seat)
        assert side is not None, "a seat that plays a card sits on a side"
        for s in deal.sides[side]:
            remark = RULE_PLAYER.call(deal, s) if s != seat else None
            if remark is not None and not (remark.phrase_id == "kommt"
                                           and act is not _weakest_play(deal)):
                cards = [c for _, c in deal.current_trick]
                ahead = deal.current_trick[deal.rules.ahead_sequence(cards, deal.chosen)[-1]][1]
                out.append(_said(deal, s, remark.phrase_id, ahead))
    remark = RULE_PLAYER.remark(deal, seat, act)
    if remark is not None:
        out.append(_said(deal, seat, remark.phrase_id))
    return out


def _can_be_taken(deal: Deal) -> bool:
    """Could any card not yet in the trick take the card ahead? (Not a led chosen Seven.)
    Calls about taking the trick are made only then."""
    cards = [c for _, c in deal.current_trick]
    takes = takes_relation(deal.rules, deal.chosen)
    return any(takes(c, cards) for c in deal.rules.pack if c not in cards)


def _weakest_play(deal: Deal) -> Action:
    rules, chosen = deal.rules, deal.chosen
    plays = [(a, a.card) for a in deal.legal_actions() if a.kind == ActionKind.PLAY and a.card]
    return min(plays, key=lambda ac: (rules.strength(ac[1], chosen), ac[1].index))[0]


class GoldenDeal:
    """A deal played to its end by :func:`book_player`, with every step explained."""

    def __init__(self, number: int = GOLDEN_DEAL_NUMBER, game: str = KNUEFFELN) -> None:
        self.number = number
        start = new_deal(game, seed=number)
        self._start = start.copy()
        deal = start
        steps: list[DealStep] = []
        first_play = True
        while (seat := deal.to_move) is not None:
            act = book_player(deal)
            playing = deal.phase in (Phase.PLAY, Phase.ANSWER)
            talk = _talk_before(deal, seat, act, first_play and playing)
            first_play = first_play and not playing
            why = explain_move(deal, act)
            what = _what(deal, seat, act)
            trick = len(deal.tricks) + 1 if playing else None
            before = len(deal.tricks)
            deal.apply(act)
            steps.append(DealStep(len(steps) + 1, seat, act, what, why, tuple(talk), trick))
            if (len(deal.tricks) > before and deal.tricks[-1].number == 1
                    and deal.rules.procedure.jann):
                # The winner of the first trick calls 'een vör de Jann!'.
                self._jann_call = (len(steps), _said(deal, deal.tricks[-1].winner,
                                                     "een-voer-de-jann"))
        self.deal = deal
        self.steps = steps

    # -- states ----------------------------------------------------------------------------
    def state(self, k: int) -> Deal:
        """The deal after its first ``k`` actions (replayed from the start)."""
        d = self._start.copy()
        for s in self.steps[:k]:
            d.apply(s.action, s.seat)
        return d

    @cached_property
    def play_start(self) -> int:
        """The number of actions before the first card is played (the exchanges)."""
        return next(s.number - 1 for s in self.steps if s.trick is not None)

    @cached_property
    def after_exchanges(self) -> Deal:
        """The deal when the play begins: the hands after the exchanges."""
        return self.state(self.play_start)

    @property
    def exchange_steps(self) -> list[DealStep]:
        return self.steps[:self.play_start]

    def trick_steps(self, number: int) -> list[DealStep]:
        return [s for s in self.steps if s.trick == number]

    @property
    def first_trick_call(self) -> tuple[int, Said]:
        """(step, line) of the call the winner of the first trick makes."""
        return self._jann_call

    # -- words and pictures ---------------------------------------------------------------------
    def _sym(self, card: Card) -> str:
        return self.deal.card_symbol(card)

    def hands_html(self, deal: Deal | None = None) -> str:
        """The four hands (at the start of the play unless ``deal`` is given), as pictures
        with role badges, strongest first."""
        d = deal or self.after_exchanges
        rows = []
        for seat in d.active:
            side_index = d.side_of(seat)  # every active seat is on a side once the play begins
            side = d.side_name(side_index) if side_index is not None else ""
            pic = hand_html(d.hands[seat], game=d.rules, chosen=d.chosen, width=52)
            rows.append(f'<div style="margin:0.4em 0"><b>{escape(seat_word(d.names[seat]))}</b> '
                        f'<small>({escape(side)})</small><br>{pic}</div>')
        return f'<div class="knlib-golden-hands" style="{HTML_STYLE}">{"".join(rows)}</div>'

    def _talk_html(self, said: tuple[Said, ...] | list[Said], *, check: bool = False) -> str:
        """Table talk, one player at a time, each line with its gloss. ``check``: say whether
        each claim is true of the speaker's hand (only where the lesson is about bluffing:
        Evening 5's conversation)."""
        items = "".join(self._said_html(s, check) for s in said)
        return f'<ul style="list-style:none;margin:0.2em 0;padding:0">{items}</ul>'

    def _said_html(self, s: Said, check: bool) -> str:
        names = [seat_word(n) for n in self.deal.names]
        name = names[s.seat]
        rendering = rendering_shown(s.german, s.english)
        german = (" <small>" + tr("(in standard German: {german})", german=(
            f'<i lang="de">{escape(rendering)}</i>')) + "</small>" if rendering else "")
        english = s.english if s.english.endswith((".", "!", "?")) else s.english + "."
        note = ""
        if s.own:
            note = tr("The book’s own line: the sources do not give it.")
        elif check and s.true is not None and s.about is not None:
            note = (tr("{name}’s truthful answer would be yes.", name=names[s.about]) if s.true
                    else tr("{name}’s truthful answer would be no.", name=names[s.about]))
        elif check and s.true is not None:
            said = s.claim
            claim = (tr("{name} {claim}", name=name, claim=said)
                     if PHRASEBOOK[s.phrase_id].claim.startswith("holds ")
                     else tr("The claim: {claim}", claim=said))
            note = (tr("{claim}: ✓ true.", claim=claim) if s.true
                    else tr("{claim}: ✗ not true, a bluff.", claim=claim))
        small = f" <small>{escape(note)}</small>" if note else ""
        return (f'<li style="margin:0.15em 0"><b>{escape(name)}</b>: '
                f'<i lang="{"nds" if s.german else "de"}">{escape(quoted(s.text))}</i>{german} '
                f"— {escape(english)}{small}</li>")

    def exchanges_html(self) -> str:
        """The exchanges: each card given and taken as a picture, with the reason."""
        d = self.deal
        items = []
        for s in self.exchange_steps:
            pic = ""
            given, taken = s.action.card, s.action.other
            if s.action.kind == ActionKind.EXCHANGE and given and taken:
                pic = (hand_svg([given], game=d.rules, chosen=d.chosen, width=44)
                       + '<span style="font-size:1.6em;vertical-align:top;margin:0 0.3em">→'
                       "</span>"
                       + hand_svg([taken], game=d.rules, chosen=d.chosen, width=44))
            items.append(f'<div style="margin:0.5em 0">{pic}<div>{escape(s.why)}</div></div>')
        return f'<div class="knlib-golden-exchanges" style="{HTML_STYLE}">{"".join(items)}</div>'

    def trick_html(self, number: int) -> str:
        """One trick: the table talk and each player's reason, in order, then the trick as
        a picture with the engine's reason why the winning card wins."""
        d = self.deal
        trick = d.tricks[number - 1]
        parts = []
        for s in self.trick_steps(number):
            if s.talk:
                parts.append(self._talk_html(s.talk))
            parts.append(f'<p style="margin:0.25em 0">▸ <b>{escape(s.what)}</b> '
                         f"{escape(s.why)}</p>")
        expl = explain_trick(d.rules, trick.cards, d.chosen)
        picture = trick_html(trick.cards, game=d.rules, chosen=d.chosen,
                             seats=[d.names[x] for x in trick.seats], winner=expl.winner)
        down = tr(" It was led face down, then seen.") if trick.face_down else ""
        won = ", ".join(f"{d.side_name(i)} {n}" for i, n in
                        enumerate(self.state(self._last_step_of(number)).tricks_won))
        summary = expl.summary([d.names[x] for x in trick.seats])
        steps = "".join(f'<li style="margin:0.2em 0">{escape(step.sentence)}</li>'
                        for step in expl.steps)
        parts.append(f"<div>{picture}</div>")
        head = tr("Trick {number}: {summary}", number=number, summary=summary)
        so_far = tr(" Tricks so far: {won}.", won=won)
        parts.append(f'<p style="margin:0.25em 0"><b>{escape(head)}</b>'
                     f"{escape(down)}{escape(so_far)}</p>")
        why = tr("why?")
        parts.append('<details class="knlib-why"><summary style="cursor:pointer">'
                     f'{escape(why)}</summary><ol style="margin:0.4em 0 0.4em 1.4em;'
                     f'padding:0">{steps}</ol></details>')
        if number == 1:
            parts.append(self._talk_html([self.first_trick_call[1]]))
        return f'<div class="knlib-golden-trick" style="{HTML_STYLE}">{"".join(parts)}</div>'

    def _last_step_of(self, number: int) -> int:
        return max(s.number for s in self.trick_steps(number) if s.action.kind == ActionKind.PLAY)

    def ending_html(self) -> str:
        """The steps after the last trick (the Jann decision) and the settlement."""
        last = max(s.number for s in self.steps if s.action.kind == ActionKind.PLAY)
        parts = [f'<p style="margin:0.25em 0">▸ <b>{escape(s.what)}</b> {escape(s.why)}</p>'
                 for s in self.steps[last:]]
        parts.append(self.settlement_html())
        return f'<div class="knlib-golden-end" style="{HTML_STYLE}">{"".join(parts)}</div>'

    def settlement_html(self) -> str:
        """Who pays whom, from the deal's result."""
        d = self.deal
        res = d.result
        assert res is not None
        rows = "".join(
            f'<tr><td style="padding:2px 10px">{escape(d.names[s])}</td>'
            f'<td style="padding:2px 10px;text-align:right">'
            f"{escape(format_amount(res.unit, p, sign=True))}</td></tr>"
            for s, p in enumerate(res.payments))
        reason = res.reason.replace("accepted turn", "face-down lead seen").replace(
            "face-down lead seens", "face-down leads seen")
        head, player, pays = (tr("The settlement."), tr("player"),
                              tr("receives (+) or pays (−)"))
        return (f'<p style="margin:0.4em 0"><b>{escape(head)}</b> {escape(reason)}</p>'
                f'<table style="border-collapse:collapse"><tr><th style="text-align:left;'
                f'padding:2px 10px">{escape(player)}</th><th style="padding:2px 10px">'
                f"{escape(pays)}</th></tr>{rows}</table>")

    def conversation(self) -> list[tuple[str, list[Said]]]:
        """Evening 5's sample conversation at this deal's table: the moments of the deal
        (a title for each) and what is said there, each claim checked on the hands."""
        names = list(self.deal.get_game().names)  # the script's names, in English
        out: list[tuple[str, list[Said]]] = []
        for when, lines in _CONVERSATION:
            step = self.play_start if when == "start" else int(when)
            d = self.state(step)
            title = self._moment(d, step, lines[0][1] == "een-voer-de-jann")
            said = []
            for speaker, pid, to in lines:
                p = PHRASEBOOK[pid] if pid in PHRASEBOOK.ids else None
                target = None
                if d.current_trick and p is not None and p.needs_target:
                    cards = [c for _, c in d.current_trick]
                    target = cards[d.rules.ahead_sequence(cards, d.chosen)[-1]]
                about = names.index(to) if to and p is not None and p.kind == "question" \
                    else None
                said.append(_said(d, names.index(speaker), pid, target, about))
            out.append((title, said))
        return out

    def _moment(self, d: Deal, step: int, trick_over: bool) -> str:
        if step == self.play_start:
            return tr("Before the first lead (the exchanges are over)")
        if d.phase == Phase.JANN:
            return tr("After the fifth trick: the Jann")
        if d.current_trick:
            seats = ", ".join(f"{seat_word(d.names[s])} {d.card_symbol(c)}"
                              for s, c in d.current_trick)
            return tr("Trick {number}, cards so far: {cards}", number=len(d.tricks) + 1,
                      cards=seats)
        if trick_over:
            t = d.tricks[-1]
            return tr("Trick {number} is over: {who} has won it", number=t.number,
                      who=seat_word(d.names[t.winner]))
        if d.to_move is None:
            return tr("The deal is over")
        return tr("Trick {number}: {who} is on lead", number=len(d.tricks) + 1,
                  who=seat_word(d.names[d.to_move]))

    def hand_talk_html(self) -> str:
        """Each hand when the play begins, sorted into the categories the talk uses, with
        the line a truthful player says about it (:func:`knlib.players.talk.truthful_line`)."""
        d = self.after_exchanges
        rows = []
        says = tr("A truthful player says:")
        for seat in d.active:
            line = truthful_line(d.hands[seat], d.chosen, d.rules)
            pic = hand_html(d.hands[seat], game=d.rules, chosen=d.chosen, width=40)
            rows.append(f'<div style="margin:0.6em 0"><b>{escape(seat_word(d.names[seat]))}</b>'
                        f"<br>{pic}"
                        f"<br><small>{escape(str(describe_hand(d.hands[seat], d.chosen)))}"
                        f"</small><br>{escape(says)} "
                        f"<i>{escape(quoted(line.text))}</i> ({escape(line.english)})</div>")
        return f'<div style="{HTML_STYLE}">{"".join(rows)}</div>'

    def conversation_html(self) -> str:
        """The sample conversation as HTML: each moment, then each line with its gloss."""
        parts = []
        for title, said in self.conversation():
            parts.append(f'<p style="margin:0.6em 0 0.1em"><b>{escape(title)}</b></p>')
            parts.append(self._talk_html(said, check=True))
        return f'<div class="knlib-golden-talk" style="{HTML_STYLE}">{"".join(parts)}</div>'

    def record(self) -> dict[str, Any]:
        """The deal as stored data (pack order and actions): the one deal behind every text."""
        return json.loads(self.deal.to_json())

    def __repr__(self) -> str:
        return f"<GoldenDeal number={self.number}>"


#: Evening 5's sample conversation: (actions before it is said, or "start" for the start
#: of the play) -> lines (speaker, phrase id or own-line id, the one addressed). Every
#: claim is checked on the hands by :meth:`GoldenDeal.conversation`; the tests check that
#: the claims hold except for the one bluff, and that it uses every core phrase.
_CONVERSATION: tuple[tuple[str, tuple[tuple[str, str, str | None], ...]], ...] = (
    ("start", (("West", "bist-du-alt", "East"),
               ("East", "du-musst-erst", "West"),
               ("North", "stecher-und-ausspieler", "South"),
               ("South", "nich-recht-to-huus", "North"))),
    ("5", (("South", "kann-ik-nich", "North"),)),
    ("8", (("North", "een-voer-de-jann", None),)),
    ("9", (("West", "kannst-du", "East"),
           ("East", "ja", "West"))),
    ("16", (("North", "ich-dreh-ein-um", None),)),
    ("26", (("North", "wir-hoeren-auf", None),)),
)
assert {pid for _, lines in _CONVERSATION for _, pid, _ in lines} >= set(CORE_PHRASES)

_CACHE: dict[tuple[int, str], GoldenDeal] = {}


def golden_deal(number: int = GOLDEN_DEAL_NUMBER) -> GoldenDeal:
    """The golden deal (made once per deal number and language: its steps keep their
    words)."""
    key = (number, current_language())
    if key not in _CACHE:
        _CACHE[key] = GoldenDeal(number)
    return _CACHE[key]
