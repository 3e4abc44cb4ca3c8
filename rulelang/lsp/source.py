"""A document's text as the server and the editor both see it: lines as rule file positions count
them (split at `\\n`), and columns in the editor's units (UTF-16 by default) or in characters."""
from __future__ import annotations

import re
from array import array
from bisect import bisect_left
from itertools import accumulate

from lsprotocol import types

from ..errors import Position
from .context import WORD

TOP_KEY = re.compile(r"(?P<key>[A-Za-z_][A-Za-z0-9_]*)[ \t]*:(?:[ \t]|$)")
EXTENDS = re.compile(r"extends[ \t]*:[ \t]*(?P<value>[^ \t#][^#]*?)[ \t]*(?:#.*)?$")


class Source:
    """One version of a document: its path, its text and its lines; `encoding` is the editor's
    (a `PositionEncodingKind`): it says in which units the editor counts columns."""

    def __init__(self, path: str, text: str, encoding: str = types.PositionEncodingKind.Utf16):
        self.path, self.text, self.encoding = path, text, encoding
        self.lines = [line.rstrip("\r") for line in text.split("\n")]
        self._units_of: dict = {}  # row -> None (a column is a unit) or the units before each column

    def line(self, row: int) -> str:
        """A 0-based line's text ('' past the end)."""
        return self.lines[row] if 0 <= row < len(self.lines) else ""

    def position(self, row: int, column: int) -> types.Position:
        """An editor position from a 0-based line and a column in characters."""
        column = min(max(column, 0), len(self.line(row)))
        before = self._units_before(row)
        return types.Position(row, column if before is None else before[column])

    def column(self, position: types.Position) -> int:
        """The column in characters of an editor position."""
        line, before = self.line(position.line), self._units_before(position.line)
        if before is None:
            return min(max(position.character, 0), len(line))
        return min(bisect_left(before, position.character), len(line))

    def range(self, row: int, start: int, end: int) -> types.Range:
        """An editor range on one line, from and to columns in characters."""
        return types.Range(self.position(row, start), self.position(row, end))

    def token(self, position: Position) -> types.Range:
        """The range of the token a rule file position points at: a whole name or number, else
        one character; a position with no line (the whole file) is the first line."""
        if position.line < 1:
            return self.range(0, 0, len(self.line(0)))
        row, line = position.line - 1, self.line(position.line - 1)
        start = min(max(position.column - 1, 0), len(line))
        found = WORD.match(line, start)
        end = found.end() if found else min(start + 1, len(line))
        if start == end and start > 0:  # past the end of its line: the last character
            start -= 1
        return self.range(row, start, end)

    def name_range(self, position: Position, name: str) -> types.Range:
        """The range of a name written at a position (after its quote, if quoted), else its token."""
        row, start = position.line - 1, position.column - 1
        found = self.line(row).find(name, start, start + len(name) + 1) if name and position.line >= 1 else -1
        return self.range(row, found, found + len(name)) if found >= 0 else self.token(position)

    def top_keys(self) -> dict:
        """key -> 0-based line of each top-level key written in the document."""
        keys = {}
        for row, line in enumerate(self.lines):
            found = TOP_KEY.match(line)
            if found and found["key"] not in keys:
                keys[found["key"]] = row
        return keys

    def extends(self) -> types.Range | None:
        """The range of the value of the document's top-level `extends:`, or None."""
        for row, line in enumerate(self.lines):
            found = EXTENDS.match(line)
            if found:
                return self.range(row, found.start("value"), found.end("value"))
        return None

    def _units_before(self, row: int):
        """None when a line's columns are its units (in UTF-32, or all ASCII); else the units
        before each column (made once per line, so that a long line costs its length once)."""
        if row not in self._units_of:
            line = self.line(row)
            if self.encoding == types.PositionEncodingKind.Utf32 or line.isascii():
                self._units_of[row] = None
            else:
                width = _utf8_width if self.encoding == types.PositionEncodingKind.Utf8 else _utf16_width
                self._units_of[row] = array("q", accumulate(map(width, line), initial=0))
        return self._units_of[row]


def _utf16_width(character: str) -> int:
    """UTF-16 units of a character (a lone surrogate, written as itself, takes one)."""
    return 2 if ord(character) > 0xFFFF else 1


def _utf8_width(character: str) -> int:
    """UTF-8 bytes of a character (a lone surrogate, written as itself, takes three)."""
    code = ord(character)
    return 1 if code < 0x80 else 2 if code < 0x800 else 3 if code < 0x10000 else 4
