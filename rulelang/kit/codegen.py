"""Compile stage: the one place where rules become Python code — built as `ast` nodes, never text.

No text from a rule file is pasted into Python source. A rule file's names never become Python
names: locals are mangled (`x` -> `v_x`), attribute names appear only as constant dictionary
keys or constant arguments, literals are `ast.Constant`, and any other value the code needs is
put in the program's namespace under a generated name. The generated functions run with no
builtins at all: they can reach only the helpers the compiler placed in the namespace.
"""
from __future__ import annotations

import ast
import contextlib
import itertools
import threading
import types

from .collector import uncollected

LOAD, STORE = ast.Load(), ast.Store()
LITERALS = (int, str, bool, type(None))


class Program:
    """The namespace every compiled function of one ruleset shares, and how functions enter it."""

    def __init__(self, filename: str, helpers: dict, mark: str = ""):
        self.filename = filename
        self.namespace = {"__builtins__": {}, **helpers}
        self.mark = mark  # in the names `fresh` makes, so that a child's names stay apart from its parent's
        self._ids = itertools.count()
        self._symbols: dict = {}
        self.pasteable: dict = {}  # function -> its _Pending code, while blocks are lowered (define_pasteable)
        self.deferred: dict = {}  # name -> the code of each function not compiled yet (define_lazily, define_pasteable)
        self._constants: set = set()  # the names `constant` gave values

    def symbol(self, kind: str, rule_name: str) -> str:
        """The stable Python name of a rule file's function or property (known before it is compiled)."""
        key = (kind, rule_name)
        if key not in self._symbols:
            self._symbols[key] = self.fresh(kind[0])
        return self._symbols[key]

    def fresh(self, prefix: str) -> str:
        """A new Python name no rule file can write (rule names never start with `_`+digit)."""
        return f"_{prefix}{self.mark}{next(self._ids)}"

    def child(self) -> "Program":
        """A program of its own for code compiled later against this one's functions and constants
        (a rule test's expressions): it reads a copy of this namespace, so this one stays as it was."""
        other = Program(self.filename, {}, mark=self.mark + "x")
        other.namespace = dict(self.namespace)  # (a function not compiled yet compiles into this one's)
        other._symbols, other._constants = dict(self._symbols), set(self._constants)
        return other

    def constant(self, value) -> ast.expr:
        """An expression for a value: a literal inline, anything else by a name in the namespace."""
        if isinstance(value, LITERALS):
            return ast.Constant(value)
        key = self.fresh("k")
        self.namespace[key] = value
        self._constants.add(key)
        return ast.Name(key, LOAD)

    def known(self, node: ast.expr):
        """The value an expression made by `constant` stands for (None for any other expression)."""
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name) and node.id in self._constants:
            return self.namespace.get(node.id)
        return None

    def define(self, name: str, params: list, body: list, line: int = 1):
        """A function from ast statements, in the namespace under `name`, compiled when first
        called (from then on it runs its own code): loading a ruleset compiles nothing it does not run."""
        return self.define_lazily(name, params, lambda: body, line)

    def define_lazily(self, name: str, params: list, make_body, line: int = 1):
        """A function whose statements `make_body()` gives when it is first called; then it is
        compiled, and runs its own code from then on (see `define`)."""
        deferred = _Deferred(self, name, params, make_body, line)
        function = types.FunctionType(_compile_then_call.__code__, self.namespace, name)
        function.__kwdefaults__ = {"_deferred": deferred}
        deferred.function = self.namespace[name] = function
        self.deferred[name] = deferred
        return function

    def ready(self, function):
        """`function`, compiled now if it waits for its first call (so that its code can be read)."""
        deferred = self.deferred.get(function.__name__)
        if deferred is not None and deferred.function is function:
            deferred.compile()
        return function

    def compile_all(self) -> None:
        """Compile every function not called yet, as a first call would (tests do, so that a bug in
        the code generator shows in the test run, not in the middle of a game)."""
        for deferred in list(self.deferred.values()):
            deferred.compile()

    def compiled(self, name: str, params: list, body: list, line: int = 1):
        """Compile one function from ast statements now, into the namespace, and return it."""
        arguments = ast.arguments(posonlyargs=[], args=[ast.arg(p) for p in params], vararg=None,
                                  kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[])
        function = ast.FunctionDef(name=name, args=arguments, body=body, decorator_list=[], returns=None)
        module = ast.Module(body=[function], type_ignores=[])
        with _positions(line):
            code = compile(module, self.filename, "exec")
        exec(code, self.namespace)  # noqa: S102 - code built from ast nodes only
        return self.namespace[name]

    def define_pasteable(self, name: str, statements: list, where: ast.expr | None, line: int = 1):
        """A function `f(st, env)` running `statements` guarded at `where` (unguarded when None).

        It is compiled when first called: where generated code runs the statements in place of
        calling it (`pasted`), it is never compiled on its own, and loading a ruleset stays quick.
        """
        pending = _Pending(self, name, statements, where, line)
        function = types.FunctionType(_first_call.__code__, self.namespace, name, (pending,))
        pending.function = function
        self.pasteable[function] = pending
        self.deferred[name] = pending
        return function

    def pasted(self, function) -> list | None:
        """The statements of a `define_pasteable` function, to run where its call stood (with the
        same `st` and `env`); None for any other function."""
        pending = self.pasteable.get(function)
        return None if pending is None else pending.body()

    def pasted_value(self, function) -> tuple | None:
        """(statements, value) to run in place of calling a `define_pasteable` expression function:
        the value is a local the statements set, or the expression itself when it cannot fail."""
        pending = self.pasteable.get(function)
        if pending is None:
            return None
        *before, last = pending.statements  # an expression's function ends with `return value`
        if not isinstance(last, ast.Return):
            return None
        if not before and isinstance(last.value, (ast.Constant, ast.Name)):
            return [], last.value
        local = self.fresh("v")
        return pending.body([*before, ast.Assign([ast.Name(local, STORE)], last.value)]), name(local)


class _Pending:
    """The code of a `define_pasteable` function that has not been compiled yet."""

    def __init__(self, program: Program, name: str, statements: list, where, line: int):
        self.program, self.name, self.statements, self.where, self.line = program, name, statements, where, line
        self.function = None

    def body(self, statements: list | None = None) -> list:
        """The statements (these, or the function's own) with the function's guard around them."""
        statements = self.statements if statements is None else statements
        return guarded(statements, self.where) if self.where is not None else list(statements)

    def compile(self):
        """The function, now compiled: it runs its own code from now on."""
        if self.function.__defaults__ is not None:
            compiled = self.program.compiled(self.name, ["st", "env"], self.body(), self.line)
            self.program.namespace.pop(self.name, None)  # reached only through the function itself
            self.function.__code__ = compiled.__code__
            self.function.__defaults__ = None
            self.program.deferred.pop(self.name, None)
        return self.function


def _first_call(st, env, _pending=None):
    """The code a `define_pasteable` function starts with: compile the function, then run it."""
    return _pending.compile()(st, env)


class _Deferred:
    """A function of `Program.define_lazily` that has not been compiled yet."""

    def __init__(self, program: Program, name: str, params: list, make_body, line: int):
        self.program, self.name, self.params, self.make_body, self.line = program, name, params, make_body, line
        self.function = None

    def compile(self):
        """The function, now compiled: it runs its own code from then on (in every namespace that holds it)."""
        function = self.function
        if function.__kwdefaults__ is not None:
            with uncollected():  # (the body's nodes are many, and kept until compiled)
                compiled = self.program.compiled(self.name, self.params, self.make_body(), self.line)
            function.__code__, function.__kwdefaults__ = compiled.__code__, None
            self.program.namespace[self.name] = function
            self.program.deferred.pop(self.name, None)
        return function


def _compile_then_call(*args, _deferred=None):
    """The code a `define_lazily` function starts with: compile the function, then run it."""
    return _deferred.compile()(*args)


def name(identifier: str) -> ast.Name:
    """A Python name read."""
    return ast.Name(identifier, LOAD)


def call(function: str, *args: ast.expr) -> ast.Call:
    """A call of a helper in the namespace."""
    return ast.Call(name(function), list(args), [])


def method(subject: ast.expr, attribute: str, *args: ast.expr) -> ast.Call:
    """A call of one of the engine's own methods (`st.move(...)`); never a rule file's name."""
    return ast.Call(ast.Attribute(subject, attribute, LOAD), list(args), [])


def field(subject: ast.expr, attribute: str) -> ast.Attribute:
    """One of the engine's own fields (`st.vars`); never a rule file's name."""
    return ast.Attribute(subject, attribute, LOAD)


def item(subject: ast.expr, key: ast.expr) -> ast.Subscript:
    """`subject[key]`."""
    return ast.Subscript(subject, key, LOAD)


def simple(value: ast.expr) -> bool:
    """True for an expression that is free to evaluate twice: a local or a constant lookup."""
    if isinstance(value, (ast.Name, ast.Constant)):
        return True
    return (isinstance(value, ast.Subscript) and isinstance(value.value, ast.Name)
            and isinstance(value.slice, ast.Constant))


def local_read(value: ast.expr) -> bool:
    """True for the read of a local: a Python local, or `env['x']`."""
    return isinstance(value, ast.Name) or (isinstance(value, ast.Subscript) and isinstance(value.value, ast.Name)
                                           and value.value.id == "env")


def guarded(body: list, pos: ast.expr, otherwise: ast.expr | None = None, game_errors: bool = False) -> list:
    """`try: body` turning any error into a positioned GameError (free when nothing fails).

    With `otherwise`, a Python error (not a GameError) returns `otherwise` instead: the call of
    general code that then finds the answer, or the error in rulelang's words; with
    `game_errors`, a GameError does too.
    """
    def handler(kind: str, convert: str) -> ast.ExceptHandler:
        if otherwise is not None and (kind == "EVALUATION_ERRORS" or game_errors):
            return ast.ExceptHandler(name(kind), None, [ast.Return(otherwise)])
        error = ast.Raise(call(convert, name("_err"), pos), ast.Constant(None))
        return ast.ExceptHandler(name(kind), "_err", [error])
    return [ast.Try(body, [handler("GameError", "place"), handler("EVALUATION_ERRORS", "evaluation_error")], [], [])]



POSITIONED = (ast.stmt, ast.expr, ast.excepthandler, ast.arg, ast.keyword)


_COMPILING = threading.Lock()  # functions may compile at their first call, in any thread


@contextlib.contextmanager
def _positions(line: int):
    """While compiling, every generated node stands at the rule's line (compile() wants positions).

    The nodes the compiler builds carry none of their own, so class-level defaults give them
    all at once, instead of walking thousands of nodes; they are removed again at once (one
    compile at a time: the defaults are shared by every thread).
    """
    with _COMPILING:
        for kind in POSITIONED:
            kind.lineno = kind.end_lineno = line
            kind.col_offset = kind.end_col_offset = 0
        try:
            yield
        finally:
            for kind in POSITIONED:
                del kind.lineno, kind.end_lineno, kind.col_offset, kind.end_col_offset
