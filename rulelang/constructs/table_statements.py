"""The statements that change what lies on the table other than by moving cards: `show … to`.

Each is one class (see `statements.py` for what a statement says of itself).
"""
from __future__ import annotations

from ..compile.codegen import call, name
from ..engine import ops
from ..language.syntax import node_column
from .statements import Statement, _do


class ShowTo(Statement):
    """Show cards to some players: each of them knows the card where it lies from then on, as long as it lies there.

    A card passed, handed over when asked for, or shown to one player stays known to them in
    their view, in what an AI observes and in what the search bots assume of hidden cards,
    until it leaves the zone it was shown in. `show X to players` shows it to everyone.
    """

    keyword = "show"
    syntax = ("show X to P",)
    example = "show first(me.hand) to opponent"
    grammar = ('"show" expr "to" expr -> show_to',)

    def code(self, sc, tree, pos, scope):
        what, who = (sc.expr(child, pos, scope) for child in tree.children)
        where = sc.program.constant(pos.shifted(node_column(tree.children[1])))
        return _do(call("show_to", name("st"), what, who, where))

    def run(self, ev, tree, pos, scope, st, env):
        what, who = (ev.value(child, scope, st, env) for child in tree.children)
        ops.show_to(st, what, who, pos.shifted(node_column(tree.children[1])))
