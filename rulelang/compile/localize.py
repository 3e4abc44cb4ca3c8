"""Compile stage: a straight procedure's rule locals become Python locals.

Generated code reads a rule's locals from `env`, the dict the interpreter keeps per frame
(`env['c']`, `env.get('me')`, or `env['me'] if 'me' in env else None`: the same with no call). A
straight procedure never runs in the interpreter, so its function may keep them as Python locals
instead: `def p(st, l_me, _by, l_c, l_side)`, called with its arguments, not with a dict made for
each call. A body that uses `env` in any other way keeps it (see `env_sites`).
"""
from __future__ import annotations

import ast

from ..engine.frames import CREDIT

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


def env_get(key: str) -> ast.IfExp:
    """`env['k'] if 'k' in env else None`: `env.get('k')` with no call (a local that may be unset)."""
    env = ast.Name("env", ast.Load())
    return ast.IfExp(ast.Compare(ast.Constant(key), [ast.In()], [env]),
                     ast.Subscript(env, ast.Constant(key), ast.Load()), ast.Constant(None))


def _env_key(node) -> str | None:
    """The key of `env['k']`, `env.get('k')` or `env_get('k')` (a constant text), else None."""
    if isinstance(node, ast.IfExp):  # (as env_get makes it: the local, or None where it is unset)
        key = _env_key(node.body)
        plain = key is not None and key == _in_env(node.test) and isinstance(node.orelse, ast.Constant)
        return key if plain and node.orelse.value is None else None
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


def _in_env(test) -> str | None:
    """The key of a test `'k' in env`, else None."""
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.In) \
            and isinstance(test.left, ast.Constant) and isinstance(test.comparators[0], ast.Name) \
            and test.comparators[0].id == "env":
        return test.left.value
    return None


def env_sites(body: list) -> list | None:
    """Where `body` reads or writes a rule local, as (node, field, index, read) with `read` the
    `env['k']` or `env.get('k')` at `getattr(node, field)[index]` (index None: the field itself);
    None when `env` appears there in any other way or with a key that has no Python local."""
    sites, pending = [], list(body)
    while pending:
        node = pending.pop()
        for field in node._fields:
            value = getattr(node, field, None)
            children = enumerate(value) if value.__class__ is list else ((None, value),)
            for index, child in children:
                kind = child.__class__
                if kind is ast.Subscript or kind is ast.Call or kind is ast.IfExp:
                    key = _env_key(child)
                    if key is not None:
                        if local_name(key) is None:
                            return None
                        sites.append((node, field, index, child))
                        continue
                elif kind is ast.Name:
                    if child.id == "env":
                        return None
                    continue
                if isinstance(child, ast.AST) and not isinstance(child, LEAVES):
                    pending.append(child)
    return sites


LEAVES = (ast.Constant, ast.expr_context, ast.operator, ast.boolop, ast.cmpop, ast.unaryop)  # nothing under them


def localize(sites: list) -> None:
    """Read and write the rule locals at `sites` (see `env_sites`) from Python locals instead.

    A local read before it was set (`x` after a `for: x in` that had no items) raises
    UnboundLocalError, which the generated code words as `env`'s KeyError was (see ops.evaluation_error).
    """
    for node, field, index, read in sites:
        local = ast.Name(local_name(_env_key(read)), read.ctx if read.__class__ is ast.Subscript else ast.Load())
        if index is None:
            setattr(node, field, local)
        else:
            getattr(node, field)[index] = local
