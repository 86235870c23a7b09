"""A deal as JSON and back: the game, its options, the pack order as dealt and every
action with its seat; reading it back replays the actions, so a stored deal is checked
by the rules again (an action that no longer replays is a RulesError naming it)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, TypeVar

from ..cards import Card
from ..counts import either_text, shown
from ..errors import RulesError
from ..games import Ruleset, ruleset
from ..games.procedure import Procedure
from ..i18n import marked, tr
from ..rules.dealing import (
    check_dealer,
    check_names,
    check_seed,
    seat_names,
)
from .game import Game, check_deck, check_players, new_game

if TYPE_CHECKING:
    from .state import State

__all__ = ["to_json", "from_json", "parse", "whole", "shown", "VERSION", "FIELDS"]

S = TypeVar("S", bound="State")

#: The version of the stored deal that :func:`to_json` writes and :func:`from_json` reads.
VERSION = 1
#: The fields of a stored deal; ``names`` only where they are not the default seat names.
FIELDS = frozenset({"knlib", "version", "game", "options", "players", "dealer", "seed", "cut",
                    "redeals", "deck", "history", "names"})
#: The fields without which there is no deal.
REQUIRED = ("game", "players", "dealer", "deck")


def to_json(state: State) -> str:
    """The deal as JSON: game, options, players, dealer, seed, the pack order as dealt,
    and every action with its seat. :func:`from_json` rebuilds it by replay."""
    game = state.get_game()
    seed = game.seed if isinstance(game.seed, int | str) else None
    data = {
        "knlib": "deal",
        "version": VERSION,
        "game": game.rules.id,
        "options": dict(game.rules.options),
        "players": game.players,
        "dealer": game.dealer,
        "seed": seed,
        "cut": game.cut,
        "redeals": [[str(c) for c in r] for r in game.redeals],
        "deck": [str(c) for c in game.deck],
        "history": [[s, a.text] for s, a in state.history],
    }
    if game.names != seat_names(game.players):
        data["names"] = list(game.names)
    return json.dumps(data, ensure_ascii=False)


def _refuse_constant(name: str) -> float:
    """json.loads' parse_constant: NaN and Infinity are no numbers of a stored record."""
    raise RulesError(tr("{name} is not a number knlib stores: every number in a stored deal "
                        "or review is a whole number (a seat, a cut point, a value)",
                        name=name))


def parse(text: object, what: str) -> object:
    """JSON text parsed with a guard: anything but text, malformed or too deeply nested JSON,
    NaN and Infinity raise RulesError (``what`` names the record: 'deal', 'review')."""
    if not isinstance(text, str | bytes | bytearray):
        raise RulesError(_not_json(what, tr("{value} is not text", value=shown(text))))
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except RulesError as err:
        raise RulesError(_not_json(what, str(err))) from None
    except (TypeError, ValueError, RecursionError) as err:
        # ValueError: malformed JSON, bad UTF-8, a number of more than 4300 digits;
        # RecursionError: brackets nested deeper than the parser goes.
        reason = str(err)
        if isinstance(err, RecursionError):
            reason = tr("its brackets are nested too deeply")
        elif "digits" in reason:
            reason = tr("it holds a number thousands of digits long")
        raise RulesError(_not_json(what, reason)) from None


#: The refusal of a text that is not a stored record, by the record's kind.
_NOT_JSON = {"deal": marked("not a knlib deal in JSON: {reason}"),
             "review": marked("not a knlib review in JSON: {reason}")}


def _not_json(what: str, reason: str) -> str:
    if what in _NOT_JSON:
        return tr(_NOT_JSON[what], reason=reason)
    return f"not a knlib {what} in JSON: {reason}"


def whole(value: object, name: str, low: int, high: int, rule: str,
          source: str | None = None) -> int:
    """A whole number (not True or False) from ``low`` to ``high``; else RulesError, naming
    the ``rule`` and citing its ``source``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RulesError(tr("{name} {value} is not a whole number from {low} to {high}: "
                            "{rule}", name=name, value=shown(value), low=low, high=high,
                            rule=rule), source=source)
    return value


def _pairs(value: object, name: str) -> list:
    """A JSON list (never a text or an object)."""
    if not isinstance(value, list):
        raise RulesError(tr("{name} {value} is not a list", name=name, value=shown(value)))
    return value


def _options(value: object) -> dict[str, str]:
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise RulesError(tr("options {value} must be an object of texts, one choice per "
                            "option (knlib.open_questions(game) lists them)",
                            value=shown(value)))
    return value


def _cut(value: object, rules: Ruleset, proc: Procedure) -> int:
    """The cut point: 0 (not cut, or a pack order given), or 1 to pack size - 1 where the
    game cuts (knlib.rules.shuffle.shuffled)."""
    if not proc.cut:
        return whole(value, "cut", 0, 0, tr("{game} is not cut", game=rules.title),
                     proc.cut_source)
    top = len(rules.pack) - 1
    return whole(value, "cut", 0, top, tr("the cut leaves at least one card in each part, and "
                                          "0 means not cut"), proc.cut_source)


def _redeals(value: object, rules: Ruleset, proc: Procedure, players: int) -> list[list[Card]]:
    """The turn-ups of each deal thrown in: distinct cards of the pack, all of one suit, as
    many as throw a deal in (four of one suit, or, in Karniffel, every card left)."""
    out = []
    for i, r in enumerate(_pairs(value, "redeals")):
        try:
            cards = rules.check_cards(_pairs(r, f"redeal {i + 1}"))
        except RulesError as err:
            raise RulesError(tr("redeal {number}: {reason}", number=i + 1,
                                reason=err.message), source=err.source) from None
        if proc.chosen_by != "turn_ups":
            raise RulesError(tr("redeal {number}: {game} is never dealt again, its chosen suit "
                                "is the lowest card dealt face up", number=i + 1,
                                game=rules.title), source=proc.chosen_source)
        size = proc.max_same_suit or len(rules.pack) - players * proc.hand_size
        if len(cards) != size or len({c.suit for c in cards}) != 1:
            shown = " ".join(c.symbol for c in cards) or tr("no cards")
            raise RulesError(tr("redeal {number} ({cards}) is not a thrown-in deal: that takes "
                                "{size} turn-ups of one suit", number=i + 1, cards=shown,
                                size=size), source=proc.chosen_source)
        out.append(cards)
    return out


def _history(value: object, players: int) -> list[tuple[int, str]]:
    out = []
    for i, entry in enumerate(_pairs(value, "history")):
        if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[1], str)
                or isinstance(entry[0], bool) or not isinstance(entry[0], int)
                or not 0 <= entry[0] < players):
            raise RulesError(tr("action {number} of the stored history, {entry}, is not a "
                                "pair [seat, action]: a seat from 0 to {last} and an action's "
                                "text such as 'play H10'", number=i + 1, entry=shown(entry),
                                last=players - 1))
        out.append((entry[0], entry[1]))
    return out


def _agrees_with_seed(seed: int | str, rules: Ruleset, players: int, dealer: int,
                      deck: list[Card], cut: int, redeals: list[list[Card]]) -> None:
    """A RulesError naming the field where a stored seed and the stored deal disagree: the
    seed deals its own pack order, cut and thrown-in deals (:func:`~.game.new_game`)."""
    dealt = new_game(rules, seed=seed, players=players, dealer=dealer)
    if list(dealt.deck) != deck:
        raise RulesError(tr("seed {seed} contradicts the stored deck: that deal number deals "
                            "another pack order (leave the seed out to keep the deck)",
                            seed=shown(seed)))
    if dealt.cut != cut:
        raise RulesError(tr("cut {cut} contradicts seed {seed}: that deal number cuts the "
                            "pack at {right}", cut=cut, seed=shown(seed), right=dealt.cut))
    if [list(r) for r in dealt.redeals] != redeals:
        raise RulesError(tr("redeals {value} contradict seed {seed}: that deal number throws "
                            "in {right} deals first", value=shown([[str(c) for c in r]
                                                                   for r in redeals]),
                            seed=shown(seed), right=len(dealt.redeals)))


def _read(data: dict, cls: type[S]) -> S:
    """The deal of a parsed record, every field checked before anything is built."""
    unknown = sorted(set(data) - FIELDS)
    if unknown:
        raise RulesError(tr("unknown field {field}: a stored deal has the fields {fields}",
                            field=repr(unknown[0]), fields=", ".join(sorted(FIELDS))))
    for name in REQUIRED:
        if name not in data:
            raise RulesError(tr("the field {field} is missing", field=repr(name)))
    version = data.get("version", VERSION)
    if version != VERSION or isinstance(version, bool):
        raise RulesError(tr("version {version} is not a version this knlib reads: it reads "
                            "version {known}", version=repr(version), known=VERSION))
    if not isinstance(data["game"], str):
        raise RulesError(tr("game {game} is not a game's name, such as 'knueffeln'",
                            game=repr(data["game"])))
    rules = ruleset(data["game"], **_options(data.get("options", {})))
    proc = rules.procedure
    if data["players"] is None:
        raise RulesError(tr("players None is not a number of players: {game} is for "
                            "{allowed}", game=rules.title, allowed=either_text(proc.players)),
                         source=proc.players_source)
    players = check_players(rules, data["players"])
    dealer = check_dealer(data["dealer"], players)
    deck = check_deck(rules, _pairs(data["deck"], "deck"))
    seed = check_seed(data.get("seed"))
    cut = _cut(data.get("cut", 0), rules, proc)
    redeals = _redeals(data.get("redeals", []), rules, proc, players)
    names = data.get("names")
    if names is not None:
        names = check_names(names, players)
    history = _history(data.get("history", []), players)
    if seed is not None:
        _agrees_with_seed(seed, rules, players, dealer, deck, cut, redeals)
    state = cls.from_game(Game(rules, players, dealer, deck, seed=seed, cut=cut,
                               redeals=redeals, names=names))
    for i, (seat, act) in enumerate(history):
        try:
            state.apply(act, seat)
        except RulesError as err:
            raise RulesError(tr("action {number} of the stored history, {entry}, does not "
                                "replay: {reason}", number=i + 1, entry=repr([seat, act]),
                                reason=err.message), source=err.source) from None
    return state


def from_json(text: object, cls: type[S]) -> S:
    """Rebuild a deal (a ``cls``: :class:`State` or :class:`knlib.Deal`) from
    :func:`to_json` output. Every field is checked, its type and its range, and the
    history replayed by the rules; anything else raises RulesError naming the value."""
    data = parse(text, "deal")
    if not isinstance(data, dict) or data.get("knlib") != "deal":
        raise RulesError(_not_json("deal", tr("the 'knlib': 'deal' marker is missing")))
    try:
        return _read(data, cls)
    except RulesError as err:
        raise RulesError(_not_json("deal", err.message), source=err.source) from None
