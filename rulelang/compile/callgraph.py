"""Which rule functions can call themselves (directly, or through other functions or card
properties), and which read `me` (the acting seat).

Only the first pay at run time for counting their depth and calls; the others are bounded by the
work their callers are charged for. The second cannot be called where no seat acts (the trump
suit, a game-wide figure): `validate` says so at the call.
"""
from __future__ import annotations

from ..errors import Position, RuleError
from ..kit.documents import position_of
from ..kit.trees import Token, node_column
from ..language.graphs import on_cycles
from ..language.syntax import parse

SEAT_NAMES = ("me", "opponent")  # the names that read the acting seat


def recursive_functions(functions: dict, props: dict) -> set:
    """Names of the functions (name -> body text) on a cycle of calls; props (name -> text) are followed."""
    edges = {("function", name): _references(text, functions, props) for name, text in functions.items()}
    edges |= {("prop", name): _references(text, functions, props) for name, text in props.items()}
    edges = {node: sorted(targets) for node, targets in edges.items()}
    return {name for kind, name in on_cycles(edges) if kind == "function"}


def seat_readers(functions: dict, props: dict, declares) -> dict:
    """(kind, name) -> the position of the `me` each rule function or card property reads, itself
    or through those it calls (kind "function" or "prop"; absent: it reads none). `declares(name)`
    says whether the file declares a name, which then is no built-in (`opponent`)."""
    bodies = {("function", name): text for name, text in functions.items()}
    bodies |= {("prop", name): text for name, text in props.items()}
    found, edges = {}, {}
    for key, text in bodies.items():
        tree = _parsed(text)
        edges[key] = _references(text, functions, props)
        spot = seat_name(tree, declares) if tree is not None else None
        if spot is not None:
            found[key] = _position(text).shifted(node_column(spot))
    changed = True
    while changed:  # each round passes a reader's position one call further up
        changed = False
        for key, targets in edges.items():
            if key not in found:
                reader = next((found[target] for target in sorted(targets) if target in found), None)
                if reader is not None:
                    found[key], changed = reader, True
    return found


def seat_name(tree, declares):
    """The leftmost `me` (or built-in `opponent`) a parse tree names, or None."""
    named = [node for node in tree.iter_subtrees()
             if node.data == "name" and str(node.children[0]) in SEAT_NAMES and not declares(str(node.children[0]))]
    return min(named, key=node_column, default=None)


def seatless_problems(tree, readers: dict, functions, props, declares) -> list:
    """(node, what) where an expression worked out for no seat reads the acting seat, leftmost
    first: `what` is None for `me` itself, else the ("function" or "prop", name) read there that
    reads it (see `seat_readers`)."""
    out = []
    for node in tree.iter_subtrees():
        if node.data == "name" and str(node.children[0]) in SEAT_NAMES and not declares(str(node.children[0])):
            out.append((node, None))
        elif node.data == "call" and str(node.children[0]) in functions:
            out.append((node, ("function", str(node.children[0]))))
        elif node.data == "attr" and isinstance(node.children[1], Token) and str(node.children[1]) in props:
            out.append((node.children[1], ("prop", str(node.children[1]))))
    return sorted(((node, what) for node, what in out if what is None or what in readers),
                  key=lambda found: node_column(found[0]))


def describe_reader(what: tuple) -> str:
    """A rule function or card property as a message names it: `bid()`, `card property 'power'`."""
    kind, name = what
    return f"{name}()" if kind == "function" else f"card property '{name}'"


def _position(text) -> Position:
    """Where a body's text starts."""
    return position_of(text, Position("<rule>", 0, 0)).shifted(getattr(text, "offset", 0))


def _parsed(text):
    """A body's parse tree, or None when it does not parse (reported when it is compiled)."""
    try:
        return parse(text, "start_expr", _position(text))
    except RuleError:
        return None


def _references(text, functions: dict, props: dict) -> set:
    """The functions a body calls and the properties it reads."""
    tree = _parsed(text)
    if tree is None:
        return set()
    found = set()
    for node in tree.iter_subtrees():
        if node.data == "call" and str(node.children[0]) in functions:
            found.add(("function", str(node.children[0])))
        elif node.data == "attr" and isinstance(node.children[1], Token) and str(node.children[1]) in props:
            found.add(("prop", str(node.children[1])))
    return found
