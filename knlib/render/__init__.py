"""The pictures (layer 5): SVG and HTML.

* :mod:`.display`: cards, hands, tricks and deals as SVG and HTML, and the reference
  tables (roles, open questions);
* :mod:`.card_face`: one card and its role label.

The book's own figures and comparison tables are in :mod:`knbook.pictures`, and the
practice tools that draw with these pictures in :mod:`knbook.tools`.

Imports only downward: the players (for table talk), the engine, the rules and the base
modules (``tests/test_layers.py``). The picture hooks of the lower layers (``Card._repr_svg_``
and the like) import from here when a notebook shows them.
"""
