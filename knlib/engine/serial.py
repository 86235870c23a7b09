"""A deal as JSON and back: the game, its options, the pack order as dealt and every
action with its seat; reading it back replays the actions, so a stored deal is checked
by the rules again (an action that no longer replays is a RulesError naming it)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, TypeVar

from ..cards import Card
from ..errors import RulesError
from ..rules.dealing import check_dealer, seat_names
from ..rules.games import ruleset
from .game import Game, check_deck, check_players

if TYPE_CHECKING:
    from .state import State

__all__ = ["to_json", "from_json"]

S = TypeVar("S", bound="State")


def to_json(state: State) -> str:
    """The deal as JSON: game, options, players, dealer, seed, the pack order as dealt,
    and every action with its seat. :func:`from_json` rebuilds it by replay."""
    game = state._game
    seed = game.seed if isinstance(game.seed, int | str) else None
    data = {
        "knlib": "deal",
        "version": 1,
        "game": game.rules.id,
        "options": dict(game.rules.options),
        "players": game.players,
        "dealer": game.dealer,
        "seed": seed,
        "cut": game.cut,
        "redeals": [[str(c) for c in r] for r in game.redeals],
        "deck": [str(c) for c in game.deck],
        "history": [[s, a.text] for s, a in state._history],
    }
    if game.names != seat_names(game.players):
        data["names"] = list(game.names)
    return json.dumps(data, ensure_ascii=False)


def from_json(text: object, cls: type[S]) -> S:
    """Rebuild a deal (a ``cls``: :class:`State` or :class:`knlib.Deal`) from
    :func:`to_json` output."""
    if not isinstance(text, str | bytes | bytearray):
        raise RulesError(f"not a knlib deal in JSON: {text!r} is not text")
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as err:
        raise RulesError(f"not a knlib deal in JSON: {err}") from None
    if not isinstance(data, dict) or data.get("knlib") != "deal":
        raise RulesError("not a knlib deal in JSON: the 'knlib': 'deal' marker is missing")
    try:
        rules = ruleset(data["game"], **data.get("options", {}))
        players = check_players(rules, data["players"])
        dealer = check_dealer(data["dealer"], players)
        deck = check_deck(rules, data["deck"])
        redeals = [[Card(c) for c in r] for r in data.get("redeals", [])]
        game = Game(rules, players, dealer, deck, seed=data.get("seed"),
                    cut=int(data.get("cut", 0)), redeals=redeals, names=data.get("names"))
        state = cls.from_game(game)
        history = data.get("history", [])
    except (KeyError, TypeError) as err:
        raise RulesError(f"not a knlib deal in JSON: missing or bad field {err}") from None
    for i, entry in enumerate(history):
        try:
            seat, act = entry
            state.apply(act, seat)
        except (TypeError, ValueError) as err:
            raise RulesError(f"action {i + 1} of the stored history, {entry!r}, does not "
                             f"replay: {err}") from None
    return state
