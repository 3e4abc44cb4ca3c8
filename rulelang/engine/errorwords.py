"""Run stage: Python's words for a type mix-up in compiled rules, said in the rule file's words.

`'>=' not supported between instances of 'int' and 'str'` becomes `'>=' cannot compare a number
with a text`, so a person who wrote the rules never reads Python's names for values.
"""
from __future__ import annotations

import re

KINDS = {"int": "a number", "bool": "true or false", "str": "a text", "NoneType": "none", "list": "a list",
         "tuple": "a list", "Card": "a card", "Player": "a player", "ZoneRef": "a zone", "RowRef": "a row of zones",
         "Marker": "a marker", "Roll": "a dice roll", "dict": "a record"}
COMPARED = re.compile(r"'(\S+)' not supported between instances of '(\w+)' and '(\w+)'")
COMBINED = re.compile(r"unsupported operand type\(s\) for (\S+?): '(\w+)' and '(\w+)'")
JOINED = re.compile(r'can only concatenate (\w+) \(not "(\w+)"\) to \w+')
SINGLE = re.compile(r"bad operand type for (?:unary )?(\S+?)(?:\(\))?: '(\w+)'")
NOT_INDEXED = re.compile(r"'(\w+)' object is not subscriptable")
NOT_COLLECTION = re.compile(r"'(\w+)' object is not iterable")


def kind_of(python_name: str) -> str:
    """What players call a value of a Python type (`int` is a number)."""
    return KINDS.get(python_name, "a value")


def in_rule_words(err: Exception) -> str | None:
    """A TypeError about mixed values said in the rule file's words, or None if it is not one."""
    text = str(err)
    found = COMPARED.fullmatch(text)
    if found:
        op, left, right = found.groups()
        return f"'{op}' cannot compare {kind_of(left)} with {kind_of(right)}"
    found = COMBINED.fullmatch(text)
    if found:
        op, left, right = found.groups()
        return f"'{op}' cannot combine {kind_of(left)} with {kind_of(right)}"
    found = JOINED.fullmatch(text)
    if found:
        left, right = found.groups()
        return f"'+' cannot combine {kind_of(left)} with {kind_of(right)}"
    found = SINGLE.fullmatch(text)
    if found:
        op, value = found.groups()
        return f"'{op}' cannot apply to {kind_of(value)}"
    found = NOT_INDEXED.fullmatch(text)
    if found:
        return f"{kind_of(found.group(1))} cannot be indexed"
    found = NOT_COLLECTION.fullmatch(text)
    if found:
        return f"{kind_of(found.group(1))} is not a collection"
    return None
