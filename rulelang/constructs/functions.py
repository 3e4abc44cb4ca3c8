"""The built-in functions of expressions: `count(me.hand)`, `sum(c in pile | c.rank)`, `first(draw)` ...

Each function is one class: how it is written, what kinds it takes and gives (read by the kind
checker), what it reads of the state (read by the dependency analysis), its plain meaning (what
the reference interpreter runs, and what generated code calls unless a faster helper says which
meaning it keeps), and the code the compiler writes for it.

A function that takes `x in coll | body` (count, sum, any ...) has an item form: the compiler
makes the loop (`Loop`) and the function says what to make of the bodies' values (`code_over`),
and the reference interpreter gives it the (item, body value) pairs one at a time (`over`).
"""
from __future__ import annotations

import ast

from ..kit.codegen import LOAD, STORE, call, name
from .base import Construct, family_of
from .kinds import ANY, SCALARS

MAX_VALUES = 20  # values of one max(a, b, ...) or min(a, b, ...)


class Loop:
    """The parts of `f(x in coll | body)` as generated code: the loop over the items and the body."""

    def __init__(self, source: ast.expr, items: ast.expr, local: str, body: ast.expr, where: ast.expr):
        self.source = source  # the collection, as written
        self.items = items  # its items, with the work charged: `iterate(st, source, pos)`
        self.local = local  # the Python name of `x`
        self.body = body
        self.where = where  # the position of `x in coll | body`, for run-time errors

    def over(self, element: ast.expr, condition: ast.expr | None = None) -> list:
        """`for x in items [if condition]` around `element`, as a list comprehension's parts."""
        loop = ast.comprehension(ast.Name(self.local, STORE), self.items, [condition] if condition else [], 0)
        return [element, [loop]]


@family_of
class Function(Construct):
    """A built-in function of expressions."""

    family = "function"
    args = (1, 1)  # the fewest and the most arguments (in the plain form)
    usage = ""  # what it takes, for the error on a wrong number of arguments
    over_items = False  # it also takes `x in coll | body`
    truth_body = False  # in that form only the body's truth matters
    body_number = False  # in that form the body must give a number
    collection_first = False  # its first argument must be a collection (not a number, text ...)
    several_numbers = False  # with several arguments it takes numbers: max(a, b, c)
    gives = ANY  # the kind of its value
    fresh_list = False  # it gives a new list no longer than its input (so `+` of two needs no checks)
    gives_items = False  # its value is one or more items of its first argument (choices offer them)
    chance = False  # it uses the game's chance: a check that calls it is never remembered
    reads: frozenset = frozenset()  # parts of the state it reads (see engine/memo.py), beyond zones
    helper = ""  # its name in generated code's namespace
    fast = None  # a quicker helper than `meaning` for generated code (it says which meaning it keeps)
    guessed: tuple = ()  # names a writer may try for it (as other languages say it): a call of one is pointed here

    @staticmethod
    def meaning(st, *values):
        """What the function gives for these argument values (the reference interpreter's answer)."""
        raise NotImplementedError  # pragma: no cover - every function says

    def helpers(self) -> dict:
        """What generated code may call for this function, by name."""
        return {self.helper: self.fast or self.meaning}

    # ------------------------------------------------------------------ kinds
    def kind(self, checker, args: list, kinds: list) -> str:
        """The kind of its value for arguments of these kinds; `checker` says a mix-up where it is."""
        if self.collection_first and args and args[0].data != "lambda_arg" and kinds[0] in SCALARS:
            checker.fail(args[0], f"{self.keyword}() needs a collection, not {kinds[0]}")
        if self.body_number and args and args[0].data == "lambda_arg":
            checker.needs_number(args[0].children[1], kinds[0], f"{self.keyword}()")
        return self.gives

    def add_reads(self, found: set, dependencies) -> bool:
        """Add what a call reads to `found`; False when it uses chance (see compile/dependencies.py)."""
        found |= self.reads
        return not self.chance

    # ------------------------------------------------------------------ code
    def code(self, gen, args: list, scope) -> ast.expr:
        """The code of a call in the plain form: by default a call of its helper."""
        values = [gen.node(arg, scope) for arg in args]
        return self.call(values)

    def call(self, values: list) -> ast.expr:
        """A call of its helper with the state and these values."""
        return call(self.helper, name("st"), *values)

    def code_over(self, gen, loop: Loop) -> ast.expr:
        """The code of its item form, from the loop over the items and their bodies."""
        raise NotImplementedError  # pragma: no cover - every function with an item form says

    # ------------------------------------------------------------------ the reference interpreter
    def evaluate(self, st, values: list, positions: list):
        """Its value for these argument values (`positions`: where each argument is written)."""
        return self.meaning(st, *values)

    def over(self, st, pairs, pos):
        """Its value in the item form, from the (item, body value) pairs, made one at a time."""
        raise NotImplementedError  # pragma: no cover - every function with an item form says


class ByValue(Function):
    """A function of the items and a value worked out for each (`x in coll | value`); in the plain
    form each item is its own value. It says what it gives of the (item, value) pairs (`pick`)."""

    over_items = collection_first = True
    usage = "a collection, or x in collection | value"

    def pick(self, st, pairs: list, pos):
        """What the function gives of the (item, value) pairs (the work it does beyond the loop charged to `st`)."""
        raise NotImplementedError  # pragma: no cover - every such function says

    def meaning(self, st, coll):
        """What it gives of the items, each its own value."""
        return self.pick(st, [(item, item) for item in st.items(coll)], None)

    def evaluate(self, st, values, positions):
        return self.pick(st, [(item, item) for item in st.items(values[0])], positions[0])

    def helpers(self) -> dict:
        """The plain form's helper (called with the state first) and the item form's (with the pairs)."""
        return {self.helper: self.meaning, f"{self.helper}_over": self.pick}

    def code_over(self, gen, loop):
        pair = ast.Tuple([name(loop.local), loop.body], LOAD)
        return call(f"{self.helper}_over", name("st"), ast.ListComp(*loop.over(pair)), loop.where)

    def over(self, st, pairs, pos):
        return self.pick(st, list(pairs), pos)
