"""Solving a walked game (`gametree.GameTree`): CFR+, and how exploitable a policy is, exactly.

A policy gives, for each information set index, the probabilities of its options. CFR+
(Tammelin 2014: regret matching with regrets kept at 0 or above, the seats updated in turn, the
average policy weighted by iteration) makes a policy whose exploitability falls towards 0 in
two-player zero-sum games. Exploitability is as OpenSpiel counts it: what each seat would gain
by its best response to the others' policy, summed over the seats and divided by their number
(for poker, chips per hand).
"""
from __future__ import annotations

import time

from .gametree import OutOfTime


class CfrPlus:
    """CFR+ on a walked game: `run(iterations)`, then `average()` is the policy it made."""

    def __init__(self, tree):
        self.tree = tree
        sizes = [len(labels) for labels in tree.labels]
        self.regrets = [[0.0] * size for size in sizes]
        self.totals = [[0.0] * size for size in sizes]
        self.iterations = 0
        self.strategies: list = []  # the current policy, fixed for one seat's turn of an iteration
        self.gains: list = []  # the regrets that turn adds

    def run(self, iterations: int, deadline: float | None = None) -> None:
        """Run this many more iterations (each updates every seat once, in turn); past `deadline`
        (a `time.monotonic()`), stop with OutOfTime."""
        for done in range(iterations):
            if deadline is not None and time.monotonic() > deadline:
                raise OutOfTime(f"the game walked, {done:,} of {iterations:,} iterations of CFR+ run")
            self.iterations += 1
            for seat in range(self.tree.players):
                self.strategies = [self._current(index) for index in range(len(self.regrets))]
                self.gains = [[0.0] * len(regrets) for regrets in self.regrets]
                for chance, node in self.tree.deals:
                    self._walk(node, seat, 1.0, chance)
                for index, gains in enumerate(self.gains):
                    if self.tree.seats[index] == seat:
                        self.regrets[index] = [max(0.0, r + g) for r, g in zip(self.regrets[index], gains)]

    def _current(self, index: int) -> list:
        regrets = self.regrets[index]
        total = sum(regrets)
        return [r / total for r in regrets] if total > 0 else [1.0 / len(regrets)] * len(regrets)

    def _walk(self, node, seat: int, mine: float, others: float) -> float:
        """`seat`'s value of `node`, noting the regrets and averages of its information sets there.
        `mine` is the seat's own reach, `others` the reach of chance and every other seat."""
        index, below = node
        if index is None:
            return below[seat]
        strategy = self.strategies[index]
        if self.tree.seats[index] != seat:
            return sum(p * self._walk(child, seat, mine, others * p) for p, child in zip(strategy, below) if p > 0)
        values = [self._walk(child, seat, mine * p, others) for p, child in zip(strategy, below)]
        value = sum(p * v for p, v in zip(strategy, values))
        gains, totals, weight = self.gains[index], self.totals[index], self.iterations * mine
        for a, v in enumerate(values):
            gains[a] += others * (v - value)
            totals[a] += weight * strategy[a]
        return value

    def average(self) -> list:
        """The average policy: per information set, the probability of each option."""
        out = []
        for totals in self.totals:
            total = sum(totals)
            out.append([t / total for t in totals] if total > 0 else [1.0 / len(totals)] * len(totals))
        return out


def values(tree, policy: list) -> list:
    """Each seat's expected payoff when every seat plays `policy`."""
    out = [0.0] * tree.players
    for chance, node in tree.deals:
        for seat, value in enumerate(_values(node, policy)):
            out[seat] += chance * value
    return out


def _values(node, policy: list) -> list:
    index, below = node
    if index is None:
        return list(below)
    out = None
    for p, child in zip(policy[index], below):
        if p > 0:
            got = _values(child, policy)
            out = [p * v for v in got] if out is None else [o + p * v for o, v in zip(out, got)]
    return out


def best_response(tree, policy: list, seat: int) -> float:
    """What `seat` gets at best when the other seats play `policy` (it knows their policy, not their cards)."""
    reach: dict = {}  # information set of the seat -> [(node, reach of chance and the others)]
    for chance, node in tree.deals:
        _gather(tree, node, policy, seat, chance, reach)
    chosen: dict = {}
    memo: dict = {}

    def value(node) -> float:
        index, below = node
        if index is None:
            return below[seat]
        key = id(node)
        if key not in memo:
            if tree.seats[index] == seat:
                memo[key] = value(below[choice(index)])
            else:
                memo[key] = sum(p * value(child) for p, child in zip(policy[index], below) if p > 0)
        return memo[key]

    def choice(index: int) -> int:
        if index not in chosen:
            sums = [0.0] * len(tree.labels[index])
            for node, weight in reach.get(index, ()):
                for a, child in enumerate(node[1]):
                    sums[a] += weight * value(child)
            chosen[index] = max(range(len(sums)), key=sums.__getitem__)
        return chosen[index]

    return sum(chance * value(node) for chance, node in tree.deals)


def _gather(tree, node, policy: list, seat: int, weight: float, reach: dict) -> None:
    """Note each of `seat`'s decisions below `node` with the reach of chance and the other seats."""
    index, below = node
    if index is None or weight == 0:
        return
    if tree.seats[index] == seat:
        reach.setdefault(index, []).append((node, weight))
        for child in below:
            _gather(tree, child, policy, seat, weight, reach)
    else:
        for p, child in zip(policy[index], below):
            _gather(tree, child, policy, seat, weight * p, reach)


def exploitability(tree, policy: list) -> float:
    """How much the seats gain on average by their best responses to `policy` (0 at an equilibrium)."""
    gains = sum(best_response(tree, policy, seat) for seat in range(tree.players)) - sum(values(tree, policy))
    return gains / tree.players
