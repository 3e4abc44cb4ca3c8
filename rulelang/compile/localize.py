"""Compile stage: a straight procedure's rule locals become Python locals.

Generated code reads a rule's locals from `env`, the dict the interpreter keeps per frame
(`env['c']`, `env.get('me')`). A straight procedure never runs in the interpreter, so its
function may keep them as Python locals instead: `def p(st, l_me, _by, l_c, l_side)`, called
with its arguments, not with a dict made for each call. A body that uses `env` in any other way
keeps it (see `localizable`).
"""
from __future__ import annotations

import ast

from ..engine.effects import CREDIT

ME, BY = "l_me", "_by"  # the Python locals of `me` and of whom the log credits (CREDIT)
LOCAL_PREFIX = "l_"  # rule local `x` is Python local `l_x` (generated names start with `_` or `v_`)


def local_name(key: str) -> str | None:
    """The Python local standing for env key `key`, or None when it has none."""
    if key == CREDIT:
        return BY
    return LOCAL_PREFIX + key if key.isidentifier() and key.isascii() else None


def parameters(params: tuple) -> list:
    """A localized procedure's Python parameters: `st`, `me`, the credit, then its own."""
    return ["st", ME, BY, *(LOCAL_PREFIX + p for p in params)]


def _env_key(node) -> str | None:
    """The key of `env['k']` or `env.get('k')` (a constant text), else None."""
    if isinstance(node, ast.Subscript):
        target, key = node.value, node.slice
    elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
          and len(node.args) == 1 and not node.keywords):
        target, key = node.func.value, node.args[0]
    else:
        return None
    if isinstance(target, ast.Name) and target.id == "env" and isinstance(key, ast.Constant) \
            and isinstance(key.value, str):
        return key.value
    return None


def localizable(body: list) -> bool:
    """Whether `env` appears in `body` only as `env['k']` or `env.get('k')` with keys that
    have Python locals (then `localize` can take `env` away)."""
    stack = list(body)
    while stack:
        node = stack.pop()
        key = _env_key(node)
        if key is not None:
            if local_name(key) is None:
                return False
            continue
        if isinstance(node, ast.Name) and node.id == "env":
            return False
        stack.extend(ast.iter_child_nodes(node))
    return True


class _Localizer(ast.NodeTransformer):
    def visit_Subscript(self, node):
        key = _env_key(node)
        return ast.Name(local_name(key), node.ctx) if key is not None else self.generic_visit(node)

    def visit_Call(self, node):
        key = _env_key(node)
        return ast.Name(local_name(key), ast.Load()) if key is not None else self.generic_visit(node)


def localize(body: list) -> list:
    """`body` (changed in place) with every `env['k']` and `env.get('k')` read from Python locals.

    A local read before it was set (`x` after a `for: x in` that had no items) raises
    UnboundLocalError, which the generated code words as `env`'s KeyError was (see ops.evaluation_error).
    """
    localizer = _Localizer()
    return [localizer.visit(statement) for statement in body]
