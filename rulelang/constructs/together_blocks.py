"""The blocks of choices made at once: `choose together` (everyone chooses, then all is revealed)
and `first come` (anyone may act; the first to come does).

Each is one class (see `blocks.py` for what a block says of itself); the nodes they make, and what
"at once" means on a table that asks one decision at a time, are in `engine/together.py`.
"""
from __future__ import annotations

from ..engine.together import ChooseTogether, FirstCome
from ..errors import RuleError
from ..kit.documents import YMap
from .base import EFFECTS, EXPR, FLAG, NAMES, TEXT, Key
from .blocks import Block, ChooseBlock, offered_moves


class ChooseTogetherBlock(Block):
    """Every player named chooses at once: none sees another's choice until all are made, then all are revealed together and `do` runs for each.

    The choice is written as `choose` writes one (`from`, `where`, `min`/`max`, `optional`,
    `prompt`), with `me` the chooser; `by` names who chooses (default: every player). A table
    asks one seat at a time, in seat order, and each answer stays sealed — in no other seat's view,
    log or observation, and drawn afresh in search bots' samples — until the last is made. Then
    the picks are shown to every player at once (the cards where they lie, and one line of the
    log; `reveal: false` shows nothing: a secret pass) and `do` runs once per chooser, in seat
    order, with `me` the chooser and the name bound to its pick. Use it instead of a `for` over
    the players with a choice `by: p` in it: that asks each in turn, and the later ones see what
    the earlier ones did.
    """

    keyword = "choose together"
    syntax = ("choose together: x\nfrom: COLL\nby: PLAYERS\nwhere: COND\nmin: N\nmax: N\nprompt: TEXT\n"
              "reveal: true|false\ndo: [...]",)
    example = ("- choose together: c\n  from: me.hand\n  prompt: 'Lay which card?'\n"
               "  do: ['move c to discard']")
    keys = {"choose together": Key(TEXT, True, "The name each chooser's pick is bound to in `do`."),
            "from": Key(EXPR, True, "What each chooses from, with `me` the chooser (required)."),
            "by": Key(EXPR, False, "The players who choose (default: every player)."),
            "where": ChooseBlock.keys["where"], "min": ChooseBlock.keys["min"], "max": ChooseBlock.keys["max"],
            "optional": ChooseBlock.keys["optional"], "prompt": ChooseBlock.keys["prompt"],
            "reveal": Key(FLAG, False, "false: the picks are not shown when all are made (default true: shown "
                                       "to every player together)."),
            "do": Key(EFFECTS, True, "Once all have chosen: run once per chooser, in seat order, with `me` the "
                                     "chooser and the name its pick (required).")}

    def compile(self, compiler, item, pos, scope, following):
        by = players_of(compiler, item, scope)
        one = YMap((("choose" if key == self.keyword else key), value) for key, value in item.items()
                   if key not in ("by", "do", "reveal"))
        one.pos, one.key_pos = item.pos, {("choose" if k == self.keyword else k): v for k, v in item.key_pos.items()}
        one.value_pos = {("choose" if k == self.keyword else k): v for k, v in item.value_pos.items()}
        inner = set(scope)
        choice = Block.entries["choose"].compile(compiler, one, pos, inner, ())
        reveal = item.get("reveal", True)
        if not isinstance(reveal, bool):
            raise RuleError.at(item.value_pos["reveal"], "'reveal' is true or false")
        body = compiler.block(item.get("do", ()), item.value_pos.get("do", pos), inner)
        return ChooseTogether(choice, by, body, reveal, pos)


class FirstComeBlock(Block):
    """A window in which any of several players may make one of these moves, first come: fairly and deterministically, the first to come acts, and the window opens again.

    Each player of `by` (default: every player) who may make one of the moves (its `if` holds with
    `me` that player) is asked, in seat order and sealed as in `choose together`, which move to
    make or to pass. When all have answered, one of those who act does: when several act at once,
    the first of them clockwise from the seat after the one who came first last time (the first
    time, from the player whose turn it is), so a tie goes round the table and draws no chance.
    Its move runs with `me` that player, and the window opens again for everyone; it closes when
    all pass at once, when nobody may act, or when `until` holds as it opens. Use it instead of
    asking the players one after another in seat order, which always favours the same seat, or
    `reactions:`, which opens after every move of the game.
    """

    keyword = "first come"
    syntax = ("first come: [a, b(x), ...]\nby: PLAYERS\nuntil: COND\nprompt: TEXT",)
    example = "- first come: [example]\n  by: players\n  prompt: 'Play now?'"
    keys = {"first come": Key(NAMES, True, "The moves any of the players may make (`name(values)` for a move with "
                                           "parameters, worked out with `me` the player asked)."),
            "by": Key(EXPR, False, "The players who may act (default: every player)."),
            "until": Key(EXPR, False, "The window closes when this holds as it opens (after each move)."),
            "prompt": Key(TEXT, False, "What each player asked reads (`me` is that player); may hold {expressions}.")}

    def compile(self, compiler, item, pos, scope, following):
        names, args = offered_moves(compiler, item["first come"], set(scope) | {"me"})
        by = players_of(compiler, item, scope)
        until = compiler.cond(item["until"], item.value_pos["until"], scope) if "until" in item else None
        prompt = None
        if "prompt" in item:
            prompt = compiler.guard(compiler.statements.interpolation, str(item["prompt"]), item.value_pos["prompt"],
                                    set(scope) | {"me"})
        return FirstCome(names, args, by, until, prompt, pos)


def players_of(compiler, item, scope):
    """A block's `by:`, the players it names, compiled (None when it names none: every player)."""
    if "by" not in item:
        return None
    compiler.check_kind("players", item["by"], item.value_pos["by"], scope, "'by' must name")
    return compiler.expr(item["by"], item.value_pos["by"], scope)
