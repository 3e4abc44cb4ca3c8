"""The built-in functions of collections: `count`, `sum`, `any`, `all`, `max`, `min`, `select`,
`collect`, `cards`, `first`, `last`, `at`, `random`.

Each is one class (see `functions.py` for what a function says of itself).
"""
from __future__ import annotations

import ast

from ..engine.ops import MAX_LIST
from ..engine.values import Player, ZoneRef, pretty
from ..errors import GameError
from ..kit.codegen import LOAD, STORE, call, field, item, local_read, name, simple
from .functions import MAX_VALUES, Function, Loop
from .kinds import BOOL, LIST, NUMBER


class Count(Function):
    """How many items a collection holds (that meet the condition)."""

    keyword = "count"
    guessed = ('len', 'length', 'size')
    syntax = ("count(coll)", "count(x in coll | cond)")
    example = "count(c in me.hand | c.rank > 10)"
    usage = "a collection, or x in collection | condition"
    over_items = truth_body = collection_first = True
    gives = NUMBER
    helper = "count"

    @staticmethod
    def meaning(st, coll) -> int:
        """How many items a collection holds."""
        return len(st.items(coll))

    @staticmethod
    def fast(st, value) -> int:
        """`meaning`, reading a list, or a zone's list while no remembered check notes what it reads, straight."""
        kind = value.__class__
        if kind is list:
            return len(value)
        if kind is ZoneRef and st.reads is None:
            found = st.zones.get(value)
            if found is not None:
                return len(found)
        return len(st.items(value))

    def code(self, gen, args, scope):
        values = [gen.node(arg, scope) for arg in args]
        if isinstance(values[0], ast.List):  # `count(under(c))`, a list made in place: its length
            elements = values[0].elts
            if len(elements) == 1 and isinstance(elements[0], ast.Starred):  # `[*found]`
                return ast.Call(name("len"), [elements[0].value], [])
            return ast.Call(name("len"), [values[0]], [])
        return (zone_read(gen, self, args[0], values[0], scope) or list_read(gen, values[0], scope, self.call, _length)
                or self.call(values))

    def code_over(self, gen, loop):
        listed = ast.ListComp(*loop.over(ast.Constant(None), loop.body))
        return ast.Call(name("len"), [listed], [])

    def over(self, st, pairs, pos):
        return len([item for item, value in pairs if value])


class Sum(Function):
    """The total of a collection of numbers (or of a value per item)."""

    keyword = "sum"
    guessed = ('total',)
    syntax = ("sum(coll)", "sum(x in coll | value)")
    example = "sum(c in me.hand | c.rank)"
    usage = "numbers, or x in collection | value"
    over_items = body_number = collection_first = True
    gives = NUMBER
    helper = "total"

    @staticmethod
    def meaning(st, coll) -> int:
        """The sum of a collection of numbers."""
        return sum(int(v) for v in st.items(coll))

    def code_over(self, gen, loop):
        return ast.Call(name("sum"), [ast.ListComp(*loop.over(loop.body))], [])

    def over(self, st, pairs, pos):
        return sum([value for _, value in pairs])


class Any(Function):
    """Whether some item meets the condition (or, of a collection, is true)."""

    keyword = "any"
    guessed = ('exists', 'some')
    syntax = ("any(x in coll | cond)",)
    example = "any(c in me.hand | c.suit == 'hearts')"
    usage = "x in collection | condition"
    over_items = truth_body = collection_first = True
    gives = BOOL
    helper = "any_item"

    @staticmethod
    def meaning(st, coll) -> bool:
        """Whether any item of a collection is true."""
        return any(st.items(coll))

    def code_over(self, gen, loop):
        return _any_or_all(self.keyword, gen, loop)

    def over(self, st, pairs, pos):
        return any(value for _, value in pairs)


class All(Function):
    """Whether every item meets the condition (or, of a collection, is true)."""

    keyword = "all"
    guessed = ('every',)
    syntax = ("all(x in coll | cond)",)
    example = "all(c in me.hand | c.rank <= 10)"
    usage = "x in collection | condition"
    over_items = truth_body = collection_first = True
    gives = BOOL
    helper = "all_items"

    @staticmethod
    def meaning(st, coll) -> bool:
        """Whether every item of a collection is true."""
        return all(st.items(coll))

    def code_over(self, gen, loop):
        return _any_or_all(self.keyword, gen, loop)

    def over(self, st, pairs, pos):
        return all(value for _, value in pairs)


def _any_or_all(keyword: str, gen, loop: Loop) -> ast.expr:
    """`any(...)` or `all(...)` of the bodies, stopping at the first that decides.

    In short code over a local list (the picks of a choice, say) or the players, with a body
    that calls nothing, every item at once, in a list of the items that decide, with no call of
    `any`/`all` and no step of a generator per item: such a body costs little, changes nothing
    and fails only with a Python error, which sends the whole expression to the general code
    (see `ExpressionCompiler._define_pure`), which stops at the first answer. Not over a zone:
    it may hold many cards, and the answer often comes at the first.
    """
    if (gen.cards_only and (_seats(loop.source) or local_read(loop.source) and gen.program.known(loop.source) is None)
            and not any(isinstance(node, ast.Call) for node in ast.walk(loop.body))):
        gen.assumed = True
        deciding = loop.body if keyword == "any" else ast.UnaryOp(ast.Not(), loop.body)
        found = ast.ListComp(*loop.over(ast.Constant(None), deciding))
        return ast.Compare(found, [ast.NotEq() if keyword == "any" else ast.Eq()], [ast.List([], ast.Load())])
    return ast.Call(name(keyword), [ast.GeneratorExp(*loop.over(loop.body))], [])


def _seats(source: ast.expr) -> bool:
    """Whether a loop goes over the players (`st.seats`, see `_Builder.items_loop`)."""
    return (isinstance(source, ast.Attribute) and source.attr == "seats" and isinstance(source.value, ast.Name)
            and source.value.id == "st")


class Max(Function):
    """The highest number of a collection (or of a value per item), `none` when empty; or the highest of several numbers."""

    keyword = "max"
    syntax = ("max(coll)", "max(x in coll | value)", "max(a, b, ...)")
    example = "max(3, count(me.hand))"
    args = (1, MAX_VALUES)
    usage = "numbers, several numbers, or x in collection | value"
    over_items = body_number = collection_first = several_numbers = gives_items = True
    helper = "highest"
    pick = max

    @staticmethod
    def meaning(st, coll):
        """The largest number of a collection, or none."""
        return max((int(v) for v in st.items(coll)), default=None)

    def kind(self, checker, args, kinds):
        if len(args) > 1:
            for arg, found in zip(args, kinds):
                checker.needs_number(arg, found, f"{self.keyword}()")
            return NUMBER
        return super().kind(checker, args, kinds)

    def code(self, gen, args, scope):
        values = [gen.node(arg, scope) for arg in args]
        if len(args) == 1:
            return self.call(values)
        return gen.int_or(values, scope, self._of_numbers,
                          lambda *found: self.call([ast.List(list(found), LOAD)]))  # (whole numbers: Python's own)

    def _of_numbers(self, *numbers) -> ast.expr:
        """Of whole numbers (each read twice freely): of two, the one Python's `max`/`min` gives (the
        first on a tie) with no call; of more, Python's own."""
        if len(numbers) != 2:
            return ast.Call(name(self.keyword), list(numbers), [])
        first, second = numbers
        beats = ast.Gt() if self.keyword == "max" else ast.Lt()
        return ast.IfExp(ast.Compare(second, [beats], [first]), second, first)

    def code_over(self, gen, loop):
        listed = ast.ListComp(*loop.over(loop.body))
        return ast.Call(name(self.keyword), [listed], [ast.keyword("default", ast.Constant(None))])

    def evaluate(self, st, values, positions):
        return self.meaning(st, values if len(values) > 1 else values[0])

    def over(self, st, pairs, pos):
        return self.pick([value for _, value in pairs], default=None)


class Min(Max):
    """The lowest number of a collection (or of a value per item), `none` when empty; or the lowest of several numbers."""

    keyword = "min"
    syntax = ("min(coll)", "min(x in coll | value)", "min(a, b, ...)")
    example = "min(c in me.hand | c.rank)"
    helper = "lowest"
    pick = min

    @staticmethod
    def meaning(st, coll):
        """The smallest number of a collection, or none."""
        return min((int(v) for v in st.items(coll)), default=None)


class Median(Function):
    """The middle of a collection of numbers (or of a value per item) put in order: of an even count, the lower middle one; `none` when empty."""

    keyword = "median"
    syntax = ("median(coll)", "median(x in coll | value)")
    example = "median(c in me.hand | c.rank)"
    usage = "numbers, or x in collection | value"
    over_items = body_number = collection_first = True
    helper = "median"

    @staticmethod
    def meaning(st, coll):
        """The middle number of a collection, or none."""
        return middle([int(v) for v in st.items(coll)])

    def helpers(self) -> dict:
        return {**super().helpers(), "middle": middle}

    def code_over(self, gen, loop):
        return call("middle", ast.ListComp(*loop.over(loop.body)))

    def over(self, st, pairs, pos):
        return middle([value for _, value in pairs])


def middle(values: list):
    """The middle one of values put in order (the lower of the two middle ones of an even count), or none."""
    ordered = sorted(values)
    return ordered[(len(ordered) - 1) // 2] if ordered else None


class Select(Function):
    """The items that meet the condition, in their order."""

    keyword = "select"
    guessed = ('filter', 'where')
    syntax = ("select(x in coll | cond)",)
    example = "select(c in me.hand | c.color == 'red')"
    usage = "x in collection | condition"
    over_items = truth_body = collection_first = fresh_list = gives_items = True
    gives = LIST
    helper = "as_list"

    @staticmethod
    def meaning(st, coll) -> list:
        """A collection's items as a new list."""
        return list(st.items(coll))

    def code_over(self, gen, loop):
        return ast.ListComp(*loop.over(name(loop.local), loop.body))

    def over(self, st, pairs, pos):
        return [item for item, value in pairs if value]


class Collect(Function):
    """Every item's collection, joined into one list: `collect(p in players | p.active)`."""

    keyword = "collect"
    guessed = ('map',)
    syntax = ("collect(x in coll | coll2)",)
    example = "collect(p in players | p.hand)"
    usage = "x in collection | collection"
    over_items = collection_first = True
    gives = LIST
    helper = "as_list"
    meaning = staticmethod(Select.meaning)

    def helpers(self) -> dict:
        return {**super().helpers(), "collected": collected}

    def code_over(self, gen, loop):
        return call("collected", name("st"), ast.ListComp(*loop.over(loop.body)), loop.where)

    def over(self, st, pairs, pos):
        return collected(st, [value for _, value in pairs], pos)


def collected(st, parts, pos) -> list:
    """The items of several collections in one list (`collect`), within the list cap."""
    out = []
    for part in parts:
        out += part if part.__class__ is list else st.items(part)  # (a list is its own items)
        if out[MAX_LIST:]:  # (longer than the cap: a slice, where len() would be a call per part)
            raise GameError(f"a list longer than {MAX_LIST:,} items (limits: lists)", pos)
    return out


class Cards(Function):
    """A collection's items as a list (a zone's cards, to show them in a log line)."""

    keyword = "cards"
    syntax = ("cards(coll)",)
    example = "cards(me.hand)"
    usage = "one collection: its items as a list (for logs)"
    collection_first = fresh_list = gives_items = True
    gives = LIST
    helper = "as_list"
    meaning = staticmethod(Select.meaning)


class First(Function):
    """The top item of a collection, `none` when empty; or its top `n` items as a list (fewer when it holds fewer)."""

    keyword = "first"
    syntax = ("first(coll)", "first(coll, n)")
    example = "first(draw, 3)"
    args = (1, 2)
    usage = "a collection (its top item), and how many to take from the top (a list)"
    collection_first = gives_items = True
    helper = "first"
    inline_zone = True  # short code reads the top card of a zone from the state's table (see zone_read)

    @staticmethod
    def meaning(st, coll):
        """A collection's top item, or none."""
        found = st.items(coll)
        return found[0] if found else None

    @staticmethod
    def fast(st, value):
        """`meaning`, reading a zone's list straight while no remembered check notes what it reads."""
        found = st.zones.get(value) if value.__class__ is ZoneRef and st.reads is None else None
        if found is None:
            found = st.items(value)
        return found[0] if found else None

    @staticmethod
    def few(st, coll, count, pos) -> list:
        """The top `count` items of a collection (all of them when it holds fewer), top first."""
        return st.items(coll)[:_how_many(count, "first()", pos)]

    def helpers(self) -> dict:
        return {**super().helpers(), f"{self.helper}_few": self.few}

    def kind(self, checker, args, kinds):
        found = super().kind(checker, args, kinds)
        if len(args) > 1:
            checker.needs_number(args[1], kinds[1], f"{self.keyword}()")
            return LIST
        return found

    def code(self, gen, args, scope):
        values = [gen.node(arg, scope) for arg in args]
        if len(args) > 1:
            return call(f"{self.helper}_few", name("st"), *values, gen.where(args[1]))
        if self.inline_zone:
            quick = zone_read(gen, self, args[0], values[0], scope)
            if quick is not None:
                return quick
        return list_read(gen, values[0], scope, self.call, self.end) or self.call(values)

    @staticmethod
    def end(items: ast.expr) -> ast.expr:
        """The code of its item of a list, none when empty."""
        return ast.IfExp(items, item(items, ast.Constant(0)), ast.Constant(None))

    def evaluate(self, st, values, positions):
        if len(values) > 1:
            return self.few(st, *values, positions[1])
        return self.meaning(st, *values)


class Last(First):
    """The bottom item of a collection, `none` when empty; or its bottom `n` items as a list, in their order."""

    keyword = "last"
    syntax = ("last(coll)", "last(coll, n)")
    example = "last(discard)"
    usage = "a collection (its bottom item), and how many to take from the bottom (a list)"
    helper = "last"
    fast = None
    inline_zone = False

    @staticmethod
    def meaning(st, coll):
        """A collection's bottom item, or none."""
        found = st.items(coll)
        return found[-1] if found else None

    @staticmethod
    def end(items: ast.expr) -> ast.expr:
        return ast.IfExp(items, item(items, ast.Constant(-1)), ast.Constant(None))

    @staticmethod
    def few(st, coll, count, pos) -> list:
        """The bottom `count` items of a collection (all of them when it holds fewer), in their order."""
        found = st.items(coll)
        return found[len(found) - min(_how_many(count, "last()", pos), len(found)):]


def _how_many(count, what: str, pos) -> int:
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise GameError(f"{what} takes how many items to take: 0 or more, not {pretty(count)}", pos)
    return count


def _length(items: ast.expr) -> ast.expr:
    return ast.Call(name("len"), [items], [])


def list_read(gen, value: ast.expr, scope, helper, read) -> ast.expr | None:
    """`read(v)` when the value `v` is a list (an item of `groups(...)`, a local), else the helper
    `helper([v])`, which also says the error: the value worked out once (a temporary where Python
    allows `:=`). None for a zone written as one (`zone_read` takes it) or a temporary that cannot be bound."""
    if gen.program.known(value) is not None:
        return None
    if not simple(value):
        if not scope.may_bind:
            return None
        bound = ast.NamedExpr(ast.Name(gen.program.fresh("t"), STORE), value)
        value = name(bound.target.id)
    else:
        bound = value
    test = ast.Compare(field(bound, "__class__"), [ast.Is()], [name("LIST")])
    return ast.IfExp(test, read(value), helper([value]))


def zone_read(gen, function: Function, tree, zone: ast.expr, scope) -> ast.expr | None:
    """`count(z)` or `first(z)` of a zone, read from the state's table inline; None when the
    argument is not surely a zone, or a temporary it needs cannot be bound here. While a
    remembered check notes what it reads, the helper runs instead, as it does for a value the
    table does not hold (it says the error)."""
    shared = gen.shared_zone(tree, scope)
    counting = function.keyword == "count"
    if not (shared or gen.player_zone(tree)) or not (scope.may_bind or shared and counting):
        return None
    st, held = name("st"), gen.program.fresh("t")
    unwatched = ast.Compare(field(st, "reads"), [ast.Is()], [ast.Constant(None)])

    def read(cards: ast.expr) -> ast.expr:
        if counting:
            return ast.Call(name("len"), [cards], [])
        return ast.IfExp(cards, item(name(held), ast.Constant(0)), ast.Constant(None))
    if shared:  # a constant, which the table always holds: `st.zones[z]`
        cards = item(field(st, "zones"), zone)
        quick = read(cards if counting else ast.NamedExpr(ast.Name(held, STORE), cards))
        return ast.IfExp(unwatched, quick, function.call([zone]))
    value = gen.program.fresh("t")  # the zone, evaluated once: `st.zones.get(z)`, None if no zone
    found = ast.Call(field(field(st, "zones"), "get"), [ast.NamedExpr(ast.Name(value, STORE), zone)], [])
    test = ast.BoolOp(ast.And(), [ast.Compare(ast.NamedExpr(ast.Name(held, STORE), found), [ast.IsNot()],
                                              [ast.Constant(None)]), unwatched])
    return ast.IfExp(test, read(name(held)), function.call([name(value)]))


class At(Function):
    """The item at place `i` (from 0, top first), or `none` outside the collection."""

    keyword = "at"
    syntax = ("at(coll, i)",)
    example = "at(me.hand, 2)"
    args = (2, 2)
    usage = "a collection and a position (none when outside it)"
    gives_items = True
    helper = "at"

    @staticmethod
    def meaning(st, coll, index):
        """The item at a position (from 0), or none outside the collection."""
        found = st.items(coll)
        return found[index] if 0 <= index < len(found) else None


class Random(Function):
    """One item picked with the game's chance (logged).

    A rule test forces what it picks with `random: [P3]`: the item of that label (as options
    name it: a seat, a card, a value) is picked by the next call.
    """

    keyword = "random"
    guessed = ('choice', 'pick')
    syntax = ("random(coll)",)
    example = "random(me.hand)"
    usage = "a collection to pick one item from, with the game's chance"
    collection_first = gives_items = chance = True
    helper = "random_item"

    @staticmethod
    def meaning(st, coll):
        """One item picked with the game's chance (a rule test's forced pick first)."""
        found = st.items(coll)
        if not found:
            raise GameError("random() of an empty collection")
        forced = st.forced
        if forced is not None and forced.picks:
            choice = forced_pick(found, forced.picks.pop(0))
        else:
            choice = found[st.rng.below(len(found))]
        if not st.quiet:
            st.say(f"picks at random: {pretty(choice)}", actor=False)
        return choice


def forced_pick(items: list, label: str):
    """The item a rule test's forced pick names by its label (as options are named), the first of them."""
    for candidate in items:
        if label in item_labels(candidate):
            return candidate
    shown = ", ".join(dict.fromkeys(item_labels(candidate)[0] for candidate in items))
    raise GameError(f"the forced random pick '{label}' is not among the items: {shown}")


def item_labels(item) -> tuple:
    """How a rule test may name an item: a card by its name or what is printed on it, a player by its seat, a value as written."""
    if hasattr(item, "printed") and hasattr(item, "name"):
        return (item.name, item.printed)
    if item.__class__ is Player:
        return (item.name,)
    return ("none" if item is None else "true" if item is True else "false" if item is False else str(item),)
