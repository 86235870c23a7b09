"""The apps (layer 8): play against the computer, and the command line.

* :mod:`.play`: :class:`~knlib.apps.play.Table` (the model), :class:`~knlib.apps.play.PlayWidget`
  (the notebook) and :func:`~knlib.apps.play.terminal` (``python -m knlib play``);
* :mod:`.cli`: ``python -m knlib`` (explain a trick, the roles, the games, the open
  questions; play; make a diploma).

The top layer: it may import every layer below (``tests/test_layers.py``).
"""
