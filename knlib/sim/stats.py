"""Confidence intervals for what a simulation counts: :func:`wilson` for a proportion,
:func:`mean_ci` for a mean, and the small values :class:`Proportion` and :class:`Mean`
that carry them into the book's tables and charts."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = ["wilson", "mean_ci", "Proportion", "Mean"]


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion of ``k`` successes in ``n`` trials
    (``z=1.96``: 95%). Returns (low, high); (0, 1) when ``n`` is 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Iterable[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean of ``values`` and its normal-approximation interval: (mean, low, high)."""
    xs = [float(v) for v in values]
    n = len(xs)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    m = sum(xs) / n
    if n == 1:
        return (m, m, m)
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    half = z * math.sqrt(var / n)
    return (m, m - half, m + half)


@dataclass(frozen=True)
class Proportion:
    """``k`` of ``n``, with its Wilson interval (95% unless ``z`` says otherwise)."""

    k: int
    n: int
    z: float = 1.96

    @property
    def p(self) -> float:
        return self.k / self.n if self.n else math.nan

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.k, self.n, self.z)

    def __str__(self) -> str:
        lo, hi = self.ci
        return f"{self.p:.1%} (95% CI {lo:.1%} to {hi:.1%}; {self.k:,} of {self.n:,})"


@dataclass(frozen=True)
class Mean:
    """A mean with its normal-approximation interval."""

    mean: float
    low: float
    high: float
    n: int

    @classmethod
    def of(cls, values: Sequence[float], z: float = 1.96) -> Mean:
        m, lo, hi = mean_ci(values, z)
        return cls(m, lo, hi, len(values))

    @property
    def ci(self) -> tuple[float, float]:
        return (self.low, self.high)

    def __str__(self) -> str:
        return f"{self.mean:.3g} (95% CI {self.low:.3g} to {self.high:.3g}; n = {self.n:,})"
