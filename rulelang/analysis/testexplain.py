"""Why a rule test's expectation failed: the value of each part, and where its named cards lie.

For `count(P1.hand) >= 3` the explanation shows `count(P1.hand) = 2`; for
`card('QS') in P2.hand` it shows both sides and `QS: in P1.hand, 1st from the top, face up`.
"""
from __future__ import annotations

import re

from ..engine.values import Player, RowRef, ZoneRef, pretty
from ..errors import GameError
from ..language.syntax import parse
from ..language.trees import Tree

PARTED = ("compare", "in_", "not_in")  # the trees whose operands are worth showing
LITERALS = ("number", "string", "true", "false", "none")  # parts whose value is what they say
CARD_CALL = re.compile(r"""\bcard\(\s*(['"])(.+?)\1\s*\)""")


def explain(text: str, st, compiler, pos, env: dict) -> list[str]:
    """Lines that show what the parts of a false expression were, and where its cards are."""
    flat = " ".join(line.strip() for line in str(text).strip().splitlines())
    lines = []
    for part in _operands(parse(flat, "start_expr", pos)):
        source = flat[part.meta.start_pos:part.meta.end_pos]
        try:
            value = compiler.compile_tree(part, pos, frozenset())(st, env)
            shown = describe_value(st, value)
        except GameError as err:
            shown = f"(error: {err})"
        lines.append(f"{source} = {shown}")
    for name in dict.fromkeys(m.group(2) for m in CARD_CALL.finditer(flat)):
        card = st.game.card_by_name.get(name)
        if card is not None:
            lines.append(f"{name}: {where_is(st, card)}")
    return lines


def _operands(tree) -> list:
    """The operands of each comparison in the expression, beside `and`, `or` and `not`."""
    if not isinstance(tree, Tree):
        return []
    if tree.data in PARTED:
        return [child for child in tree.children if isinstance(child, Tree) and child.data not in LITERALS]
    if tree.data in ("and_", "or_", "not_"):
        return [part for child in tree.children for part in _operands(child)]
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
