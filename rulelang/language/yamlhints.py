"""Plain words for the usual YAML mistakes (the load stage's wording of YAML errors).

YAML names what it expected where it stopped, often a line or more below the cause, and in
its own terms ("expected <block end>, but found '<block mapping start>'"). These functions
find the cause in the text and say it as a new author would: a statement split at its ': ',
a line indented more or less than its neighbours, a tab, a key that repeats because the key
above it was indented too far.
"""
from __future__ import annotations

import re

from ..errors import Position

# A list item in plain text (not quoted) whose text before its first ': ' is no single-word key:
# YAML splits such a statement into a mapping, and often fails only a few lines further on. (With
# no quote before the ': ' and a list or mapping after it, it is a block: `- choose move: [a, b]`.)
SPLIT_REACH = 5  # lines above a YAML error where such a statement is taken for its cause
COLON_HERE = "mapping values are not allowed here"  # YAML's words for a `: ` on the line where it stops
SPLIT_STATEMENT = re.compile(r"^\s*-\s+(?![\"'{\[#])(?P<head>(?:[^:#]|:(?!\s))*?[\s\"'](?:[^:#]|:(?!\s))*?):(?:\s|$)")
# `key: value` written on one line, the value plain text (not a block, a quote or a bracket,
# which may go on over the next lines): nothing may be indented under it.
KEY_WITH_VALUE = re.compile(r"^(?P<lead>\s*(?:-\s+)?)(?P<key>[^\s#:\"'\[{-][^:#]*?)\s*:\s+(?P<value>[^\s#|>\"'\[{&*!].*)$")
BLOCK_START = re.compile(r"(?:^|[\s:-])[|>][-+0-9]*\s*(?:#.*)?$")  # a line opening a `|` or `>` text block
ITEM = re.compile(r"-\s+")


def yaml_problem(text: str, where: Position, problem: str) -> tuple:
    """(position, message) for a YAML error YAML reported at `where` in its words `problem`."""
    lines = text.split("\n")
    split = _split_statement(lines, where, problem)
    if split is not None:
        return split
    if where.line <= len(lines):
        line = lines[where.line - 1]
        start = Position(where.path, where.line, _indent(line) + 1)
        if "\t" in line[:len(line) - len(line.lstrip())]:
            return (Position(where.path, where.line, 1),
                    f"this line is indented with a tab: YAML indents with spaces only (YAML: {problem})")
        hint = _indentation_hint(lines, where.line)
        if hint is not None:
            return start, f"{hint} (YAML: {problem})"
    return where, f"YAML: {problem}"


def duplicate_key(key: str, first: Position, blank: tuple | None) -> str:
    """The message for a key written twice in one mapping; `blank` is (key, line) of a key with no
    value between the two, the usual sign of a key indented too far."""
    said = f"duplicate key '{key}' (first on line {first.line})"
    if blank is None:
        return said
    name, line = blank
    return (f"{said}: '{name}' on line {line} above it has no value — is '{name}' indented more than "
            f"it should be, or are the lines below it indented less?")


def _split_statement(lines: list, where: Position, problem: str) -> tuple | None:
    """At a statement YAML split at its ': ', a hint to quote it.

    YAML notices such a split late (at the end of the line or lines further on), so the nearest
    split statement at most SPLIT_REACH lines above the line YAML stopped at is blamed; but a
    second `: ` YAML stops at (`mapping values are not allowed here`) is on its own line.
    """
    above = lines[:where.line]
    reach = 1 if problem == COLON_HERE else SPLIT_REACH
    for number in range(len(above), max(len(above) - reach, 0), -1):
        found = split_statement(above[number - 1])
        if found:
            stopped = "" if number == where.line else f" (YAML stopped at line {where.line}: {problem})"
            return (Position(where.path, number, found.start("head") + 1),
                    "YAML cannot read this statement: its ': ' makes it a mapping — put the whole "
                    f"statement in quotes, or use the mapping form (- log: \"…\"){stopped}")
    return None


def split_statement(line: str):
    """The match of SPLIT_STATEMENT on a line that holds a statement YAML splits, or None."""
    found = SPLIT_STATEMENT.match(line)
    if found is None or any(quote in found.group("head") for quote in "\"'"):
        return found
    return None if line[found.end():].lstrip()[:1] in ("[", "{") else found


def _indentation_hint(lines: list, number: int) -> str | None:
    """What is wrong with the indentation of line `number` (1-based), or None if it lines up."""
    column = _indent(lines[number - 1])
    above = _lines_above(lines, number)
    if not above:
        return None
    previous = above[0]
    if column > _indent(lines[previous - 1]) and BLOCK_START.search(lines[previous - 1]):
        first = next(n for n in range(previous + 1, number + 1) if lines[n - 1].strip())
        if column < _indent(lines[first - 1]):
            return (f"this line is indented less than line {first} (column {_indent(lines[first - 1]) + 1}), "
                    f"the first of the text block that line {previous} starts: every line of the text is "
                    f"indented at least as far as its first")
        return None
    if column > _indent(lines[previous - 1]):
        valued = KEY_WITH_VALUE.match(lines[previous - 1])
        key_column = len(valued.group("lead")) if valued else None
        if valued and column > key_column:
            return (f"this line is indented more than line {previous} above it, where "
                    f"'{valued.group('key')}' already has a value: line it up with '{valued.group('key')}' "
                    f"(column {key_column + 1})")
        return None
    deeper = None
    for other in above:
        indent = _indent(lines[other - 1])
        if deeper is not None and indent >= _indent(lines[deeper - 1]):
            continue  # inside a block the walk has already left
        if indent == column or column in _item_columns(lines[other - 1]):
            return None
        if indent < column:
            if deeper is None:
                return None
            return (f"this line is indented less than line {deeper} (column {_indent(lines[deeper - 1]) + 1}) "
                    f"but more than line {other} (column {indent + 1}): the keys of one mapping, and "
                    f"the items of one list, start in the same column")
        deeper = other
    return None


def _lines_above(lines: list, number: int) -> list:
    """The numbers of the lines above line `number` that hold YAML structure, nearest first: no
    blank lines, comments, nor the text of `|` and `>` blocks."""
    found, block = [], None
    for index, line in enumerate(lines[:number - 1]):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if block is not None and _indent(line) > block:
            continue
        block = _indent(line) if BLOCK_START.search(line) else None
        found.append(index + 1)
    return found[::-1]


def _item_columns(line: str) -> set:
    """The columns (0-based) where a list item's own keys start: `  - name: x` gives {4}."""
    columns, at = set(), _indent(line)
    while True:
        item = ITEM.match(line, at)
        if item is None:
            return columns
        at = item.end()
        columns.add(at)


def _indent(line: str) -> int:
    """The number of spaces and tabs before a line's text."""
    return len(line) - len(line.lstrip(" \t"))
