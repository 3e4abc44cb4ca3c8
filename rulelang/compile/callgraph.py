"""Which rule functions can call themselves (directly, or through other functions or card properties).

Only those pay at run time for counting their depth and calls; the others are bounded by the
work their callers are charged for.
"""
from __future__ import annotations

from lark import Token

from ..errors import Position, RuleError
from ..language.loader import position_of
from ..language.syntax import parse


def recursive_functions(functions: dict, props: dict) -> set:
    """Names of the functions (name -> body text) on a cycle of calls; props (name -> text) are followed."""
    edges = {("function", name): _references(text, functions, props) for name, text in functions.items()}
    edges |= {("prop", name): _references(text, functions, props) for name, text in props.items()}
    return {name for kind, name in _on_cycles(edges) if kind == "function"}


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


def _on_cycles(edges: dict) -> set:
    """The nodes that can reach themselves (Tarjan's strongly connected components, iteratively)."""
    index, low, on_stack, stack, cyclic = {}, {}, set(), [], set()
    counter = 0
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in edges:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in edges.get(node, ()):
                    cyclic.update(component)
    return cyclic
