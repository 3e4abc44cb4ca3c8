"""What a rule file declares that expressions may name, and "did you mean" for near misses."""
from __future__ import annotations

import attrs

BUILTIN_NAMES = ("me", "opponent", "players", "current", "it", "attributes", "round")
OWN_NAMES = ("me", "it")  # bound wherever a rule runs (the acting seat, the item): nothing the file declares hides them
ENGINE_CARD_ATTRIBUTES = ("zone", "owner", "parent", "face_down", "name", "index")
PLAYER_ATTRIBUTES = ("seat", "name")
ROLL_ATTRIBUTES = ("total", "high", "low", "fumble", "dice")
SUGGEST_POOL = 200  # more candidates than this: only those one letter away are compared
MAX_SUGGESTED = 40  # a longer unknown name gets no suggestion among many candidates
NAME_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"  # string.ascii_letters + digits + _


@attrs.frozen
class Names:
    """Everything a rule file declares that expressions may name."""

    shared_zones: frozenset = frozenset()
    player_zones: frozenset = frozenset()
    deck_zone: str | None = None  # the zone the deck's cards lie in at the start (`deck: start:`)
    game_vars: frozenset = frozenset()
    constants: dict = attrs.field(factory=dict)  # name -> its value for the whole game (`constants:`)
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
    sheets: frozenset = frozenset()  # the players' score sheets (`sheets:`)
    max_players: int = 2
    trick_values: tuple = ("suit", "rank")  # the card values that are a card's suit and rank in a trick (`tricks:`)
    rounds: bool = False  # the game is played in rounds (`rounds:`)
    kinds: dict = attrs.field(factory=dict)  # declared kinds of properties, functions, variables (language/kinds.py)
    _attributes: frozenset = attrs.field(init=False, eq=False, repr=False)

    @_attributes.default
    def _every_attribute(self) -> frozenset:
        return (self.player_zones | self.player_vars | self.sheets | self.card_vars | self.zone_vars | self.card_props
                | self.card_attributes | frozenset(ENGINE_CARD_ATTRIBUTES) | frozenset(PLAYER_ATTRIBUTES)
                | frozenset(ROLL_ATTRIBUTES))

    def declares(self, name: str) -> bool:
        """Whether the file declares `name` as a game variable, a constant or a shared zone: such a
        name comes before a built-in name alike (`players`, `current` …), but never `me` or `it`."""
        return name in self.game_vars or name in self.constants or name in self.shared_zones

    def attributes(self) -> frozenset:
        """Every name that may follow a dot (gathered once)."""
        return self._attributes

    def mutable(self) -> frozenset:
        """Attribute names that something other than a printed card value may answer."""
        return (frozenset(self.player_zones) | self.player_vars | self.sheets | self.card_vars | self.zone_vars
                | (self.card_props - self.constant_props))


def suggest(name: str, candidates) -> str:
    """' (did you mean X?)' for a near miss, else ''.

    Among more than SUGGEST_POOL candidates only those one letter away are compared, so that
    a file with thousands of names and thousands of mistakes is checked in time about
    proportional to its size.
    """
    import difflib  # here, not at the top: only a rule file with a mistake needs it (start-up time)
    if len(candidates) > SUGGEST_POOL:
        candidates = _one_letter_away(name, candidates)
    close = (difflib.get_close_matches(name, sorted(candidates), n=1, cutoff=0.7) or _sharing_a_start(name, candidates)
             or (sorted(_one_letter_away(name, candidates))[:1] if len(name) >= 3 else []))  # `lgo` for `log`
    return f" (did you mean '{close[0]}'?)" if close else ""


def _sharing_a_start(name: str, candidates) -> list:
    """The longest candidate that `name` starts with, or that starts with `name` (`drawpile`, `draw`)."""
    found = [c for c in candidates if min(len(c), len(name)) >= 3 and (name.startswith(c) or c.startswith(name))]
    return sorted(found, key=lambda c: (-len(c), c))[:1]


def _one_letter_away(name: str, candidates) -> list:
    """The candidates one letter away from `name`: a letter dropped, added, changed, or two swapped."""
    if len(name) > MAX_SUGGESTED:
        return []
    if not isinstance(candidates, (set, frozenset, dict)):
        candidates = set(candidates)
    splits = [(name[:i], name[i:]) for i in range(len(name) + 1)]
    edits = ({a + b[1:] for a, b in splits if b}
             | {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
             | {a + c + b[1:] for a, b in splits if b for c in NAME_LETTERS}
             | {a + c + b for a, b in splits for c in NAME_LETTERS})
    return [edit for edit in edits if edit in candidates]
