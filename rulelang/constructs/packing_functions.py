"""The built-in functions that arrange items into groups: `stretches` and `packing`.

`stretches` lists every stretch of consecutive items of a list (the parts of a run that are runs
themselves); `packing` chooses, of a list of groups, the ones that share no item and are worth
the most together: the melds that leave the least deadwood, the best way to split a hand.

Each is one class (see `functions.py` for what a function says of itself).
"""
from __future__ import annotations

import ast

from ..engine.ops import MAX_LIST, charge, over_budget
from ..engine.values import pretty
from ..errors import GameError
from ..kit.codegen import LOAD, call, name
from .functions import Function
from .kinds import LIST
from .pattern_functions import Combinations

MAX_PACKED_ITEMS = 128  # different items in the groups of one packing()
LOOK_WORK = 30  # work units for each arrangement of the free items packing() looks at: its time is about 30 loop items'
KEEP_WORK = 40  # ... and more for one it works out and keeps (one not looked at before)
MAX_ARRANGEMENTS = 1_000_000  # arrangements one packing() keeps (about 150 MB), whatever the work budget


class Stretches(Combinations):
    """Every stretch of at least `k` consecutive items of a collection: lists, by where they start, shortest first.

    The runs within a run are its stretches: `stretches(r, 3)` of a run 4-5-6-7 are 4-5-6,
    4-5-6-7 and 5-6-7. Making them costs work: one unit per item of every stretch made
    (`limits: work`), and at most 100,000 stretches (`limits: lists`).
    """

    keyword = "stretches"
    syntax = ("stretches(coll, k)",)
    example = "collect(r in runs(c in me.hand | c.rank) | stretches(r, 3))"
    usage = "a collection and the fewest items a stretch takes"
    helper = "stretches"

    @staticmethod
    def meaning(st, coll, k, pos=None) -> list:
        """Every stretch of at least k consecutive items, the work charged."""
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            raise GameError(f"stretches() takes the fewest items a stretch takes: 1 or more, not {pretty(k)}", pos)
        items = st.items(coll)
        spare = len(items) - k + 1  # how many places the shortest stretch may start at
        if spare <= 0:
            return []
        made = spare * (spare + 1) // 2
        if made > MAX_LIST:
            raise GameError(f"stretches() of {k} or more of {len(items)} items would make {made:,} stretches, "
                            f"more than {MAX_LIST:,} (limits: lists)", pos)
        charge(st, sum((len(items) - length + 1) * length for length in range(k, len(items) + 1)), pos)
        return [items[start:end] for start in range(len(items)) for end in range(start + k, len(items) + 1)]


class Packing(Function):
    """Of a list of groups, the ones that share no item and are worth the most together, in their order.

    Each group is a list of items (cards), worth the value given for it (`g in groups | value`),
    or its number of items in the plain form. The melds that leave the least deadwood are the
    packing of every possible meld worth its cards' points:
    `packing(m in possible_melds(me.hand) | sum(c in m | c.points))`; what they leave out is
    the deadwood. A group worth 0 or less is never taken; of several best packings the same one
    is always given. Finding it costs work (`limits: work`): one unit for each item of each
    group, 30 for each arrangement of the items still free that the search looks at, and 40 more
    and one for each group it tries for each arrangement it works out, so that a budget takes
    about as long as loops take to spend it; at most 1,000,000 arrangements are worked out
    (`limits: lists`), and the groups may hold at most 128 different items.
    """

    keyword = "packing"
    syntax = ("packing(groups)", "packing(g in groups | value)")
    example = ("packing(m in combinations(me.hand, 3) | "
               "sum(c in m | c.rank) if count(groups(c in m | c.suit)) == 1 else 0)")
    usage = "a list of groups, or g in groups | value"
    over_items = collection_first = body_number = True
    gives = LIST
    helper = "packing"

    def meaning(self, st, groups):
        """The best packing of the groups, each worth its number of items."""
        return best_packing(st, [(group, None) for group in st.items(groups)], None)

    def evaluate(self, st, values, positions):
        return best_packing(st, [(group, None) for group in st.items(values[0])], positions[0])

    def helpers(self) -> dict:
        return {self.helper: self.meaning, "packing_over": best_packing}

    def code_over(self, gen, loop):
        pair = ast.Tuple([name(loop.local), loop.body], LOAD)
        return call("packing_over", name("st"), ast.ListComp(*loop.over(pair)), loop.where)

    def over(self, st, pairs, pos):
        return best_packing(st, list(pairs), pos)


def best_packing(st, pairs: list, pos) -> list:
    """The groups of the (group, value) pairs that share no item and are worth the most together;
    a value of None is the group's size."""
    bits: dict = {}  # item -> its bit
    by_lowest: dict = {}  # the bit of a group's first item (in the order of bits) -> [(mask, value, index)]
    groups = []
    for index, (group, value) in enumerate(pairs):
        items = st.items(group)
        charge(st, len(items) + 1, pos)
        mask = _mask(items, bits, group, pos)
        value = len(items) if value is None else value
        if not isinstance(value, int) or isinstance(value, bool):
            raise GameError(f"packing() needs a number for each group, not {pretty(value)}", pos)
        groups.append(group)
        if value > 0 and mask:
            by_lowest.setdefault(mask & -mask, []).append((mask, value, index))
    best: dict = {0: (0, None)}  # the items still free -> (the most they are worth, the group taken first)

    def search(free: int) -> int:
        st.budget -= LOOK_WORK  # (charge() written out: this is the search's innermost step)
        if st.budget < 0:
            raise over_budget(st, pos)
        while free and (free & -free) not in by_lowest:  # an item no group starts with stays out
            free &= free - 1
        known = best.get(free)
        if known is not None:
            return known[0]
        if len(best) >= MAX_ARRANGEMENTS:
            raise GameError(f"packing() would work out more than {MAX_ARRANGEMENTS:,} arrangements of its "
                            f"{len(bits)} items (limits: lists)", pos)
        lowest = free & -free
        choices = by_lowest[lowest]
        charge(st, len(choices) + KEEP_WORK, pos)
        found = (search(free & ~lowest), None)
        for mask, value, index in choices:
            if mask & free == mask:
                worth = value + search(free & ~mask)
                if worth > found[0]:
                    found = (worth, (mask, index))
        best[free] = found
        return found[0]

    free = (1 << len(bits)) - 1
    search(free)
    return [groups[index] for index in sorted(_taken(best, free, by_lowest))]


def _mask(items: list, bits: dict, group, pos) -> int:
    """The bits of a group's items, each item given a bit when first seen."""
    mask = 0
    for item in items:
        try:
            bit = bits.get(item)
        except TypeError:
            raise GameError(f"packing() groups items such as cards, players or numbers, not {pretty(item)}",
                            pos) from None
        if bit is None:
            if len(bits) >= MAX_PACKED_ITEMS:
                raise GameError(f"packing() takes groups of at most {MAX_PACKED_ITEMS} different items", pos)
            bit = bits[item] = 1 << len(bits)
        if mask & bit:
            raise GameError(f"packing() needs groups that hold each item once, not {pretty(group)}", pos)
        mask |= bit
    return mask


def _taken(best: dict, free: int, by_lowest: dict) -> list:
    """The indices of the groups the best packing of the free items takes."""
    taken = []
    while free:
        while free and (free & -free) not in by_lowest:
            free &= free - 1
        if not free:
            break
        _, choice = best[free]
        if choice is None:
            free &= free - 1
        else:
            mask, index = choice
            taken.append(index)
            free &= ~mask
    return taken
