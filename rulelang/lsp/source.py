"""A document's text as the server and the editor both see it: lines as rule file positions count
them (split at `\\n`), and columns in the editor's units (UTF-16 by default) or in characters."""
from __future__ import annotations

import re

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

    def line(self, row: int) -> str:
        """A 0-based line's text ('' past the end)."""
        return self.lines[row] if 0 <= row < len(self.lines) else ""

    def position(self, row: int, column: int) -> types.Position:
        """An editor position from a 0-based line and a column in characters."""
        return types.Position(row, self._units(self.line(row)[:max(column, 0)]))

    def column(self, position: types.Position) -> int:
        """The column in characters of an editor position."""
        line, units, column = self.line(position.line), 0, 0
        while column < len(line) and units < position.character:
            units += self._units(line[column])
            column += 1
        return column

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

    def _units(self, text: str) -> int:
        """How many units of the editor's encoding a text takes."""
        if self.encoding == types.PositionEncodingKind.Utf32:
            return len(text)
        if self.encoding == types.PositionEncodingKind.Utf8:
            return len(text.encode("utf-8", "surrogatepass"))
        return len(text.encode("utf-16-le", "surrogatepass")) // 2
