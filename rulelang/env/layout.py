"""The observation vector of a rule file: which figure lies where, and how a value becomes a number.

The vector is built from what one seat may see. Its blocks, in order (C cards in deck order,
P places, n players):

| block | size | figure |
|---|---|---|
| `seat` | n | 1 for the observing seat |
| `current` | n | 1 for the player whose turn it is |
| `turn` | 1 | the turn number |
| `decision` | D + 1 | 1 for the choice of the file the seat is making now (the last: any other, like a reaction window) |
| `count` | P | how many cards lie in each place (everybody sees counts) |
| `at` | C x P | 1 where the seat sees the card (a card under a card lies where that card lies) |
| `face_down` | C | 1 for a card the seat sees lying face down |
| `attached` | C | 1 for a card the seat sees under another card |
| `top` | C | 1 for a card the seat sees on top of its place |
| `card_vars` | C x V | the values stored on each card the seat sees (defaults where nothing is stored) |
| `markers` | C | markers under each card the seat sees (only for files that make markers) |
| `marker_vars` | C x V | their stored values, summed per variable (likewise) |
| `vars` | G | the game variables |
| `player_vars` | n x Q | each player's variables |
| `zone_vars` | P x Z | the values stored on each place that exists (defaults where nothing is stored) |
| `sheets` | n x B | each player's score-sheet boxes and tallies, -1 for an open box (only for files with `sheets:`) |

Places are the zones in declaration order (one per seat for a zone of each player, one per
index for a zone with a count) and, for a row, its piles by place, as many places as the deck
has cards. Variables whose names start with `_` are bookkeeping and are left out, as the
terminal leaves them out. A value is a number as it is; true 1, false and none 0; a player
1 + seat; a card 1 + its place in the deck, when the seat sees it (else 0); a text 1 + its
place among `texts` (-1 for a text not there); a zone 1 + the place of its name among the
declared zones; a list its length. Numbers are clipped to +-LIMIT.
"""
from __future__ import annotations

import os

import attrs
import numpy as np

from ..engine.values import Card, Die, Player, RowRef, ZoneRef
from ..errors import GameError
from .catalogue import place_labels

LIMIT = 1e9
MARKER = "marker"  # how a view names a marker


@attrs.frozen
class Block:
    """A stretch of the vector: where it starts, its rows and columns, and what they are."""

    name: str
    start: int
    rows: tuple  # what each row is (a card, a place, a seat ...)
    columns: tuple = ("",)  # what each column is, for two-dimensional blocks
    low: float = 0.0
    high: float = 1.0

    @property
    def size(self) -> int:
        """How many figures the block holds."""
        return len(self.rows) * len(self.columns)

    def at(self, row: int, column: int = 0) -> int:
        """The vector index of one figure."""
        return self.start + row * len(self.columns) + column


@attrs.frozen
class Layout:
    """Where every figure of one rule file's observation vector lies, for a number of players."""

    players: int
    cards: tuple  # card names, in deck order
    places: tuple  # place labels
    place_index: dict = attrs.field(eq=False)  # label -> place
    zone_place: dict = attrs.field(eq=False)  # ZoneRef of a zone that is not a row's pile -> place
    card_vars: tuple  # (name, default) of the observed card variables
    game_vars: tuple  # names
    player_vars: tuple
    zone_vars: tuple  # (name, default)
    texts: dict = attrs.field(eq=False)  # text -> its number
    zone_codes: dict = attrs.field(eq=False)  # zone name -> its number
    view_names: dict | None = attrs.field(eq=False)  # how a view names each card -> its place; None if two read alike
    decision_figures: dict = attrs.field(eq=False)  # position of a choice in the file -> its figure of `decision`
    blocks: dict = attrs.field(eq=False)  # block name -> Block
    size: int

    @classmethod
    def build(cls, game, players: int, catalogue) -> "Layout":
        """The layout for `game` played by `players`; texts numbered as the catalogue and file name them."""
        if any(card.id != place for place, card in enumerate(game.cards)):
            raise GameError("the deck's cards must be numbered in deck order")
        places = tuple(place_labels(game, players))
        seats = tuple(Player(seat).name for seat in range(players))
        cards = tuple(card.name for card in game.cards)
        card_vars = _observed(game.card_vars)
        zone_vars = _observed(game.zone_vars)
        game_vars = tuple(name for name, _ in _observed(game.game_vars))
        player_vars = tuple(name for name, _ in _observed(game.player_vars))
        var_names = tuple(name for name, _ in card_vars)
        decisions = tuple(f"{what}@{os.path.basename(pos.path)}:{pos.line}:{pos.column}"
                          for pos, what in catalogue.decisions) + ("other",)
        plan = [("seat", seats, ("",), 1.0), ("current", seats, ("",), 1.0), ("turn", ("turn",), ("",), LIMIT),
                ("decision", decisions, ("",), 1.0),
                ("count", places, ("",), float(len(cards))), ("at", cards, places, 1.0),
                ("face_down", cards, ("",), 1.0), ("attached", cards, ("",), 1.0), ("top", cards, ("",), 1.0),
                ("card_vars", cards, var_names, LIMIT)]
        if catalogue.markers:
            plan += [("markers", cards, ("",), LIMIT), ("marker_vars", cards, var_names, LIMIT)]
        plan += [("vars", game_vars, ("",), LIMIT), ("player_vars", seats, player_vars, LIMIT),
                 ("zone_vars", places, tuple(name for name, _ in zone_vars), LIMIT)]
        if game.sheets:
            plan.append(("sheets", seats, tuple(f"{sheet}.{box}" for sheet, spec in game.sheets.items()
                                                for box in spec.boxes + spec.tallies), LIMIT))
        blocks, start = {}, 0
        for name, rows, columns, high in plan:
            low = -LIMIT if high == LIMIT and name not in ("turn", "markers") else 0.0
            block = Block(name, start, rows, columns, low, high)
            blocks[name] = block
            start += block.size
        view_names = {view_name(card.pretty(), card.copy): card.id for card in game.cards}
        if len(view_names) < len(cards) or MARKER in view_names:
            view_names = None
        return cls(players, cards, places, {label: place for place, label in enumerate(places)},
                   _zone_places(game, players, places), card_vars, game_vars, player_vars, zone_vars,
                   _texts(game, catalogue), {name: code for code, name in enumerate(game.zones, start=1)},
                   view_names, {pos: blocks["decision"].at(row) for row, (pos, _) in enumerate(catalogue.decisions)},
                   blocks, start)

    def number(self, value) -> float:
        """A value as one figure of the vector (see the module's docstring)."""
        kind = value.__class__
        if kind is bool:
            return float(value)
        if isinstance(value, (int, float)):
            return float(min(max(value, -LIMIT), LIMIT))
        if value is None:
            return 0.0
        if kind is Player:
            return float(value.seat + 1)
        if kind is Card or kind is Die:
            return float(value.id + 1)
        if kind is str:
            return float(self.texts.get(value, -1))
        if kind is ZoneRef or kind is RowRef:
            return float(self.zone_codes.get(value.name, 0))
        if kind is list or kind is tuple:
            return float(len(value))
        return 0.0

    def decision_index(self, decision) -> int:
        """The figure of `decision` that marks which choice a decision is."""
        figure = self.decision_figures.get(getattr(decision.node, "pos", None))
        return self.blocks["decision"].at(len(self.decision_figures)) if figure is None else figure

    def bounds(self) -> tuple:
        """The lowest and highest value of every figure, as two float32 arrays."""
        low = np.zeros(self.size, dtype=np.float32)
        high = np.zeros(self.size, dtype=np.float32)
        for block in self.blocks.values():
            low[block.start:block.start + block.size] = block.low
            high[block.start:block.start + block.size] = block.high
        return low, high

    def names(self) -> list:
        """What each figure of the vector is, like `at[AS, P1.hand]` or `player_vars[P2, points]`."""
        out = []
        for block in self.blocks.values():
            for row in block.rows:
                for column in block.columns:
                    inside = ", ".join(str(part) for part in (row, column) if part != "")
                    out.append(block.name if block.rows == (block.name,) else f"{block.name}[{inside}]")
        return out

    def card_slots(self) -> np.ndarray:
        """Per card, the indexes of its figures besides `at`: face_down, attached, top, card_vars,
        then (for files that make markers) markers and marker_vars."""
        names = ["face_down", "attached", "top", "card_vars"] + (["markers", "marker_vars"] if "markers" in self.blocks else [])
        rows = []
        for card in range(len(self.cards)):
            row = []
            for name in names:
                block = self.blocks[name]
                row += [block.at(card, column) for column in range(len(block.columns))]
            rows.append(row)
        width = sum(len(self.blocks[name].columns) for name in names)  # a game without cards has no rows
        return np.array(rows, dtype=np.intp).reshape(len(self.cards), width)

    def place_of_label(self, label: str) -> int:
        """The place a view's zone label names; an error past the places the layout has."""
        place = self.place_index.get(label)
        if place is None:
            raise GameError(f"no place '{label}' in the observation (a row with more piles than the deck has cards?)")
        return place


def _observed(values: dict) -> tuple:
    """(name, default) of the variables an observation shows: all but bookkeeping (`_name`)."""
    return tuple((name, default) for name, default in values.items() if not name.startswith("_"))


def _zone_places(game, players: int, places: tuple) -> dict:
    """ZoneRef -> place for every zone that is not a row's pile."""
    index = {label: place for place, label in enumerate(places)}
    out = {}
    for name, spec in game.zones.items():
        if spec.row:
            continue
        for seat in (range(players) if spec.per_player else (None,)):
            for number in (range(spec.count) if spec.count is not None else (None,)):
                ref = ZoneRef(name, seat, number)
                out[ref] = index[repr(ref)]
    return out


def _texts(game, catalogue) -> dict:
    """Every text a rule file can hold in a variable that the file itself writes down, numbered from 1.

    The texts its choices offer, its attribute names, the printed texts of its cards and the
    texts its variables start with.
    """
    found = list(catalogue.texts)
    found += list(game.names.attribute_names)
    found += [value for card in game.cards for value in card.attributes.values() if isinstance(value, str)]
    for values in (game.game_vars, game.player_vars, game.card_vars, game.zone_vars):
        found += [value for value in values.values() if isinstance(value, str)]
    return {text: code for code, text in enumerate(dict.fromkeys(found), start=1)}


def view_name(face: str, copy: int) -> str:
    """How the layout knows a card of a view: its face, and the number of a copy (`Red 7#2`)."""
    return f"{face}#{copy}" if copy else face
