"""Figures in words: `58% ± 2` for a rate, `312 ± 5` for a mean, and the sentence that says
whether a variant really differs from its base.

A figure's kind says how it reads: `rate` (a share of games, in %), `share` (a mean of values
between -1 and 1, in %), `mean` (a plain number).
"""
from __future__ import annotations

import math

from .stats import Estimate, games_to_detect

PERCENT = ("rate", "share")


def _scale(kind: str) -> tuple:
    return (100, "%") if kind in PERCENT else (1, "")


def shown(estimate: Estimate, kind: str, signed: bool = False, digits: int | None = None,
          value: float | None = None) -> str:
    """`58% ± 2` (a rate), `3.28 ± 0.12` (a mean); a lopsided interval as a range, `0–9%`.

    The interval has one significant digit (two when it starts with a 1) and the value as many
    decimals (or `digits`, with the value already rounded to them: `value`, for figures shown
    together). A share, and a difference when `signed`, carries its sign: `+4% ± 3`.
    """
    scale, unit = _scale(kind)
    low, high = estimate.low * scale, estimate.high * scale
    value = estimate.value * scale if value is None else value
    if math.isnan(value):
        return "-"
    half = (high - low) / 2
    if math.isinf(half):
        return f"{value:,g}{unit} (no interval from one game)"
    digits = _shown_digits(half, value, unit) if digits is None else digits
    sign = "+" if signed or kind == "share" else ""
    number = _number(digits)
    below, above = value - low, high - value
    if max(below, above) > 0 and abs(below - above) > 0.5 * max(below, above):
        return f"{number(value, sign)}{unit} ({number(low)}–{number(high)}{unit})"
    return f"{number(value, sign)}{unit} ± {number(half)}"


def shown_whole(estimates: list) -> list[str]:
    """Rates that are the parts of a whole (a seat's wins, losses and draws), each as `shown`
    says it, but to the decimals of the most precise and rounded so that they add up to 100%
    (largest remainders first), as their games do."""
    values = [estimate.value * 100 for estimate in estimates]
    if any(math.isnan(v) or math.isinf(e.high - e.low) for v, e in zip(values, estimates)) \
            or abs(sum(values) - 100) > 1e-6:
        return [shown(estimate, "rate") for estimate in estimates]
    digits = max(_shown_digits((e.high - e.low) * 50, v, "%") for v, e in zip(values, estimates))
    step = 10.0 ** -digits
    units = [math.floor(v / step + 1e-9) for v in values]
    short = round(100 / step) - sum(units)
    for index in sorted(range(len(values)), key=lambda i: units[i] - values[i] / step)[:short]:
        units[index] += 1  # the largest remainders are rounded up
    return [shown(estimate, "rate", digits=digits, value=count * step) for estimate, count in zip(estimates, units)]


def _shown_digits(half: float, value: float, unit: str) -> int:
    """The decimals a value is shown with: a tenth of a percent is plenty."""
    return min(_digits(half, value), 1 if unit else 6)


def _digits(half: float, value: float) -> int:
    """Decimals to show: negative to round to tens, hundreds..."""
    if half == 0:
        return 0 if float(value).is_integer() else 2
    half = float(f"{half:.9g}")  # 1.9999999999999996 is 2
    power = math.floor(math.log10(half))
    leading_one = half / 10 ** power < 2
    return -power + leading_one


def _number(digits: int):
    def number(x: float, sign: str = "") -> str:
        x = round(x, digits) + 0.0  # + 0.0: no "-0"
        return f"{x:{sign},.{max(digits, 0)}f}"
    return number


def verdict(difference: Estimate, kind: str, games: int) -> str:
    """`a real difference`, or how many games would find one as small as it could still be."""
    if difference.excludes_zero:
        return "a real difference"
    half = difference.half_width
    if not 0 < half < math.inf:
        return "no difference found"
    scale, unit = _scale(kind)
    size = nice_below(half * scale / 2) / scale
    needed = games_to_detect(games, half, size)
    return (f"no difference found at this sample size; {round_up(needed):,} games would detect "
            f"±{size * scale:g}{unit}")


def nice_below(x: float) -> float:
    """The largest of 1, 2, 5 times a power of ten that is at most `x` (x > 0)."""
    power = 10.0 ** math.floor(math.log10(x))
    for step in (5, 2, 1):
        if step * power <= x:
            return float(f"{step * power:.12g}")
    return power


def round_up(n: int) -> int:
    """`n` rounded up to two significant digits (1,234 -> 1,300; 19,137 -> 20,000)."""
    if n < 100:
        return n
    unit = 10 ** (len(str(n)) - 2)
    return -(-n // unit) * unit
