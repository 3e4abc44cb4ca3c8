"""Confidence intervals for simulation figures: rates (Wilson), means (normal), and differences.

Every interval is two-sided at 95%. A rate is a count of games out of `n`; a mean comes from
the exact running sums of `Tally`. Differences between two rulesets treat their games as two
independent samples (the same seeds give the same deals, but the games soon part ways).
"""
from __future__ import annotations

import math
from statistics import NormalDist

import attrs

CONFIDENCE = 0.95
Z = NormalDist().inv_cdf(0.5 + CONFIDENCE / 2)  # 1.959963984540054


@attrs.frozen
class Estimate:
    """A figure with its 95% interval: `low <= value <= high` for a rate or a mean."""

    value: float
    low: float
    high: float

    @property
    def half_width(self) -> float:
        """Half the interval's width: the `± h` it is shown with."""
        return (self.high - self.low) / 2

    @property
    def excludes_zero(self) -> bool:
        """True when the whole interval lies on one side of zero (a real difference)."""
        return self.low > 0 or self.high < 0

    def as_json(self, digits: int = 4) -> dict:
        """`{"value", "low", "high"}`, rounded; null where there is no number (see mean_interval)."""
        return {key: round(x, digits) if math.isfinite(x) else None
                for key, x in (("value", self.value), ("low", self.low), ("high", self.high))}


def wilson(successes: int, n: int) -> Estimate:
    """The rate `successes / n` with its Wilson score interval (good near 0% and 100% too)."""
    if n == 0:
        return Estimate(0.0, 0.0, 1.0)
    p = successes / n
    z2 = Z * Z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    spread = Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if successes == 0 else centre - spread  # exact ends where rounding would blur them
    high = 1.0 if successes == n else centre + spread
    return Estimate(p, low, high)


def mean_interval(n: int, total, total_squares) -> Estimate:
    """The mean of `n` values from their sum and sum of squares, ± z standard errors.

    Without values the mean is NaN; from one value nothing is known of the spread, so the
    interval is unbounded.
    """
    if n == 0:
        return Estimate(math.nan, -math.inf, math.inf)
    mean = total / n
    if n == 1:
        return Estimate(float(mean), -math.inf, math.inf)
    variance = max((total_squares - total * total / n) / (n - 1), 0)
    half = Z * math.sqrt(variance / n)
    return Estimate(float(mean), float(mean) - half, float(mean) + half)


def rate_difference(a: tuple, b: tuple) -> Estimate:
    """The difference of two rates `(successes, n)`, a minus b, by Newcombe's hybrid score
    interval (method 10), built from the two Wilson intervals."""
    first, second = wilson(*a), wilson(*b)
    difference = first.value - second.value
    low = difference - math.hypot(first.value - first.low, second.high - second.value)
    high = difference + math.hypot(first.high - first.value, second.value - second.low)
    return Estimate(difference, low, high)


def mean_difference(a: Estimate, b: Estimate) -> Estimate:
    """The difference of two means, a minus b, from their intervals (Welch, normal)."""
    difference = a.value - b.value
    half = math.hypot(a.half_width, b.half_width)
    return Estimate(difference, difference - half, difference + half)


def games_to_detect(games: int, half_width: float, size: float) -> int:
    """How many games per file would narrow a difference's interval to `± size`."""
    return math.ceil(games * (half_width / size) ** 2)
