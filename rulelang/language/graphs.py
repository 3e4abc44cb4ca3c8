"""Strongly connected components of a directed graph (Tarjan's algorithm, without recursion).

Rule files are untrusted: a chain of thousands of procedures or triggers must not reach
Python's recursion limit, and each node and edge is looked at once.
"""
from __future__ import annotations


def components(edges: dict) -> list:
    """The strongly connected components of `edges` (node -> iterable of nodes), as lists.

    A component comes after every component it reaches (reverse topological order), so that
    what a node reaches can be gathered in one pass. Nodes that only appear as targets count.
    """
    index: dict = {}
    low: dict = {}
    stack: list = []
    on_stack: set = set()
    found: list = []
    for root in list(edges):
        if root in index:
            continue
        work = [(root, iter(edges.get(root, ())))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges.get(child, ()))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    found.append(component[::-1])
    return found


def on_cycles(edges: dict) -> set:
    """The nodes that can reach themselves."""
    cyclic = set()
    for component in components(edges):
        if len(component) > 1 or component[0] in edges.get(component[0], ()):
            cyclic.update(component)
    return cyclic
