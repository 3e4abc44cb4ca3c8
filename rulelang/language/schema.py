"""Check stage, part one: the shape of a rule file (known keys, required parts, value types)."""
from __future__ import annotations

from ..constructs.base import (
    EFFECTS,
    EXPR,
    FLAG,
    MAPPING,
    NAMES,
    NUMBER,
    SEQUENCE,
    TEXT,
    Key,
)
from ..constructs.blocks import block_form
from ..constructs.catalogue import BLOCKS, SECTIONS, STATEMENTS
from ..constructs.sections import CARDS, FIGURES, HEADED, PLAYERS
from ..errors import Diagnostic, Position
from ..kit.documents import YList, YMap, position_of
from ..kit.names import suggest
from .loader import FileKind

TOP = {key: Key(section.kind, section.required) for key, section in SECTIONS.items()}
RULE_FILE = FileKind("rule file", frozenset(TOP))
EFFECT_FORMS = {keyword: block.keys for keyword, block in BLOCKS.items()}

# One-line statements; each may also be written as a mapping whose value is the rest of the
# statement (`- log: "a: b"` for `- log "a: b"`), which YAML's quoting can never trip up.
STATEMENT_KEYWORDS = tuple(STATEMENTS)
EFFECT_KEYWORDS = (*STATEMENT_KEYWORDS, *EFFECT_FORMS)  # what may begin an effect: a misspelling is compared with these


def check_shape(doc: YMap) -> list[Diagnostic]:
    """Every shape problem of a loaded rule file (the validator sorts them by position)."""
    out: list[Diagnostic] = []
    _mapping(doc, TOP, "the rule file", out)
    for key, section in SECTIONS.items():
        if key in doc:
            _section(section, doc[key], doc.value_pos[key], out)
    return out


def _section(section, value, where: Position, out: list) -> None:
    """The shape problems of one section's value, as the section's keys, entries and checks say."""
    key = section.keyword
    if section.kind == EFFECTS:
        check_effects(value, where, out)
        return
    if isinstance(value, YMap) and section.fields:
        _mapping(value, section.fields, key, out)
        _effects_in(value, section.fields, out)
    if isinstance(value, YMap) and section.entry_kind == EFFECTS:
        for name, body in value.items():
            check_effects(body, value.value_pos[name], out)
    if isinstance(value, YMap) and section.entry:
        for name, body in value.items():
            if isinstance(body, YMap):
                _mapping(body, section.entry, f"{section.entry_what} '{name}'", out)
                _effects_in(body, section.entry, out)
            elif not section.entry_kind:  # (a variable may be its value alone)
                out.append(Diagnostic(value.value_pos[name], f"{key} '{name}' must be a mapping"))
    if isinstance(value, YList) and section.entry:
        for item, pos in zip(value, value.item_pos):
            if isinstance(item, YMap):
                _mapping(item, section.entry, section.entry_what, out)
                _effects_in(item, section.entry, out)
            else:
                out.append(Diagnostic(pos, f"each entry of {key} must be a mapping"))
    if isinstance(value, YList if section.kind == SEQUENCE else YMap):
        section.check(value, out)


def _effects_in(value: YMap, table: dict, out: list) -> None:
    """Check every effect list a mapping holds under a key of that kind."""
    for key, spec in table.items():
        if spec.kind == EFFECTS and key in value:
            check_effects(value[key], value.value_pos[key], out)


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
            out.append(Diagnostic(pos, _unknown_effect(str(next(iter(item), "")))))
            continue
        _mapping(item, EFFECT_FORMS[form], f"'{form}'", out)
        _effects_in(item, EFFECT_FORMS[form], out)


def _unknown_effect(first: str) -> str:
    """What is wrong with a mapping effect whose first key is no block and no statement keyword.

    A key with a space is usually a statement YAML split at its ': ' (`- log "a: b"`); its first
    word, or the whole key, may also be a misspelt keyword (`- chose move: [...]`, `- mvoe: ...`).
    """
    split = "YAML read this statement as a mapping because it contains ': ' — "
    if " " not in first:
        near = suggest(first, EFFECT_KEYWORDS)
        return f"unknown effect '{first}'" + (near or f"; expected a statement ({', '.join(STATEMENT_KEYWORDS)}) "
                                                       f"or a block ({', '.join(EFFECT_FORMS)})")
    near_block = suggest(first, EFFECT_FORMS)
    if near_block:
        return f"unknown effect '{first}'{near_block}"
    keyword = first.split()[0]
    if keyword in STATEMENT_KEYWORDS:
        return split + f"write it as '- {keyword}: ...' with the rest after the colon"
    near_statement = suggest(keyword, STATEMENT_KEYWORDS)
    if near_statement:
        return f"unknown statement '{keyword}'{near_statement}; " + split + "put the whole statement in quotes"
    return split + "put the whole statement in quotes"


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
        problem = _type_problem(value[key], table[key].kind)
        if problem:
            out.append(Diagnostic(value.value_pos[key], f"'{key}' {problem}"))
    for key, spec in table.items():
        if spec.required and key not in value:
            out.append(Diagnostic(value.pos, f"{what} needs '{key}'"))


def _type_problem(value, kind: str) -> str | None:
    if kind == TEXT and not isinstance(value, str):
        return "must be text"
    if kind == HEADED and not (isinstance(value, str) or isinstance(value, YMap)
                               and all(isinstance(text, str) for text in value.values())):
        return "must be text, or sections of text by heading"
    if kind == NUMBER and (isinstance(value, bool) or not isinstance(value, int)):
        return "must be a whole number"
    if kind == FLAG and not isinstance(value, bool):
        return "must be true or false"
    if kind in (MAPPING, FIGURES) and not isinstance(value, YMap):
        return "must be a mapping"
    if kind in (SEQUENCE, EFFECTS, CARDS) and not isinstance(value, YList):
        return "must be a list"
    if kind == NAMES and not (isinstance(value, YList) and all(isinstance(v, str) for v in value)):
        return "must be a list of names"
    if kind == EXPR and not (value is None or isinstance(value, (str, int))):  # none is the expression none
        return "must be an expression"
    if kind == PLAYERS:
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
