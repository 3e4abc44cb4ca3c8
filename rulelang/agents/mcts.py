"""`mcts`: information-set Monte Carlo tree search, for any ruleset.

At each decision the bot runs iterations. Each one takes a fresh sample of the game as its
seat knows it (`SeatView.sample`: the hidden cards re-dealt), walks down one tree shared by
all samples, choosing by UCB among the options legal in that sample, adds one node, then
plays random decisions until the game ends or `depth` decisions have been made, and credits
the value it reaches (see `estimate.py`) to every node it walked through, for every seat.

A choice after which the move is refused is struck from the tree: a refused move changes
nothing, so the search would value it as highly as the position itself and might keep
choosing it, never moving on. A choice all of whose continuations are refused is struck too.
(Where whether a move is refused hangs on cards the seat cannot see, one refusal in one sample
strikes the choice for the rest of that search: a simplification.)

Below the bot's own decision the tree is keyed by option labels, so a node stands for the
same choice in every sample where it is legal; its `available` count (how often it was legal
when its parent was visited) takes the place of the parent's visits in UCB, as in
single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012). At the root the options are
those of the real decision, by position. Each seat's nodes are chosen for that seat's value,
so opponents are modelled as searching for themselves.

A budget of iterations gives the same choices for the same seed; a budget of seconds
(`seconds=`, wall-clock) does not.
"""
from __future__ import annotations

import math
import time

from ..engine.rng import Rng
from ..engine.runtime import apply_action
from ..errors import GameError
from .determinization import SeatView
from .estimate import EVEN, Estimate

ITERATIONS = 200  # the default budget (see docs/agents.md for what it costs per ruleset)
DEPTH = 24  # decisions played per iteration before the evaluation is read, when there is one
EXPLORE = 0.7  # UCB's exploration weight, for values from 0 to 1
MAX_PLAYOUT = 5_000  # decisions played per iteration at most, when there is no evaluation


class Node:
    """One choice in the search tree: how often it was tried and legal, and the value it led to."""

    __slots__ = ("available", "children", "refused", "totals", "visits")

    def __init__(self):
        self.children: dict = {}  # option key -> Node
        self.visits = 0
        self.available = 0
        self.totals = None  # per seat, the sum of the values credited
        self.refused = False  # the move was refused right after this choice: never follow it again

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

    def select(self, keys: list, seat: int, rng: Rng, explore: float) -> int | None:
        """The index of the option to follow: an untried one at random, else the best by UCB;
        None when every option has been refused."""
        children = self.children
        untried, tried = [], []
        for index, key in enumerate(keys):
            child = children.get(key)
            if child is None:
                untried.append(index)
            elif not child.refused:
                child.available += 1
                tried.append(index)
        if untried:
            index = untried[rng.below(len(untried))]
            children[keys[index]] = child = Node()
            child.available = 1
            return index
        if not tried:
            return None
        best, best_score = tried[0], -1.0
        for index in tried:
            child = children[keys[index]]
            if child.visits == 0:
                return index
            score = child.totals[seat] / child.visits + explore * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best, best_score = index, score
        return best


def option_keys(options) -> list:
    """The options' labels, a repeated label numbered (`x`, `x#2`), as tree keys."""
    seen: dict = {}
    keys = []
    for option in options:
        count = seen[option.label] = seen.get(option.label, 0) + 1
        keys.append(option.label if count == 1 else f"{option.label}#{count}")
    return keys


class MctsAgent:
    """Chooses by information-set MCTS on samples of what its seat knows."""

    name = "mcts"
    view_type = SeatView

    def __init__(self, seed: int, iterations: int | None = None, seconds: float | None = None,
                 depth: int | None = None, explore: float = EXPLORE):
        self.rng = Rng(seed)
        self.iterations = ITERATIONS if iterations is None and seconds is None else iterations
        self.seconds = seconds
        self.depth = depth
        self.explore = explore
        self.explain = None  # a function shown the explanation of each choice, or None
        self.last: list = []  # (option, visits, value) for the last decision searched

    def choose(self, view: SeatView, decision) -> int:
        """The option the search visited most (ties: the better value, then the first)."""
        if len(decision.options) == 1:
            return 0
        root = self.search(view, decision)
        keys = option_keys(decision.options)
        children = [root.children.get(key) for key in keys]
        seat = decision.seat
        self.last = [(option, child.visits if child else 0, child.mean(seat) if child else EVEN)
                     for option, child in zip(decision.options, children)]
        open_options = [i for i, child in enumerate(children) if not (child and child.refused)] or range(len(keys))
        best = max(open_options, key=lambda i: (self.last[i][1], self.last[i][2], -i))
        if self.explain is not None:
            self.explain(self.explanation())
        return best

    def search(self, view: SeatView, decision) -> Node:
        """The tree grown by the budget's iterations from this decision."""
        estimate = Estimate(view.game, view.players)
        depth = self.depth if self.depth is not None else DEPTH if estimate.evaluates else MAX_PLAYOUT
        keys = option_keys(decision.options)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        root = Node()
        done = 0
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            st = view.sample(self.rng)
            start = estimate.evaluations(st)
            path = self._descend(root, keys, st, depth)
            values = estimate.values(st, start) if path is not None else [EVEN] * view.players
            for node in path or ():
                node.credit(values)
            done += 1
        return root

    def _descend(self, root: Node, keys: list, st, depth: int):
        """Walk the tree and play on in the sample `st`; the nodes walked, or None if nothing was
        learnt (the game failed, or a move was refused on the walk)."""
        rng, path, node = self.rng, [], root
        try:
            while st.result is None and depth > 0:
                options = st.pending.options
                walking = node is not None  # the playout has not begun
                if len(options) == 1:
                    index = 0
                elif node is None:
                    index = rng.below(len(options))
                else:
                    keys = keys or option_keys(options)
                    index = node.select(keys, st.pending.seat, rng, self.explore)
                    if index is None:  # every way on was refused: so is the choice that led here
                        return _strike(path)
                    child = node.children[keys[index]]
                    path.append(child)
                    node = child if child.visits else None  # below a new node the playout begins
                    keys = None
                refusals = st.refusals
                apply_action(st, index)
                if walking and st.refusals != refusals:
                    return _strike(path)
                depth -= 1
        except GameError:
            return None  # a sample the rules cannot play on counts as nothing learnt
        return path

    def explanation(self) -> str:
        """The last decision's options with their share of the search and their value."""
        total = sum(visits for _, visits, _ in self.last) or 1
        lines = [f"  {100 * visits / total:5.1f}%  value {value:.2f}  {option.text}"
                 for option, visits, value in sorted(self.last, key=lambda row: -row[1])]
        return "mcts searched:\n" + "\n".join(lines)


def _strike(path: list) -> None:
    """Strike the last choice walked from the tree (its move was refused); nothing is learnt."""
    if path:
        path[-1].refused = True

