"""The kinds of values the checker tells apart, and how a kind remembers where it was written.

Every construct of the catalogue says in these words what it takes and what it gives; the
kind checker (`language/kinds.py`) reads them.
"""
from __future__ import annotations

from ..errors import Position

NUMBER, BOOL, TEXT, CARD, PLAYER, ZONE, LIST, ANY = (
    "a number", "true/false", "text", "a card", "a player", "a zone", "a collection", "any")
SHEET = "a score sheet"  # `me.scorecard`: read a box as `sheet[box]`
MIXED = "a number or text"  # `'forty' if it.rank == 13 else 30`
NUMBERS = {NUMBER, ANY}
NOT_NUMBERS = {TEXT, MIXED}  # kinds that may be text: an error where a number is needed
SCALARS = (NUMBER, BOOL, TEXT, MIXED, SHEET)  # kinds that are surely no collection


class Kind(str):
    """A kind that remembers where its text was written and through which declared name it came."""

    origin: Position | None = None
    source: str = ""  # the text as written, like 'forty'
    via: str = ""  # how it reached the expression: "card property 'toughness'"


def kind(name: str, origin=None, source: str = "", via: str = "") -> Kind:
    """A kind with where it was written (`origin`), as written (`source`) and how it came (`via`)."""
    found = Kind(name)
    found.origin, found.source, found.via = origin, source, via
    return found
