"""The built-in functions that find patterns in a collection: `groups`, `runs`, `combinations`, `subsets`.

`groups` puts items of equal value together (n of a kind: a group of n), `runs` finds stretches
of consecutive values (a straight, a sequence), `combinations` lists every choice of k items,
so that the best k of n is `highest(h in combinations(cards, 5) | hand_rank(h))`, and `subsets`
every choice of any size (the cards that add up to a sum).

Each is one class (see `functions.py` for what a function says of itself).
"""
from __future__ import annotations

import math
from itertools import combinations as _combinations

from ..engine.ops import MAX_LIST, charge
from ..engine.values import pretty
from ..errors import GameError
from ..kit.codegen import call, name
from .functions import ByValue, Function
from .kinds import LIST


class Groups(ByValue):
    """The items in groups of equal value: a list of lists, in the order of their first items.

    Each group keeps the items' order. Counts of each rank are the groups' sizes; n of a kind is a group of n:
    `any(g in groups(c in me.hand | c.rank) | count(g) >= 3)`. Order the groups with
    `sort_down(g in groups(...) | [count(g), first(g).rank])` to rank a hand's pairs and kickers.
    """

    keyword = "groups"
    syntax = ("groups(coll)", "groups(x in coll | value)")
    example = "sort_down(g in groups(c in me.hand | c.rank) | [count(g), first(g).rank])"
    fresh_list = True
    gives = LIST
    helper = "groups"

    def pick(self, st, pairs, pos):
        found: dict = {}
        for item, value in pairs:
            key = _key(st, value, pos) if value.__class__ in (list, tuple) else (value.__class__ is bool, value)
            if key in found:
                found[key] += (item,)  # (`+=`, not append: no call per item)
            else:
                found[key] = [item]
        return [*found.values()]


def _key(st, value, pos):
    """A value as a key of a table of groups: lists as tuples (one unit of work per item), true apart from 1."""
    if value.__class__ in (list, tuple):
        charge(st, len(value), pos)
        return tuple(_key(st, part, pos) for part in value)
    return (value.__class__ is bool, value)


class Runs(ByValue):
    """The longest stretches of consecutive whole-number values: each a list of items, one per value, lowest first.

    An item whose value is a list counts as each of those values, so an ace can count high
    and low: `runs(c in hand | [1, 14] if c.rank == 1 else c.rank)` finds A-2-3-4-5 and
    10-J-Q-K-A (give only `1` or only `14` for an ace low or high only). Of several items of
    one value the first is taken; a run may be one item long. A straight of five:
    `any(r in runs(c in hand | c.rank) | count(r) >= 5)`; its highest card is `last(r)`.
    """

    keyword = "runs"
    syntax = ("runs(coll)", "runs(x in coll | value)")
    example = "any(r in runs(c in me.hand | [1, 14] if c.rank == 1 else c.rank) | count(r) >= 5)"
    gives = LIST
    helper = "runs"

    def pick(self, st, pairs, pos):
        holder: dict = {}  # value -> the first item that counts as it
        for item, value in pairs:
            if value.__class__ is int:  # (the common case, with no call)
                if value not in holder:
                    holder[value] = item
                continue
            numbers = value if value.__class__ in (list, tuple) else (value,)
            if numbers[1:]:
                charge(st, len(numbers) - 1, pos)  # (the loop paid for one)
            for number in numbers:
                if number.__class__ is not int and (not isinstance(number, int) or isinstance(number, bool)):
                    raise GameError(f"runs() needs whole numbers (or lists of them), not {pretty(number)}", pos)
                if number not in holder:
                    holder[number] = item
        found, run, last = [], [], None
        for number in sorted(holder):  # (`+=`, not append: no call per item)
            if run and number != last + 1:
                found += (run,)
                run = []
            run += (holder[number],)
            last = number
        return found + [run] if run else found


class Combinations(Function):
    """Every choice of `k` items of a collection: a list of lists, each in the collection's order.

    The best k of n under a ranking is the highest of them:
    `highest(h in combinations(me.hand + board, 5) | hand_rank(h))` (a rank that is a list
    compares item by item, as kickers do). Making them costs work: one unit per item of every
    choice made (`limits: work`), and at most 100,000 choices (`limits: lists`).
    """

    keyword = "combinations"
    syntax = ("combinations(coll, k)",)
    example = "count(h in combinations(me.hand, 2) | first(h).rank == last(h).rank)"
    args = (2, 2)
    usage = "a collection and how many items each choice takes"
    collection_first = True
    gives = LIST
    helper = "combinations"

    @staticmethod
    def meaning(st, coll, k, pos=None) -> list:
        """Every choice of k items of a collection, in the collection's order, the work charged."""
        if not isinstance(k, int) or isinstance(k, bool) or k < 0:
            raise GameError(f"combinations() takes how many items each choice takes: 0 or more, not {pretty(k)}", pos)
        items = st.items(coll)
        made = math.comb(len(items), k)
        if made > MAX_LIST:
            raise GameError(f"combinations() of {k} of {len(items)} items would make {made:,} choices, "
                            f"more than {MAX_LIST:,} (limits: lists)", pos)
        if made == 0:  # (more items asked for than there are: itertools would first make room for k of them)
            return []
        charge(st, made * max(k, 1), pos)
        return [list(choice) for choice in _combinations(items, k)]

    def kind(self, checker, args, kinds):
        found = super().kind(checker, args, kinds)
        checker.needs_number(args[1], kinds[1], f"{self.keyword}()")
        return found

    def code(self, gen, args, scope):
        values = [gen.node(arg, scope) for arg in args]
        return call(self.helper, name("st"), *values, gen.where(args[1]))

    def evaluate(self, st, values, positions):
        return self.meaning(st, *values, positions[1])


MAX_SUBSET_ITEMS = 16  # a collection of 16 items has 65,535 non-empty subsets, within the list cap


class Subsets(Function):
    """Every choice of one or more items of a collection, of every size: a list of lists, smaller ones first, each in the collection's order.

    The cards whose values add up to a number: `select(s in subsets(table) | sum(c in s | c.rank) == 10)`;
    `combinations(coll, k)` gives those of one size. Making them costs work: one unit per item of
    every choice made (`limits: work`), and the collection may hold at most 16 items (65,535
    choices, `limits: lists`).
    """

    keyword = "subsets"
    syntax = ("subsets(coll)",)
    example = "count(s in subsets(me.hand) | sum(c in s | c.rank) == 15)"
    usage = "a collection"
    collection_first = True
    gives = LIST
    helper = "subsets"

    @staticmethod
    def meaning(st, coll, pos=None) -> list:
        """Every non-empty choice of items of a collection, smaller first, the work charged."""
        items = st.items(coll)
        if len(items) > MAX_SUBSET_ITEMS:
            raise GameError(f"subsets() of {len(items)} items would make {2 ** len(items) - 1:,} choices; it takes "
                            f"at most {MAX_SUBSET_ITEMS} items (limits: lists)", pos)
        charge(st, len(items) * 2 ** max(len(items) - 1, 0), pos)  # every item is in half of the choices
        return [list(choice) for size in range(1, len(items) + 1) for choice in _combinations(items, size)]

    def code(self, gen, args, scope):
        return call(self.helper, name("st"), gen.node(args[0], scope), gen.where(args[0]))

    def evaluate(self, st, values, positions):
        return self.meaning(st, values[0], positions[0])
