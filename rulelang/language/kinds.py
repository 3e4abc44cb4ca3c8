"""Check stage, part two: the kinds of values in an expression, so that obvious mix-ups (a zone
where a number is needed, a card compared with `<`, a text in a sum) are errors before anything runs.

The check is deliberately forgiving: whatever it cannot know (a variable set during play, a
parameter) is of kind ANY and matches everything. What the rule file declares is known: the kind
of each card property and rule function (from its expression), and of each variable whose
initial value is a number or a text. A text that reaches a place where a number is needed is
blamed where the text was written — in a house rule, if that is where it came from.
"""
from __future__ import annotations

from ..constructs.catalogue import OPERATORS, builtin_function
from ..constructs.kinds import (
    ANY,
    LIST,
    NOT_NUMBERS,
    NUMBER,
    PLAYER,
    TEXT,
)
from ..constructs.kinds import kind as _kind
from ..errors import Position, RuleError
from ..kit.trees import Token, Tree, node_column
from .syntax import parse


class KindChecker:
    """Infers kinds over a parse tree and raises RuleError at the first mix-up."""

    def __init__(self, names, pos, locals_=frozenset()):
        self.names = names
        self.pos = pos
        self.locals = set(locals_)  # names bound here (they hide game variables of the same name)
        self.declared = getattr(names, "kinds", None) or {}

    def kind(self, node) -> str:
        """The kind of a parse tree node (ANY where it cannot be known), by its operator's kind rule."""
        if isinstance(node, Token) or node is None:
            return ANY
        return OPERATORS[node.data].kind(self, node)

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

    def call_kind(self, node):
        """The kind of a call: a built-in function's kind rule, or a rule function's declared kind."""
        name = str(node.children[0])
        args = [c for c in node.children[1:] if c is not None]
        kinds = [self.kind(a) for a in args]
        builtin = builtin_function(name, self.names)
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


def check_figure(tree, names, pos, locals_, what: str) -> None:
    """Raise RuleError when a figure that must be a number (a score, a reported figure) surely is none."""
    checker = KindChecker(names, pos, locals_)
    found = checker.kind(tree)
    if found in NOT_NUMBERS:
        checker.needs_number(tree, found, what, f"{what} must be a number, not {found}")
    elif found not in (NUMBER, ANY):
        checker.fail(tree, f"{what} must be a number, not {found}")


def check_players(tree, names, pos, locals_, what: str) -> None:
    """Raise RuleError when what must name players (who wins, who loses) surely names none: a
    number, text, a card, a zone; a list written out is checked item by item. `what` says who
    wants them, with its verb: "a winner must be", "'win' takes"."""
    checker = KindChecker(names, pos, locals_)
    found = checker.kind(tree)
    if isinstance(tree, Tree) and tree.data == "list_":
        for item in tree.children:
            found = checker.kind(item) if item is not None else ANY
            if found not in (PLAYER, ANY):
                checker.fail(item, f"{what} players, not {found}")
    elif found not in (PLAYER, LIST, ANY):
        checker.fail(tree, f"{what} a player or a list of players, not {found}")


def declared_kinds(names, props: dict, functions: dict, values: dict, functions_params: dict) -> dict:
    """The kind of each card property and rule function (from its expression, following the others
    until nothing changes) and of each variable whose initial value is a number or a text.

    `props` and `functions` map a name to its expression as written (with its position);
    `values` maps ("var" | "player_var" | "card_var" | "constant", name) to (initial value, its position);
    `functions_params` maps a function to its parameters.
    A kind from a declaration says through which name it came, so errors can name it.
    """
    kinds: dict = {}
    for (section, name), (value, pos) in values.items():
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, list):
            kinds[(section, name)] = LIST
        elif isinstance(value, int):
            kinds[(section, name)] = NUMBER
        elif isinstance(value, str):
            what = {"var": "game variable", "player_var": "player variable", "card_var": "card variable",
                    "constant": "constant"}[section]
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
