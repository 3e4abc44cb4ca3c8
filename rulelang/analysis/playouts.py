"""Dynamic checks: play seeded games with bots and report what goes wrong, with the seed to replay it.

A playout fails on a crash (an expression or effect that cannot run), a stall (a player must
decide but has no legal option), the step bound or another limit, a card that is lost or
doubled, an option that names a card the deciding seat cannot see (hidden information
leaking), or an internal error (a bug in rulelang itself, named by its Python exception). One
failing playout never stops the others.
"""
from __future__ import annotations

import contextlib

import attrs

from ..agents import build_agent
from ..engine.rng import derive_seed
from ..engine.session import DEFAULT_MAX_DECISIONS, play_game
from ..engine.values import Player, is_card
from ..errors import RulelangError
from .backends import RunStopped, run_chunks


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


def run_playouts(ruleset: str, games: int, specs: list, seed: int = 0, workers: int = 1,
                 max_decisions: int = DEFAULT_MAX_DECISIONS, progress=None, allow: tuple = (),
                 bounds: tuple = (None, None)) -> list:
    """Play `games` games with every check on, one agent per spec, in `workers` processes; one
    problem at most per game, in the games' order. `progress(n)`: `n` more games are done. A run
    stopped (KeyboardInterrupt) raises RunStopped with the problems of the games played by then."""
    task = PlayoutTask(ruleset, tuple(specs), seed, max_decisions, allow, bounds)
    problems, played = [], 0
    try:
        with contextlib.closing(run_chunks(task, games, workers)) as parts:
            for count, part in parts:
                problems += part
                played += count
                if progress is not None:
                    progress(count)
    except KeyboardInterrupt:
        raise RunStopped(problems, played, games) from None
    return problems


def distinct_problems(problems: list) -> list:
    """(first playout, how many playouts) for each distinct problem: the same kind and message."""
    counts: dict = {}
    first: dict = {}
    for problem in problems:
        key = (problem.kind, problem.message)
        first.setdefault(key, problem)
        counts[key] = counts.get(key, 0) + 1
    return [(problem, counts[key]) for key, problem in first.items()]


@attrs.frozen
class PlayoutTask:
    """What a worker needs to play playouts: the ruleset, the seats' specs, the seed, the bound."""

    ruleset: str
    specs: tuple
    seed: int
    max_decisions: int
    allow: tuple = ()  # folders besides its own whose files the rule file may extend
    bounds: tuple = (None, None)  # a person's bounds on each game: work and seconds (see api.bounded)

    def prepare(self):
        """Load the ruleset once; returns `run(start, stop) -> [PlayoutProblem, ...]`."""
        from ..api import bounded, load_game
        game = bounded(load_game(self.ruleset, self.allow), *self.bounds)

        def run(start: int, stop: int) -> list:
            problems = (self.playout(game, index) for index in range(start, stop))
            return [problem for problem in problems if problem is not None]
        return run

    def playout(self, game, index: int) -> PlayoutProblem | None:
        """Play game `index`; what went wrong, or None."""
        seed = derive_seed(self.seed, index)
        watch = Watch()
        try:
            agents = [build_agent(spec, seat, seed, game) for seat, spec in enumerate(self.specs)]
            play_game(game, agents, seed, debug=True, max_decisions=self.max_decisions, on_decision=watch)
        except HiddenCardOffered as leak:
            return PlayoutProblem(index, seed, watch.decisions(), "hidden information", str(leak))
        except RulelangError as err:
            return PlayoutProblem(index, seed, watch.decisions(), _kind(str(err)), str(err))
        except Exception as err:  # a bug in rulelang: recorded with the seed that shows it
            message = f"{type(err).__name__}: {err}"
            return PlayoutProblem(index, seed, watch.decisions(), "internal error", message)
        return None


def _kind(message: str) -> str:
    if "(limits: decisions)" in message:
        return "step bound"
    if "(limits: " in message:
        return "limit"
    if "no legal" in message:
        return "stall"
    if "places" in message or "misplaced" in message:
        return "lost card"
    if "triggers fired" in message:
        return "trigger loop"
    return "crash"


class HiddenCardOffered(Exception):
    """A decision offers a card its seat cannot see."""


class Watch:
    """Looks at each decision before it is made, refusing hidden cards offered; keeps the game."""

    def __init__(self):
        self.st = None

    def decisions(self) -> int:
        """The decisions made so far in the game watched."""
        return self.st.actions if self.st is not None else 0

    def __call__(self, st) -> None:
        """Raise HiddenCardOffered when the pending decision names a card its seat cannot see."""
        self.st = st
        decision = st.pending
        for option in decision.options:
            if is_card(option.value) and not st.visible_to(option.value, decision.seat):
                seat = Player(decision.seat).name
                raise HiddenCardOffered(f"{seat} is offered {option.label}, a card {seat} cannot see "
                                        f"({decision.prompt})")
