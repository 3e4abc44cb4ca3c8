"""How good a searched state is for each seat, as numbers from 0 (the worst) to 1 (the best).

A finished game is worth its payoff (what the bots play for, see `Payoff`). An unfinished one
is worth the ruleset's evaluation (`bots: evaluate`): a number seen from one seat (`me`);
`bots: scale` says how much of it makes a clear step forward (a point, a won pile). A bot
compares the states it reaches with the state it started from: an evaluation that has grown by
one step is worth `1 / (1 + e^-1)` (about 0.73), one that has not changed 0.5.
"""
from __future__ import annotations

import math

from ..engine.game import RESULT
from ..engine.values import Player
from ..errors import GameError

OUTCOME = {"win": 1.0, "draw": 0.5, "loss": 0.0}
EVEN = 0.5
REFUSED = -1.0  # a refused move, for the seat that chose it: below a loss, never worth putting one off


class Payoff:
    """What each seat plays for when a game is over, normalised per game to 0..1.

    The payoff is `bots: payoff` when the ruleset names one, else its `results` score, else the
    result (a win 1, a draw 1/2, a loss 0). A number payoff (chips, points) is normalised by the
    lowest and highest payoffs seen so far in this game's searches, in any seat: the range grows
    as the search meets new payoffs, so one object should serve a bot for a whole game.
    """

    def __init__(self, game, players: int):
        bots = game.bots
        written = bots.payoff if bots is not None else None
        self.figure = None if written == RESULT else written or game.score  # st, env -> number; None: the result
        self.pos = bots.payoff_pos if bots is not None and bots.payoff is not None else None
        self.seats = tuple({"me": Player(seat)} for seat in range(players))
        self.low = self.high = None

    def raw(self, st) -> list:
        """Each seat's payoff in a finished game, as the ruleset counts it."""
        if self.figure is None:
            return [OUTCOME[outcome] for outcome in st.result]
        out = []
        for env in self.seats:
            value = self.figure(st, env)
            if value.__class__ is not int and (isinstance(value, bool) or not isinstance(value, (int, float))
                                               or not math.isfinite(value)):  # (a whole number, the common case, is one)
                raise GameError(f"bots: payoff must give a number, not {value!r}", self.pos)
            out.append(float(value))
        return out

    def values(self, st) -> list:
        """Each seat's payoff in a finished game, normalised to 0..1 (the range seen so far)."""
        raw = self.raw(st)
        if self.figure is None:
            return raw
        low, high = min(raw), max(raw)
        if self.low is None or low < self.low:
            self.low = low
        if self.high is None or high > self.high:
            self.high = high
        span = self.high - self.low
        return [(value - self.low) / span if span else EVEN for value in raw]


class Estimate:
    """Values of states for every seat, by the payoff and the ruleset's evaluation."""

    def __init__(self, game, players: int):
        self.game = game
        self.bots = game.bots
        self.payoff = Payoff(game, players)
        self.seats = tuple(Player(seat) for seat in range(players))

    @property
    def evaluates(self) -> bool:
        """Whether the ruleset declares an evaluation."""
        return self.bots is not None and self.bots.evaluate is not None

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
        """Each seat's value of `st` in 0..1: the payoff, or the evaluation's growth since `start`
        (the seats' evaluations where the search began), or even when there is no evaluation."""
        if st.result is not None:
            return self.payoff.values(st)
        if start is None:
            return [EVEN] * len(self.seats)
        scale = self.bots.scale
        return [_squash((self.evaluation(st, seat) - start[seat]) / scale) for seat in range(len(self.seats))]


def estimate_for(agent, game, players: int) -> Estimate:
    """The agent's estimate for this game: kept while the game is the same (its payoff range grows)."""
    estimate = agent.estimate
    if estimate is None or estimate.game is not game or len(estimate.seats) != players:
        estimate = agent.estimate = Estimate(game, players)
    return estimate


def _squash(x: float) -> float:
    """The logistic function, safe for large numbers."""
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))
