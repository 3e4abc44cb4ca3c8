"""The statements that change what lies on the table other than by moving one lot of cards: `show … to`, `roll`,
`fill`, `rotate`.

Each is one class (see `statements.py` for what a statement says of itself).
"""
from __future__ import annotations

import ast

from ..engine import ops
from ..errors import RuleError
from ..kit.codegen import call, name
from ..kit.trees import node_column
from .statements import Statement, _do


class ShowTo(Statement):
    """Show cards to some players: each of them knows the card where it lies from then on, as long as it lies there.

    A card passed, handed over when asked for, or shown to one player stays known to them in
    their view, in what an AI observes and in what the search bots assume of hidden cards,
    until it leaves the zone it was shown in, or, in a hand, a card leaves it unseen by them
    (they cannot tell which went). A card the rules move before the next decision stays known where it
    goes: show cards, then hand them over, and all watched them go. `show X to players` shows
    it to everyone.
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


class RollDice(Statement):
    """Roll dice of the game's pool (a die, a list of dice, or a zone's dice): each comes up on a new face.

    Chance gives the faces, so a rule test forces them (`dice:` in the test). The log tells the
    faces to each player who sees the dice, and only how many were rolled to the others (dice in a
    cup its owner alone sees). Dice not rolled keep their faces: roll the ones a player did not hold.
    """

    keyword = "roll"
    syntax = ("roll X",)
    example = "roll draw"
    grammar = ('"roll" expr -> roll_dice',)

    def code(self, sc, tree, pos, scope):
        where = sc.program.constant(pos.shifted(node_column(tree.children[0])))
        return _do(call("roll_dice", name("st"), sc.expr(tree.children[0], pos, scope), where))

    def run(self, ev, tree, pos, scope, st, env):
        ops.roll_dice(st, ev.value(tree.children[0], scope, st, env), pos.shifted(node_column(tree.children[0])))


class Fill(Statement):
    """Fill a box of a score sheet with a number: `fill me.scorecard[box] with points`.

    A box is filled once: filling it again stops the game with an error, so offer only
    `open_boxes(sheet)`. A tally adds up what is filled into it.
    """

    keyword = "fill"
    syntax = ("fill SHEET[BOX] with N",)
    example = "fill me.scorecard['low'] with 3"
    grammar = ('"fill" expr "with" expr -> fill_box',)

    def code(self, sc, tree, pos, scope):
        sheet, box = self._box(tree, pos)
        value = sc.expr(tree.children[1], pos, scope)
        where = sc.program.constant(pos.shifted(node_column(tree.children[0])))
        return _do(call("fill_box", name("st"), sc.expr(sheet, pos, scope), sc.expr(box, pos, scope), value, where))

    def run(self, ev, tree, pos, scope, st, env):
        sheet, box = self._box(tree, pos)
        ops.fill_box(st, ev.value(sheet, scope, st, env), ev.value(box, scope, st, env),
                     ev.value(tree.children[1], scope, st, env), pos.shifted(node_column(tree.children[0])))

    @staticmethod
    def _box(tree, pos) -> tuple:
        """The sheet and the box of `fill SHEET[BOX]`; a rule error for anything but a box."""
        target = tree.children[0]
        if getattr(target, "data", None) != "index":
            raise RuleError.at(pos.shifted(node_column(target)), "fill names a box of a score sheet: "
                                                                 "write fill me.SHEET[box] with N")
        return target.children[0], target.children[1]


class Rotate(Statement):
    """Pass every player's zone of a kind on at once: `rotate hand` gives each player's hand to the next player clockwise.

    `by N` passes it N seats on (`by -1`: to the previous player, counter-clockwise; `by 2`:
    across four players). All hands move together, each keeping its order, so nobody's hand
    reaches a player before theirs has gone: Sushi Go's "pass your hand to the left", where a
    loop of moves would need a zone to park the hands in. Cards lie face up in their new place
    (a zone seen by its owner shows them to the new owner only).
    """

    keyword = "rotate"
    syntax = ("rotate Z", "rotate Z by N")
    example = "rotate hand"
    grammar = ('"rotate" NAME ("by" expr)? -> rotate',)
    moves_cards = True

    def _zone(self, names, tree, pos) -> str:
        """The per-player zone named, checked: one zone per player (no count, no row)."""
        zone = str(tree.children[0])
        if zone not in names.player_zones or zone in names.zone_lists:
            raise RuleError.at(pos.shifted(node_column(tree.children[0])),
                               f"rotate passes a zone every player has one of (per_player, no count or row), "
                               f"not '{zone}'")
        return zone

    def code(self, sc, tree, pos, scope):
        zone = self._zone(sc.names, tree, pos)
        if len(tree.children) > 1:
            sc.check_number(tree.children[1], pos, scope, "'rotate ... by'")
        by = sc.expr(tree.children[1], pos, scope) if len(tree.children) > 1 else ast.Constant(1)
        where = sc.program.constant(pos.shifted(node_column(tree.children[-1])))
        return _do(call("rotate_zone", name("st"), ast.Constant(zone), by, where))

    def run(self, ev, tree, pos, scope, st, env):
        zone = self._zone(ev.names, tree, pos)
        by = ev.value(tree.children[1], scope, st, env) if len(tree.children) > 1 else 1
        ops.rotate_zone(st, zone, by, pos.shifted(node_column(tree.children[-1])))
