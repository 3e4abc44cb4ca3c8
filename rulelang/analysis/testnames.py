"""Names written in rule tests (seats, zones, cards, variables), checked against a ruleset.

Both the test runner and `rulelang validate` resolve names here, so that a name a test file
gets wrong is reported the same way, at its place, whether the test runs or is only checked.
"""
from __future__ import annotations

from ..engine.values import Player, ZoneRef
from ..errors import RuleError


def seat(game, text, pos) -> Player:
    """A seat from its name (`P1`), one the ruleset can seat."""
    names = {Player(s).name: Player(s) for s in range(game.max_players)}
    if text not in names:
        raise RuleError.at(pos, f"'{text}' is not a seat (P1, P2 ...)")
    return names[text]


def card(game, name, pos, placed: set | None = None):
    """A card of the deck from its name; a face the deck holds copies of (`Red 7`) names its first
    copy, or its first copy whose name is not in `placed` (copies are laid out in turn)."""
    copies = game.copies.get(str(name))
    if copies is not None:
        free = [c for c in copies if placed is None or c.name not in placed]
        if not free:
            raise RuleError.at(pos, f"all {len(copies)} copies of '{name}' are laid out already")
        return free[0]
    found = game.card_by_name.get(str(name))
    if found is None:
        raise RuleError.at(pos, f"no card named '{name}' in the deck")
    return found


def deck(game, pos) -> ZoneRef:
    """The zone the deck starts in, which `rest:` deals from; a ruleset without a deck has none."""
    if game.deck_zone is None:
        raise RuleError.at(pos, f"'rest' deals the cards a test does not lay out, and {game.name} has no deck")
    return ZoneRef(game.deck_zone)


def zone_parts(game, text: str, pos) -> tuple:
    """(zone name, seat or None, index or None) of a test's zone name (`draw`, `P1.hand`, `row[1]`)."""
    owner, _, name = text.rpartition(".")
    index = None
    if name.endswith("]") and "[" in name:
        name, _, number = name[:-1].partition("[")
        if not number.isdecimal():
            raise RuleError.at(pos, f"'{text}': the index must be a number")
        index = int(number)
    spec = game.zones.get(name)
    if spec is None:
        raise RuleError.at(pos, f"no zone '{name}' in {game.name}")
    if spec.per_player != bool(owner):
        raise RuleError.at(pos, f"write {'P1.' if spec.per_player else ''}{name} for zone '{name}'")
    owner_seat = seat(game, owner, pos).seat if owner else None
    if spec.row:
        if index is None:
            raise RuleError.at(pos, f"'{text}': name the piles of a row in order, from [0]")
    elif (spec.count is None) != (index is None) or (index is not None and index >= spec.count):
        raise RuleError.at(pos, f"'{text}': zone '{name}' has "
                                f"{'no index' if spec.count is None else f'indexes 0 to {spec.count - 1}'}")
    return name, owner_seat, index


ROUND = "round"  # the built-in number of the round: a test may say which round it starts in


def variable(game, text: str, pos) -> tuple:
    """(seat or None, name) of a variable a test sets: `P1.house` or `closing_rank`, or `round`
    (the round the test starts in) where the file declares no variable of that name."""
    owner, _, var = text.rpartition(".")
    if owner:
        if var not in game.player_vars:
            raise RuleError.at(pos, f"'{var}' is not a player_vars name")
        return seat(game, owner, pos).seat, var
    if text not in game.game_vars and text != ROUND:
        raise RuleError.at(pos, f"'{text}' is not a game variable")
    return None, text
