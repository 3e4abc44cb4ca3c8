"""Editor support: a JSON Schema (draft-07) for rule files, built from the construct catalogue.

The schema is generated from the sections, blocks and statements of `rulelang/constructs/` (the
same keys and kinds the shape check reads), so a key the language learns appears in editors too. It is as permissive as the checker where the checker leaves a value to later
stages (expressions are text, numbers or true/false), and it leaves out what needs the whole
file (names, kinds, deck arithmetic): `rulelang validate` checks those. A variant (`extends:`)
merges mappings into its base, so the parts of a mapping section are not required here.
"""
from __future__ import annotations

from ..constructs.catalogue import BLOCKS, SECTIONS, STATEMENTS
from ..constructs.sections import CARDS, CONSTANT, FIGURES, HEADED, PLAYERS, VALUE, VARIABLE
from . import schema as shape

DRAFT_07 = "http://json-schema.org/draft-07/schema#"

KIND_HELP = {
    shape.TEXT: "Text.",
    shape.NUMBER: "A whole number.",
    shape.FLAG: "true or false.",
    shape.EXPR: "An expression (text; a plain number, true/false or none also works).",
    shape.EFFECTS: "A list of effects: statements in text, or blocks such as `if:`, `for:`, `choose:`.",
    shape.NAMES: "A list of move names.",
    PLAYERS: "How many seats: a number (2) or a range [min, max], between 1 and 20.",
    VALUE: "The starting value: a number, text, true/false, none, or a list of them.",
    CONSTANT: "A number, text or true/false, fixed for the whole game.",
    HEADED: "Text in Markdown, or sections of text by heading (a variant replaces them one by one).",
}

REMOVED = {"enum": [None, "none", "None"],  # the loader reads `none` as empty; editors read YAML 1.2 (text)
           "description": "none: in a variant, remove this part from the base."}
EXPRESSION = {"type": ["string", "integer", "boolean", "null"], "description": KIND_HELP[shape.EXPR]}
SCALAR = {"type": ["string", "integer", "boolean", "null", "array"], "description": KIND_HELP["value"]}
SEATS = {"type": "integer", "minimum": 1, "maximum": 20}
SHAPED = (shape.MAPPING, shape.SEQUENCE)  # sections whose value has a shape of its own; `none` removes one
REMOVAL = {"type": "object", "required": ["name", "remove"], "additionalProperties": False,
           "properties": {"name": {"type": "string"},
                          "remove": {"const": True, "description": "Drop the base's entry of this name."}}}


def rule_file_schema() -> dict:
    """The JSON Schema of a rule file, for editors (yaml-language-server) and other tools."""
    return {
        "$schema": DRAFT_07,
        "title": "rulelang rule file",
        "description": "A card game written in rulelang (see docs/language.md).",
        "type": "object",
        "properties": {key: described({"anyOf": [_section(section), REMOVED]} if section.kind in SHAPED
                                      else _kind_schema(section.kind), section.summary())
                       for key, section in SECTIONS.items()},
        "additionalProperties": False,
        "if": {"not": {"required": ["extends"]}},
        "then": {"required": [key for key, section in SECTIONS.items() if section.required]},
        "definitions": {"effects": _effects(), "effect": _effect()},
    }


def described(schema: dict, text: str | None) -> dict:
    """`schema` with `text` as its description (as an editor shows it on hover)."""
    return {**schema, "description": text} if text else schema


def _kind_schema(kind: str) -> dict:
    """The JSON Schema of one kind of value a key takes."""
    fixed = {
        shape.TEXT: {"type": "string"},
        shape.NUMBER: {"type": "integer"},
        shape.FLAG: {"type": "boolean"},
        shape.MAPPING: {"type": "object"},
        shape.SEQUENCE: {"type": "array"},
        shape.EXPR: EXPRESSION,
        shape.EFFECTS: {"$ref": "#/definitions/effects"},
        shape.NAMES: {"type": "array", "items": {"type": "string"}},
        PLAYERS: {"anyOf": [SEATS, {"type": "array", "items": SEATS, "minItems": 2, "maxItems": 2}]},
        VALUE: SCALAR,
        CONSTANT: {"type": ["string", "integer", "boolean"]},
        HEADED: {"anyOf": [{"type": "string"}, _by_name({"type": "string"})]},
        CARDS: {"type": "array", "items": {"type": "object", "required": ["name"], "properties": {
            "name": {"type": "string"},
            "copies": {"type": "integer", "minimum": 1, "description": "How many cards alike the deck holds."}}}},
        FIGURES: _by_name(EXPRESSION),
    }
    return described(fixed[kind], KIND_HELP.get(kind))


def _mapping(table: dict, choices: dict | None = None, complete: bool = False) -> dict:
    """A mapping of these keys (each with its kind's schema, its choices and its help); `complete`
    ones (never merged by a variant) need their required keys."""
    choices = choices or {}
    properties = {key: described({"enum": list(choices[key])} if key in choices else _kind_schema(spec.kind),
                                 spec.help or KIND_HELP.get(spec.kind))
                  for key, spec in table.items()}
    out = {"type": "object", "properties": properties, "additionalProperties": False}
    required = [key for key, spec in table.items() if spec.required]
    return {**out, "required": required} if complete and required else out


def _by_name(value: dict) -> dict:
    """A mapping from names the rule file chooses to `value` (or none, to remove one in a variant)."""
    return {"type": "object", "additionalProperties": {"anyOf": [value, REMOVED]}}


def _section(section) -> dict:
    """A section's value: its keys, or its entries by name (or in a list), as the section says."""
    choices = getattr(section, "choices", None)
    if section.fields:
        return _mapping(section.fields, choices)
    if section.kind == shape.SEQUENCE:
        entry = _mapping(section.entry, choices, complete=True)
        return {"type": "array", "items": {"anyOf": [entry, REMOVAL]} if section.removable else entry}
    if section.entry_kind == VARIABLE:
        return _by_name({"anyOf": [SCALAR, _mapping(section.entry)]})
    if section.entry:
        return _by_name(_mapping(section.entry, choices))
    return _by_name(_kind_schema(section.entry_kind))


def _effects() -> dict:
    """An effect list."""
    return {"type": "array", "items": {"$ref": "#/definitions/effect"}, "description": KIND_HELP[shape.EFFECTS]}


def _effect() -> dict:
    """One effect: a statement in text, a statement in mapping form, or a block."""
    statement = {"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
                 "properties": {keyword: described({"type": ["string", "integer", "null"]}, _statement_help(statement))
                                for keyword, statement in STATEMENTS.items()}}
    blocks = [_mapping(block.keys, complete=True) for block in BLOCKS.values()]
    return {"anyOf": [{"type": "string", "description": "A statement, e.g. `move c to discard`."}, statement, *blocks]}


def _statement_help(statement) -> str:
    """How a statement is written and what it does, as an editor shows it."""
    return f"{'; '.join(statement.syntax)}: {statement.summary()}"
