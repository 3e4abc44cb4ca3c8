"""The catalogue of constructs: every family, in the order the reference presents them.

Importing this module enters every construct in its family's table; read the tables here.
"""
from __future__ import annotations

from . import (  # noqa: F401 - they enter their constructs
    collection_functions,
    flow_statements,
    names,
    order_functions,
    packing_functions,
    pattern_functions,
    sequence_functions,
    piece_sections,
    play_sections,
    sheet_functions,
    table_statements,
    teams,
    together_blocks,
    tricks,
    value_functions,
)
from .blocks import Block
from .functions import Function
from .operators import Operator
from .sections import Section
from .statements import Statement

FUNCTIONS = Function.entries  # keyword -> built-in function
STATEMENTS = Statement.entries  # keyword -> statement
BLOCKS = Block.entries  # keyword -> block
SECTIONS = Section.entries  # key -> section of a rule file
OPERATORS = {form: operator for operator in Operator.entries.values() for form in operator.forms}  # parse tree -> operator


def builtin_function(function: str, declared) -> Function | None:
    """The built-in function a call of `function` means, or None: a rule file's own function of that
    name (among the `declared` names) comes first (a built-in added in a later release never takes
    a name a file already uses)."""
    return None if function in declared.functions else FUNCTIONS.get(function)


def guessed_instead(function: str) -> str:
    """' (did you mean X? e.g. ...)' for a name a writer may try for a built-in function (`len`,
    `after`: see each function's `guessed`), else ''."""
    for builtin in FUNCTIONS.values():
        if function in builtin.guessed:
            return f" (did you mean '{builtin.keyword}'? e.g. {builtin.example})"
    return ""


def families() -> list:
    """(title, constructs) of each family, each family in its order of definition."""
    return [("Operators and literals", list(Operator.entries.values())), ("Functions", list(FUNCTIONS.values())),
            ("Statements", list(STATEMENTS.values())),
            ("Blocks", list(BLOCKS.values())), ("Sections", list(SECTIONS.values()))]


def constructs() -> list:
    """Every construct of the language."""
    return [construct for _, members in families() for construct in members]
