"""The players (layer 3): computer players and their table talk.

* :mod:`.bots`: the random, rule-based and sampling players, and
  :func:`~knlib.players.bots.hidden_world` (a layout of the cards a seat cannot see);
* :mod:`.talk`: the phrasebook, the glossary and the truthful line for a hand.

Imports only downward (:mod:`knlib.engine`, :mod:`knlib.rules` and the base modules);
``tests/test_layers.py`` checks it. One exception waits for the audit merge: the
sampling player plays out with the fast path of :mod:`knlib.sim`.
"""
