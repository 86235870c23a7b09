"""The engine (layer 2): a deal played action by action, and a session of deals.

In OpenSpiel's split:

* :mod:`.game`: :class:`~knlib.engine.game.Game`, the fixed facts of one deal (rule set,
  procedure, stakes, seats, the pack order and what it dealt);
* :mod:`.state`: :class:`~knlib.engine.state.State`, the deal in progress
  (``legal_actions``, ``apply``, ``to_move``, ``is_over``, ``returns``, ``clone``,
  ``resample_hidden``) and the only code that changes a deal: its phases (the setup, the
  play, the face-down leads, the end of the deal) are its methods. Its fields and their
  public, read-only properties are in :mod:`.fields`, the setup's fields in
  :mod:`.setting`; it calls, with plain values, :mod:`.exchanges` (the setup's phase
  object), :mod:`.legal` and :mod:`.drehen` (what may be played);
* :mod:`.observer`: what each seat can see; :mod:`.narration` (the log) and
  :mod:`.explain` (why an action is refused): these three read a state through
  :class:`~knlib.engine.view.StateView`, its read-only face, and never import the State;
* :mod:`.actions`, :mod:`.records`: actions, tricks and results; the phase, action and
  result kinds, string enums, are :mod:`knlib.kinds` (a base module, which the games
  read too), re-exported here;
* :mod:`.serial` (JSON) and :mod:`.layout` (a deal from given hands);
* :mod:`.deal`: :class:`~knlib.engine.deal.Deal` (a State with the friendly attributes the
  book uses), :func:`~knlib.engine.deal.new_deal` and the deal's open questions;
* :mod:`.scoring`: the stakes and payments, the score keepers and the
  :class:`~knlib.engine.scoring.Session`;
* :mod:`.questions`: :func:`~knlib.engine.questions.open_questions`, the open questions of
  a whole game.

One way to do each thing: a deal starts from a game with ``State.from_game(game)`` (or
``Deal.from_game``), from a seed with :func:`~knlib.engine.deal.new_deal`, from hands with
``Deal.from_hands`` and from JSON with ``Deal.from_json``; ``clone()`` copies a state
(``Deal.copy()`` is its alias); ``resample_hidden(seat, rng)`` deals the unseen cards
again (``knlib.players.bots.hidden_world`` is its alias); ``get_game()`` is the Game
(with the whole dealing record), ``rules`` its rule set and ``rules.id`` the game's id.

Imports only downward: :mod:`knlib.rules` and the base modules (``knlib.cards``,
``knlib.errors``, ``knlib.seats``, ``knlib.sources``); ``tests/test_layers.py`` checks it,
and ``tests/test_private_names.py`` that no module takes another's private names.
"""

from ..kinds import ActionKind, Phase, ResultKind
from .actions import Action, action
from .game import Game, new_game
from .observer import Observation, Observer
from .records import Result, Trick
from .state import State

__all__ = ["Action", "action", "Game", "new_game", "State", "Observer", "Observation",
           "Phase", "ActionKind", "ResultKind", "Result", "Trick"]
