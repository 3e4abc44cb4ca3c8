"""Play many seeded games with bots and summarise them with 95% intervals, in flat memory.

The games are played in chunks (see `backends.py`) that each come back as running totals;
a game's own record is kept only long enough to be written to `out`, when there is one.
"""
from __future__ import annotations

import contextlib
import json
import time

import attrs

from .backends import RunStopped, run_chunks
from .games import FIGURES, GameRunner
from .stats import CONFIDENCE, Estimate, wilson
from .totals import Totals


@attrs.frozen
class SimulationTask:
    """What a worker needs to play games of a run: the ruleset, the seats' specs, the seed."""

    ruleset: str
    specs: tuple
    seed: int
    debug: bool = False
    records: bool = False  # also return each game's record (for `--out`)
    allow: tuple = ()  # folders besides its own whose files the rule file may extend
    bounds: tuple = (None, None)  # a person's bounds on each game: work and seconds (see api.bounded)

    def prepare(self):
        """Load the ruleset once; returns `run(start, stop) -> (Totals, records or None)`."""
        from ..api import bounded, load_game
        game = bounded(load_game(self.ruleset, self.allow), *self.bounds)
        runner = GameRunner(game, self.ruleset, self.specs, self.seed, self.debug)

        def run(start: int, stop: int):
            totals, records = Totals(len(self.specs)), [] if self.records else None
            for index in range(start, stop):
                record = runner.play(index)
                totals.add(record)
                if records is not None:
                    records.append(record)
            return totals, records
        return run


@attrs.frozen
class Row:
    """One figure of a run, as a table shows it and a comparison reads it."""

    key: str  # unique within a run: `P1.win_rate`, `decisions`, `report.NAME`
    label: str  # short, for a table
    kind: str  # rate, share or mean (see wording.py)
    sentence: str  # the figure in a sentence, `{}` standing for its value
    estimate: Estimate
    counts: tuple | None = None  # (games counted, games played) for a rate
    compared: bool = True  # False: shown, but not compared between rulesets
    whole: str = ""  # rates of the same whole (a seat's wins, losses and draws) add up to 100%


@attrs.frozen
class Simulation:
    """The totals of a run of games, with what it took to play them."""

    ruleset: str
    specs: tuple
    seed: int
    totals: Totals = attrs.field(eq=False)
    elapsed: float

    @property
    def played(self) -> int:
        """Games that ended without an error."""
        return self.totals.games - self.totals.errors

    def rows(self) -> list:
        """Every figure with its interval: per seat, then per game, then the ruleset's report."""
        totals, played, rows = self.totals, self.played, []
        scored = any(tally.squares for tally in totals.scores)  # a ruleset without a score gives 0s
        for seat, (outcomes, score) in enumerate(zip(totals.outcomes, totals.scores)):
            name = f"P{seat + 1}"
            for outcome, verb in (("win", "wins"), ("loss", "loses"), ("draw", "draws")):
                counts = (outcomes[outcome], played)
                rows.append(Row(f"{name}.{outcome}_rate", f"{name} {verb}", "rate", f"{name} {verb} {{}}",
                                wilson(*counts), counts, compared=outcome == "win", whole=name))
            if scored:
                rows.append(Row(f"{name}.score", f"{name} score", "mean", f"{name} scores {{}}", score.mean()))
        for key, (kind, label, sentence) in FIGURES.items():
            if key in totals.figures:
                tally = totals.figures[key]
                counts = (int(tally.total), tally.n) if kind == "rate" else None
                rows.append(Row(key, label, kind, sentence, tally.rate() if counts else tally.mean(), counts))
        for key, tally in sorted(totals.report.items()):
            rows.append(Row(f"report.{key}", key, "mean", f"the report's {key} is {{}}", tally.mean()))
        return rows

    def as_json(self) -> dict:
        """The summary `simulate --json` prints (its first keys are fixed by DESIGN.md)."""
        totals, played = self.totals, self.played
        results = []
        for seat, (outcomes, score) in enumerate(zip(totals.outcomes, totals.scores)):
            mean = score.mean()
            results.append({
                "seat": f"P{seat + 1}",
                "wins": outcomes["win"],
                "losses": outcomes["loss"],
                "draws": outcomes["draw"],
                "mean_score": round(mean.value, 3),
                **{f"{outcome}_rate": wilson(outcomes[outcome], played).as_json(4)
                   for outcome in ("win", "loss", "draw")},
                "score": mean.as_json(3),
            })
        return {
            "games": totals.games,
            "errors": totals.errors,
            "error_details": [{"game": index, "seed": seed, "error": error}
                              for index, seed, error in totals.error_details],
            "actions": totals.actions,
            "elapsed_s": round(self.elapsed, 3),
            "results": results,
            "figures": {row.key: row.estimate.as_json(json_digits(row.kind))
                        for row in self.rows() if row.key in FIGURES},
            "report": {key: tally.mean().as_json(3) for key, tally in sorted(totals.report.items())},
            "ruleset": self.ruleset,
            "players": [spec.text or spec.name for spec in self.specs],
            "seed": self.seed,
            "confidence": CONFIDENCE,
        }


def json_digits(kind: str) -> int:
    """Decimals of a figure in JSON: 4 for a rate, 3 for other figures."""
    return 4 if kind == "rate" else 3


def simulate(ruleset: str, games: int, specs: list, seed: int = 0, workers: int | None = None,
             debug: bool = False, backend: str = "local", address: str | None = None,
             out=None, progress=None, allow: tuple = (), bounds: tuple = (None, None)) -> Simulation:
    """Play `games` games of `ruleset` with one agent per spec.

    `out`, a text file, receives one JSON line per game as its chunk is played; `progress(n)` is told
    each time `n` more games are done; `allow` as in `rulelang.api.load_game`, `bounds` as in
    `rulelang.api.bounded`. A run stopped
    (KeyboardInterrupt) raises RunStopped with the Simulation of the games played by then.
    """
    started = time.perf_counter()
    task = SimulationTask(ruleset, tuple(specs), seed, debug, records=out is not None, allow=allow, bounds=bounds)
    totals = Totals(len(specs))
    try:
        with contextlib.closing(run_chunks(task, games, workers, backend, address)) as parts:
            for count, (part, records) in parts:
                if records:  # a chunk's lines in one write: a file that takes back a cut write holds whole chunks
                    out.write("".join(json.dumps(record) + "\n" for record in records))
                totals.merge(part)
                if progress is not None:
                    progress(count)
    except KeyboardInterrupt:
        partial = Simulation(ruleset, tuple(specs), seed, totals, time.perf_counter() - started)
        raise RunStopped(partial, totals.games, games) from None
    return Simulation(ruleset, tuple(specs), seed, totals, time.perf_counter() - started)
