"""Best play in words: the hint during play and the summary of a deal's review.

Both read the solver (:func:`knlib.analysis.solve`) and the review
(:func:`knlib.analysis.review`) through their public results only, and turn them into
sentences for learners. Every sentence says that the play it speaks of is play "with all
cards face up": the solver sees every hand, and no player at the table does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from ..engine.deal import Action, Deal, as_deal
from ..engine.move_words import (
    LED,
    LED_FACE_UP,
    PLAYED,
    PLAYED_FACE_UP,
    WORDS,
    card_text,
)
from ..engine.scoring import format_amount
from ..engine.serial import parse, shown, whole
from ..errors import RulesError
from ..i18n import marked, ntr, tr
from ..kinds import ActionKind, Phase
from ..players.deadline import Deadline, check_budget, seconds_text
from ..players.player import seat_to_move
from ..players.words import game_word
from .frame import Options, TimeUp
from .position import PLAY_PHASES
from .review import check_max_cards

__all__ = ["FACE_UP", "APP_EXACT_CARDS", "APP_TIME_LIMIT", "Hint", "hint", "action_words",
           "choices_words", "outcome_words", "DecisionNote", "ReviewSummary",
           "summarise_review", "trick_numbers", "StoredEntry", "review_record", "load_review",
           "check_stored_review"]

#: The label every learner-facing result of the solver carries (translated where shown).
FACE_UP = marked("with all cards face up")

def _solve(deal: Deal, deadline: Deadline | None = None) -> Any:
    from . import solve

    return solve(deal, line=False, options=None if deadline is None else Options(
        deadline=deadline))


#: The play widget asks for a hint with all cards face up only from the moment the seat
#: deciding holds this many cards or fewer (in four-player Knüffeln, from the fourth trick
#: on); before, it gives the sampling player's advice.
APP_EXACT_CARDS = 6

#: Seconds a hint or a review may take at the table (the terminal, the play widget): past
#: it a hint says it found no answer in time, and a review keeps the decisions it checked
#: (from the last back).
APP_TIME_LIMIT = 1.5


#: What a review's ``progress`` may be: a bar (True, False, None) or a callback
#: ``progress(done, total, what)``.
Progress = bool | None | Callable[[int, int, str], None]


def _review(deal: Deal, progress: Progress = None, max_cards: int | None = None,
            time_limit: float | None = None) -> Any:
    from . import review

    return review(deal, progress=progress, max_cards=max_cards, time_limit=time_limit)


def _a_deal(deal: Any) -> Deal:
    """``deal`` as a :class:`~knlib.Deal` (a bare State is copied as one); a RulesError
    naming anything else."""
    deal = as_deal(deal)
    if not isinstance(deal, Deal):
        raise RulesError(tr("{value} is not a deal: give a knlib.Deal", value=shown(deal)))
    return deal


def action_words(deal: Deal, action: Action | str) -> str:
    """An action in plain words: 'play ♦A', 'lead ♦A face down (drehen)', 'see', 'run',
    'stop and take the Jann', 'play on for the march' (the words of
    :data:`knlib.engine.move_words.WORDS`, with the deal's)."""
    a = Action(action)
    if a.kind == ActionKind.PLAY:
        up = _play_verb(deal) == "lead" and any(x.kind == ActionKind.DOWN
                                                for x in deal.legal_actions())
        return _cards_played(deal, card_text(deal.rules, a.card), up)
    said = WORDS[a.kind].sentence if a.kind in WORDS else ""
    if not said:
        return a.text
    proc = deal.rules.procedure
    return tr(said, cards=card_text(deal.rules, a.card), jann=game_word(proc.jann_word),
              march=game_word(proc.march_word))


def _play_verb(deal: Deal) -> str:
    """'lead' for the player on lead (where a face-down lead is also possible, 'lead ...
    face up'), else 'play'."""
    return "lead" if deal.phase == Phase.PLAY and not deal.current_trick else "play"


def _cards_played(deal: Deal, cards: str, up: bool) -> str:
    """'play ♦A', 'lead ♦A', 'lead ♦A face up' (``cards``: one card or a choice)."""
    if _play_verb(deal) == "play":
        return tr(PLAYED_FACE_UP if up else PLAYED, cards=cards)
    return tr(LED_FACE_UP if up else LED, cards=cards)


def _or(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else tr("{first} or {last}", first=", ".join(words[:-1]),
                                               last=words[-1])


def choices_words(deal: Deal, acts: Sequence[Action]) -> str:
    """Several actions in words, cards played and cards led face down each together:
    'play ♣K, ♦K or ♠K, or lead ♣K face down (drehen)'."""
    plays = [card_text(deal.rules, a.card) for a in acts if a.kind == ActionKind.PLAY]
    downs = [card_text(deal.rules, a.card) for a in acts if a.kind == ActionKind.DOWN]
    parts = []
    if plays:
        up = bool(downs) or any(a.kind == ActionKind.DOWN for a in deal.legal_actions())
        parts.append(_cards_played(deal, _or(plays), up))
    if downs:
        parts.append(tr(WORDS[ActionKind.DOWN].sentence, cards=_or(downs)))
    parts += [action_words(deal, a) for a in acts
              if a.kind not in (ActionKind.PLAY, ActionKind.DOWN)]
    return parts[0] if len(parts) == 1 else tr("{first}, or {last}", first=", ".join(parts[:-1]),
                                               last=parts[-1])


def outcome_words(deal: Deal, value: int, *, side: str | None = None) -> str:
    """'your side wins €0.10 each', 'your side loses €1.00 each' (the payment to each
    member of a side in the game's unit)."""
    side = tr("your side") if side is None else side
    deal = _a_deal(deal)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(tr("value {value} is not a whole number: a payment is a whole "
                            "number in the game's unit (cents, points)", value=shown(value)))
    unit = deal.rules.stakes.unit
    amount = _each(deal, format_amount(unit, abs(value)))
    if value > 0:
        return tr("{side} wins {amount}", side=side, amount=amount)
    if value < 0:
        return tr("{side} loses {amount}", side=side, amount=amount)
    return tr("{side} neither wins nor loses", side=side)


def _each(deal: Deal, amount: str) -> str:
    """'€0.10 each' where each member of a side is paid, else the amount alone."""
    return tr("{amount} each", amount=amount) if _members(deal) > 1 else amount


def _members(deal: Deal) -> int:
    """Members of the smaller side, where each member is paid (money); 1 for games scored
    by points, rungs or strokes for the side."""
    if deal.rules.stakes.unit not in ("cents", "Pf"):
        return 1
    return min((len(s) for s in deal.sides), default=1)


class _Words:
    """Sentences with an HTML form: ``str()`` gives ``text``, a notebook shows ``html``."""

    text: str
    html: str

    def __str__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        return self.html


@dataclass(frozen=True)
class Hint(_Words):
    """Best play for the seat to move, with all cards face up: ``best`` (the actions that
    keep the best payment), ``values`` (each legal action's payment to the mover's side,
    best first) and ``text`` (sentences; ``html`` for the notebook)."""

    seat: int
    best: tuple[Action, ...]
    values: tuple[tuple[Action, int], ...]
    text: str
    html: str


def hint(deal: Deal, *, who: str | None = None, max_cards: int | None = None,
         time_limit: float | None = None) -> Hint:
    """The best action(s) for the seat to move, with all cards face up, and what every
    other choice would cost, in words. A RulesError (from the solver) when the deal is not
    in its play phase or cannot be solved as two sides, when the seat to move holds
    more than ``max_cards`` cards, or when the search takes longer than ``time_limit``
    seconds (None: no limit); the deal is left unchanged."""
    deal = _a_deal(deal)
    if who is not None and not isinstance(who, str):
        raise RulesError(tr("who={value} is not a text: give the words for the side to move, "
                            "such as 'your side', or None", value=shown(who)))
    check_max_cards(max_cards)
    limit = check_budget(time_limit, "time_limit")
    if deal.is_over:
        raise RulesError(tr("the deal is over: there is no decision left to hint at"))
    if deal.phase not in PLAY_PHASES:
        raise RulesError(tr("the deal is in its {phase} phase, not the play: a hint with all "
                            "cards face up is given once the play has begun",
                            phase=repr(str(deal.phase))))
    held = len(deal.hands[deal.to_move]) if deal.to_move is not None else 0
    if max_cards is not None and held > max_cards:
        raise RulesError(tr("a hint with all cards face up is given once you hold {most} "
                            "cards or fewer; with {held} cards an exact answer can take "
                            "minutes", most=max_cards, held=held))
    try:
        result = _solve(deal, None if limit is None else Deadline(limit))
        solved = list(result.values.items())
    except TimeUp:
        raise RulesError(tr("no hint within {seconds}: best play with all cards face up was "
                            "still being searched when the time ran out; early in a deal, "
                            "with {held} cards in hand, the search can take minutes, and "
                            "after a trick or two it is much quicker",
                            seconds=seconds_text(limit or 0), held=held)) from None
    seat = seat_to_move(deal)
    order = {a: i for i, a in enumerate(deal.legal_actions())}
    values = sorted(((a, int(v)) for a, v in solved),
                    key=lambda av: (-av[1], order.get(av[0], 0)))
    top = values[0][1]
    best = tuple(a for a, v in values if v == top)
    groups: list[tuple[int, list[Action]]] = []
    for a, v in values:
        if groups and groups[-1][0] == v:
            groups[-1][1].append(a)
        else:
            groups.append((v, [a]))

    def choices(acts: Sequence[Action]) -> str:
        return choices_words(deal, acts)

    head = tr("Hint, {face_up}: {choices} — then, with best play on both sides, {outcome}.",
              face_up=tr(FACE_UP), choices=choices(best),
              outcome=outcome_words(deal, top, side=who))
    lines = [head]
    if len(groups) == 1:
        lines.append(tr("Every choice comes to the same here."))
    for v, acts in groups[1:]:
        lines.append(tr("If you {choices}: {outcome} ({amount} worse).", choices=choices(acts),
                        outcome=outcome_words(deal, v, side=who),
                        amount=format_amount(deal.rules.stakes.unit, top - v)))
    lines.append(tr("The computer sees every hand for this; at the table nobody does."))
    text = "\n".join(lines)
    html = ('<div class="knlib-hint"><b>' + escape(lines[0]) + "</b>"
            + "".join(f"<br>{escape(x)}" for x in lines[1:]) + "</div>")
    return Hint(seat, best, tuple(values), text, html)


# -- the review ------------------------------------------------------------------------------------


def trick_numbers(deal: Deal) -> list[tuple[int, Action, int]]:
    """(seat, action, trick number) for every decision of the play phase, in order: the
    number of the trick each decision was made in (a see, run or Jann choice included)."""
    replay = Deal.from_json(_without_history(deal))
    out = []
    for seat, act in deal.history:
        if replay.phase in PLAY_PHASES:
            n = len(replay.tricks) + (0 if replay.phase == Phase.JANN else 1)
            out.append((seat, act, n))
        replay.apply(act, seat)
    return out


def _without_history(deal: Deal) -> str:
    import json

    data = json.loads(deal.to_json())
    data["history"] = []
    return json.dumps(data)


@dataclass(frozen=True)
class DecisionNote:
    """One decision of a review that changed the outcome: who, what, in which trick, and
    the payment to the decider's side before and after it (best play, all cards face up)."""

    seat: int
    action: Action
    trick: int
    before: int
    after: int
    text: str


@dataclass(frozen=True)
class ReviewSummary(_Words):
    """The review of a deal in words: the decisions that changed the outcome (``notes``),
    the money each side gave away (``lost``, by side index) and ``text``/``html``."""

    notes: tuple[DecisionNote, ...]
    lost: tuple[int, ...]
    decisions: int
    text: str
    html: str


def summarise_review(deal: Deal, entries: Sequence[Any] | None = None, *,
                     progress: Progress = None, max_cards: int | None = None,
                     time_limit: float | None = None) -> ReviewSummary:
    """The review of a finished (or partly played) deal in sentences: each decision that
    changed the best-play outcome for the side that made it, what it cost, and which side
    gained in all. ``entries`` are :func:`knlib.analysis.review` entries (computed if
    not given; ``progress`` and ``max_cards`` go to it: None shows a progress bar except
    under pytest, a callback ``progress(done, total, what)`` is told after each decision;
    only decisions taken with at most ``max_cards`` cards in hand; ``time_limit``: seconds
    for the review, which checks the decisions from the last back and leaves out those
    not reached in time, and says so)."""
    deal = _a_deal(deal)
    if entries is None:
        entries = _review(deal, progress, max_cards, time_limit)
    elif isinstance(entries, str | bytes) or not isinstance(entries, Sequence) or not all(
            hasattr(e, "changed") and hasattr(e, "seat") for e in entries):
        raise RulesError(tr("entries={value} is not a review: give the entries of "
                            "knlib.analysis.review(deal), or None to review the deal",
                            value=shown(entries)))
    numbers: dict[tuple[int, Action], list[tuple[int, int]]] = {}
    decisions = trick_numbers(deal)
    for i, (seat, act, n) in enumerate(decisions):
        numbers.setdefault((seat, act), []).append((i, n))
    unit = deal.rules.stakes.unit
    notes = []
    lost = [0] * len(deal.sides)
    used: set[int] = set()
    for e in entries:
        if not e.changed:
            continue
        trick = 0
        for i, n in numbers.get((e.seat, Action(e.action)), []):
            if i not in used:
                used.add(i)
                trick = n
                break
        trick = int(getattr(e, "trick", 0) or trick)
        side = deal.side_of(e.seat)
        assert side is not None, "a decision of the play phase is made by a side"
        cost = int(e.before) - int(e.after)
        if side is not None and cost > 0:
            lost[side] += cost
        where = " " + tr("in trick {n}", n=trick) if trick else ""
        best = tuple(getattr(e, "best", ()) or ())
        better = (" " + tr("(best was to {choices})", choices=choices_words(deal, best))
                  if best else "")
        what = tr("{name} chose to {verb}{where}{best}: before it, best play would have given "
                  "{side} {before}; after it, {after}.", name=deal.names[e.seat],
                  verb=action_words(deal, e.action), where=where, best=better,
                  side=deal.side_name(side),
                  before=_each(deal, format_amount(unit, int(e.before), sign=True)),
                  after=_each(deal, format_amount(unit, int(e.after), sign=True)))
        if cost > 0:
            what += " " + tr("It cost them {amount}.",
                             amount=_each(deal, format_amount(unit, cost)))
        notes.append(DecisionNote(e.seat, Action(e.action), trick, int(e.before),
                                  int(e.after), " ".join(what.split())))
    n = len(entries)
    cut_at = getattr(entries, "time_limit", None)
    if cut_at is not None:
        first = min((int(getattr(e, "trick", 0) or 0) for e in entries), default=0)
        head = ntr("Review, {face_up}: the last decision checked, in trick {trick}; the "
                   "time limit of {seconds} ran out before the earlier ones.",
                   "Review, {face_up}: the last {n} decisions checked, back to trick "
                   "{trick}; the time limit of {seconds} ran out before the earlier ones.",
                   n, face_up=tr(FACE_UP), seconds=seconds_text(cut_at), trick=first) if n else tr(
            "Review, {face_up}: the time limit of {seconds} ran out before any decision "
            "was checked.", face_up=tr(FACE_UP), seconds=seconds_text(cut_at))
    elif max_cards is not None and n < len(decisions):
        head = ntr("Review, {face_up}: {n} decisions checked, from the moment each player "
                   "held {most} cards or fewer.",
                   "Review, {face_up}: {n} decisions checked, from the moment each player "
                   "held {most} cards or fewer.", n, face_up=tr(FACE_UP), most=max_cards)
    else:
        head = ntr("Review, {face_up}: {n} decisions checked.",
                   "Review, {face_up}: {n} decisions checked.", n, face_up=tr(FACE_UP))
    lines = [head]
    if not notes:
        lines.append(tr("No decision changed the outcome: both sides kept to best play "
                        "throughout."))
    lines += [n.text for n in notes]
    for side, amount in enumerate(lost):
        if amount:
            lines.append(tr("In all, {side} gave away {amount}; {other} gained it.",
                            side=deal.side_name(side), other=deal.side_name(1 - side),
                            amount=_each(deal, format_amount(unit, amount))))
    res = deal.result
    if res is not None:
        lines.append(tr("The result: {reason}", reason=res.reason))
    text = "\n".join(lines)
    items = "".join(f"<li>{escape(n.text)}</li>" for n in notes)
    html = ('<div class="knlib-review"><b>' + escape(lines[0]) + "</b>"
            + (f"<ol>{items}</ol>" if items else f"<p>{escape(lines[1])}</p>")
            + "".join(f"<p>{escape(x)}</p>" for x in lines[1 + max(1, len(notes)):])
            + "</div>")
    return ReviewSummary(tuple(notes), tuple(lost), len(entries), text, html)




# -- a stored review (for the book: a whole-deal review takes minutes) -----------------------------


@dataclass(frozen=True)
class StoredEntry:
    """One decision of a stored review, with the fields of the review's contract."""

    action: Action
    seat: int
    before: int
    after: int
    trick: int = 0
    best: tuple[Action, ...] = ()

    @property
    def changed(self) -> bool:
        return self.after != self.before


def review_record(deal: Deal, entries: Sequence[Any]) -> str:
    """A review as JSON: the deal (:meth:`Deal.to_json`) and each entry's seat, action,
    trick, values before and after, and the best actions."""
    deal = _a_deal(deal)
    import json

    rows = [{"seat": e.seat, "action": str(Action(e.action)), "trick": int(getattr(e, "trick", 0)),
             "before": int(e.before), "after": int(e.after),
             "best": [str(Action(a)) for a in getattr(e, "best", ())]} for e in entries]
    return json.dumps({"knlib": "review", "deal": json.loads(deal.to_json()), "entries": rows},
                      ensure_ascii=False, indent=1)


#: The fields of a stored review, and of each of its entries (``trick`` and ``best`` may be
#: left out: 0 and none).
REVIEW_FIELDS = frozenset({"knlib", "deal", "entries"})
ENTRY_FIELDS = frozenset({"seat", "action", "before", "after", "trick", "best"})
#: The most a stored value may be, either way: a deal's stake is a few units.
_MOST = 10**6


def load_review(text: object) -> tuple[Deal, list[StoredEntry]]:
    """The deal and the entries of a :func:`review_record`. Every field is checked, and
    the entries must be the deal's decisions of the play in order, each with its seat and
    action; anything else raises RulesError naming the value."""
    import json

    data = parse(text, "review")
    if not isinstance(data, dict) or data.get("knlib") != "review":
        raise RulesError(tr("not a stored knlib review: the 'knlib': 'review' marker is "
                            "missing"))
    try:
        return _read_review(data, json.dumps)
    except RulesError as err:
        raise RulesError(tr("not a stored knlib review: {why}", why=err)) from None


def _read_review(data: dict, dumps: Callable[[Any], str]) -> tuple[Deal, list[StoredEntry]]:
    fields = set(data)
    if fields != REVIEW_FIELDS:
        odd = sorted(fields ^ REVIEW_FIELDS)
        names = ", ".join(sorted(REVIEW_FIELDS))
        raise RulesError(tr("the field {field} is unknown: a stored review has the fields "
                            "{names}", field=repr(odd[0]), names=names) if odd[0] in fields
                         else tr("the field {field} is missing: a stored review has the fields "
                                 "{names}", field=repr(odd[0]), names=names))
    if not isinstance(data["deal"], dict):
        raise RulesError(tr("deal {value} is not a stored deal (Deal.to_json())",
                            value=shown(data["deal"])))
    deal = Deal.from_json(dumps(data["deal"]))
    rows = data["entries"]
    if not isinstance(rows, list):
        raise RulesError(tr("entries {value} is not a list", value=shown(rows)))
    decisions = trick_numbers(deal)
    if len(rows) != len(decisions):
        raise RulesError(tr("{n} entries for a deal of {decisions} decisions in its play: a "
                            "review has one entry per decision", n=len(rows),
                            decisions=len(decisions)))
    return deal, [_entry(i, r, d, deal) for i, (r, d) in enumerate(zip(rows, decisions,
                                                                       strict=True))]


def _entry(i: int, row: object, decision: tuple[int, Action, int], deal: Deal) -> StoredEntry:
    """One checked entry of a stored review: the decision ``decision`` of the deal."""
    where = f"entry {i + 1}"
    if not isinstance(row, dict):
        raise RulesError(f"{where} {shown(row)} is not an object of the fields "
                         f"{', '.join(sorted(ENTRY_FIELDS))}")
    odd = sorted((set(row) - ENTRY_FIELDS) | ({"seat", "action", "before", "after"} - set(row)))
    if odd:
        raise RulesError(f"{where}: the field {odd[0]!r} is "
                         f"{'unknown' if odd[0] in row else 'missing'}")
    seat, act, trick = decision
    if row["seat"] != seat or isinstance(row["seat"], bool) or row["action"] != act.text:
        raise RulesError(f"{where} ({shown(row['seat'])}, {shown(row['action'])}) is not the "
                         f"deal's decision {i + 1} of the play, {act.text!r} by seat {seat}")
    before = whole(row["before"], f"{where}: before", -_MOST, _MOST, "a value in the deal's unit")
    after = whole(row["after"], f"{where}: after", -_MOST, _MOST, "a value in the deal's unit")
    told = whole(row.get("trick", 0), f"{where}: trick", 0, deal.rules.procedure.hand_size,
                 "a trick's number (0: not recorded)")
    if told not in (0, trick):
        raise RulesError(f"{where}: trick {told} is not the trick of that decision, {trick}")
    best = row.get("best", [])
    if not isinstance(best, list):
        raise RulesError(f"{where}: best {shown(best)} is not a list of actions")
    return StoredEntry(act, seat, before, after, told, tuple(Action(a) for a in best))


def check_stored_review(deal: Deal, entries: Sequence[Any], cards: int = 3) -> int:
    """Work out again, with the solver, every stored decision taken once each hand held at
    most ``cards`` cards; a RulesError if one disagrees. Returns how many were checked."""
    replay = Deal.from_json(_without_history(deal))
    decisions = [(s, a) for s, a, _ in trick_numbers(deal)]
    if len(decisions) != len(entries):
        raise RulesError(tr("the stored review has {n} decisions, the deal {decisions}",
                            n=len(entries), decisions=len(decisions)))
    k = checked = 0
    for seat, act in deal.history:
        if replay.phase in PLAY_PHASES:
            e = entries[k]
            k += 1
            if max(len(replay.hands[s]) for s in replay.active) <= cards:
                r = _solve(replay)
                if (int(r.value), int(r.values[act])) != (int(e.before), int(e.after)):
                    raise RulesError(tr("the stored review disagrees with the solver at "
                                        "'{action}' by {name}", action=act,
                                        name=replay.names[seat]))
                checked += 1
        replay.apply(act, seat)
    return checked
