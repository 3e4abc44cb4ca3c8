"""Compile one-line effect statements (`move x to discard`, `set p.score += 1` ...) to Python functions.

Each statement becomes one generated function `f(st, env)` (see `codegen.py`) whose every
failure is a GameError at the statement's position.
"""
from __future__ import annotations

import ast
import re

from lark import Tree

from ..engine.effects import Break, Call, Draw, Refuse, Statement
from ..errors import RuleError
from ..language.kinds import check_kinds
from ..language.names import suggest
from ..language.syntax import node_column, parse
from .codegen import LOAD, STORE, call, field, guarded, item, method, name
from .expressions import ExpressionCompiler, Scope

INTERPOLATION = re.compile(r"\{([^{}]*)\}")
MOVING = ("move", "move_under", "draw")  # statements after which `on: moved` triggers may fire
ENDING = ("win", "lose", "tie")
VOLATILE = re.compile(r"\b[0-9]+[dT][0-9]+\b|\brandom\s*\(")  # text parts that use chance


class StatementCompiler:
    """Turns a statement's parse tree into an effect node running a generated function."""

    def __init__(self, expressions: ExpressionCompiler):
        self.expressions = expressions
        self.names = expressions.names
        self.program = expressions.program
        self.refusals = False  # whether a `refuse` was compiled

    def compile(self, text, pos, scope: set):
        """Compile a statement into an effect node; names it binds (`let`) join `scope`."""
        pos = getattr(text, "pos", pos).shifted(getattr(text, "offset", 0))
        tree = parse(text, "start_statement", pos)
        if tree.data == "break_":
            return Break(pos)
        if tree.data == "call_procedure":
            return self._call(tree, pos, scope)
        if tree.data == "refuse":
            self.refusals = True
            return Refuse(self.interpolation(str(tree.children[0])[1:-1], pos, scope), pos)
        body = getattr(self, f"_{tree.data}")(tree, pos, scope)
        where = self.program.constant(pos)
        fn = self.program.define(self.program.fresh("s"), ["st", "env"], guarded(body, where), pos.line)
        if tree.data == "draw":
            return Draw(fn, pos, moves=True, parts=self._draw_parts(tree, pos, scope))
        return Statement(fn, pos, moves=tree.data in MOVING, ends=tree.data in ENDING)

    def _call(self, tree, pos, scope):
        procedure = str(tree.children[0])
        acting = next((c for c in tree.children[1:] if isinstance(c, Tree) and c.data == "acting"), None)
        args = [c for c in tree.children[1:] if c is not None and c is not acting]
        wanted = self.names.procedures.get(procedure)
        if wanted is None:
            raise RuleError.at(pos.shifted(node_column(tree.children[0])),
                               f"unknown procedure '{procedure}'{suggest(procedure, self.names.procedures)}")
        if len(args) != wanted:
            raise RuleError.at(pos, f"procedure {procedure}() takes {wanted} argument(s), got {len(args)}")
        for arg in args:
            check_kinds(arg, self.names, pos)
        compiled = tuple(self.expressions.compile_tree(a, pos, frozenset(scope)) for a in args)
        if acting is not None:
            check_kinds(acting.children[0], self.names, pos)
            acting = self.expressions.compile_tree(acting.children[0], pos, frozenset(scope))
        return Call(procedure, compiled, pos, acting)

    # ------------------------------------------------------------------ helpers
    def _expr(self, tree, pos, scope) -> ast.expr:
        check_kinds(tree, self.names, pos)
        return self.expressions.expression(tree, pos, Scope(frozenset(scope)))

    def _zone(self, tree, pos, scope, what: str) -> ast.expr:
        where = self.program.constant(pos.shifted(node_column(tree)))
        return call("zone", self._expr(tree, pos, scope), ast.Constant(what), where)

    @staticmethod
    def _do(value: ast.expr) -> list:
        return [ast.Expr(value)]

    # ------------------------------------------------------------------ statements
    def _move(self, tree, pos, scope):
        what = self._expr(tree.children[0], pos, scope)
        dest = tree.children[1]
        facing = tree.children[2] if len(tree.children) > 2 else None
        face_down = ast.Constant(None if facing is None else str(facing.children[0]) == "down")
        if dest.data == "to_new_pile":
            at_start = ast.Constant(str(dest.children[0]) == "start")
            row = self._expr(dest.children[1], pos, scope)
            pile = method(name("st"), "new_pile", row, at_start)
            return self._do(method(name("st"), "move", what, pile, ast.Constant("top"), face_down))
        zone = self._zone(dest.children[0], pos, scope, "the destination")
        where = ast.Constant("top" if dest.data == "to_top" else "bottom")
        return self._do(method(name("st"), "move", what, zone, where, face_down))

    def _move_under(self, tree, pos, scope):
        what = self._expr(tree.children[0], pos, scope)
        target = self._expr(tree.children[1], pos, scope)
        return self._do(method(name("st"), "move", what, target, ast.Constant("under")))

    def _draw(self, tree, pos, scope):
        where = self.program.constant(pos.shifted(node_column(tree.children[0])))
        count = call("number", self._expr(tree.children[0], pos, scope), ast.Constant("the number to draw"), where)
        source = self._zone(tree.children[1], pos, scope, "'draw ... from'")
        target = self._zone(tree.children[2], pos, scope, "'draw ... to'")
        return self._do(method(name("st"), "draw", count, source, target))

    def _draw_parts(self, tree, pos, scope):
        """`f(st, env) -> (count, source, target)` of a draw, for drawing one card at a time."""
        parts = self._draw(tree, pos, scope)[0].value.args  # the count, source and target of st.draw(...)
        body = guarded([ast.Return(ast.Tuple(parts, LOAD))], self.program.constant(pos))
        return self.program.define(self.program.fresh("d"), ["st", "env"], body, pos.line)

    def _shuffle(self, tree, pos, scope):
        return self._do(call("shuffle", name("st"), self._zone(tree.children[0], pos, scope, "'shuffle'")))

    def _let(self, tree, pos, scope):
        local = str(tree.children[0])
        value = self._expr(tree.children[1], pos, scope)
        scope.add(local)
        return [ast.Assign([ast.Subscript(name("env"), ast.Constant(local), STORE)], value)]

    def _set(self, tree, pos, scope):
        target, op, value_tree = tree.children
        op = str(op)
        value = call("stored", self._expr(value_tree, pos, scope))
        if target.data == "target_name":
            return self._set_name(str(target.children[0]), op, value, pos.shifted(node_column(target)), scope)
        attribute = str(target.children[1])
        where = pos.shifted(node_column(target.children[1]))
        names = self.names
        if attribute not in names.player_vars and attribute not in names.card_vars and attribute not in names.zone_vars:
            raise RuleError.at(where, f"'{attribute}' is not a declared player_vars, card_vars or zone_vars name")
        owner = self._expr(target.children[0], pos, scope)
        return self._do(call("set_attribute", name("st"), owner, ast.Constant(attribute), ast.Constant(op), value,
                             self.program.constant(where)))

    def _set_name(self, local: str, op: str, value: ast.expr, where, scope):
        place = self.program.constant(where)
        if local in scope:
            if op != "=":
                value = call("combine", ast.Constant(op), method(name("env"), "get", ast.Constant(local)), value, place)
            return [ast.Assign([ast.Subscript(name("env"), ast.Constant(local), STORE)], value)]
        if local in self.names.game_vars:
            if op != "=":
                old = item(field(name("st"), "vars"), ast.Constant(local))
                value = call("combine", ast.Constant(op), old, value, place)
            return self._do(method(name("st"), "set_var", ast.Constant(local), value))
        raise RuleError.at(where, f"'{local}' is neither a game variable (vars:) nor a local (let)")

    def _reveal(self, tree, pos, scope):
        return self._do(call("reveal", name("st"), self._expr(tree.children[0], pos, scope)))

    def _turn_face(self, tree, pos, scope):
        down = ast.Constant(str(tree.children[1].children[0]) == "down")
        return self._do(method(name("st"), "turn_face", self._expr(tree.children[0], pos, scope), down))

    def _mark(self, tree, pos, scope):
        card = self._expr(tree.children[0], pos, scope)
        keys, values = [], []
        for assignment in tree.children[1:]:
            variable = str(assignment.children[0])
            if variable not in self.names.card_vars:
                raise RuleError.at(pos.shifted(node_column(assignment)), f"'{variable}' is not declared under card_vars")
            where = self.program.constant(pos.shifted(node_column(assignment.children[1])))
            keys.append(ast.Constant(variable))
            values.append(call("number", self._expr(assignment.children[1], pos, scope),
                               ast.Constant(f"the value of '{variable}'"), where))
        return self._do(method(name("st"), "mark", card, ast.Dict(keys, values)))

    def _log(self, tree, pos, scope):
        text = str(tree.children[0])[1:-1]
        line = ast.Call(field(name("st"), "say"), [self._text(text, pos, scope)],
                        [ast.keyword("actor", ast.Constant(False))])
        if VOLATILE.search(text):  # chance in the text: it must be evaluated even when nobody reads it
            return self._do(line)
        return [ast.If(ast.UnaryOp(ast.Not(), field(name("st"), "quiet")), self._do(line), [])]

    def _win(self, tree, pos, scope):
        return self._do(call("win", name("st"), self._expr(tree.children[0], pos, scope)))

    def _lose(self, tree, pos, scope):
        return self._do(call("lose", name("st"), self._expr(tree.children[0], pos, scope)))

    def _tie(self, tree, pos, scope):
        return self._do(ast.Call(field(name("st"), "finish"), [ast.List([], LOAD)],
                                 [ast.keyword("tie", ast.Constant(True))]))

    # ------------------------------------------------------------------ text with {expressions}
    def _text(self, text: str, pos, scope) -> ast.expr:
        """The ast of a text whose `{expression}` parts are filled in when it runs."""
        parts, last = [], 0
        for found in INTERPOLATION.finditer(text):
            if found.start() > last:
                parts.append(ast.Constant(text[last:found.start()]))
            part_pos = pos.shifted(found.start() + 1)
            tree = parse(found.group(1), "start_expr", part_pos)
            check_kinds(tree, self.names, part_pos)
            value = self.expressions.expression(tree, part_pos, Scope(frozenset(scope)))
            parts.append(ast.FormattedValue(call("pretty", value), -1, None))
            last = found.end()
        if last < len(text):
            parts.append(ast.Constant(text[last:]))
        return ast.JoinedStr(parts) if parts else ast.Constant("")

    def interpolation(self, text: str, pos, scope):
        """Compile text with `{expression}` parts into `f(st, env) -> str` (prompts, reasons, displays)."""
        body = guarded([ast.Return(self._text(text, pos, set(scope)))], self.program.constant(pos))
        return self.program.define(self.program.fresh("t"), ["st", "env"], body, pos.line)
