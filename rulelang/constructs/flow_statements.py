"""The statements that act on the flow of a game rather than on the table: `check`.

Each is one class (see `statements.py` for what a statement says of itself).
"""
from __future__ import annotations

from ..engine.choices import SettlePoint
from .statements import Statement


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
