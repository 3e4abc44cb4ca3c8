"""What an expression reads from the state, as far as the compiler can see (for remembered checks).

The answer is a set of parts (see `engine/memo.py`): `("v", name)` game variables,
`("p", name)` player variables, `"cvar"` values stored on cards, `"zvars"` zone variables,
`"attach"` what lies under what, `"loc"` where cards are, `"down"` which cards are face down,
`"current"` whose turn it is. Which zones and rows an expression reads is noted while it runs,
so it is not part of this answer. None means the expression uses chance and must always run.
"""
from __future__ import annotations

from ..constructs.catalogue import OPERATORS, builtin_function
from ..errors import UNKNOWN, RuleError
from ..kit.names import Names
from ..kit.trees import Token, Tree, conjuncts
from ..language.syntax import parse

ME_NAMES = frozenset({"me", "opponent"})  # names whose value depends on the `me` an expression is asked for


class Dependencies:
    """The static reads of a ruleset's expressions, following its functions and card properties."""

    def __init__(self, names: Names, functions: dict, props: dict, recursive: frozenset = frozenset()):
        self.names = names
        bodies = {("function", k): v for k, v in functions.items()}
        bodies.update({("prop", k): v for k, v in props.items()})
        trees = {key: _parsed(text) for key, text in bodies.items()}
        self.known: dict = {key: frozenset() for key in bodies}
        changed = True
        while changed:  # functions may call each other in cycles: grow every answer until none changes
            changed = False
            for key, tree in trees.items():
                reads = self.of_tree(tree) if tree is not None else frozenset()
                if reads != self.known[key]:
                    self.known[key] = reads
                    changed = True
        self.reading_me: set = set()  # functions and properties whose answer depends on `me`
        changed = True
        while changed:  # a body names `me` (or `opponent`), or calls or reads one that does
            changed = False
            for key, tree in trees.items():
                if key not in self.reading_me and tree is not None and self._reads_me(tree):
                    self.reading_me.add(key)
                    changed = True
        self.looping = {("function", name) for name in recursive}  # functions and properties that loop
        changed = True
        while changed:  # a body loops over a collection, or calls one that loops
            changed = False
            for key, tree in trees.items():
                if key not in self.looping and tree is not None and self._loops(tree):
                    self.looping.add(key)
                    changed = True

    def of_text(self, text, pos) -> frozenset | None:
        """The static reads of an expression written as text (None: it uses chance)."""
        if isinstance(text, (bool, int)):
            return frozenset()
        tree = _parsed(text)
        return self.of_tree(tree) if tree is not None else None

    def costly(self, text) -> bool:
        """Whether an expression loops: over a collection, or through a rule function or card property
        that does (worth remembering; a cheaper check costs less than looking up its answer and
        noting what it read): not a loop over the players whose body calls no built-in function
        (`count(p in players | in_game(p)) == 1`, a look at each of a few players)."""
        tree = _parsed(text) if not isinstance(text, (bool, int)) else None
        return tree is not None and self._loops(tree, over_players=False)

    def _loops(self, tree, over_players: bool = True) -> bool:
        """Whether an expression loops (a plain look at each player counts only if `over_players`)."""
        looping, props = self.looping, self.names.card_props
        for node in tree.iter_subtrees():
            if node.data == "lambda_arg":
                if over_players or not self._plainly_over_players(node):
                    return True
            if node.data == "call":
                function = str(node.children[0])
                reads_props = self._builtin_attr(function) and any(("prop", p) in looping for p in props)
                if ("function", function) in looping or reads_props:
                    return True
            elif node.data == "attr" and isinstance(node.children[1], Token) and ("prop", str(node.children[1])) in looping:
                return True
        return False

    def _plainly_over_players(self, lam) -> bool:
        """Whether `x in coll | body` goes over the players (`p in players | ...`) with a body that
        calls no built-in function."""
        binding, body = lam.children
        if not (isinstance(binding, Tree) and binding.data == "in_" and _is_name(binding.children[1], "players")):
            return False
        return not any(node.data == "call" and builtin_function(str(node.children[0]), self.names) is not None
                       for node in body.iter_subtrees())

    def _reads_me(self, tree) -> bool:
        reading, props = self.reading_me, self.names.card_props
        for node in tree.iter_subtrees():
            if node.data == "name" and str(node.children[0]) in ME_NAMES:
                return True
            if node.data == "call":
                function = str(node.children[0])
                if ("function", function) in reading or function == "attr" and any(("prop", p) in reading for p in props):
                    return True
            elif node.data == "attr" and isinstance(node.children[1], Token) and ("prop", str(node.children[1])) in reading:
                return True
        return False

    def steady(self, expression, local: str) -> bool:
        """Whether an expression (a parse tree, or its text) reads neither chance nor the local
        `local`: while only `local` changes and the state does not, its value stays the same."""
        tree = expression if isinstance(expression, Tree) else _parsed(expression) if isinstance(expression, str) else None
        if tree is None or self.of_tree(tree) is None:
            return False
        return not any(node.data == "name" and str(node.children[0]) == local for node in tree.iter_subtrees())

    def origins(self, text) -> frozenset | None:
        """The zones a card must leave for an `on: moved` condition to hold (None: any zone).

        Found in the condition's `and` parts: `origin == z`, or several such joined by `or`.
        """
        tree = _parsed(text) if isinstance(text, str) else None
        for part in conjuncts(tree):
            zones = self._origin_zones(part)
            if zones is not None:
                return zones
        return None

    def _origin_zones(self, tree) -> frozenset | None:
        """The zones of `origin == z` (or of such tests joined by `or`); None for anything else."""
        if isinstance(tree, Tree) and tree.data == "or_":
            sides = [self._origin_zones(child) for child in tree.children]
            return None if None in sides else frozenset().union(*sides)
        if not (isinstance(tree, Tree) and tree.data == "compare" and str(tree.children[1]) == "=="):
            return None
        left, right = tree.children[0], tree.children[2]
        if _is_name(right, "origin"):
            left, right = right, left
        if not _is_name(left, "origin") or not isinstance(right, Tree):
            return None
        names = self.names
        if right.data == "name" and str(right.children[0]) in names.shared_zones:
            return frozenset({str(right.children[0])})
        if right.data == "attr" and str(right.children[1]) in names.player_zones:
            return frozenset({str(right.children[1])})
        return None

    def of_tree(self, tree) -> frozenset | None:
        """The static reads of a parse tree (None: it uses chance)."""
        found: set = set()
        return frozenset(found) if self.walk(tree, found) else None

    def walk(self, tree, found: set) -> bool:
        """Add what `tree` reads to `found` (each operator says what it reads itself); False when it uses chance."""
        if not isinstance(tree, Tree):
            return True
        if not OPERATORS[tree.data].add_reads(self, tree, found):
            return False
        return all(self.walk(child, found) for child in tree.children if isinstance(child, Tree))

    def call_reads(self, function: str, found: set) -> bool:
        """Add what a call of a built-in or a rule function reads to `found`; False when it uses chance."""
        builtin = builtin_function(function, self.names)
        if builtin is not None:
            return builtin.add_reads(found, self)
        return function not in self.names.functions or self.add(("function", function), found)

    def _builtin_attr(self, function: str) -> bool:
        """Whether a call of `function` is the built-in `attr(c, name)`, which may read any card property."""
        return function == "attr" and builtin_function(function, self.names) is not None

    @staticmethod
    def parsed(text):
        """The parse tree of an expression, or None when it does not parse (reported elsewhere)."""
        return _parsed(text)

    def add(self, key, found: set) -> bool:
        """Add what a rule function or card property (`key`) reads to `found`; False when it uses chance."""
        reads = self.known.get(key, frozenset())
        if reads is None:
            return False
        found |= reads
        return True



def _is_name(tree, name: str) -> bool:
    """Whether a parse tree is the bare name `name`."""
    return isinstance(tree, Tree) and tree.data == "name" and str(tree.children[0]) == name


def _parsed(text):
    """The parse tree of an expression, or None when it does not parse (reported elsewhere)."""
    try:
        return parse(text, "start_expr", getattr(text, "pos", UNKNOWN))
    except RuleError:
        return None
