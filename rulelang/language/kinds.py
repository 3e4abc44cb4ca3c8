"""Check stage, part two: the kinds of values in an expression, so that obvious mix-ups (a zone
where a number is needed, a card compared with `<`) are errors before anything runs.

The check is deliberately forgiving: whatever it cannot know (a variable, a function's result)
is of kind ANY and matches everything.
"""
from __future__ import annotations

from lark import Token, Tree

from ..errors import RuleError
from .syntax import node_column

NUMBER, BOOL, TEXT, CARD, PLAYER, ZONE, LIST, ANY = (
    "a number", "true/false", "text", "a card", "a player", "a zone", "a collection", "any")
COLLECTIONS = {ZONE, LIST, CARD, PLAYER, ANY}  # what st.items() accepts (none too)
NUMBERS = {NUMBER, ANY}

RESULT_OF = {"count": NUMBER, "sum": NUMBER, "max": ANY, "min": ANY, "abs": NUMBER,
             "any": BOOL, "all": BOOL, "select": LIST, "collect": LIST, "cards": LIST, "under": LIST, "attached": LIST,
             "clockwise": LIST, "card": CARD, "other": PLAYER, "next": PLAYER}
TAKES_COLLECTION = {"count", "sum", "max", "min", "any", "all", "select", "collect", "cards", "first",
                    "last", "random"}


class KindChecker:
    """Infers kinds over a parse tree and raises RuleError at the first mix-up."""

    def __init__(self, names, pos):
        self.names = names
        self.pos = pos

    def kind(self, node) -> str:
        """The kind of a parse tree node (ANY where it cannot be known)."""
        if isinstance(node, Token) or node is None:
            return ANY
        method = getattr(self, f"_{node.data}", None)
        if method is None:
            for child in node.children:
                self.kind(child)
            return ANY
        return method(node)

    def fail(self, node, message):
        raise RuleError.at(self.pos.shifted(node_column(node)), message)

    def _number(self, node):
        return NUMBER

    _dice = _number

    def _string(self, node):
        return TEXT

    def _true(self, node):
        return BOOL

    _false = _true

    def _name(self, node):
        name = str(node.children[0])
        names = self.names
        if name in ("me", "opponent", "current") or (name[:1] == "P" and name[1:].isdigit()):
            return PLAYER
        if name == "players" or name == "attributes":
            return LIST
        if name in names.shared_zones:
            return LIST if name in names.zone_lists else ZONE
        return ANY

    def _attr(self, node):
        subject = self.kind(node.children[0])
        name = str(node.children[1])
        if subject in (NUMBER, BOOL, TEXT):
            self.fail(node.children[1], f"'.{name}' on {subject}: only players, cards, zones and rolls have attributes")
        if subject == PLAYER and name in self.names.player_zones:
            return LIST if name in self.names.zone_lists else ZONE
        return ANY

    def _arith(self, node):
        left, right = self.kind(node.children[0]), self.kind(node.children[2])
        symbol = str(node.children[1])
        if symbol == "+":
            if {left, right} & {NUMBER} and {left, right} & {ZONE, LIST, CARD, PLAYER}:
                self.fail(node.children[1], f"cannot add {left} and {right}")
            return NUMBER if left == right == NUMBER else ANY
        for side, kind in ((node.children[0], left), (node.children[2], right)):
            if kind not in NUMBERS:
                self.fail(side, f"'{symbol}' needs numbers, not {kind}")
        return NUMBER

    def _neg(self, node):
        kind = self.kind(node.children[0])
        if kind not in NUMBERS:
            self.fail(node.children[0], f"'-' needs a number, not {kind}")
        return NUMBER

    def _compare(self, node):
        left, right = self.kind(node.children[0]), self.kind(node.children[2])
        symbol = str(node.children[1])
        if symbol not in ("==", "!="):
            for side, kind in ((node.children[0], left), (node.children[2], right)):
                if kind in (CARD, PLAYER, ZONE, LIST, BOOL):
                    self.fail(side, f"cannot compare {kind} with '{symbol}'; compare a value, like c.rank")
        return BOOL

    def _in_(self, node):
        self.kind(node.children[0])
        right = self.kind(node.children[1])
        if right in (NUMBER, BOOL, TEXT):
            self.fail(node.children[1], f"'in' needs a collection on its right, not {right}")
        return BOOL

    _not_in = _in_

    def _and_(self, node):
        for child in node.children:
            self.kind(child)
        return BOOL

    _or_ = _and_

    def _not_(self, node):
        self.kind(node.children[0])
        return BOOL

    def _ifelse(self, node):
        then, _, other = (self.kind(c) for c in node.children)
        return then if then == other else ANY

    def _list_(self, node):
        for child in node.children:
            self.kind(child)
        return LIST

    def _index(self, node):
        subject = self.kind(node.children[0])
        index = self.kind(node.children[1])
        if subject in (NUMBER, BOOL, TEXT):
            self.fail(node.children[0], f"cannot index {subject}")
        if index not in NUMBERS:
            self.fail(node.children[1], f"an index must be a number, not {index}")
        return ANY

    def _lambda_arg(self, node):
        binding, body = node.children
        if isinstance(binding, Tree) and binding.data == "in_":
            collection = self.kind(binding.children[1])
            if collection in (NUMBER, BOOL, TEXT):
                self.fail(binding.children[1], f"'in' needs a collection, not {collection}")
        self.kind(body)
        return ANY

    def _call(self, node):
        name = str(node.children[0])
        args = [c for c in node.children[1:] if c is not None]
        kinds = [self.kind(a) for a in args]
        if name in TAKES_COLLECTION and args and args[0].data != "lambda_arg" and kinds[0] in (NUMBER, BOOL, TEXT):
            self.fail(args[0], f"{name}() needs a collection, not {kinds[0]}")
        return RESULT_OF.get(name, ANY)


def check_kinds(tree, names, pos) -> None:
    """Raise RuleError at the first kind mix-up in an expression tree."""
    KindChecker(names, pos).kind(tree)
