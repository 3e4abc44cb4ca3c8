"""Why a rule test's expectation failed: the value of each part, and where its named cards lie.

For `count(P1.hand) >= 3` the explanation shows `count(P1.hand) = 2`; for
`card('QS') in P2.hand` it shows both sides and `QS: in P1.hand, 1st from the top, face up`.
"""
from __future__ import annotations

import re

from ..engine.values import Player, RowRef, ZoneRef, pretty
from ..errors import GameError
from ..kit.trees import Tree
from ..language.syntax import parse

PARTED = ("compare", "in_", "not_in")  # the trees whose operands are worth showing
LITERALS = ("number", "string", "true", "false", "none")  # parts whose value is what they say
QUANTIFIERS = ("all", "any")  # a false one is explained by its items
CARD_CALL = re.compile(r"""\bcard\(\s*(['"])(.+?)\1\s*\)""")


def explain(text: str, st, compiler, pos, env: dict) -> list[str]:
    """Lines that show what the parts of a false expression were, and where its cards are."""
    flat = " ".join(line.strip() for line in str(text).strip().splitlines())
    lines: list = []
    _parts(parse(flat, "start_expr", pos), flat, st, compiler, pos, env, lines)
    for name in dict.fromkeys(m.group(2) for m in CARD_CALL.finditer(flat)):
        card = st.game.card_by_name.get(name)
        if card is not None:
            lines.append(f"{name}: {where_is(st, card)}")
    return lines


def _parts(tree, flat: str, st, compiler, pos, env: dict, lines: list) -> None:
    """The value of each operand of the comparisons in `tree`, and why an `all` or `any` in it
    is false: the first item for which `all`'s condition fails (and that condition's parts for
    it), or the items none of which meets `any`'s."""
    def value(part, scope: dict) -> str:
        try:
            return describe_value(st, compiler.compile_tree(part, pos, frozenset(scope))(st, {**env, **scope}))
        except GameError as err:
            return f"(error: {err})"
    for part in _operands(tree):
        lines.append(f"{_source(flat, part)} = {value(part, env_locals(env))}")
    for call in _quantifiers(tree):
        keyword, (binding, body) = str(call.children[0]), call.children[1].children
        name, collection = str(binding.children[0].children[0]), binding.children[1]
        try:
            items = st.items(compiler.compile_tree(collection, pos, frozenset(env_locals(env)))(st, env))
        except GameError as err:
            lines.append(f"{_source(flat, collection)} = (error: {err})")
            continue
        if keyword == "any":
            lines.append(f"{_source(flat, collection)} = {describe_value(st, items)}: none of them meets "
                         f"{_source(flat, body)}")
            continue
        for item in items:
            inner = {**env, name: item}
            try:
                held = compiler.compile_tree(body, pos, frozenset(env_locals(inner)))(st, inner)
            except GameError as err:
                lines.append(f"{name} = {describe_value(st, item)}: {_source(flat, body)} fails: {err}")
                break
            if not held:
                lines.append(f"{name} = {describe_value(st, item)}: {_source(flat, body)} is false")
                _parts(body, flat, st, compiler, pos, inner, lines)
                break


def env_locals(env: dict) -> dict:
    """The names an expression's env binds besides `me` (the items of `all`/`any` being explained)."""
    return {key: value for key, value in env.items() if key != "me"}


def _source(flat: str, tree) -> str:
    """The text a part of the expression was written as."""
    return flat[tree.meta.start_pos:tree.meta.end_pos]


def _operands(tree) -> list:
    """The operands of each comparison in the expression, beside `and`, `or` and `not`."""
    if not isinstance(tree, Tree):
        return []
    if tree.data in PARTED:
        return [child for child in tree.children if isinstance(child, Tree) and child.data not in LITERALS]
    if tree.data in ("and_", "or_", "not_"):
        return [part for child in tree.children for part in _operands(child)]
    return []


def _quantifiers(tree) -> list:
    """The calls `all(x in c | ...)` and `any(x in c | ...)` in the expression, beside `and`, `or` and `not`."""
    if not isinstance(tree, Tree):
        return []
    if (tree.data == "call" and str(tree.children[0]) in QUANTIFIERS and len(tree.children) == 2
            and isinstance(tree.children[1], Tree) and tree.children[1].data == "lambda_arg"
            and tree.children[1].children[0].data == "in_"
            and tree.children[1].children[0].children[0].data == "name"):
        return [tree]
    if tree.data in ("and_", "or_", "not_"):
        return [part for child in tree.children for part in _quantifiers(child)]
    return []


def describe_value(st, value) -> str:
    """A value as a test's reader wants it: a zone with its cards, top first."""
    if isinstance(value, (ZoneRef, RowRef)):
        return f"{value!r} [{', '.join(repr(c) for c in st.items(value))}]"
    if isinstance(value, list):
        return f"[{', '.join(describe_value(st, v) for v in value)}]"
    if isinstance(value, Player):
        return value.name
    return repr(value) if hasattr(value, "pretty") else pretty(value)


def where_is(st, card) -> str:
    """Where a card lies: its zone, its place from the top and its face, or the card it lies under."""
    place = st.loc.get(card.id)
    face = "face down" if card.id in st.down else "face up"
    if place is None:
        return "not in the game"
    if place[0] == "u":
        return f"under {place[1]!r}, {face}"
    ref = place[1]
    index = st.zones[ref].index(card)
    return f"in {st.zone_label(ref)}, {_ordinal(index + 1)} from the top of {len(st.zones[ref])}, {face}"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
