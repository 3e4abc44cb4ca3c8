"""Editor support: a JSON Schema (draft-07) for rule files, built from the shape checker's tables.

The schema is generated from the tables of `schema.py`, so a key the checker learns appears in
editors too. It is as permissive as the checker where the checker leaves a value to later
stages (expressions are text, numbers or true/false), and it leaves out what needs the whole
file (names, kinds, deck arithmetic): `rulelang validate` checks those. A variant (`extends:`)
merges mappings into its base, so the parts of a mapping section are not required here.
"""
from __future__ import annotations

from ..constructs.catalogue import BLOCKS, STATEMENTS
from . import schema as shape

DRAFT_07 = "http://json-schema.org/draft-07/schema#"

KIND_HELP = {
    shape.TEXT: "Text.",
    shape.NUMBER: "A whole number.",
    shape.FLAG: "true or false.",
    shape.EXPR: "An expression (text; a plain number or true/false also works).",
    shape.EFFECTS: "A list of effects: statements in text, or blocks such as `if:`, `for:`, `choose:`.",
    shape.NAMES: "A list of move names.",
    "players": "How many seats: a number (2) or a range [min, max], between 1 and 20.",
    "value": "The starting value: a number, text, true/false or none.",
}

HELP = {  # (table, key) -> what an editor shows on hover; a missing entry falls back to KIND_HELP
    "top": {
        "name": "The game's name, as players read it.",
        "description": "A paragraph saying what the game is about.",
        "rules": "The rules for players, in Markdown (`rulelang rules` prints them).",
        "players": KIND_HELP["players"],
        "extends": "A base rule file this one changes: a packaged ruleset's name or a .yaml file "
                   "under this file's folder. Only what differs need be written.",
        "deck": "The cards: `standard: 52` or `54`, or `cards:` of your own; `start:` names the zone they start in.",
        "zones": "The piles cards lie in, by name: each with its `visibility`.",
        "card_props": "Derived values of a card, by name: expressions with `it` as the card.",
        "card_vars": "Values stored on cards, by name, with their defaults.",
        "player_vars": "Values per seat, by name, with their starting values.",
        "zone_vars": "Values stored on zones, by name, with their defaults.",
        "vars": "Values for the whole game, by name, with their starting values.",
        "procedures": "Named effect lists with parameters (`\"play(c)\": [...]`), run with `call play(c)`.",
        "functions": "Named expressions with parameters (`\"damage(c)\": \"...\"`).",
        "reactions": "Moves other players may make after every move (a reaction window).",
        "anytime": "Moves a player may make at any of their decisions.",
        "setup": "Effects run once before the first turn.",
        "turn": "What a turn is: `do` (required), who goes `first`, `after`, `skip`, `next`.",
        "moves": "The moves, by name: each with `do` (required), `if`, `label`, `help`.",
        "triggers": "Rules that fire by themselves when their `when` holds (or `on: moved`).",
        "end": "End conditions: the game ends as soon as a `when` holds; `winner` says who wins.",
        "results": "Figures `rulelang simulate` reports: a `score` per seat and a game-wide `report`.",
        "display": "A line shown beside a zone when playing, by zone name (`it` is the zone).",
        "rounds": "Play round after round: `setup`, `first`, `end` (required), `after`.",
        "limits": "Bounds on one game: `decisions`, `steps`, `work`.",
        "bots": "Hints for bots, not a rule: `evaluate` (required) and `scale`.",
    },
    "deck": {
        "standard": "A French deck: 52, or 54 with two jokers.",
        "cards": "A deck of your own: one mapping per card, each with a unique `name` and its printed values.",
        "attributes": "The printed values of `cards` a player may name.",
        "start": "The shared zone every card starts in (required).",
    },
    "zone": {
        "per_player": "true: one such zone per seat (`me.hand`); otherwise shared.",
        "visibility": "Who sees which cards lie there (required): hidden (nobody), owner, public (everybody).",
        "capacity": "At most this many cards, checked whenever the game waits for a decision.",
        "refill": "When a card must be drawn and this zone is empty, the zone named here is shuffled into it.",
        "keep_face_up": "With `refill`: face-up cards stay behind.",
        "count": "Make this many zones (per player, or shared): `p.piles[0]` is one of them.",
        "row": "true: a row of piles that grows and shrinks during play.",
        "face_down": "Who sees a face-down card here: owner, or hidden (nobody).",
        "label": "What players read for the zone.",
    },
    "turn": {
        "first": "Who takes the first turn: `random` or an expression naming a player.",
        "do": "The effects of a turn (required).",
        "after": "Effects when the turn's `do` is finished.",
        "skip": "Seats for which this holds are passed over.",
        "next": "Who moves next (default: the next seat clockwise).",
    },
    "rounds": {
        "setup": "Effects at the start of every round.",
        "first": "Who begins each round (default: turn.first).",
        "end": "The round ends when this holds at a check point (required).",
        "after": "Effects when a round ends: scoring, the match end.",
    },
    "move": {
        "label": "What players read for the move.",
        "rule": "The rule ID the move implements.",
        "if": "The move is offered only when this holds (default: true).",
        "do": "The move's effects (required); `me` is the player who chose it.",
        "help": "What the move does, in players' words.",
        "ask": "For a reaction move: ask a person about it only when this holds.",
    },
    "trigger": {
        "name": "What happened, in players' words (required); a variant replaces a trigger by its name.",
        "rule": "The rule ID the trigger implements.",
        "for": "`x in LIST`: check `when` for each item.",
        "when": "The trigger fires when this holds (required).",
        "do": "The effects when it fires (required).",
        "on": "An event to wait for instead of a check point: `moved` (binds `card` and `origin`).",
    },
    "end": {
        "rule": "The rule ID of the end condition.",
        "name": "Why the game ended, in players' words.",
        "for": "`x in LIST`: check `when` for each item.",
        "when": "The game ends when this holds (required).",
        "winner": "A player or a list of players who win (required); all others lose.",
    },
    "variable": {
        "initial": KIND_HELP["value"],
        "label": "What players read for the variable on the table.",
    },
    "results": {
        "score": "A number per seat (`me`), reported as mean_score by simulate.",
        "report": "Game-wide figures, by name: expressions reported by simulate.",
    },
    "reactions": {"moves": "The names of the moves."},
    "limits": {
        "decisions": "At most this many decisions in one game.",
        "steps": "At most this many steps in one game.",
        "work": "At most this much work in one game.",
    },
    "bots": {
        "evaluate": "A number seen from the seat `me` (higher is better) that search bots aim for (required).",
        "scale": "How much of `evaluate` is a clear step forward.",
    },
}

REMOVED = {"enum": [None, "none", "None"],  # the loader reads `none` as empty; editors read YAML 1.2 (text)
           "description": "none: in a variant, remove this part from the base."}
EXPRESSION = {"type": ["string", "integer", "boolean"], "description": KIND_HELP[shape.EXPR]}
SCALAR = {"type": ["string", "integer", "boolean", "null"], "description": KIND_HELP["value"]}
SEATS = {"type": "integer", "minimum": 1, "maximum": 20}


def rule_file_schema() -> dict:
    """The JSON Schema of a rule file, for editors (yaml-language-server) and other tools."""
    return {
        "$schema": DRAFT_07,
        "title": "rulelang rule file",
        "description": "A card game written in rulelang (see docs/language.md).",
        "type": "object",
        "properties": _properties(shape.TOP, "top", _sections()),
        "additionalProperties": False,
        "if": {"not": {"required": ["extends"]}},
        "then": {"required": _required(shape.TOP)},
        "definitions": {"effects": _effects(), "effect": _effect()},
    }


def described(schema: dict, text: str | None) -> dict:
    """`schema` with `text` as its description (as an editor shows it on hover)."""
    return {**schema, "description": text} if text else schema


def _kind_schema(kind: str) -> dict:
    """The JSON Schema of one value kind of the shape checker's tables."""
    fixed = {
        shape.TEXT: {"type": "string"},
        shape.NUMBER: {"type": "integer"},
        shape.FLAG: {"type": "boolean"},
        shape.MAPPING: {"type": "object"},
        shape.SEQUENCE: {"type": "array"},
        shape.EXPR: EXPRESSION,
        shape.EFFECTS: {"$ref": "#/definitions/effects"},
        shape.NAMES: {"type": "array", "items": {"type": "string"}},
        "players": {"anyOf": [SEATS, {"type": "array", "items": SEATS, "minItems": 2, "maxItems": 2}]},
        "value": SCALAR,
    }
    return described(fixed[kind], KIND_HELP.get(kind))


def _properties(table: dict, help_key: str, special: dict | None = None) -> dict:
    """One property per key of a checker table, with its kind's schema and its help text."""
    special = special or {}
    return {key: described(special.get(key) or _kind_schema(kind), HELP[help_key].get(key) or KIND_HELP.get(kind))
            for key, (kind, _) in table.items()}


def _required(table: dict) -> list:
    """The keys a checker table requires."""
    return [key for key, (_, required) in table.items() if required]


def _mapping(table: dict, help_key: str, special: dict | None = None, complete: bool = False) -> dict:
    """A mapping checked with `table`; `complete` ones (never merged by a variant) need their required keys."""
    out = {"type": "object", "properties": _properties(table, help_key, special), "additionalProperties": False}
    if complete and _required(table):
        out["required"] = _required(table)
    return out


def _by_name(value: dict) -> dict:
    """A mapping from names the rule file chooses to `value` (or none, to remove one in a variant)."""
    return {"type": "object", "additionalProperties": {"anyOf": [value, REMOVED]}}


def _variable() -> dict:
    """A variable's starting value, or a mapping with `initial` and `label`."""
    return {"anyOf": [SCALAR, _mapping(shape.VARIABLE, "variable")]}


def _zone() -> dict:
    """A zone, with its fixed choices as enums."""
    return _mapping(shape.ZONE, "zone", {"visibility": {"enum": list(shape.VISIBILITIES)},
                                         "face_down": {"enum": list(shape.FACE_DOWN)}})


def _trigger() -> dict:
    """A trigger; in a variant also `{name: ..., remove: true}`, which drops the base's trigger."""
    removal = {"type": "object", "required": ["name", "remove"], "additionalProperties": False,
               "properties": {"name": {"type": "string"},
                              "remove": {"const": True, "description": "Drop the base's trigger of this name."}}}
    complete = _mapping(shape.TRIGGER, "trigger", {"on": {"enum": list(shape.EVENTS)}}, complete=True)
    return {"anyOf": [complete, removal]}


def _deck() -> dict:
    """The deck: standard or cards of your own."""
    cards = {"type": "array", "items": {"type": "object", "required": ["name"]}}
    return _mapping(shape.DECK, "deck", {"cards": cards,
                                         "attributes": {"type": "array", "items": {"type": "string"}}})


def _effects() -> dict:
    """An effect list."""
    return {"type": "array", "items": {"$ref": "#/definitions/effect"}, "description": KIND_HELP[shape.EFFECTS]}


def _effect() -> dict:
    """One effect: a statement in text, a statement in mapping form, or a block."""
    statement = {"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
                 "properties": {keyword: described({"type": ["string", "integer", "null"]}, _statement_help(statement))
                                for keyword, statement in STATEMENTS.items()}}
    blocks = [_block(block) for block in BLOCKS.values()]
    return {"anyOf": [{"type": "string", "description": "A statement, e.g. `move c to discard`."}, statement, *blocks]}


def _statement_help(statement) -> str:
    """How a statement is written and what it does, as an editor shows it."""
    return f"{'; '.join(statement.syntax)}: {statement.summary()}"


def _block(block) -> dict:
    """A block of an effect list: its keys, each with its kind's schema and its help."""
    properties = {key: described(_kind_schema(spec.kind), spec.help or KIND_HELP.get(spec.kind))
                  for key, spec in block.keys.items()}
    out = {"type": "object", "properties": properties, "additionalProperties": False}
    required = [key for key, spec in block.keys.items() if spec.required]
    return {**out, "required": required} if required else out


def _sections() -> dict:
    """The sections of a rule file that have a shape of their own; in a variant, `none` removes one."""
    sections = {
        "deck": _deck(),
        "zones": _by_name(_zone()),
        "turn": _mapping(shape.TURN, "turn"),
        "rounds": _mapping(shape.ROUNDS, "rounds"),
        "moves": _by_name(_mapping(shape.MOVE, "move")),
        "triggers": {"type": "array", "items": _trigger()},
        "end": {"type": "array", "items": _mapping(shape.END, "end", complete=True)},
        "results": _mapping(shape.RESULTS, "results", {"report": _by_name(EXPRESSION)}),
        "reactions": _mapping(shape.REACTIONS, "reactions"),
        "anytime": _mapping(shape.REACTIONS, "reactions"),
        "limits": _mapping(shape.LIMITS, "limits"),
        "bots": _mapping(shape.BOTS, "bots"),
        "card_props": _by_name(EXPRESSION),
        "functions": _by_name(EXPRESSION),
        "procedures": _by_name({"$ref": "#/definitions/effects"}),
        "display": _by_name({"type": "string"}),
        **{section: _by_name(_variable()) for section in shape.VARIABLE_SECTIONS},
    }
    return {key: {"anyOf": [value, REMOVED]} for key, value in sections.items()}
