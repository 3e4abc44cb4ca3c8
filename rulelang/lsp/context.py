"""Where the cursor stands in a rule file, read from the text itself (while it is typed it may not
load): the word under the cursor, the keys and list items around it, and what the construct
catalogue says belongs there (a section's keys, a block's keys, effects, an expression, names).
"""
from __future__ import annotations

import re
from typing import NamedTuple

import attrs

from ..constructs.base import EFFECTS, EXPR, MAPPING, SEQUENCE, Key
from ..constructs.catalogue import BLOCKS, SECTIONS, STATEMENTS
from ..kit.documents import MAX_DEPTH

WORD = re.compile(r"[A-Za-z0-9_]+")
# A line's start: its indentation, its list dashes, and the key it holds (`key:`, `"worth(c)":`) if any
LINE = re.compile(r"(?P<indent> *)(?P<dashes>(?:-(?: +|$))*)"
                  r"(?:(?P<key>[A-Za-z_][A-Za-z0-9_]*(?: [A-Za-z_][A-Za-z0-9_]*)*|\"[^\"\n]*\"|'[^'\n]*')"
                  r"[ \t]*:(?=[ \t]|$))?")
TOP_KEYS = {key: Key(section.kind, section.required, section.summary()) for key, section in SECTIONS.items()}
SCANNED_LINES = 2000  # lines looked at above the cursor for what encloses it (a bound on hostile text)
LOOK_BACK = 400  # characters before the cursor that decide what it completes (a bound on hostile lines)
STATEMENT = "statement"  # what an effect item written as text is
STATEMENT_START = re.compile(r"(?:^\s*(?:-\s+)+[\"']?|[\[,]\s*[\"'])[A-Za-z_]*$")


class Step(NamedTuple):
    """One level around the cursor: a mapping's key, or a list item (with its mapping's first key)."""

    key: str
    item: bool = False


@attrs.frozen
class Place:
    """What the catalogue says belongs at a spot: the keys a mapping there may hold, or the kind
    of value written there (EFFECTS, EXPR, NAMES ...), and the key it is the value of."""

    keys: dict = attrs.field(factory=dict)  # key -> Key
    value: str = ""
    key: str = ""


@attrs.frozen
class Spot:
    """The cursor in a rule file's text: its line, what lies before it there, and what encloses it."""

    line: str
    column: int
    steps: tuple  # the Steps around the cursor's line, outermost first (its own dashes included)
    key: str | None  # the key written on the cursor's line, if any
    after_key: bool  # the cursor is past the key's colon: in its value

    @property
    def before(self) -> str:
        """The line's text before the cursor (its last LOOK_BACK characters)."""
        return self.before_column(self.column)

    def before_column(self, column: int) -> str:
        """The line's text before a column (its last LOOK_BACK characters)."""
        return self.line[max(0, column - LOOK_BACK):column]

    def word(self) -> tuple:
        """(word, start, end) of the identifier under the cursor, or ('', column, column)."""
        for found in WORD.finditer(self.line):
            if found.start() <= self.column <= found.end():
                return found.group(), found.start(), found.end()
        return "", self.column, self.column

    def place(self) -> Place:
        """What belongs where the cursor is: in a key's value, or among a mapping's keys."""
        steps = self.steps + ((Step(self.key),) if self.key is not None and self.after_key else ())
        return place_of(steps)

    def in_key(self) -> bool:
        """Whether the cursor is on the key written on its line."""
        return self.key is not None and not self.after_key


def spot(text: str, row: int, column: int) -> Spot:
    """The Spot of a 0-based line and column (in characters) of a rule file's text."""
    lines = text.split("\n")
    line = lines[row].rstrip("\r") if 0 <= row < len(lines) else ""
    column = max(0, min(column, len(line)))
    shape = LINE.match(line)
    key = _unquoted(shape.group("key"))
    own = tuple(Step("", True) for _ in range(min(shape.group("dashes").count("-"), MAX_DEPTH + 1)))
    if own and key is not None:
        own = own[:-1] + (Step(key, True),)
    after_key = key is not None and column >= shape.end()
    steps = _enclosing(lines, row, len(shape.group("indent")), bool(own)) + own
    return Spot(line, column, steps, key, after_key)


def _unquoted(key: str | None) -> str | None:
    """A key as the document holds it: without its quotes, spaces inside kept."""
    if key is None:
        return None
    return key[1:-1] if key[:1] in "\"'" else key


def _enclosing(lines: list, row: int, indent: int, item: bool) -> tuple:
    """The Steps that hold a line starting at column `indent` (a list item when `item`): the keys
    and list items above it and left of it (a list may stand at its key's own column)."""
    steps: list = []
    for above in range(row - 1, max(-1, row - 1 - SCANNED_LINES), -1):
        if indent == 0 and not item:
            break
        line = lines[above].rstrip("\r")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        shape = LINE.match(line)
        start, content = len(shape.group("indent")), shape.end("dashes")
        key = _unquoted(shape.group("key"))
        holds = key is not None and (content < indent or (content == indent and item))
        dashes = min(shape.group("dashes").count("-"), MAX_DEPTH + 1)
        if dashes and (holds or start < indent):
            steps.extend(([Step(key)] if holds else []) + [Step(key or "", True)] + [Step("", True)] * (dashes - 1))
            indent, item = start, True
        elif holds and not dashes:
            steps.append(Step(key))
            indent, item = start, False
    return tuple(reversed(steps))


def place_of(steps: tuple) -> Place:
    """What the catalogue says belongs after these steps from the top of a rule file."""
    if len(steps) > MAX_DEPTH:  # deeper than a rule file may nest
        return Place()
    here, section = Place(TOP_KEYS, MAPPING), None
    for index, step in enumerate(steps):
        if index == 0:
            section = SECTIONS.get(step.key)
            here = _section_place(section, step.key) if section is not None and not step.item else Place()
        elif step.item and here.value == EFFECTS:
            here = _item_place(step.key)
        elif step.item and index == 1 and section.kind == SEQUENCE and section.entry:
            here = Place(section.entry, MAPPING)  # an entry of triggers: or end:
        elif step.item:
            here = Place(value=here.value, key=here.key)  # an item of a list of names
        elif step.key in here.keys:
            here = Place(value=here.keys[step.key].kind, key=step.key)
        elif index == 1 and (section.entry or section.entry_kind):
            here = _entry_place(section, step.key)
        else:
            return Place()
    return here


def _section_place(section, key: str) -> Place:
    """The value of a section: effects, its own keys, or entries by name."""
    if section.kind == EFFECTS:
        return Place(value=EFFECTS, key=key)
    if section.fields:
        return Place(section.fields, MAPPING, key)
    return Place(value=section.kind, key=key)


def _entry_place(section, name: str) -> Place:
    """The value of one entry of a section by name (a zone, a move, a card property, a variable)."""
    if section.entry_kind in (EXPR, EFFECTS):
        return Place(value=section.entry_kind, key=name)
    return Place(section.entry, MAPPING, name)


def _item_place(key: str) -> Place:
    """An item of an effect list: a block (by its first key), a statement, or a statement's mapping form."""
    block = BLOCKS.get(key)
    if block is not None:
        return Place(block.keys, MAPPING, key)
    if key in STATEMENTS:  # `- log: "a: b"`: the key is the statement's keyword, its value the rest
        return Place({key: Key(STATEMENT, True, STATEMENTS[key].summary())}, MAPPING, key)
    return Place(value=STATEMENT) if not key else Place()


def statement_start(before: str) -> bool:
    """Whether the word typed last starts a statement: an effect item's first word (`- mo`, `["mo`, `, 'mo`)."""
    return STATEMENT_START.search(before) is not None
