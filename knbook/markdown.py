"""Markdown tables, as the chapters show knlib's tables: a head row, a rule, one row per
entry; an empty cell stays a blank one.

>>> print(table(["card", "role"], [["♠A", "beater"], ["♦4", ""]]))
| card | role |
|---|---|
| ♠A | beater |
| ♦4 | |
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["table"]


def table(head: Sequence[object], rows: Iterable[Sequence[object]]) -> str:
    """A Markdown table: its head and its rows."""
    def line(cells: Sequence[object]) -> str:
        return "|" + "|".join(f" {c} " if str(c) else " " for c in cells) + "|"

    return "\n".join([line(head), "|" + "---|" * len(head), *(line(row) for row in rows)])
