"""Is a house rule better? A base ruleset and its variants played with the same seeds and agents,
every figure of each variant set against the base's with the difference's 95% interval."""
from __future__ import annotations

import time

import attrs

from .backends import RunStopped
from .simulate import json_digits, simulate
from .stats import CONFIDENCE, Estimate, mean_difference, rate_difference
from .wording import shown, verdict


@attrs.frozen
class Difference:
    """One figure of a variant against the base's."""

    row: object  # the variant's Row
    base: object  # the base's Row
    difference: Estimate
    games: int  # games per file

    @property
    def real(self) -> bool:
        """True when the interval of the difference excludes zero."""
        return self.difference.excludes_zero

    @property
    def unchanging(self) -> bool:
        """True when the figure had one and the same value in every game of both files."""
        same = self.row.estimate.value == self.base.estimate.value
        return same and constant(self.row) and constant(self.base)

    def sentence(self) -> str:
        """`P1 wins 58% ± 2 of games instead of 51% ± 2: a real difference (+7% ± 3)`."""
        row = self.row
        found = ("no difference: the same in every game" if self.unchanging
                 else verdict(self.difference, row.kind, self.games))
        said = (f"{row.sentence.format(shown(row.estimate, row.kind))} instead of "
                f"{shown(self.base.estimate, row.kind)}: {found}")
        if self.real:
            said += f" ({shown(self.difference, row.kind, signed=True)})"
        return said[0].upper() + said[1:]

    def as_json(self) -> dict:
        """The difference as JSON, with its sentence."""
        digits = json_digits(self.row.kind)
        return {"figure": self.row.key, "base": self.base.estimate.as_json(digits),
                "variant": self.row.estimate.as_json(digits),
                "difference": self.difference.as_json(digits), "real": self.real,
                "sentence": self.sentence()}


def constant(row) -> bool:
    """True when a figure took one value in every game (a rate of 0% or 100%, a mean without spread)."""
    if row.counts is not None:
        return row.counts[0] in (0, row.counts[1])
    return row.estimate.half_width == 0


@attrs.frozen
class Comparison:
    """The runs of a base and its variants, in the order given."""

    runs: tuple
    elapsed: float

    def differences(self, run) -> list:
        """Every compared figure of `run` against the base's (figures both have)."""
        base = {row.key: row for row in self.runs[0].rows()}
        games = min(run.played, self.runs[0].played)
        out = []
        for row in run.rows():
            other = base.get(row.key)
            if not row.compared or other is None:
                continue
            if row.counts is not None:
                difference = rate_difference(row.counts, other.counts)
            else:
                difference = mean_difference(row.estimate, other.estimate)
            out.append(Difference(row, other, difference, games))
        return out

    def as_json(self) -> dict:
        """The summary `compare --json` prints: each run's, then each variant's differences."""
        base = self.runs[0]
        return {
            "games": base.totals.games,
            "errors": sum(run.totals.errors for run in self.runs),
            "elapsed_s": round(self.elapsed, 3),
            "seed": base.seed,
            "players": [spec.text or spec.name for spec in base.specs],
            "confidence": CONFIDENCE,
            "rulesets": [run.as_json() for run in self.runs],
            "differences": [{"ruleset": run.ruleset, "base": base.ruleset,
                             "figures": [d.as_json() for d in self.differences(run)]}
                            for run in self.runs[1:]],
        }


def compare(rulesets: list, games: int, specs: list, seed: int = 0, **options) -> Comparison:
    """Play `games` games of each ruleset (the first is the base) with the same seeds and agents.

    `options` are simulate's (workers, backend, address, debug, out, progress, allow). A run
    stopped raises RunStopped with the Comparison of the runs played by then (the last partly).
    """
    started = time.perf_counter()
    runs = []
    for ruleset in rulesets:
        try:
            runs.append(simulate(ruleset, games, specs, seed, **options))
        except RunStopped as stopped:
            begun = [stopped.partial] if stopped.played else []
            partial = Comparison((*runs, *begun), time.perf_counter() - started)
            raise RunStopped(partial, games * len(runs) + stopped.played, games * len(rulesets)) from None
    return Comparison(tuple(runs), time.perf_counter() - started)
