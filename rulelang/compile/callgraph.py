"""Which rule functions can call themselves (directly, or through other functions or card properties).

Only those pay at run time for counting their depth and calls; the others are bounded by the
work their callers are charged for.
"""
from __future__ import annotations

from ..errors import Position, RuleError
from ..language.documents import position_of
from ..language.graphs import on_cycles
from ..language.syntax import parse
from ..language.trees import Token


def recursive_functions(functions: dict, props: dict) -> set:
    """Names of the functions (name -> body text) on a cycle of calls; props (name -> text) are followed."""
    edges = {("function", name): _references(text, functions, props) for name, text in functions.items()}
    edges |= {("prop", name): _references(text, functions, props) for name, text in props.items()}
    edges = {node: sorted(targets) for node, targets in edges.items()}
    return {name for kind, name in on_cycles(edges) if kind == "function"}


def _references(text, functions: dict, props: dict) -> set:
    """The functions a body calls and the properties it reads."""
    try:
        tree = parse(text, "start_expr", position_of(text, Position("<rule>", 0, 0)))
    except RuleError:
        return set()  # reported when the body is compiled
    found = set()
    for node in tree.iter_subtrees():
        if node.data == "call" and str(node.children[0]) in functions:
            found.add(("function", str(node.children[0])))
        elif node.data == "attr" and isinstance(node.children[1], Token) and str(node.children[1]) in props:
            found.add(("prop", str(node.children[1])))
    return found
