"""Dynamic checks: play seeded random games and report what goes wrong, with the seed to replay it.

A playout fails on a crash (an expression or effect that cannot run), a stall (a player must
decide but has no legal option), the step bound, a card that is lost or doubled, or an option
that names a card the deciding seat cannot see (hidden information leaking).
"""
from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import attrs

from ..agents import random_agents
from ..engine.rng import derive_seed
from ..engine.runtime import apply_action, new_game
from ..engine.session import DEFAULT_MAX_DECISIONS
from ..engine.values import Player, is_card
from ..errors import GameError


@attrs.frozen
class PlayoutProblem:
    """What went wrong in one playout, and how to play it again."""

    game: int
    seed: int
    decision: int
    kind: str
    message: str

    def as_json(self) -> dict:
        """The problem as a plain dict for `--format json`."""
        return attrs.asdict(self)

    def describe(self) -> str:
        """One line: which playout, its seed, the decision, and the problem."""
        return (f"{self.kind} in playout {self.game} (seed {self.seed}, after {self.decision} "
                f"decisions): {self.message}")


def run_playouts(path: str, games: int, seed: int = 0, workers: int = 1,
                 max_decisions: int = DEFAULT_MAX_DECISIONS, allow: tuple = ()) -> list:
    """Play `games` random games with every check on, in `workers` processes; one problem at most per game."""
    indexes = list(range(games))
    if workers <= 1 or games < 2:
        return _chunk(path, seed, indexes, max_decisions, allow)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        parts = pool.map(_chunk, [path] * workers, [seed] * workers,
                         [indexes[i::workers] for i in range(workers)], [max_decisions] * workers,
                         [allow] * workers)
        return sorted((p for part in parts for p in part), key=lambda p: p.game)


def _chunk(path: str, seed: int, indexes: list, max_decisions: int, allow: tuple = ()) -> list:
    from ..api import load_game  # a worker process builds its own ruleset
    game = load_game(path, allow)
    problems = []
    for index in indexes:
        game_seed = derive_seed(seed, index)
        problem = _playout(game, game.min_players, game_seed, max_decisions)
        if problem is not None:
            kind, decision, message = problem
            problems.append(PlayoutProblem(index, game_seed, decision, kind, message))
    return problems


def _playout(game, players: int, seed: int, max_decisions: int):
    agents = random_agents(players, seed)
    st = None
    try:
        st = new_game(game, players, seed, debug=True)
        st.check_conservation()
        while st.result is None:
            if st.actions >= max_decisions:
                return "step bound", st.actions, f"no result after {max_decisions} decisions"
            leak = _leak(st)
            if leak:
                return "hidden information", st.actions, leak
            apply_action(st, agents[st.pending.seat].choose(None, st.pending))
    except GameError as err:
        decisions = st.actions if st is not None else 0
        message = str(err)
        if "no legal" in message:
            return "stall", decisions, message
        if "places" in message or "misplaced" in message:
            return "lost card", decisions, message
        if "triggers fired" in message:
            return "trigger loop", decisions, message
        return "crash", decisions, message
    return None


def _leak(st) -> str | None:
    decision = st.pending
    for option in decision.options:
        if is_card(option.value) and not st.visible_to(option.value, decision.seat):
            return (f"{Player(decision.seat).name} is offered {option.label}, a card "
                    f"{Player(decision.seat).name} cannot see ({decision.prompt})")
    return None
