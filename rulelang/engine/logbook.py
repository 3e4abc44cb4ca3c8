"""The log of one game: what happened, credited to who did it, and for each seat what it saw.

A part of `GameState` (engine/state.py). A quiet game (simulations, bots' playouts) makes
no log text at all.
"""
from __future__ import annotations

from ..errors import GameError
from .frames import credit_of
from .values import Die, pretty

MAX_LOG_LINES = 400_000  # log lines one game may write: two for each decision the game may take
MAX_LOG_CHARS = 20_000_000  # characters in all those lines: 50 a line at the line bound, about 20 MB to 80 MB


class Logbook:
    """The lines of the log, each for everybody or for one seat."""

    def say(self, text: str, seat: int | None = None, actor: bool = True) -> None:
        """Add a log line, for all (seat None) or for one seat only."""
        if self.quiet:
            return
        if len(self.log) >= MAX_LOG_LINES:
            raise GameError(f"the game wrote more than {MAX_LOG_LINES:,} log lines (limits: log)",
                            self.game.end_position)
        if actor and self.stage == "turn":
            who = self.acting()
            text = f"{who if isinstance(who, str) else who.name} {text}"
        self.log_size += len(text)
        if self.log_size > MAX_LOG_CHARS:
            raise GameError(f"the game wrote more than {MAX_LOG_CHARS:,} characters of log (limits: log)",
                            self.game.end_position)
        self.log.append((seat, text))

    def acting(self):
        """Whom what happens now is credited to during a turn: the player (or the trigger's name)
        a straight procedure or trigger runs for, else the player of the running effect, else the
        player whose turn it is."""
        who = self.credit if self.credit is not None else credit_of(self.frames[-1].env) if self.frames else None
        return who if who is not None else self.seats[self.current]

    def _log_move(self, moving, before, where_to, markers=None, verb: str = "moves") -> None:
        everyone = self.everyone
        seen = {p.id: before[p.id] | self.seers_after(p) for p in moving}
        if all(seen[p.id] == everyone for p in moving):
            names = ", ".join((markers or {}).get(p.id) or self.faces([p]) for p in moving)
            self.say(f"{verb} {names} {where_to}")
            return
        noun = ("die", "dice") if all(p.__class__ is Die for p in moving) else ("card", "cards")
        self.say(f"{verb} {len(moving)} {noun[len(moving) != 1]} {where_to}")
        for seat in range(self.n):
            shown = [p for p in moving if seat in seen[p.id]]
            if shown:
                self.say(f"(you see: {self.faces(shown)})", seat=seat, actor=False)

    def log_roll(self, dice: list) -> None:
        """Log dice rolled: their faces to each seat that sees them, how many to the others."""
        everyone = self.everyone
        seers = {die.id: self.seers(die) for die in dice}
        if all(seers[die.id] == everyone for die in dice):
            self.say(f"rolls {self.faces(dice)}")
            return
        self.say(f"rolls {len(dice)} {'die' if len(dice) == 1 else 'dice'}")
        for seat in range(self.n):
            shown = [die for die in dice if seat in seers[die.id]]
            if shown:
                self.say(f"(you see: {self.faces(shown)})", seat=seat, actor=False)

    def faces(self, pieces: list) -> str:
        """Pieces as the log names them: a die with the face it shows (`D2 5`, once rolled), others by pretty()."""
        return ", ".join(self._face(p) if p.__class__ is Die else pretty(p) for p in pieces) if pieces else "nothing"

    def _face(self, die) -> str:
        face = self.cvars.get(die.id, {}).get("face")
        return die.name if face is None else f"{die.name} {face}"

    def log_draw(self, drawn: list, before: dict, source, target) -> None:
        """Log cards drawn from `source` to `target`, for each seat as it saw them (`before`: who saw each one)."""
        if drawn and not self.quiet:
            self._log_move(drawn, before, f"from {self.label(source)} to {self.label(target)}", verb="draws")
