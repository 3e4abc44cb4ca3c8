"""The built-in functions that put items in order: `sort`, `sort_down`, `highest`, `lowest`, `most`, `least`.

Each orders the items of a collection by a value worked out for each (`x in coll | value`), or,
in the plain form, by the items themselves. Values are numbers, texts, or lists of them, which
compare item by item: `[count(g), first(g).rank]` ranks a pair of kings above a pair of
queens and any pair below three of a kind (a hand's kickers).

Each is one class (see `functions.py` for what a function says of itself).
"""
from __future__ import annotations

from operator import itemgetter

from ..errors import GameError
from ..engine.values import pretty
from .functions import ByValue
from .kinds import LIST


class Ordering(ByValue):
    """A function that orders items by a value per item."""

    gives_items = True


ORDERED = (int, str, list, tuple)  # the classes of values that order (an int's subclass bool does not)
_value = itemgetter(1)  # (the value of a pair: a built-in, so that sorting calls no Python function per item)


def checked(pairs: list, what: str, pos) -> list:
    """The pairs, each value one that orders with the others (numbers, texts, lists of them)."""
    for _, value in pairs:
        if value.__class__ not in ORDERED and (value is None or isinstance(value, bool)
                                              or not isinstance(value, ORDERED)):
            raise GameError(f"{what} orders by numbers, texts or lists of them, not {pretty(value)}", pos)
    return pairs


def in_order(pairs: list, down: bool, what: str, pos) -> list:
    """The items of the pairs ordered by their values (equal values keep their order)."""
    try:
        return [item for item, _ in sorted(checked(pairs, what, pos), key=_value, reverse=down)]
    except TypeError:
        values = ", ".join(sorted({pretty(value) for _, value in pairs}))
        raise GameError(f"{what} cannot put these values in one order: {values}", pos) from None


def extremes(pairs: list, down: bool, what: str, pos) -> list:
    """The items whose value is the highest (`down`) or the lowest, in their order."""
    if not pairs:
        return []
    checked(pairs, what, pos)
    try:
        best = (max if down else min)(map(_value, pairs))
        return [item for item, value in pairs if value == best]
    except TypeError:
        values = ", ".join(sorted({pretty(value) for _, value in pairs}))
        raise GameError(f"{what} cannot put these values in one order: {values}", pos) from None


class Sort(Ordering):
    """The items in order of their values, lowest first (items of equal value keep their order)."""

    keyword = "sort"
    guessed = ('sorted', 'order_by')
    syntax = ("sort(coll)", "sort(x in coll | value)")
    example = "sort(c in me.hand | c.rank)"
    fresh_list = True
    gives = LIST
    helper = "sort"
    down = False

    def pick(self, st, pairs, pos):
        return in_order(pairs, self.down, f"{self.keyword}()", pos)


class SortDown(Sort):
    """The items in order of their values, highest first (items of equal value keep their order)."""

    keyword = "sort_down"
    guessed = ()  # (not sort's)
    syntax = ("sort_down(coll)", "sort_down(x in coll | value)")
    example = "sort_down(c in me.hand | [c.rank, c.suit])"
    helper = "sort_down"
    down = True


class Highest(Ordering):
    """The item with the highest value (the first of them on a tie), `none` when empty: not the value, the item."""

    keyword = "highest"
    guessed = ('argmax', 'max_by')
    syntax = ("highest(coll)", "highest(x in coll | value)")
    example = "highest(c in me.hand | c.rank)"
    helper = "highest_item"
    down = True

    def pick(self, st, pairs, pos):
        found = extremes(pairs, self.down, f"{self.keyword}()", pos)
        return found[0] if found else None


class Lowest(Highest):
    """The item with the lowest value (the first of them on a tie), `none` when empty: not the value, the item."""

    keyword = "lowest"
    guessed = ('argmin', 'min_by')
    syntax = ("lowest(coll)", "lowest(x in coll | value)")
    example = "lowest(p in players | p.score)"
    helper = "lowest_item"
    down = False


class Most(Ordering):
    """Every item with the highest value, in their order (several on a tie, none when empty): `win most(p in players | p.points)`."""

    keyword = "most"
    syntax = ("most(coll)", "most(x in coll | value)")
    example = "most(p in players | p.score)"
    fresh_list = True
    gives = LIST
    helper = "most_items"
    down = True

    def pick(self, st, pairs, pos):
        return extremes(pairs, self.down, f"{self.keyword}()", pos)


class Least(Most):
    """Every item with the lowest value, in their order (several on a tie, none when empty)."""

    keyword = "least"
    syntax = ("least(coll)", "least(x in coll | value)")
    example = "least(p in players | p.score)"
    helper = "least_items"
    down = False
