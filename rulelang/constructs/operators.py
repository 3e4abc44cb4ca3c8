"""The operators and literals of expressions: `a + b`, `x if c else y`, `c in me.hand`, `2T10`, `[a, b]` ...

Each operator is one class: its productions in the grammar (by precedence level), its kind rule
(read by the kind checker), what it reads of the state (read by the dependency analysis), its
plain meaning (`evaluate`, what the reference interpreter does) and the code the compiler writes
for it (`code`). Names and attributes (`me.hand`, `c.rank`) are in `names.py`.

The drivers (`language/kinds.py`, `compile/expressions.py`, `compile/dependencies.py` and
`compile/reference.py`) find an operator by its parse tree's name (`forms`).
"""
from __future__ import annotations

import ast
import operator

from ..engine import ops
from ..kit.codegen import LOAD, call, method, name
from ..kit.texts import template_fields
from ..kit.trees import Tree, node_column
from .base import Construct, family_of
from .collection_functions import list_read
from .kinds import ANY, BOOL, CARD, LIST, MIXED, NOT_NUMBERS, NUMBER, NUMBERS, PLAYER, SCALARS, SHEET, TEXT, ZONE, kind

MAX_DICE = 100
MAX_SIDES = 1000
MAX_DIGITS = 18  # a number written in a rule file (larger ones are made by multiplying, and capped)
COMPARISONS = {"==": ast.Eq, "!=": ast.NotEq, "<": ast.Lt, "<=": ast.LtE, ">": ast.Gt, ">=": ast.GtE}
ORDER = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}
ARITHMETIC = {"//": "divide", "%": "modulo", "*": "multiply"}  # their helpers (engine/ops.py), which check


@family_of
class Operator(Construct):
    """An operator or literal of expressions."""

    family = "operator"
    forms: tuple = ()  # the names of its parse trees
    grammar: tuple = ()  # (level, production) pairs: where it stands among the grammar's precedence levels
    terminals: tuple = ()  # the grammar's terminals it brings (`COMP_OP: "==" | ...`)
    pure = False  # its value depends only on its operands (so a property of printed values stays one)

    def kind(self, checker, node) -> str:
        """The kind of its value (ANY where it cannot be known); `checker` checks the operands."""
        for child in node.children:
            checker.kind(child)
        return ANY

    def add_reads(self, dependencies, tree, found: set) -> bool:
        """Add what it reads itself (its operands are walked apart) to `found`; False when it uses chance."""
        return True

    def code(self, gen, tree, scope, as_bool: bool) -> ast.expr:
        """The code of its value (`as_bool`: only its truth matters)."""
        raise NotImplementedError  # pragma: no cover - every operator says

    def evaluate(self, ev, tree, scope, st, env):
        """Its value (the reference interpreter: `ev.value` evaluates an operand)."""
        raise NotImplementedError  # pragma: no cover - every operator says


class Number(Operator):
    """A whole number, of at most 18 digits."""

    keyword = "number"
    syntax = ("17",)
    example = "17"
    forms = ("number",)
    grammar = (("atom", "NUMBER -> number"),)
    terminals = ("NUMBER: /[0-9]+/",)
    pure = True

    def kind(self, checker, node):
        return NUMBER

    def code(self, gen, tree, scope, as_bool):
        digits = str(tree.children[0])
        if len(digits) > MAX_DIGITS:
            raise gen.error(tree, f"a number of at most {MAX_DIGITS} digits, not {len(digits)}")
        return ast.Constant(int(digits))

    def evaluate(self, ev, tree, scope, st, env):
        return int(str(tree.children[0]))


class Text(Operator):
    """A text in quotes; `{expressions}` in it are filled in when it is evaluated: `'pile {it.index}'`."""

    keyword = "text"
    syntax = ("'hearts'", '"{count(me.hand)} cards"')
    example = "'{count(me.hand)} cards'"
    forms = ("string",)
    grammar = (("atom", "STRING -> string"),)
    terminals = ("STRING: /'[^'\\n]*'/ | /\"[^\"\\n]*\"/",)
    pure = True

    def kind(self, checker, node):
        return kind(TEXT, checker.pos.shifted(node_column(node)), str(node.children[0]))

    def add_reads(self, dependencies, tree, found):
        fields = [dependencies.parsed(source) for _, source in template_fields(str(tree.children[0]))]
        return all(dependencies.walk(field, found) for field in fields)

    def code(self, gen, tree, scope, as_bool):
        text = str(tree.children[0])[1:-1]
        if not template_fields(text):
            return ast.Constant(text)
        return gen.compiler.template(text, gen.pos.shifted(node_column(tree) + 1), scope)

    def evaluate(self, ev, tree, scope, st, env):
        return ev.text(str(tree.children[0])[1:-1], ev.pos.shifted(node_column(tree) + 1), scope, st, env)


class Truth(Operator):
    """The truth values `true` and `false`, and `none`, the empty value."""

    keyword = "true, false, none"
    syntax = ("true", "false", "none")
    example = "none"
    forms = ("true", "false", "none")
    grammar = (("atom", '"true" -> true'), ("atom", '"false" -> false'), ("atom", '"none" -> none'))
    pure = True
    VALUES = {"true": True, "false": False, "none": None}

    def kind(self, checker, node):
        return ANY if node.data == "none" else BOOL

    def code(self, gen, tree, scope, as_bool):
        return ast.Constant(self.VALUES[tree.data])

    def evaluate(self, ev, tree, scope, st, env):
        return self.VALUES[tree.data]


class Dice(Operator):
    """A roll of dice: `NdX` shows 1 to X on each die, `NTX` 0 to X-1 (a T10 shows 0–9); a roll reads as its total.

    A roll has `total`, `high`, `low`, `fumble` (every die shows 0) and `dice`. At most 100 dice of 2 to 1000 sides.
    """

    keyword = "dice"
    syntax = ("2T10", "1d6")
    example = "2T10 + 1d6"
    forms = ("dice",)
    grammar = (("atom", "DICE -> dice"),)
    terminals = ("DICE.2: /[0-9]+[dT][0-9]+(?![A-Za-z0-9_])/",)

    def kind(self, checker, node):
        return NUMBER

    def add_reads(self, dependencies, tree, found):
        return False  # chance: a check that rolls is never remembered

    @staticmethod
    def parts(gen, tree) -> tuple:
        """(count, sides, zero-based, text) of the dice written; an error outside the bounds."""
        text = str(tree.children[0])
        letter = "T" if "T" in text else "d"
        count, sides = (int(part[:MAX_DIGITS + 1]) for part in text.split(letter))
        if not 1 <= count <= MAX_DICE:
            raise gen.error(tree, f"dice '{text}': between 1 and {MAX_DICE} dice")
        if not 2 <= sides <= MAX_SIDES:
            raise gen.error(tree, f"dice '{text}': a die has 2 to {MAX_SIDES} sides")
        return count, sides, letter == "T", text

    def code(self, gen, tree, scope, as_bool):
        return method(name("st"), "roll", *(ast.Constant(part) for part in self.parts(gen, tree)))

    def evaluate(self, ev, tree, scope, st, env):
        return st.roll(*self.parts(ev, tree))


class ListOf(Operator):
    """A list of values: `['clubs', 'diamonds']`, `[me, opponent]`."""

    keyword = "[ ]"
    syntax = ("[a, b, ...]",)
    example = "[me, next(me)]"
    forms = ("list_",)
    grammar = (("atom", '"[" [expr ("," expr)*] "]" -> list_'),)
    pure = True

    def kind(self, checker, node):
        super().kind(checker, node)
        return LIST

    def code(self, gen, tree, scope, as_bool):
        return ast.List([gen.node(child, scope) for child in tree.children if child is not None], LOAD)

    def evaluate(self, ev, tree, scope, st, env):
        return [ev.value(child, scope, st, env) for child in tree.children if child is not None]


class Conditional(Operator):
    """The first value when the condition holds, else the second: `25 if it.rank == 11 else 35`."""

    keyword = "if else"
    syntax = ("A if COND else B",)
    example = "'high' if first(draw).rank > 10 else 'low'"
    forms = ("ifelse",)
    grammar = (("expr", 'or_expr "if" or_expr "else" expr -> ifelse'),)
    pure = True

    def kind(self, checker, node):
        then, _, other = (checker.kind(c) for c in node.children)
        if then == other:
            return then
        pair = {str(then), str(other)}
        if pair in ({NUMBER, TEXT}, {NUMBER, MIXED}, {TEXT, MIXED}, {TEXT, ANY}, {MIXED, ANY}):
            text = then if then in NOT_NUMBERS else other
            return kind(MIXED, getattr(text, "origin", None), getattr(text, "source", ""))
        return ANY

    def code(self, gen, tree, scope, as_bool):
        then, cond, other = tree.children
        return ast.IfExp(gen.node(cond, scope, True), gen.node(then, scope, as_bool), gen.node(other, scope, as_bool))

    def evaluate(self, ev, tree, scope, st, env):
        then, cond, other = tree.children
        return ev.value(then if ev.value(cond, scope, st, env) else other, scope, st, env)


class Or(Operator):
    """Whether either side holds (true/false); the right side is not looked at when the left holds."""

    keyword = "or"
    syntax = ("A or B",)
    example = "count(me.hand) == 0 or count(draw) == 0"
    forms = ("or_",)
    grammar = (("or_expr", 'or_expr "or" and_expr -> or_'),)
    pure = True
    join = ast.Or

    def kind(self, checker, node):
        super().kind(checker, node)
        return BOOL

    def code(self, gen, tree, scope, as_bool):
        return gen.truth(ast.BoolOp(self.join(), [gen.node(c, scope, True) for c in tree.children]), as_bool)

    def evaluate(self, ev, tree, scope, st, env):
        left, right = tree.children
        return bool(ev.value(left, scope, st, env) or ev.value(right, scope, st, env))


class And(Or):
    """Whether both sides hold (true/false); the right side is not looked at when the left does not."""

    keyword = "and"
    syntax = ("A and B",)
    example = "count(me.hand) > 0 and count(draw) > 0"
    forms = ("and_",)
    grammar = (("and_expr", 'and_expr "and" not_expr -> and_'),)
    join = ast.And

    def evaluate(self, ev, tree, scope, st, env):
        left, right = tree.children
        return bool(ev.value(left, scope, st, env) and ev.value(right, scope, st, env))


class Not(Operator):
    """Whether the condition does not hold."""

    keyword = "not"
    syntax = ("not A",)
    example = "not any(c in me.hand | c.rank == 1)"
    forms = ("not_",)
    grammar = (("not_expr", '"not" not_expr -> not_'),)
    pure = True

    def kind(self, checker, node):
        checker.kind(node.children[0])
        return BOOL

    def code(self, gen, tree, scope, as_bool):
        return ast.UnaryOp(ast.Not(), gen.node(tree.children[0], scope, True))

    def evaluate(self, ev, tree, scope, st, env):
        return not ev.value(tree.children[0], scope, st, env)


class Comparison(Operator):
    """Compare two values: equal or not (any values), or in order (two numbers, two texts, or two lists, item by item).

    Lists compare as ranked hands do: the first items that differ decide (`[2, 13, 9] > [2, 13, 7]`).
    """

    keyword = "== != < <= > >="
    syntax = ("A == B", "A != B", "A < B", "A <= B", "A > B", "A >= B")
    example = "first(draw).suit != 'hearts'"
    forms = ("compare",)
    grammar = (("comparison", "sum COMP_OP sum -> compare"),)
    terminals = ('COMP_OP: "==" | "!=" | "<=" | ">=" | "<" | ">"',)
    pure = True

    def kind(self, checker, node):
        left, right = checker.kind(node.children[0]), checker.kind(node.children[2])
        symbol = str(node.children[1])
        if symbol not in ("==", "!="):
            for side, found in ((node.children[0], left), (node.children[2], right)):
                if found in (CARD, PLAYER, ZONE, BOOL):
                    checker.fail(side, f"cannot compare {found} with '{symbol}'; compare a value, like c.rank")
            if NUMBER in (left, right):
                for side, found in ((node.children[0], left), (node.children[2], right)):
                    checker.needs_number(side, found, f"'{symbol}'")
        return BOOL

    def code(self, gen, tree, scope, as_bool):
        left, right = gen.node(tree.children[0], scope), gen.node(tree.children[2], scope)
        return ast.Compare(left, [COMPARISONS[str(tree.children[1])]()], [right])

    def evaluate(self, ev, tree, scope, st, env):
        left, right = ev.value(tree.children[0], scope, st, env), ev.value(tree.children[2], scope, st, env)
        return ORDER[str(tree.children[1])](left, right)


class Membership(Operator):
    """Whether a value is (or is not) one of a collection's items: `c in me.hand`, `p not in winners`."""

    keyword = "in, not in"
    syntax = ("X in COLL", "X not in COLL")
    example = "first(draw) not in me.hand"
    forms = ("in_", "not_in")
    grammar = (("comparison", 'sum "in" sum -> in_'), ("comparison", 'sum "not" "in" sum -> not_in'))
    pure = True

    def kind(self, checker, node):
        checker.kind(node.children[0])
        right = checker.kind(node.children[1])
        if right in SCALARS:
            checker.fail(node.children[1], f"'in' needs a collection on its right, not {right}")
        return BOOL

    def code(self, gen, tree, scope, as_bool):
        left, right = gen.node(tree.children[0], scope), gen.node(tree.children[1], scope)
        test = ast.In() if tree.data == "in_" else ast.NotIn()

        def items(values):
            return method(name("st"), "items", values[0])
        # a list is its own items (the answer of a rule function, a local): no call
        return ast.Compare(left, [test], [list_read(gen, right, scope, items, lambda value: value) or items([right])])

    def evaluate(self, ev, tree, scope, st, env):
        left, right = ev.value(tree.children[0], scope, st, env), ev.value(tree.children[1], scope, st, env)
        found = left in st.items(right)
        return found if tree.data == "in_" else not found


class Arithmetic(Operator):
    """Whole-number arithmetic: `+ - * // %`; `+` also joins collections (`me.hand + discard`) and texts."""

    keyword = "+ - * // %"
    syntax = ("A + B", "A - B", "A * B", "A // B", "A % B")
    example = "count(me.hand) * 2 + sum(c in me.hand | c.rank) % 10"
    forms = ("arith",)
    grammar = (("sum", "sum ADD_OP term -> arith"), ("term", "term MUL_OP unary -> arith"))
    terminals = ('ADD_OP: "+" | "-"', 'MUL_OP: "*" | "//" | "%"')
    pure = True

    def kind(self, checker, node):
        left, right = checker.kind(node.children[0]), checker.kind(node.children[2])
        symbol = str(node.children[1])
        if symbol == "+":
            if {left, right} & {NUMBER} and {left, right} & {ZONE, LIST, CARD, PLAYER}:
                checker.fail(node.children[1], f"cannot add {left} and {right}")
            return NUMBER if left == right == NUMBER else ANY
        for side, found in ((node.children[0], left), (node.children[2], right)):
            checker.needs_number(side, found, f"'{symbol}'", f"'{symbol}' needs numbers, not {found}")
            if found not in NUMBERS:
                checker.fail(side, f"'{symbol}' needs numbers, not {found}")
        return NUMBER

    def code(self, gen, tree, scope, as_bool):
        left_tree, symbol, right_tree = tree.children[0], str(tree.children[1]), tree.children[2]
        left, right = gen.node(left_tree, scope), gen.node(right_tree, scope)
        where = gen.where(tree.children[1])
        if symbol == "+":
            if gen.numeric(left_tree) and gen.numeric(right_tree) or gen.listed(left_tree) and gen.listed(right_tree):
                return ast.BinOp(left, ast.Add(), right)  # (two numbers, or two new lists of bounded size, add)
            if gen.listed(left_tree) or gen.listed(right_tree):  # (a list: never two numbers)
                return call("add", name("st"), left, right, where)
            return gen.int_or([left, right], scope, lambda a, b: ast.BinOp(a, ast.Add(), b),
                              lambda a, b: call("add", name("st"), a, b, where))  # (numbers add as `add` adds them)
        if symbol == "-":
            return ast.BinOp(left, ast.Sub(), right)
        return call(ARITHMETIC[symbol], left, right, where)

    def evaluate(self, ev, tree, scope, st, env):
        left, right = ev.value(tree.children[0], scope, st, env), ev.value(tree.children[2], scope, st, env)
        symbol, where = str(tree.children[1]), ev.pos.shifted(node_column(tree.children[1]))
        if symbol == "+":
            return ops.add(st, left, right, where)
        if symbol == "-":
            return left - right
        return getattr(ops, ARITHMETIC[symbol])(left, right, where)


class Negation(Operator):
    """The negative of a number: `-x`."""

    keyword = "-"
    syntax = ("-A",)
    example = "-count(me.hand)"
    forms = ("neg",)
    grammar = (("unary", '"-" unary -> neg'),)
    pure = True

    def kind(self, checker, node):
        found = checker.kind(node.children[0])
        checker.needs_number(node.children[0], found, "'-'")
        if found not in NUMBERS:
            checker.fail(node.children[0], f"'-' needs a number, not {found}")
        return NUMBER

    def code(self, gen, tree, scope, as_bool):
        return ast.UnaryOp(ast.USub(), gen.node(tree.children[0], scope))

    def evaluate(self, ev, tree, scope, st, env):
        return -ev.value(tree.children[0], scope, st, env)


class Index(Operator):
    """The item at a place of a collection, top first from 0: `coll[0]`, `p.piles[2]`; a box of a score sheet: `me.scorecard['ones']`.

    A box of a score sheet reads `none` while it is open.
    """

    keyword = "[i]"
    syntax = ("COLL[i]",)
    example = "players[0]"
    forms = ("index",)
    grammar = (("postfix", 'postfix "[" expr "]" -> index'),)

    def kind(self, checker, node):
        subject, index = checker.kind(node.children[0]), checker.kind(node.children[1])
        if subject == SHEET:
            if index not in (TEXT, ANY):
                checker.fail(node.children[1], f"a box of a score sheet is named by text, not {index}")
            return ANY
        if subject in SCALARS:
            checker.fail(node.children[0], f"cannot index {subject}")
        checker.needs_number(node.children[1], index, "an index")
        if index not in NUMBERS:
            checker.fail(node.children[1], f"an index must be a number, not {index}")
        return ANY

    def code(self, gen, tree, scope, as_bool):
        return call("index", name("st"), gen.node(tree.children[0], scope), gen.node(tree.children[1], scope))

    def evaluate(self, ev, tree, scope, st, env):
        return ops.index(st, ev.value(tree.children[0], scope, st, env), ev.value(tree.children[1], scope, st, env))


class Items(Operator):
    """`x in coll | body`: each item of a collection bound to a name, for the functions that take it (count, sum, any ...)."""

    keyword = "x in coll | ..."
    syntax = ("f(x in COLL | BODY)",)
    example = "count(c in me.hand | c.face_down)"
    forms = ("lambda_arg",)
    grammar = (("arg", 'expr "|" expr -> lambda_arg'),)

    def kind(self, checker, node):
        binding, body = node.children
        if isinstance(binding, Tree) and binding.data == "in_":
            collection = checker.kind(binding.children[1])
            if collection in SCALARS:
                checker.fail(binding.children[1], f"'in' needs a collection, not {collection}")
            if isinstance(binding.children[0], Tree) and binding.children[0].data == "name":
                checker.locals.add(str(binding.children[0].children[0]))
        return checker.kind(body)

    def code(self, gen, tree, scope, as_bool):
        raise gen.error(tree, gen.misplaced_items())

    def evaluate(self, ev, tree, scope, st, env):
        raise ev.error(tree, ev.misplaced_items())


class Call(Operator):
    """A call of a built-in function or of a rule function (`functions:`): `count(me.hand)`, `damage(c)`."""

    keyword = "f(...)"
    syntax = ("f(a, b, ...)",)
    example = "max(3, count(me.hand))"
    forms = ("call",)
    grammar = (("postfix", 'NAME "(" [arg ("," arg)*] ")" -> call'),)

    def kind(self, checker, node):
        return checker.call_kind(node)

    def add_reads(self, dependencies, tree, found):
        return dependencies.call_reads(str(tree.children[0]), found)

    def code(self, gen, tree, scope, as_bool):
        return gen.call(tree, scope, as_bool)

    def evaluate(self, ev, tree, scope, st, env):
        return ev.call(tree, scope, st, env)
