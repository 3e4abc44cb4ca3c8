"""What a rule file's choices can offer beyond cards, players, zones and moves, read from the file.

A `choose:` offers the values of its `from:` expression. Those that are not things of the game
are texts, numbers, `true`/`false` and `none` written in that expression where their value is
offered: an item of a list, a branch of `x if c else y`, a side of `+`, the collection of
`select`, `first`, `last`, `random`, `at`, `cards`, `max` or `min`, what `collect` gathers, or
the body of a rule function it calls. `attributes` offers the deck's attribute names. Literals
in conditions (`k <= 2`) are not offered and not collected.
"""
from __future__ import annotations

import re

from ..constructs.catalogue import FUNCTIONS
from ..kit.documents import YList, YMap, position_of
from ..kit.trees import Token, Tree
from ..language.syntax import parse

MARK = re.compile(r"^\s*mark\s")
SIGNATURE = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(")
COLLECTION_FIRST = frozenset(keyword for keyword, function in FUNCTIONS.items() if function.gives_items)
CONSTANTS = {"true": True, "false": False, "none": None}
CHOICE_KEYS = ("choose", "choose together")  # the blocks that choose items


def offered_literals(doc: YMap, attribute_names: tuple) -> list:
    """The literal values the file's choices can offer, in the order the file first names them."""
    offers = _Offers(_function_bodies(doc), attribute_names)
    for choice in _choices(doc):
        text = choice["from"]
        offers.collect(parse(text, "start_expr", position_of(text, doc.pos)), frozenset())
    return list(offers.found.values())


def choice_points(doc: YMap) -> list:
    """(position, what it chooses) of every `choose:`, `choose together:`, `choose move:` and `first
    come:` in the file, in file order."""
    out = []
    for items in _lists(doc):
        for item, pos in zip(items, items.item_pos):
            if isinstance(item, YMap) and ("choose move" in item or "first come" in item):
                out.append((pos, "move"))
            elif isinstance(item, YMap) and _chosen(item) is not None:
                out.append((pos, str(item[_chosen(item)])))
    return out


def offers_pass(doc: YMap) -> bool:
    """Whether a choice of the file offers `pass` besides reactions: a `first come` window."""
    return any(isinstance(item, YMap) and "first come" in item for item in _list_items(doc))


def _chosen(item: YMap) -> str | None:
    """The key naming what a choice of items binds (`choose`, `choose together`), or None."""
    return next((key for key in CHOICE_KEYS if key in item), None)


def uses_markers(doc: YMap) -> bool:
    """Whether any effect of the file makes markers (`mark ... with ...`)."""
    return any(isinstance(item, str) and MARK.match(item) for item in _list_items(doc))


class _Offers:
    """Literals found so far, keyed by type and value (so that 1 and true stay apart), in order."""

    def __init__(self, functions: dict, attribute_names: tuple):
        self.functions = functions
        self.attribute_names = attribute_names
        self.found: dict = {}

    def add(self, value) -> None:
        self.found.setdefault((type(value), value), value)

    def collect(self, tree, called: frozenset) -> None:
        """Add the literals in the positions of `tree` whose values a choice offers."""
        if isinstance(tree, Token) or tree is None:
            return
        kind, parts = tree.data, tree.children
        if kind == "string":
            self.add(str(parts[0])[1:-1])
        elif kind == "number":
            self.add(int(parts[0]))
        elif kind == "neg" and isinstance(parts[0], Tree) and parts[0].data == "number":
            self.add(-int(parts[0].children[0]))
        elif kind in CONSTANTS:
            self.add(CONSTANTS[kind])
        elif kind == "name" and str(parts[0]) == "attributes":
            for name in self.attribute_names:
                self.add(name)
        elif kind == "list_":
            for part in parts:
                self.collect(part, called)
        elif kind == "ifelse":  # then, condition, else
            self.collect(parts[0], called)
            self.collect(parts[2], called)
        elif kind == "arith" and str(parts[1]) == "+":
            self.collect(parts[0], called)
            self.collect(parts[2], called)
        elif kind == "call":
            self.collect_call(str(parts[0]), [part for part in parts[1:] if part is not None], called)

    def collect_call(self, function: str, args: list, called: frozenset) -> None:
        """A rule function offers what its body gives; built-ins what their collection holds."""
        if function in self.functions:
            if function not in called:
                self.collect(self.functions[function], called | {function})
        elif function == "collect" and args and args[0].data == "lambda_arg":
            self.collect(args[0].children[1], called)
        elif function in COLLECTION_FIRST and args:
            source = args[0]
            if source.data == "lambda_arg":  # `x in collection | ...`
                binding = source.children[0]
                source = binding.children[1] if binding.data == "in_" else binding
            self.collect(source, called)


def _function_bodies(doc: YMap) -> dict:
    """Rule function name -> its parsed body."""
    functions = doc.get("functions")
    if not isinstance(functions, YMap):
        return {}
    out = {}
    for signature, body in functions.items():
        named = SIGNATURE.match(str(signature))
        if named and isinstance(body, str):
            out[named.group(1)] = parse(body, "start_expr", position_of(body, doc.pos))
    return out


def _choices(doc: YMap):
    """Every `choose:` (or `choose together:`) mapping with a `from:`, wherever it is written."""
    for item in _list_items(doc):
        if isinstance(item, YMap) and _chosen(item) is not None and isinstance(item.get("from"), str):
            yield item


def _list_items(value):
    """Every item of every list in the document, depth first (effects are lists' items)."""
    for items in _lists(value):
        yield from items


def _lists(value):
    """Every list in the document, depth first."""
    if isinstance(value, YMap):
        for item in value.values():
            yield from _lists(item)
    elif isinstance(value, YList):
        yield value
        for item in value:
            yield from _lists(item)
