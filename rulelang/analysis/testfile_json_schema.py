"""Editor support: a JSON Schema (draft-07) for rule test files, built from `testschema`'s field tables.

Each field of a rule test is checked by a small function, made by `_one`, `_many` or `_table`
from a check of one value. The schema reads those tables: it finds the checks each field was
built from and gives each check its JSON Schema, so a new field appears in editors by itself.
A check it has no schema for is an error here (add it to `VALUES`), never a silent gap.
"""
from __future__ import annotations

import inspect

from ..language.json_schema import DRAFT_07, described
from . import testschema

LABEL = {"type": ["string", "integer"]}
VALUES = {  # the name of each check of one value -> its JSON Schema
    "_label": {**LABEL, "description": "A name: a card, a seat, a zone, an option (text, or a number)."},
    "_text": {"type": "string"},
    "_number": {"type": "integer"},
    "_flag": {"type": "boolean"},
    "_start": {"enum": ["setup", "turn"]},
    "_plain": {"type": ["string", "integer", "boolean", "null"],
               "description": "A value for a variable: a number, text, true/false or none."},
    "_cards": {"$ref": "#/definitions/cards"},
    "_steps": {"type": "array", "items": {"$ref": "#/definitions/step"}, "description": "The steps of the test."},
    "_winner": {"anyOf": [{"type": "null"}, LABEL, {"type": "array", "items": LABEL}],
                "description": "The seat that wins (P1), a list of seats, draw, or none."},
}

HELP = {  # field -> what an editor shows on hover
    "ruleset": "The rule file under test: a packaged ruleset's name or a path from this file's folder.",
    "tests": "The tests, each a mapping with a `name`.",
    "name": "What the test proves.",
    "covers": "The rule IDs the test proves.",
    "seed": "The seed of the game's random generator.",
    "players": "How many seats.",
    "start": "setup: play from the start; turn: start at the first turn with the zones laid out here.",
    "first": "The seat whose turn it is at the start.",
    "stack": "Cards laid on top of zones, by zone name, top first.",
    "zones": "The whole content of zones, by zone name, top first.",
    "rest": "The zone the cards not laid out go to.",
    "vars": "Values of variables, by name (`P1.house`, `closing_rank`).",
    "dice": "The results of the dice rolls, in order.",
    "steps": "Decisions to make, in order, and what to check between them.",
    "expect": "Expressions that must hold (after the steps).",
    "winner": "The seat that wins (P1), a list of seats, draw, or none.",
    "play": "The option to choose (or a list of them, one decision each).",
    "by": "The seat that must be deciding.",
    "not_legal": "Options that must not be offered.",
    "options": "Exactly the options offered.",
    "visible": "By seat: cards that seat sees.",
    "hidden": "By seat: cards that seat does not see.",
    "card": "The card's name.",
    "under": "The cards under it, top first.",
    "face_down": "true: the card lies face down.",
    "marker": "A marker, with its stored values by name.",
}


def rule_test_file_schema() -> dict:
    """The JSON Schema of a rule test file (`*.test.yaml`), for editors and other tools."""
    test = _fields(testschema.TEST_FIELDS)
    test["required"] = ["name"]
    return {
        "$schema": DRAFT_07,
        "title": "rulelang rule test file",
        "description": "Rule tests for a rule file (see docs/testing.md).",
        "type": "object",
        "properties": {"ruleset": described({"type": "string"}, HELP["ruleset"]),
                       "tests": described({"type": "array", "items": test}, HELP["tests"])},
        "required": sorted(testschema.TEST_FILE.keys),
        "additionalProperties": False,
        "definitions": {"step": _fields(testschema.STEP_FIELDS), "cards": _cards()},
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


def _fields(fields: dict) -> dict:
    """A mapping with exactly these fields."""
    return {"type": "object", "additionalProperties": False,
            "properties": {key: described(field_schema(check), HELP.get(key)) for key, check in fields.items()}}


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
