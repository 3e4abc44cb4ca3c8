"""One root error for everything a rule file or a game can do wrong, with source positions."""
from __future__ import annotations

import collections
import itertools
import re

import attrs


@attrs.frozen
class Position:
    """A place in a rule file: path, 1-based line and column."""

    path: str
    line: int
    column: int

    def shifted(self, columns: int) -> "Position":
        """The same line, `columns` characters further right."""
        return Position(self.path, self.line, self.column + columns)

    def __str__(self) -> str:
        if self.line < 1:
            return self.path
        return f"{self.path}:{self.line}:{self.column}"


UNKNOWN = Position("<unknown>", 0, 0)
WIDTH = 100  # the widest source line shown under a diagnostic
MAX_SHOWN = 100  # diagnostics printed in full; the rest are counted ("and N more")
MAX_SOURCES = 32  # rule file texts kept for showing their lines
# What is never printed as it is: control characters (terminal escapes among them), the marks
# that reorder text on screen or show nothing (bidi overrides, zero-width joiners, line
# separators, the byte-order mark) and lone surrogates (no terminal can print one).
UNSHOWN = ("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064"
           "\u2066-\u2069\ufeff\ud800-\udfff]")


def printable(text: str) -> str:
    """Text with the characters of UNSHOWN written as escapes (`\\x1b`, `\\u202e`), safe to print."""
    return re.sub(UNSHOWN, lambda found: repr(found.group())[1:-1], text)  # (compiled when first asked)


@attrs.frozen
class Diagnostic:
    """A message about a rule file: an error or a warning at a position."""

    position: Position
    message: str
    severity: str = "error"

    def format(self) -> str:
        """`path:line:col: error: message`, then the source line and a caret when available."""
        head = printable(f"{self.position}: {self.severity}: {self.message}")
        shown = source_window(self.position)
        if shown is None:
            return head
        line, column = shown
        return f"{head}\n    {printable(line)}\n    {' ' * column}^"

    def as_json(self) -> dict:
        """The diagnostic as a plain dict for `--format json`."""
        return {
            "path": self.position.path,
            "line": self.position.line,
            "column": self.position.column,
            "severity": self.severity,
            "message": self.message,
        }


def format_diagnostics(diagnostics, limit: int = MAX_SHOWN) -> str:
    """The first `limit` diagnostics in full, one after another, then how many more there are."""
    shown = [d.format() for d in itertools.islice(diagnostics, limit)]
    hidden = len(diagnostics) - len(shown)
    if hidden > 0:
        shown.append(f"... and {hidden} more")
    return "\n".join(shown)


class _Source:
    """The text of one loaded rule file, with where each of its lines starts (found when first asked)."""

    def __init__(self, text: str):
        self.text = text
        self._starts: list | None = None

    def line_span(self, line: int) -> tuple | None:
        """(start, end) offsets of a 1-based line in the text, or None past the end."""
        if self._starts is None:
            self._starts = [0] + [found.end() for found in re.finditer("\n", self.text)]
        if not 1 <= line <= len(self._starts):
            return None
        start = self._starts[line - 1]
        end = self._starts[line] - 1 if line < len(self._starts) else len(self.text)
        return start, end


_SOURCES: collections.OrderedDict = collections.OrderedDict()


def remember_source(path: str, text: str) -> None:
    """Keep the text of a file that loaded as a rule file: only such files show their lines."""
    _SOURCES[path] = _Source(text)
    _SOURCES.move_to_end(path)
    while len(_SOURCES) > MAX_SOURCES:
        _SOURCES.popitem(last=False)


def source_window(position: Position) -> tuple | None:
    """(text, caret column) of the line a position points at, at most WIDTH characters around the
    spot (marked with … where cut), or None for a file that did not load as a rule file."""
    source = _SOURCES.get(position.path)
    span = source.line_span(position.line) if source is not None and position.line >= 1 else None
    if span is None:
        return None
    start, end = span
    column = max(position.column - 1, 0)
    if end - start <= WIDTH:
        return source.text[start:end].rstrip("\r").replace("\t", " "), column
    left = max(0, min(column - WIDTH // 2, end - start - WIDTH))
    piece = source.text[start + left:start + left + WIDTH].replace("\t", " ")
    text = ("…" if left else "") + piece + ("…" if left + WIDTH < end - start else "")
    return text, column - left + (1 if left else 0)


class RulelangError(Exception):
    """The root of every error rulelang raises on purpose."""


class RuleError(RulelangError):
    """A rule file is wrong; carries one or more diagnostics."""

    def __init__(self, diagnostics: list[Diagnostic] | Diagnostic):
        if isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics = sorted(
            diagnostics, key=lambda d: (d.position.path, d.position.line, d.position.column)
        )
        super().__init__(self.diagnostics)

    def __str__(self) -> str:
        return format_diagnostics(self.diagnostics)

    @classmethod
    def at(cls, position: Position, message: str) -> "RuleError":
        """One error at one position."""
        return cls(Diagnostic(position, message))


class GameError(RulelangError):
    """A game went wrong while running: a stall, a broken bound, a rule that cannot apply.

    `callers` are the rules, on other lines, that called the rule it went wrong in (a rule
    function's caller first): often the line to change is the one that passed the wrong value.
    """

    def __init__(self, message: str, position: Position | None = None, callers: tuple = ()):
        self.position = position
        self.message = message
        self.callers = callers
        prefix = f"{position}: " if position and position.line else ""
        called = f" (called at {', '.join(map(str, callers))})" if callers else ""
        super().__init__(f"{prefix}{message}{called}")

    def called_at(self, caller: Position) -> "GameError":
        """The same error, noting one more rule that called the one it went wrong in (once per
        line: the parts of one line call each other too)."""
        if type(self) is not GameError or caller is None or not caller.line \
                or any((caller.path, caller.line) == (p.path, p.line) for p in (self.position, *self.callers)):
            return self
        return GameError(self.message, self.position, (*self.callers, caller))
