"""The rules' machinery (layer 1, above :mod:`knlib.games`): tricks, the deal and hands.

* :mod:`.tricks`: who wins a trick, and why;
* :mod:`.dealing`: the shuffle, the cut and the deal, by the game's
  :class:`~knlib.games.procedure.Procedure`;
* :mod:`.shuffle`: the seeded pack order;
* :mod:`.hands`: :class:`~knlib.rules.hands.Hand`, a hand checked against a game's rules.

Each game's own tables (its roles, procedure, stakes and open questions) are in its module
of :mod:`knlib.games`, below this package. Imports only downward, from :mod:`knlib.games`
and the base modules (``knlib.cards``, ``knlib.errors``, ``knlib.sources``);
``tests/test_layers.py`` checks it.
"""
