"""The statements that act on the flow of a game rather than on the table: `check`, `next turn`,
`end turn`, `end round`, `end repeat`.

Each is one class (see `statements.py` for what a statement says of itself).
"""
from __future__ import annotations

from ..engine.choices import SettlePoint
from ..engine.effects import EndRepeat, EndRound, EndTurn
from ..errors import RuleError
from ..kit.codegen import method, name
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


class EndFlow(Statement):
    """End the turn, the round or the innermost `repeat` now, from wherever it runs (a move, a procedure, a trigger).

    `end turn` drops the rest of the turn — of its `do` and of every move, procedure or trigger
    running in it — and the turn's `after` runs (in `after`, the rest of `after` is dropped).
    `end round` ends the round as when the round's `end` holds: the rest of the turn is dropped
    and the round's `after` runs (a game with `rounds:` only). `end repeat` leaves the innermost
    `repeat` block, also from inside a move it offered (the rest of the move is dropped, as after
    `break`), and the effects after the `repeat` run. So a move says itself that it ends the turn:
    a discard that closes a turn of melds, a player who banks instead of rolling again.
    """

    keyword = "end"
    syntax = ("end turn", "end round", "end repeat")
    example = "end turn"
    grammar = ('"end" "turn" -> end_turn', '"end" "round" -> end_round', '"end" "repeat" -> end_repeat')

    def node(self, sc, tree, pos, scope):
        if tree.data == "end_round" and not sc.names.rounds:
            raise RuleError.at(pos, "'end round' ends a round of a game played in rounds (rounds:); "
                                    "this game has none: write 'end turn', or end the game with win, lose or tie")
        return {"end_turn": EndTurn, "end_round": EndRound, "end_repeat": EndRepeat}[tree.data](pos)
