"""Decks: the standard French deck (52, or 54 with two jokers) built as Card values, a deck of one's own, and dice."""
from __future__ import annotations

import re

from ..engine.values import RANK_NAMES, SUIT_LETTERS, SUITS, Card, Die

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


DIE_PRINTED = ("sides",)  # what is printed on every die
DIE_VALUES = {"face": None}  # what a die stores, and keeps when it moves: the face it shows (none before a roll)
DICE_POOL = re.compile(r"^([0-9]+)([dT])([0-9]+)$")
MAX_POOL_DICE = 100
MAX_DIE_SIDES = 1000


def dice_pool(text: str, first_id: int) -> tuple:
    """The dice of a pool written as dice are (`5d6`: five dice showing 1-6, `3T10`: 0-9), named D1, D2 ...

    Their ids follow the deck's cards. Raises ValueError with a message for a pool out of bounds.
    """
    found = DICE_POOL.match(text)
    if not found:
        raise ValueError(f"write the dice as a count and a die, like 5d6 or 3T10, not '{text}'")
    count, letter, sides = int(found.group(1)), found.group(2), int(found.group(3))
    if not 1 <= count <= MAX_POOL_DICE:
        raise ValueError(f"a game has 1 to {MAX_POOL_DICE} dice, not {count}")
    if not 2 <= sides <= MAX_DIE_SIDES:
        raise ValueError(f"a die has 2 to {MAX_DIE_SIDES} sides, not {sides}")
    low = 0 if letter == "T" else 1
    return tuple(Die(first_id + i, f"D{i + 1}", {"sides": sides}, {"sides": sides}, low=low) for i in range(count))
