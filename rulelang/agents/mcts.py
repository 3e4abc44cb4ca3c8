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

In a game small enough that every seat has at most `SMALL` private states (the orders of the
cards it alone sees: Kuhn poker's 3 hands), the tree also keeps each choice's statistics per
private state of the seat that made it, and every second iteration samples the deal as the
table knows it (`SeatView.table_sample`: the bot's own cards re-dealt too). Each seat then
learns how it would play each hand it might hold, and a seat's choice reads the statistics of
the hand it holds in that sample once it has met it `KNOWN` times: an opponent who bets is more
often one with a strong hand, and the bot bets its own strong hand for the chips it wins.
`smooth=P` draws a share P of those choices in proportion to the visits (Smooth UCT) and
`mix=P` draws the bot's own choice so in a share P of its decisions; measured on Kuhn poker
(benchmarks/RESULTS.md) neither lowers the loss against an equilibrium, so both default to 0.

The default budget is `STEPS` decisions played in all (each iteration counts one more), so a
long game gets fewer, longer iterations at about the same cost. A budget of iterations or steps
gives the same choices for the same seed; a budget of seconds (`seconds=`, wall-clock) does not.

`peek=1` lets the search see every card a player sees or recalls, where it lies, while the cards
nobody has seen (the stock) are dealt anew in each sample, as dice not yet rolled are rolled
anew (`SeatView.unseen_sample`): a cheat, for measuring how much of a game is luck (the rate a
bot that sees every hand reaches is the ceiling of skill), never a fair opponent. `peek=2` sees
the stock's order too (`SeatView.open_sample`): it knows what every draw will bring.
"""
from __future__ import annotations

import time

from ..engine.rng import Rng
from ..engine.runtime import apply_action
from ..errors import GameError
from .determinization import SeatView
from .estimate import EVEN, estimate_for
from .tree import Node, drawn, option_keys

STEPS = 5_000  # the default budget: decisions played in a search, and one more per iteration
DEPTH = 24  # decisions played per iteration before the evaluation is read, when there is one
EXPLORE = 0.7  # UCB's exploration weight, for values from 0 to 1
MAX_PLAYOUT = 5_000  # decisions played per iteration at most, when there is no evaluation
SMALL = 24  # private states per seat at most for the search to learn each seat's play per private state
SMOOTH = 0.0  # the share of choices drawn from the visits (Smooth UCT), where the search learns private play
KNOWN = 3  # visits of a node in one private state before that state's own statistics choose there


class MctsAgent:
    """Chooses by information-set MCTS on samples of what its seat knows."""

    name = "mcts"
    view_type = SeatView

    def __init__(self, seed: int, iterations: int | None = None, seconds: float | None = None,
                 depth: int | None = None, explore: float = EXPLORE, steps: int | None = None,
                 smooth: float = SMOOTH, mix: float = 0.0, peek: int = 0):
        self.rng = Rng(seed)
        self.iterations = iterations
        self.steps = STEPS if iterations is None and seconds is None and steps is None else steps
        self.seconds = seconds
        self.smooth = smooth
        self.mix = mix
        self.peek = peek
        self.depth = depth
        self.explore = explore
        self.estimate = None  # kept for the game (see estimate_for)
        self.explain = None  # a function shown the explanation of each choice, or None
        self.last: list = []  # (option, visits, value) for the last decision searched

    def choose(self, view: SeatView, decision) -> int:
        """The option the search visited most (ties: the better value, then the first), or one
        drawn in proportion to the visits (`mix`)."""
        if len(decision.options) == 1:
            return 0
        root, mine = self.search(view, decision)
        keys = option_keys(decision.options)
        children = [root.children.get(key) for key in keys]
        seat = decision.seat
        stats = [child.stats(mine) if child else None for child in children]
        self.last = [(option, got.visits if got else 0, got.mean(seat) if got else EVEN)
                     for option, got in zip(decision.options, stats)]
        open_options = ([i for i, child in enumerate(children) if not (child and child.refused)]
                        or list(range(len(keys))))
        if self.mix and mine is not None and self.rng.next64() < self.mix * 2 ** 64:
            best = drawn(open_options, [self.last[i][1] for i in open_options], self.rng)
        else:
            best = max(open_options, key=lambda i: (self.last[i][1], self.last[i][2], -i))
        if self.explain is not None:
            self.explain(self.explanation())
        return best

    def search(self, view: SeatView, decision) -> tuple:
        """The tree grown by the budget's iterations from this decision, and the private state
        whose statistics the seat's choice reads (None: the tree's own)."""
        estimate = estimate_for(self, view.game, view.players)
        depth = self.depth if self.depth is not None else DEPTH if estimate.evaluates else MAX_PLAYOUT
        keys = option_keys(decision.options)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        seats = range(view.players)
        private = not self.peek and view.players > 1 and all(view.private_states(seat) <= SMALL for seat in seats)
        root, mine = Node(), None
        done = spent = 0
        while (self.iterations is None or done < self.iterations) and (self.steps is None or spent < self.steps):
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            table = private and done % 2 == 1
            if self.peek:
                st = view.unseen_sample(self.rng) if self.peek == 1 else view.open_sample(self.rng)
            else:
                st = view.table_sample(self.rng) if table else view.sample(self.rng)
            states = [view.private(st, seat) for seat in seats] if private else None
            if private and not table:
                mine = states[decision.seat]
            start, actions = estimate.evaluations(st), st.actions
            path = self._descend(root, keys, st, depth, states, None if table else decision.seat)
            spent += 1 + st.actions - actions
            values = estimate.values(st, start) if path is not None else [EVEN] * view.players
            for node, learning in path or ():
                node.credit(values)
                if learning is not None:
                    node.stats(learning).credit(values)
            done += 1
        return root, mine

    def _descend(self, root: Node, keys: list, st, depth: int, states, only):
        """Walk the tree and play on in the sample `st`; the (node, private state learning) pairs
        walked, or None if nothing was learnt (the game failed, or a move was refused on the walk).
        `states` holds each seat's private state in `st` (None: the tree learns no private play);
        only the seat `only` learns its private play here, unless it is None (then all do)."""
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
                    seat = st.pending.seat
                    private = states[seat] if states is not None else None
                    learning = private if only is None or only == seat else None
                    reading = private if private is not None and node.met.get(private, 0) >= KNOWN else None
                    index = node.select(keys, seat, rng, self.explore, reading, learning,
                                        self.smooth if states is not None else 0.0)
                    if index is None:  # every way on was refused: so is the choice that led here
                        return _strike(path)
                    child = node.children[keys[index]]
                    path.append((child, learning))
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
        """The last decision's options with their share of the search and their value, and a
        word when the search was blind (see `blind`)."""
        total = sum(visits for _, visits, _ in self.last) or 1
        lines = [f"  {100 * visits / total:5.1f}%  value {value:.2f}  {option.text}"
                 for option, visits, value in sorted(self.last, key=lambda row: -row[1])]
        if self.blind():
            lines.append("  (every option came out exactly alike: nothing the search reached told them apart; "
                         "a `bots: evaluate` that changes sooner would: docs/agents.md)")
        return "mcts searched:\n" + "\n".join(lines)

    def blind(self) -> bool:
        """Whether the last search found every option exactly alike, neither all won nor all lost:
        nothing it reached told them apart (an evaluation that changes later than it looks)."""
        values = {value for _, _, value in self.last}
        return len(self.last) > 1 and len(values) == 1 and 0.0 < values.pop() < 1.0


def _strike(path: list) -> None:
    """Strike the last choice walked from the tree (its move was refused); nothing is learnt."""
    if path:
        path[-1][0].refused = True

