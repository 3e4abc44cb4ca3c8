"""Play a ruleset compiled for play beside the same ruleset run by the reference interpreter
(`compile/reference.py`), with the same seed and the same choices, and compare the two games'
states after every decision: where they differ, the optimizer changed what the rules mean.
"""
from __future__ import annotations

import random

from ..api import load_document
from ..compile.reference import compile_reference
from ..engine.runtime import apply_action, new_game
from ..engine.values import Card, Marker, Player, RowRef, ZoneRef
from ..errors import GameError

MAX_DECISIONS = 20_000  # decisions compared in one game before it is called a draw of the comparison


def snapshot(st) -> dict:
    """Everything a state holds that the rules decide, in plain values (cards by name: each
    compiled game has cards of its own)."""
    pending = st.pending
    return {
        "zones": {repr(zone): plain(cards) for zone, cards in st.zones.items()},
        "rows": {repr(row): plain(piles) for row, piles in st.rows.items()},
        "under": {key: plain(pieces) for key, pieces in sorted(st.under_of.items())},
        "stored": {key: plain(values) for key, values in sorted(st.cvars.items())},
        "zone values": {repr(zone): plain(values) for zone, values in st.zvars.items()},
        "face down": sorted(st.down),
        "played by": sorted(st.played.items()),
        "last shown": [{repr(zone): [(card.name, plain(to), sorted(seers), by) for card, to, seers, by in left]
                        for zone, left in kept.items()} for kept in (st.last_shown, st.leaving)],
        "vars": plain(st.vars), "player vars": plain(st.pvars),
        "sheets": {repr(sheet): dict(boxes) for sheet, boxes in st.sheets.items()},
        "turn": (st.current, st.turn_number, st.round_number, st.stage),
        "result": st.result, "chance": st.rng.state,
        "decision": None if pending is None else (pending.seat, pending.prompt,
                                                  [(o.label, o.text) for o in pending.options]),
        "log": list(st.log),
    }


def plain(value):
    """A value with every card, marker, player and zone in it written as its name."""
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)) and not isinstance(value, Player):
        return [plain(item) for item in value]
    if isinstance(value, (Card, Marker, Player)):
        return value.name
    return repr(value) if isinstance(value, (ZoneRef, RowRef)) else value


def compare_game(game, reference, players: int, seed: int, max_decisions: int = MAX_DECISIONS) -> int:
    """Play one game both ways with random choices drawn from `seed`; the number of decisions
    compared. Raises AssertionError at the first decision after which the two states differ."""
    picks = random.Random(seed)
    fast, slow = _started(game, players, seed), _started(reference, players, seed)
    for decision in range(max_decisions):
        _same(fast, slow, seed, decision)
        if isinstance(fast, GameError) or fast.result is not None:
            return decision
        index = picks.randrange(len(fast.pending.options))
        fast, slow = _applied(fast, index), _applied(slow, index)
    return max_decisions


def _started(game, players: int, seed: int):
    """A new game (not quiet: its log is compared too), or the error that stopped it."""
    try:
        return new_game(game, players, seed)
    except GameError as err:
        return err


def _applied(st, index: int):
    """The state after the answer, or the error that stopped the game."""
    try:
        apply_action(st, index)
    except GameError as err:
        return err
    return st


def _same(fast, slow, seed: int, decision: int) -> None:
    """Both games (compiled, reference) stopped with the same error, or stand in the same state."""
    where = f"seed {seed}, after decision {decision}"
    if isinstance(fast, GameError) or isinstance(slow, GameError):
        said = [str(game) if isinstance(game, GameError) else "(no error)" for game in (fast, slow)]
        assert said[0] == said[1], f"{where}: the compiled game says {said[0]}, the reference {said[1]}"
        return
    compiled, reference = snapshot(fast), snapshot(slow)
    for part, value in compiled.items():
        assert value == reference[part], f"{where}: {part} differ:\ncompiled:  {value}\nreference: {reference[part]}"


def reference_game(path: str):
    """The ruleset at `path` compiled for the reference interpreter."""
    return compile_reference(load_document(path))
