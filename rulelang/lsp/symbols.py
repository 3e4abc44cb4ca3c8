"""Where names are: go to definition (a declared name's declaration, in the base file for a house
rule; the file `extends:` names) and the document's outline (its sections and what they declare)."""
from __future__ import annotations

from bisect import bisect_right

from lsprotocol import types

from ..errors import Position, RuleError
from ..language.reach import Reach
from .context import Spot
from .declarations import (
    CARD_PROP,
    CARD_VAR,
    CONSTANT,
    FUNCTION,
    GAME_VAR,
    MOVE,
    PLAYER_VAR,
    PLAYER_ZONE,
    PROCEDURE,
    TRIGGER,
    ZONE,
    ZONE_VAR,
    Declaration,
    Outline,
)
from .lookup import declarations_at
from .source import Source

SYMBOLS = {ZONE: types.SymbolKind.Field, PLAYER_ZONE: types.SymbolKind.Field, CONSTANT: types.SymbolKind.Constant,
           GAME_VAR: types.SymbolKind.Variable,
           PLAYER_VAR: types.SymbolKind.Variable, CARD_VAR: types.SymbolKind.Variable,
           ZONE_VAR: types.SymbolKind.Variable, CARD_PROP: types.SymbolKind.Property,
           FUNCTION: types.SymbolKind.Function, PROCEDURE: types.SymbolKind.Method, MOVE: types.SymbolKind.Event,
           TRIGGER: types.SymbolKind.Event}  # what the outline lists under the sections (not the cards)
MOST_SYMBOLS = 5_000  # names the outline lists: more help no reader, and each costs the server's time


def definitions(spot: Spot, outline: Outline | None, source: Source, row: int, allow: tuple, uri_of) -> list:
    """The locations of what the word under the cursor names; on `extends:`, the base file."""
    target = source.extends()
    if target is not None and target.start.line == row and source.column(target.start) <= spot.column:
        base = _base(source, row, target, allow)
        return [types.Location(uri_of(base), types.Range(types.Position(0, 0), types.Position(0, 0)))] if base else []
    return [_location(d, source, uri_of) for d in (declarations_at(spot, outline) if outline is not None else [])]


def _base(source: Source, row: int, target: types.Range, allow: tuple) -> str | None:
    """The path of the file `extends:` names, found as the CLI finds it, or None."""
    name = source.line(row)[source.column(target.start):source.column(target.end)].strip("\"'")
    try:
        return Reach(allow).find(name, source.path, Position(source.path, row + 1, 1))
    except RuleError:
        return None


def _location(declaration: Declaration, source: Source, uri_of) -> types.Location:
    """Where a declaration's name is written (in this document, or in another file)."""
    position = declaration.position
    if position.path == source.path:
        where = source.name_range(position, declaration.name)
    else:  # another file's text is not at hand: its line and column, counted in characters
        start = types.Position(max(position.line - 1, 0), max(position.column - 1, 0))
        where = types.Range(start, types.Position(start.line, start.character + len(declaration.name)))
    return types.Location(uri_of(position.path), where)


def document_symbols(outline: Outline | None, source: Source) -> list:
    """The outline: each section written in the document, with the names it declares there (at
    most MOST_SYMBOLS in all; a section cut short ends with how many more it declares)."""
    rows = sorted(source.top_keys().items(), key=lambda item: item[1])
    starts = [row for _, row in rows]
    declared: list = [[] for _ in rows]
    for d in (outline.declarations if outline is not None else ()):
        if d.position.path == source.path and d.what in SYMBOLS:
            section = bisect_right(starts, d.position.line - 1) - 1  # the last section starting on or above its line
            if section >= 0:
                declared[section].append(d)
    symbols, room = [], MOST_SYMBOLS
    for index, (key, row) in enumerate(rows):
        last = rows[index + 1][1] - 1 if index + 1 < len(rows) else len(source.lines) - 1
        whole = types.Range(types.Position(row, 0), source.position(last, len(source.line(last))))
        heading = source.range(row, 0, len(key))
        children = [_symbol(d, source) for d in declared[index][:room]]
        if len(declared[index]) > room:
            children.append(types.DocumentSymbol(f"… {len(declared[index]) - room:,} more", types.SymbolKind.Null,
                                                 whole, heading))
        room = max(room - len(declared[index]), 0)
        symbols.append(types.DocumentSymbol(key, types.SymbolKind.Module, whole, heading, children=children))
    return symbols


def _symbol(declaration: Declaration, source: Source) -> types.DocumentSymbol:
    """One declared name in the outline."""
    where = source.name_range(declaration.position, declaration.name)
    return types.DocumentSymbol(declaration.name, SYMBOLS[declaration.what], where, where,
                                detail=declaration.summary())
