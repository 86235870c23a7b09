"""The one exception knlib raises for bad input."""

from __future__ import annotations

__all__ = ["RulesError"]


class RulesError(ValueError):
    """Bad input for the rules: names the offending value and the rule it breaks.

    A ``ValueError``, so callers that already catch ``ValueError`` keep working.
    Whatever raised it has left its state exactly as it was.
    """
