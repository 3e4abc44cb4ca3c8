"""`cfr`: plays a policy that CFR+ made on the whole game, for games small enough to walk.

The first time a ruleset is played with `cfr` at some number of seats, the game is walked whole
(`gametree.py`: every deal, every choice, the information sets) and solved by CFR+
(`solve.py`) for `iterations` iterations; the average policy is kept for the life of the process
and in the user's cache folder (`~/.cache/rulelang/policies`), under the ruleset's digest, so
later games and worker processes only look it up. At a decision the bot names its information
set from its view (`gametree.info_key`) and draws an option with the policy's probabilities,
from its own seeded generator. An information set the walk never met (a ruleset changed since?)
is played uniformly at random.

Only games whose chance is the deal can be walked (no dice or shuffles after the first
decision), with few enough hidden cards and decisions (see `gametree.MAX_DEALS`, `MAX_NODES`):
the walk is estimated from its first deal and refused at once when too big, and CFR+ is refused
before it starts when its iterations over the tree would take more than MAX_SOLVE steps. A game
bounded in time (`--game-seconds`) stops the walk and the solving at its deadline, saying so.
"""
from __future__ import annotations

import json
import os
from importlib.metadata import version

from ..engine.rng import Rng
from ..errors import GameError
from ..language.cachedir import cache_folder
from .determinization import SeatView
from .gametree import GameTree, OutOfTime, TooBig, info_key
from .solve import CfrPlus

ITERATIONS = 500  # CFR+ iterations by default (Kuhn poker: exploitability ~2e-4; Leduc: ~9e-4)
MAX_SOLVE = 20_000_000  # steps of CFR+ at most: iterations x seats x decisions and ends (Leduc: 10,200,000)
FORMAT = 2  # the layout of a stored policy, or how it was made; a change makes old files unread by name
POLICIES: dict = {}  # (digest, players, iterations) -> {information set key: probabilities}


class CfrAgent:
    """Plays the CFR+ policy of a game small enough to walk whole."""

    name = "cfr"
    view_type = SeatView

    def __init__(self, seed: int, iterations: int = ITERATIONS):
        self.rng = Rng(seed)
        self.iterations = iterations
        self.unknown = 0  # decisions in an information set the policy did not know

    def probabilities(self, view: SeatView, decision) -> list:
        """The policy's probability of each option at this information set (uniform where the
        policy does not know it)."""
        count = len(decision.options)
        found = self.policy(view).get(info_key(view)) if count > 1 else [1.0]
        if found is None or len(found) != count:
            self.unknown += 1
            return [1.0 / count] * count
        return found

    def policy(self, view: SeatView) -> dict:
        """The game's policy, made within the time the game has left, if bounded (`--game-seconds`)."""
        try:
            return policy(view.game, view.players, self.iterations, view.deadline)
        except OutOfTime as late:
            raise GameError(f"{view.out_of_time()} while cfr solved it: {late.done}") from None

    def choose(self, view: SeatView, decision) -> int:
        """An option drawn with the policy's probabilities at this information set."""
        count = len(decision.options)
        if count == 1:
            return 0
        probabilities = self.probabilities(view, decision)
        draw = self.rng.next64() / 2 ** 64
        for index, p in enumerate(probabilities):
            draw -= p
            if draw < 0:
                return index
        return count - 1


def policy(game, players: int, iterations: int, deadline: float | None = None) -> dict:
    """The CFR+ policy of `game` at `players` seats, by information set key: made once, then kept.
    Making it past `deadline` (a `time.monotonic()`) stops with OutOfTime."""
    key = (game.digest, players, iterations)
    found = POLICIES.get(key)
    if found is None:
        found = POLICIES[key] = _stored(key) or _store(key, solved(game, players, iterations, deadline))
    return found


def solved(game, players: int, iterations: int, deadline: float | None = None) -> dict:
    """Walk the game and run CFR+ on it: its average policy by information set key."""
    tree = GameTree(game, players, deadline=deadline)
    steps = iterations * players * tree.size
    if steps > MAX_SOLVE:
        raise TooBig(f"{iterations:,} iterations of CFR+ over its {tree.size:,} decisions and ends take about "
                     f"{steps:,} steps, more than {MAX_SOLVE:,}")
    solver = CfrPlus(tree)
    solver.run(iterations, deadline)
    return dict(zip(tree.keys, solver.average()))


def _path(key: tuple) -> str | None:
    """Where a policy is stored: named by the ruleset's digest, the seats, the iterations, and
    the versions of rulelang (as installed) and of the layout (a policy made by other rules is never read)."""
    folder = cache_folder("policies")
    digest, players, iterations = key
    return None if folder is None or not digest else os.path.join(
        folder, f"{digest[:32]}-{players}-{iterations}-{version('rulelang')}-v{FORMAT}.json")


def _stored(key: tuple) -> dict | None:
    """The policy stored for `key`, or None (none stored, or unreadable: it is made again)."""
    path = _path(key)
    try:
        with open(path, encoding="utf-8") as stored:
            found = json.load(stored)
    except (OSError, TypeError, ValueError):
        return None
    if not isinstance(found, dict) or not all(
            isinstance(v, list) and all(isinstance(p, float) for p in v) for v in found.values()):
        return None
    return found


def _store(key: tuple, found: dict) -> dict:
    """Keep a policy in the cache folder (a whole new file replaces the old); give it back."""
    path = _path(key)
    if path is not None:
        try:
            partial = f"{path}.{os.getpid()}.tmp"  # (worker processes may store the same policy at once)
            with open(partial, "w", encoding="utf-8") as out:
                json.dump(found, out)
            os.replace(partial, path)
        except OSError:
            pass  # no cache: the policy is made again next time
    return found
