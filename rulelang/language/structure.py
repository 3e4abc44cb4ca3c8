"""Check stage, part three: warnings about the shape of play (parts nothing uses, no way to end)."""
from __future__ import annotations

import re

from ..constructs.catalogue import STATEMENTS
from ..errors import Diagnostic
from ..kit.documents import YList, YMap
from ..kit.names import suggest
from .cardvalues import missing_card_values
from .graphs import components
from .hiding import hidden_builtins
from .leaks import hidden_card_values
from .rulebook import dropped_sections
from .stale import stale_rules

WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
PROSE = ("name", "description", "label", "prompt", "rule", "rules", "help")  # what players read, not rules
BRACED = re.compile(r"\{([^{}]*)\}")  # `{expression}` in a text
SET = re.compile(r"^\s*set\s+(?:[A-Za-z_][A-Za-z0-9_]*\.)?([A-Za-z_][A-Za-z0-9_]*)\s*(?:=|\+=|-=)")
CALL = re.compile(r"^\s*call\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(")
DRAW = re.compile(r"^\s*draw\s+(\d+|[A-Za-z_][A-Za-z0-9_]*)\s+from\s")  # a count in digits or a constant's name
EVERY_PLAYER = re.compile(r"^\s*[A-Za-z_][A-Za-z0-9_]*\s+in\s+players\s*$")
MOVE_LISTS = ("choose move", "first come")  # the blocks that offer moves by name
ENDING = re.compile(r"^\s*(" + "|".join(k for k, s in STATEMENTS.items() if s.ends_game) + r")\b")


def structure_warnings(doc: YMap) -> list[Diagnostic]:
    """Moves no choice offers, zones nothing names, names that hide built-ins, printed values some
    cards lack, triggers in a cycle, a house rule its base's rules no longer tell or whose rules
    drop its base's, a card's value kept hidden from players but not from bots, and a game that
    cannot end."""
    texts = list(_texts(doc))
    words = {w for text in texts for w in WORD.findall(text)}
    out = []
    offered = set()
    for item in _mappings(doc):
        for key in MOVE_LISTS:
            if isinstance(item.get(key), YList):
                offered |= {_move_name(n) for n in item[key]}
    for key in ("reactions", "anytime"):
        if isinstance(doc.get(key), YMap) and isinstance(doc[key].get("moves"), YList):
            offered |= {str(n) for n in doc[key]["moves"]}
    moves = doc.get("moves")
    if isinstance(moves, YMap):
        for name in moves:
            if _move_name(name) not in offered:
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
    out += unused_declarations(doc, words)
    out += hidden_builtins(doc)
    out += missing_card_values(doc)
    out += trigger_cycles(doc)
    out += stale_rules(doc)
    out += dropped_sections(doc)
    out += hidden_card_values(doc)
    has_end = isinstance(doc.get("end"), YList) and len(doc["end"]) > 0
    if not has_end and not any(ENDING.match(text) for text in texts):
        out.append(Diagnostic(doc.pos, "the game can never end: no end condition and no win, lose or tie effect",
                              "warning"))
    return out


DECLARED = {  # the sections whose names the rules use, what each name is, and what an unused one means
    "constants": ("constant", "no rule reads it and no text says {{{}}}, so changing it changes nothing"),
    "vars": ("variable", "no rule reads or sets it"),
    "player_vars": ("player variable", "no rule reads or sets it"),
    "card_vars": ("card variable", "no rule reads or sets it"),
    "zone_vars": ("zone variable", "no rule reads or sets it"),
    "card_props": ("card property", "no rule reads it"),
    "functions": ("function", "no rule calls it"),
    "procedures": ("procedure", "no rule calls it"),
}
DECLARED_NAME = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)")  # a name, or a function's name before its `(`


def unused_declarations(doc: YMap, words: set) -> list[Diagnostic]:
    """A warning at each name this file declares (a constant, a variable, a function …) that nothing
    uses: a house rule that sets a constant or a variable its base does not have, or misspells
    one, would otherwise change nothing without a word. Names a base file declares are its own
    business (a variant may leave some unused), so only the checked file's are warned about."""
    said = {w for text in _texts(doc, ()) for braced in BRACED.findall(text) for w in WORD.findall(braced)}
    out = []
    for section, (kind, meaning) in DECLARED.items():
        declared = doc.get(section)
        if not isinstance(declared, YMap):
            continue
        names = {key: found.group(1) for key in declared if (found := DECLARED_NAME.match(str(key)))}
        used = {name for name in names.values() if name in words or name in said}  # what a misspelling meant
        for key, name in names.items():
            pos = declared.key_pos[key]
            if name not in used and pos.path == doc.pos.path:
                out.append(Diagnostic(pos, f"{kind} '{name}' is never used: {meaning.format(name)}"
                                           f"{suggest(name, used)}", "warning"))
    return out


def trigger_cycles(doc: YMap) -> list[Diagnostic]:
    """Condition triggers that set variables the other's condition reads, round in a cycle.

    Only variables are followed (`set x`, `set p.x`, `set c.x`, also inside called procedures);
    cards moving between zones are not, as where a card comes from is known only in play.
    The graph runs from each trigger to the variables it sets and from each variable to the
    triggers that read it, so it stays as small as the file; one warning per cycle found.
    """
    triggers = [t for t in doc.get("triggers", []) if isinstance(t, YMap) and "on" not in t]
    writes = procedure_writes(doc.get("procedures") if isinstance(doc.get("procedures"), YMap) else YMap())
    edges: dict = {}
    for i, trigger in enumerate(triggers):
        edges[("trigger", i)] = [("var", name) for name in sorted(_writes(trigger.get("do"), writes))]
        for name in sorted(set(WORD.findall(str(trigger.get("when", ""))))):
            edges.setdefault(("var", name), []).append(("trigger", i))
    out = []
    for component in components(edges):
        members = sorted(i for kind, i in component if kind == "trigger")
        if len(members) > 1:
            through = ", ".join(sorted(name for kind, name in component if kind == "var"))
            out.append(Diagnostic(triggers[members[0]].pos, f"triggers {_names(triggers, members)} can set each "
                                                            f"other off in a cycle (through {through})", "warning"))
    return sorted(out, key=lambda d: (d.position.line, d.position.column))


def _names(triggers: list, members: list) -> str:
    """'a' and 'b'; 'a', 'b' and 'c'; the first five and how many more."""
    named = [f"'{triggers[i].get('name')}'" for i in members[:5]]
    if len(members) > 5:
        return ", ".join(named) + f" and {len(members) - 5} more"
    return ", ".join(named[:-1]) + " and " + named[-1]


def procedure_writes(procedures: YMap) -> dict:
    """The variables each procedure sets, itself or through the procedures it calls (by name).

    Procedures are grouped into strongly connected components once; a component's answer is the
    union of its own sets and those of the components it calls, gathered callees first.
    """
    own, calls = {}, {}
    for signature, body in procedures.items():
        name = signature.split("(")[0].strip()
        own[name], calls[name] = set(), set()
        for text in _texts(body):
            found, called = SET.match(text), CALL.match(text)
            if found:
                own[name].add(found.group(1))
            if called:
                calls[name].add(called.group(1))
    writes: dict = {}
    for component in components({name: sorted(callees) for name, callees in calls.items()}):
        union = set()
        for name in component:
            union |= own.get(name, set())
            union.update(*(writes.get(callee, ()) for callee in calls.get(name, ()) if callee not in component))
        for name in component:
            writes[name] = frozenset(union)
    return writes


def _move_name(written) -> str:
    """A move's name as a list of moves or `moves:` writes it (`meld(card)`: meld)."""
    return str(written).split("(", 1)[0].strip()


def _writes(block, procedure_writes: dict) -> set:
    """The variables a block of effects sets, itself or in the procedures it calls."""
    names = set()
    for text in _texts(block):
        found, called = SET.match(text), CALL.match(text)
        if found:
            names.add(found.group(1))
        if called:
            names |= procedure_writes.get(called.group(1), frozenset())
    return names


def deck_arithmetic(doc: YMap, cards: int, max_players: int) -> list[Diagnostic]:
    """An error where the setup deals, with counts in digits or constants, more cards than the deck has.

    Draws inside `for: p in players` count once per player (at the most players); draws under
    any other loop or an `if` (a draw the condition guards may never happen: a pack dealt whole
    to the most players, then a card turned up only if one is left), or with a computed count,
    are not counted.
    """
    dealt, named = 0, []
    constants = doc.get("constants") if isinstance(doc.get("constants"), YMap) else YMap()
    for text, pos, times in _setup_draws(doc.get("setup"), doc.value_pos.get("setup"), 1, max_players):
        written = DRAW.match(text).group(1)
        count = int(written) if written.isdigit() else constants.get(written)
        if not isinstance(count, int) or isinstance(count, bool):
            continue  # a computed count
        dealt += count * times
        if not written.isdigit():
            named.append(f"{written} = {count} ({constants.value_pos[written]})")
        if dealt > cards:
            given = f" (with {', '.join(named)})" if named else ""
            return [Diagnostic(pos, f"the setup deals {dealt} cards by here, but the deck has {cards}{given}")]
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
        elif isinstance(item, YMap) and "if" not in item:
            yield from _setup_draws(item.get("do"), item_pos, times, max_players)


def _texts(value, skipped=PROSE):
    """Every text under `value`, but those under the keys `skipped` (by default what players read)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, YMap):
        for key, item in value.items():
            if key not in skipped:
                yield from _texts(item, skipped)
    elif isinstance(value, YList):
        for item in value:
            yield from _texts(item, skipped)


def _mappings(value):
    if isinstance(value, YMap):
        yield value
        for item in value.values():
            yield from _mappings(item)
    elif isinstance(value, YList):
        for item in value:
            yield from _mappings(item)
