"""Warnings where a rule file's own name hides a built-in one: the file's name comes first.

A file's functions, variables, constants and shared zones are found before the language's
built-in functions and names, so a built-in added in a later release never changes what a file
that already used its name means. Saying so once, at the declaration, tells the author that the
built-in of that name cannot be used in this file.
"""
from __future__ import annotations

from ..constructs.catalogue import FUNCTIONS
from ..errors import Diagnostic
from ..kit.documents import YMap
from ..kit.names import BUILTIN_NAMES, OWN_NAMES

BUILTIN_MEANINGS = {  # the built-in names a declaration may hide, and what they name
    "opponent": "the other player", "players": "all players in seat order", "current": "the player whose turn it is",
    "attributes": "the names of the deck's attributes", "round": "the number of the round being played"}
assert set(BUILTIN_MEANINGS) == set(BUILTIN_NAMES) - set(OWN_NAMES)
NAMED = (("vars", "variable"), ("constants", "constant"), ("zones", "shared zone"))


def hidden_builtins(doc: YMap) -> list[Diagnostic]:
    """A warning at each function, variable, constant or shared zone the checked file declares
    (not its bases) under the name of a built-in function or name."""
    out = []
    functions = doc.get("functions")
    if isinstance(functions, YMap):
        for signature in functions:
            name = str(signature).split("(")[0].strip()
            pos = functions.key_pos[signature]
            if name in FUNCTIONS and pos.path == doc.pos.path:
                out.append(Diagnostic(pos, f"function '{name}' takes the name of the built-in function {name}(): "
                                           f"this file's own is called wherever it says {name}(…), and the "
                                           f"built-in cannot be used here", "warning"))
    for section, what in NAMED:
        declared = doc.get(section)
        if not isinstance(declared, YMap):
            continue
        for name, value in declared.items():
            pos = declared.key_pos[name]
            shared = section != "zones" or not (isinstance(value, YMap) and value.get("per_player"))
            if name in BUILTIN_MEANINGS and shared and pos.path == doc.pos.path:
                out.append(Diagnostic(pos, f"{what} '{name}' takes the name of the built-in name '{name}' "
                                           f"({BUILTIN_MEANINGS[name]}): this file's own is read wherever it says "
                                           f"{name}, and the built-in cannot be used here", "warning"))
    return sorted(out, key=lambda d: (d.position.line, d.position.column))
