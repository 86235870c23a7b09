"""The pictures (layer 5): SVG and HTML, matplotlib figures, and notebook widgets.

* :mod:`.display`: cards, hands, tricks and deals as SVG and HTML, and the reference
  tables (roles, open questions);
* :mod:`.plots`: figures for the book, drawn with matplotlib (imported lazily);
* :mod:`.widgets`: ipywidgets front ends (the trick lab, the hand builder, the deal
  viewer), each with a static HTML snapshot for the built book.

Imports only downward: the players (for table talk), the engine, the rules and the base
modules (``tests/test_layers.py``). The picture hooks of the lower layers (``Card._repr_svg_``
and the like) import from here when a notebook shows them.
"""
