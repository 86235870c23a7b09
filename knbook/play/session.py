"""The play controller: :class:`PlaySession`, a session at the table with the reader in one
seat and computer players in the others. It holds the deal and the running score, takes
the reader's moves, lets the computer seats (:mod:`.players`) act, tells the story
(:mod:`.story`) and gives the advice (:mod:`.advice`).

Its faces only draw it and pass the reader's choices on: the practice tool
(:class:`knbook.tools.play.PlayTool`, drawn in the notebook and in the page) and the
terminal (:mod:`.terminal`). :func:`transcript` is one deal played by computer players
only, as its story.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from knlib.engine.deal import Action, Deal
from knlib.engine.explain import refusal, refused
from knlib.engine.scoring import ScoreMark, Session
from knlib.errors import RulesError
from knlib.games import KNUEFFELN, Ruleset
from knlib.kinds import SETUP_PHASES, ActionKind, Phase
from knlib.players.bots import Player

from ..i18n import marked, tr
from .advice import Progress, judge_decision, must_be_over, review_decisions
from .players import Notice, ThinkingPlayer, seat_players
from .reader_words import Coached, ReaderWords, hint_words, review_words
from .story import Event, Story, seat_words

__all__ = ["PlaySession", "transcript", "MAX_DEAL"]

#: The highest deal number of a table (a deal's number is its table's and its own).
MAX_DEAL = 999


class PlaySession(ReaderWords):
    """A session at the table: the reader at ``seat``, computer players elsewhere
    (``seat=None``: computer players in every seat, as for :func:`transcript`).

    ``bots`` is one player (or name) for every other seat, or a list of one per seat
    (the reader's entry is ignored); the default is :class:`~knlib.players.bots.RulePlayer` with
    a small ``bluff_rate`` so that some table talk is a bluff. ``seed`` fixes the deals
    (through the session) and the players' talk. ``time_budgets`` bounds the time of
    each decision of the players given by name: seconds by name, for example
    :data:`~.players.THINKING_SECONDS` (the terminal's); none by default. ``notice``
    is told when a computer player starts and ends thinking (``notice(seat, done)``).
    """

    def __init__(self, game: str | Ruleset = KNUEFFELN, *, seed: int | None = 0,
                 seat: int | None = 0, bots: Any = None, bluff_rate: float = 0.1,
                 names: Sequence[str] | None = None, players: int | None = None,
                 time_budgets: Mapping[str, float] | None = None, deal: int = 1,
                 notice: Notice | None = None) -> None:
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
        self.bots: list[Player] = seat_players(bots, n, seed, bluff_rate=bluff_rate,
                                               time_budgets=time_budgets)
        if notice is not None:
            self.bots = [ThinkingPlayer(b, s, notice) for s, b in enumerate(self.bots)]
        self.story = Story(seat)
        self.deal: Deal = self.session.new_deal()
        self._announced = False
        self._start_deal()

    @property
    def events(self) -> list[Event]:
        """The story so far (:class:`~.story.Event` lines, oldest first)."""
        return self.story.events

    @property
    def names(self) -> tuple[str, ...]:
        return self.deal.names

    def who(self, seat: int) -> str:
        """'you', 'your partner North', or the seat's name."""
        return seat_words(self.deal, self.seat, seat)

    # -- the computer seats act ---------------------------------------------------------------
    def _start_deal(self, advance: bool = True) -> None:
        self._announced = False
        self.story.deal_started(self.deal, self.rules, self.number)
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
            self._apply(seat, bot.choose(d), bot)
        if d.is_over:
            self.story.result(d)

    def _announce(self) -> None:
        """Once the play begins: what each computer player says about its hand."""
        d = self.deal
        if self._announced or d.phase in SETUP_PHASES:
            return
        self._announced = True
        for s in range(d.players):
            if s == self.seat or not d.hands[s]:
                continue
            line = self.bots[s].talk(d, s)
            if line is not None:
                self.story.speak("talk", d, s, line.text, line.english, line.bluff)
        if self.seat is not None and d.hands[self.seat]:
            from knlib.players.talk import truthful_line

            if self.rules.table_talk:
                line = truthful_line(d.hands[self.seat], d.chosen, self.rules)
                self.story.truthful(line.text, line.english)

    def _partner_call(self, mover: int) -> None:
        """Before ``mover`` plays to a trick in which an opponent is ahead, a computer
        partner still to play says whether they can take it (a call from the phrasebook)."""
        d = self.deal
        side = d.side_of(mover)
        if d.phase != Phase.PLAY or not d.current_trick or side is None:
            return
        for s in d.sides[side]:
            if s == mover or s == self.seat:
                continue
            remark = self.bots[s].call(d, s)
            if remark is not None:
                self.story.speak("call", d, s, remark.text, remark.english, remark.bluff)

    def _apply(self, seat: int, action: Action | str, bot: Player | None) -> None:
        d = self.deal
        act = Action(action)
        speaker = bot or self.bots[seat]
        remark = speaker.remark(d, seat, act)
        before = len(d.tricks)
        was_face_down_lead = d.current_face_down
        d.apply(act)
        if remark is not None:
            self.story.remark(d, seat, remark.text, remark.english)
        if not (act.kind == ActionKind.PASS and seat != self.seat):
            # A computer player's pass is not announced: who holds what stays hidden.
            self.story.action(d, self.rules, seat, act, was_face_down_lead)
        if len(d.tricks) > before:
            self.story.trick_closed(d, self.rules)
            self._first_trick_won()

    def _first_trick_won(self) -> None:
        """A computer player whose side took the first trick, where a Jann counts, says so."""
        d = self.deal
        t = d.tricks[-1]
        if (t.number == 1 and d.side_of(t.winner) is not None and self.rules.table_talk
                and d.rules.procedure.jann and t.winner != self.seat):
            self.story.remark(d, t.winner, "een vör de Jann!", tr("One for the Jann!"))

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
            raise refused(marked("it is not your turn: {seat} is to act"), d.get_game(),
                          {"seat": d.to_move}, words=tr)
        act = Action(action)
        if act not in d.legal_actions():
            raise refusal(d, act)  # the engine's refusal, in the words of the rule
        self._apply(self.reader, act, None)
        self.advance()

    def new_deal(self) -> None:
        """Score the finished deal in the session (unless :meth:`score_deal` has) and deal
        the next (the dealer moves one seat clockwise)."""
        d = self.deal
        if not d.is_over:
            raise refused(marked("finish this deal first: {seat} is to act"), d.get_game(),
                          {"seat": d.to_move}, words=tr)
        for mark in self.score_marks():
            self.story.scored(mark, self.session)
        self.deal = self.session.new_deal()
        self.number += 1
        self._start_deal()

    def score_deal(self) -> list[str]:
        """Score the finished deal in the session without dealing the next, once: the
        score's lines ([] while the deal is not over, or when it is scored already)."""
        return [self.session.text(mark) for mark in self.score_marks()]

    def score_marks(self) -> list[ScoreMark]:
        """:meth:`score_deal`, with the score's marks as values."""
        d = self.deal
        if not d.is_over or any(done is d for done in self.session.recorded):
            return []
        return self.session.score_marks(d)

    def rewind(self, history: Sequence[tuple[int, Action]], index: int) -> None:
        """Take the present deal back to just before its action ``index`` of ``history``
        (the actions of this deal as played, ``deal.history``), so that the reader can play
        on from there: the story of the deal is told again up to that point. A RulesError
        unless that action is the reader's."""
        if not 0 <= index < len(history) or history[index][0] != self.seat:
            raise RulesError(tr("action {value} is not one of your decisions in this deal",
                                value=repr(index)))
        # the same deal from its start: its pack, dealer and seed
        data = json.loads(self.deal.to_json())
        data["history"] = []
        self.story.retold()
        self.deal = Deal.from_json(json.dumps(data))
        self._start_deal(advance=False)
        for seat, action in history[:index]:
            self._announce()
            if seat == self.seat:
                self._partner_call(seat)
            self._apply(seat, action, None if seat == self.seat else self.bots[seat])
        self.advance()

    # -- the advice ----------------------------------------------------------------------------
    def judge(self, *, progress: Progress | None = None) -> Any:
        """The coach's judgement of the reader's decision now, as a value
        (:func:`.advice.judge_decision`). A RulesError when it is not the reader's turn."""
        return judge_decision(self.deal, self.seat, progress=progress)

    def hint(self) -> Coached:
        """The coach's judgement of the reader's decision now, from what the reader can see
        (:func:`knbook.course.coach.judge`: every option played out over layouts of the
        unseen cards), in words, told in the story. A RulesError when it is not the
        reader's turn."""
        h = hint_words(self.judge())
        self.story.advised("hint", self.seat, h)
        return h

    def review(self, *, progress: Progress | None = None, whole: bool = False) -> Any:
        """The review of the reader's decisions in the finished deal, as a value
        (:func:`.advice.review_decisions`). A RulesError before the deal is over."""
        return review_decisions(self.deal, self.reader, progress=progress, whole=whole)

    def analyse(self, *, progress: bool | None | Callable[[int, int, str], None] = None,
                whole: bool = False) -> Any:
        """The review of the finished deal in words, told in the story: every decision of
        the reader judged as the hint would have judged it, costliest first, with the
        values with all cards face up where the solver answers quickly (:meth:`review`).
        ``progress``: a callback ``progress(done, total, what)`` (True, False or None: no
        callback); the review stops at its time limit unless ``whole=True``. At a table
        of computer players only, the review of every decision with all cards face up
        (:func:`knlib.analysis.advice.summarise_review`). A RulesError before the deal
        is over."""
        from knlib.analysis.advice import APP_TIME_LIMIT, summarise_review

        d = self.deal
        must_be_over(d)
        if self.seat is None:
            summary = summarise_review(d, progress=progress,
                                       time_limit=None if whole else APP_TIME_LIMIT)
            self.story.advised("review", None, summary)
            return summary
        call = progress if callable(progress) else None
        r = review_words(self.review(progress=call, whole=whole))
        self.story.advised("review", None, r)
        return r


def transcript(game: str | Ruleset = KNUEFFELN, *, seed: int | None = 0, bots: Any = None,
               bluff_rate: float = 0.2) -> list[Event]:
    """One deal played by four computer players, as the table's story: the deal, each
    player's table talk (``event.bluff`` marks a bluff), every action, every trick with
    its explanation, and the result."""
    return PlaySession(game, seed=seed, seat=None, bots=bots, bluff_rate=bluff_rate).events
