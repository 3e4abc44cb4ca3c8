"""Compile stage, last step: straight stretches of effects become one Python function each.

A stretch is straight when nothing in it waits: no choice, no check point, no refusal. Such a
stretch runs from start to end without the interpreter (engine/runtime.py) stepping through it
node by node: `if`, `for` and `while` become Python's own, `break` leaves a Python loop, a call
of a straight procedure is a Python call, and `on: moved` triggers whose bodies are straight run
at once after the statement that moved the card, in the order the interpreter would run them.
Anything else keeps its node, and its inner blocks are lowered the same way.
"""
from __future__ import annotations

import ast

import attrs

from ..engine.choices import CHECK_POINT
from ..engine.effects import (
    BREAK,
    Break,
    Call,
    For,
    If,
    Return,
    Statement,
    Straight,
    While,
    acting,
    call_env,
)
from ..engine.events import fire_events
from ..engine.frames import CREDIT, MAX_FRAMES, MAX_LOOP, Frame
from ..kit.codegen import LOAD, STORE, Program, call, field, name
from .localize import BY, ME, env_get, env_sites, localize, parameters

ENV = name("env")


def _run(function, *args: ast.expr) -> ast.stmt:
    return ast.Expr(ast.Call(function, list(args), []))


def _stop_if_over() -> list:
    over = ast.Compare(field(name("st"), "result"), [ast.IsNot()], [ast.Constant(None)])
    return [ast.If(over, [ast.Return(None)], [])]


class Lowering:
    """Turns the blocks of one ruleset into nodes with their straight stretches compiled.

    `fire` says how `on: moved` triggers run: False when there are none, True when all their
    bodies are straight (they run at once), None when some body waits (then a statement that
    moves cards is never part of a straight stretch: the interpreter fires the triggers).
    """

    def __init__(self, program: Program, procedures: dict, event_triggers: tuple):
        self.program = program
        self.procedures = procedures
        self.fire = True if event_triggers else False
        self.straight = self._straight_procedures()
        if self.fire and not all(self._waits_not(t.body) for t in event_triggers):
            self.fire = None
            self.straight = self._straight_procedures()
        self.localized = None  # the straight procedures whose functions take Python locals, once known
        self._unfilled = []  # (call, node, values, who, caller): calls made before `localized` was known
        self._caller = None  # the procedure whose body is being made
        self._define_procedures()

    def _define_procedures(self) -> None:
        """Every straight procedure's function, taking Python locals where it can (compile/localize.py).

        The bodies are made first, their calls' arguments left to fill in: whether a procedure
        takes Python locals is known only once every body has been looked at.
        """
        bodies = {}
        for procedure in sorted(self.straight):
            self._caller = procedure
            bodies[procedure] = self._code(self.procedures[procedure].body, False)
        self._caller = None
        sites = {procedure: env_sites(body) for procedure, body in bodies.items()}
        self.localized = {procedure for procedure, found in sites.items() if found is not None}
        for run, node, values, who, caller in self._unfilled:
            self._fill(run, node, values, who, caller in self.localized)
        for procedure, body in bodies.items():
            self._define_procedure(procedure, body, sites[procedure])

    # ------------------------------------------------------------------ which parts wait
    def _straight_procedures(self) -> set:
        """The procedures whose bodies never wait (calls among them, even in cycles, included)."""
        self.straight = set(self.procedures)
        changed = True
        while changed:
            changed = False
            for procedure in sorted(self.straight):
                if not self._waits_not(self.procedures[procedure].body, whole=True):
                    self.straight.discard(procedure)
                    changed = True
        return self.straight

    def _waits_not(self, nodes: tuple, in_loop: bool = False, whole: bool = False) -> bool:
        return all(self._node_waits_not(node, in_loop, whole) for node in nodes)

    def _node_waits_not(self, node, in_loop: bool | None, whole: bool = False) -> bool:
        """Whether a node never waits; `in_loop` None: a `break` may leave the interpreter's loop;
        `whole`: the code is a whole procedure's function, which a `return` may leave."""
        if isinstance(node, Statement):
            return not node.moves or self.fire is not None
        if isinstance(node, If):
            return self._waits_not(node.then, in_loop, whole) and self._waits_not(node.otherwise, in_loop, whole)
        if isinstance(node, (For, While)):
            return self._waits_not(node.body, True, whole)
        if isinstance(node, Break):
            return in_loop is not False
        if isinstance(node, Return):
            return whole
        if isinstance(node, Call):
            return node.name in self.straight
        return False

    # ------------------------------------------------------------------ blocks
    def block(self, nodes: tuple) -> tuple:
        """A block whose straight stretches are single nodes; other nodes keep their place.

        A `break` in a stretch (outside the stretch's own loops) returns BREAK, and the
        interpreter leaves its loop. An `if` some branch of which waits, right after a stretch,
        ends the stretch's function: it runs a straight branch at once and pushes one that
        waits, as the `if` node would have one step later.
        """
        out, stretch = [], []

        def close(branching: If | None = None):
            if branching is None and len(stretch) == 1 and isinstance(stretch[0], (Statement, Break)):
                out.append(stretch[0])
            elif stretch:
                code = self._code(stretch, None) + (self._branch(branching) if branching is not None else [])
                out.append(Straight(self._define(code, stretch[0].pos), stretch[0].pos))
            stretch.clear()
        for node in nodes:
            if self._node_waits_not(node, None):
                stretch.append(node)
            elif stretch and isinstance(node, If):
                close(node)
            else:
                close()
                out.append(self._inner(node))
        close()
        return tuple(out)

    def _branch(self, node: If) -> list:
        """`if` with branches that may wait: one that does not runs here, one that does gets a frame."""
        def branch(nodes: tuple) -> list:
            if self._waits_not(nodes, None):
                return self._code(nodes, None)
            push = ast.Call(field(field(name("st"), "frames"), "append"),
                            [call("Frame", self.program.constant(self.block(nodes)), ENV)], [])
            return [ast.Expr(push)]
        before, test = self._value(node.cond)
        return before + [ast.If(test, branch(node.then) or [ast.Pass()], branch(node.otherwise))]

    def whole(self, nodes: tuple):
        """One function running the whole block, or None when some part of it waits."""
        if not nodes or not self._waits_not(nodes):
            return None
        return self._define(self._code(nodes, False), nodes[0].pos)

    def _inner(self, node):
        """A node that waits, with its inner blocks lowered."""
        if isinstance(node, If):
            return attrs.evolve(node, then=self.block(node.then), otherwise=self.block(node.otherwise))
        if getattr(node, "body", None) is not None:  # a loop, or any node that holds effects (`repeat` ...)
            return attrs.evolve(node, body=self.block(node.body))
        return node

    def _define(self, body: list, pos):
        return self.program.define(self.program.fresh("b"), ["st", "env"], body + [ast.Return(None)], pos.line)

    def _define_procedure(self, procedure: str, code: list, sites: list | None) -> None:
        """`def q(st, env)`, or `def q(st, l_me, _by, l_a, ...)` when localized (see compile/localize.py):
        a straight procedure's body, its nesting counted and bounded, and its effects credited in
        the log to whom its env names (a quiet game writes no log)."""
        spec = self.procedures[procedure]
        where = self.program.constant(spec.pos)
        too_deep = ast.Compare(field(name("st"), "nesting"), [ast.GtE()], [ast.Constant(MAX_FRAMES)])
        error = call("nest_error", ast.Constant(MAX_FRAMES), ast.Constant(procedure), where)
        nesting, credit = ast.Attribute(name("st"), "nesting", STORE), ast.Attribute(name("st"), "credit", STORE)
        logged = ast.UnaryOp(ast.Not(), field(name("st"), "quiet"))
        if sites is not None:
            localize(sites)
            params = parameters(spec.params)
            credited = ast.IfExp(ast.Compare(name(BY), [ast.IsNot()], [ast.Constant(None)]), name(BY), name(ME))
        else:
            params, credited = ["st", "env"], call("credit_of", ENV)
        enter = [ast.If(too_deep, [ast.Raise(error, None)], []),
                 ast.AugAssign(nesting, ast.Add(), ast.Constant(1)),
                 ast.Assign([ast.Name("_credit", STORE)], field(name("st"), "credit")),
                 ast.If(logged, [ast.Assign([credit], credited)], [])]
        leave = [ast.AugAssign(nesting, ast.Sub(), ast.Constant(1)), ast.Assign([credit], name("_credit"))]
        body = [*enter, ast.Try(code or [ast.Pass()], [], [], leave)]
        self.program.define(self.program.symbol("procedure", procedure), params, body, spec.pos.line)

    # ------------------------------------------------------------------ code of straight nodes
    def _code(self, nodes: tuple, in_loop: bool) -> list:
        return [statement for node in nodes for statement in self._node_code(node, in_loop)]

    def _node_code(self, node, in_loop: bool) -> list:
        if isinstance(node, Statement):
            code = self._statement(node.fn)
            if node.moves and self.fire:
                code.append(ast.If(field(name("st"), "events"), [_run(name("fire_events"), name("st"))]
                                   + _stop_if_over(), []))
            return code + (_stop_if_over() if node.ends else [])
        if isinstance(node, If):
            before, test = self._value(node.cond)
            return before + [ast.If(test, self._code(node.then, in_loop) or [ast.Pass()],
                                    self._code(node.otherwise, in_loop))]
        if isinstance(node, For):
            return self._for(node)
        if isinstance(node, While):
            return self._while(node)
        if isinstance(node, Break):
            return [ast.Break()] if in_loop else [ast.Return(name("BREAK"))]
        if isinstance(node, Return):  # only in a whole procedure's function
            if node.value is None:
                return [ast.Return(None)]
            before, value = self._value(node.value)
            return before + [ast.Return(value)]
        return self._call(node)

    def _statement(self, function) -> list:
        """The code of a statement's function, pasted in place (or called, when it cannot be)."""
        pasted = self.program.pasted(function)
        return pasted if pasted is not None else [_run(self.program.constant(function), name("st"), ENV)]

    def _value(self, function) -> tuple:
        """(code to run first, the expression then giving the value) of an expression's function."""
        pasted = self.program.pasted_value(function)
        if pasted is None:
            return [], ast.Call(self.program.constant(function), [name("st"), ENV], [])
        return pasted

    def _for(self, node: For) -> list:
        before, over = self._value(node.over)
        value = self.program.fresh("t")  # (a list is copied by a slice, with no call)
        items = ast.IfExp(ast.Compare(field(ast.NamedExpr(ast.Name(value, STORE), over), "__class__"), [ast.Is()],
                                      [name("LIST")]),
                          ast.Subscript(name(value), ast.Slice(), LOAD), call("listed", name("st"), name(value)))
        if not node.body:
            return before + [ast.Expr(items)]
        local = self.program.fresh("i")
        bind = ast.Assign([ast.Subscript(ENV, ast.Constant(node.var), STORE)], name(local))
        return before + [ast.For(ast.Name(local, STORE), items, [bind] + self._code(node.body, True), [])]

    def _while(self, node: While) -> list:
        """`while True:` testing the condition first in each round, and counting the rounds."""
        if not node.body:
            return []
        rounds = self.program.fresh("n")
        before, cond = self._value(node.cond)
        error = ast.Raise(call("loop_error", ast.Constant(MAX_LOOP), self.program.constant(node.pos)), None)
        test = before + [ast.If(ast.UnaryOp(ast.Not(), cond), [ast.Break()], [])]
        count = [ast.AugAssign(ast.Name(rounds, STORE), ast.Add(), ast.Constant(1)),
                 ast.If(ast.Compare(name(rounds), [ast.GtE()], [ast.Constant(MAX_LOOP)]), [error], [])]
        loop = ast.While(ast.Constant(True), test + self._code(node.body, True) + count, [])
        return [ast.Assign([ast.Name(rounds, STORE)], ast.Constant(0)), loop]

    def _call(self, node: Call) -> list:
        code, values = [], []
        for arg in node.args:
            before, value = self._value(arg)
            code += before
            values.append(value)
        who = None
        if node.acting is not None:
            before, who = self._value(node.acting)
            code += before
        run = ast.Call(name(self.program.symbol("procedure", node.name)), [], [])
        if self.localized is None:  # a procedure's body, made before it is known which procedures take locals
            self._unfilled.append((run, node, values, who, self._caller))
        else:
            self._fill(run, node, values, who, False)
        if node.into is None:
            return code + [ast.Expr(run)] + _stop_if_over()
        return code + [ast.Assign([ast.Subscript(ENV, ast.Constant(node.into), STORE)], run)] + _stop_if_over()

    def _fill(self, run: ast.Call, node: Call, values: list, who: ast.expr | None, local_caller: bool) -> None:
        """The arguments of a procedure's call: its values with the caller's `me` and credit (changed
        by `as who`; Python locals in a localized caller), as Python arguments to a localized
        procedure, else in an env dict."""
        if local_caller:
            me, credit = name(ME), name(BY)
        else:
            me, credit = env_get("me"), env_get(CREDIT)
        params = self.procedures[node.name].params
        if node.name in self.localized:
            if who is None:  # the common case: the caller's `me` and credit carry over
                run.args = [name("st"), me, credit, *values]
            else:
                run.args = [name("st"), ast.Starred(call("acting", who, me, credit, self.program.constant(node.pos)),
                                                    LOAD), *values]
        elif who is None:
            run.args = [name("st"), ast.Dict([ast.Constant(p) for p in (*params, "me", CREDIT)], [*values, me, credit])]
        else:
            run.args = [name("st"), call("call_env", self.program.constant(params), ast.List(values, LOAD), me,
                                         credit, who, self.program.constant(node.pos))]


def settled(moves: dict) -> dict:
    """Each move with its body followed by the check point after a move (`Move.settled`)."""
    return {name: attrs.evolve(move, settled=move.body + (CHECK_POINT,)) for name, move in moves.items()}


def lower_game(game, program: Program):
    """The game with every block lowered (see the module docstring)."""
    lowering = Lowering(program, game.procedures, game.event_triggers)
    program.namespace.update(fire_events=fire_events, call_env=call_env, acting=acting, Frame=Frame)
    program.namespace["BREAK"] = BREAK
    block = lowering.block
    event_triggers = tuple(attrs.evolve(t, body=block(t.body), run_now=lowering.whole(t.body) if lowering.fire else None)
                           for t in game.event_triggers)
    rounds = game.rounds
    if rounds is not None:
        rounds = attrs.evolve(rounds, setup=block(rounds.setup), after=block(rounds.after))
    lowered = attrs.evolve(
        game,
        events_at_once=bool(lowering.fire),
        setup=block(game.setup),
        turn=attrs.evolve(game.turn, body=block(game.turn.body), after=block(game.turn.after)),
        rounds=rounds,
        moves=settled({k: attrs.evolve(m, body=block(m.body)) for k, m in game.moves.items()}),
        # a straight procedure runs only as its own function (every call of it is straight too)
        procedures={k: p if k in lowering.straight else attrs.evolve(p, body=block(p.body))
                    for k, p in game.procedures.items()},
        triggers=tuple(attrs.evolve(t, body=block(t.body)) for t in game.triggers),
        event_triggers=event_triggers,
    )
    program.pasteable.clear()  # every block is compiled: the statements kept for pasting are no longer needed
    return lowered
