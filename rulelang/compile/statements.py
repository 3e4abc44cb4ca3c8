"""Compile one-line effect statements (`move x to discard`, `set p.score += 1` ...) to effect nodes.

The statements themselves are the catalogue's (`constructs/statements.py`); this driver parses
a statement, finds its construct by the parse tree's name, and gives the construct what it
needs: its expressions compiled in the right scope, checked zones and numbers, texts with
`{expressions}`. A plain statement becomes one generated function `f(st, env)` (see
`codegen.py`) whose every failure is a GameError at the statement's position.
"""
from __future__ import annotations

import ast
import re

from ..constructs.catalogue import BLOCKS, STATEMENTS
from ..engine.effects import Statement
from ..engine.values import ZoneRef
from ..errors import RuleError
from ..kit.codegen import LOAD, call, guarded
from ..kit.names import suggest
from ..kit.trees import Token, Tree, node_column
from ..language.kinds import check_kinds, check_number, check_players
from ..language.syntax import parse
from .expressions import ExpressionCompiler, Scope

BY_FORM = {form: statement for statement in STATEMENTS.values() for form in statement.forms}  # parse tree -> statement
FIRST_WORD = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)")
BLOCK_WRITTEN_AS_TEXT = re.compile(rf"\s*({'|'.join(sorted(BLOCKS, key=len, reverse=True))})\b\s*(:?)")


def check_keyword(text: str, pos) -> None:
    """Raise RuleError when a statement does not begin with a statement's keyword: a block written
    as text (`"choose move: [take]"`), or a misspelt keyword (`mvoe pot to me.bank`)."""
    found = FIRST_WORD.match(text)
    if found is None or found.group(1) in STATEMENTS:
        return
    block = BLOCK_WRITTEN_AS_TEXT.match(text)
    if block is not None:
        keyword = block.group(1)
        mapping = text.strip() if block.group(2) else f"{keyword}: ..."
        raise RuleError.at(pos.shifted(block.start(1)), f"'{keyword}' is a block: write it as a mapping, "
                                                         f"'- {mapping}', not as text")
    word = found.group(1)
    near = suggest(word, STATEMENTS) or f"; a statement begins with one of: {', '.join(STATEMENTS)}"
    raise RuleError.at(pos.shifted(found.start(1)), f"unknown statement '{word}'{near}")


class StatementCompiler:
    """Turns a statement's parse tree into an effect node, asking its construct how."""

    def __init__(self, expressions: ExpressionCompiler):
        self.expressions = expressions
        self.names = expressions.names
        self.program = expressions.program
        self.refusals = False  # whether a `refuse` was compiled
        self.procedure: str | None = None  # the procedure being compiled (where `return` may stand)

    def compile(self, text, pos, scope: set):
        """Compile a statement into an effect node; names it binds (`let`) join `scope`."""
        pos = getattr(text, "pos", pos).shifted(getattr(text, "offset", 0))
        if isinstance(text, str):
            check_keyword(text, pos)
        return self.compile_tree(parse(text, "start_statement", pos), pos, scope)

    def compile_keyed(self, keyword: str, value, pos, scope: set):
        """Compile the mapping form of a statement, `- log: "text"` for `log "text"`: the value is
        the rest of the statement (for `log` and `refuse`, the text itself, so it needs no quotes)."""
        value_pos = getattr(value, "pos", pos).shifted(getattr(value, "offset", 0))
        if STATEMENTS[keyword].text_value:
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
        statement = BY_FORM[tree.data]
        node = statement.node(self, tree, pos, scope)
        scope.update(statement.bound(tree))
        return node

    # ------------------------------------------------------------------ what a statement asks for
    def plain(self, statement, tree, pos, scope) -> Statement:
        """The node of a statement run as one generated function of its code."""
        body = statement.code(self, tree, pos, scope)
        fn = self.program.define_pasteable(self.program.fresh("s"), body, self.program.constant(pos), pos.line)
        return Statement(fn, pos, moves=statement.moves_cards, ends=statement.ends_game)

    def parts(self, statement, tree, pos, scope):
        """`f(st, env) -> tuple` of a statement's parts (a draw's count, source, target ...)."""
        body = guarded([ast.Return(ast.Tuple(statement.parts(self, tree, pos, scope), LOAD))],
                       self.program.constant(pos))
        return self.program.define(self.program.fresh("d"), ["st", "env"], body, pos.line)

    def function(self, tree, pos, scope):
        """An expression of a statement as a function `f(st, env)` of its own."""
        return self.expressions.compile_tree(tree, pos, frozenset(scope))

    def check_kinds(self, tree, pos, scope) -> None:
        """Raise RuleError at the first kind mix-up in an expression of the statement."""
        check_kinds(tree, self.names, pos, scope)

    def check_players(self, tree, pos, scope, what: str) -> None:
        """Raise RuleError when an expression that must name players surely names none."""
        check_players(tree, self.names, pos, scope, what)

    def check_number(self, tree, pos, scope, what: str) -> None:
        """Raise RuleError when an expression that must give a number may give text."""
        check_number(tree, self.names, pos, scope, what)

    def expr(self, tree, pos, scope) -> ast.expr:
        """The code of an expression of the statement, its kinds checked."""
        check_kinds(tree, self.names, pos, scope)
        return self.expressions.expression(tree, pos, Scope(frozenset(scope)))

    def zone(self, tree, pos, scope, what: str) -> ast.expr:
        """The code of an expression that must give a zone (checked as it runs, unless it surely is one)."""
        value = self.expr(tree, pos, scope)
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

    def number(self, tree, pos, scope, what: str) -> ast.expr:
        """A value that must be a whole number: checked at run time unless it is written as one."""
        value = self.expr(tree, pos, scope)
        if isinstance(value, ast.Constant) and value.value.__class__ is int:
            return value
        where = self.program.constant(pos.shifted(node_column(tree)))
        return call("number", value, ast.Constant(what), where)

    def text(self, text: str, pos, scope) -> ast.expr:
        """The code of a text written at `pos` whose `{expression}` parts are filled in when it runs."""
        return self.expressions.template(text, pos, Scope(frozenset(scope)))

    def interpolation(self, text, pos, scope):
        """Compile text with `{expression}` parts into `f(st, env) -> str` (prompts, reasons, displays)."""
        pos = getattr(text, "pos", pos).shifted(getattr(text, "offset", 0))
        body = guarded([ast.Return(self.text(str(text), pos, set(scope)))], self.program.constant(pos))
        return self.program.define(self.program.fresh("t"), ["st", "env"], body, pos.line)
