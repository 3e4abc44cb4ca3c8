"""Signs of work under way, on a terminal only: a progress bar for long runs (games done, rate,
time left), and a line while a bot thinks in `play`.

On a pipe, in a file or with `--json` nothing is drawn, so scripted output stays clean.
Commands import this module only when they run (it imports rich).
"""
from __future__ import annotations

import contextlib
import threading
import time

from rich.console import Console
from rich.live import Live
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn,
                           TimeRemainingColumn)
from rich.text import Text

THINKING_AFTER = 0.5  # seconds a bot may decide before the line says it is thinking


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


@contextlib.contextmanager
def thinking(console: Console, who: str, after: float = THINKING_AFTER):
    """While the body runs: once it has taken `after` seconds, a line on a terminal says that `who`
    is thinking, for how long, and that Ctrl-C interrupts; the line goes when the body ends."""
    if not console.is_terminal:
        yield
        return
    start = time.monotonic()

    def line() -> Text:
        return Text(f"{who} is thinking… {time.monotonic() - start:.0f} s (Ctrl-C to interrupt)", style="dim")
    live = Live(console=console, transient=True, get_renderable=line, redirect_stdout=False, redirect_stderr=False)
    timer = threading.Timer(after, live.start)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        timer.join()  # a start under way ends before the line is taken away
        if live.is_started:
            live.stop()
