"""Stepping through a game record, forwards and backwards, as one seat saw the game.

States are rebuilt from the record; every CHECKPOINT-th one is kept, so a step back replays
at most that many decisions.
"""
from __future__ import annotations

import re

from rulelang.engine.record import replay
from rulelang.engine.runtime import apply_action
from rulelang.engine.views import seat_view
from rulelang.presentation.naming import Namer

from .news import summarise
from .screen import Board, new_console, styled
from .terminal import read_line

CHECKPOINT = 25
KEYS = "Enter next · b back · N go to decision N · s start · e end · q quit"


class Stepper:
    """A game record shown one decision at a time."""

    def __init__(self, game, record, seat: int):
        self.game = game
        self.record = record
        self.seat = seat
        self.console = new_console()
        self.kept = {0: replay(game, record, upto=0)}
        self.namer = Namer(game, seat)

    def state(self, position: int):
        """The game after `position` decisions (a copy: it is never changed)."""
        start = max(k for k in self.kept if k <= position)
        st = self.kept[start].clone()
        for done in range(start, position):
            apply_action(st, self.record.decisions[done])
            if (done + 1) % CHECKPOINT == 0 and done + 1 not in self.kept:
                self.kept[done + 1] = st.clone()
        return st

    def show(self, position: int) -> None:
        """The table after `position` decisions, what the last one led to, and what comes next."""
        st = self.state(position)
        view = seat_view(st, self.seat)
        before = len(seat_view(self.state(position - 1), self.seat)["log"]) if position else 0
        total = len(self.record.decisions)
        self.console.rule(styled(f"{self.game.name} · decision {position} of {total} · turn {st.turn_number}",
                                 "bold"), style="dim")
        self.console.print(Board(self.game, self.namer).render(view))
        for paragraph in summarise(view["log"][before:], self.namer, f"P{self.seat + 1}"):
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
