"""Compile expressions into Python functions, once, so play never walks a parse tree.

Each expression becomes `ast` nodes (see `codegen.py`), and each place an expression is written
(a condition, a value, a rule function, a card property) becomes one real Python function.
Names are resolved here: a local (bound by `let`, `for`, `choose` or a parameter), a built-in
name (`me`, `opponent`, `players`, `current`, `P1`...), a game variable or a shared zone. What an
attribute means is decided here too, from what the rule file declares, so that the common cases
(a card's printed value, a player's variable) are a type test and a dictionary lookup.
"""
from __future__ import annotations

import ast
from functools import partial

from ..constructs.catalogue import FUNCTIONS, OPERATORS, builtin_function, guessed_instead
from ..constructs.functions import Function, Loop
from ..constructs.kinds import NUMBER
from ..constructs.names import attribute_kind
from ..engine.values import ZoneRef
from ..errors import RuleError
from ..kit.codegen import STORE, Program, call, field, guarded, item, name, simple
from ..kit.names import Names, suggest
from ..kit.texts import template_fields
from ..kit.trees import Token, Tree, conjunction, conjuncts, node_column
from ..language.kinds import check_kinds, check_number
from ..language.syntax import parse
from .answers import keeping, looked_up
from .hoist import hoisted

MAX_CALL_DEPTH = 50
MAX_INLINED = 40  # parse-tree nodes of a rule function whose body short code writes in place of calling it
MAX_INLINE_DEPTH = 3  # functions written in place within functions written in place
MAX_INLINED_IN_ALL = 400  # parse-tree nodes written in place within one expression (a bound on its size)

INLINED = "inlined"  # short code that wrote a rule function in place (see _Builder._inline)
NOT_BUILTIN = Function()  # what a name that is no built-in function is like: nothing known of it


def depends_only_on_printed(tree, printed: frozenset, others: frozenset, constants: frozenset = frozenset()) -> bool:
    """True when an expression reads nothing but `it`'s printed attributes and name, literals,
    `constants` and built-in functions of those that read nothing else (`min(it.rank, 10)`).

    Such a card property has one value per card for the whole game, so it is computed once.
    """
    if isinstance(tree, Token) or tree is None:
        return True
    if tree.data == "name":
        return str(tree.children[0]) == "it" or str(tree.children[0]) in constants
    if tree.data == "string":
        return not template_fields(str(tree.children[0]))
    if tree.data == "attr":
        attribute = str(tree.children[1])
        subject = tree.children[0]
        return ((attribute in printed or attribute == "name") and attribute not in others
                and isinstance(subject, Tree) and subject.data == "name" and str(subject.children[0]) == "it")
    if tree.data == "call":
        function = FUNCTIONS.get(str(tree.children[0]))
        args = [arg for arg in tree.children[1:] if arg is not None]
        return (function is not None and _reads_only_its_values(function)
                and all(isinstance(arg, Tree) and arg.data != "lambda_arg"
                        and depends_only_on_printed(arg, printed, others, constants) for arg in args))
    if not OPERATORS[tree.data].pure:
        return False
    return all(depends_only_on_printed(child, printed, others, constants) for child in tree.children)


def _reads_only_its_values(function) -> bool:
    """Whether a built-in function's value depends on its arguments alone (no state, no chance)."""
    return not function.chance and not function.reads and type(function).add_reads is Function.add_reads


class Scope:
    """How the names visible at one point read: rule locals in `env`, or real Python locals."""

    def __init__(self, env_names: frozenset, python: dict | None = None, me: ast.expr | None = None,
                 may_bind: bool = True):
        self.env_names = env_names
        self.python = python or {}  # rule name -> Python local name (or an expression free to read twice)
        self.me = me if me is not None else item(name("env"), ast.Constant("me"))
        self.may_bind = may_bind  # Python allows `:=` here (not within a comprehension's iterable)

    def read(self, rule_name: str) -> ast.expr | None:
        """The expression that reads a local, or None when the name is not a local here."""
        if rule_name in self.python:
            local = self.python[rule_name]
            return name(local) if isinstance(local, str) else local  # (or an expression free to read twice)
        if rule_name in self.env_names or rule_name == "it":
            return item(name("env"), ast.Constant(rule_name))
        return None

    def knows(self, rule_name: str) -> bool:
        """Whether a name is a local here."""
        return rule_name in self.python or rule_name in self.env_names

    def binding(self, rule_name: str) -> tuple:
        """A scope where `rule_name` is a Python local (a comprehension's variable), and that local."""
        local = f"v_{rule_name}"
        return Scope(self.env_names - {rule_name}, {**self.python, rule_name: local}, self.me, self.may_bind), local

    def iterable(self) -> Scope:
        """The same scope within a comprehension's iterable, where Python allows no `:=`."""
        return Scope(self.env_names, self.python, self.me, may_bind=False)

    def names(self) -> set:
        """Every local name visible here."""
        return set(self.env_names) | set(self.python)


class ExpressionCompiler:
    """Turns parse trees into Python functions, with the names of one ruleset in view."""

    def __init__(self, names: Names, program: Program):
        self.names = names
        self.program = program
        self._seat_zones: dict = {}
        # `uses_chance(tree)`, once the compiler knows what rolls dice or calls random(); until
        # then no function gets the short code that takes its values for cards (see _define_pure)
        self.uses_chance = None
        self.inlinable: dict = {}  # name -> (tree, pos, params, size) of rule functions short code may write in place
        self.kept: dict = {}  # name -> whether it reads `me`, of rule functions whose answers are kept (answers.py)

    # ------------------------------------------------------------------ entry points
    def compile(self, text, pos, locals_=frozenset(), as_bool: bool = False, number: str | None = None):
        """Compile one expression written at `pos` into a function `f(st, env)`; `number` names
        what it gives where it must give a number (an error if it may give text)."""
        pos = getattr(text, "pos", pos)
        offset = getattr(text, "offset", 0)
        if isinstance(text, (bool, int)):
            return self.program.define_pasteable(self.program.fresh("e"), [ast.Return(ast.Constant(text))], None)
        tree = parse(text, "start_expr", pos.shifted(offset))
        check_kinds(tree, self.names, pos.shifted(offset), locals_)
        if number is not None:
            check_number(tree, self.names, pos.shifted(offset), locals_, number)
        return self.compile_tree(tree, pos.shifted(offset), frozenset(locals_), as_bool)

    def parse(self, text, pos) -> Tree:
        """The parse tree of an expression written at `pos`: for a construct that reads its shape
        before it compiles its parts (the catalogue parses nothing itself)."""
        return parse(text, "start_expr", pos)

    def compile_check(self, text, pos, locals_=frozenset(), as_bool: bool = True):
        """Compile a condition (or, not `as_bool`, a value) that is called on its own, never pasted
        into other code (a move's `if`, an end rule's `when`, a bidding's `skip`), into
        `f(st, env)`: short code where it uses no chance (see `_define_pure`)."""
        pos = getattr(text, "pos", pos).shifted(getattr(text, "offset", 0))
        if isinstance(text, (bool, int)):
            return self.compile(text, pos, locals_, as_bool)
        tree = parse(text, "start_expr", pos)
        check_kinds(tree, self.names, pos, locals_)
        where = self.program.constant(pos.shifted(node_column(tree)))
        scope = Scope(frozenset(locals_))
        return self._define_pure(self.program.fresh("c"), ["st", "env"],
                                 lambda cards_only: self._value(tree, pos, scope, as_bool, cards_only), tree, where,
                                 pos.line)

    def compile_tree(self, tree, pos, locals_: frozenset, as_bool: bool = False):
        """Compile a parsed expression into `f(st, env)`; failures are reported at `pos`."""
        body = self.expression(tree, pos, Scope(frozenset(locals_)), as_bool)
        where = self.program.constant(pos.shifted(node_column(tree)))
        return self.program.define_pasteable(self.program.fresh("e"), [ast.Return(body)], where, pos.line)

    def template(self, text: str, pos, scope: Scope) -> ast.expr:
        """The ast of a text written at `pos` whose `{expression}` fields are filled in when it runs."""
        parts, last = [], 0
        for offset, source in template_fields(text):
            if offset - 1 > last:
                parts.append(ast.Constant(text[last:offset - 1]))
            field_pos = pos.shifted(offset)
            tree = parse(source, "start_expr", field_pos)
            check_kinds(tree, self.names, field_pos, scope.names())
            parts.append(ast.FormattedValue(call("pretty", self.expression(tree, field_pos, scope)), -1, None))
            last = offset + len(source) + 1
        if last < len(text):
            parts.append(ast.Constant(text[last:]))
        return ast.JoinedStr(parts) if parts else ast.Constant("")

    def seat_zones(self, zone: str) -> ast.expr:
        """A constant: the references of a plain zone of each player, by seat."""
        if zone not in self._seat_zones:
            refs = tuple(ZoneRef(zone, seat) for seat in range(self.names.max_players))
            self._seat_zones[zone] = self.program.constant(refs).id
        return name(self._seat_zones[zone])

    def compile_filter(self, text, pos, locals_=frozenset()):
        """Compile a condition on `it` into `f(st, env, items)`: the items for which it holds, in order."""
        pos = getattr(text, "pos", pos).shifted(getattr(text, "offset", 0))
        tree = parse(text, "start_expr", pos)
        check_kinds(tree, self.names, pos, set(locals_) | {"it"})
        return self._filter(tree, pos, locals_)

    def compile_split_filter(self, text, pos, locals_, steady) -> tuple:
        """Compile a condition on `it` as two filters, `(first, rest)`: `first` checks its leading
        `and` parts for which `steady(part)` holds (None when the first part does not), `rest` the
        others (None when there are none). Filtering by one, then the other, keeps the items the
        whole condition keeps."""
        pos = getattr(text, "pos", pos).shifted(getattr(text, "offset", 0))
        tree = parse(text, "start_expr", pos)
        check_kinds(tree, self.names, pos, set(locals_) | {"it"})
        parts = conjuncts(tree)
        lead = next((i for i, part in enumerate(parts) if not steady(part)), len(parts))
        if lead == 0:
            return None, self._filter(tree, pos, locals_)
        first = self._filter(conjunction(parts[:lead]), pos, locals_)
        return first, self._filter(conjunction(parts[lead:]), pos, locals_) if lead < len(parts) else None

    def _filter(self, tree, pos, locals_):
        scope, local = Scope(frozenset(locals_) - {"it"}).binding("it")
        where = self.program.constant(pos.shifted(node_column(tree)))

        def kept(cards_only: bool) -> tuple:
            condition, assumed = self._value(tree, pos, scope, True, cards_only)
            items = call("iterate", name("st"), name("_items"), where)
            return ast.ListComp(name(local), [ast.comprehension(ast.Name(local, STORE), items, [condition], 0)]), assumed
        return self._define_pure(self.program.fresh("w"), ["st", "env", "_items"], kept, tree, where, pos.line)

    def expression(self, tree, pos, scope: Scope, as_bool: bool = False) -> ast.expr:
        """The ast of an expression in a scope; `as_bool` when only its truth matters."""
        return _Builder(self, pos).node(tree, scope, as_bool)

    def _value(self, tree, pos, scope, as_bool: bool, cards_only: bool) -> tuple:
        """(ast, whether it took some value for a card without testing: True, or INLINED when it
        also wrote a rule function in place of calling it): see `_define_pure`."""
        builder = _Builder(self, pos, cards_only)
        value = builder.node(tree, scope, as_bool)
        return value, INLINED if builder.inlined else builder.assumed

    def _define_pure(self, symbol: str, params: list, value_of, tree, where, line: int, keep=None):
        """Define `symbol(*params)` returning `value_of(cards_only)[0]`, guarded at `where`
        (`keep`, when given, makes the statements that keep its answer: see answers.py).

        The value of an expression without chance is found by short code that reads a card's
        printed or stored values without first testing that it is a card: a value that is none
        fails there with a Python error, and the general code then finds the answer or the error
        in rulelang's words. The expression is pure, so running it again changes nothing but the
        work counted. The general code is made now (its mistakes are the rule file's, told as it
        loads); the short code, with its parts kept once (see hoist.py), when the function is
        first called, and either is compiled only when first called.
        """
        keep = keep or (lambda body: body)
        general = guarded([ast.Return(value_of(False)[0])], where)
        if self.uses_chance is None or self.uses_chance(tree):
            return self.program.define(symbol, params, keep(general), line)
        fallback = self.program.fresh("g")
        self.program.define(fallback, params, general, line)

        def body() -> list:
            try:
                short, assumed = value_of(True)
            except RuleError:  # (the general code says it; the short code takes no other names)
                return keep(guarded([ast.Return(call(fallback, *[name(p) for p in params]))], where))
            if assumed:
                short, before = hoisted(short, self.program)
                return keep(before + guarded([ast.Return(short)], where, call(fallback, *[name(p) for p in params]),
                                             game_errors=assumed == INLINED))
            value, before = hoisted(value_of(False)[0], self.program)
            return keep(before + guarded([ast.Return(value)], where))
        return self.program.define_lazily(symbol, params, body, line)

    def define_function(self, rule_name: str, params: tuple, text, pos, recursive: bool):
        """Compile `functions:` entry `name(params)` into `f(st, me, *params)`."""
        pos = getattr(text, "pos", pos).shifted(getattr(text, "offset", 0))
        tree = parse(text, "start_expr", pos)
        check_kinds(tree, self.names, pos, params)
        scope = Scope(frozenset(), {p: f"v_{p}" for p in params}, name("me"))
        where = self.program.constant(pos.shifted(node_column(tree)))
        symbol, arguments = self.program.symbol("function", rule_name), ["st", "me", *[f"v_{p}" for p in params]]
        if not recursive:
            keep = None
            if rule_name in self.kept:
                keep = partial(keeping, symbol, self.kept[rule_name])
            function = self._define_pure(symbol, arguments,
                                         lambda cards_only: self._value(tree, pos, scope, False, cards_only),
                                         tree, where, pos.line, keep)
            size = sum(1 for _ in tree.iter_subtrees())
            if keep is None and self.uses_chance is not None and not self.uses_chance(tree) and size <= MAX_INLINED:
                self.inlinable[rule_name] = (tree, pos, params, size)  # (it compiled: written in place, it compiles too)
            return function
        # only functions in a call cycle pay for counting their depth and calls
        leave = ast.AugAssign(ast.Attribute(name("st"), "depth", STORE), ast.Sub(), ast.Constant(1))
        body = [ast.Expr(call("enter", name("st"), ast.Constant(MAX_CALL_DEPTH), where)),
                ast.Try(guarded([ast.Return(self.expression(tree, pos, scope))], where), [], [], [leave])]
        return self.program.define(symbol, arguments, body, pos.line)

    def define_prop(self, rule_name: str, text, pos):
        """Compile `card_props:` entry `name` into `p(st, me, it)`."""
        pos = getattr(text, "pos", pos).shifted(getattr(text, "offset", 0))
        tree = parse(text, "start_expr", pos)
        check_kinds(tree, self.names, pos, {"it"})
        scope = Scope(frozenset(), {"it": "v_it"}, name("me"))
        where = self.program.constant(pos.shifted(node_column(tree)))
        body = guarded([ast.Return(self.expression(tree, pos, scope))], where)
        return self.program.define(self.program.symbol("prop", rule_name), ["st", "me", "v_it"], body, pos.line)


class _Builder:
    """Builds the ast of one expression (one source position)."""

    def __init__(self, compiler: ExpressionCompiler, pos, cards_only: bool = False):
        self.compiler = compiler
        self.names = compiler.names
        self.program = compiler.program
        self.pos = pos
        self.cards_only = cards_only  # read a card's printed and stored values without testing it is a card
        self.assumed = False  # whether it did
        self.inlined = False  # whether it wrote a rule function in place of calling it (see _inline)
        self.depth = 0  # how many functions written in place this code stands in
        self.room = [MAX_INLINED_IN_ALL]  # parse-tree nodes still to write in place (shared with _inline's builders)

    def node(self, tree, scope: Scope, as_bool: bool = False) -> ast.expr:
        """The ast for one parse-tree node: the code its operator writes (constructs/operators.py)."""
        return OPERATORS[tree.data].code(self, tree, scope, as_bool)

    def error(self, tree, message) -> RuleError:
        """A compile error at a node."""
        return RuleError.at(self.pos.shifted(node_column(tree)), message)

    def where(self, tree) -> ast.expr:
        """The position of a node, as a constant for run-time errors."""
        return self.program.constant(self.pos.shifted(node_column(tree)))

    @staticmethod
    def truth(value: ast.expr, as_bool: bool) -> ast.expr:
        """A value as true/false when its value (not only its truth) is wanted."""
        return value if as_bool else ast.IfExp(value, ast.Constant(True), ast.Constant(False))

    def numeric(self, tree) -> bool:
        """Whether an expression surely gives a number (so `+` needs no checks)."""
        return numeric(tree, self.names)

    def listed(self, tree) -> bool:
        """Whether an expression surely gives a new list of bounded size (so `+` needs no checks)."""
        return _listed(tree, self.names)

    @staticmethod
    def misplaced_items() -> str:
        """The error for `x in coll | ...` anywhere but as the argument of a function that takes it."""
        return misplaced_items()

    # ------------------------------------------------------------------ calls
    def call(self, tree, scope, as_bool):
        """The code of a call of a built-in function or a rule function."""
        function = str(tree.children[0])
        args = [c for c in tree.children[1:] if c is not None]
        builtin = builtin_function(function, self.names)
        if builtin is not None:
            if len(args) == 1 and args[0].data == "lambda_arg" and builtin.over_items:
                return builtin.code_over(self, self.items_loop(builtin, args[0], scope))
            low, high = builtin.args
            if not low <= len(args) <= high:
                raise self.error(tree, f"{function}() takes {builtin.usage}")
            return builtin.code(self, args, scope)
        if function in self.names.functions:
            wanted = self.names.functions[function]
            if len(args) != wanted:
                raise self.error(tree, f"{function}() takes {wanted} argument(s), got {len(args)}")
            values = [self.node(a, scope) for a in args]
            inlined = self._inline(function, values, scope, as_bool)
            if inlined is not None:
                return inlined
            symbol = self.program.symbol("function", function)
            calling = call(symbol, name("st"), scope.me, *values)
            kept = self.compiler.kept
            if function in kept and not values and scope.may_bind:
                return looked_up(symbol, kept[function], scope.me, calling, self.program.fresh("t"))
            return calling
        known = set(FUNCTIONS) | set(self.names.functions)
        hint = suggest(function, known) or guessed_instead(function)
        raise self.error(tree, f"unknown function '{function}'{hint}")

    def _inline(self, function: str, values: list, scope: Scope, as_bool: bool) -> ast.expr | None:
        """A small rule function's body written in place of its call, in short code, when each
        argument is a local (or `me` itself). Any error there sends the whole expression to its
        general code, which calls the function (see `_define_pure`): what the rule says, with the
        function's own positions. None when it cannot be written in place."""
        known = self.compiler.inlinable.get(function)
        if not self.cards_only or known is None or self.depth >= MAX_INLINE_DEPTH:
            return None
        tree, pos, params, size = known
        if size > self.room[0] or not all(simple(value) for value in (*values, scope.me)):
            return None
        bound = {f"v_{node.children[0].children[0].children[0]}" for node in tree.iter_subtrees()
                 if node.data == "lambda_arg"}  # the callee's own loop variables
        if bound & {node.id for value in values for node in ast.walk(value) if isinstance(node, ast.Name)}:
            return None  # an argument would be hidden by a loop variable of the same name
        self.room[0] -= size
        inner = _Builder(self.compiler, pos, cards_only=True)
        inner.depth, inner.room = self.depth + 1, self.room
        body = inner.node(tree, Scope(frozenset(), dict(zip(params, values)), scope.me, scope.may_bind), as_bool)
        self.assumed = self.inlined = True
        return body

    def shared_zone(self, tree, scope) -> bool:
        """Whether an expression names one shared zone (a zone every game's table holds)."""
        if not (isinstance(tree, Tree) and tree.data == "name"):
            return False
        rule_name = str(tree.children[0])
        names = self.names
        return (not scope.knows(rule_name) and rule_name not in names.game_vars and rule_name in names.shared_zones
                and rule_name not in names.zone_lists)

    def player_zone(self, tree) -> bool:
        """Whether an expression is `p.z` of a zone each player has one of (a zone, or an error)."""
        if not (isinstance(tree, Tree) and tree.data == "attr"):
            return False
        attribute = str(tree.children[1])
        return attribute_kind(attribute, self.names) == "player_zone" and attribute not in self.names.zone_lists

    def items_loop(self, function, lam, scope) -> Loop:
        """The loop of `function(x in coll | body)`: over the items, with `x` bound in the body."""
        binding, body_tree = lam.children
        if not (isinstance(binding, Tree) and binding.data == "in_" and binding.children[0].data == "name"):
            raise self.error(lam, f"write {function.keyword}(x in collection | ...)")
        var = str(binding.children[0].children[0])
        source_tree = binding.children[1]
        if _names(source_tree, "players") and not scope.knows("players"):
            source = field(name("st"), "seats")  # (the seats themselves: a loop only reads them)
        else:
            source = self.node(source_tree, scope.iterable())
        where = self.where(lam)
        inner, local = scope.binding(var)
        body = self.node(body_tree, inner, function.truth_body)
        return Loop(source, call("iterate", name("st"), source, where), local, body, where)

    def int_or(self, values: list, scope, integers, general) -> ast.expr:
        """`integers(*values)` when every value is a whole number (a bool is not), else
        `general(*values)`: each value worked out once, in order (into temporaries where Python
        allows `:=`; without, `general` alone)."""
        if not scope.may_bind and not all(simple(value) for value in values):
            return general(*values)
        bound, tests = [], []
        for value in values:
            if not simple(value):
                local = self.program.fresh("t")
                tests.append(ast.Compare(field(ast.NamedExpr(ast.Name(local, STORE), value), "__class__"),
                                         [ast.IsNot()], [name("INT")]))
                value = name(local)
            else:
                tests.append(ast.Compare(field(value, "__class__"), [ast.IsNot()], [name("INT")]))
            bound.append(value)
        test = tests[0]
        for other in tests[1:]:  # (`|`, not `or`: every value is worked out, whatever the first is)
            test = ast.BinOp(test, ast.BitOr(), other)
        return ast.IfExp(test, general(*bound), integers(*bound))


def _names(tree, rule_name: str) -> bool:
    """Whether a parse tree is the bare name `rule_name`."""
    return isinstance(tree, Tree) and tree.data == "name" and str(tree.children[0]) == rule_name


def _listed(tree, names: Names) -> bool:
    """True when an expression is surely a new list of bounded size (so `+` needs no checks)."""
    if not isinstance(tree, Tree):
        return False
    if tree.data == "list_":
        return True
    return tree.data == "call" and (builtin_function(str(tree.children[0]), names) or NOT_BUILTIN).fresh_list


def misplaced_items() -> str:
    """The error for `x in coll | ...` anywhere but as the argument of a function that takes it."""
    over_items = [keyword for keyword, function in FUNCTIONS.items() if function.over_items]
    listed = f"{', '.join(over_items[:-1])} or {over_items[-1]}"
    return f"'x in collection | ...' is only allowed as the argument of {listed}"


def numeric(tree, names: Names) -> bool:
    """True when an expression is surely a number (so `+` needs no checks)."""
    if not isinstance(tree, Tree):
        return False
    kind = tree.data
    if kind in ("number", "dice"):
        return True
    if kind == "neg":
        return numeric(tree.children[0], names)
    if kind == "arith":
        return numeric(tree.children[0], names) and numeric(tree.children[2], names)
    if kind == "ifelse":
        return numeric(tree.children[0], names) and numeric(tree.children[2], names)
    if kind == "attr":
        attribute = str(tree.children[1])
        return attribute in names.numeric_facts and attribute_kind(attribute, names) == "fact"
    if kind == "call":
        function = str(tree.children[0])
        return function in names.numeric_functions or (builtin_function(function, names) or NOT_BUILTIN).gives == NUMBER
    return False
