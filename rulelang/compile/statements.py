"""Compile one-line effect statements (`move x to discard`, `set p.score += 1` ...) to Python functions.

Each statement becomes one generated function `f(st, env)` (see `codegen.py`) whose every
failure is a GameError at the statement's position.
"""
from __future__ import annotations

import ast
import re

from ..constructs.kinds import NUMBER
from ..engine.effects import Break, Call, Draw, Refuse, Return, Statement
from ..engine.values import ZoneRef
from ..errors import RuleError
from ..language.kinds import check_kinds, check_number
from ..language.names import suggest
from ..language.syntax import node_column, parse
from ..language.trees import Token, Tree
from .codegen import LOAD, STORE, call, field, guarded, item, method, name
from .expressions import ExpressionCompiler, Scope

TEXT_STATEMENTS = ("log", "refuse")  # their mapping form's value is the text itself
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
        self.procedure: str | None = None  # the procedure being compiled (where `return` may stand)

    def compile(self, text, pos, scope: set):
        """Compile a statement into an effect node; names it binds (`let`) join `scope`."""
        pos = getattr(text, "pos", pos).shifted(getattr(text, "offset", 0))
        return self.compile_tree(parse(text, "start_statement", pos), pos, scope)

    def compile_keyed(self, keyword: str, value, pos, scope: set):
        """Compile the mapping form of a statement, `- log: "text"` for `log "text"`: the value is
        the rest of the statement (for `log` and `refuse`, the text itself, so it needs no quotes)."""
        value_pos = getattr(value, "pos", pos).shifted(getattr(value, "offset", 0))
        if keyword in TEXT_STATEMENTS:
            text = str(value).rstrip("\n") if isinstance(value, (str, int)) and not isinstance(value, bool) else None
            if text is None or "\n" in text:
                raise RuleError.at(value_pos, f"'{keyword}:' takes a text on one line")
            tree = Tree(keyword, [Token("STRING", f'"{text}"', column=0)])
            return self.compile_tree(tree, value_pos.shifted(-1), scope)
        if value is None:
            return self.compile(keyword, pos, scope)
        if not isinstance(value, (str, int)) or isinstance(value, bool):
            raise RuleError.at(value_pos, f"'{keyword}:' takes the rest of the statement as text")
        text = f"{keyword} {value}"
        start = value_pos.shifted(-len(keyword) - 1)
        return self.compile_tree(parse(text, "start_statement", start), start, scope)

    def compile_tree(self, tree, pos, scope: set):
        """Compile a parsed statement written at `pos` into an effect node."""
        if tree.data == "break_":
            return Break(pos)
        if tree.data in ("call_procedure", "let_call"):
            return self._call(tree, pos, scope)
        if tree.data == "return_":
            return self._return(tree, pos, scope)
        if tree.data == "refuse":
            self.refusals = True
            return Refuse(self.interpolation(str(tree.children[0])[1:-1], self._text_pos(tree, pos), scope), pos)
        body = getattr(self, f"_{tree.data}")(tree, pos, scope)
        where = self.program.constant(pos)
        fn = self.program.define_pasteable(self.program.fresh("s"), body, where, pos.line)
        if tree.data == "draw":
            return Draw(fn, pos, moves=True, parts=self._draw_parts(tree, pos, scope))
        return Statement(fn, pos, moves=tree.data in MOVING, ends=tree.data in ENDING)

    def _call(self, tree, pos, scope):
        into = str(tree.children[0]) if tree.data == "let_call" else None
        children = tree.children[1:] if into is not None else tree.children
        procedure = str(children[0])
        acting = next((c for c in children[1:] if isinstance(c, Tree) and c.data == "acting"), None)
        args = [c for c in children[1:] if c is not None and c is not acting]
        wanted = self.names.procedures.get(procedure)
        if wanted is None:
            raise RuleError.at(pos.shifted(node_column(children[0])),
                               f"unknown procedure '{procedure}'{suggest(procedure, self.names.procedures)}")
        if len(args) != wanted:
            raise RuleError.at(pos, f"procedure {procedure}() takes {wanted} argument(s), got {len(args)}")
        for arg in args:
            check_kinds(arg, self.names, pos, scope)
        compiled = tuple(self.expressions.compile_tree(a, pos, frozenset(scope)) for a in args)
        if acting is not None:
            check_kinds(acting.children[0], self.names, pos, scope)
            acting = self.expressions.compile_tree(acting.children[0], pos, frozenset(scope))
        if into is not None:
            scope.add(into)
        return Call(procedure, compiled, pos, acting, into)

    def _return(self, tree, pos, scope):
        if self.procedure is None:
            raise RuleError.at(pos, "'return' ends a procedure; here no procedure is running "
                                    "(to stop a loop, write 'break')")
        value = tree.children[0] if tree.children else None
        if value is not None:
            check_kinds(value, self.names, pos, scope)
            value = self.expressions.compile_tree(value, pos, frozenset(scope))
        return Return(value, pos)

    # ------------------------------------------------------------------ helpers
    def _expr(self, tree, pos, scope) -> ast.expr:
        check_kinds(tree, self.names, pos, scope)
        return self.expressions.expression(tree, pos, Scope(frozenset(scope)))

    def _zone(self, tree, pos, scope, what: str) -> ast.expr:
        value = self._expr(tree, pos, scope)
        if isinstance(self.program.known(value), ZoneRef):  # a zone named in the rule file: no need to check
            return value
        where = self.program.constant(pos.shifted(node_column(tree)))
        if isinstance(value, ast.IfExp) and self._seat_zone(value.body):  # `p.hand`: checked only if p is no player
            return ast.IfExp(value.test, value.body, call("zone", value.orelse, ast.Constant(what), where))
        return call("zone", value, ast.Constant(what), where)

    def _seat_zone(self, node: ast.expr) -> bool:
        """Whether an expression picks one of a constant tuple of zones (a zone of each seat)."""
        if not isinstance(node, ast.Subscript):
            return False
        zones = self.program.known(node.value)
        return isinstance(zones, tuple) and all(isinstance(zone, ZoneRef) for zone in zones)

    def _number(self, tree, pos, scope, what: str) -> ast.expr:
        """A value that must be a whole number: checked at run time unless it is written as one."""
        value = self._expr(tree, pos, scope)
        if isinstance(value, ast.Constant) and value.value.__class__ is int:
            return value
        where = self.program.constant(pos.shifted(node_column(tree)))
        return call("number", value, ast.Constant(what), where)

    @staticmethod
    def _do(value: ast.expr) -> list:
        return [ast.Expr(value)]

    # ------------------------------------------------------------------ statements
    @staticmethod
    def _facing(tree) -> ast.expr:
        """Whether a statement's cards end face down: true, false (`face up`), or none (not said:
        face up too, as every move leaves cards unless it says `face down`)."""
        facing = next((c for c in tree.children if isinstance(c, Tree) and c.data == "facing"), None)
        return ast.Constant(None if facing is None else str(facing.children[0]) == "down")

    def _move(self, tree, pos, scope):
        what = self._expr(tree.children[0], pos, scope)
        dest = tree.children[1]
        face_down = self._facing(tree)
        if dest.data == "to_new_pile":
            at_start = ast.Constant(str(dest.children[0]) == "start")
            row = self._expr(dest.children[1], pos, scope)
            pile = method(name("st"), "new_pile", row, at_start)
            return self._do(method(name("st"), "move", what, pile, ast.Constant("top"), face_down))
        zone = self._zone(dest.children[0], pos, scope, "the destination")
        where = ast.Constant("bottom" if dest.data == "to_bottom" else "top")
        return self._do(method(name("st"), "move", what, zone, where, face_down))

    def _move_under(self, tree, pos, scope):
        what = self._expr(tree.children[0], pos, scope)
        target = self._expr(tree.children[1], pos, scope)
        return self._do(method(name("st"), "move", what, target, ast.Constant("under")))

    def _draw(self, tree, pos, scope):
        check_number(tree.children[0], self.names, pos, scope, "the number to draw")
        count = self._number(tree.children[0], pos, scope, "the number to draw")
        source = self._zone(tree.children[1], pos, scope, "'draw ... from'")
        dest = tree.children[2]
        if dest.data == "to_new_pile":
            raise RuleError.at(pos.shifted(node_column(dest)), "a draw goes to a zone, or to the top or bottom "
                                                               "of one; to start a pile, 'move' the card")
        target = self._zone(dest.children[0], pos, scope, "'draw ... to'")
        end = ast.Constant("top" if dest.data == "to_top" else "bottom")  # drawn cards go under the others
        face_down = self._facing(tree)
        return self._do(method(name("st"), "draw", count, source, target, end, face_down))

    def _draw_parts(self, tree, pos, scope):
        """`f(st, env) -> (count, source, target, where, face_down)` of a draw, for drawing one card at a time."""
        parts = self._draw(tree, pos, scope)[0].value.args  # the arguments of st.draw(...)
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
        if op != "=" or self._declared_number(target, scope):
            check_number(value_tree, self.names, pos, scope, f"'set ... {op}'")
        value = self._expr(value_tree, pos, scope)
        if not isinstance(value, ast.Constant):  # a literal is never a dice roll
            value = call("stored", value)
        if target.data == "target_name":
            return self._set_name(str(target.children[0]), op, value, pos.shifted(node_column(target)), scope)
        attribute = str(target.children[1])
        where = pos.shifted(node_column(target.children[1]))
        names = self.names
        if attribute not in names.player_vars and attribute not in names.card_vars and attribute not in names.zone_vars:
            raise RuleError.at(where, f"'{attribute}' is not a declared player_vars, card_vars or zone_vars name")
        owner = self._expr(target.children[0], pos, scope)
        if op == "=" and attribute not in names.player_vars and attribute not in names.zone_vars:
            return self._do(call("set_card_value", name("st"), owner, ast.Constant(attribute), value,
                                 self.program.constant(where)))
        return self._do(call("set_attribute", name("st"), owner, ast.Constant(attribute), ast.Constant(op), value,
                             self.program.constant(where)))

    def _declared_number(self, target, scope) -> bool:
        """Whether a `set` target is a variable declared with a number (so it must stay one)."""
        if target.data == "target_name":
            local = str(target.children[0])
            return local not in scope and self.names.kinds.get(("var", local)) == NUMBER
        attribute = str(target.children[1])
        declared = {self.names.kinds.get((section, attribute)) for section in ("player_var", "card_var")
                    if attribute in (self.names.player_vars if section == "player_var" else self.names.card_vars)}
        return declared == {NUMBER}

    def _set_name(self, local: str, op: str, value: ast.expr, where, scope):
        place = self.program.constant(where)
        if local in scope:
            if op != "=":
                value = self._combined(op, method(name("env"), "get", ast.Constant(local)), value, place)
            return [ast.Assign([ast.Subscript(name("env"), ast.Constant(local), STORE)], value)]
        if local in self.names.game_vars:
            if op != "=":
                value = self._combined(op, item(field(name("st"), "vars"), ast.Constant(local)), value, place)
            return self._do(method(name("st"), "set_var", ast.Constant(local), value))
        known = set(self.names.game_vars) | set(scope)
        raise RuleError.at(where, f"'{local}' is neither a game variable (vars:) nor a local (let)"
                                  f"{suggest(local, known)}")

    def _combined(self, op: str, old: ast.expr, change: ast.expr, place: ast.expr) -> ast.expr:
        """The new value of `set x += change` (or `-=`); a number written in the rule file is
        added straight to a number, anything else goes through `combine`'s checks."""
        if not (isinstance(change, ast.Constant) and change.value.__class__ is int):
            return call("combine", ast.Constant(op), old, change, place)
        temp = self.program.fresh("t")
        bound = ast.NamedExpr(ast.Name(temp, STORE), old)
        test = ast.Compare(field(bound, "__class__"), [ast.Is()], [name("INT")])
        straight = ast.BinOp(name(temp), ast.Add() if op == "+=" else ast.Sub(), change)
        return ast.IfExp(test, straight, call("combine", ast.Constant(op), name(temp), change, place))

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
            keys.append(ast.Constant(variable))
            check_number(assignment.children[1], self.names, pos, scope, f"the value of '{variable}'")
            values.append(self._number(assignment.children[1], pos, scope, f"the value of '{variable}'"))
        return self._do(method(name("st"), "mark", card, ast.Dict(keys, values)))

    def _log(self, tree, pos, scope):
        text = str(tree.children[0])[1:-1]
        line = ast.Call(field(name("st"), "say"), [self._text(text, self._text_pos(tree, pos), scope)],
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
    @staticmethod
    def _text_pos(tree, pos):
        """Where the text of a `log` or `refuse` statement starts (after its opening quote)."""
        return pos.shifted(node_column(tree.children[0]) + 1)

    def _text(self, text: str, pos, scope) -> ast.expr:
        """The ast of a text written at `pos` whose `{expression}` parts are filled in when it runs."""
        return self.expressions.template(text, pos, Scope(frozenset(scope)))

    def interpolation(self, text, pos, scope):
        """Compile text with `{expression}` parts into `f(st, env) -> str` (prompts, reasons, displays)."""
        pos = getattr(text, "pos", pos).shifted(getattr(text, "offset", 0))
        body = guarded([ast.Return(self._text(str(text), pos, set(scope)))], self.program.constant(pos))
        return self.program.define(self.program.fresh("t"), ["st", "env"], body, pos.line)
