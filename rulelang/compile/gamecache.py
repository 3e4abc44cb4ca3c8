"""Compiled games kept for the life of the process, each with the texts it was compiled from.

Loading a rule file again (a test suite, an environment made many times, `rulelang test` over
many tests) then costs reading its files and comparing their texts with those kept: a file
changed in any way is compiled afresh. A compiled game is never changed by playing it, so one
game may serve every caller.
"""
from __future__ import annotations

from collections import OrderedDict

from ..errors import RuleError, remember_source
from ..language.loader import read_text

MOST_KEPT = 16  # games kept (1-2 MB each); the one used longest ago goes first


class GameCache:
    """The games compiled last (any value that holds one), each under a key and with the (path,
    text) of every file it was compiled from."""

    def __init__(self, most: int = MOST_KEPT):
        self.most = most
        self.kept: OrderedDict = OrderedDict()  # key -> (sources, what was compiled)

    def get(self, key):
        """What is kept under `key` if each of its files still reads as it did, else None."""
        entry = self.kept.get(key)
        if entry is None:
            return None
        sources, compiled = entry
        for path, text in sources:
            try:
                if read_text(path) != text:
                    return None
            except RuleError:  # gone, or no longer a rule file: loading afresh says why
                return None
        for path, text in sources:
            remember_source(path, text)  # errors in play quote the file's lines
        self.kept.move_to_end(key)
        return compiled

    def put(self, key, sources: tuple, compiled) -> None:
        """Keep `compiled` under `key`, with the (path, text) of the files it was compiled from."""
        self.kept[key] = (sources, compiled)
        self.kept.move_to_end(key)
        while len(self.kept) > self.most:
            self.kept.popitem(last=False)
