"""The tables `simulate` and `compare` print: every figure with its 95% interval, then, for a
comparison, one sentence per figure of each variant. Commands import this module only when
they run (it imports rich)."""
from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from rulelang.analysis.wording import shown, shown_whole

MAX_ERRORS_SHOWN = 10


def print_simulation(run) -> None:
    """One run: a line about the run, the table of figures, and the first failing games."""
    console = Console(highlight=False, soft_wrap=True)
    console.print(Text(_headline(run.ruleset, run)))
    table = Table("figure", "value (95% interval)", box=None, padding=(0, 2))
    rows = run.rows()
    said = figures(rows)
    for row in rows:
        table.add_row(Text(row.label), said[row.key])
    console.print(table)
    _errors(run)


def print_comparison(comparison) -> None:
    """A base and its variants side by side, then each variant's differences in words."""
    console = Console(highlight=False, soft_wrap=True)
    runs = comparison.runs
    for run in runs:
        console.print(Text(_headline(run.ruleset, run)))
    table = Table("figure", box=None, padding=(0, 2))
    for run in runs:
        table.add_column(Text(_short(run.ruleset)))
    every = [run.rows() for run in runs]
    by_key = [{row.key: row for row in rows} for rows in every]
    said = [figures(rows) for rows in every]
    keys = list(dict.fromkeys(row.key for rows in every for row in rows))
    for key in keys:
        row = next(found[key] for found in by_key if key in found)
        table.add_row(Text(row.label), *(texts.get(key, "-") for texts in said))
    console.print(table)
    for run in runs[1:]:
        title = f"\n{_short(run.ruleset)} against {_short(runs[0].ruleset)} (* a real difference):"
        console.print(Text(title))
        for difference in comparison.differences(run):
            mark = "*" if difference.real else "-"
            console.print(Text(f"  {mark} {difference.sentence()}"))
    for run in runs:
        _errors(run)


def figures(rows: list) -> dict:
    """Each row's figure as the table shows it, by key; the rates of one whole add up to 100%."""
    said = {row.key: shown(row.estimate, row.kind) for row in rows}
    wholes: dict = {}
    for row in rows:
        if row.whole:
            wholes.setdefault(row.whole, []).append(row)
    for parts in wholes.values():
        said.update(zip((row.key for row in parts), shown_whole([row.estimate for row in parts])))
    return said


def _headline(name: str, run) -> str:
    totals = run.totals
    agents = ", ".join(spec.text or spec.name for spec in run.specs)
    return (f"{name}: {totals.games:,} games ({agents}), {totals.errors:,} errors, "
            f"{totals.actions:,} decisions, {run.elapsed:.1f} s")


def _short(name: str) -> str:
    return Path(name).stem


def _errors(run) -> None:
    errors = Console(stderr=True, highlight=False, soft_wrap=True)
    for index, seed, message in run.totals.error_details[:MAX_ERRORS_SHOWN]:
        errors.print(Text(f"{run.ruleset}: error in game {index} (seed {seed}): {message}"))
    hidden = run.totals.errors - min(run.totals.errors, MAX_ERRORS_SHOWN)
    if hidden:
        errors.print(Text(f"{run.ruleset}: and {hidden:,} more failing games (see --json or --out)"))
