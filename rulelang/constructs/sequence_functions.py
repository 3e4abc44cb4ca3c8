"""The built-in functions of places in a sequence: `range`, `index_of`, and where a card lies in
its pile: `position`, `above`, `below`.

`range(0, 13)` writes the bids of a bidding game, the sizes of a choice, as a list made at once;
`index_of` turns a value into its place in a list (a contract into its rank in the order of
bids); `position`, `above` and `below` read a card's place in the pile it lies in, top first, so
"take this card and every card above it" is `above(c) + [c]`.

Each is one class (see `functions.py` for what a function says of itself).
"""
from __future__ import annotations

from ..engine.ops import MAX_LIST, charge
from ..engine.values import Card, Marker, pretty
from ..errors import GameError
from ..kit.codegen import call, name
from .functions import Function
from .kinds import LIST, NUMBER, SCALARS


def whole_number(value) -> bool:
    """An integer, and not true/false."""
    return isinstance(value, int) and not isinstance(value, bool)


class Range(Function):
    """The whole numbers from `a` to `b`, both included, in order (none when `b` is below `a`): `range(0, 13)`.

    Unlike Python's range, the last number is included, as a rulebook says it ("bid 0 to 13").
    It makes a list at once: one unit of work per number, at most 100,000 numbers (`limits: lists`).
    """

    keyword = "range"
    syntax = ("range(a, b)",)
    example = "range(1, count(me.hand))"
    args = (2, 2)
    usage = "the first and the last whole number"
    gives = LIST
    fresh_list = True
    helper = "number_range"

    @staticmethod
    def meaning(st, low, high, pos=None) -> list:
        """The numbers from low to high, both included, the work charged."""
        if not whole_number(low) or not whole_number(high):
            raise GameError(f"range() takes two whole numbers, not {pretty(low)} and {pretty(high)}", pos)
        size = high - low + 1
        if size > MAX_LIST:
            raise GameError(f"range({low}, {high}) would make {size:,} numbers, more than {MAX_LIST:,} "
                            f"(limits: lists)", pos)
        if size <= 0:
            return []
        charge(st, size, pos)
        return list(range(low, high + 1))

    def kind(self, checker, args, kinds):
        for arg, found in zip(args, kinds):
            checker.needs_number(arg, found, f"{self.keyword}()")
        return LIST

    def code(self, gen, args, scope):
        values = [gen.node(arg, scope) for arg in args]
        return call(self.helper, name("st"), *values, gen.where(args[0]))

    def evaluate(self, st, values, positions):
        return self.meaning(st, *values, positions[0])


class IndexOf(Function):
    """The place of a value in a collection, from 0 at the top (its first place, if it is there several times), or `none` when it is not there.

    A value's rank in a fixed order: `index_of(bid, ['1C', '1D', '1H', '1S', '1NT', '2C'])`, and a
    card's place in a zone: `index_of(c, discard)` (see also `position(c)`).
    """

    keyword = "index_of"
    guessed = ('index', 'find')
    syntax = ("index_of(x, coll)",)
    example = "index_of('hearts', ['clubs', 'diamonds', 'hearts', 'spades'])"
    args = (2, 2)
    usage = "a value and the collection to find it in"
    gives = NUMBER
    helper = "index_of"

    @staticmethod
    def meaning(st, value, coll):
        """The first place of value in the collection, or none."""
        items = st.items(coll)
        charge(st, len(items), None)
        for place, item in enumerate(items):
            if item == value and (item.__class__ is bool) == (value.__class__ is bool):  # (true is not 1)
                return place
        return None

    def kind(self, checker, args, kinds):
        if kinds[1] in SCALARS:
            checker.fail(args[1], f"{self.keyword}() needs a collection to look in, not {kinds[1]}")
        return NUMBER


def pile_of(st, card, what: str) -> list:
    """The pile a card or marker lies in, top first: its zone's cards, or the pieces under the card it lies under."""
    if not isinstance(card, (Card, Marker)):
        raise GameError(f"{what}() takes a card, not {pretty(card)}")
    place = st.loc.get(card.id)
    if place is None:
        raise GameError(f"{pretty(card)} lies nowhere")
    if place[0] == "u":
        return st.under_of.get(place[1].id, [])
    return st.items(place[1])


class Position(Function):
    """Where a card lies in its zone, from 0 at the top (a card under a card: its place among the pieces under it)."""

    keyword = "position"
    syntax = ("position(c)",)
    example = "position(first(me.hand)) == 0"
    usage = "one card"
    gives = NUMBER
    reads = frozenset({"loc", "attach"})
    helper = "position"

    @staticmethod
    def meaning(st, card) -> int:
        """The card's place in its pile, from 0 at the top."""
        return pile_of(st, card, "position").index(card)


class Above(Function):
    """The cards lying above a card in its zone, top first (none for the top card): `above(c) + [c]` is the card and every card on it."""

    keyword = "above"
    syntax = ("above(c)",)
    example = "count(above(first(me.hand)))"
    usage = "one card"
    gives = LIST
    fresh_list = gives_items = True
    reads = frozenset({"loc", "attach"})
    helper = "above"

    @staticmethod
    def meaning(st, card) -> list:
        """The cards above the card, top first."""
        pile = pile_of(st, card, "above")
        return pile[:pile.index(card)]


class Below(Function):
    """The cards lying below a card in its zone, in their order (none for the bottom card)."""

    keyword = "below"
    syntax = ("below(c)",)
    example = "count(below(first(me.hand)))"
    usage = "one card"
    gives = LIST
    fresh_list = gives_items = True
    reads = frozenset({"loc", "attach"})
    helper = "below"

    @staticmethod
    def meaning(st, card) -> list:
        """The cards below the card, in their order."""
        pile = pile_of(st, card, "below")
        return pile[pile.index(card) + 1:]
