"""Stepping through a game record, forwards and backwards, as one seat saw the game.

States are rebuilt from the record; one every `every` decisions is kept (every CHECKPOINT-th,
further apart in a record so long that more than MOST_KEPT would be kept), so a step back
replays at most that many decisions and memory grows with the record, not with its square.
The log is kept once: a kept state holds none, since every position's log begins the log of
any later position (the same seed and decisions say the same things).
"""
from __future__ import annotations

import re
from array import array

from rulelang.engine.record import replay
from rulelang.engine.runtime import apply_action
from rulelang.engine.views import seat_log, seat_view
from rulelang.presentation.naming import Namer

from .news import summarise
from .screen import Board, new_console, styled
from .terminal import read_line

CHECKPOINT = 25
MOST_KEPT = 400  # states kept at most, whatever the record's length
KEYS = "Enter next · b back · N go to decision N · s start · e end · q quit"


class Stepper:
    """A game record shown one decision at a time; `stop`: the error its game stopped on, if any."""

    def __init__(self, game, record, seat: int, stop=None):
        self.game = game
        self.record = record
        self.seat = seat
        self.stop = stop
        self.console = new_console()
        self.every = max(CHECKPOINT, -(-len(record.decisions) // MOST_KEPT))
        start = replay(game, record, upto=0)
        self.log = start.log  # the longest log made yet: the log of every position reached begins it
        self.lengths = array("q", [len(start.log)])  # the log's length after each position reached
        self.kept = {0: without_log(start)}
        self.namer = Namer(game, seat)

    def state(self, position: int):
        """The game after `position` decisions (a copy: it is never changed)."""
        start = max(k for k in self.kept if k <= position)
        st = self.kept[start].clone()
        st.log = self.log[:self.lengths[start]]
        for done in range(start, position):
            apply_action(st, self.record.decisions[done])
            self.reached(st, done + 1)
        return st

    def reached(self, st, position: int) -> None:
        """Note the state after `position` decisions: its log's length, and the state itself every `every`."""
        if position == len(self.lengths):
            self.lengths.append(len(st.log))
            self.log = st.log
        if position % self.every == 0 and position not in self.kept:
            self.kept[position] = without_log(st)

    def show(self, position: int) -> None:
        """The table after `position` decisions, what the last one led to, and what comes next."""
        st = self.state(position)
        view = seat_view(st, self.seat)
        before = self.lengths[position - 1] if position else 0
        news, earlier = seat_log(st.log[before:], self.seat), seat_log(st.log[:before], self.seat)
        total = len(self.record.decisions)
        self.console.rule(styled(f"{self.game.name} · decision {position} of {total} · turn {st.turn_number}",
                                 "bold"), style="dim")
        self.console.print(Board(self.game, self.namer).render(view))
        for paragraph in summarise(news, self.namer, f"P{self.seat + 1}", earlier):
            self.console.print(paragraph)
        if st.result is not None:
            self.console.print(styled("the game is over: " + ", ".join(
                f"P{seat + 1} {outcome}" for seat, outcome in enumerate(st.result)), "bold"))
        elif position < total:
            decision = st.pending
            option = decision.options[self.record.decisions[position]]
            mine = decision.seat == self.seat
            chosen = self.namer.text(option.text) if mine else "(hidden)"
            self.console.print(styled(f"next decision, P{decision.seat + 1}: {self.namer.text(decision.prompt)}"
                                      + (f" → {chosen}" if mine else "")))
        elif self.stop is not None:
            self.console.print(styled(f"the game stopped here: the record's decision {position + 1} failed: "
                                      f"{self.stop.error}", "bold"))
        else:
            self.console.print(styled("the record ends here (the game was saved before its end)", "dim"))
        self.console.print(styled(KEYS, "dim"))

    def run(self) -> None:
        """Read keys until `q` or the end of input."""
        position, total = 0, len(self.record.decisions)
        self.show(position)
        while True:
            try:
                typed = read_line(self.console, "replay> ").strip().lower()
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                return
            if typed == "q":
                return
            moves = {"": position + 1, "n": position + 1, "b": position - 1, "s": 0, "e": total}
            target = moves.get(typed, int(typed) if re.fullmatch("[0-9]{1,9}", typed) else None)
            if target is None or not 0 <= target <= total:
                self.console.print(styled(f"'{typed}' is not a step: {KEYS} (decisions 0 to {total})", "yellow"))
                continue
            position = target
            self.show(position)


def without_log(st):
    """A copy of the state with an empty log (the stepper keeps the log once)."""
    log, st.log = st.log, []
    try:
        return st.clone()
    finally:
        st.log = log
