"""What a rule file declares, for the editor: each name with what it is, where it is written and
what to say of it, and the names expressions may read after a dot.

Read from the merged document (a house rule's names from its base keep the base's positions), and
from the compiled game when there is one (the kinds of values: `a number`, `true/false`). A file
with errors still loads, and its names are still known; only their kinds are not.
"""
from __future__ import annotations

import re

import attrs

from ..constructs.sections import SIGNATURE
from ..engine.decks import STANDARD_ATTRIBUTES, made_deck
from ..errors import Position
from ..kit.documents import YList, YMap
from ..kit.names import ENGINE_CARD_ATTRIBUTES, PLAYER_ATTRIBUTES

SHOWN_CHARACTERS = 120  # of a declaration's line, in a hover
(ZONE, PLAYER_ZONE, CONSTANT, GAME_VAR, PLAYER_VAR, CARD_VAR, ZONE_VAR, CARD_PROP, FUNCTION, PROCEDURE, MOVE, CARD,
 TRIGGER) = ("zone", "zone per player", "constant", "game variable", "player variable", "card variable",
             "zone variable", "card property", "function", "procedure", "move", "card", "trigger")
VARIABLES = {"vars": GAME_VAR, "player_vars": PLAYER_VAR, "card_vars": CARD_VAR, "zone_vars": ZONE_VAR}
KIND_KEYS = {CONSTANT: "constant", GAME_VAR: "var", PLAYER_VAR: "player_var", CARD_VAR: "card_var",
             CARD_PROP: "prop", FUNCTION: "function"}  # how the kind checker names each in `Names.kinds`
PLAIN_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@attrs.frozen
class Declaration:
    """A name a rule file declares: what it is, where (its key, or its `name:`), and what to say of it."""

    name: str
    what: str
    position: Position
    detail: str = ""  # one line beyond what it is: its visibility, its signature, its starting value
    kind: str = ""  # the kind of its value, when the file compiles: "a number"
    line: str = ""  # the line it is declared on, as written

    def summary(self) -> str:
        """`zone per player (visibility: owner)`, `function worth(c), gives a number`."""
        said = self.what + (f" {self.detail}" if self.detail else "")
        return said + (f", gives {self.kind}" if self.kind and self.what in (CARD_PROP, FUNCTION) else
                       f", {self.kind}" if self.kind else "")


@attrs.frozen
class Outline:
    """Everything the editor features know of a rule file's names."""

    declarations: tuple = ()
    printed: tuple = ()  # the printed values of its cards (`rank`, `suit`, or a custom deck's)
    max_players: int = 2

    def named(self, name: str, whats: tuple = ()) -> list:
        """The declarations of `name` (of those kinds, if given)."""
        return [d for d in self.declarations if d.name == name and (not whats or d.what in whats)]

    def of(self, *whats: str) -> list:
        """The declarations of those kinds, in the file's order."""
        return [d for d in self.declarations if d.what in whats]

    def player_members(self) -> list:
        """(name, what) of every name that may follow a player and a dot: `me.hand`, `p.score`, `p.seat`."""
        return ([(d.name, d.what) for d in self.of(PLAYER_ZONE, PLAYER_VAR)]
                + [(name, "player attribute") for name in PLAYER_ATTRIBUTES])

    def card_members(self) -> list:
        """(name, what) of every name that may follow a card and a dot: `c.value`, `c.rank`, `c.zone`."""
        return ([(d.name, d.what) for d in self.of(CARD_PROP, CARD_VAR)]
                + [(name, "printed value") for name in self.printed]
                + [(name, "card attribute") for name in ENGINE_CARD_ATTRIBUTES])

    def zone_members(self) -> list:
        """(name, what) of every name that may follow a zone and a dot: its zone variables."""
        return [(d.name, d.what) for d in self.of(ZONE_VAR)]


def outline(document: YMap, game=None) -> Outline:
    """The outline of a loaded (merged) rule file; `game`, when it compiled, gives the kinds."""
    lines = {path: text.split("\n") for path, text in document.sources}
    kinds = game.names.kinds if game is not None else {}
    found = [*_zones(document), *_constants(document), *_variables(document), *_expressions(document),
             *_moves(document), *_triggers(document)]
    cards, printed = _deck(document)
    declared = []
    for declaration in found + cards:
        kind = kinds.get((KIND_KEYS.get(declaration.what), declaration.name), "")
        declared.append(attrs.evolve(declaration, kind=str(kind), line=_line(lines, declaration.position)))
    return Outline(tuple(declared), tuple(sorted(printed)), _max_players(document))


def _line(lines: dict, position: Position) -> str:
    """The line a position is on, as written (cut to SHOWN_CHARACTERS), or ''."""
    text = lines.get(position.path, ())
    if not 1 <= position.line <= len(text):
        return ""
    line = text[position.line - 1].rstrip("\r").strip()
    return line if len(line) <= SHOWN_CHARACTERS else line[:SHOWN_CHARACTERS] + "…"


def _section(document: YMap, key: str, kind=YMap):
    """A section of the document if it has the kind expected, else an empty one."""
    value = document.get(key)
    return value if isinstance(value, kind) else kind()


def _zones(document: YMap) -> list:
    """The zones, shared or one per player, with their visibility and how many there are."""
    section, out = _section(document, "zones"), []
    for name, body in section.items():
        body = body if isinstance(body, YMap) else YMap()
        said = [f"visibility: {body.get('visibility', 'public')}"]
        if body.get("count") is not None:
            said.append(f"{body['count']} of them")
        if body.get("row"):
            said.append("a row of piles")
        what = PLAYER_ZONE if body.get("per_player") else ZONE
        out.append(Declaration(str(name), what, section.key_pos[name], f"({', '.join(said)})"))
    return out


def _constants(document: YMap) -> list:
    """The constants, with their values (a house rule's value where it overrides its base's)."""
    section = _section(document, "constants")
    return [Declaration(str(name), CONSTANT, section.key_pos[name], f"= {_shown(value)}")
            for name, value in section.items()]


def _shown(value) -> str:
    """A value as the rule file writes it: none, true/false, a number, or a quoted text."""
    return "none" if value is None else str(value).lower() if isinstance(value, bool) else repr(value)


def _variables(document: YMap) -> list:
    """The variables of every variable section, with their starting values."""
    out = []
    for key, what in VARIABLES.items():
        section = _section(document, key)
        for name, value in section.items():
            initial = value.get("initial") if isinstance(value, YMap) else value
            out.append(Declaration(str(name), what, section.key_pos[name], f"(starts as {_shown(initial)})"))
    return out


def _expressions(document: YMap) -> list:
    """Card properties (with their expressions), functions and procedures (with their signatures)."""
    props = _section(document, "card_props")
    out = [Declaration(str(name), CARD_PROP, props.key_pos[name], f"= {_short(text)}") for name, text in props.items()]
    for key, what in (("functions", FUNCTION), ("procedures", PROCEDURE)):
        section = _section(document, key)
        for signature in section:
            found = SIGNATURE.match(signature)
            if found:
                out.append(Declaration(found.group(1), what, section.key_pos[signature], " ".join(signature.split())))
    return out


def _short(value) -> str:
    """An expression as a hover shows it: on one line, cut to SHOWN_CHARACTERS."""
    text = " ".join(str(value).split())
    return text if len(text) <= SHOWN_CHARACTERS else text[:SHOWN_CHARACTERS] + "…"


def _moves(document: YMap) -> list:
    """The moves, with their labels."""
    section = _section(document, "moves")
    return [Declaration(str(name).split("(", 1)[0].strip(), MOVE, section.key_pos[name],  # (`meld(card)`: meld)
                        f"(label: {body['label']})" if isinstance(body, YMap) and "label" in body else "")
            for name, body in section.items()]


def _triggers(document: YMap) -> list:
    """The triggers, by their names (where the name is written)."""
    section, out = _section(document, "triggers", YList), []
    for item, pos in zip(section, section.item_pos):
        if isinstance(item, YMap) and isinstance(item.get("name"), str):
            detail = f"(on {item['on']})" if "on" in item else ""
            out.append(Declaration(str(item["name"]), TRIGGER, item.value_pos["name"], detail))
    return out


def _deck(document: YMap) -> tuple:
    """The cards (a custom deck's where each is written, a standard deck's at its size) and the
    names of their printed values."""
    deck = _section(document, "deck")
    cards = deck.get("cards")
    if isinstance(cards, YList):
        out, printed = [], {str(a) for a in deck.get("attributes", ()) if isinstance(a, str)}
        for item, pos in zip(cards, cards.item_pos):
            if isinstance(item, YMap) and isinstance(item.get("name"), str):
                values = ", ".join(f"{k}: {v}" for k, v in item.items() if k != "name")
                out.append(Declaration(str(item["name"]), CARD, item.value_pos["name"], f"({_short(values)})"))
                printed.update(k for k in item if k != "name" and PLAIN_NAME.fullmatch(k))
        return out, printed
    key = next((k for k in ("pack", "standard", "suits", "ranks") if k in deck), "standard")
    where = deck.value_pos.get(key, deck.pos)
    try:
        cards, printed = made_deck(deck)
    except ValueError:
        return [], set(STANDARD_ATTRIBUTES)
    what = f"the {deck['pack']} pack" if "pack" in deck else "the deck" if key in ("suits", "ranks") else \
        f"the standard deck of {deck.get('standard', 54)}"
    return ([Declaration(card.name, CARD, where, f"(of {what}: "
                                                f"{', '.join(f'{k}: {v}' for k, v in card.attributes.items())})")
             for card in cards], set(printed))


def _max_players(document: YMap) -> int:
    """The most seats the file allows (2 when it does not say plainly)."""
    value = document.get("players", 2)
    if isinstance(value, list) and len(value) == 2 and isinstance(value[1], int):
        value = value[1]
    return value if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 20 else 2
