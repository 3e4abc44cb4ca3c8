"""The statements that act on the flow of a game rather than on the table: `check`, `next turn`.

Each is one class (see `statements.py` for what a statement says of itself).
"""
from __future__ import annotations

from ..compile.codegen import method, name
from ..engine.choices import SettlePoint
from .statements import Statement, _do


class Check(Statement):
    """A check point here: end rules, the round's end and triggers act now, before the next statement.

    Check points come by themselves before every decision, at the end of every move and at the
    start and end of every turn; a loop or a stretch of statements without a decision has none.
    Write `check` where a trigger must act before the rest of the list runs (a book laid down
    before the next question of a turn). If the game or the round ends there, the rest does not run.
    In `setup` (before the first turn) nothing is checked.
    """

    keyword = "check"
    syntax = ("check",)
    example = "- draw 1 from draw to me.hand\n- check"
    example_kind = "effects"
    grammar = ('"check" -> check',)

    def node(self, sc, tree, pos, scope):
        return SettlePoint(pos)


class NextTurn(Statement):
    """The turn after this one is P's, instead of the one `turn: next` (or the seat order) names.

    For a turn order that cards change: a skip (`next turn next(next(me))`), a player who plays
    again. It holds for the next change of turn only; seats that `turn: skip` skips are still
    passed over, from P on clockwise; a new round forgets it.
    """

    keyword = "next"
    syntax = ("next turn P",)
    example = "next turn next(next(me))"
    grammar = ('"next" "turn" expr -> next_turn',)

    def code(self, sc, tree, pos, scope):
        return _do(method(name("st"), "set_next_turn", sc.expr(tree.children[0], pos, scope)))

    def run(self, ev, tree, pos, scope, st, env):
        st.set_next_turn(ev.value(tree.children[0], scope, st, env))
