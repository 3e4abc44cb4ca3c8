"""One root error for everything a rule file or a game can do wrong, with source positions."""
from __future__ import annotations

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


@attrs.frozen
class Diagnostic:
    """A message about a rule file: an error or a warning at a position."""

    position: Position
    message: str
    severity: str = "error"

    def format(self) -> str:
        """`path:line:col: error: message`, then the source line and a caret when available."""
        head = f"{self.position}: {self.severity}: {self.message}"
        line = source_line(self.position)
        if line is None:
            return head
        column = max(self.position.column - 1, 0)
        if len(line) > WIDTH:  # show a window around the spot
            start = max(0, min(column - WIDTH // 2, len(line) - WIDTH))
            line = ("…" if start else "") + line[start:start + WIDTH] + ("…" if start + WIDTH < len(line) else "")
            column = column - start + (1 if start else 0)
        caret = " " * column + "^"
        return f"{head}\n    {line}\n    {caret}"

    def as_json(self) -> dict:
        """The diagnostic as a plain dict for `--format json`."""
        return {
            "path": self.position.path,
            "line": self.position.line,
            "column": self.position.column,
            "severity": self.severity,
            "message": self.message,
        }


def source_line(position: Position) -> str | None:
    """The text of the line a position points at, or None when it cannot be read."""
    if position.line < 1:
        return None
    try:
        with open(position.path, encoding="utf-8") as handle:
            for number, text in enumerate(handle, start=1):
                if number == position.line:
                    return text.rstrip("\n").replace("\t", " ")
    except (OSError, UnicodeDecodeError):
        return None
    return None


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
        super().__init__("\n".join(d.format() for d in self.diagnostics))

    @classmethod
    def at(cls, position: Position, message: str) -> "RuleError":
        """One error at one position."""
        return cls(Diagnostic(position, message))


class GameError(RulelangError):
    """A game went wrong while running: a stall, a broken bound, a rule that cannot apply."""

    def __init__(self, message: str, position: Position | None = None):
        self.position = position
        prefix = f"{position}: " if position and position.line else ""
        super().__init__(f"{prefix}{message}")
