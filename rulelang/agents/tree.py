"""The search tree of `mcts`: one node per choice, keyed by option labels, with statistics.

A node counts how often its choice was tried (`visits`) and legal when its parent was reached
(`available`, which takes the place of the parent's visits in UCB, as in single-observer ISMCTS:
Cowling, Powley and Whitehouse, 2012), and the value each seat reached after it (`totals`). It
may also keep these counts apart for each private state of the seat that made the choice
(`keyed`: its hand, say), so that a seat's play can depend on what it holds (see mcts.py).
"""
from __future__ import annotations

import math

from ..engine.rng import Rng
from .estimate import EVEN


class Stats:
    """How often a choice was tried and legal, and the values it led to, per seat."""

    __slots__ = ("available", "totals", "visits")

    def __init__(self):
        self.visits = 0
        self.available = 0
        self.totals = None  # per seat, the sum of the values credited

    def mean(self, seat: int) -> float:
        """The mean value this choice led to, for `seat`."""
        return self.totals[seat] / self.visits if self.visits else EVEN

    def credit(self, values: list) -> None:
        """Count one more visit that reached `values`."""
        self.visits += 1
        if self.totals is None:
            self.totals = list(values)
        else:
            self.totals = [total + value for total, value in zip(self.totals, values)]


class Node(Stats):
    """One choice in the tree: its statistics, the choices after it, and those of each private state."""

    __slots__ = ("children", "keyed", "met", "refused")

    def __init__(self):
        super().__init__()
        self.children: dict = {}  # option key -> Node
        self.keyed: dict = {}  # private state of the seat that made this choice -> Stats
        self.met: dict = {}  # private state of the seat choosing here -> times it chose here so
        self.refused = False  # the move was refused right after this choice: never follow it again

    def stats(self, private) -> Stats:
        """The statistics of this choice made in the private state `private` (None: all states)."""
        if private is None:
            return self
        found = self.keyed.get(private)
        if found is None:
            found = self.keyed[private] = Stats()
        return found

    def select(self, keys: list, seat: int, rng: Rng, explore: float, reading=None, learning=None,
               smooth: float = 0.0) -> int | None:
        """The index of the option to follow: an untried one at random, else the best by UCB (or,
        with probability `smooth`, one drawn in proportion to the visits, as Smooth UCT does);
        None when every option has been refused. UCB reads the statistics of the private state
        `reading` (None: of all private states); this visit counts for the private state
        `learning`'s statistics too, unless it is None."""
        children = self.children
        untried, tried = [], []
        for index, key in enumerate(keys):
            child = children.get(key)
            if child is None:
                untried.append(index)
            elif not child.refused:
                child.available += 1
                if learning is not None:
                    child.stats(learning).available += 1
                tried.append(index)
        if learning is not None:
            self.met[learning] = self.met.get(learning, 0) + 1
        if untried:
            index = untried[rng.below(len(untried))]
            children[keys[index]] = child = Node()
            child.available = 1
            if learning is not None:
                child.stats(learning).available = 1
            return index
        if not tried:
            return None
        if smooth and rng.next64() < smooth * 2 ** 64:
            return drawn(tried, [children[keys[index]].stats(reading).visits for index in tried], rng)
        best, best_score = tried[0], -1.0
        for index in tried:
            stats = children[keys[index]].stats(reading)
            if stats.visits == 0:
                return index
            score = stats.totals[seat] / stats.visits + explore * math.sqrt(math.log(stats.available) / stats.visits)
            if score > best_score:
                best, best_score = index, score
        return best


def drawn(items: list, weights: list, rng: Rng):
    """One of `items`, drawn with probability in proportion to its weight (the first if all are 0)."""
    total = sum(weights)
    if total <= 0:
        return items[0]
    point = rng.next64() * total / 2 ** 64
    for item, weight in zip(items, weights):
        point -= weight
        if point < 0:
            return item
    return items[-1]


def option_keys(options) -> list:
    """The options' labels, a repeated label numbered (`x`, `x#2`), as tree keys."""
    seen: dict = {}
    keys = []
    for option in options:
        count = seen[option.label] = seen.get(option.label, 0) + 1
        keys.append(option.label if count == 1 else f"{option.label}#{count}")
    return keys
