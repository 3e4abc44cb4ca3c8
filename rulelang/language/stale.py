"""Check stage, part four: warnings for a house rule that changes a value its base's rules still
say in so many words.

A variant replaces parts of its base (language/variants.py notes each replacement). When a
number (other than 0 and 1, which rules say for many things) disappears from a rule it
replaced (`value(pile) == 29` became `== 31`), and the rules text players read — written in a
file the variant extends — still says that number, the rules no longer tell the game: the base
should say the value as a `{constant}`, or the variant should write that part of the rules anew.
A variant that writes some of the rules itself has said what changed, and a constant the rules
say by name (`{target}`) changes them too: neither is warned about, nor are hints for bots
(`bots:`), which are no rule; but a rule replaced by one that no longer reads such a constant
(`hand_size - count(...)` became `6 - count(...)`) is.
"""
from __future__ import annotations

import os
import re

from ..errors import Diagnostic, Position
from ..kit.documents import YMap
from ..kit.texts import TEMPLATE_FIELD, field_position

NUMBER = re.compile(r"(?<![\w.])\d+(?!\w)(?!\.\d)")
WORDS = ("name", "description", "rules", "label", "help", "prompt", "third_person")  # what players read, no rule
HINTS = ("bots",)  # sections that are no rule: what bots aim for
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def stale_rules(doc: YMap) -> list[Diagnostic]:
    """A warning at each change of a variant that drops a number its base's rules text still says."""
    order = {path: index for index, (path, _) in enumerate(doc.sources)}
    texts = list(_player_texts(doc))
    said_by_name = {name for text, _ in texts for field in TEMPLATE_FIELD.findall(text) for name in NAME.findall(field)}
    out = []
    for path, old, new, where in doc.changes:
        if (new is None or any(key in WORDS for key in path) or path[0] in HINTS
                or any(pos.path == where.path for _, pos in texts)
                or path[0] == "constants" and path[-1] in said_by_name):
            continue  # a part removed drops all its numbers; a text or a hint is no rule; see the module docstring
        for name in sorted((_words(old, NAME) & said_by_name) - _words(new, NAME)):
            out.append(Diagnostic(where, f"this no longer reads the constant '{name}', which the rules players read "
                                         f"say as {{{name}}}: change the constant instead (constants: {{{name}: …}})",
                                  "warning"))
        for number in sorted(_words(old, NUMBER) - _words(new, NUMBER) - {"0", "1"}, key=int):
            said = next((place for text, pos in texts if order.get(pos.path, -1) < order.get(where.path, -1)
                         for place in _said(text, pos, number)), None)
            if said is not None:
                out.append(Diagnostic(where, f"this changes {number}, but the rules players read still say {number} "
                                             f"({os.path.basename(said.path)}:{said.line}): write that part of the "
                                             f"rules anew here (rules: by heading), or let the base say the value "
                                             f"as a {{constant}}", "warning"))
    return out


def _player_texts(doc: YMap):
    """(text, where it is written) of the description and each part of the rules."""
    for key in ("description", "rules"):
        value = doc.get(key)
        if isinstance(value, str):
            yield value, doc.value_pos[key]
        elif isinstance(value, YMap):
            yield from ((text, value.value_pos[heading]) for heading, text in value.items() if isinstance(text, str))


def _said(text: str, pos: Position, number: str) -> list:
    """Where a text says `number` in digits (its first place), or nothing."""
    written = getattr(text, "pos", pos).shifted(getattr(text, "offset", 0))
    found = next((m for m in NUMBER.finditer(text) if m.group() == number), None)
    return [field_position(text, written, found.start())] if found else []


def _words(value, pattern: re.Pattern) -> set:
    """What `pattern` finds in a value: in a number, a text, or everything a mapping or list holds."""
    if isinstance(value, bool) or value is None:
        return set()
    if isinstance(value, (int, str)):
        return set(pattern.findall(str(value)))
    if isinstance(value, (dict, list)):
        return set().union(*(_words(item, pattern) for item in (value.values() if isinstance(value, dict) else value)))
    return set()
