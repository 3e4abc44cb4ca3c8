"""Check stage, part five: warnings for a `_` variable that keeps what a card is as a number or text.

Variables whose names start with `_` are hidden from every player's view, but a search bot's
samples of the game (agents/determinization.py) re-deal only the hidden cards: a `_` variable
keeps its value. A card kept in one is re-dealt with the others; its rank or suit kept as a
number or a text is not, so a bot would read it as it really is. The check looks for
`set _x = …` (or `set p._x`) whose value reads a card's printed value or property (`.rank`,
`c.value`, `attr(c, a)`), directly or through a rule function that does; the cure is always
to keep the card itself and read its value where it is needed.
"""
from __future__ import annotations

import re

from ..errors import Diagnostic
from ..kit.documents import YList, YMap

PRINTED = ("rank", "suit", "color", "joker")  # a standard card's printed values
HIDDEN_SET = re.compile(r"^\s*set\s+(?:[A-Za-z_][A-Za-z0-9_]*\.)?(_[A-Za-z0-9_]*)\s*(?:=|\+=|-=)\s*(.+)$", re.S)
NOT_PLAY = ("name", "description", "rules", "bots", "display", "tests")  # sections that change no variable
FUNCTION_NAME = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(")
CALL = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*)\s*\(")


def hidden_card_values(doc: YMap) -> list[Diagnostic]:
    """A warning at each `set _x = …` that keeps a card's value, not the card."""
    values = _card_values(doc)
    reads = _reader(values, _card_reading_functions(doc, values))
    out = []
    for text, pos in _statements(doc):
        found = HIDDEN_SET.match(text)
        read = found and reads.search(found.group(2))
        if read:
            what = read.group(1) or read.group(2) + "()"
            name = found.group(1)
            out.append(Diagnostic(pos, f"'{name}' keeps a card's value ({what}), not the card: search bots read "
                                       f"'_' variables as they are while their samples re-deal hidden cards, so "
                                       f"a bot would learn it; keep the card itself (set {name} = c) and read its "
                                       f"value where it is needed", "warning"))
    return out


def _card_values(doc: YMap) -> set:
    """The names of the values a card has: printed, the deck's own fields, properties."""
    names = set(PRINTED)
    deck = doc.get("deck")
    if isinstance(deck, YMap):
        if isinstance(deck.get("attributes"), YList):
            names |= {str(n) for n in deck["attributes"]}
        if isinstance(deck.get("cards"), YList):
            names |= {str(key) for card in deck["cards"] if isinstance(card, YMap) for key in card if key != "name"}
    if isinstance(doc.get("card_props"), YMap):
        names |= {str(n) for n in doc["card_props"]}
    return names


def _reader(values: set, functions: set):
    """A pattern that finds `.value` for a card value, or a call of a function that reads one."""
    dotted = "|".join(sorted(map(re.escape, values)))
    called = "|".join(sorted(map(re.escape, functions | {"attr"})))
    return re.compile(rf"\.\s*({dotted})\b|\b({called})\s*\(")


def _card_reading_functions(doc: YMap, values: set) -> set:
    """The rule functions whose body reads a card value, itself or through a function that does
    (followed back from the direct readers along the calls: time in proportion to the bodies)."""
    functions = doc.get("functions")
    if not isinstance(functions, YMap):
        return set()
    bodies = {}
    for signature, body in functions.items():
        found = FUNCTION_NAME.match(str(signature))
        if found:
            bodies[found.group(1)] = str(body)
    direct = _reader(values, set())
    callers: dict = {}
    for name, body in bodies.items():
        for called in set(CALL.findall(body)) & bodies.keys():
            callers.setdefault(called, []).append(name)
    reading = {name for name, body in bodies.items() if direct.search(body)}
    waiting = list(reading)
    while waiting:
        for caller in callers.get(waiting.pop(), ()):
            if caller not in reading:
                reading.add(caller)
                waiting.append(caller)
    return reading


def _statements(value, pos=None, key=None):
    """(text, position) of every text the play sections hold."""
    if isinstance(value, str):
        yield value, pos
    elif isinstance(value, YMap):
        for name, item in value.items():
            if key is None and name in NOT_PLAY:
                continue
            yield from _statements(item, value.value_pos.get(name, pos), name)
    elif isinstance(value, YList):
        for item, item_pos in zip(value, value.item_pos or [pos] * len(value)):
            yield from _statements(item, item_pos, key)
