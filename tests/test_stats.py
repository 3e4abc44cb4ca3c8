"""Interval arithmetic against published values (Newcombe 1998, Statistics in Medicine 17)."""
import math

import pytest

from rulelang.analysis.stats import (Estimate, games_to_detect, mean_difference, mean_interval,
                                     rate_difference, wilson)

# (successes, n, low, high): Newcombe's table of single proportions, Wilson score method
WILSON = [
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
]
# (a, b, low, high): Newcombe's differences of independent proportions, hybrid score (method 10)
DIFFERENCES = [
    ((56, 70), (48, 80), 0.0524, 0.3339),
    ((9, 10), (3, 10), 0.1705, 0.8090),
    ((6, 7), (2, 7), 0.0582, 0.8062),
]


@pytest.mark.parametrize("successes,n,low,high", WILSON)
def test_wilson_interval_matches_published_values(successes, n, low, high):
    estimate = wilson(successes, n)
    assert estimate.value == successes / n
    assert (round(estimate.low, 4), round(estimate.high, 4)) == (low, high)


def test_wilson_interval_ends_exactly_at_zero_and_one():
    assert wilson(0, 50).low == 0.0 and wilson(50, 50).high == 1.0
    assert wilson(0, 0) == Estimate(0.0, 0.0, 1.0)


@pytest.mark.parametrize("a,b,low,high", DIFFERENCES)
def test_rate_difference_matches_published_values(a, b, low, high):
    estimate = rate_difference(a, b)
    assert math.isclose(estimate.value, a[0] / a[1] - b[0] / b[1])
    assert (round(estimate.low, 4), round(estimate.high, 4)) == (low, high)
    assert estimate.excludes_zero


def test_mean_interval_is_the_mean_plus_or_minus_z_standard_errors():
    values = [2, 4, 4, 4, 5, 5, 7, 9]  # mean 5, sample variance 32/7
    estimate = mean_interval(len(values), sum(values), sum(v * v for v in values))
    half = 1.959963984540054 * math.sqrt(32 / 7 / 8)
    assert estimate.value == 5
    assert math.isclose(estimate.low, 5 - half) and math.isclose(estimate.high, 5 + half)


def test_a_mean_of_one_value_has_no_interval_and_of_none_no_value():
    assert mean_interval(1, 3, 9) == Estimate(3.0, -math.inf, math.inf)
    assert math.isnan(mean_interval(0, 0, 0).value)
    assert mean_interval(1, 3, 9).as_json() == {"value": 3.0, "low": None, "high": None}


def test_mean_difference_adds_the_half_widths_in_quadrature():
    difference = mean_difference(Estimate(10, 7, 13), Estimate(6, 2, 10))
    assert difference == Estimate(4, -1, 9)
    assert not difference.excludes_zero


def test_games_to_detect_scales_with_the_square_of_the_width():
    assert games_to_detect(1000, 0.03, 0.01) == 9000
    assert games_to_detect(1000, 0.03, 0.03) == 1000
