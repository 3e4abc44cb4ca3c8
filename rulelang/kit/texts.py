"""Texts with `{expression}` fields (labels, prompts, log lines): where the fields are, and where a
character of such a text stands in the rule file."""
from __future__ import annotations

import re

from ..errors import Position, source_window

TEMPLATE_FIELD = re.compile(r"\{([^{}]*)\}")  # `{expression}` inside a text, filled in when it runs


def template_fields(text: str) -> list:
    """The `{expression}` fields of a text: (offset of the expression in the text, its source)."""
    return [(found.start() + 1, found.group(1)) for found in TEMPLATE_FIELD.finditer(text)]


def field_position(text: str, pos: Position, offset: int) -> Position:
    """Where the character at `offset` of a text written at `pos` stands in the file: in a text of
    several lines (a `|` block), on its own line, after that line's indentation."""
    if "\n" not in text.rstrip("\n"):
        return pos.shifted(offset)
    before = text[:offset]
    line = pos.line + before.count("\n")
    shown = source_window(Position(pos.path, line, 1))
    indent = len(shown[0]) - len(shown[0].lstrip()) if shown else pos.column - 1
    return Position(pos.path, line, indent + len(before) - before.rfind("\n"))
