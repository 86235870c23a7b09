"""The apps (layer 8): play against the computer, and the command line.

* :mod:`.play`: :class:`~knbook.play.PlaySession` (the play controller) and its terminal
  face :func:`~knbook.play.terminal` (``knlib play``); its page and notebook faces are
  :class:`~knbook.tools.play.PlayTool` and :class:`~knbook.tools.play_widget.PlayWidget`;
* :mod:`.cli`: ``knlib`` (explain a trick, the roles, the games, the open
  questions; play; make a diploma).

The top layer: it may import every layer below (``tests/test_layers.py``).
"""
