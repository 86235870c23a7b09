"""The engine (layer 2): a deal played action by action, and a session of deals.

* :mod:`.deal`: :class:`~knlib.engine.deal.Deal`, :func:`~knlib.engine.deal.new_deal` and
  the deal's open questions;
* :mod:`.scoring`: the stakes and payments, the score keepers and the
  :class:`~knlib.engine.scoring.Session`;
* :mod:`.questions`: :func:`~knlib.engine.questions.open_questions`, the open questions of
  a whole game.

Imports only downward: :mod:`knlib.rules` and the base modules (``knlib.cards``,
``knlib.errors``, ``knlib.sources``); ``tests/test_layers.py`` checks it.
"""
