"""Running totals of many games: what a simulation keeps instead of every game's record.

Totals grow with the number of seats and figures, never with the number of games (histograms
are capped in bins). Sums are exact (integers, or fractions for non-integer numbers), so totals
merged in any order, from any number of workers, are identical.
"""
from __future__ import annotations

from fractions import Fraction

from .stats import Estimate, mean_interval, wilson

MAX_ERROR_DETAILS = 100  # the failing games kept with their seeds (the first, by index)
MAX_BINS = 512  # a histogram with more bins doubles its bin width


def exact(value):
    """A number as an exact int or Fraction (floats are binary fractions, so nothing is lost)."""
    if isinstance(value, float):
        return int(value) if value.is_integer() else Fraction(value)
    return int(value) if isinstance(value, bool) else value


class Tally:
    """Count, sum and sum of squares of some numbers, kept exactly."""

    __slots__ = ("n", "total", "squares")

    def __init__(self):
        self.n, self.total, self.squares = 0, 0, 0

    def add(self, value) -> None:
        """Count one more number."""
        value = exact(value)
        self.n += 1
        self.total += value
        self.squares += value * value

    def merge(self, other: "Tally") -> None:
        """Add another tally's numbers to this one."""
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    def mean(self) -> Estimate:
        """The mean with its 95% interval."""
        return mean_interval(self.n, self.total, self.squares)

    def rate(self) -> Estimate:
        """For numbers that are all 0 or 1: the share of ones with its Wilson interval."""
        return wilson(int(self.total), self.n)


class Histogram:
    """How many values fell in each bin; bins are `width` wide (a power of two, at least 1)."""

    __slots__ = ("width", "counts")

    def __init__(self):
        self.width = 1
        self.counts: dict = {}

    def add(self, value) -> None:
        """Count one value."""
        key = exact(value) // self.width
        self.counts[key] = self.counts.get(key, 0) + 1
        if len(self.counts) > MAX_BINS:
            self._coarsen(self.width * 2)

    def merge(self, other: "Histogram") -> None:
        """Add another histogram's counts (at the wider of the two bin widths)."""
        self._coarsen(max(self.width, other.width))
        factor = self.width // other.width
        for key, count in other.counts.items():
            self.counts[key // factor] = self.counts.get(key // factor, 0) + count
        if len(self.counts) > MAX_BINS:
            self._coarsen(self.width * 2)

    def _coarsen(self, width: int) -> None:
        # bins at 2w are unions of bins at w, so the result does not depend on the merge order
        while self.width < width or len(self.counts) > MAX_BINS:
            self.width *= 2
            merged: dict = {}
            for key, count in self.counts.items():
                merged[key // 2] = merged.get(key // 2, 0) + count
            self.counts = merged

    def bars(self) -> list:
        """`(low, high, count)` per bin, in order; a bin holds values from low up to high."""
        return [(key * self.width, (key + 1) * self.width, self.counts[key]) for key in sorted(self.counts)]


class Totals:
    """Everything a run keeps: outcomes and scores per seat, figures, report, errors."""

    def __init__(self, seats: int):
        self.seats = seats
        self.games = 0
        self.actions = 0
        self.errors = 0
        self.error_details: list = []  # (index, seed, message), the first by index
        self.outcomes = [{"win": 0, "loss": 0, "draw": 0} for _ in range(seats)]
        self.scores = [Tally() for _ in range(seats)]
        self.figures: dict = {}  # name -> Tally
        self.report: dict = {}  # name -> Tally
        self.histograms: dict = {}  # name -> Histogram

    def add(self, record: dict) -> None:
        """Count one game's record (see `games.play_one`)."""
        self.games += 1
        if "error" in record:
            self.errors += 1
            self.error_details.append((record["index"], record["seed"], record["error"]))
            self._cap_errors()
            return
        self.actions += record["figures"]["decisions"]
        for seat, outcome in enumerate(record["outcome"]):
            self.outcomes[seat][outcome] += 1
        for seat, score in enumerate(record["scores"]):
            self.scores[seat].add(score)
            self._histogram(f"score {seat}", score)
        for name, value in record["figures"].items():
            self._tally(self.figures, name, value)
        for name in ("decisions", "turns"):
            self._histogram(name, record["figures"][name])
        for name, value in record["report"].items():
            self._tally(self.report, name, value)

    def merge(self, other: "Totals") -> None:
        """Add another run's totals (another chunk of the same games) to these."""
        self.games += other.games
        self.actions += other.actions
        self.errors += other.errors
        self.error_details += other.error_details
        self._cap_errors()
        for mine, theirs in zip(self.outcomes, other.outcomes):
            for outcome, count in theirs.items():
                mine[outcome] += count
        for mine, theirs in zip(self.scores, other.scores):
            mine.merge(theirs)
        for table, others in ((self.figures, other.figures), (self.report, other.report),
                              (self.histograms, other.histograms)):
            for name, part in others.items():
                table.setdefault(name, type(part)()).merge(part)

    def _tally(self, table: dict, name: str, value) -> None:
        tally = table.get(name)
        if tally is None:
            tally = table[name] = Tally()
        tally.add(value)

    def _histogram(self, name: str, value) -> None:
        histogram = self.histograms.get(name)
        if histogram is None:
            histogram = self.histograms[name] = Histogram()
        histogram.add(value)

    def _cap_errors(self) -> None:
        if len(self.error_details) > MAX_ERROR_DETAILS:
            self.error_details = sorted(self.error_details)[:MAX_ERROR_DETAILS]
