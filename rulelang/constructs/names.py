"""Names and attributes in expressions: `me`, `players`, `draw`, `P2`, a local; `c.rank`, `p.hand`, `r.high`.

What a name or an attribute means is decided from what the rule file declares (see
`attribute_kind`), so that the compiler can write the common cases (a card's printed value, a
player's variable) as a type test and a dictionary lookup. Their plain meaning, which the
reference interpreter runs, is the state's own lookup (`GameState.attribute`).
"""
from __future__ import annotations

import ast
import re

from ..engine import ops
from ..engine.values import Player, ZoneRef
from ..kit.codegen import LOAD, STORE, call, field, item, method, name, simple
from ..kit.names import BUILTIN_NAMES, OWN_NAMES, suggest
from .kinds import ANY, LIST, NUMBER, PLAYER, SCALARS, SHEET, ZONE
from .operators import Operator
from .value_functions import Other

TYPED_KINDS = {"fact", "player_var", "player_zone", "card_prop", "card_var", "face_down", "zone"}  # see _typed
CONSTANT_NAMES = {"me", "opponent", "current"}  # they name a player; `players` names them all


class Name(Operator):
    """A name: `me` (the player a move, turn or trigger runs for), `opponent`, `players`, `current`, `round` (the number of the round being played, from 1), `P1` …, a shared zone, a game variable, a constant, or a local (`let`, `for`, `choose`, a parameter, `it`); a name the file declares comes before a built-in one alike."""

    keyword = "name"
    syntax = ("me", "opponent", "players", "current", "round", "P1", "ZONE", "VARIABLE", "CONSTANT", "LOCAL")
    example = "count(players) + target"
    forms = ("name",)
    grammar = (("atom", "NAME -> name"),)
    terminals = ("NAME: /[A-Za-z_][A-Za-z0-9_]*/",)

    def kind(self, checker, node):
        rule_name, names = str(node.children[0]), checker.names
        builtin = rule_name in OWN_NAMES or not names.declares(rule_name)  # the file's own name comes first
        if builtin and (rule_name in CONSTANT_NAMES or (rule_name[:1] == "P" and rule_name[1:].isdigit())):
            return PLAYER
        if builtin and (rule_name == "players" or rule_name == "attributes"):
            return LIST
        if builtin and rule_name == "round" and rule_name not in checker.locals:
            return NUMBER
        if rule_name in names.shared_zones:
            return LIST if rule_name in names.zone_lists else ZONE
        if rule_name in checker.locals:
            return ANY
        return checker.declared.get(("constant" if rule_name in names.constants else "var", rule_name), ANY)

    def add_reads(self, dependencies, tree, found):
        rule_name = str(tree.children[0])
        if rule_name in dependencies.names.game_vars and rule_name not in OWN_NAMES:
            found.add(("v", rule_name))
        elif rule_name in CONSTANT_NAMES:
            found.add("current")
        elif rule_name == "round" and not dependencies.names.declares(rule_name):
            found.add("round")
        return True

    def code(self, gen, tree, scope, as_bool):
        rule_name, names = str(tree.children[0]), gen.names
        local = scope.read(rule_name)
        if local is not None:
            return local
        if rule_name == "me":
            return scope.me
        if names.declares(rule_name):
            return self.declared(gen, rule_name)
        if rule_name == "opponent":  # in a two-player game, the other seat at once
            me = scope.me  # a local or env['me']: reading it twice is free
            two = ast.BoolOp(ast.And(), [ast.Compare(field(me, "__class__"), [ast.Is()], [name("PLAYER")]),
                                         ast.Compare(field(name("st"), "n"), [ast.Eq()], [ast.Constant(2)])])
            other_seat = ast.BinOp(ast.Constant(1), ast.Sub(), item(me, ast.Constant(0)))
            return ast.IfExp(two, item(field(name("st"), "seats"), other_seat), call("other", name("st"), me))
        if rule_name == "players":  # (a list of its own, with no call)
            return ast.List([ast.Starred(field(name("st"), "seats"), LOAD)], LOAD)
        if rule_name == "current":
            return item(field(name("st"), "seats"), field(name("st"), "current"))
        if rule_name == "round":
            return field(name("st"), "round_number")
        if rule_name == "attributes":
            return call("as_list", name("st"), gen.program.constant(list(names.attribute_names)))
        seat = seat_of(rule_name, names.max_players)
        if seat is not None:
            return item(name("SEATS"), ast.Constant(seat))
        raise self.unknown(gen, tree, scope.names())

    @staticmethod
    def declared(gen, rule_name: str) -> ast.expr:
        """The code of a name the file declares: a game variable, a constant or a shared zone."""
        names = gen.names
        if rule_name in names.game_vars:
            return item(field(name("st"), "vars"), ast.Constant(rule_name))
        if rule_name in names.constants:
            return ast.Constant(names.constants[rule_name])
        if rule_name not in names.zone_lists:
            return gen.program.constant(ZoneRef(rule_name))
        return method(name("st"), "zone_family", ast.Constant(rule_name), ast.Constant(None))

    def unknown(self, gen, tree, locals_) -> Exception:
        """The error for a name that is none of the above."""
        rule_name, names = str(tree.children[0]), gen.names
        if rule_name in names.player_zones:
            return gen.error(tree, f"'{rule_name}' is a zone of each player: write me.{rule_name} or p.{rule_name}")
        if rule_name == "deck" and names.deck_zone in names.shared_zones:  # (the section's key is no zone;
            # worded as every near miss is, so that an editor offers the fix: lsp/diagnostics.py)
            return gen.error(tree, f"unknown name 'deck': the deck's cards start in the zone '{names.deck_zone}' "
                                   f"(did you mean '{names.deck_zone}'?)")
        if re.fullmatch(r"[dT][0-9]+", rule_name):
            return gen.error(tree, f"dice '{rule_name}' need a count: write 1{rule_name} for one die")
        known = (set(locals_) | names.game_vars | set(names.constants) | names.shared_zones | set(BUILTIN_NAMES)
                 | {"true", "false", "none"})
        return gen.error(tree, f"unknown name '{rule_name}'{suggest(rule_name, known)}")

    def evaluate(self, ev, tree, scope, st, env):
        rule_name, names = str(tree.children[0]), ev.names
        if rule_name in scope or rule_name in OWN_NAMES:
            return env[rule_name]
        if names.declares(rule_name):
            return self.declared_value(names, rule_name, st)
        if rule_name == "opponent":
            return Other.meaning(st, env["me"])
        if rule_name == "players":
            return ops.players(st)
        if rule_name == "current":
            return st.seats[st.current]
        if rule_name == "round":
            return st.round_number
        if rule_name == "attributes":
            return list(names.attribute_names)
        seat = seat_of(rule_name, names.max_players)
        if seat is not None:
            return Player(seat)
        raise self.unknown(ev, tree, scope)

    @staticmethod
    def declared_value(names, rule_name: str, st):
        """The value of a name the file declares (the plain meaning of `declared`)."""
        if rule_name in names.game_vars:
            return st.vars[rule_name]
        if rule_name in names.constants:
            return names.constants[rule_name]
        return ZoneRef(rule_name) if rule_name not in names.zone_lists else st.zone_family(rule_name, None)


def seat_of(rule_name: str, max_players: int) -> int | None:
    """The seat a name like `P2` stands for, or None."""
    if len(rule_name) >= 2 and rule_name[0] == "P" and rule_name[1:].isdigit():
        number = int(rule_name[1:])
        if 1 <= number <= max_players:
            return number - 1
    return None


class Attribute(Operator):
    """A value's attribute: a player's zones, variables and score sheets (`p.hand`, `p.score`, `seat`, `name`); a card's printed and stored values and properties (`c.rank`, `c.dmg`), `zone`, `owner`, `parent`, `face_down`, `name`; a die's `face` and `sides`; a zone's variables, `name`, `owner`, `index`; a roll's `total`, `high`, `low`, `fumble`, `dice`."""

    keyword = "."
    syntax = ("VALUE.NAME",)
    example = "first(me.hand).rank + me.score"
    forms = ("attr",)
    grammar = (("postfix", 'postfix "." NAME -> attr'),)

    def kind(self, checker, node):
        subject, names = checker.kind(node.children[0]), checker.names
        attribute = str(node.children[1])
        if subject in SCALARS:
            checker.fail(node.children[1], f"'.{attribute}' on {subject}: only players, cards, zones and rolls have "
                                           f"attributes")
        if subject == PLAYER and attribute in names.player_zones:
            return LIST if attribute in names.zone_lists else ZONE
        if subject in (PLAYER, ANY) and attribute in names.sheets:
            return SHEET
        sections = {"prop": names.card_props, "card_var": names.card_vars, "player_var": names.player_vars}
        found = {checker.declared.get(key, ANY) for key in (("prop", attribute), ("card_var", attribute),
                                                           ("player_var", attribute)) if key[1] in sections[key[0]]}
        if not found and attribute in names.numeric_facts:
            return NUMBER  # a printed value that is a number on every card
        return next(iter(found)) if len(found) == 1 else ANY  # a name declared twice may be either

    def add_reads(self, dependencies, tree, found):
        attribute, names = str(tree.children[1]), dependencies.names
        if attribute in names.player_vars:
            found.add(("p", attribute))
        if attribute in names.sheets:
            found.add("sheets")
        if attribute in names.card_vars:
            found.add("cvar")
        if attribute in names.zone_vars:
            found.add("zvars")
        if attribute in ("zone", "owner", "parent"):
            found.update(("loc", "attach"))
        if attribute == "face_down":
            found.add("down")
        if attribute in names.card_props - names.constant_props:
            return dependencies.add(("prop", attribute), found)
        return True

    def evaluate(self, ev, tree, scope, st, env):
        attribute = str(tree.children[1])
        if attribute not in ev.names.attributes():
            raise ev.error(tree.children[1], f"unknown attribute '{attribute}'{suggest(attribute, ev.names.attributes())}")
        return st.attribute(ev.value(tree.children[0], scope, st, env), attribute, env.get("me"))

    def code(self, gen, tree, scope, as_bool):
        subject_tree, attribute = tree.children[0], str(tree.children[1])
        names = gen.names
        if attribute not in names.attributes():
            raise gen.error(tree.children[1], f"unknown attribute '{attribute}'{suggest(attribute, names.attributes())}")
        subject = gen.node(subject_tree, scope)
        key = ast.Constant(attribute)
        kind = attribute_kind(attribute, names)
        if gen.cards_only and kind in ("fact", "card_var"):  # a value that is no card fails here (see _define_pure)
            gen.assumed = True
            return _card_value(gen, kind, subject, key, attribute)
        if gen.cards_only and kind == "zone" and simple(subject) and scope.may_bind:
            gen.assumed = True
            return _zone_of(gen, subject)
        bound = None  # `(temp := subject)`, for a subject that is not free to read twice (a call)
        if (not simple(subject) and scope.may_bind and kind in TYPED_KINDS
                and not (kind == "player_zone" and attribute in names.zone_lists)):
            bound = ast.NamedExpr(ast.Name(gen.program.fresh("t"), STORE), subject)
            subject = name(bound.target.id)
        general = call("attribute", name("st"), subject, key, scope.me)
        if kind == "fact":
            fast = _card_value(gen, kind, subject, key, attribute)
            return _typed(subject, bound, "CARD", fast, call("card_fact", name("st"), subject, key, scope.me))
        seat = seat_literal(subject)  # `P1.hand`: the player is known as the code is built
        if (gen.cards_only and seat is None and kind in ("player_var", "player_zone") and (bound or simple(subject))
                and attribute not in names.zone_lists):  # short code: a value that is no player fails (None as a seat)
            gen.assumed = True
            test = ast.Compare(field(bound or subject, "__class__"), [ast.Is()], [name("PLAYER")])
            seat_of_subject = ast.IfExp(test, item(subject, ast.Constant(0)), ast.Constant(None))
            if kind == "player_var":
                return item(item(field(name("st"), "pvars"), seat_of_subject), key)
            return item(gen.compiler.seat_zones(attribute), seat_of_subject)
        if kind == "player_var":
            if seat is not None:
                return item(item(field(name("st"), "pvars"), ast.Constant(seat)), key)
            fast = item(item(field(name("st"), "pvars"), item(subject, ast.Constant(0))), key)
            return _typed(subject, bound, "PLAYER", fast, call("player_var", name("st"), subject, key, scope.me))
        if kind == "player_zone":
            general = call("player_zone", name("st"), subject, key, scope.me)
            if attribute in names.zone_lists:
                return general
            if seat is not None:
                return gen.program.constant(ZoneRef(attribute, seat))
            fast = item(gen.compiler.seat_zones(attribute), item(subject, ast.Constant(0)))
            return _typed(subject, bound, "PLAYER", fast, general)
        if kind == "card_prop":
            prop = call(gen.program.symbol("prop", attribute), name("st"), scope.me, subject)
            return _typed(subject, bound, "CARD", prop, general)
        if kind == "card_var":
            fast = _card_value(gen, kind, subject, key, attribute)
            return _typed(subject, bound, "CARD", fast, call("card_var", name("st"), subject, key, scope.me))
        if kind == "zone_var":
            return call(kind, name("st"), subject, key, scope.me)
        if kind == "index":
            return call("zone_index", name("st"), subject, scope.me)
        if kind == "face_down":
            fast = ast.Compare(field(subject, "id"), [ast.In()], [field(name("st"), "down")])
            return _typed(subject, bound, "CARD", fast, general)
        if kind == "zone":
            return _typed(subject, bound, "CARD", method(name("st"), "root", subject),
                          call("card_zone", name("st"), subject, scope.me))
        if kind == "owner":
            return call("card_owner", name("st"), subject, scope.me)
        return general


def _card_value(gen, kind: str, subject, key, attribute: str) -> ast.expr:
    """A card's printed value (`fact`) or stored value (`card_var`, a marker's too), read straight:
    for any other value this fails with a Python error."""
    if kind == "fact":
        return item(field(subject, "facts"), key)
    stored = ast.Call(field(field(name("st"), "cvars"), "get"), [field(subject, "id"), name("NOTHING")], [])
    return ast.Call(field(stored, "get"), [key, gen.program.constant(gen.names.card_defaults.get(attribute))], [])


def _typed(subject, bound, kind: str, fast, slow):
    """`fast` when the subject is of the expected class, else the general (slow, checked) path.

    Both read the subject, so it must be free to read twice: a local or a constant, or the
    temporary that `bound` (`temp := subject`) sets as the class is tested.
    """
    if bound is None and not simple(subject):
        return slow
    test = ast.Compare(field(bound or subject, "__class__"), [ast.Is()], [name(kind)])
    return ast.IfExp(test, fast, slow)


def _zone_of(gen, card: ast.expr) -> ast.expr:
    """`card.zone` read from the state's table for a card lying in a zone; the engine follows an
    attached card to its root. A value that is no card fails here (see `_define_pure`)."""
    place = gen.program.fresh("t")
    found = method(field(name("st"), "loc"), "get", field(card, "id"), ast.Tuple([ast.Constant("")], LOAD))
    in_zone = ast.Compare(item(ast.NamedExpr(ast.Name(place, STORE), found), ast.Constant(0)), [ast.Eq()],
                          [ast.Constant("z")])
    return ast.IfExp(in_zone, item(name(place), ast.Constant(1)), method(name("st"), "root", card))


def attribute_kind(attribute: str, names) -> str:
    """Which fast path `x.attribute` can take: what the rule file declares under that name.

    `fact`: a value every card has for the whole game (printed, or a property computed once);
    `player_var`, `player_zone`, `card_var`, `zone_var`, `card_prop`: declared only as that;
    `face_down`, `zone`, `owner`, `index`: the engine's own attributes; `general` otherwise.
    """
    declared = [kind for kind, found in (("player_zone", names.player_zones), ("player_var", names.player_vars),
                                         ("card_var", names.card_vars), ("zone_var", names.zone_vars),
                                         ("card_prop", names.card_props - names.constant_props))
                if attribute in found]
    if not declared and (attribute in names.common_attributes or attribute in names.constant_props):
        return "fact"
    if attribute in names.card_attributes or (attribute in names.card_props and declared != ["card_prop"]):
        return "general"  # (a printed value, or a property of the same name as something else: as st.attribute reads it)
    if len(declared) == 1:
        return declared[0]
    if not declared and attribute in ("face_down", "zone", "owner", "index"):
        return attribute
    return "general"


def seat_literal(subject: ast.expr) -> int | None:
    """The seat of a player written by name (`P1` compiles to `SEATS[0]`); None for any other value."""
    if (isinstance(subject, ast.Subscript) and isinstance(subject.value, ast.Name) and subject.value.id == "SEATS"
            and isinstance(subject.slice, ast.Constant)):
        return subject.slice.value
    return None
