"""The engine (layer 2): a deal played action by action, and a session of deals.

In OpenSpiel's split:

* :mod:`.game`: :class:`~knlib.engine.game.Game`, the fixed facts of one deal (rule set,
  procedure, stakes, seats, the pack order and what it dealt), ``new_initial_state()``;
* :mod:`.state`: :class:`~knlib.engine.state.State`, the deal in progress
  (``legal_actions``, ``apply``, ``to_move``, ``is_over``, ``returns``, ``clone``,
  ``resample_hidden``), with :mod:`.exchanges` for the setup before the play;
* :mod:`.observer`: what each seat can see;
* :mod:`.actions`, :mod:`.records`, :mod:`.kinds`: actions, tricks and results, and the
  phase, action and result kinds as string enums;
* :mod:`.narration` (the log), :mod:`.explain` (why an action is refused),
  :mod:`.serial` (JSON) and :mod:`.layout` (a deal from given hands);
* :mod:`.deal`: :class:`~knlib.engine.deal.Deal` (a State with the friendly attributes the
  book uses), :func:`~knlib.engine.deal.new_deal` and the deal's open questions;
* :mod:`.scoring`: the stakes and payments, the score keepers and the
  :class:`~knlib.engine.scoring.Session`;
* :mod:`.questions`: :func:`~knlib.engine.questions.open_questions`, the open questions of
  a whole game.

Imports only downward: :mod:`knlib.rules` and the base modules (``knlib.cards``,
``knlib.errors``, ``knlib.seats``, ``knlib.sources``); ``tests/test_layers.py`` checks it.
"""

from .actions import Action, action
from .game import Game, new_game
from .kinds import ActionKind, Phase, ResultKind
from .observer import Observation, Observer
from .records import Result, Trick
from .state import State

__all__ = ["Action", "action", "Game", "new_game", "State", "Observer", "Observation",
           "Phase", "ActionKind", "ResultKind", "Result", "Trick"]
