"""Compile one-line effect statements (`move x to discard`, `set p.score += 1` ...) to closures."""
from __future__ import annotations

import re

from ..engine.effects import Break, Call, Refuse, Statement
from ..engine.values import Player, Roll, ZoneRef, pretty
from ..errors import GameError, Position, RuleError
from ..language.kinds import check_kinds
from ..language.syntax import node_column, parse
from .expressions import ExpressionCompiler, is_card, suggest


def stored(value):
    """A value as it is kept in a variable: a dice roll keeps only its total."""
    return int(value) if isinstance(value, Roll) else value

INTERPOLATION = re.compile(r"\{([^{}]*)\}")


class StatementCompiler:
    """Turns a statement's parse tree into a closure `f(state, env)`."""

    def __init__(self, expressions: ExpressionCompiler):
        self.expressions = expressions
        self.names = expressions.names

    def compile(self, text, pos: Position, scope: set):
        """Compile a statement into an effect node; names it binds (`let`) join `scope`."""
        pos = getattr(text, "pos", pos).shifted(getattr(text, "offset", 0))
        tree = parse(text, "start_statement", pos)
        if tree.data == "break_":
            return Break(pos)
        if tree.data == "call_procedure":
            return self._call(tree, pos, scope)
        if tree.data == "refuse":
            return Refuse(self.interpolation(str(tree.children[0])[1:-1], pos, scope), pos)
        return Statement(getattr(self, f"_{tree.data}")(tree, pos, scope), pos)

    def _call(self, tree, pos, scope):
        name = str(tree.children[0])
        args = [c for c in tree.children[1:] if c is not None]
        wanted = self.names.procedures.get(name)
        if wanted is None:
            raise RuleError.at(pos.shifted(node_column(tree.children[0])),
                               f"unknown procedure '{name}'{suggest(name, self.names.procedures)}")
        if len(args) != wanted:
            raise RuleError.at(pos, f"procedure {name}() takes {wanted} argument(s), got {len(args)}")
        return Call(name, tuple(self._expr(a, pos, scope) for a in args), pos)

    def _expr(self, node, pos, scope):
        check_kinds(node, self.names, pos)
        return self.expressions.compile_tree(node, pos, frozenset(scope))

    def _zone(self, node, pos, scope, what):
        expr = self._expr(node, pos, scope)
        where = pos.shifted(node_column(node))

        def zone(st, env):
            value = expr(st, env)
            if not isinstance(value, ZoneRef):
                raise GameError(f"{what} must be a zone, got {pretty(value)}", where)
            return value
        return zone

    def _move(self, tree, pos, scope):
        what = self._expr(tree.children[0], pos, scope)
        dest = tree.children[1]
        facing = tree.children[2] if len(tree.children) > 2 else None
        face_down = None if facing is None else str(facing.children[0]) == "down"
        if dest.data == "to_new_pile":
            at_start = str(dest.children[0]) == "start"
            row = self._expr(dest.children[1], pos, scope)

            def to_new_pile(st, env):
                cards = what(st, env)
                st.move(cards, st.new_pile(row(st, env), at_start), "top", face_down)
            return to_new_pile
        zone = self._zone(dest.children[0], pos, scope, "the destination")
        where = "top" if dest.data == "to_top" else "bottom"
        return lambda st, env: st.move(what(st, env), zone(st, env), where, face_down)

    def _move_under(self, tree, pos, scope):
        what = self._expr(tree.children[0], pos, scope)
        target = self._expr(tree.children[1], pos, scope)
        return lambda st, env: st.move(what(st, env), target(st, env), "under")

    def _draw(self, tree, pos, scope):
        count = self._expr(tree.children[0], pos, scope)
        source = self._zone(tree.children[1], pos, scope, "'draw ... from'")
        target = self._zone(tree.children[2], pos, scope, "'draw ... to'")
        return lambda st, env: st.draw(int(count(st, env)), source(st, env), target(st, env))

    def _shuffle(self, tree, pos, scope):
        zone = self._zone(tree.children[0], pos, scope, "'shuffle'")

        def shuffle(st, env):
            ref = zone(st, env)
            st.shuffle(ref)
            st.say(f"shuffles {pretty(ref)}")
        return shuffle

    def _let(self, tree, pos, scope):
        name = str(tree.children[0])
        value = self._expr(tree.children[1], pos, scope)
        scope.add(name)

        def let(st, env):
            env[name] = value(st, env)
        return let

    def _set(self, tree, pos, scope):
        target, op, value_tree = tree.children
        raw = self._expr(value_tree, pos, scope)

        def value(st, env):
            return stored(raw(st, env))
        op = str(op)
        combine = {"=": lambda old, new: new, "+=": lambda old, new: old + new,
                   "-=": lambda old, new: old - new}[op]
        if target.data == "target_name":
            return self._set_name(target, pos, scope, value, combine)
        subject = self._expr(target.children[0], pos, scope)
        name = str(target.children[1])
        where = pos.shifted(node_column(target.children[1]))
        names = self.names
        if name not in names.player_vars and name not in names.card_vars and name not in names.zone_vars:
            raise RuleError.at(where, f"'{name}' is not a declared player_vars, card_vars or zone_vars name")

        def set_attr(st, env):
            owner = subject(st, env)
            if isinstance(owner, Player) and name in names.player_vars:
                store = st.pvars[owner.seat]
                store[name] = combine(store[name], value(st, env))
            elif is_card(owner) and name in names.card_vars:
                old = st.attribute(owner, name, env)
                st.set_card_var(owner, name, combine(old, value(st, env)))
            elif isinstance(owner, ZoneRef) and name in names.zone_vars:
                st.set_zone_var(owner, name, combine(st.attribute(owner, name, env), value(st, env)))
            else:
                raise GameError(f"cannot set '{name}' on {pretty(owner)}", where)
        return set_attr

    def _set_name(self, target, pos, scope, value, combine):
        name = str(target.children[0])
        if name in scope:
            def set_local(st, env):
                env[name] = combine(env.get(name), value(st, env))
            return set_local
        if name in self.names.game_vars:
            def set_var(st, env):
                st.vars[name] = combine(st.vars[name], value(st, env))
            return set_var
        raise RuleError.at(pos.shifted(node_column(target)),
                           f"'{name}' is neither a game variable (vars:) nor a local (let)")

    def _reveal(self, tree, pos, scope):
        what = self._expr(tree.children[0], pos, scope)

        def reveal(st, env):
            cards = st.items(what(st, env))
            st.say(f"reveals {pretty(cards)}")
        return reveal

    def _turn_face(self, tree, pos, scope):
        what = self._expr(tree.children[0], pos, scope)
        down = str(tree.children[1].children[0]) == "down"
        return lambda st, env: st.turn_face(what(st, env), down)

    def _mark(self, tree, pos, scope):
        card = self._expr(tree.children[0], pos, scope)
        values = []
        for assignment in tree.children[1:]:
            name = str(assignment.children[0])
            if name not in self.names.card_vars:
                raise RuleError.at(pos.shifted(node_column(assignment)),
                                   f"'{name}' is not declared under card_vars")
            values.append((name, self._expr(assignment.children[1], pos, scope)))
        return lambda st, env: st.mark(card(st, env), {n: int(v(st, env)) for n, v in values})

    def _log(self, tree, pos, scope):
        return self.interpolation(str(tree.children[0])[1:-1], pos, scope, to_log=True)

    def interpolation(self, text: str, pos: Position, scope, to_log: bool = False):
        """Compile text with `{expression}` parts; for `log`, the closure writes the log."""
        parts = []
        last = 0
        for found in INTERPOLATION.finditer(text):
            parts.append(text[last:found.start()])
            parts.append(self.expressions.compile(found.group(1), pos.shifted(found.start() + 1),
                                                  frozenset(scope)))
            last = found.end()
        parts.append(text[last:])

        def render(st, env):
            return "".join(p if isinstance(p, str) else pretty(p(st, env)) for p in parts)
        if to_log:
            return lambda st, env: st.say(render(st, env), actor=False)
        return render

    def _win(self, tree, pos, scope):
        who = self._expr(tree.children[0], pos, scope)
        return lambda st, env: st.finish([p.seat for p in st.items(who(st, env))])

    def _lose(self, tree, pos, scope):
        who = self._expr(tree.children[0], pos, scope)

        def lose(st, env):
            losers = {p.seat for p in st.items(who(st, env))}
            st.finish([s for s in range(st.n) if s not in losers])
        return lose

    def _tie(self, tree, pos, scope):
        return lambda st, env: st.finish([], tie=True)
