"""Python's cycle collector paused while many objects are made and kept (a rule file loaded and
compiled: syntax trees, generated code, the game's parts).

Collecting on the way finds nothing to free and costs time: it scans every object alive, so in a
process holding much (a test run, a server with many tables) compiling a ruleset took 20-24 ms with
it running and 16 ms paused (benchmarks/RESULTS.md). Pausing nests: only the outermost pause turns
the collector back on.
"""
from __future__ import annotations

import contextlib
import gc


@contextlib.contextmanager
def uncollected():
    """The cycle collector off for the block (as it was after it)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
