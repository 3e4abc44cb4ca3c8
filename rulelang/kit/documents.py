"""The values a rule file loads as: text, mappings and lists that remember where they were written."""
from __future__ import annotations

from ..errors import UNKNOWN, Position

BLOCK_STYLES = ("|", ">")  # a block scalar's text starts on the line after its mark
MAX_DEPTH = 40  # levels a document may nest
MAX_DIGITS = 18  # digits of a whole number a document may hold


class YStr(str):
    """A string from a rule file that remembers where it was written."""

    pos: Position
    offset: int  # columns between the mark and the first character of the text


class YMap(dict):
    """A mapping from a rule file with the positions of its keys and values."""

    pos: Position = UNKNOWN
    key_pos: dict = {}  # replaced per instance by the loader; empty for a default
    value_pos: dict = {}
    sources: tuple = ()  # a loaded file's document: the (path, text) of each file it was read from
    changes: tuple = ()  # a variant merged on its bases: (keys from the top, the base's value, the value that
    #                      replaced it or None where it was removed, where that was written) per part (variants.py)


class YList(list):
    """A sequence from a rule file with the positions of its items."""

    pos: Position = UNKNOWN
    item_pos: tuple = ()


def position_of(value, default: Position) -> Position:
    """The source position a loaded value carries, or `default`."""
    return getattr(value, "pos", default)
