"""Decks: the standard French deck (52, or 54 with two jokers) and decks of one's own, built as
Card values with as many copies of a card as the deck declares; and dice."""
from __future__ import annotations

import re

from ..engine.values import RANK_NAMES, SUIT_LETTERS, SUITS, Card, Die

STANDARD_SIZES = (52, 54)
STANDARD_ATTRIBUTES = frozenset({"rank", "suit", "color", "joker"})
MAX_CUSTOM_CARDS = 1000  # cards in one deck, copies counted
COPY_MARK = "#"  # a copy's name is its face, this mark and its number: `Red 7#2`


def standard_deck(size: int, copies: int = 1) -> tuple:
    """The cards of a standard deck in a fixed order: clubs, diamonds, hearts, spades, jokers.

    With `copies` above 1 the deck holds that many of each card, side by side (`QS#1`, `QS#2`).
    """
    faces = []
    for suit in SUITS:
        for rank in range(1, 14):
            color = "red" if suit in ("diamonds", "hearts") else "black"
            faces.append((f"{RANK_NAMES.get(rank, rank)}{SUIT_LETTERS[suit]}",
                          {"rank": rank, "suit": suit, "color": color, "joker": False}))
    if size == 54:
        faces += [(f"JK{number}", {"rank": 0, "suit": None, "color": None, "joker": True}) for number in (1, 2)]
    if len(faces) * copies > MAX_CUSTOM_CARDS:
        raise ValueError(0, f"a deck has at most {MAX_CUSTOM_CARDS} cards, not {len(faces) * copies}")
    return with_copies([(face, values, copies) for face, values in faces])


def custom_deck(entries, attributes, copies: int = 1, defaults: dict | None = None) -> tuple:
    """Cards described as data: each entry has a unique `name`, any printed values, and `copies`.

    Every attribute listed in `attributes` is present on every card (0 where not given), and
    every one of `defaults` (its value where not given). An entry's `copies` (default 1) is
    multiplied by the deck's `copies`. Raises ValueError with the entry's index and a message
    for a bad entry.
    """
    faces = []
    seen = set()
    total = 0
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise ValueError(index, "each card needs a name")
        name = entry["name"]
        if name in seen:
            raise ValueError(index, f"two cards are named '{name}' (write `copies: 2` for two cards alike)")
        if COPY_MARK in name:
            raise ValueError(index, f"a card's name may not hold '{COPY_MARK}', which names its copies")
        seen.add(name)
        values = {**{attribute: 0 for attribute in attributes}, **(defaults or {})}
        count = entry.get("copies", 1)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise ValueError(index, f"copies of '{name}' must be a whole number of at least 1")
        for key, value in entry.items():
            if key in ("name", "copies"):
                continue
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                raise ValueError(index, f"'{key}' of '{name}' must be a number or text")
            values[key] = value
        total += count * copies
        if total > MAX_CUSTOM_CARDS:
            raise ValueError(index, f"a deck has at most {MAX_CUSTOM_CARDS} cards, copies counted")
        faces.append((name, values, count * copies))
    return with_copies(faces)


def with_copies(faces: list) -> tuple:
    """The cards of (face, printed values, copies) in order, each card's copies side by side.

    A card of its own keeps its face as its name; copies are named `face#1`, `face#2` ...
    """
    cards = []
    for face, values, copies in faces:
        if copies == 1:
            cards.append(Card(len(cards), face, values))
            continue
        for number in range(1, copies + 1):
            cards.append(Card(len(cards), f"{face}{COPY_MARK}{number}", dict(values), face=face, copy=number))
    return tuple(cards)


def copies_by_face(cards) -> dict:
    """Each face the deck holds several copies of, with its copies in deck order."""
    faces: dict = {}
    for card in cards:
        if card.copy:
            faces.setdefault(card.face, []).append(card)
    return {face: tuple(copies) for face, copies in faces.items()}


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
