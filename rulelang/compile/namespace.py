"""What compiled rules may name: the engine's helpers, the built-in functions, the deck and the seats."""
from __future__ import annotations

from types import MappingProxyType

from ..constructs.catalogue import FUNCTIONS
from ..engine import ops
from ..engine.values import Card, Marker, Player, Roll
from ..errors import GameError

UNSET = object()  # a part of an expression not worked out yet (see compile/hoist.py)


def namespace(cards, max_players: int) -> dict:
    """Everything compiled rules of one ruleset may name (they run with no builtins at all)."""
    out = ops.helpers()
    for function in FUNCTIONS.values():
        out.update(function.helpers())
    out.update(GameError=GameError, EVALUATION_ERRORS=ops.EVALUATION_ERRORS, CARD=Card, MARKER=Marker, PLAYER=Player, ROLL=Roll,
               INT=int, LIST=list, NOTHING=MappingProxyType({}),
               UNSET=UNSET,
               CARDS={card.name: card for card in cards}, SEATS=tuple(Player(s) for s in range(max_players)),
               len=len, any=any, all=all, sum=sum, max=max, min=min)
    return out
