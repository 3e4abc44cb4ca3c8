"""Warnings where a rule reads a printed value that some cards of a deck of one's own lack.

`c.value` of a card printed without a `value` stops the game (`Dumpling has no 'value'`), so a
rule that may read it of every card fails in every game that reaches it. The deck can give every
card the value (`defaults: {value: 0}`, or `attributes:`, whose values are 0 where not given);
a rule that reads it only of the cards that have it (`c.value if c.kind == 'maki' else 0`) is
right as it is, which the check cannot tell: hence a warning, at the first rule that reads it.
"""
from __future__ import annotations

import re

from ..errors import Diagnostic
from ..kit.documents import YList, YMap
from ..kit.texts import field_position

READ = re.compile(r"\.\s*([A-Za-z_][A-Za-z0-9_]*)|\battr\s*\([^,()]*,\s*['\"]([A-Za-z_][A-Za-z0-9_]*)['\"]")
ENTRY_KEYS = ("name", "copies")  # what a card's entry holds besides printed values
NAMED = ("card_vars", "card_props", "player_vars", "zone_vars", "zones", "sheets")  # other meanings of `x.name`
PROSE = ("name", "description", "label", "prompt", "rule", "rules", "help", "deck")  # no rules in these
MAX_NAMED = 3  # cards named in a warning; the others are counted


def missing_card_values(doc: YMap) -> list[Diagnostic]:
    """A warning at the first rule that reads a printed value some cards of the deck lack (one
    per value), naming them, unless the deck gives it to every card."""
    lacking = _lacking(doc)
    if not lacking:
        return []
    out, told = [], set()
    for text in _rule_texts(doc):
        for found in READ.finditer(text):
            value = found.group(1) or found.group(2)
            if value in lacking and value not in told:
                told.add(value)
                start = found.start(1) if found.group(1) else found.start(2)
                where = field_position(text, text.pos.shifted(text.offset), start)
                out.append(Diagnostic(where, _message(value, lacking[value]), "warning"))
    return out


def _lacking(doc: YMap) -> dict:
    """Printed value -> the names of the cards without it, for the values some cards of a deck
    of one's own have and others lack (with no default, and no other meaning in the file)."""
    deck = doc.get("deck")
    cards = deck.get("cards") if isinstance(deck, YMap) else None
    if not isinstance(cards, YList):
        return {}
    entries = [card for card in cards if isinstance(card, YMap)]
    printed = {key for card in entries for key in card if key not in ENTRY_KEYS}
    given = set(map(str, deck.get("attributes") or ())) | set(deck.get("defaults") or ())
    other = {str(name) for section in NAMED if isinstance(doc.get(section), YMap) for name in doc[section]}
    return {value: [str(card.get("name")) for card in entries if value not in card]
            for value in sorted(printed - given - other) if any(value not in card for card in entries)}


def _message(value: str, names: list) -> str:
    shown = ", ".join(names[:MAX_NAMED]) + (f" and {len(names) - MAX_NAMED} more" if len(names) > MAX_NAMED else "")
    return (f"this reads '{value}', which {shown} {'has' if len(names) == 1 else 'have'} not: the game stops "
            f"where a rule reads it of such a card; give every card of the deck a value (deck: {{defaults: "
            f"{{{value}: 0}}}}), or read it only of the cards that have it")


def _rule_texts(value, key: str = ""):
    """Every text of the file a rule is written in (not what players read, nor the deck), in order."""
    if isinstance(value, str) and hasattr(value, "pos"):
        yield value
    elif isinstance(value, YMap):
        for name, item in value.items():
            if name not in PROSE:
                yield from _rule_texts(item, name)
    elif isinstance(value, YList):
        for item in value:
            yield from _rule_texts(item, key)
