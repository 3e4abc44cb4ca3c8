"""How good a searched state is for each seat: its result when the game is over, else the
ruleset's evaluation (`bots: evaluate`), all as numbers from 0 (lost) to 1 (won).

An evaluation is a number seen from one seat (`me`); `bots: scale` says how much of it makes
a clear step forward (a point, a won pile). A bot compares the states it reaches with the
state it started from: an evaluation that has grown by one step is worth `1 / (1 + e^-1)`
(about 0.73), one that has not changed 0.5, and a finished game weighs more than any
evaluation (1 won, 0.5 drawn, 0 lost).
"""
from __future__ import annotations

import math

from ..engine.values import Player
from ..errors import GameError

OUTCOME = {"win": 1.0, "draw": 0.5, "loss": 0.0}
EVEN = 0.5
REFUSED = -1.0  # a refused move, for the seat that chose it: below a loss, never worth putting one off


class Estimate:
    """Values of states for every seat, by the ruleset's result and evaluation."""

    def __init__(self, game, players: int):
        self.bots = game.bots
        self.seats = tuple(Player(seat) for seat in range(players))

    @property
    def evaluates(self) -> bool:
        """Whether the ruleset declares an evaluation."""
        return self.bots is not None

    def evaluation(self, st, seat: int) -> float:
        """The ruleset's evaluation of `st` from `seat`'s point of view."""
        value = self.bots.evaluate(st, {"me": self.seats[seat]})
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise GameError(f"bots: evaluate must give a number, not {value!r}", self.bots.pos)
        return float(value)

    def evaluations(self, st) -> list:
        """Every seat's evaluation of `st` (None when the ruleset has none)."""
        if not self.evaluates:
            return None
        return [self.evaluation(st, seat) for seat in range(len(self.seats))]

    def values(self, st, start) -> list:
        """Each seat's value of `st` in 0..1: the result, or the evaluation's growth since `start`
        (the seats' evaluations where the search began), or even when there is no evaluation."""
        if st.result is not None:
            return [OUTCOME[outcome] for outcome in st.result]
        if start is None:
            return [EVEN] * len(self.seats)
        scale = self.bots.scale
        return [_squash((self.evaluation(st, seat) - start[seat]) / scale) for seat in range(len(self.seats))]


def _squash(x: float) -> float:
    """The logistic function, safe for large numbers."""
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))
