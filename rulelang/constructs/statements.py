"""The one-line statements of effect lists: `move c to discard`, `set p.score += 1`, `log "..."` ...

Each statement is one class: its grammar (the productions the parser is built from), its plain
meaning (`run`: what the reference interpreter does, reading values with its evaluator), and
the code the compiler writes for it (`code`: `ast` statements run with `st` and `env`). A
statement that is not run as plain code (`break`, `call`, `return`, `refuse`) makes its effect
node itself (`node`). The statement compiler (`compile/statements.py`) is the driver: it parses,
finds the statement by its parse tree's name (`forms`), and offers what both need.
"""
from __future__ import annotations

import ast
import re

from ..engine import ops
from ..engine.effects import Break, Call, Draw, Refuse, Return
from ..errors import RuleError
from ..kit.codegen import LOAD, STORE, call, field, item, method, name
from ..kit.names import suggest
from ..kit.trees import Tree, node_column
from .base import Construct, family_of
from .kinds import NUMBER

VOLATILE = re.compile(r"\b[0-9]+[dT][0-9]+\b|\brandom\s*\(")  # text parts that use chance


@family_of
class Statement(Construct):
    """A one-line statement of an effect list."""

    family = "statement"
    example_kind = "statement"
    grammar: tuple = ()  # its productions, as the grammar writes them (`"shuffle" expr -> shuffle`)
    forms: tuple = ()  # the names of its parse trees (the productions' `-> name`)
    text_value = False  # in the mapping form its value is a text on one line (`- log: a: b`), not the rest
    moves_cards = False  # it may move cards (so `on: moved` triggers may answer it)
    ends_game = False  # it may end the game

    def __init_subclass__(cls, **kwargs):
        if cls.__dict__.get("grammar") and not cls.__dict__.get("forms"):
            cls.forms = tuple(production.rsplit("->", 1)[1].strip() for production in cls.grammar)
        super().__init_subclass__(**kwargs)

    def node(self, sc, tree, pos, scope):
        """The effect node of the statement: by default one that runs its code (or its meaning)."""
        return sc.plain(self, tree, pos, scope)

    def code(self, sc, tree, pos, scope) -> list:
        """The statement as generated code: `ast` statements run with `st` and `env`."""
        raise NotImplementedError  # pragma: no cover - every plain statement says

    def bound(self, tree) -> set:
        """The local names the statement binds for the effects after it."""
        return set()

    def run(self, ev, tree, pos, scope, st, env) -> None:
        """Do what the statement says (the reference interpreter: `ev` evaluates expressions, `scope`
        holds the local names bound where the statement stands)."""
        raise NotImplementedError  # pragma: no cover - every plain statement says


def text_pos(tree, pos):
    """Where the text of a `log` or `refuse` statement starts (after its opening quote)."""
    return pos.shifted(node_column(tree.children[0]) + 1)


def _do(value: ast.expr) -> list:
    return [ast.Expr(value)]


def _set_player_value(sc, owner: ast.expr, attribute: str, op: str, value: ast.expr, where) -> list:
    """`set p.v op E` for a name only players have: what `ops.set_player_value` does, written out
    (no call) when the owner is a player of a game without teams and the values are whole numbers
    (`=`: any value but a roll); anything else goes through `ops.set_player_value` itself."""
    st, fresh = name("st"), sc.program.fresh
    o, vs, old = fresh("t"), fresh("t"), fresh("t")
    literal, v = isinstance(value, ast.Constant), fresh("t")  # (a literal is never a roll)
    steps = [ast.Assign([ast.Name(o, STORE)], owner), ast.Assign([ast.Name(v, STORE)], value)]
    value = name(v)
    tests = [_is(name(o), "PLAYER"), ast.Compare(field(field(st, "game"), "teams"), [ast.Is()], [ast.Constant(None)])]
    values = item(field(st, "pvars"), item(name(o), ast.Constant(0)))
    if op == "=":
        if not literal:
            tests.append(ast.Compare(field(value, "__class__"), [ast.IsNot()], [name("ROLL")]))
        body, new = [ast.Assign([ast.Name(vs, STORE)], values),
                     ast.Assign([ast.Name(old, STORE)], item(name(vs), ast.Constant(attribute)))], value
    else:
        found = ast.NamedExpr(ast.Name(old, STORE), item(ast.NamedExpr(ast.Name(vs, STORE), values), ast.Constant(attribute)))
        tests += [_is(value, "INT"), _is(found, "INT")]
        new = name(fresh("t"))
        body = [ast.Assign([ast.Name(new.id, STORE)], ast.BinOp(name(old), ast.Add() if op == "+=" else ast.Sub(), value))]
    key, clock = ast.Constant(("p", attribute)), fresh("t")
    body.append(ast.If(ast.Compare(new, [ast.IsNot()], [name(old)]), [  # (the very value it holds: no change)
        ast.Assign([ast.Subscript(name(vs), ast.Constant(attribute), STORE)], new),
        ast.Assign([ast.Name(clock, STORE)], field(st, "clock")),  # (`touch`, written out)
        ast.Assign([ast.Subscript(name(clock), ast.Constant(0), STORE), ast.Attribute(st, "version", STORE),
                    ast.Subscript(field(st, "versions"), key, STORE)],
                   ast.BinOp(item(name(clock), ast.Constant(0)), ast.Add(), ast.Constant(1))),
        ast.If(ast.Compare(field(st, "changed_parts"), [ast.IsNot()], [ast.Constant(None)]),
               [ast.Expr(method(field(st, "changed_parts"), "append", key))], [])], []))
    otherwise = _do(call("set_player_value", st, name(o), ast.Constant(attribute), ast.Constant(op), value,
                         sc.program.constant(where)))
    return steps + [ast.If(ast.BoolOp(ast.And(), tests), body, otherwise)]


def _is(value: ast.expr, kind: str) -> ast.Compare:
    return ast.Compare(field(value, "__class__"), [ast.Is()], [name(kind)])


def _facing(tree):
    """Whether a statement's cards end face down: True, False (`face up`), or None (not said:
    face up too, as every move leaves cards unless it says `face down`)."""
    facing = next((c for c in tree.children if isinstance(c, Tree) and c.data == "facing"), None)
    return None if facing is None else str(facing.children[0]) == "down"


class Move(Statement):
    """Put cards (a card, a list, or a zone's cards) on top of a zone, at its bottom, in a new pile of a row, or under a card.

    `face down` or `face up` says how they lie; a card moved under a card is attached to it and travels with it.
    """

    keyword = "move"
    syntax = ("move X to Z", "move X to bottom of Z", "move X to Z face down",
              "move X to new pile at end of R", "move X under C")
    example = "move first(me.hand) to bottom of discard"
    grammar = ('"move" expr "to" destination facing? -> move', '"move" expr "under" expr -> move_under')
    moves_cards = True

    def code(self, sc, tree, pos, scope):
        what = sc.expr(tree.children[0], pos, scope)
        if tree.data == "move_under":
            target = sc.expr(tree.children[1], pos, scope)
            return _do(method(name("st"), "move", what, target, ast.Constant("under")))
        dest = tree.children[1]
        face_down = ast.Constant(_facing(tree))
        if dest.data == "to_new_pile":
            at_start = ast.Constant(str(dest.children[0]) == "start")
            pile = method(name("st"), "new_pile", sc.expr(dest.children[1], pos, scope), at_start)
            return _do(method(name("st"), "move", what, pile, ast.Constant("top"), face_down))
        zone = sc.zone(dest.children[0], pos, scope, "the destination")
        where = ast.Constant("bottom" if dest.data == "to_bottom" else "top")
        return _do(method(name("st"), "move", what, zone, where, face_down))

    def run(self, ev, tree, pos, scope, st, env):
        what = ev.value(tree.children[0], scope, st, env)
        if tree.data == "move_under":
            st.move(what, ev.value(tree.children[1], scope, st, env), "under")
            return
        dest = tree.children[1]
        if dest.data == "to_new_pile":
            pile = st.new_pile(ev.value(dest.children[1], scope, st, env), str(dest.children[0]) == "start")
            st.move(what, pile, "top", _facing(tree))
            return
        zone = ev.zone(dest.children[0], pos, scope, st, env, "the destination")
        st.move(what, zone, "bottom" if dest.data == "to_bottom" else "top", _facing(tree))


class DrawCards(Statement):
    """Move N cards one at a time from the top of a zone to the bottom (or top) of another, refilling the first if it declares `refill`.

    When the zone and its refill hold fewer than N cards, it draws what there is, with no error.
    """

    keyword = "draw"
    syntax = ("draw N from Z to Y", "draw N from Z to top of Y", "draw N from Z to Y face down")
    example = "draw 2 from draw to me.hand"
    grammar = ('"draw" expr "from" expr "to" destination facing? -> draw',)
    moves_cards = True

    def node(self, sc, tree, pos, scope):
        return Draw(sc.plain(self, tree, pos, scope).fn, pos, moves=True, parts=sc.parts(self, tree, pos, scope))

    def parts(self, sc, tree, pos, scope) -> list:
        """(count, source, target, where, face_down) of the draw, as generated code."""
        sc.check_number(tree.children[0], pos, scope, "the number to draw")
        count = sc.number(tree.children[0], pos, scope, "the number to draw")
        source = sc.zone(tree.children[1], pos, scope, "'draw ... from'")
        dest = tree.children[2]
        if dest.data == "to_new_pile":
            raise RuleError.at(pos.shifted(node_column(dest)), "a draw goes to a zone, or to the top or bottom "
                                                               "of one; to start a pile, 'move' the card")
        target = sc.zone(dest.children[0], pos, scope, "'draw ... to'")
        end = ast.Constant("top" if dest.data == "to_top" else "bottom")  # drawn cards go under the others
        return [count, source, target, end, ast.Constant(_facing(tree))]

    def code(self, sc, tree, pos, scope):
        return _do(method(name("st"), "draw", *self.parts(sc, tree, pos, scope)))

    def values(self, ev, tree, pos, scope, st, env) -> tuple:
        """(count, source, target, where, face_down) of the draw, by the reference interpreter."""
        count = ops.number(ev.value(tree.children[0], scope, st, env), "the number to draw",
                           pos.shifted(node_column(tree.children[0])))
        source = ev.zone(tree.children[1], pos, scope, st, env, "'draw ... from'")
        dest = tree.children[2]
        target = ev.zone(dest.children[0], pos, scope, st, env, "'draw ... to'")
        return count, source, target, "top" if dest.data == "to_top" else "bottom", _facing(tree)

    def run(self, ev, tree, pos, scope, st, env):
        st.draw(*self.values(ev, tree, pos, scope, st, env))


class Shuffle(Statement):
    """Shuffle a zone with the game's seeded chance."""

    keyword = "shuffle"
    syntax = ("shuffle Z",)
    example = "shuffle draw"
    grammar = ('"shuffle" expr -> shuffle',)

    def code(self, sc, tree, pos, scope):
        return _do(call("shuffle", name("st"), sc.zone(tree.children[0], pos, scope, "'shuffle'")))

    def run(self, ev, tree, pos, scope, st, env):
        ops.shuffle(st, ev.zone(tree.children[0], pos, scope, st, env, "'shuffle'"))


class Set(Statement):
    """Change a local, a game variable, or a value of a player, card or zone (`=`, `+=`, `-=`).

    A dice roll is kept as its total.
    """

    keyword = "set"
    syntax = ("set x = E", "set p.v = E", "set c.v += E", "set x -= E")
    example = "set me.score += 1"
    grammar = ('"set" target ASSIGN_OP expr -> set',)

    def code(self, sc, tree, pos, scope):
        target, op, value_tree = tree.children
        op = str(op)
        if op != "=" or self._declared_number(sc.names, target, scope):
            sc.check_number(value_tree, pos, scope, f"'set ... {op}'")
        value = sc.expr(value_tree, pos, scope)
        if target.data == "target_name":
            if not isinstance(value, ast.Constant):  # a literal is never a dice roll
                value = call("stored", value)
            return self._set_name(sc, str(target.children[0]), op, value, pos.shifted(node_column(target)), scope)
        attribute, where = self._attribute(sc.names, target, pos)
        owner = sc.expr(target.children[0], pos, scope)
        if self._player_only(sc.names, attribute):  # (it keeps a roll's total itself)
            return _set_player_value(sc, owner, attribute, op, value, where)
        if not isinstance(value, ast.Constant):
            value = call("stored", value)
        if op == "=" and self._card_only(sc.names, attribute):
            return _do(call("set_card_value", name("st"), owner, ast.Constant(attribute), value,
                            sc.program.constant(where)))
        return _do(call("set_attribute", name("st"), owner, ast.Constant(attribute), ast.Constant(op), value,
                        sc.program.constant(where)))

    @staticmethod
    def _attribute(names, target, pos) -> tuple:
        """The attribute a `set p.v` target names, and where; an error unless it is a declared variable."""
        attribute = str(target.children[1])
        where = pos.shifted(node_column(target.children[1]))
        if attribute not in names.player_vars and attribute not in names.card_vars and attribute not in names.zone_vars:
            raise RuleError.at(where, f"'{attribute}' is not a declared player_vars, card_vars or zone_vars name")
        return attribute, where

    @staticmethod
    def _player_only(names, attribute: str) -> bool:
        """Whether an attribute names only a player variable (so it may be set with no further test)."""
        return attribute not in names.card_vars and attribute not in names.zone_vars

    @staticmethod
    def _card_only(names, attribute: str) -> bool:
        """Whether an attribute names only a card variable (so `=` may store it straight on a card)."""
        return attribute not in names.player_vars and attribute not in names.zone_vars

    @staticmethod
    def _declared_number(names, target, scope) -> bool:
        """Whether a `set` target is a variable declared with a number (so it must stay one)."""
        if target.data == "target_name":
            local = str(target.children[0])
            return local not in scope and names.kinds.get(("var", local)) == NUMBER
        attribute = str(target.children[1])
        declared = {names.kinds.get((section, attribute)) for section in ("player_var", "card_var")
                    if attribute in (names.player_vars if section == "player_var" else names.card_vars)}
        return declared == {NUMBER}

    def _set_name(self, sc, local: str, op: str, value: ast.expr, where, scope):
        place = sc.program.constant(where)
        if local in scope:
            if op != "=":
                value = self._combined(sc, op, method(name("env"), "get", ast.Constant(local)), value, place)
            return [ast.Assign([ast.Subscript(name("env"), ast.Constant(local), STORE)], value)]
        if local in sc.names.game_vars:
            if op != "=":
                value = self._combined(sc, op, item(field(name("st"), "vars"), ast.Constant(local)), value, place)
            return _do(method(name("st"), "set_var", ast.Constant(local), value))
        if local in sc.names.constants:
            raise RuleError.at(where, f"'{local}' is a constant (constants:): it keeps its value for the whole game")
        known = set(sc.names.game_vars) | set(scope)
        raise RuleError.at(where, f"'{local}' is neither a game variable (vars:) nor a local (let)"
                                  f"{suggest(local, known)}")

    @staticmethod
    def _combined(sc, op: str, old: ast.expr, change: ast.expr, place: ast.expr) -> ast.expr:
        """The new value of `set x += change` (or `-=`); a number written in the rule file is
        added straight to a number (as `combine` would), anything else goes through `combine`'s checks."""
        if not (isinstance(change, ast.Constant) and change.value.__class__ is int):
            return call("combine", ast.Constant(op), old, change, place)
        temp = sc.program.fresh("t")
        bound = ast.NamedExpr(ast.Name(temp, STORE), old)
        test = ast.Compare(field(bound, "__class__"), [ast.Is()], [name("INT")])
        straight = ast.BinOp(name(temp), ast.Add() if op == "+=" else ast.Sub(), change)
        return ast.IfExp(test, straight, call("combine", ast.Constant(op), name(temp), change, place))

    def run(self, ev, tree, pos, scope, st, env):
        target, op, value_tree = tree.children
        op = str(op)
        if target.data == "target_name":
            local, where = str(target.children[0]), pos.shifted(node_column(target))
            if local in scope:
                old = env.get(local) if op != "=" else None
                value = ops.stored(ev.value(value_tree, scope, st, env))
                env[local] = value if op == "=" else ops.combine(op, old, value, where)
            else:
                old = st.vars[local] if op != "=" else None
                value = ops.stored(ev.value(value_tree, scope, st, env))
                st.set_var(local, value if op == "=" else ops.combine(op, old, value, where))
            return
        attribute, where = self._attribute(ev.names, target, pos)
        owner = ev.value(target.children[0], scope, st, env)
        value = ops.stored(ev.value(value_tree, scope, st, env))
        if op == "=" and self._card_only(ev.names, attribute):
            ops.set_card_value(st, owner, attribute, value, where)
        else:
            ops.set_attribute(st, owner, attribute, op, value, where)


class Let(Statement):
    """Give a value a local name for the rest of this effect list."""

    keyword = "let"
    syntax = ("let x = E",)
    example = "let top = first(draw)"
    grammar = ('"let" NAME "=" expr -> let',)

    def code(self, sc, tree, pos, scope):
        value = sc.expr(tree.children[1], pos, scope)
        return [ast.Assign([ast.Subscript(name("env"), ast.Constant(str(tree.children[0])), STORE)], value)]

    def bound(self, tree) -> set:
        return {str(tree.children[0])}

    def run(self, ev, tree, pos, scope, st, env):
        env[str(tree.children[0])] = ev.value(tree.children[1], scope, st, env)


class Reveal(Statement):
    """Show cards to every player: in the log, and on the table where they lie until that zone changes."""

    keyword = "reveal"
    syntax = ("reveal X",)
    example = "reveal me.hand"
    grammar = ('"reveal" expr -> reveal',)

    def code(self, sc, tree, pos, scope):
        return _do(call("reveal", name("st"), sc.expr(tree.children[0], pos, scope)))

    def run(self, ev, tree, pos, scope, st, env):
        ops.reveal(st, ev.value(tree.children[0], scope, st, env))


class Turn(Statement):
    """Turn cards face up (showing them to all who may see the zone) or face down."""

    keyword = "turn"
    syntax = ("turn X face up", "turn X face down")
    example = "turn me.hand face up"
    grammar = ('"turn" expr facing -> turn_face',)

    def code(self, sc, tree, pos, scope):
        down = ast.Constant(str(tree.children[1].children[0]) == "down")
        return _do(method(name("st"), "turn_face", sc.expr(tree.children[0], pos, scope), down))

    def run(self, ev, tree, pos, scope, st, env):
        st.turn_face(ev.value(tree.children[0], scope, st, env), str(tree.children[1].children[0]) == "down")


class Mark(Statement):
    """Lay a new marker under a card, with values stored on it (declared under `card_vars`).

    A marker is a counter, not a card: it is not conserved, and moved anywhere but under a card it vanishes.
    """

    keyword = "mark"
    syntax = ("mark C with v = E, ...",)
    example = "mark first(me.hand) with dmg = 2"
    grammar = ('"mark" expr "with" assignment ("," assignment)* -> mark',)

    def code(self, sc, tree, pos, scope):
        card = sc.expr(tree.children[0], pos, scope)
        keys, values = [], []
        for assignment in tree.children[1:]:
            variable = self._variable(sc.names, assignment, pos)
            keys.append(ast.Constant(variable))
            sc.check_number(assignment.children[1], pos, scope, f"the value of '{variable}'")
            values.append(sc.number(assignment.children[1], pos, scope, f"the value of '{variable}'"))
        return _do(method(name("st"), "mark", card, ast.Dict(keys, values)))

    @staticmethod
    def _variable(names, assignment, pos) -> str:
        variable = str(assignment.children[0])
        if variable not in names.card_vars:
            raise RuleError.at(pos.shifted(node_column(assignment)), f"'{variable}' is not declared under card_vars")
        return variable

    def run(self, ev, tree, pos, scope, st, env):
        card = ev.value(tree.children[0], scope, st, env)
        values = {}
        for assignment in tree.children[1:]:
            variable, value_tree = str(assignment.children[0]), assignment.children[1]
            values[variable] = ops.number(ev.value(value_tree, scope, st, env), f"the value of '{variable}'",
                                          pos.shifted(node_column(value_tree)))
        st.mark(card, values)


class Log(Statement):
    """A line in the game's log; `{…}` in the text holds expressions, filled in as it runs."""

    keyword = "log"
    syntax = ('log "text {E}"',)
    example = 'log "{count(me.hand)} cards in hand"'
    grammar = ('"log" STRING -> log',)
    text_value = True

    def code(self, sc, tree, pos, scope):
        text = str(tree.children[0])[1:-1]
        line = ast.Call(field(name("st"), "say"), [sc.text(text, text_pos(tree, pos), scope)],
                        [ast.keyword("actor", ast.Constant(False))])
        if VOLATILE.search(text):  # chance in the text: it must be evaluated even when nobody reads it
            return _do(line)
        return [ast.If(ast.UnaryOp(ast.Not(), field(name("st"), "quiet")), _do(line), [])]

    def run(self, ev, tree, pos, scope, st, env):
        text = str(tree.children[0])[1:-1]
        if VOLATILE.search(text) or not st.quiet:
            st.say(ev.text(text, text_pos(tree, pos), scope, st, env), actor=False)


class Win(Statement):
    """End the game: these players win (a player or a list of them), everyone else loses."""

    keyword = "win"
    syntax = ("win P",)
    example = "win me"
    grammar = ('"win" expr -> win',)
    ends_game = True
    outcome = staticmethod(ops.win)

    def node(self, sc, tree, pos, scope):
        sc.check_players(tree.children[0], pos, scope, f"'{self.keyword}' takes")
        return super().node(sc, tree, pos, scope)

    def code(self, sc, tree, pos, scope):
        return _do(call(self.keyword, name("st"), sc.expr(tree.children[0], pos, scope)))

    def run(self, ev, tree, pos, scope, st, env):
        self.outcome(st, ev.value(tree.children[0], scope, st, env))


class Lose(Win):
    """End the game: these players lose, everyone else wins."""

    keyword = "lose"
    syntax = ("lose P",)
    example = "lose opponent"
    grammar = ('"lose" expr -> lose',)
    outcome = staticmethod(ops.lose)


class Tie(Statement):
    """End the game in a draw for every seat."""

    keyword = "tie"
    syntax = ("tie",)
    example = "tie"
    grammar = ('"tie" -> tie',)
    ends_game = True

    def code(self, sc, tree, pos, scope):
        return _do(ast.Call(field(name("st"), "finish"), [ast.List([], LOAD)], [ast.keyword("tie", ast.Constant(True))]))

    def run(self, ev, tree, pos, scope, st, env):
        st.finish([], tie=True)


class Leave(Statement):
    """Leave the innermost `for` or `while`."""

    keyword = "break"
    syntax = ("break",)
    example = "- while: 'count(me.hand) < 5'\n  do: ['draw 1 from draw to me.hand', 'break']"
    example_kind = "effects"
    grammar = ('"break" -> break_',)

    def node(self, sc, tree, pos, scope):
        return Break(pos)


class RefuseMove(Statement):
    """The move being made is not allowed: it is dropped, the reason logged, and the player chooses again.

    Only what the move did before the refusal stands, so a move should check and refuse before it changes anything.
    """

    keyword = "refuse"
    syntax = ('refuse "reason"',)
    example = "refuse 'not with an empty hand'"
    grammar = ('"refuse" STRING -> refuse',)
    text_value = True

    def node(self, sc, tree, pos, scope):
        sc.refusals = True
        return Refuse(sc.interpolation(str(tree.children[0])[1:-1], text_pos(tree, pos), scope), pos)


class CallProcedure(Statement):
    """Run a procedure with these arguments (`as p`: with `me` the player p; `as 'name'`: credited to that name).

    `let x = call P(args)` keeps the value its `return` gives (`none` if it gives none).
    """

    keyword = "call"
    syntax = ("call P(args)", "call P(args) as p", "let x = call P(args)")
    example = "call deal(me)"
    grammar = ('"call" NAME "(" [expr ("," expr)*] ")" acting? -> call_procedure',
               '"let" NAME "=" "call" NAME "(" [expr ("," expr)*] ")" acting? -> let_call')

    def node(self, sc, tree, pos, scope):
        into = str(tree.children[0]) if tree.data == "let_call" else None
        children = tree.children[1:] if into is not None else tree.children
        procedure = str(children[0])
        acting = next((c for c in children[1:] if isinstance(c, Tree) and c.data == "acting"), None)
        args = [c for c in children[1:] if c is not None and c is not acting]
        wanted = sc.names.procedures.get(procedure)
        if wanted is None:
            raise RuleError.at(pos.shifted(node_column(children[0])),
                               f"unknown procedure '{procedure}'{suggest(procedure, sc.names.procedures)}")
        if len(args) != wanted:
            raise RuleError.at(pos, f"procedure {procedure}() takes {wanted} argument(s), got {len(args)}")
        for arg in args:
            sc.check_kinds(arg, pos, scope)
        compiled = tuple(sc.function(a, pos, scope) for a in args)
        if acting is not None:
            sc.check_kinds(acting.children[0], pos, scope)
            acting = sc.function(acting.children[0], pos, scope)
        if into is not None:
            scope.add(into)
        return Call(procedure, compiled, pos, acting, into)


class ReturnValue(Statement):
    """Leave the procedure being run, giving a value (or nothing) to the caller's `let x = call ...`."""

    keyword = "return"
    syntax = ("return E", "return")
    example = "return count(me.hand)"
    example_kind = "procedure"
    grammar = ('"return" expr? -> return_',)

    def node(self, sc, tree, pos, scope):
        if sc.procedure is None:
            raise RuleError.at(pos, "'return' ends a procedure; here no procedure is running "
                                    "(to stop a loop, write 'break')")
        value = tree.children[0] if tree.children else None
        if value is not None:
            sc.check_kinds(value, pos, scope)
            value = sc.function(value, pos, scope)
        return Return(value, pos)
