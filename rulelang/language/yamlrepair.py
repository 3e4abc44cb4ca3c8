"""Ordinary text that YAML cannot read, read as its author meant it (the load stage's YAML part).

Log lines, labels and prompts are sentences, and sentences hold `: ` (`label: Roll: again`), and
rule tests name piles with brackets (`play: [center[0]]`). YAML refuses both. Where YAML stops at
such a line, the line is mended in a copy of the text by swapping the characters YAML trips on
for private ones of the same length (so every position stays exact), the copy is read again, and
the private characters are put back in the values read. A text that already holds one of them
is not mended.
"""
from __future__ import annotations

import re

from ..kit.documents import YList, YMap, YStr
from .yamlhints import COLON_HERE, SPLIT_REACH, SPLIT_STATEMENT

SPACE, OPEN, CLOSE = "\ue000", "\ue001", "\ue002"  # stand for ' ' after ':', '[' and ']' while YAML reads
PUT_BACK = str.maketrans({SPACE: " ", OPEN: "[", CLOSE: "]"})
MAX_MENDED = 50  # lines mended in one file: each costs a reading of it
# `key: value`, or a list item's, whose value is plain text on this line (no quote, bracket, block)
KEY_AND_PLAIN_VALUE = re.compile(r"^\s*(?:-\s+)*(?:[^\s#\"'\[{][^#]*?):\s+(?P<value>[^\s#\"'\[{|>&*!%@`].*)$")
NAME_CHARACTER = re.compile(r"[A-Za-z0-9_]")



def mendable(text: str) -> bool:
    """Whether a text may be mended: it holds none of the private characters."""
    return not any(mark in text for mark in (SPACE, OPEN, CLOSE))


def mended(text: str, line: int, column: int, problem: str) -> str | None:
    """The text with the line YAML stopped at (0-based `line`, `column`) mended, or None when the
    problem is none of those mended here."""
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return None
    colon_here = problem == COLON_HERE  # the cause is on this very line
    for number in range(line, line - 1 if colon_here else max(line - SPLIT_REACH, -1), -1):
        found = SPLIT_STATEMENT.match(lines[number])  # YAML notices a split statement late
        if found and any(quote in found.group("head") for quote in "\"'"):  # `- log "Roll: {n} again"`
            lines[number] = _mend_colons(lines[number], found.start("head"))
            return "\n".join(lines)
    fixed = None
    if colon_here:
        fixed = _colons_in_plain_text(lines[line], column)
    elif problem.startswith("expected ',' or ") and problem.endswith("but got '['"):
        fixed = _brackets_in_a_name(lines[line], column)
    if fixed is None:
        return None
    lines[line] = fixed
    return "\n".join(lines)


def put_back(value):
    """A value read from a mended text with the private characters turned back (positions kept)."""
    if isinstance(value, YStr):
        text = str(value).translate(PUT_BACK)
        if text == value:
            return value
        back = YStr(text)
        back.pos, back.offset = value.pos, value.offset
        return back
    if isinstance(value, YMap):
        keys = {key: put_back(key) for key in value}
        back = YMap((keys[key], put_back(item)) for key, item in value.items())
        back.pos = value.pos
        back.key_pos = {keys[key]: pos for key, pos in value.key_pos.items()}
        back.value_pos = {keys[key]: pos for key, pos in value.value_pos.items()}
        return back
    if isinstance(value, YList):
        back = YList(put_back(item) for item in value)
        back.pos, back.item_pos = value.pos, value.item_pos
        return back
    return value


def _colons_in_plain_text(line: str, column: int) -> str | None:
    """`label: Roll: again`: the `: ` inside a plain value, where YAML saw a second mapping."""
    found = KEY_AND_PLAIN_VALUE.match(line)
    if found is None or not found.start("value") <= column < len(line):
        return None
    return _mend_colons(line, found.start("value"))


def _mend_colons(line: str, start: int) -> str:
    """The line with each `: ` of its plain text from `start` on (to a comment) swapped."""
    comment = re.search(r"\s#", line[start:])  # YAML ends plain text at ' #'
    end = start + comment.start() if comment else len(line)
    return line[:start] + line[start:end].replace(": ", ":" + SPACE) + line[end:]


def _brackets_in_a_name(line: str, column: int) -> str | None:
    """`[center[0]]`: a pile named with its index inside a flow list, where YAML saw a new list."""
    if not (0 < column < len(line) and line[column] == "[" and NAME_CHARACTER.match(line[column - 1])):
        return None
    close = line.find("]", column)
    if close < 0 or "[" in line[column + 1:close]:
        return None
    return line[:column] + OPEN + line[column + 1:close] + CLOSE + line[close + 1:]
