"""Every family of constructs, in the order the reference presents them."""
from __future__ import annotations

from .functions import Function
from .statements import Statement


def families() -> list:
    """(title, constructs) of each family, each family in its order of definition."""
    return [("Functions", list(Function.entries.values())), ("Statements", list(Statement.entries.values()))]


def constructs() -> list:
    """Every construct of the language."""
    return [construct for _, members in families() for construct in members]
