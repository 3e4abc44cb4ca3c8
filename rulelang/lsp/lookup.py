"""What the word under the cursor names: a name the rule file declares, or a construct of the
catalogue (a section, a key, a block, a statement, a function, an operator word).

Where the word stands decides between them: `draw` first in an effect is the statement, later in
it a zone; `worth(` is a function; after a dot, an attribute; in `choose move: [...]`, a move.
"""
from __future__ import annotations

import re

from ..constructs.base import EFFECTS, NAMES
from ..constructs.catalogue import BLOCKS, FUNCTIONS, SECTIONS, STATEMENTS
from ..constructs.operators import Operator
from .context import LOOK_BACK, STATEMENT, Spot, place_of, statement_start
from .declarations import (
    CARD,
    CARD_PROP,
    CARD_VAR,
    FUNCTION,
    MOVE,
    PLAYER_VAR,
    PLAYER_ZONE,
    PROCEDURE,
    TRIGGER,
    ZONE_VAR,
    Outline,
)

MEMBERS = (PLAYER_ZONE, PLAYER_VAR, CARD_PROP, CARD_VAR, ZONE_VAR)  # what follows a dot
NOT_BARE = MEMBERS + (CARD, TRIGGER)  # what a bare word in an expression never names
MOVE_LISTS = ("choose move", "first come", "moves")  # the keys whose names are moves
CARD_CALL = re.compile(r"\bcard\(\s*(['\"])([^'\"\n]{0,200})\1")
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


def operator_words() -> dict:
    """word -> operator, for the words operators are written with (`and`, `not`, `in`, `if`, `me`):
    the lowercase words of two letters or more in their forms, outside quotes; the first operator wins."""
    words: dict = {}
    for operator in Operator.entries.values():
        for form in operator.syntax:
            for word in re.findall(r"\b[a-z]{2,}\b", QUOTED.sub(" ", form)):
                words.setdefault(word, operator)
    return words


OPERATOR_WORDS = operator_words()


def declarations_at(spot: Spot, outline: Outline) -> list:
    """The declarations the word under the cursor names (several when it is ambiguous), or []."""
    card = _card_name(spot)
    if card is not None:
        return outline.named(card, (CARD,))
    word, start, end = spot.word()
    if not word:
        return []
    if spot.in_key():  # a key that declares a name: `hand:` under zones, `"worth(c)":` under functions
        return [d for d in outline.named(word) if d.what != CARD]
    if _starts_statement(spot, word, start):
        return []
    before, after = spot.before_column(start).rstrip(), spot.line[end:end + LOOK_BACK].lstrip()
    if before.endswith("."):
        return outline.named(word, MEMBERS)
    if after.startswith("("):
        return outline.named(word, (FUNCTION, PROCEDURE))
    if before.endswith("call"):
        return outline.named(word, (PROCEDURE,))
    place = spot.place()
    if place.value == NAMES and place.key in MOVE_LISTS:
        return outline.named(word, (MOVE,))
    return [d for d in outline.named(word) if d.what not in NOT_BARE] or outline.named(word, (MOVE,))


def construct_at(spot: Spot):
    """The construct of the catalogue the word under the cursor is written for, or None."""
    word, start, end = spot.word()
    if not word:
        return None
    if spot.in_key():
        return _key_construct(spot)
    if _starts_statement(spot, word, start):
        return STATEMENTS[word]
    if spot.line[end:end + LOOK_BACK].lstrip().startswith("(") and word in FUNCTIONS:
        return FUNCTIONS[word]
    return OPERATOR_WORDS.get(word)


def key_help(spot: Spot) -> tuple | None:
    """(key, Key) of the key under the cursor, from what its mapping may hold; or None."""
    if not spot.in_key():
        return None
    spec = place_of(spot.steps).keys.get(spot.key)
    return (spot.key, spec) if spec is not None else None


def _key_construct(spot: Spot):
    """The section, block or statement (mapping form) a key on the cursor's line is."""
    if not spot.steps and spot.key in SECTIONS:
        return SECTIONS[spot.key]
    own = spot.steps[-1] if spot.steps else None
    if own is None or not own.item or own.key != spot.key:
        return None
    container = place_of(spot.steps[:-1])
    if container.value != EFFECTS:
        return None
    return BLOCKS.get(spot.key) or STATEMENTS.get(spot.key)


def _starts_statement(spot: Spot, word: str, start: int) -> bool:
    """Whether the word is a statement's keyword where a statement starts."""
    if word not in STATEMENTS or not statement_start(spot.before_column(start) + word):
        return False
    return spot.place().value in (EFFECTS, STATEMENT)


def _card_name(spot: Spot) -> str | None:
    """The card named by `card('...')` around the cursor, or None."""
    for found in CARD_CALL.finditer(spot.line):
        if found.start(2) <= spot.column <= found.end(2):
            return found.group(2)
    return None
