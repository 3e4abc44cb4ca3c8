"""The flow of one game: whose turn it is, the seats, the decision waited for, and the end.

A part of `GameState` (engine/state.py); the interpreter (engine/runtime.py) drives it.
"""
from __future__ import annotations

import attrs

from ..errors import GameError
from .decisions import Option, filled_label, legal_moves
from .frames import Frame
from .values import Player, pretty


@attrs.frozen
class Anytime:
    """An option that makes an `anytime` move and then asks the same decision again."""

    move: object = attrs.field(eq=False)


class Flow:
    """The seats, a decision to wait for, and the game's end."""

    def opponent(self, player) -> Player:
        """The other player of a two-player game."""
        if self.n != 2:
            raise GameError(f"'opponent' needs exactly two players, this game has {self.n}")
        other = 1 - self._seat(player)
        return self.seats[other] if 0 <= other < 2 else Player(other)

    def next_player(self, player) -> Player:
        """The next seat clockwise."""
        return self.seats[((player[0] if player.__class__ is Player else self._seat(player)) + 1) % self.n]

    @staticmethod
    def _seat(player) -> int:
        """A player's seat; an error for anything else."""
        if not isinstance(player, Player):
            raise GameError(f"expected a player, got {pretty(player)}")
        return player.seat

    def set_next_turn(self, player) -> None:
        """`next turn P`: the turn after this one is P's, whatever `turn: next` says."""
        self.next_turn = self._seat(player)
        if not self.quiet:
            self.say(f"the next turn is {Player(self.next_turn).name}'s", actor=False)

    def finish(self, winners: list, tie: bool = False) -> None:
        """End the game: the given seats win and the others lose, or everybody ties."""
        if self.result is not None:
            return
        if tie:
            self.result = ("draw",) * self.n
            self.say("game over: a draw", actor=False)
            return
        if self.game.teams is not None:  # a player wins with their team
            winners = [seat for winner in winners for seat in self.team_seats(winner)]
        self.result = tuple(["win" if seat in winners else "loss" for seat in range(self.n)])
        if not self.quiet:
            names = ", ".join(Player(s).name for s in sorted(set(winners))) or "nobody"
            self.say(f"game over: {names} win{'' if len(set(winners)) > 1 else 's'}", actor=False)

    def end_round(self, me) -> None:
        """The round ends now: whatever runs is dropped, and the round's `after` runs with `me`."""
        self.frames.clear()
        self.stage = "round_end"
        if not self.quiet:
            self.say(f"== round {self.round_number} ends ==", actor=False)
        after = self.game.rounds.after
        if after:
            self.frames.append(Frame(after, {"me": me}))

    def ask(self, decision) -> None:
        """Wait for an agent to answer `decision`, with the seat's legal `anytime` moves added."""
        if self.game.anytime and self.stage == "turn":
            legal = legal_moves(self, self.game.anytime, self.seats[decision.seat])
            if legal:
                taken = set(decision.labels())
                extra = tuple(self._anytime_option(m, self.seats[decision.seat]) for m in legal if m.name not in taken)
                decision = decision.with_options(decision.options + extra)
        self.pending = decision

    def _anytime_option(self, move, player) -> Option:
        """The option offering an `anytime` move (made once per game, as move options are)."""
        text = filled_label(self, move, player)
        if text is not None:
            return Option(move.name, text, Anytime(move))
        kept = self.game.caches.options
        option = kept.get((Anytime, move.name))
        if option is None:
            option = kept[(Anytime, move.name)] = Option(move.name, move.label, Anytime(move))
        return option
