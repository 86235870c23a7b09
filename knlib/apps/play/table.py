"""The model both front ends drive: :class:`Table`, a session at the table with the reader
in one seat and computer players in the others, and its story as :class:`Event` lines;
:func:`transcript` (one deal played by four computer players) and the choice of
opponents (:func:`opponents`, :func:`make_table_player`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from ...engine.deal import Action, Deal
from ...engine.scoring import Session, format_amount
from ...errors import RulesError
from ...i18n import marked, tr
from ...players.bots import Player, make_player
from ...players.deadline import check_budget
from ...players.talk import quoted
from ...render.display import explanation_html
from ...rules.games import Ruleset
from ...rules.tricks import explain_trick
from .moves import move_text
from .words import (
    Coached,
    TableWords,
    capitalized,
    card_text,
    chosen_words,
    hint_words,
    review_words,
)

__all__ = ["Table", "Event", "transcript", "opponents", "make_table_player", "TABLE_PLAYERS",
           "THINKING_SECONDS", "TRUTHFUL", "MAX_DEAL"]

#: The highest deal number of a table (a deal's number is its table's and its own).
MAX_DEAL = 999

#: The head of the line that shows the reader the truthful table talk for their hand.
TRUTHFUL = marked("Your truthful line would be:")

#: What the reader does, and what another seat does, by kind of action ({who}: the seat as
#: :meth:`Table.who` names it; {card}, {other}: cards).
_DONE_BY_READER = {
    "play": marked("You play {card}."),
    "down": marked("You lead {card} face down (drehen)."),
    "see": marked("You see."),
    "seen": marked("You see: the card is {card}."),
    "run": marked("You run."),
    "exchange": marked("You exchange {card} for {other}."),
    "pass": marked("You keep the card (no exchange)."),
}
_DONE_BY_OTHER = {
    "play": marked("{who} plays {card}."),
    "down": marked("{who} leads a card face down (drehen)."),
    "see": marked("{who} sees."),
    "seen": marked("{who} sees: the card is {card}."),
    "run": marked("{who} runs."),
    "exchange": marked("{who} exchanges {card} for {other}."),
    "pass": marked("{who} keeps the card (no exchange)."),
}


@dataclass(frozen=True)
class Event:
    """One line of the table's story: ``kind`` is 'deal', 'talk', 'call', 'remark',
    'action', 'trick', 'result', 'score', 'hint' or 'review'; ``seat`` who (None for the table);
    ``text`` in plain words; ``html`` for the notebook (defaults to the text)."""

    kind: str
    seat: int | None
    text: str
    html: str = ""
    #: For talk and calls: the claim is false for the speaker's hand (never shown in a game).
    bluff: bool = False
    #: For talk, calls and remarks: the words said, and their gloss (what they mean).
    words: str = ""
    gloss: str = ""

    def __str__(self) -> str:
        return self.text


class Table(TableWords):
    """A session at the table: the reader at ``seat``, computer players elsewhere
    (``seat=None``: computer players in every seat, as for :func:`transcript`).

    ``bots`` is one player (or name) for every other seat, or a list of one per seat
    (the reader's entry is ignored); the default is :class:`~knlib.players.bots.RulePlayer` with
    a small ``bluff_rate`` so that some table talk is a bluff. ``seed`` fixes the deals
    (through the session) and the players' talk. ``time_budgets`` bounds the time of
    each decision of the players given by name: seconds by name, for example
    :data:`THINKING_SECONDS` (the terminal's); none by default.
    """

    def __init__(self, game: str | Ruleset = "knueffeln", *, seed: int | None = 0,
                 seat: int | None = 0, bots: Any = None, bluff_rate: float = 0.1,
                 names: Sequence[str] | None = None, players: int | None = None,
                 time_budgets: Mapping[str, float] | None = None, deal: int = 1) -> None:
        self.session = Session(game, seed=seed, players=players,
                               names=tuple(names) if names else None)
        n = self.session.players
        if isinstance(deal, bool) or not isinstance(deal, int) or not 1 <= deal <= MAX_DEAL:
            raise RulesError(tr("deal {value} of a table: a table's deals are numbered 1 to "
                                "{last}", value=repr(deal), last=MAX_DEAL))
        #: The present deal's number at this table (1 for the first; deal 3 of table 4711
        #: is the same deal whoever sits down at it).
        self.number = deal
        for _ in range(deal - 1):  # the deals before it, dealt and passed on unplayed
            self.session.new_deal()
            self.session.dealer = (self.session.dealer + 1) % n
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < n):
            raise RulesError(tr("seat {value} is not a seat: seats are 0 to {last}",
                                value=repr(seat), last=n - 1))
        self.seat = seat
        self.rules = self.session.rules
        base = "none" if seed is None else str(seed)
        if bots is None:
            bots = ["rules"] * n
        elif isinstance(bots, str) or not isinstance(bots, Sequence):
            bots = [bots] * n
        if len(bots) != n:
            raise RulesError(tr("give one player for each of the {count} seats, or one for "
                                "all", count=n))
        self.bots: list[Player] = []
        for s, b in enumerate(bots):
            if isinstance(b, str):
                p = make_table_player(b, f"{base}:{s}",
                                      time_budget=(time_budgets or {}).get(b))
                p.bluff_rate = bluff_rate
                p.seed_talk(f"talk {base}:{s}")
            else:
                p = make_table_player(b)
            self.bots.append(p)
        self.events: list[Event] = []
        self.deal: Deal = self.session.new_deal()
        self._announced = False
        self._recorded = False
        self._start_deal()

    # -- the story ---------------------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return self.deal.names

    def _say(self, kind: str, seat: int | None, text: str, html: str = "",
             bluff: bool = False, words: str = "", gloss: str = "") -> None:
        self.events.append(Event(kind, seat, text, html or escape(text), bluff, words, gloss))

    def _speak(self, kind: str, seat: int, words: str, english: str,
               bluff: bool = False) -> None:
        """Record what a player says at the table: 'North: “kommt” (I can take it)'."""
        name = capitalized(self.who(seat))
        said = quoted(words)
        self._say(kind, seat, f"{name}: {said} ({english})",
                  f"<b>{escape(name)}</b>: <i>{escape(said)}</i> ({escape(english)})", bluff,
                  words, english)

    def who(self, seat: int) -> str:
        """'you', 'your partner North', or the seat's name."""
        if seat == self.seat:
            return tr("you")
        d = self.deal
        if self.seat is None:
            return d.names[seat]
        mine, theirs = d.side_of(self.seat), d.side_of(seat)
        if mine is not None and mine == theirs:
            return tr("your partner {name}", name=d.names[seat])
        return f"{d.names[seat]}"

    def _start_deal(self, advance: bool = True) -> None:
        d = self.deal
        self._announced = False
        self._recorded = False
        self._first = len(self.events)
        ups = " ".join(card_text(self.rules, c) for c in d.turn_ups)
        self._say("deal", None, tr("Deal {number}: {dealer} deals.",
                                   number=self.number, dealer=d.names[d.dealer])
                  + " " + chosen_words(self.rules, d.chosen)
                  + (tr("; turn-ups {cards}", cards=ups) if ups else "") + ".")
        if advance:
            self.advance()

    def advance(self) -> None:
        """Let the computer players act until the reader is to act or the deal is over."""
        d = self.deal
        while (seat := d.to_move) is not None:
            self._announce()
            if seat == self.seat:
                self._partner_call(seat)
                return
            if self.seat is None:
                self._partner_call(seat)
            bot = self.bots[seat]
            action = bot.choose(d)
            self._apply(seat, action, bot)
        self._finish()

    def _announce(self) -> None:
        """Once the play begins: what each computer player says about its hand."""
        d = self.deal
        if self._announced or d.phase in ("exchange", "dealer's choice"):
            return
        self._announced = True
        for s in range(d.players):
            if s == self.seat or not d.hands[s]:
                continue
            line = self.bots[s].talk(d, s)
            if line is not None:
                self._speak("talk", s, line.text, line.english, line.bluff)
        if self.seat is not None and d.hands[self.seat]:
            from ...players.talk import TALK_GAMES, truthful_line

            if self.rules.id in TALK_GAMES:
                line = truthful_line(d.hands[self.seat], d.chosen, self.rules)
                head = tr(TRUTHFUL)
                said = quoted(line.text)
                self._say("talk", self.seat, f"{head} {said} ({line.english})",
                          f"<small>{escape(head)} <i>{escape(said)}</i> "
                          f"({escape(line.english)})</small>")

    def _partner_call(self, mover: int) -> None:
        """Before ``mover`` plays to a trick in which an opponent is ahead, a computer
        partner still to play says whether they can take it (a call from the phrasebook)."""
        d = self.deal
        side = d.side_of(mover)
        if d.phase != "play" or not d.current_trick or side is None:
            return
        for s in d.sides[side]:
            if s == mover or s == self.seat:
                continue
            remark = self.bots[s].call(d, s)
            if remark is not None:
                self._speak("call", s, remark.text, remark.english, remark.bluff)

    def _apply(self, seat: int, action: Action | str, bot: Player | None) -> None:
        d = self.deal
        act = Action(action)
        speaker = bot or self.bots[seat]
        remark = speaker.remark(d, seat, act)
        before = len(d.tricks)
        was_face_down_lead = d.current_face_down
        d.apply(act)
        if remark is not None:
            self._say("remark", seat, f"{capitalized(self.who(seat))}: {quoted(remark.text)} "
                      f"({remark.english})", words=remark.text, gloss=remark.english)
        if not (act.kind == "pass" and seat != self.seat):
            # A computer player's pass is not announced: who holds what stays hidden.
            self._say("action", seat, self._action_text(seat, act, was_face_down_lead))
        if len(d.tricks) > before:
            self._trick_closed()

    def _action_text(self, seat: int, act: Action, answered_down: bool) -> str:
        who = capitalized(self.who(seat))
        d = self.deal
        kind: str = act.kind
        if kind == "see" and answered_down:
            kind = "seen"
        if kind not in _DONE_BY_OTHER:
            return f"{who}: {move_text(act)}."  # 'East: stop.' (German 'Ost: aufhören.')
        card = d.current_trick[0][1] if kind == "seen" else act.card
        said = _DONE_BY_READER if seat == self.seat else _DONE_BY_OTHER
        return tr(said[kind], who=who, card=card_text(self.rules, card),
                  other=card_text(self.rules, act.other))

    def _trick_closed(self) -> None:
        d = self.deal
        t = d.tricks[-1]
        expl = explain_trick(self.rules, t.cards, d.chosen)
        won = ", ".join(f"{d.side_name(i)} {k}" for i, k in enumerate(d.tricks_won))
        names = [d.names[s] for s in t.seats]
        summary = expl.summary(names)
        played = ", ".join(f"{n} {card_text(self.rules, c)}" for n, c in zip(names, t.cards,
                                                                             strict=True))
        # The first line says who won and why; the card-by-card reasoning follows ("why?").
        text = (tr("Trick {number}: {played}.", number=t.number, played=played)
                + f" {summary} " + tr("Tricks: {tricks}.", tricks=won) + "\n" + tr("Why?")
                + "\n" + str(expl))
        html = ("<p><b>" + escape(tr("Trick {number}", number=t.number)) + "</b> "
                + escape(tr("(tricks: {tricks})", tricks=won)) + "</p>"
                + explanation_html(expl, names))
        self._say("trick", t.winner, text, html)
        who = self.who(t.winner)
        if t.number == 1 and d.side_of(t.winner) is not None:
            from ...players.talk import TALK_GAMES

            if self.rules.id in TALK_GAMES and d.proc.jann and t.winner != self.seat:
                gloss = tr("One for the Jann!")
                said = quoted("een vör de Jann!")
                self._say("remark", t.winner, f"{capitalized(who)}: {said} ({gloss})",
                          words="een vör de Jann!", gloss=gloss)

    def _finish(self) -> None:
        d = self.deal
        if self._recorded or not d.is_over:
            return
        res = d.result
        assert res is not None
        unit = res.unit
        pays = ", ".join(f"{d.names[s]} {format_amount(unit, p, sign=True)}"
                         for s, p in enumerate(res.payments))
        self._say("result", None, f"{res.reason} " + tr("Payments: {payments}.",
                                                          payments=pays))

    # -- the reader's moves ------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """What the reader may do now (empty when a computer player or nobody is to act)."""
        d = self.deal
        return d.legal_actions() if d.to_move == self.seat else []

    def act(self, action: Action | str) -> None:
        """The reader's action (an Action or its text). A RulesError says why it is not
        possible now, and nothing changes."""
        d = self.deal
        if d.is_over:
            raise RulesError(tr("the deal is over ({result}); start a new deal",
                                result=d.result))
        if d.to_move != self.seat:
            raise RulesError(tr("it is not your turn: {seat} is to act",
                                seat=d.to_move_text()))
        act = Action(action)
        if act not in d.legal_actions():
            # Let the engine say why, in the words of the rule.
            d.copy().apply(act)
            raise RulesError(tr("{action} is not possible now", action=act))  # pragma: no cover
        self._apply(self.reader, act, None)
        self.advance()

    def hint(self) -> Coached:
        """The coach's judgement of the reader's decision now, from what the reader can see
        (:func:`knlib.course.coach.judge`: every option played out over layouts of the
        unseen cards), in words. A RulesError when it is not the reader's turn."""
        from ...course.coach import judge

        d = self.deal
        if d.is_over:
            raise RulesError(tr("the deal is over: use 'analyse' to review it"))
        if d.to_move != self.seat:
            raise RulesError(tr("it is not your turn: {seat} is to act",
                                seat=d.to_move_text()))
        h = hint_words(judge(d, self.seat))
        self._say("hint", self.seat, h.text, h.html)
        return h

    def analyse(self, *, progress: bool | None | Callable[[int, int, str], None] = None,
                whole: bool = False) -> Any:
        """The review of the finished deal: every decision of the reader judged as the hint
        would have judged it (:func:`knlib.course.coach.review_deal`), costliest first,
        with the values with all cards face up where the solver answers quickly.
        ``progress``: a callback ``progress(done, total, what)`` (True, False or None: no
        callback); the review stops at :data:`~knlib.course.coach.REVIEW_TIME_LIMIT`
        seconds unless ``whole=True``. At a table of computer players only, the review of
        every decision with all cards face up (:func:`knlib.analysis.advice
        .summarise_review`). A RulesError before the deal is over."""
        from ...analysis.advice import APP_TIME_LIMIT, summarise_review
        from ...course.coach import REVIEW_TIME_LIMIT, review_deal

        d = self.deal
        if not d.is_over:
            raise RulesError(tr("the deal is not over yet: {seat} is to act; 'hint' judges "
                                "your decision now", seat=d.to_move_text()))
        if self.seat is None:
            summary = summarise_review(d, progress=progress,
                                       time_limit=None if whole else APP_TIME_LIMIT)
            self._say("review", None, summary.text, summary.html)
            return summary
        call = progress if callable(progress) else None
        r = review_words(review_deal(d, self.seat, progress=call,
                                     time_limit=None if whole else REVIEW_TIME_LIMIT))
        self._say("review", None, r.text, r.html)
        return r

    def new_deal(self) -> None:
        """Score the finished deal in the session and deal the next (the dealer moves one
        seat clockwise)."""
        d = self.deal
        if not d.is_over:
            raise RulesError(tr("finish this deal first: {seat} is to act",
                                seat=d.to_move_text()))
        for line in self.session.record(d):
            self._say("score", None, line)
        self.deal = self.session.new_deal()
        self.number += 1
        self._start_deal()

    def rewind(self, history: Sequence[tuple[int, Action]], index: int) -> None:
        """Take the present deal back to just before its action ``index`` of ``history``
        (the actions of this deal as played, ``deal.history``), so that the reader can play
        on from there: the story of the deal is told again up to that point. A RulesError
        unless that action is the reader's."""
        if not 0 <= index < len(history) or history[index][0] != self.seat:
            raise RulesError(tr("action {value} is not one of your decisions in this deal",
                                value=repr(index)))
        # the same deal from its start: its pack, dealer and seed
        start = Deal.from_json(_without_history(self.deal.to_json()))
        del self.events[self._first:]
        self.deal = start
        self._start_deal(advance=False)
        for seat, action in history[:index]:
            self._announce()
            if seat == self.seat:
                self._partner_call(seat)
            self._apply(seat, action, None if seat == self.seat else self.bots[seat])
        self.advance()


def _without_history(text: str) -> str:
    """A deal's JSON (:meth:`Deal.to_json`) without its actions: the deal as dealt."""
    import json

    data = json.loads(text)
    data["history"] = []
    return json.dumps(data)


def transcript(game: str | Ruleset = "knueffeln", *, seed: int | None = 0, bots: Any = None,
               bluff_rate: float = 0.2) -> list[Event]:
    """One deal played by four computer players, as the table's story: the deal, each
    player's table talk (``event.bluff`` marks a bluff), every action, every trick with
    its explanation, and the result."""
    return Table(game, seed=seed, seat=None, bots=bots, bluff_rate=bluff_rate).events


def opponents(game: str | Ruleset, opponent: Any, *, seat: int = 0, partner: Any = "rules",
              players: int | None = None) -> list[Any]:
    """One player per seat: ``opponent`` for the reader's opponents, ``partner`` for the
    rest (the reader's own entry is ignored). For example ``opponents('knueffeln',
    'solver')``: the solver player against you, a rule-based partner with you."""
    from ...engine.deal import new_deal

    d = new_deal(game, seed=0, players=players)
    n = d.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise RulesError(tr("seat {value} is not a seat: seats are 0 to {last}",
                            value=repr(seat), last=n - 1))
    return [opponent if d.side_of(s) != d.side_of(seat) else partner for s in range(n)]


#: The computer players offered at the table, weakest first; 'solver' is the strongest.
TABLE_PLAYERS = ("random", "rules", "sampling", "solver")

#: The most time, in seconds, that one decision of a computer player takes in the
#: terminal's game, for the players that search (the others answer at once). Within it
#: they play at their full strength (48 layouts played out; 24 layouts solved, and 24
#: looked ahead in the first tricks), as long as the machine is fast enough; past it they
#: decide on the layouts done so far (:mod:`knlib.players.deadline`).
THINKING_SECONDS: dict[str, float] = {"sampling": 1.0, "solver": 1.5}


def make_table_player(name: Any, seed: Any = None, *,
                      time_budget: float | None = None) -> Player:
    """A computer player by name for the table: :func:`knlib.players.bots.make_player`'s
    names, and 'solver' (:class:`knlib.analysis.player.SolverPlayer`, the strongest).
    ``time_budget``: seconds for each decision of the sampling and solver players (None:
    no limit)."""
    if name == "solver":
        from ...analysis.player import SolverPlayer

        return SolverPlayer(seed=seed, time_budget=time_budget)
    if name == "sampling":
        from ...players.sampling import SamplingPlayer

        return SamplingPlayer(seed=seed, time_budget=time_budget)
    if time_budget is not None:
        check_budget(time_budget)
    return make_player(name, seed)
