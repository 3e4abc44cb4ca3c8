"""A progress bar for long runs (games done, rate, time left), on a terminal only.

On a pipe, in a file or with `--json` nothing is drawn, so scripted output stays clean.
Commands import this module only when they run (it imports rich).
"""
from __future__ import annotations

import contextlib

from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn,
                           TimeRemainingColumn)
from rich.text import Text


class RateColumn(ProgressColumn):
    """Games per second, once there is a rate to show."""

    def render(self, task) -> Text:
        """`123.4 games/s`."""
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.1f} games/s" if speed else "", style="progress.data.speed")


@contextlib.contextmanager
def progress_bar(total: int, what: str, show: bool = True, console: Console | None = None):
    """Yield `advance(n)` for a bar of `total` games on stderr, or None when not on a terminal."""
    console = console or Console(stderr=True)
    if not show or not console.is_terminal:
        yield None
        return
    columns = (TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(), RateColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(what, total=total)  # the description is shown as it is (a path may hold [ or {)
        yield lambda n: bar.advance(task, n)
