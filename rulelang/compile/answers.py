"""Rule functions whose answers are kept for the state they were found in: found once per state, not once per mention.

A rule function that loops (over players, a hand ...) and uses no chance gives the same answer
for the same arguments as long as the state does not change (and `me`, if it reads `me`).
Every change to a state takes a fresh event number (`GameState.version`, from a counter its
clones share, so a number never stands for two different states): its answer is kept in the
state's `answers` with that number, and given again while the number is the same. `stake()`
asked by five move conditions, a bidding's `skip` and its `high` in one decision is worked out
once.

Kept one answer per function: the latest. Given only while no remembered check is running
(`st.reads` is set while one runs: it must note every zone the function reads, so the function
runs), and not in a debug game (its `answers` keep nothing: every answer is worked out afresh).
"""
from __future__ import annotations

import ast

from ..kit.codegen import STORE, field, item, name

ANSWER = "_answer"  # the local holding a function's answer, to keep
FOUND = "_found"  # the local holding the answer kept, if any


def kept_functions(dependencies, declared: dict, recursive) -> dict:
    """The rule functions whose answers are kept per state: name -> whether the answer depends on `me`.

    A function is kept when it takes no arguments (one with arguments is mostly asked of other
    arguments each time: Hearts' `playable(c)` of each card), loops (worth keeping: anything
    cheaper costs about what looking its answer up costs), uses no chance and does not call itself.
    """
    out = {}
    for rule_name, (params, _, _) in declared.items():
        key = ("function", rule_name)
        if not params and rule_name not in recursive and key in dependencies.looping \
                and dependencies.known.get(key) is not None:
            out[rule_name] = key in dependencies.reading_me
    return out


def keeping(symbol: str, reads_me: bool, body: list) -> list:
    """The statements of a function of no arguments that gives its kept answer when the state has
    not changed since it was found, else runs `body` (ending in a `try` whose body returns the
    answer) and keeps the answer."""
    *before, attempt = body
    (returned,) = attempt.body
    answers, version = field(name("st"), "answers"), field(name("st"), "version")
    same = [ast.Compare(item(name(FOUND), ast.Constant(0)), [ast.Eq()], [version])]
    if reads_me:
        same.append(ast.Compare(item(name(FOUND), ast.Constant(1)), [ast.Is()], [name("me")]))
    look = [ast.Assign([ast.Name(FOUND, STORE)], item(answers, ast.Constant(symbol))),
            ast.If(ast.BoolOp(ast.And(), same) if len(same) > 1 else same[0],
                   [ast.Return(item(name(FOUND), ast.Constant(2)))], [])]
    quiet = ast.Compare(field(name("st"), "reads"), [ast.Is()], [ast.Constant(None)])
    attempt.body = [ast.Assign([ast.Name(ANSWER, STORE)], returned.value)]
    store = ast.Assign([ast.Subscript(answers, ast.Constant(symbol), STORE)],
                       ast.Tuple([version, name("me"), name(ANSWER)], ast.Load()))
    return [ast.If(quiet, look, []), *before, attempt, store, ast.Return(name(ANSWER))]


def looked_up(symbol: str, reads_me: bool, me: ast.expr, calling: ast.expr, temporary: str) -> ast.expr:
    """A call of a kept function that first looks its answer up where it stands (no call at all
    when it is kept for this state: `st.answers` gives STALE for a function not kept yet, see
    engine/memo.py), in the local `temporary`: Python must allow `:=` there."""
    found = ast.NamedExpr(ast.Name(temporary, STORE), item(field(name("st"), "answers"), ast.Constant(symbol)))
    same = [ast.Compare(item(found, ast.Constant(0)), [ast.Eq()], [field(name("st"), "version")]),
            ast.Compare(field(name("st"), "reads"), [ast.Is()], [ast.Constant(None)])]
    if reads_me:
        same.append(ast.Compare(item(name(temporary), ast.Constant(1)), [ast.Is()], [me]))
    return ast.IfExp(ast.BoolOp(ast.And(), same), item(name(temporary), ast.Constant(2)), calling)
