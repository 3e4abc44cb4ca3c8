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
    """CFR+ on a walked game: `run(iterations)`, then `average()` is the policy it made.

    Each iteration updates the seats in turn, as OpenSpiel's CFR+ does (its `CFRPlusSolver`
    makes the same policies, to the rounding of floating point): a seat's regrets gain what the
    walk finds where it goes, and are kept at 0 or above once its turn is done; its average
    policy counts its own reach, weighted by the iteration, wherever it may go, also where the
    other seats never go (no regret is gained there, but the walk goes on for the averages).
    """

    def __init__(self, tree):
        self.tree = tree
        sizes = [len(labels) for labels in tree.labels]
        self.regrets = [[0.0] * size for size in sizes]
        self.totals = [[0.0] * size for size in sizes]
        self.strategies = [[1.0 / size] * size for size in sizes]  # the current policy (regret matching)
        self.decided_by = [[index for index, seat in enumerate(tree.seats) if seat == player]
                           for player in range(tree.players)]  # each seat's information sets
        self.iterations = 0

    def run(self, iterations: int, deadline: float | None = None) -> None:
        """Run this many more iterations (each updates every seat once, in turn); past `deadline`
        (a `time.monotonic()`), stop with OutOfTime."""
        regrets, strategies = self.regrets, self.strategies
        for done in range(iterations):
            if deadline is not None and time.monotonic() > deadline:
                raise OutOfTime(f"the game walked, {done:,} of {iterations:,} iterations of CFR+ run")
            self.iterations += 1
            for seat in range(self.tree.players):
                self._turn(seat)
                for index in self.decided_by[seat]:  # regrets kept at 0 or above; the seat's policy anew
                    found = regrets[index]
                    for a, regret in enumerate(found):
                        if regret < 0.0:
                            found[a] = 0.0
                    total = sum(found)
                    strategies[index] = [r / total for r in found] if total > 0 else [1.0 / len(found)] * len(found)

    def _turn(self, seat: int) -> None:
        """One seat's turn of an iteration: walk every deal with the current policy, adding the
        seat's regrets and average policy at its information sets."""
        strategies, seats, regrets, totals = self.strategies, self.tree.seats, self.regrets, self.totals
        iteration = self.iterations

        def walk(node, mine: float, others: float) -> float:
            """`seat`'s value of the decision `node` (an end is read where it stands, with no
            call); `mine` is its own reach, `others` that of chance and every other seat (above 0)."""
            index, below = node
            strategy = strategies[index]
            if seats[index] != seat:
                value = 0.0
                for p, child in zip(strategy, below):
                    if p > 0:
                        value += p * (child[1][seat] if child[0] is None else walk(child, mine, others * p))
                    elif mine > 0 and child[0] is not None:  # the others never go there, this seat
                        average(child, mine)  # may: its averages count it
                return value
            values, value = [], 0.0
            for p, child in zip(strategy, below):
                v = child[1][seat] if child[0] is None else walk(child, mine * p, others)
                values.append(v)
                value += p * v
            gained, kept, weight = regrets[index], totals[index], iteration * mine
            for a, v in enumerate(values):
                gained[a] += others * (v - value)
                kept[a] += weight * strategy[a]
            return value

        def average(node, mine: float) -> None:
            """Count the seat's reach `mine` (above 0) into its average policy at and below the decision `node`."""
            index, below = node
            strategy = strategies[index]
            if seats[index] != seat:
                for child in below:
                    if child[0] is not None:
                        average(child, mine)
                return
            kept, weight = totals[index], iteration * mine
            for a, p in enumerate(strategy):
                kept[a] += weight * p
                if p > 0 and below[a][0] is not None:
                    average(below[a], mine * p)

        for chance, node in self.tree.deals:
            if node[0] is not None:
                walk(node, 1.0, chance)

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
