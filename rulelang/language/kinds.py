"""Check stage, part two: the kinds of values in an expression, so that obvious mix-ups (a zone
where a number is needed, a card compared with `<`, a text in a sum) are errors before anything runs.

The check is deliberately forgiving: whatever it cannot know (a variable set during play, a
parameter) is of kind ANY and matches everything. What the rule file declares is known: the kind
of each card property and rule function (from its expression), and of each variable whose
initial value is a number or a text. A text that reaches a place where a number is needed is
blamed where the text was written — in a house rule, if that is where it came from.
"""
from __future__ import annotations

from ..constructs.catalogue import FUNCTIONS
from ..constructs.kinds import (
    ANY,
    BOOL,
    CARD,
    LIST,
    MIXED,
    NOT_NUMBERS,
    NUMBER,
    NUMBERS,
    PLAYER,
    SCALARS,
    TEXT,
    ZONE,
)
from ..constructs.kinds import kind as _kind
from ..errors import Position, RuleError
from .syntax import node_column, parse
from .trees import Token, Tree


class KindChecker:
    """Infers kinds over a parse tree and raises RuleError at the first mix-up."""

    def __init__(self, names, pos, locals_=frozenset()):
        self.names = names
        self.pos = pos
        self.locals = set(locals_)  # names bound here (they hide game variables of the same name)
        self.declared = getattr(names, "kinds", None) or {}

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

    def needs_number(self, node, kind, what: str, message: str = "") -> None:
        """An error when a value that may be text stands where a number is needed.

        A text that came from a declaration elsewhere (a card property, a variable) is blamed
        where it was written, naming the use; one written here is blamed here.
        """
        if kind not in NOT_NUMBERS:
            return
        origin = getattr(kind, "origin", None)
        if origin is not None and getattr(kind, "via", ""):
            use = self.pos.shifted(node_column(node))
            raise RuleError.at(origin, f"{kind.source} is text, but {kind.via} is used where a number is "
                                       f"needed ({what} at {use})")
        self.fail(node, message or f"{what} needs a number, not {kind}")

    def _number(self, node):
        return NUMBER

    _dice = _number

    def _string(self, node):
        return _kind(TEXT, self.pos.shifted(node_column(node)), str(node.children[0]))

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
        return ANY if name in self.locals else self.declared.get(("var", name), ANY)

    def _attr(self, node):
        subject = self.kind(node.children[0])
        name = str(node.children[1])
        if subject in SCALARS:
            self.fail(node.children[1], f"'.{name}' on {subject}: only players, cards, zones and rolls have attributes")
        if subject == PLAYER and name in self.names.player_zones:
            return LIST if name in self.names.zone_lists else ZONE
        found = {self.declared.get(key, ANY) for key in (("prop", name), ("card_var", name), ("player_var", name))
                 if key[1] in _section(self.names, key[0])}
        if not found and name in self.names.numeric_facts:
            return NUMBER  # a printed value that is a number on every card
        return next(iter(found)) if len(found) == 1 else ANY  # a name declared twice may be either

    def _arith(self, node):
        left, right = self.kind(node.children[0]), self.kind(node.children[2])
        symbol = str(node.children[1])
        if symbol == "+":
            if {left, right} & {NUMBER} and {left, right} & {ZONE, LIST, CARD, PLAYER}:
                self.fail(node.children[1], f"cannot add {left} and {right}")
            return NUMBER if left == right == NUMBER else ANY
        for side, kind in ((node.children[0], left), (node.children[2], right)):
            self.needs_number(side, kind, f"'{symbol}'", f"'{symbol}' needs numbers, not {kind}")
            if kind not in NUMBERS:
                self.fail(side, f"'{symbol}' needs numbers, not {kind}")
        return NUMBER

    def _neg(self, node):
        kind = self.kind(node.children[0])
        self.needs_number(node.children[0], kind, "'-'")
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
            if NUMBER in (left, right):
                for side, kind in ((node.children[0], left), (node.children[2], right)):
                    self.needs_number(side, kind, f"'{symbol}'")
        return BOOL

    def _in_(self, node):
        self.kind(node.children[0])
        right = self.kind(node.children[1])
        if right in SCALARS:
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
        if then == other:
            return then
        pair = {str(then), str(other)}
        if pair in ({NUMBER, TEXT}, {NUMBER, MIXED}, {TEXT, MIXED}, {TEXT, ANY}, {MIXED, ANY}):
            text = then if then in NOT_NUMBERS else other
            return _kind(MIXED, getattr(text, "origin", None), getattr(text, "source", ""))
        return ANY

    def _list_(self, node):
        for child in node.children:
            self.kind(child)
        return LIST

    def _index(self, node):
        subject = self.kind(node.children[0])
        index = self.kind(node.children[1])
        if subject in SCALARS:
            self.fail(node.children[0], f"cannot index {subject}")
        self.needs_number(node.children[1], index, "an index")
        if index not in NUMBERS:
            self.fail(node.children[1], f"an index must be a number, not {index}")
        return ANY

    def _lambda_arg(self, node):
        binding, body = node.children
        if isinstance(binding, Tree) and binding.data == "in_":
            collection = self.kind(binding.children[1])
            if collection in SCALARS:
                self.fail(binding.children[1], f"'in' needs a collection, not {collection}")
            if isinstance(binding.children[0], Tree) and binding.children[0].data == "name":
                self.locals.add(str(binding.children[0].children[0]))
        return self.kind(body)

    def _call(self, node):
        name = str(node.children[0])
        args = [c for c in node.children[1:] if c is not None]
        kinds = [self.kind(a) for a in args]
        builtin = FUNCTIONS.get(name)
        if builtin is not None:
            return builtin.kind(self, args, kinds)
        return self.declared.get(("function", name), ANY)


def check_kinds(tree, names, pos, locals_=frozenset()) -> None:
    """Raise RuleError at the first kind mix-up in an expression tree (`locals_`: the names bound where it stands)."""
    KindChecker(names, pos, locals_).kind(tree)


def check_number(tree, names, pos, locals_, what: str) -> None:
    """Raise RuleError when an expression that must give a number may give text."""
    checker = KindChecker(names, pos, locals_)
    checker.needs_number(tree, checker.kind(tree), what)


def _section(names, section: str) -> frozenset:
    """The names a rule file declares in one section (card_props, card_vars, player_vars)."""
    return {"prop": names.card_props, "card_var": names.card_vars, "player_var": names.player_vars}[section]


def declared_kinds(names, props: dict, functions: dict, values: dict, functions_params: dict) -> dict:
    """The kind of each card property and rule function (from its expression, following the others
    until nothing changes) and of each variable whose initial value is a number or a text.

    `props` and `functions` map a name to its expression as written (with its position);
    `values` maps ("var" | "player_var" | "card_var", name) to (initial value, its position);
    `functions_params` maps a function to its parameters.
    A kind from a declaration says through which name it came, so errors can name it.
    """
    kinds: dict = {}
    for (section, name), (value, pos) in values.items():
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, int):
            kinds[(section, name)] = NUMBER
        elif isinstance(value, str):
            what = {"var": "game variable", "player_var": "player variable", "card_var": "card variable"}[section]
            kinds[(section, name)] = _kind(TEXT, pos, repr(str(value)), f"{what} '{name}'")
    trees = {}
    for key, text in [*((("prop", n), t) for n, t in props.items()),
                      *((("function", n), t) for n, t in functions.items())]:
        if isinstance(text, bool) or not isinstance(text, (str, int)):
            continue
        if isinstance(text, int):
            kinds[key] = NUMBER
            continue
        pos = getattr(text, "pos", Position("?", 0, 0)).shifted(getattr(text, "offset", 0))
        try:
            trees[key] = (parse(text, "start_expr", pos), pos)
        except RuleError:
            continue  # reported when it is compiled
    for _ in range(len(trees) + 1):  # a property may read another: repeat until no kind changes
        changed = False
        for key, (tree, pos) in trees.items():
            checker = KindChecker(names, pos, {"it"} if key[0] == "prop" else functions_params.get(key[1], ()))
            checker.declared = kinds
            try:
                found = checker.kind(tree)
            except RuleError:
                found = ANY  # reported when it is compiled
            label = f"card property '{key[1]}'" if key[0] == "prop" else f"{key[1]}()"
            if found in NOT_NUMBERS and getattr(found, "origin", None) is not None:
                found = _kind(found, found.origin, found.source, found.via or label)
            if found != kinds.get(key, ANY):
                kinds[key] = found
                changed = True
        if not changed:
            break
    return kinds
