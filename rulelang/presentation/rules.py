"""A game's rules for its players as plain data: name and players, description, the rules text
(Markdown, as the rule file writes it), the moves with their help, the zones and how they are
seen, the deck and the dice. `rulelang rules` and `?` print it; the browser table shows it."""
from __future__ import annotations

import re
from collections import Counter

from ..engine.decks import STANDARD_ATTRIBUTES
from ..engine.values import Die
from .naming import spoken

FIELD = re.compile(r"\{([^{}]*)\}")  # (a label's `{expression}`, worked out in play)
SEEN = {"hidden": "face down", "owner": "seen by its owner", "public": "face up"}


def seats(game) -> str:
    """How many players a game takes: `2 players`, `2 to 6 players`."""
    if game.min_players == game.max_players:
        return f"{game.min_players} player{'s' if game.min_players > 1 else ''}"
    return f"{game.min_players} to {game.max_players} players"


def rules_sheet(game) -> dict:
    """The rules as plain data (texts as the rule file writes them; a custom deck as a table)."""
    cards = [card for card in game.cards if card.__class__ is not Die]
    dice = [card for card in game.cards if card.__class__ is Die]
    return {"name": game.name, "players": seats(game), "description": (game.description or "").strip(),
            "rules": game.rules or "",
            "moves": [[label_shape(move.label), (move.help or "").strip()] for move in game.moves.values()],
            "zones": [[spec.label or spoken(name), zone_nature(spec)] for name, spec in game.zones.items()
                      if not name.startswith("_")],
            "deck": deck_sheet(game, cards),
            "dice": (f"{len(dice)}, each showing {dice[0].low} to {dice[0].low + dice[0].attributes['sides'] - 1}"
                     if dice else None)}


def zone_nature(spec) -> str:
    """How a zone is held and seen: `one per player, seen by its owner, holds at most 1`."""
    how = ("one per player, " if spec.per_player else "") + SEEN[spec.visibility]
    if spec.capacity is not None:
        how += f", holds at most {spec.capacity}"
    if spec.count:
        how += f", {spec.count} of them"
    if spec.row:
        how += ", a row of piles numbered from 1"
    return how


def deck_sheet(game, cards: list) -> dict | None:
    """The deck: a custom deck's cards as rows of their printed values (copies counted), or a
    standard deck's size and jokers; None without cards."""
    if not cards:
        return None
    faces = Counter(card.printed for card in cards)  # copies of a card: one row, `Red 7 ×2`
    customs = [custom_card(game, face) for face in faces]
    if all(customs):
        names = [f"{face} ×{count}" if count > 1 else face for face, count in faces.items()]
        columns, rows, numbers = card_rows(game, customs, names)
        return {"size": len(cards), "columns": columns, "rows": rows, "numbers": numbers}
    jokers = sum(1 for c in cards if c.attributes.get("joker"))
    return {"size": len(cards), "standard": True, "jokers": jokers}


def card_rows(game, cards: list, names: list | None = None) -> tuple:
    """Custom cards as a table of their printed values: (the column heads, a row per card: its
    name (by default its face), its words (a text value, headed by its name when rules may name
    it), then its numbers, 0 left blank; how many numbers end each row)."""
    words = sorted({k for c in cards for k, v in c.attributes.items() if isinstance(v, str)})
    nameable = game.names.attribute_names
    numbers = [name for name in nameable if name not in words]  # (a nameable text is a word)
    columns = [""] + [spoken(w) if w in nameable else "" for w in words] + [spoken(n) for n in numbers]
    rows = [[names[place] if names else card.printed]
            + [spoken(str(card.attributes.get(w, ""))) for w in words]
            + [str(card.attributes.get(n) or "") for n in numbers]
            for place, card in enumerate(cards)]
    return columns, rows, len(numbers)


def custom_card(game, face: str):
    """The card of a custom deck shown as `face`, or None for standard cards and dice."""
    card = game.card_by_name.get(face) or next(iter(game.copies.get(face, ())), None)
    if card is None or card.__class__ is Die or set(card.attributes) <= STANDARD_ATTRIBUTES:
        return None
    return card


def label_shape(label: str) -> str:
    """A move's label as the rules list it: each `{field}` worked out in play shown as `…`."""
    return re.sub("…+", "…", FIELD.sub("…", label))
