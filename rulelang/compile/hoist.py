"""Parts of a pure expression worked out once per evaluation, not once per mention or per item of a loop.

A condition like Hearts' `playable(it)`, asked of every card of a hand, holds parts that read
no card of the loop (`first_trick()`, `any(d in me.hand | follows(d, trick))`): written in
place, they would be worked out again for every card, and a small function written in place
twice in one expression twice. In the short code of a pure expression (see
`ExpressionCompiler._define_pure`), each part that calls something or loops, reads no variable
of a loop around it and either stands in a loop or is written more than once, is worked out
where it is first needed and kept for the rest of that evaluation:

    (_h1 if _h1 is not UNSET else (_h1 := <part>))     # with `_h1 = UNSET` before the expression

Where it is first needed: the parts are worked out in the same order as before and only if
they were before, so an error (or the general code it sends the expression to) comes from the
same part; the expression is pure (no chance, no change to the state), so a part's later
mentions would only have given the same value again. Python allows no `:=` in a loop's
iterable, so parts there are left as they are.
"""
from __future__ import annotations

import ast
import re
from collections import Counter

from ..errors import Position
from ..kit.codegen import STORE, name

TEMPORARY = re.compile(r"_t\w*\d+$")  # a temporary that generated code binds with `:=` (see names.py)
LOOPS = (ast.ListComp, ast.GeneratorExp)
LEAVES = (ast.Name, ast.Constant, ast.expr_context, ast.boolop, ast.operator, ast.unaryop, ast.cmpop)


def hoisted(value: ast.expr, program) -> tuple:
    """(value with its repeated or loop-invariant parts kept once, the statements that must run
    before it each time it is evaluated), in the code of `program` (its names and constants)."""
    survey = _Survey(value)
    if not survey.loops and survey.calls < 2:
        return value, []  # (no loop, and nothing costly twice: nothing to keep)
    facts = _Facts(program, survey, value)
    kept: dict = {}  # a part's key -> the name keeping it
    value = _Hoister(kept, program.fresh, facts).visit(value)
    return value, [ast.Assign([ast.Name(local, STORE)], name("UNSET")) for local in kept.values()]


class _Survey:
    """One walk over an expression: its calls and loops, how often each name is read or bound,
    and what each temporary is bound to."""

    def __init__(self, value: ast.expr):
        self.calls = self.loops = 0
        self.uses, self.bound_to = Counter(), {}
        stack = [value]
        while stack:
            node = stack.pop()
            kind = node.__class__
            if kind is ast.Name:
                self.uses[node.id] += 1
                continue
            if kind is ast.Call:
                self.calls += 1
            elif kind is ast.ListComp or kind is ast.GeneratorExp:
                self.loops += 1
            elif kind is ast.NamedExpr and TEMPORARY.match(node.target.id):
                self.bound_to[node.target.id] = node.value
            for field in node._fields:
                child = getattr(node, field, None)
                if child.__class__ is list:
                    stack.extend(item for item in child if isinstance(item, ast.AST))
                elif isinstance(child, ast.AST) and not isinstance(child, LEAVES[1:]):
                    stack.append(child)


class _Facts:
    """What each part of one expression is (its key), whether it calls or loops, and the loop
    variables and temporaries it reads and binds; found in one walk.

    Two copies of a part have the same key: each temporary stands for the key of what it is bound
    to, each constant for its value; a position (where an error is said) is left out: the copy
    asked first would fail first, at its own position. A key is a small number standing for the
    part's shape (its kind and its children's keys): a shape written out as nested tuples would be
    hashed again, whole, at every level above it.
    """

    def __init__(self, program, survey: _Survey, value: ast.expr):
        self.program, self.bound_to, self.uses = program, survey.bound_to, survey.uses
        self.found: dict = {}  # id(node) -> (key, costly, names read, names bound)
        self.keys: dict = {}  # a part's shape -> its key
        self.counts = Counter()  # key -> copies, of costly parts
        self.of(value)

    def _key(self, shape: tuple) -> int:
        """The key of a shape: the same for equal shapes, and for no other."""
        return self.keys.setdefault(shape, len(self.keys))

    def of(self, node) -> tuple:
        """(key, whether it calls or loops, the names it reads, the names it binds) of a part."""
        found = self.found.get(id(node))
        if found is not None:
            return found
        kind = node.__class__
        if kind is ast.Name:
            found = (self._name_key(node), False, *((frozenset(), frozenset((node.id,)))
                                                    if node.ctx.__class__ is ast.Store else
                                                    (frozenset((node.id,)), frozenset())))
        elif kind is ast.Constant:
            found = (self._key(("literal", repr(node.value))), False, frozenset(), frozenset())
        else:
            costly = kind is ast.Call or kind in LOOPS
            read, bound, parts = set(), set(), [kind.__name__]
            if kind in LOOPS:
                for generator in node.generators:
                    bound.update(inner.id for inner in ast.walk(generator.target) if inner.__class__ is ast.Name)
            for field in node._fields:
                value = getattr(node, field, None)
                if value.__class__ is list:
                    parts.append(tuple(self._part(item, read, bound) if isinstance(item, ast.AST) else item
                                       for item in value))
                    costly = costly or any(isinstance(item, ast.AST) and self.of(item)[1] for item in value
                                           if not isinstance(item, LEAVES[2:]))
                elif isinstance(value, ast.AST):
                    parts.append(self._part(value, read, bound))
                    costly = costly or (not isinstance(value, LEAVES[2:]) and self.of(value)[1])
                else:
                    parts.append(value)
            found = (self._key(tuple(parts)), costly, frozenset(read), frozenset(bound))
            if costly:
                self.counts[found[0]] += 1
        self.found[id(node)] = found
        return found

    def _part(self, node, read: set, bound: set):
        """A child's key, its reads and binds added to the parent's."""
        if isinstance(node, LEAVES[2:]):
            return node.__class__.__name__
        key, _, inner_read, inner_bound = self.of(node)
        read |= inner_read
        bound |= inner_bound
        return key

    def _name_key(self, node) -> int:
        if node.id in self.bound_to:
            return self._key(("temporary", self.of(self.bound_to[node.id])[0]))
        known = self.program.known(node)
        if known is not None:
            return self._key(("position",) if isinstance(known, Position) else ("constant", repr(known)))
        return self._key(("name", node.id))


class _Hoister:
    """Replaces the parts to keep, from the outside in; within a kept part, the parts its own loops
    would work out again for every item are kept too."""

    def __init__(self, kept: dict, fresh, facts: _Facts):
        self.kept, self.fresh, self.facts = kept, fresh, facts

    def visit(self, node, loop_names: frozenset = frozenset(), in_loop: bool = False, in_iterable: bool = False):
        if isinstance(node, LEAVES):
            return node
        if not in_iterable and self._keeps(node, loop_names, in_loop):
            key = self.facts.of(node)[0]
            local = self.kept.get(key)
            if local is None:
                local = self.kept[key] = self.fresh("h")
            node = self._within(node, loop_names, False, in_iterable)  # (worked out once: in no loop of ours)
            return ast.IfExp(ast.Compare(name(local), [ast.IsNot()], [name("UNSET")]), name(local),
                             ast.NamedExpr(ast.Name(local, STORE), node))
        return self._within(node, loop_names, in_loop, in_iterable)

    def _within(self, node, loop_names: frozenset, in_loop: bool, in_iterable: bool):
        """The node with the parts within it replaced."""
        if isinstance(node, LOOPS):
            return self._loop(node, loop_names, in_iterable)
        for field in node._fields:
            value = getattr(node, field, None)
            if value.__class__ is list:
                setattr(node, field, [self.visit(item, loop_names, in_loop, in_iterable)
                                      if isinstance(item, ast.AST) else item for item in value])
            elif isinstance(value, ast.AST):
                setattr(node, field, self.visit(value, loop_names, in_loop, in_iterable))
        return node

    def _loop(self, node, loop_names: frozenset, in_iterable: bool):
        names = loop_names
        for generator in node.generators:
            generator.iter = self.visit(generator.iter, names, True, True)
            names = names | {inner.id for inner in ast.walk(generator.target) if inner.__class__ is ast.Name}
            generator.ifs = [self.visit(test, names, True, in_iterable) for test in generator.ifs]
        node.elt = self.visit(node.elt, names, True, in_iterable)
        return node

    def _keeps(self, node, loop_names: frozenset, in_loop: bool) -> bool:
        """Whether to keep a part: costly, reading no loop variable nor temporary bound outside it
        (nor binding one read outside it), and standing in a loop or written more than once."""
        if not isinstance(node, ast.expr):
            return False
        key, costly, read, bound = self.facts.of(node)
        if not costly or not (in_loop or self.facts.counts[key] > 1):
            return False
        free = read - bound
        if free & loop_names or any(TEMPORARY.match(local) for local in free):
            return False
        temporaries = [local for local in bound if TEMPORARY.match(local)]
        if temporaries:  # one it binds that is read after it might not be bound there
            inside = Counter(inner.id for inner in ast.walk(node) if inner.__class__ is ast.Name)
            return all(inside[local] == self.facts.uses[local] for local in temporaries)
        return True
