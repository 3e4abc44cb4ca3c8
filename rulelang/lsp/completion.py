"""Completion, by where the cursor stands: a mapping's keys (the sections at the top), statements and
blocks where an effect starts, functions and the file's own names in expressions, the attributes
of a player or a card after a dot, card names in `card('…')`, move names in `choose move: [...]`."""
from __future__ import annotations

import re

from lsprotocol import types

from ..constructs.base import EFFECTS, EXPR, NAMES
from ..constructs.catalogue import BLOCKS, FUNCTIONS, SECTIONS, STATEMENTS
from ..constructs.reference import entry as reference_entry
from ..kit.names import BUILTIN_NAMES
from .context import STATEMENT, Spot, place_of, statement_start
from .declarations import CARD, CONSTANT, FUNCTION, GAME_VAR, MOVE, PROCEDURE, ZONE, Outline
from .lookup import MOVE_LISTS
from .source import Source

KEY_TYPED = re.compile(r"\s*(?:-\s+)*[A-Za-z_]*(?: [A-Za-z_]*)?")  # the start of a key (`choose mo`) or statement
FLOW_KEY = re.compile(r"[{,]\s*[A-Za-z_]*$")  # a key started in a flow mapping: `{vis`
CARD_OPEN = re.compile(r"\bcard\(\s*['\"](?P<typed>[^'\"]*)$")
MEMBER = re.compile(r"(?P<owner>[A-Za-z_][A-Za-z0-9_]*)\s*\.\s*[A-Za-z0-9_]*$")
CALL = re.compile(r"\bcall\s+[A-Za-z0-9_]*$")
SEAT = re.compile(r"P[0-9]+")
PLAYER_NAMES = ("me", "opponent", "current")
KINDS = {ZONE: types.CompletionItemKind.Field, GAME_VAR: types.CompletionItemKind.Variable,
         CONSTANT: types.CompletionItemKind.Constant,
         FUNCTION: types.CompletionItemKind.Function, PROCEDURE: types.CompletionItemKind.Method,
         MOVE: types.CompletionItemKind.EnumMember, CARD: types.CompletionItemKind.Constant}


def completions(spot: Spot, outline: Outline | None, source: Source, row: int) -> list:
    """The completion items where the cursor stands (`outline`: the file's names, when known)."""
    outline = outline or Outline()
    before = spot.before
    card = CARD_OPEN.search(before)
    if card is not None:
        typed = source.range(row, spot.column - len(card.group("typed")), spot.column)
        return [_item(d.name, KINDS[CARD], d.summary(), edit=types.TextEdit(typed, d.name)) for d in outline.of(CARD)]
    member = MEMBER.search(before)
    if member is not None and not before[:member.start()].endswith("."):
        members = _members(member["owner"], outline)
        return [_item(name, types.CompletionItemKind.Property, what) for name, what in members]
    if not spot.after_key and KEY_TYPED.fullmatch(before):
        typing = place_of(spot.steps)
        if typing.keys:
            return _keys(typing.keys, top=not spot.steps)
        if typing.value in (STATEMENT, EFFECTS) and statement_start(before):
            return _statements()
    here = spot.place()
    if here.keys and FLOW_KEY.search(before):
        return _keys(here.keys, top=False)
    if here.value == NAMES and here.key in MOVE_LISTS:
        return [_item(d.name, KINDS[MOVE], d.summary()) for d in outline.of(MOVE)]
    if here.value in (STATEMENT, EFFECTS) and statement_start(before):
        return _statements()
    if here.value in (EXPR, STATEMENT, EFFECTS):
        return _expression(outline, procedures=CALL.search(before) is not None)
    return []


def _members(owner: str, outline: Outline) -> list:
    """(name, what) of the attributes after `owner.`: a player's, a shared zone's, else a card's."""
    if owner in PLAYER_NAMES or SEAT.fullmatch(owner):
        return outline.player_members()
    if outline.named(owner, (ZONE,)):
        return outline.zone_members()
    return outline.card_members()


def _keys(keys: dict, top: bool) -> list:
    """The keys of a mapping (at the top: the sections, with their reference entries)."""
    if top:
        return [_item(key, types.CompletionItemKind.Module, SECTIONS[key].summary(), f"{key}: ", _entry(SECTIONS[key]))
                for key in keys]
    return [_item(key, types.CompletionItemKind.Property, spec.help, f"{key}: ") for key, spec in keys.items()]


def _statements() -> list:
    """The statements and blocks an effect may start with."""
    return ([_item(k, types.CompletionItemKind.Keyword, s.summary(), f"{k} ", _entry(s)) for k, s in STATEMENTS.items()]
            + [_item(k, types.CompletionItemKind.Struct, b.summary(), f"{k}: ", _entry(b)) for k, b in BLOCKS.items()])


def _expression(outline: Outline, procedures: bool) -> list:
    """What an expression may name: the file's zones, constants, variables and functions, the built-in
    functions and names, the seats; after `call`, the procedures."""
    if procedures:
        return [_item(d.name, KINDS[PROCEDURE], d.summary()) for d in outline.of(PROCEDURE)]
    declared = outline.of(ZONE, CONSTANT, GAME_VAR, FUNCTION)
    own = [_item(d.name, KINDS[d.what], d.summary()) for d in declared]
    hidden = {d.name for d in declared}  # the file's own names come before built-ins alike
    built_in = [_item(k, types.CompletionItemKind.Function, f.summary(), documentation=_entry(f))
                for k, f in FUNCTIONS.items() if k not in hidden]
    names = [_item(name, types.CompletionItemKind.Constant, "a built-in name") for name in BUILTIN_NAMES
             if name not in hidden]
    seats = [_item(f"P{seat}", types.CompletionItemKind.Constant, f"the player in seat {seat}")
             for seat in range(1, outline.max_players + 1)]
    return own + built_in + names + seats


def _entry(construct) -> types.MarkupContent:
    """A construct's reference entry, as the hover shows it."""
    return types.MarkupContent(types.MarkupKind.Markdown, reference_entry(construct))


def _item(label: str, kind, detail: str, insert: str | None = None, documentation=None,
          edit: types.TextEdit | None = None) -> types.CompletionItem:
    """One completion item."""
    return types.CompletionItem(label, kind=kind, detail=detail, insert_text=insert, documentation=documentation,
                                text_edit=edit)
