"""A small game walked whole, for solving it exactly: every deal of the cards, every choice.

The walk starts at the game's first decision. Chance there is the deal: every order of the
cards that some seat cannot see (`Redeal` with no seat), each as likely as a fair shuffle makes
it; deals that play out alike for every seat (they differ only in cards nobody ever sees) are
walked once and weighed by how many they are. A game that draws on chance after its first
decision (dice, a later shuffle) cannot be walked this way, and is refused.

A seat's information set at a decision is what its view shows (`seat_view` without the log,
so a card it cannot see is only counted), the options it took before and whose turn each other
decision was, and its options now (`info_key`). A bot playing the game makes the same key from
the view it is shown, and so looks up a policy made on the tree. (A card shown and hidden again
between two of a seat's decisions is therefore forgotten: such a game is solved as if the seat
did not remember it.)
"""
from __future__ import annotations

import hashlib
import math
import time
from itertools import permutations

from ..engine.runtime import apply_action, new_game
from ..errors import GameError
from .determinization import Redeal, SeatView
from .estimate import Payoff

MAX_DEALS = 40_320  # orders of the hidden cards walked at most (8!)
MAX_NODES = 500_000  # decisions and ends walked at most (about 45 s at 90 µs each; Leduc poker walks 61,200)


class TooBig(GameError):
    """The game cannot be walked whole: too many deals or decisions, or chance after the deal."""

    def __init__(self, reason: str):
        super().__init__(f"the game cannot be walked whole to solve it (as cfr does): {reason}")


class OutOfTime(Exception):
    """Walking or solving a game went past its deadline; `done` says how far it came."""

    def __init__(self, done: str):
        super().__init__(done)
        self.done = done


def info_key(view) -> str:
    """The name of the information set a seat is in at its decision, from its `SeatView`: the
    table as it sees it (its view without the log, which only quiet games lack), the decisions
    taken so far as it knows them (its own options taken, whose the others were) and its
    options now, hashed short."""
    table = {name: value for name, value in view.seen().items() if name != "log"}
    text = repr((table, view.history(), tuple(view.decision.labels())))
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:20]


class GameTree:
    """Every deal and choice of a small game: information sets, and a tree of nested tuples.

    A decision is `(information set index, children)`, an end `(None, payoffs)` with each seat's
    payoff as the ruleset counts it (see `Payoff.raw`); `deals` holds `(probability, node)`.
    """

    def __init__(self, game, players: int, seed: int = 0, keep_states: bool = False, deadline: float | None = None):
        self.players = players
        self.payoff = Payoff(game, players)
        self.seats: list = []  # information set index -> its seat
        self.keys: list = []  # ... -> its key (info_key)
        self.labels: list = []  # ... -> the labels of its options
        self.index: dict = {}  # key -> information set index
        self.states: dict | None = {} if keep_states else None  # index -> a state in it (for asking bots)
        self.nodes = 0
        self.expected = None  # decisions and ends the whole walk is expected to take, once one deal is walked
        self.deadline = deadline  # a `time.monotonic()` the walk must end by (OutOfTime), or None
        st = new_game(game, players, seed, quiet=True)
        st.deadline = None  # a walked game is on no clock but the walk's own
        redeal = Redeal(st, None)
        count = len(redeal.cards)
        if math.factorial(count) > MAX_DEALS:
            raise TooBig(f"{count} cards are hidden at the first decision, {count}! deals, more than {MAX_DEALS:,}")
        found: dict = {}
        for order in permutations(range(count)):
            world = redeal.dealt(list(order), st.rng.clone())
            node = self._walk(world)
            found[node] = found.get(node, 0) + 1
            if self.expected is None:
                self._estimate(math.factorial(count))
        total = sum(found.values())
        self.deals = [(times / total, node) for node, times in found.items()]
        self.size = sum(_size(node) for _, node in self.deals)  # decisions and ends of the deals that differ

    def _estimate(self, deals: int) -> None:
        """Refuse at once, from the first deal's size, a walk of more than MAX_NODES."""
        self.expected = self.nodes * deals
        if self.expected > MAX_NODES:
            raise TooBig(f"about {self.expected:,} decisions and ends to walk ({deals:,} deals of about "
                         f"{self.nodes:,}), more than {MAX_NODES:,}")

    def _walk(self, st):
        """The subtree below `st`, a quiet state no one else holds (it is played on)."""
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise TooBig(f"the game has more than {MAX_NODES:,} decisions and ends to walk")
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise OutOfTime(f"{self.nodes:,} of about {self.expected or self.nodes:,} decisions and ends walked")
        if st.result is not None:
            return (None, tuple(self.payoff.raw(st)))
        seat, count = st.pending.seat, len(st.pending.options)
        index = self._information_set(SeatView(st, seat), st)
        children = []
        for option in range(count):
            child = st.clone() if option < count - 1 else st
            chance = child.rng.state
            apply_action(child, option)
            if child.rng.state != chance:
                raise TooBig("the game draws on chance after its first decision (dice or a shuffle): "
                             "only games whose chance is the deal can be walked")
            children.append(self._walk(child))
        return (index, tuple(children))

    def _information_set(self, view, st) -> int:
        key = info_key(view)
        index = self.index.get(key)
        if index is None:
            index = self.index[key] = len(self.keys)
            self.seats.append(view.seat)
            self.keys.append(key)
            self.labels.append(tuple(view.decision.labels()))
            if self.states is not None:
                self.states[index] = st.clone()
        return index


def _size(node) -> int:
    """Decisions and ends in a walked subtree."""
    index, below = node
    return 1 if index is None else 1 + sum(_size(child) for child in below)
