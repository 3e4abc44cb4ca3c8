"""The reference interpreter: every construct run by its plain meaning, with no speed tricks.

A game compiled for reference (`compile_reference`) has the same effect nodes and the same
engine as one compiled for play, but its expressions and statements are closures that walk
their parse trees and ask each construct of the catalogue what it means (`evaluate`, `run`,
`over`), instead of generated code; nothing is remembered (every check is asked afresh), no
stretch of effects is lowered into one function, every card's move is an event, and a choice's
`where` is asked whole at every pick. It is small, slow and meant to be obviously right: the
differential tests play it beside the compiled game and compare every state after every
decision, which proves the optimizer's tricks keep the meaning.
"""
from __future__ import annotations

import attrs

from ..constructs.catalogue import OPERATORS, builtin_function
from ..engine import ops
from ..engine.effects import Statement
from ..engine.values import pretty
from ..errors import GameError
from ..kit.texts import template_fields
from ..kit.trees import node_column
from ..language.syntax import parse
from .blocks import settled
from .compiler import Compiler
from .expressions import MAX_CALL_DEPTH, ExpressionCompiler, misplaced_items
from .statements import StatementCompiler


class Evaluator:
    """Evaluates the parse trees of one expression written at `pos` (positions of errors are found from it)."""

    def __init__(self, reference: ReferenceExpressions, pos):
        self.reference = reference
        self.names = reference.names
        self.pos = pos

    def value(self, tree, scope: frozenset, st, env):
        """The value of a parse tree, with these locals (`scope` names those bound where it is written)."""
        return OPERATORS[tree.data].evaluate(self, tree, scope, st, env)

    def error(self, tree, message: str) -> GameError:
        """An error at a node of the expression."""
        return GameError(message, self.pos.shifted(node_column(tree)))

    misplaced_items = staticmethod(misplaced_items)

    def zone(self, tree, pos, scope, st, env, what: str):
        """A value of a statement that must be a zone (`pos`: the statement's)."""
        return ops.zone(self.value(tree, scope, st, env), what, pos.shifted(node_column(tree)))

    def text(self, text: str, pos, scope, st, env) -> str:
        """A text written at `pos` with its `{expression}` fields filled in."""
        out, last = [], 0
        for offset, source in template_fields(text):
            out.append(text[last:offset - 1])
            field_pos = pos.shifted(offset)
            field = Evaluator(self.reference, field_pos)
            out.append(pretty(field.value(parse(source, "start_expr", field_pos), scope, st, env)))
            last = offset + len(source) + 1
        out.append(text[last:])
        return "".join(out)

    def call(self, tree, scope, st, env):
        """A call of a built-in function (by its meaning) or of a rule function."""
        function = str(tree.children[0])
        args = [c for c in tree.children[1:] if c is not None]
        builtin = builtin_function(function, self.names)
        if builtin is not None and len(args) == 1 and args[0].data == "lambda_arg" and builtin.over_items:
            return self._over(builtin, args[0], scope, st, env)
        values = [self.value(arg, scope, st, env) for arg in args]
        if builtin is not None:
            return builtin.evaluate(st, values, [self.pos.shifted(node_column(arg)) for arg in args])
        return self.reference.functions[function](st, env.get("me"), *values)

    def _over(self, builtin, lam, scope, st, env):
        """`f(x in coll | body)`: the function's meaning of the items and their bodies' values, made one at a time."""
        binding, body = lam.children
        var = str(binding.children[0].children[0])
        where = self.pos.shifted(node_column(lam))
        items = ops.iterate(st, self.value(binding.children[1], scope, st, env), where)
        inner = scope | {var}
        pairs = ((item, self.value(body, inner, st, {**env, var: item})) for item in items)
        return builtin.over(st, pairs, where)


def guarded(run, where):
    """`run(st, env, ...)` with every failure a GameError at `where`, as generated code does."""
    def positioned(st, *args):
        try:
            return run(st, *args)
        except GameError as err:
            raise ops.place(err, where) from None
        except ops.EVALUATION_ERRORS as err:
            raise ops.evaluation_error(err, where) from None
    return positioned


class ReferenceExpressions:
    """Makes each expression a closure that evaluates its parse tree (in place of `ExpressionCompiler`)."""

    def __init__(self, names, program):
        self.names = names
        self.program = program
        self.functions: dict = {}  # rule function -> f(st, me, *args)
        self.uses_chance = None
        self.inlinable: dict = {}

    def compile(self, text, pos, locals_=frozenset(), as_bool: bool = False, number: str | None = None):
        """A closure `f(st, env)` giving the value of an expression written at `pos`."""
        pos = getattr(text, "pos", pos)
        if isinstance(text, (bool, int)):
            return lambda st, env: text
        pos = pos.shifted(getattr(text, "offset", 0))
        return self.compile_tree(parse(text, "start_expr", pos), pos, frozenset(locals_), as_bool)

    parse = ExpressionCompiler.parse

    def compile_check(self, text, pos, locals_=frozenset(), as_bool: bool = True):
        """A condition (or a value) called on its own (a move's `if`)."""
        return self.compile(text, pos, locals_, as_bool)

    def compile_tree(self, tree, pos, locals_: frozenset, as_bool: bool = False):
        """A closure `f(st, env)` giving the value of a parse tree written at `pos`."""
        evaluator, scope = Evaluator(self, pos), frozenset(locals_)
        return guarded(lambda st, env: evaluator.value(tree, scope, st, env), pos.shifted(node_column(tree)))

    def compile_filter(self, text, pos, locals_=frozenset()):
        """A closure `f(st, env, items)`: the items for which a condition on `it` holds, in order."""
        pos = getattr(text, "pos", pos).shifted(getattr(text, "offset", 0))
        tree = parse(text, "start_expr", pos)
        evaluator, scope, where = Evaluator(self, pos), frozenset(locals_) | {"it"}, pos.shifted(node_column(tree))

        def kept(st, env, items):
            return [it for it in ops.iterate(st, items, where) if evaluator.value(tree, scope, st, {**env, "it": it})]
        return guarded(kept, where)

    def compile_split_filter(self, text, pos, locals_, steady) -> tuple:
        """The whole condition, asked at every pick (the reference keeps nothing between picks)."""
        return None, self.compile_filter(text, pos, locals_)

    def define_function(self, rule_name: str, params: tuple, text, pos, recursive: bool):
        """`functions:` entry `name(params)` as `f(st, me, *args)`; only functions on a call cycle count their depth."""
        pos = getattr(text, "pos", pos).shifted(getattr(text, "offset", 0))
        tree = parse(text, "start_expr", pos)
        evaluator, scope, where = Evaluator(self, pos), frozenset(params), pos.shifted(node_column(tree))
        body = guarded(lambda st, me, *args: evaluator.value(tree, scope, st, {"me": me, **dict(zip(params, args))}),
                       where)
        if not recursive:
            self.functions[rule_name] = body
            return body

        def counted(st, me, *args):
            ops.enter(st, MAX_CALL_DEPTH, where)
            try:
                return body(st, me, *args)
            finally:
                st.depth -= 1
        self.functions[rule_name] = counted
        return counted

    def define_prop(self, rule_name: str, text, pos):
        """`card_props:` entry `name` as `p(st, me, it)`; while the deck is made (no game yet, `st` is
        `PrintedOnly`) a property of printed values reads them from the card."""
        pos = getattr(text, "pos", pos).shifted(getattr(text, "offset", 0))
        tree = parse(text, "start_expr", pos)
        evaluator, scope = Evaluator(self, pos), frozenset({"it"})

        def prop(st, me, it):
            return evaluator.value(tree, scope, st, {"me": me, "it": it})
        return guarded(prop, pos.shifted(node_column(tree)))


class ReferenceStatements(StatementCompiler):
    """Makes each plain statement a closure that runs its construct's meaning (in place of generated code)."""

    def plain(self, statement, tree, pos, scope):
        evaluator, locals_ = Evaluator(self.expressions, pos), frozenset(scope)
        run = guarded(lambda st, env: statement.run(evaluator, tree, pos, locals_, st, env), pos)
        return Statement(run, pos, moves=statement.moves_cards, ends=statement.ends_game)

    def parts(self, statement, tree, pos, scope):
        evaluator, locals_ = Evaluator(self.expressions, pos), frozenset(scope)
        return guarded(lambda st, env: statement.values(evaluator, tree, pos, locals_, st, env), pos)

    def function(self, tree, pos, scope):
        return self.expressions.compile_tree(tree, pos, frozenset(scope))

    def interpolation(self, text, pos, scope):
        pos = getattr(text, "pos", pos).shifted(getattr(text, "offset", 0))
        evaluator, locals_ = Evaluator(self.expressions, pos), frozenset(scope)
        return guarded(lambda st, env: evaluator.text(str(text), pos, locals_, st, env), pos)


class PlainDependencies:
    """What the reference compiler knows of what an expression reads: nothing (so every check runs, every time)."""

    looping = reading_me = frozenset()  # (so no rule function's answer is kept: compile/answers.py)
    known: dict = {}

    def of_text(self, text, pos):
        """Nothing is known: always check."""
        return None

    def of_tree(self, tree):
        """Nothing is known: always check."""
        return None

    def costly(self, text) -> bool:
        """Nothing is worth remembering."""
        return False

    def steady(self, expression, local: str) -> bool:
        """No part of a choice's `where` is kept between picks."""
        return False

    def origins(self, text):
        """Every card that moves is an event for every `on: moved` trigger."""
        return None


class ReferenceCompiler(Compiler):
    """Compiles a rule file for the reference interpreter (see the module docstring)."""

    statement_compiler = ReferenceStatements

    def expression_compiler(self, names, program):
        """The expression compiler, made again once names are known: card properties compiled by the first
        may call rule functions, which the second defines, so both keep the rule functions in one table."""
        made = ReferenceExpressions(names, program)
        earlier = getattr(self, "expressions", None)
        if earlier is not None:
            made.functions = earlier.functions
        return made

    def analysis(self, names, bodies, props, recursive):
        return PlainDependencies()

    def finished(self, game, program):
        return attrs.evolve(game, moves=settled(game.moves))  # (no block is lowered)


def compile_reference(doc):
    """A loaded rule file compiled for the reference interpreter; raises RuleError as the compiler does."""
    return ReferenceCompiler(doc).compile()
