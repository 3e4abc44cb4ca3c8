"""The values a game is made of: cards, markers, players, zone references and dice rolls."""
from __future__ import annotations

from typing import NamedTuple

import attrs

from .errorwords import kind_of

SUITS = ("clubs", "diamonds", "hearts", "spades")
SUIT_LETTERS = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}
SUIT_SYMBOLS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}


@attrs.frozen(eq=False)
class Card:
    """One physical card: an id, a unique name and its printed attributes.

    Of a card the deck holds several copies of, each copy's name is what is printed on it with
    `#` and its number (`Red 7#2`); `printed` is what is printed on it, the same for every copy
    (a die's face is another thing: the value it was last rolled to, stored on it).
    """

    id: int
    name: str
    attributes: dict = attrs.field(factory=dict, hash=False)
    facts: dict = attrs.field(factory=dict, hash=False, repr=False)  # printed values and constant properties
    printed: str = attrs.field(default=attrs.Factory(lambda card: card.name, takes_self=True))
    copy: int = 0  # which copy (1, 2 ...) of a card the deck holds several of; 0 for a card of its own

    def __repr__(self) -> str:
        return self.name

    def pretty(self) -> str:
        """A short human form, with suit symbols for standard cards; a copy reads as what is printed on it."""
        suit = self.attributes.get("suit")
        if suit in SUIT_SYMBOLS and not self.attributes.get("joker"):
            return f"{RANK_NAMES.get(self.attributes['rank'], self.attributes['rank'])}{SUIT_SYMBOLS[suit]}"
        return self.printed


@attrs.frozen(eq=False)
class Die(Card):
    """One die of the game's dice: a piece that lies in zones like a card, and shows the face it was last rolled to.

    Its face is a value stored on it (`face`) that it keeps when it moves; `low` is its lowest face
    (1 for a d6, 0 for a T10) and its printed `sides` the number of faces.
    """

    low: int = 1

    def __repr__(self) -> str:
        return self.name

    def pretty(self) -> str:
        """A die is named by its name; the face it shows is a stored value, shown beside it."""
        return self.name


@attrs.frozen
class Marker:
    """A counter made during play (a wound, a token); it is not a card and is not conserved."""

    id: int

    @property
    def name(self) -> str:
        """The marker's label in choices and logs."""
        return f"marker{self.id}"

    @property
    def printed(self) -> str:
        """A marker's name, as what is printed on it (markers have no copies)."""
        return self.name

    def pretty(self) -> str:
        """Markers have no face; their stored values say what they are."""
        return "marker"


class Player(NamedTuple):
    """A seat at the table, numbered from 0; shown as P1, P2 ...

    A tuple, so that comparing and hashing players (very frequent in play) costs nothing.
    """

    seat: int

    @property
    def name(self) -> str:
        """P1, P2 ... as players and rule tests call the seats."""
        return f"P{self.seat + 1}"

    def __repr__(self) -> str:
        return self.name

    def pretty(self) -> str:
        """The seat's display name."""
        return self.name


class ZoneRef(NamedTuple):
    """A zone by name, with its owner's seat (per-player zones) and index (zones with a count)."""

    name: str
    seat: int | None = None
    index: int | None = None

    def __repr__(self) -> str:
        text = self.name if self.seat is None else f"P{self.seat + 1}.{self.name}"
        return text if self.index is None else f"{text}[{self.index}]"

    def pretty(self) -> str:
        """How a zone is named in logs."""
        return repr(self)


class RowRef(NamedTuple):
    """A row of piles that grows and shrinks during play (a zone declared with `row: true`)."""

    name: str
    seat: int | None = None

    def __repr__(self) -> str:
        return self.name if self.seat is None else f"P{self.seat + 1}.{self.name}"

    def pretty(self) -> str:
        """How a row is named in logs."""
        return repr(self)


class SheetRef(NamedTuple):
    """A player's score sheet by name (`me.scorecard`): its boxes are read as `sheet[box]`."""

    name: str
    seat: int

    def __repr__(self) -> str:
        return f"P{self.seat + 1}.{self.name}"

    def pretty(self) -> str:
        """How a sheet is named in logs."""
        return repr(self)


class Roll(int):
    """The total of a dice roll that also remembers each die."""

    dice: tuple

    def __new__(cls, dice: tuple):
        roll = super().__new__(cls, sum(dice))
        roll.dice = tuple(dice)
        return roll

    @property
    def total(self) -> int:
        """The sum of the dice."""
        return int(self)

    @property
    def high(self) -> int:
        """The highest die."""
        return max(self.dice)

    @property
    def low(self) -> int:
        """The lowest die."""
        return min(self.dice)

    @property
    def fumble(self) -> bool:
        """True when every die shows 0 (only zero-based dice can fumble)."""
        return all(d == 0 for d in self.dice)

    def __repr__(self) -> str:
        return "+".join(map(str, self.dice)) + f"={int(self)}" if len(self.dice) > 1 else str(int(self))


def describe(value) -> str:
    """A value for an error message: its kind and the value."""
    if value is None or isinstance(value, bool):
        return pretty(value)
    if isinstance(value, int):
        return f"the number {pretty(value)}"
    if isinstance(value, str):
        return f"the text '{value}'"
    return f"{kind_of(type(value).__name__)} {pretty(value)}"


def pretty(value) -> str:
    """A value as players read it in logs and prompts."""
    if hasattr(value, "pretty"):
        return value.pretty()
    if isinstance(value, (list, tuple)):
        return ", ".join(pretty(v) for v in value) if value else "nothing"
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def is_card(value) -> bool:
    """True for cards and markers, the things that lie in zones."""
    return isinstance(value, (Card, Marker))
