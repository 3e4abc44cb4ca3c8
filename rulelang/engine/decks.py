"""Decks: the standard French deck (52, or 54 with two jokers), the Italian, Spanish and German
packs, each maybe cut to some ranks or suits, decks made as suits × ranks, and decks of one's
own, built as Card values with as many copies of a card as the deck declares; and dice."""
from __future__ import annotations

import re
from typing import NamedTuple

from .values import RANK_NAMES, SUIT_LETTERS, SUITS, Card, Die

STANDARD_SIZES = (52, 54)
STANDARD_ATTRIBUTES = frozenset({"rank", "suit", "color", "joker"})
PACK_ATTRIBUTES = frozenset({"rank", "suit"})  # what the cards of a regional pack, or suits × ranks, print
MAX_CUSTOM_CARDS = 1000  # cards in one deck, copies counted
COPY_MARK = "#"  # a copy's name is its face, this mark and its number: `Red 7#2`


class Pack(NamedTuple):
    """A regional pack: its suits in order, and its ranks in order as (number, name)."""

    suits: tuple
    ranks: tuple

    def names(self) -> str:
        """Its ranks, as a rule file writes them, for an error."""
        return ", ".join(str(number) for number, _ in self.ranks)


def _ranks(numbers, names: dict) -> tuple:
    return tuple((number, names.get(number, str(number))) for number in numbers)


# The regional packs, with their suits and rank names as players say them in English: the
# Italian and Spanish 40-card packs (fante, cavallo, re; sota, caballo, rey) and the German
# 32-card pack (Unter, Ober, König, Daus).
PACKS = {
    "italian": Pack(("coins", "cups", "swords", "batons"),
                    _ranks(range(1, 11), {1: "ace", 8: "jack", 9: "knight", 10: "king"})),
    "spanish": Pack(("coins", "cups", "swords", "clubs"),
                    _ranks((1, 2, 3, 4, 5, 6, 7, 10, 11, 12), {1: "ace", 10: "jack", 11: "knight", 12: "king"})),
    "german": Pack(("acorns", "leaves", "hearts", "bells"),
                   _ranks((1, 7, 8, 9, 10, 11, 12, 13), {1: "ace", 11: "under", 12: "over", 13: "king"})),
}
FRENCH = Pack(SUITS, _ranks(range(1, 14), {}))  # the standard deck's suits and ranks, to cut it


def standard_deck(size: int, copies: int = 1, ranks=None, suits=None) -> tuple:
    """The cards of a standard deck in a fixed order: clubs, diamonds, hearts, spades, jokers.

    With `copies` above 1 the deck holds that many of each card, side by side (`QS#1`, `QS#2`).
    `ranks` and `suits` keep only the cards of those ranks (1 to 13) and suits (the 24 cards of
    Euchre: `ranks=[9, 10, 11, 12, 13, 1]`); jokers stay. Raises ValueError (the key, a message)
    for a rank or suit the deck lacks.
    """
    keep_ranks, keep_suits = kept(FRENCH, ranks, suits, "the standard deck")
    faces = []
    for suit in SUITS:
        for rank in range(1, 14):
            if rank not in keep_ranks or suit not in keep_suits:
                continue
            color = "red" if suit in ("diamonds", "hearts") else "black"
            faces.append((f"{RANK_NAMES.get(rank, rank)}{SUIT_LETTERS[suit]}",
                          {"rank": rank, "suit": suit, "color": color, "joker": False}))
    if size == 54:
        faces += [(f"JK{number}", {"rank": 0, "suit": None, "color": None, "joker": True}) for number in (1, 2)]
    return with_copies(_counted([(face, values, copies) for face, values in faces]))


def pack_deck(name: str, copies: int = 1, ranks=None, suits=None) -> tuple:
    """The cards of a regional pack (`PACKS`), suit by suit, each suit's ranks in order, named as
    players say them (`7 of coins`, `knight of cups`), with their `rank` number and `suit`;
    `ranks` and `suits` keep only those. Raises ValueError (the key, a message) for a rank or
    suit the pack lacks."""
    pack = PACKS[name]
    keep_ranks, keep_suits = kept(pack, ranks, suits, f"the {name} pack")
    return with_copies(_counted([(f"{word} of {suit}", {"rank": number, "suit": suit}, copies)
                                 for suit in pack.suits if suit in keep_suits
                                 for number, word in pack.ranks if number in keep_ranks]))


def grid_deck(suits, ranks, copies: int = 1) -> tuple:
    """A deck made as suits × ranks: one card of each rank in each suit, suit by suit, named
    `RANK of SUIT` (`3 of red`), with its `rank` and `suit` as given. Raises ValueError (the key,
    a message) for a suit or rank that is neither a number nor text, or given twice."""
    for key, values in (("suits", suits), ("ranks", ranks)):
        for value in values:
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                raise ValueError(key, f"each of {key} is a number or text, not {value!r}")
        if len(set(values)) < len(values):
            raise ValueError(key, f"a deck's {key} are each given once")
    return with_copies(_counted([(f"{rank} of {suit}", {"rank": rank, "suit": suit}, copies)
                                 for suit in suits for rank in ranks]))


def made_deck(deck: dict, copies: int = 1) -> tuple:
    """The cards of a deck section that lists no cards of its own — a standard deck (54 unless it
    says), a pack, or suits × ranks, maybe cut to some ranks and suits — and the names of their
    printed values. Raises ValueError (the key at fault, a message)."""
    ranks, suits = (_listed(deck, key) for key in ("ranks", "suits"))
    if "standard" in deck and "pack" in deck:
        raise ValueError("pack", "a deck is either standard or a pack, not both")
    if "pack" in deck:
        if deck["pack"] not in PACKS:
            raise ValueError("pack", f"pack must be one of {', '.join(PACKS)}")
        return pack_deck(str(deck["pack"]), copies, ranks, suits), PACK_ATTRIBUTES
    if "standard" not in deck and (ranks is not None or suits is not None):
        if ranks is None or suits is None:
            raise ValueError("ranks" if ranks is not None else "suits",
                             "a deck of suits × ranks gives both; to cut a standard deck, write standard: 52")
        return grid_deck(suits, ranks, copies), PACK_ATTRIBUTES
    size = deck.get("standard", 54)
    if size not in STANDARD_SIZES:
        raise ValueError("standard", f"a standard deck has 52 or 54 cards, not {size}")
    return standard_deck(size, copies, ranks, suits), STANDARD_ATTRIBUTES


def _listed(deck: dict, key: str) -> list | None:
    """A deck's `ranks` or `suits` (None when not given)."""
    value = deck.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or not value:
        raise ValueError(key, f"{key} is a list of one or more {key}")
    return list(value)


def kept(pack: Pack, ranks, suits, what: str) -> tuple:
    """The ranks and suits of a pack a deck keeps (all, where not given), each checked to be in the pack."""
    numbers = [number for number, _ in pack.ranks]
    for rank in ranks or ():
        if rank not in numbers or isinstance(rank, bool):
            raise ValueError("ranks", f"{what} has no rank {rank!r} (its ranks: {pack.names()})")
    for suit in suits or ():
        if suit not in pack.suits:
            raise ValueError("suits", f"{what} has no suit {suit!r} (its suits: {', '.join(pack.suits)})")
    return (set(ranks) if ranks else set(numbers)), (set(suits) if suits else set(pack.suits))


def _counted(faces: list) -> list:
    """The faces of a deck, refused when they make more cards than a deck may hold."""
    total = sum(count for _, _, count in faces)
    if total > MAX_CUSTOM_CARDS:
        raise ValueError("copies", f"a deck has at most {MAX_CUSTOM_CARDS} cards, not {total}")
    return faces


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
            cards.append(Card(len(cards), f"{face}{COPY_MARK}{number}", dict(values), printed=face, copy=number))
    return tuple(cards)


def copies_by_face(cards) -> dict:
    """Each face the deck holds several copies of, with its copies in deck order."""
    faces: dict = {}
    for card in cards:
        if card.copy:
            faces.setdefault(card.printed, []).append(card)
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
