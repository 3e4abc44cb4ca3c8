"""Stopping a long run (`simulate`, `compare`, `validate --playouts`): Ctrl-C and SIGTERM end it
and its worker processes at once; the command prints what finished, says the rest did not, and
exits as a stopped program does (130 after Ctrl-C, 143 after SIGTERM)."""
from __future__ import annotations

import contextlib
import signal
import sys

import click


@contextlib.contextmanager
def stop_signals():
    """While inside, SIGTERM stops the run as Ctrl-C does (a KeyboardInterrupt, which the run
    turns into RunStopped); yields the list of the SIGTERMs received."""
    received: list = []

    def stop(number, frame):
        received.append(number)
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield received
    finally:
        signal.signal(signal.SIGTERM, previous)


def tell_stopped(stopped, received: list, what: str = "games", after: str = "") -> None:
    """Say how much of a stopped run was played, and exit as stopped by its signal."""
    from rulelang.errors import printable
    left = stopped.planned - stopped.played
    click.echo(printable(f"stopped: {stopped.played:,} of {stopped.planned:,} {what} were played; the other "
                         f"{left:,} were not{after}"), err=True)
    sys.exit(128 + (received[0] if received else signal.SIGINT))
