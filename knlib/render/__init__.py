"""The pictures (layer 5): SVG and HTML, and matplotlib figures.

* :mod:`.display`: cards, hands, tricks and deals as SVG and HTML, and the reference
  tables (roles, open questions);
* :mod:`.comparison`: one trick under every game of the family, and in every order;
* :mod:`.plots`: figures for the book, drawn with matplotlib (imported lazily).

The practice tools that draw with them (widgets in a notebook, and on the book's pages)
are in :mod:`knlib.apps.tools`.

Imports only downward: the players (for table talk), the engine, the rules and the base
modules (``tests/test_layers.py``). The picture hooks of the lower layers (``Card._repr_svg_``
and the like) import from here when a notebook shows them.
"""
