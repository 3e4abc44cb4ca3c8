"""Check stage, part three: warnings about the shape of play (parts nothing uses, no way to end)."""
from __future__ import annotations

import re

from ..errors import Diagnostic
from .loader import YList, YMap

WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
SET = re.compile(r"^\s*set\s+(?:[A-Za-z_][A-Za-z0-9_]*\.)?([A-Za-z_][A-Za-z0-9_]*)\s*(?:=|\+=|-=)")
CALL = re.compile(r"^\s*call\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(")
DRAW = re.compile(r"^\s*draw\s+(\d+)\s+from\s")
EVERY_PLAYER = re.compile(r"^\s*[A-Za-z_][A-Za-z0-9_]*\s+in\s+players\s*$")
ENDING = re.compile(r"^\s*(win|lose|tie)\b")


def structure_warnings(doc: YMap) -> list[Diagnostic]:
    """Moves no choice offers, zones nothing names, and a game that cannot end."""
    texts = list(_texts(doc))
    words = {w for text in texts for w in WORD.findall(text)}
    out = []
    offered = set()
    for item in _mappings(doc):
        if isinstance(item.get("choose move"), YList):
            offered |= {str(n) for n in item["choose move"]}
    for key in ("reactions", "anytime"):
        if isinstance(doc.get(key), YMap) and isinstance(doc[key].get("moves"), YList):
            offered |= {str(n) for n in doc[key]["moves"]}
    moves = doc.get("moves")
    if isinstance(moves, YMap):
        for name in moves:
            if name not in offered:
                out.append(Diagnostic(moves.key_pos[name], f"move '{name}' is never offered: no 'choose move', "
                                                           f"reactions or anytime names it", "warning"))
    zones = doc.get("zones")
    deck = doc.get("deck") if isinstance(doc.get("deck"), YMap) else {}
    if isinstance(zones, YMap):
        used = words | {str(deck.get("start", ""))}
        used |= {str(z.get("refill")) for z in zones.values() if isinstance(z, YMap) and z.get("refill")}
        for name in zones:
            if name not in used:
                out.append(Diagnostic(zones.key_pos[name], f"zone '{name}' is never used", "warning"))
    out += trigger_cycles(doc)
    has_end = isinstance(doc.get("end"), YList) and len(doc["end"]) > 0
    if not has_end and not any(ENDING.match(text) for text in texts):
        out.append(Diagnostic(doc.pos, "the game can never end: no end condition and no win, lose or tie effect",
                              "warning"))
    return out


def trigger_cycles(doc: YMap) -> list[Diagnostic]:
    """Condition triggers that set variables the other's condition reads, round in a cycle.

    Only variables are followed (`set x`, `set p.x`, `set c.x`, also inside called procedures);
    cards moving between zones are not, as where a card comes from is known only in play.
    """
    triggers = [t for t in doc.get("triggers", []) if isinstance(t, YMap) and "on" not in t]
    procedures = doc.get("procedures") if isinstance(doc.get("procedures"), YMap) else YMap()
    reads = [set(WORD.findall(str(t.get("when", "")))) for t in triggers]
    writes = [_writes(t.get("do"), procedures, set()) for t in triggers]
    edges = {i: {j for j in range(len(triggers)) if j != i and writes[i] & reads[j]} for i in range(len(triggers))}
    out, reported = [], set()
    for start in range(len(triggers)):
        for other in sorted(edges[start]):
            if start in _reachable(other, edges) and frozenset((start, other)) not in reported:
                reported.add(frozenset((start, other)))
                through = ", ".join(sorted(writes[start] & reads[other]))
                names = f"'{triggers[start].get('name')}' and '{triggers[other].get('name')}'"
                out.append(Diagnostic(triggers[start].pos, f"triggers {names} can set each other off "
                                                           f"in a cycle (through {through})", "warning"))
    return out


def _writes(block, procedures, seen) -> set:
    names = set()
    for text in _texts(block):
        found = SET.match(text)
        if found:
            names.add(found.group(1))
        called = CALL.match(text)
        if called:
            for signature, body in procedures.items():
                if signature.split("(")[0].strip() == called.group(1) and signature not in seen:
                    names |= _writes(body, procedures, seen | {signature})
    return names


def _reachable(start, edges) -> set:
    found, todo = {start}, [start]
    while todo:
        for following in edges[todo.pop()]:
            if following not in found:
                found.add(following)
                todo.append(following)
    return found


def deck_arithmetic(doc: YMap, cards: int, max_players: int) -> list[Diagnostic]:
    """An error where the setup deals, with literal counts, more cards than the deck has.

    Draws inside `for: p in players` count once per player (at the most players); draws under
    any other loop, or with a computed count, are not counted.
    """
    dealt = 0
    for text, pos, times in _setup_draws(doc.get("setup"), doc.value_pos.get("setup"), 1, max_players):
        dealt += int(DRAW.match(text).group(1)) * times
        if dealt > cards:
            return [Diagnostic(pos, f"the setup deals {dealt} cards by here, but the deck has {cards}")]
    return []


def _setup_draws(block, pos, times, max_players):
    if not isinstance(block, YList):
        return
    for item, item_pos in zip(block, block.item_pos):
        if isinstance(item, str) and DRAW.match(item):
            yield item, item_pos, times
        elif isinstance(item, YMap) and "for" in item:
            if EVERY_PLAYER.match(str(item["for"])):
                yield from _setup_draws(item.get("do"), item_pos, times * max_players, max_players)
        elif isinstance(item, YMap):
            for key in ("then", "else", "do"):
                yield from _setup_draws(item.get(key), item_pos, times, max_players)


def _texts(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, YMap):
        for key, item in value.items():
            if key not in ("name", "description", "label", "prompt", "rule", "rules", "help"):
                yield from _texts(item)
    elif isinstance(value, YList):
        for item in value:
            yield from _texts(item)


def _mappings(value):
    if isinstance(value, YMap):
        yield value
        for item in value.values():
            yield from _mappings(item)
    elif isinstance(value, YList):
        for item in value:
            yield from _mappings(item)
