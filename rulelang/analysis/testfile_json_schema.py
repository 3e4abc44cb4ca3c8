"""Editor support: a JSON Schema (draft-07) for rule test files, built from `testschema`'s field tables.

Each field of a rule test is checked by a small function, made by `_one`, `_many` or `_table`
from a check of one value. The schema reads those tables: it finds the checks each field was
built from and gives each check its JSON Schema, so a new field appears in editors by itself;
the parts that have tables of their own (steps, cards, log items, rest parts) become definitions
built from those tables. A check it has no schema for is an error here (add it to `VALUES`),
never a silent gap.
"""
from __future__ import annotations

import inspect

from ..language.json_schema import DRAFT_07, described
from . import testschema

LABEL = {"type": ["string", "integer"]}
REST_PART = {"anyOf": [{"type": "string"}, {"$ref": "#/definitions/rest_part"}]}
VALUES = {  # the name of each check of one value -> its JSON Schema
    "_label": {**LABEL, "description": "A name: a card, a seat, a zone, an option (text, or a number)."},
    "_text": {"type": "string"},
    "_number": {"type": "integer"},
    "_flag": {"type": "boolean"},
    "_start": {"enum": ["setup", "turn"]},
    "_plain": {"type": ["string", "integer", "boolean", "null"],
               "description": "A value for a variable: a number, text, true/false or none."},
    "_count": {"type": "integer", "minimum": 0},
    "_turns": {"type": "integer", "minimum": 1, "maximum": testschema.MAX_TURNS},
    "_ruleset": {"type": ["string", "object"],
                 "description": "A ruleset's name or path, or an inline variant (a mapping, checked as a rule file "
                                "when the test runs)."},
    "_options": {"anyOf": [{"type": "array", "items": LABEL},
                           {"type": "object", "required": ["any_order"], "additionalProperties": False,
                            "properties": {"any_order": {"type": "array", "items": LABEL,
                                                         "description": "The options, in any order."}}}]},
    "_cards": {"$ref": "#/definitions/cards"},
    "_steps": {"type": "array", "items": {"$ref": "#/definitions/step"}},
    "_log": {"type": "array", "items": {"anyOf": [{"type": "string"}, {"$ref": "#/definitions/log_item"}]}},
    "_rest": {"anyOf": [REST_PART, {"type": "array", "items": REST_PART}]},
    "_winner": {"anyOf": [{"type": "null"}, LABEL, {"type": "array", "items": LABEL}]},
}

HELP = {  # field -> what an editor shows on hover (the wording of docs/testing.md)
    "tests": "The tests, each a mapping with a `name`.",
    "name": "What the test proves, in words (required).",
    "covers": "The rule IDs it proves.",
    "seed": "The game's seed (default 1).",
    "players": "How many seats (default: the ruleset's minimum).",
    "start": "setup (default): the game starts normally; turn: the setup is skipped and the first turn "
             "starts from the position laid out in `zones`.",
    "first": "With `start: turn`, the seat that moves first (default P1).",
    "stack": "Zones whose top cards are given, top first (`draw: [QH, 5S]`); a stacked zone is never shuffled.",
    "zones": "Cards to lay into zones, top first (`P1.hand: [5H, 7C]`).",
    "ruleset": "This test's own ruleset: a name, or an inline variant; it replaces the file's.",
    "rest": "Where the cards the test does not lay out go: a zone, {zone, count, face_down}, or a list of these.",
    "vars": "Initial variables: `P1.house: spades`, `closing_rank: 12`.",
    "dice": "Forced die results, used by the next dice rolled, in order.",
    "random": "Forced picks of random(...), used by the next calls, in order: each the label of the item picked "
              "(P3, QS, hearts).",
    "tricks": "Tricks each player has taken in the round before the test (`P1: 4`), in a game whose tricks close "
              "(`tricks: zone`).",
    "steps": "What happens, in order. A step stops at the end of a round; the next plays on from there.",
    "expect": "Expressions that must hold (one, or a list).",
    "winner": "P1, a list [P1, P2], draw, or none (the game must still go on); [] means nobody wins.",
    "play": "Option labels to choose, in order: a move's name, a card, a player, a value, a pile (center[0]), or "
            "done; a decision of one option the next label does not name is taken unwritten.",
    "turns": "N: after the `play` labels, play on until N turns have ended.",
    "auto": "With `turns`: a decision the `play` labels do not answer takes its first option.",
    "by": "The seat that must be deciding now (written above `play`: before the step plays).",
    "options": "The exact list of option labels offered now, in order; {any_order: [...]} when the order "
               "does not matter.",
    "not_legal": "Labels that must not be offered now.",
    "visible": "`{P2: [QS, JC]}`: cards these seats can see.",
    "hidden": "`{P2: [5H]}`: cards these seats cannot see.",
    "game_over": "true: the game has ended by now; false: it goes on.",
    "log": "Text fragments that lines logged during this step contain; {text, seen_by} also says who saw it.",
    "no_dice": "true: no die was rolled during this step.",
    "dice_used": "true: every forced die given so far has been rolled by now.",
    "card": "The card's name.",
    "under": "The cards under it, top first.",
    "face_down": "true: lay it face down.",
    "marker": "A marker, with its stored values by name.",
    "text": "A fragment of a logged line.",
    "seen_by": "Exactly these seats saw a line with that fragment.",
    "zone": "The zone this part's cards go to.",
    "count": "How many cards this part takes (only the last part may leave it out: it takes every card left).",
}


def rule_test_file_schema() -> dict:
    """The JSON Schema of a rule test file (`*.test.yaml`), for editors and other tools."""
    test = _fields(testschema.TEST_FIELDS, required="name")
    return {
        "$schema": DRAFT_07,
        "title": "rulelang rule test file",
        "description": "Rule tests for a rule file (see docs/testing.md).",
        "type": "object",
        "properties": {"ruleset": described(VALUES["_ruleset"], "The ruleset the tests play: a packaged "
                                            "ruleset's name, a .yaml file beside this one, or an inline variant."),
                       "tests": described({"type": "array", "items": test}, HELP["tests"])},
        "required": sorted(testschema.TEST_FILE.keys),
        "additionalProperties": False,
        "definitions": {"step": _fields(testschema.STEP_FIELDS), "cards": _cards(),
                        "log_item": _fields(testschema.LOG_FIELDS, required="text"),
                        "rest_part": _fields(testschema.REST_FIELDS, required="zone")},
    }


def field_schema(field) -> dict:
    """The JSON Schema of the values one field check accepts (a check of one value, or one made of it)."""
    made_by = field.__qualname__.split(".<locals>")[0]
    inner = inspect.getclosurevars(field).nonlocals
    if made_by == "_one":
        return field_schema(inner["check"])
    if made_by == "_many":
        many = {"type": "array", "items": field_schema(inner["check"])}
        return {"anyOf": [field_schema(inner["check"]), many]} if inner["single"] else many
    if made_by == "_table":
        return {"type": "object", "additionalProperties": field_schema(inner["field"])}
    if made_by not in VALUES:
        raise LookupError(f"no JSON Schema for the test field check {made_by}; add one to VALUES")
    return VALUES[made_by]


def _fields(fields: dict, required: str | None = None) -> dict:
    """A mapping with these fields and no others (and the `required` one)."""
    out = {"type": "object", "additionalProperties": False,
           "properties": {key: described(field_schema(check), HELP.get(key)) for key, check in fields.items()}}
    return {**out, "required": [required]} if required else out


def _cards() -> dict:
    """Cards laid into a zone, top first: names, or mappings (a card with its values, or a marker)."""
    card = {"type": "object", "required": ["card"],
            "properties": {key: described(field_schema(check), HELP.get(key))
                           for key, check in testschema.CARD_FIELDS.items()},
            "additionalProperties": VALUES["_plain"]}
    marker = {"type": "object", "required": ["marker"],
              "properties": {"marker": described({"type": "object", "additionalProperties": VALUES["_number"]},
                                                 HELP["marker"])}}
    return {"type": "array", "items": {"anyOf": [VALUES["_label"], card, marker]}}
