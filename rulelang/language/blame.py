"""A house rule's errors that lie in its base, told at the house rule's line that caused them.

A variant that removes or changes a part its base relies on (`zones: {stock: none}`) makes
errors in the base's rules (`unknown name 'stock'`, nine times over). When the base is clean
on its own, every such error is the house rule's doing: it is told once per message at the
house rule's line that changed the name it quotes (else at its `extends:` line), with the
places in the base as a note.
"""
from __future__ import annotations

import re

from ..errors import Diagnostic, Position
from ..kit.documents import YMap

QUOTED = re.compile(r"'([^']+)'")
EXTENDS = re.compile(r"^extends[ \t]*:[ \t]*", re.M)
MAX_PLACES = 3  # places in the base a note names; the others are counted


def blame_house_rule(doc: YMap, diagnostics: list, base_errors) -> list:
    """The diagnostics, with those that lie in a base that is clean on its own (`base_errors(path)`
    gives its errors) told at the house rule's line instead, one per message."""
    top = doc.pos.path
    clean: dict = {}
    kept, caused = [], {}
    for diagnostic in diagnostics:
        path = diagnostic.position.path
        if path == top or not diagnostic.position.line or diagnostic.severity != "error":
            kept.append(diagnostic)
            continue
        if path not in clean:
            clean[path] = not base_errors(path)
        if not clean[path]:
            kept.append(diagnostic)
            continue
        key = (_cause(doc, diagnostic.message), diagnostic.message)
        caused.setdefault(key, []).append(diagnostic.position)
    for (where, message), places in caused.items():
        kept.append(Diagnostic(where, f"{message} — in the base, which this house rule's change breaks "
                                      f"({_places(places)})"))
    return kept


def _cause(doc: YMap, message: str) -> Position:
    """The house rule's line that changed what the message quotes; else its `extends:` line."""
    top = doc.pos.path
    quoted = set(QUOTED.findall(message))
    mine = [(path, where) for path, _, _, where in doc.changes if where.path == top]
    for path, where in mine:
        if path and str(path[-1]) in quoted:
            return where
    if len(mine) == 1:
        return mine[0][1]
    return _extends_line(doc)


def _extends_line(doc: YMap) -> Position:
    """Where the house rule names its base."""
    text = dict(doc.sources).get(doc.pos.path, "")
    found = EXTENDS.search(text)
    if found is None:
        return doc.pos
    line = text.count("\n", 0, found.start()) + 1
    return Position(doc.pos.path, line, found.end() - found.start() + 1)


def _places(places: list) -> str:
    """`crazy_eights.yaml:52:13, 54:53, 55:16 and 5 more`."""
    first = places[0]
    shown = [str(first)] + [f"{p.line}:{p.column}" if p.path == first.path else str(p) for p in places[1:MAX_PLACES]]
    more = f" and {len(places) - MAX_PLACES} more" if len(places) > MAX_PLACES else ""
    return ", ".join(shown) + more
