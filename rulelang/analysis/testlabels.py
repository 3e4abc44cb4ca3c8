"""The option labels a ruleset can offer, for `validate` to check a rule test's steps before they run.

An option is labelled by what it offers (see engine/decisions.py): a move by its name, a card or
a die by its face or its own name, a player by seat, a zone by its name (`P1.piles[0]`,
`row[2]`), a marker by its values, `done` and `pass`, a number, and any other value as its
text. The texts a `choose:` can offer are the literals it names (env/offers.py) and a score
sheet's boxes; where it may also offer texts worked out in play, a label that is none of the
above is refused only when it is a near miss of a move's name (`hodl` for the move `hold`).
"""
from __future__ import annotations

import re

from ..env.offers import choice_points, offered_literals
from ..kit.names import suggest

FIXED = ("done", "pass", "none", "true", "false")
NUMBERED = re.compile(r"^(?P<label>.*) \([0-9]+\)$")  # options alike told apart: `dmg 4 on QH (2)`
NUMBER = re.compile(r"^-?[0-9]+$")
ZONE = re.compile(r"^(?:P[0-9]+\.)?(?P<zone>[A-Za-z_][A-Za-z0-9_]*)(?:\[[0-9]+\])?$")


class Labels:
    """What one ruleset's options can be labelled."""

    def __init__(self, game, document):
        self.game = game
        self.known = set(FIXED) | set(game.moves) | {card.name for card in game.cards} | set(game.copies)
        self.known |= {f"P{seat}" for seat in range(1, game.max_players + 1)}
        literals = offered_literals(document, game.names.attribute_names)
        self.known |= {_text(value) for value in literals}
        self.known |= {box for sheet in game.sheets.values() for box in sheet.boxes}  # open_boxes(sheet) offers them
        self.markers = tuple(game.card_vars)
        self.open = any(what != "move" for _, what in choice_points(document))  # a choice may offer any text

    def problem(self, label: str) -> str | None:
        """Why a step's label can never be offered, or None when it may be."""
        label = str(label)
        bare = NUMBERED.match(label)
        text = bare.group("label") if bare else label
        if text in self.known or NUMBER.match(text) or text.startswith("[") or self._zone(text) or self._marker(text):
            return None
        near = suggest(text, set(self.game.moves) if self.open else self.known)
        if self.open and not near:
            return None  # a choice may offer a text worked out in play: only a near miss of a move is surely wrong
        return (f"no option of {self.game.name} is labelled '{label}': a label is a move's name, a card, a seat, "
                f"a zone, done or pass, or a value a choice offers{near}")

    def _zone(self, text: str) -> bool:
        found = ZONE.match(text)
        return found is not None and found.group("zone") in self.game.zones

    def _marker(self, text: str) -> bool:
        return text == "marker" or any(text.startswith(f"{name} ") for name in self.markers)


def _text(value) -> str:
    """A value's label (as engine/decisions.py writes it)."""
    return "none" if value is None else str(value)
