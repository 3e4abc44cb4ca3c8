"""Compile expressions into closures `f(state, env)` once, so play never walks a parse tree.

Names are resolved while compiling: a local (bound by `let`, `for`, `choose` or a function
parameter), one of the built-in names (`me`, `opponent`, `players`, `current`, `P1`...), a
game variable or a shared zone. Everything else is an error with a "did you mean" hint.
"""
from __future__ import annotations

import difflib
import operator
import re

import attrs
from lark import Token, Tree

from ..engine.values import Card, Player, Roll, is_card, pretty
from ..errors import GameError, Position, RuleError
from ..language.kinds import check_kinds
from ..language.syntax import node_column, parse

MAX_DICE = 100
MAX_SIDES = 1000

BUILTIN_NAMES = ("me", "opponent", "players", "current", "it", "attributes")
ENGINE_CARD_ATTRIBUTES = ("zone", "owner", "parent", "face_down", "name", "index")
PLAYER_ATTRIBUTES = ("seat", "name")
ROLL_ATTRIBUTES = ("total", "high", "low", "fumble", "dice")


@attrs.frozen
class Names:
    """Everything a rule file declares that expressions may name."""

    shared_zones: frozenset = frozenset()
    player_zones: frozenset = frozenset()
    game_vars: frozenset = frozenset()
    player_vars: frozenset = frozenset()
    card_vars: frozenset = frozenset()
    zone_vars: frozenset = frozenset()
    zone_lists: frozenset = frozenset()  # zones that come as a list: rows, and zones with a count
    card_props: frozenset = frozenset()
    card_attributes: frozenset = frozenset()
    card_names: frozenset = frozenset()
    attribute_names: tuple = ()  # the attributes a custom deck lets players name
    functions: dict = attrs.field(factory=dict)  # name -> number of parameters
    procedures: dict = attrs.field(factory=dict)  # name -> number of parameters
    max_players: int = 2

    def attributes(self) -> set:
        """Every name that may follow a dot."""
        return (set(self.player_zones) | self.player_vars | self.card_vars | self.zone_vars | self.card_props
                | self.card_attributes | set(ENGINE_CARD_ATTRIBUTES) | set(PLAYER_ATTRIBUTES)
                | set(ROLL_ATTRIBUTES))


PURE_FORMS = {"number", "string", "true", "false", "none", "list_", "neg", "not_", "and_", "or_",
              "ifelse", "compare", "in_", "not_in", "arith"}


def depends_only_on_printed(tree, printed: frozenset, others: frozenset) -> bool:
    """True when an expression reads nothing but `it`'s printed attributes and constants.

    Such a card property has one value per card for the whole game, so it can be remembered.
    """
    if isinstance(tree, Token) or tree is None:
        return True
    if tree.data == "name":
        return str(tree.children[0]) == "it"
    if tree.data == "attr":
        name = str(tree.children[1])
        subject = tree.children[0]
        return (name in printed and name not in others and isinstance(subject, Tree)
                and subject.data == "name" and str(subject.children[0]) == "it")
    if tree.data not in PURE_FORMS:
        return False
    return all(depends_only_on_printed(child, printed, others) for child in tree.children)


def suggest(name: str, candidates) -> str:
    """' (did you mean X?)' for a near miss, else ''."""
    close = difflib.get_close_matches(name, sorted(candidates), n=1, cutoff=0.7)
    return f" (did you mean '{close[0]}'?)" if close else ""


class ExpressionCompiler:
    """Turns parse trees into closures, with the names of one ruleset in view."""

    def __init__(self, names: Names, functions: dict | None = None):
        self.names = names
        self.functions = functions if functions is not None else {}  # name -> Function (filled late)

    # ------------------------------------------------------------------ entry points
    def compile(self, text, pos: Position, locals_: frozenset | set = frozenset()):
        """Compile one expression written at `pos` into a closure."""
        pos = getattr(text, "pos", pos)
        offset = getattr(text, "offset", 0)
        if isinstance(text, bool) or isinstance(text, int):
            value = text
            return lambda st, env: value
        tree = parse(text, "start_expr", pos.shifted(offset))
        check_kinds(tree, self.names, pos.shifted(offset))
        return self.compile_tree(tree, pos.shifted(offset), frozenset(locals_))

    def compile_tree(self, tree, pos: Position, locals_: frozenset):
        """Compile a parsed expression; runtime failures are reported at `pos`."""
        inner = self._node(tree, pos, locals_)
        where = pos.shifted(node_column(tree))

        def guarded(st, env):
            try:
                return inner(st, env)
            except GameError as err:
                if err.position is None:
                    raise GameError(str(err), where) from None
                raise
            except (TypeError, ValueError, KeyError, IndexError, AttributeError, ZeroDivisionError) as err:
                raise GameError(f"cannot evaluate expression: {err}", where) from None
        return guarded

    # ------------------------------------------------------------------ nodes
    def _node(self, node, pos, locals_):
        method = getattr(self, f"_{node.data}", None)
        if method is None:  # pragma: no cover - grammar and compiler out of step
            raise RuleError.at(pos, f"unsupported expression form '{node.data}'")
        return method(node, pos, locals_)

    def _error(self, node, pos, message):
        return RuleError.at(pos.shifted(node_column(node)), message)

    def _number(self, node, pos, locals_):
        value = int(node.children[0])
        return lambda st, env: value

    def _string(self, node, pos, locals_):
        value = str(node.children[0])[1:-1]
        return lambda st, env: value

    def _true(self, node, pos, locals_):
        return lambda st, env: True

    def _false(self, node, pos, locals_):
        return lambda st, env: False

    def _none(self, node, pos, locals_):
        return lambda st, env: None

    def _dice(self, node, pos, locals_):
        text = str(node.children[0])
        kind = "T" if "T" in text else "d"
        count, sides = (int(part) for part in text.split(kind))
        if not 1 <= count <= MAX_DICE:
            raise self._error(node, pos, f"dice '{text}': between 1 and {MAX_DICE} dice")
        if not 2 <= sides <= MAX_SIDES:
            raise self._error(node, pos, f"dice '{text}': a die has 2 to {MAX_SIDES} sides")
        zero_based = kind == "T"
        return lambda st, env: st.roll(count, sides, zero_based, text)

    def _list_(self, node, pos, locals_):
        parts = [self._node(child, pos, locals_) for child in node.children if child is not None]
        return lambda st, env: [part(st, env) for part in parts]

    def _name(self, node, pos, locals_):
        name = str(node.children[0])
        names = self.names
        if name in locals_ or name == "it":
            def local(st, env):
                try:
                    return env[name]
                except KeyError:
                    raise GameError(f"'{name}' has no value here", pos.shifted(node_column(node))) from None
            return local
        if name == "me":
            return lambda st, env: env["me"]
        if name == "opponent":
            return lambda st, env: st.opponent(env["me"])
        if name == "players":
            return lambda st, env: st.player_list()
        if name == "current":
            return lambda st, env: st.current_player()
        if name == "attributes":
            listed = list(names.attribute_names)
            return lambda st, env: list(listed)
        if name in names.game_vars:
            return lambda st, env: st.vars[name]
        if name in names.shared_zones:
            return lambda st, env: st.zone_family(name, None)
        if len(name) >= 2 and name[0] == "P" and name[1:].isdigit() and 1 <= int(name[1:]) <= names.max_players:
            player = Player(int(name[1:]) - 1)
            return lambda st, env: player
        if name in names.player_zones:
            raise self._error(node, pos, f"'{name}' is a zone of each player: write me.{name} or p.{name}")
        if re.fullmatch(r"[dT][0-9]+", name):
            raise self._error(node, pos, f"dice '{name}' need a count: write 1{name} for one die")
        known = set(locals_) | names.game_vars | names.shared_zones | set(BUILTIN_NAMES) | {"true", "false", "none"}
        raise self._error(node, pos, f"unknown name '{name}'{suggest(name, known)}")

    def _attr(self, node, pos, locals_):
        subject = self._node(node.children[0], pos, locals_)
        name = str(node.children[1])
        if name not in self.names.attributes():
            raise self._error(node.children[1], pos,
                              f"unknown attribute '{name}'{suggest(name, self.names.attributes())}")
        if name in self.names.card_attributes and name not in self._mutable_names():
            def printed(st, env):  # fast path: a card's printed attribute
                value = subject(st, env)
                if type(value) is Card and name in value.attributes:
                    return value.attributes[name]
                return st.attribute(value, name, env)
            return printed
        return lambda st, env: st.attribute(subject(st, env), name, env)

    def _mutable_names(self) -> set:
        """Attribute names that something other than a printed card attribute may answer."""
        names = self.names
        return (set(names.player_zones) | names.player_vars | names.card_vars | names.zone_vars
                | names.card_props)

    def _index(self, node, pos, locals_):
        subject = self._node(node.children[0], pos, locals_)
        index = self._node(node.children[1], pos, locals_)
        return lambda st, env: st.items(subject(st, env))[index(st, env)]

    def _neg(self, node, pos, locals_):
        inner = self._node(node.children[0], pos, locals_)
        return lambda st, env: -inner(st, env)

    def _not_(self, node, pos, locals_):
        inner = self._node(node.children[0], pos, locals_)
        return lambda st, env: not inner(st, env)

    def _and_(self, node, pos, locals_):
        left, right = (self._node(c, pos, locals_) for c in node.children)
        return lambda st, env: bool(left(st, env)) and bool(right(st, env))

    def _or_(self, node, pos, locals_):
        left, right = (self._node(c, pos, locals_) for c in node.children)
        return lambda st, env: bool(left(st, env)) or bool(right(st, env))

    def _ifelse(self, node, pos, locals_):
        then, cond, other = (self._node(c, pos, locals_) for c in node.children)
        return lambda st, env: then(st, env) if cond(st, env) else other(st, env)

    def _compare(self, node, pos, locals_):
        left = self._node(node.children[0], pos, locals_)
        right = self._node(node.children[2], pos, locals_)
        op = COMPARISONS[str(node.children[1])]
        return lambda st, env: op(left(st, env), right(st, env))

    def _in_(self, node, pos, locals_):
        left, right = (self._node(c, pos, locals_) for c in node.children)
        return lambda st, env: left(st, env) in st.items(right(st, env))

    def _not_in(self, node, pos, locals_):
        left, right = (self._node(c, pos, locals_) for c in node.children)
        return lambda st, env: left(st, env) not in st.items(right(st, env))

    def _arith(self, node, pos, locals_):
        left = self._node(node.children[0], pos, locals_)
        right = self._node(node.children[2], pos, locals_)
        symbol = str(node.children[1])
        where = pos.shifted(node_column(node.children[1]))
        if symbol == "+":
            def add(st, env):
                a, b = left(st, env), right(st, env)
                if isinstance(a, (int, Roll)) and isinstance(b, (int, Roll)):
                    return int(a) + int(b)
                if isinstance(a, str) or isinstance(b, str):
                    return pretty(a) + pretty(b)
                return st.items(a) + st.items(b)
            return add
        op = ARITHMETIC[symbol]

        def arith(st, env):
            a, b = left(st, env), right(st, env)
            if symbol in ("//", "%") and b == 0:
                raise GameError("division by zero", where)
            return op(a, b)
        return arith

    def _lambda_arg(self, node, pos, locals_):
        raise self._error(node, pos, "'x in collection | ...' is only allowed as the argument of "
                                     "count, sum, any, all, max, min, select or collect")

    def _call(self, node, pos, locals_):
        name = str(node.children[0])
        args = [c for c in node.children[1:] if c is not None]
        if name in BUILTINS:
            return self._builtin(name, args, node, pos, locals_)
        if name in self.names.functions:
            wanted = self.names.functions[name]
            if len(args) != wanted:
                raise self._error(node, pos, f"{name}() takes {wanted} argument(s), got {len(args)}")
            compiled = [self._node(a, pos, locals_) for a in args]
            functions = self.functions
            return lambda st, env: functions[name].call(st, env, [a(st, env) for a in compiled])
        known = set(BUILTINS) | set(self.names.functions)
        raise self._error(node, pos, f"unknown function '{name}'{suggest(name, known)}")

    def _builtin(self, name, args, node, pos, locals_):
        spec = BUILTINS[name]
        if len(args) == 1 and args[0].data == "lambda_arg" and spec.over_items:
            return self._over_items(name, args[0], pos, locals_)
        if not spec.min_args <= len(args) <= spec.max_args:
            raise self._error(node, pos, f"{name}() takes {spec.usage}")
        compiled = [self._node(a, pos, locals_) for a in args]
        if name == "card":
            return self._card_literal(args[0], pos)
        impl = spec.impl
        return lambda st, env: impl(st, *[a(st, env) for a in compiled])

    def _card_literal(self, arg, pos):
        if not (isinstance(arg, Tree) and arg.data == "string"):
            raise self._error(arg, pos, "card() takes a card name in quotes, like card('QH')")
        card_name = str(arg.children[0])[1:-1]
        if card_name not in self.names.card_names:
            raise self._error(arg, pos, f"no card named '{card_name}' in the deck"
                                        f"{suggest(card_name, self.names.card_names)}")
        return lambda st, env: st.game.card_by_name[card_name]

    def _over_items(self, name, lam, pos, locals_):
        binding, body_tree = lam.children
        if not (isinstance(binding, Tree) and binding.data == "in_" and binding.children[0].data == "name"):
            raise self._error(lam, pos, f"write {name}(x in collection | ...)")
        var = str(binding.children[0].children[0])
        collection = self._node(binding.children[1], pos, locals_)
        body = self._node(body_tree, pos, locals_ | {var})
        reducer = ITEM_REDUCERS[name]

        def over(st, env):
            items = st.items(collection(st, env))
            saved = env.get(var, _MISSING)

            def pairs():  # lazy, so that any() and all() stop at the first answer
                for item in items:
                    env[var] = item
                    yield item, body(st, env)
            try:
                return reducer(st, pairs())
            finally:
                if saved is _MISSING:
                    env.pop(var, None)
                else:
                    env[var] = saved
        return over


_MISSING = object()

COMPARISONS = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt,
    "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}
ARITHMETIC = {"-": operator.sub, "*": operator.mul, "//": operator.floordiv, "%": operator.mod}

ITEM_REDUCERS = {
    "count": lambda st, pairs: sum(1 for _, v in pairs if v),
    "sum": lambda st, pairs: sum(int(v) for _, v in pairs),
    "any": lambda st, pairs: any(v for _, v in pairs),
    "all": lambda st, pairs: all(v for _, v in pairs),
    "max": lambda st, pairs: max((v for _, v in pairs), default=None),
    "min": lambda st, pairs: min((v for _, v in pairs), default=None),
    "select": lambda st, pairs: [item for item, v in pairs if v],
    "collect": lambda st, pairs: [x for _, v in pairs for x in st.items(v)],
}


@attrs.frozen
class Builtin:
    """A built-in function: how many plain arguments it takes and whether `x in c: ...` works."""

    impl: object
    min_args: int
    max_args: int
    usage: str
    over_items: bool = False


def _first(st, coll):
    items = st.items(coll)
    return items[0] if items else None


def _last(st, coll):
    items = st.items(coll)
    return items[-1] if items else None


def _max(st, coll):
    return max((int(v) for v in st.items(coll)), default=None)


def _min(st, coll):
    return min((int(v) for v in st.items(coll)), default=None)


def _random(st, coll):
    items = st.items(coll)
    if not items:
        raise GameError("random() of an empty collection")
    choice = items[st.rng.below(len(items))]
    st.say(f"picks at random: {pretty(choice)}", actor=False)
    return choice


def _attr(st, card, name):
    if not is_card(card) or not isinstance(name, str):
        raise GameError(f"attr() takes a card and an attribute name, got {pretty(card)} and {pretty(name)}")
    return st.attribute(card, name, {})


def _clockwise(st, player):
    seat = st._seat(player)
    return [Player((seat + i) % st.n) for i in range(st.n)]


def _at(st, coll, index):
    items = st.items(coll)
    return items[index] if 0 <= index < len(items) else None


BUILTINS = {
    "count": Builtin(lambda st, c: len(st.items(c)), 1, 1, "a collection, or x in collection | condition", True),
    "sum": Builtin(lambda st, c: sum(int(v) for v in st.items(c)), 1, 1, "numbers, or x in collection | value", True),
    "any": Builtin(lambda st, c: any(st.items(c)), 1, 1, "x in collection | condition", True),
    "all": Builtin(lambda st, c: all(st.items(c)), 1, 1, "x in collection | condition", True),
    "max": Builtin(_max, 1, 1, "numbers, or x in collection | value", True),
    "min": Builtin(_min, 1, 1, "numbers, or x in collection | value", True),
    "select": Builtin(lambda st, c: list(st.items(c)), 1, 1, "x in collection | condition", True),
    "collect": Builtin(lambda st, c: list(st.items(c)), 1, 1, "x in collection | collection", True),
    "cards": Builtin(lambda st, c: list(st.items(c)), 1, 1, "one collection: its items as a list (for logs)"),
    "first": Builtin(_first, 1, 1, "one collection (its top item)"),
    "last": Builtin(_last, 1, 1, "one collection (its bottom item)"),
    "under": Builtin(lambda st, c: st.under(c), 1, 1, "one card"),
    "other": Builtin(lambda st, p: st.opponent(p), 1, 1, "one player (in a two-player game)"),
    "next": Builtin(lambda st, p: st.next_player(p), 1, 1, "one player"),
    "abs": Builtin(lambda st, n: abs(n), 1, 1, "one number"),
    "at": Builtin(_at, 2, 2, "a collection and a position (none when outside it)"),
    "attr": Builtin(_attr, 2, 2, "a card and an attribute name, like attr(c, 'strength')"),
    "clockwise": Builtin(_clockwise, 1, 1, "a player: all players in seat order from that one"),
    "random": Builtin(_random, 1, 1, "a collection to pick one item from, with the game's chance"),
    "card": Builtin(None, 1, 1, "a card name in quotes"),
}

