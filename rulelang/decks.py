"""Decks: the standard French deck (52, or 54 with two jokers) built as Card values."""
from __future__ import annotations

from .values import RANK_NAMES, SUIT_LETTERS, SUITS, Card

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
