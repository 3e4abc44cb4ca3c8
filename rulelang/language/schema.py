"""Check stage, part one: the shape of a rule file (known keys, required parts, value types)."""
from __future__ import annotations

from ..constructs.blocks import block_form
from ..constructs.catalogue import BLOCKS, STATEMENTS
from ..errors import Diagnostic, Position
from .documents import YList, YMap, position_of
from .loader import FileKind
from .names import suggest

TEXT, NUMBER, FLAG, MAPPING, SEQUENCE, EXPR, EFFECTS, NAMES = (
    "text", "number", "true/false", "mapping", "list", "expression", "effects", "names")

TOP = {
    "name": (TEXT, True), "description": (TEXT, False), "players": ("players", True), "extends": (TEXT, False),
    "deck": (MAPPING, True), "zones": (MAPPING, True), "card_props": (MAPPING, False),
    "card_vars": (MAPPING, False), "player_vars": (MAPPING, False), "zone_vars": (MAPPING, False),
    "vars": (MAPPING, False), "procedures": (MAPPING, False), "reactions": (MAPPING, False),
    "anytime": (MAPPING, False),
    "functions": (MAPPING, False), "setup": (EFFECTS, False), "turn": (MAPPING, True),
    "moves": (MAPPING, False), "triggers": (SEQUENCE, False), "end": (SEQUENCE, True),
    "results": (MAPPING, False), "display": (MAPPING, False), "rounds": (MAPPING, False),
    "limits": (MAPPING, False),
    "rules": (TEXT, False),
    "bots": (MAPPING, False),
}
RULE_FILE = FileKind("rule file", frozenset(TOP))
LIMITS = {"decisions": (NUMBER, False), "steps": (NUMBER, False), "work": (NUMBER, False)}
DECK = {"standard": (NUMBER, False), "cards": (SEQUENCE, False), "attributes": (SEQUENCE, False),
        "start": (TEXT, True)}
ZONE = {"per_player": (FLAG, False), "visibility": (TEXT, True), "capacity": (NUMBER, False),
        "refill": (TEXT, False), "keep_face_up": (FLAG, False), "count": (NUMBER, False),
        "row": (FLAG, False), "face_down": (TEXT, False), "label": (TEXT, False)}
REACTIONS = {"moves": (NAMES, True)}
TURN = {"first": (EXPR, False), "do": (EFFECTS, True), "after": (EFFECTS, False), "skip": (EXPR, False),
        "next": (EXPR, False)}
ROUNDS = {"setup": (EFFECTS, False), "first": (EXPR, False), "end": (EXPR, True), "after": (EFFECTS, False)}
MOVE = {"label": (TEXT, False), "rule": (TEXT, False), "if": (EXPR, False), "do": (EFFECTS, True),
        "help": (TEXT, False), "ask": (EXPR, False)}
TRIGGER = {"name": (TEXT, True), "rule": (TEXT, False), "for": (EXPR, False), "when": (EXPR, True),
           "do": (EFFECTS, True), "on": (TEXT, False)}
EVENTS = ("moved",)
END = {"rule": (TEXT, False), "name": (TEXT, False), "for": (EXPR, False), "when": (EXPR, True),
       "winner": (EXPR, True)}
VARIABLE_SECTIONS = ("vars", "player_vars", "zone_vars", "card_vars")
VARIABLE = {"initial": ("value", False), "label": (TEXT, False)}  # a variable with a label for players
RESULTS = {"score": (EXPR, False), "report": (MAPPING, False)}
BOTS = {"evaluate": (EXPR, True), "scale": (NUMBER, False)}
VISIBILITIES = ("hidden", "owner", "public")
FACE_DOWN = ("owner", "hidden")  # who sees a face-down card in the zone

EFFECT_FORMS = {keyword: {key: (spec.kind, spec.required) for key, spec in block.keys.items()}
                for keyword, block in BLOCKS.items()}


# One-line statements; each may also be written as a mapping whose value is the rest of the
# statement (`- log: "a: b"` for `- log "a: b"`), which YAML's quoting can never trip up.
STATEMENT_KEYWORDS = tuple(STATEMENTS)


def check_shape(doc: YMap) -> list[Diagnostic]:
    """Every shape problem of a loaded rule file, in file order."""
    out: list[Diagnostic] = []
    _mapping(doc, TOP, "the rule file", out)
    for key, table in (("deck", DECK), ("turn", TURN), ("results", RESULTS), ("reactions", REACTIONS), ("anytime", REACTIONS),
                       ("rounds", ROUNDS), ("limits", LIMITS), ("bots", BOTS)):
        if isinstance(doc.get(key), YMap):
            _mapping(doc[key], table, key, out)
    for section in ("zones", "moves"):
        if isinstance(doc.get(section), YMap):
            for name, body in doc[section].items():
                where = doc[section].value_pos[name]
                if not isinstance(body, YMap):
                    out.append(Diagnostic(where, f"{section} '{name}' must be a mapping"))
                    continue
                _mapping(body, ZONE if section == "zones" else MOVE, f"{section[:-1]} '{name}'", out)
                if section == "zones" and body.get("visibility") not in VISIBILITIES and "visibility" in body:
                    out.append(Diagnostic(body.value_pos["visibility"],
                                          f"visibility must be one of {', '.join(VISIBILITIES)}"))
                if section == "zones" and "face_down" in body and body["face_down"] not in FACE_DOWN:
                    out.append(Diagnostic(body.value_pos["face_down"],
                                          f"face_down must be one of {', '.join(FACE_DOWN)}"))
    for section in VARIABLE_SECTIONS:
        if isinstance(doc.get(section), YMap):
            for name, value in doc[section].items():
                if isinstance(value, YMap):
                    _mapping(value, VARIABLE, f"variable '{name}'", out)
    for section, table in (("triggers", TRIGGER), ("end", END)):
        if isinstance(doc.get(section), YList):
            for item, where in zip(doc[section], doc[section].item_pos):
                if isinstance(item, YMap):
                    _mapping(item, table, f"an entry of {section}", out)
                else:
                    out.append(Diagnostic(where, f"each entry of {section} must be a mapping"))
    for key in ("setup",):
        if key in doc:
            check_effects(doc[key], doc.value_pos[key], out)
    for section in ("turn", "rounds"):
        if isinstance(doc.get(section), YMap):
            for key in ("do", "after", "setup"):
                if key in doc[section]:
                    check_effects(doc[section][key], doc[section].value_pos[key], out)
    if isinstance(doc.get("moves"), YMap):
        for body in doc["moves"].values():
            if isinstance(body, YMap) and "do" in body:
                check_effects(body["do"], body.value_pos["do"], out)
    if isinstance(doc.get("triggers"), YList):
        for item in doc["triggers"]:
            if isinstance(item, YMap) and "do" in item:
                check_effects(item["do"], item.value_pos["do"], out)
            if isinstance(item, YMap) and item.get("on", EVENTS[0]) not in EVENTS:
                out.append(Diagnostic(item.value_pos["on"], f"unknown event '{item['on']}'; "
                                                            f"known: {', '.join(EVENTS)}"))
            if isinstance(item, YMap) and "on" in item and "for" in item:
                out.append(Diagnostic(item.key_pos["for"], "a trigger with 'on' binds card and origin; "
                                                           "it takes no 'for'"))
    if isinstance(doc.get("procedures"), YMap):
        for name, body in doc["procedures"].items():
            check_effects(body, doc["procedures"].value_pos[name], out)
    return out


def check_effects(block, where: Position, out: list) -> None:
    """Check a `do:` list: each item a statement string or one of the block forms."""
    if not isinstance(block, YList):
        out.append(Diagnostic(where, "expected a list of effects"))
        return
    for item, pos in zip(block, block.item_pos):
        if isinstance(item, str):
            continue
        if not isinstance(item, YMap):
            out.append(Diagnostic(pos, "an effect is a statement in text or a mapping like 'if:'"))
            continue
        form = effect_form(item)
        if form in STATEMENT_KEYWORDS:
            _statement_mapping(item, form, pos, out)
            continue
        if form is None:
            first = next(iter(item), "")
            if " " in first and first not in EFFECT_FORMS:
                keyword = first.split()[0]
                fix = (f"write it as '- {keyword}: ...' with the rest after the colon"
                       if keyword in STATEMENT_KEYWORDS else "put the whole statement in quotes")
                out.append(Diagnostic(pos, f"YAML read this statement as a mapping because it contains ': ' — "
                                           f"{fix}"))
                continue
            out.append(Diagnostic(pos, f"unknown effect '{first}'{suggest(first, EFFECT_FORMS)}; "
                                       f"expected one of: {', '.join(EFFECT_FORMS)}"))
            continue
        _mapping(item, EFFECT_FORMS[form], f"'{form}'", out)
        for key in ("then", "else", "do"):
            if key in item:
                check_effects(item[key], item.value_pos[key], out)


def effect_form(item: YMap) -> str | None:
    """Which form a mapping effect is (`if`, `for`, `choose` ..., or a statement keyword), or None."""
    form = block_form(item)
    if form is not None:
        return form
    if len(item) == 1 and next(iter(item)) in STATEMENT_KEYWORDS:
        return next(iter(item))
    return None


def _statement_mapping(item: YMap, keyword: str, pos: Position, out: list) -> None:
    """A statement in its mapping form: its value is text (or a number), or nothing (`- tie:`)."""
    value = item[keyword]
    if value is not None and (isinstance(value, bool) or not isinstance(value, (str, int))):
        out.append(Diagnostic(item.value_pos.get(keyword, pos),
                              f"'{keyword}:' takes the rest of the statement as text"))


def _mapping(value, table: dict, what: str, out: list) -> None:
    if not isinstance(value, YMap):
        out.append(Diagnostic(position_of(value, Position("?", 0, 0)), f"{what} must be a mapping"))
        return
    for key in value:
        if key not in table:
            out.append(Diagnostic(value.key_pos[key],
                                  f"unknown key '{key}' in {what}{suggest(key, table)}"))
            continue
        kind = table[key][0]
        problem = _type_problem(value[key], kind)
        if problem:
            out.append(Diagnostic(value.value_pos[key], f"'{key}' {problem}"))
    for key, (_, required) in table.items():
        if required and key not in value:
            out.append(Diagnostic(value.pos, f"{what} needs '{key}'"))


def _type_problem(value, kind: str) -> str | None:
    if kind == TEXT and not isinstance(value, str):
        return "must be text"
    if kind == NUMBER and (isinstance(value, bool) or not isinstance(value, int)):
        return "must be a whole number"
    if kind == FLAG and not isinstance(value, bool):
        return "must be true or false"
    if kind == MAPPING and not isinstance(value, YMap):
        return "must be a mapping"
    if kind in (SEQUENCE, EFFECTS) and not isinstance(value, YList):
        return "must be a list"
    if kind == NAMES and not (isinstance(value, YList) and all(isinstance(v, str) for v in value)):
        return "must be a list of names"
    if kind == EXPR and not isinstance(value, (str, int)):
        return "must be an expression"
    if kind == "players":
        if isinstance(value, bool):
            return "must be a number of players or [min, max]"
        if isinstance(value, int):
            return None if 1 <= value <= 20 else "must be between 1 and 20"
        if (isinstance(value, YList) and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
                and 1 <= value[0] <= value[1] <= 20):
            return None
        return "must be a number of players or [min, max] between 1 and 20"
    return None
