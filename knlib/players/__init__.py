"""The players (layer 3): computer players and their table talk.

* :mod:`.bots`: the names the book uses (:class:`~.bots.RandomPlayer`,
  :class:`~.bots.RulePlayer`, :class:`~.bots.SamplingPlayer`, :func:`~.bots.make_player`,
  :func:`~.bots.hidden_world`), each defined in a module of its own:
  :mod:`.random_player`, :mod:`.rule_player`, :mod:`.sampling`, with :mod:`.player` (what
  every player shares: table talk, never turning in its own march);
* :mod:`.habits`: the rule-based player's habits, stated once for the player and for the
  vectorised play;
* :mod:`.card_facts`: what the players ask of the engine (strengths, takers, the one takes
  relation) and what a seat has seen;
* :mod:`.playkit` and :mod:`.playouts`: many deals played at once with numpy (the sampling
  player's playouts, and the bulk simulator's play), reading the engine's tables;
* :mod:`.talk`: the phrasebook, the glossary and the truthful line for a hand.

Imports only downward (:mod:`knlib.engine`, :mod:`knlib.rules` and the base modules);
``tests/test_layers.py`` checks it.
"""
