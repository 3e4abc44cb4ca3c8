"""Decks: the standard French deck (52, or 54 with two jokers) built as Card values."""
from __future__ import annotations

from ..engine.values import RANK_NAMES, SUIT_LETTERS, SUITS, Card

STANDARD_SIZES = (52, 54)


def standard_deck(size: int) -> tuple:
    """The cards of a standard deck in a fixed order: clubs, diamonds, hearts, spades, jokers."""
    cards = []
    for suit in SUITS:
        for rank in range(1, 14):
            name = f"{RANK_NAMES.get(rank, rank)}{SUIT_LETTERS[suit]}"
            color = "red" if suit in ("diamonds", "hearts") else "black"
            cards.append(Card(len(cards), name, {"rank": rank, "suit": suit, "color": color, "joker": False}))
    if size == 54:
        for number in (1, 2):
            cards.append(Card(len(cards), f"JK{number}", {"rank": 0, "suit": None, "color": None, "joker": True}))
    return tuple(cards)


STANDARD_ATTRIBUTES = frozenset({"rank", "suit", "color", "joker"})
MAX_CUSTOM_CARDS = 1000


def custom_deck(entries, attributes) -> tuple:
    """Cards described as data: each entry has a unique `name` and any printed values.

    Every attribute listed in `attributes` is present on every card (0 where not given).
    Raises ValueError with a message and the entry's index for a bad entry.
    """
    cards = []
    seen = set()
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise ValueError(index, "each card needs a name")
        name = entry["name"]
        if name in seen:
            raise ValueError(index, f"two cards are named '{name}'")
        seen.add(name)
        values = {attribute: 0 for attribute in attributes}
        for key, value in entry.items():
            if key == "name":
                continue
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                raise ValueError(index, f"'{key}' of '{name}' must be a number or text")
            values[key] = value
        cards.append(Card(len(cards), name, values))
    if len(cards) > MAX_CUSTOM_CARDS:
        raise ValueError(0, f"a deck has at most {MAX_CUSTOM_CARDS} cards")
    return tuple(cards)
