"""What a rule file declares that expressions may name, and "did you mean" for near misses."""
from __future__ import annotations

import difflib

import attrs

BUILTIN_NAMES = ("me", "opponent", "players", "current", "it", "attributes")
ENGINE_CARD_ATTRIBUTES = ("zone", "owner", "parent", "face_down", "name", "index")
PLAYER_ATTRIBUTES = ("seat", "name")
ROLL_ATTRIBUTES = ("total", "high", "low", "fumble", "dice")


@attrs.frozen
class Names:
    """Everything a rule file declares that expressions may name."""

    shared_zones: frozenset = frozenset()
    player_zones: frozenset = frozenset()
    game_vars: frozenset = frozenset()
    player_vars: frozenset = frozenset()
    card_vars: frozenset = frozenset()
    card_defaults: dict = attrs.field(factory=dict)  # card variable -> its value before anything is stored
    zone_vars: frozenset = frozenset()
    zone_lists: frozenset = frozenset()  # zones that come as a list: rows, and zones with a count
    card_props: frozenset = frozenset()
    constant_props: frozenset = frozenset()  # card props with one value per card for the whole game
    card_attributes: frozenset = frozenset()
    common_attributes: frozenset = frozenset()  # printed attributes every card of the deck has
    numeric_facts: frozenset = frozenset()  # printed values and constant properties that are numbers on every card
    numeric_functions: frozenset = frozenset()  # rule functions that always give a number
    card_names: frozenset = frozenset()
    attribute_names: tuple = ()  # the attributes a custom deck lets players name
    functions: dict = attrs.field(factory=dict)  # name -> number of parameters
    procedures: dict = attrs.field(factory=dict)  # name -> number of parameters
    max_players: int = 2
    kinds: dict = attrs.field(factory=dict)  # declared kinds of properties, functions, variables (language/kinds.py)

    def attributes(self) -> set:
        """Every name that may follow a dot."""
        return (set(self.player_zones) | self.player_vars | self.card_vars | self.zone_vars | self.card_props
                | self.card_attributes | set(ENGINE_CARD_ATTRIBUTES) | set(PLAYER_ATTRIBUTES)
                | set(ROLL_ATTRIBUTES))

    def mutable(self) -> frozenset:
        """Attribute names that something other than a printed card value may answer."""
        return (frozenset(self.player_zones) | self.player_vars | self.card_vars | self.zone_vars
                | (self.card_props - self.constant_props))


def suggest(name: str, candidates) -> str:
    """' (did you mean X?)' for a near miss, else ''."""
    close = difflib.get_close_matches(name, sorted(candidates), n=1, cutoff=0.7)
    return f" (did you mean '{close[0]}'?)" if close else ""
