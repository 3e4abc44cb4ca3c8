"""Run stage: Python's words for a type mix-up in compiled rules, said in the rule file's words.

`'>=' not supported between instances of 'int' and 'str'` becomes `'>=' cannot compare a number
with a text`, so a person who wrote the rules never reads Python's names for values.
"""
from __future__ import annotations

import re

KINDS = {"int": "a number", "bool": "true or false", "str": "a text", "NoneType": "none", "list": "a list",
         "tuple": "a list", "Card": "a card", "Player": "a player", "ZoneRef": "a zone", "RowRef": "a row of zones",
         "Marker": "a marker", "Roll": "a dice roll", "dict": "a record"}
# Python's messages (compiled by `re` when first asked: only a rule's error asks, and start-up stays quick)
COMPARED = r"'(\S+)' not supported between instances of '(\w+)' and '(\w+)'"
COMBINED = r"unsupported operand type\(s\) for (\S+?): '(\w+)' and '(\w+)'"
JOINED = r'can only concatenate (\w+) \(not "(\w+)"\) to \w+'
SINGLE = r"bad operand type for (?:unary )?(\S+?)(?:\(\))?: '(\w+)'"
NOT_INDEXED = r"'(\w+)' object is not subscriptable"
NOT_COLLECTION = r"'(\w+)' object is not iterable"


def kind_of(python_name: str) -> str:
    """What players call a value of a Python type (`int` is a number)."""
    return KINDS.get(python_name, "a value")


def in_rule_words(err: Exception) -> str | None:
    """A TypeError about mixed values said in the rule file's words, or None if it is not one."""
    text = str(err)
    found = re.fullmatch(COMPARED, text)
    if found:
        op, left, right = found.groups()
        return f"'{op}' cannot compare {kind_of(left)} with {kind_of(right)}"
    found = re.fullmatch(COMBINED, text)
    if found:
        op, left, right = found.groups()
        return f"'{op}' cannot combine {kind_of(left)} with {kind_of(right)}"
    found = re.fullmatch(JOINED, text)
    if found:
        left, right = found.groups()
        return f"'+' cannot combine {kind_of(left)} with {kind_of(right)}"
    found = re.fullmatch(SINGLE, text)
    if found:
        op, value = found.groups()
        return f"'{op}' cannot apply to {kind_of(value)}"
    found = re.fullmatch(NOT_INDEXED, text)
    if found:
        return f"{kind_of(found.group(1))} cannot be indexed"
    found = re.fullmatch(NOT_COLLECTION, text)
    if found:
        return f"{kind_of(found.group(1))} is not a collection"
    return None
