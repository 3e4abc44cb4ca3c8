"""The effect nodes that wait for a decision: a choice of items, a choice of a move, the
reaction window after a move, and the check point where end rules and triggers act first.
"""
from __future__ import annotations

from functools import partial

import attrs

from ..errors import GameError, Position
from .decisions import (
    _DONE,
    DONE_OPTION,
    NOTHING_OPTION,
    Decision,
    Option,
    announce,
    Offer,
    legal_moves,
    move_options,
    offered_moves,
    options_for,
)
from .effects import _ENGINE, Node
from .frames import ACTOR, MOVE_KEY, REACTION, REWIND, WAITING, Frame
from .values import Player, pretty


@attrs.frozen(repr=False, eq=False)
class Choose(Node):
    """`choose: x from: ...`: one item (or, with `min`/`max`, several one at a time)."""

    var: str
    source: object
    where: object  # None, or keep(st, env, items): the items `where` allows
    by: object  # None (the player `me`), or f(st, env): who chooses
    prompt: object
    optional: object  # None, or cond: may choose nothing (binds none)
    many: bool
    min: object  # a number, or f(st, env): the fewest picks (see `bounds`)
    max: object  # None (no most), a number, or f(st, env): the most picks, or None
    pos: Position
    steady: object = None  # None, or keep(st, env, items): `where`'s leading
    # parts that read neither the picks so far nor chance (`where` is then the other parts, or None)
    key: str = attrs.field(init=False)  # the env slot marking a multi-choice in progress
    steady_key: str = attrs.field(init=False)  # the env slot keeping the items `steady` let pass
    settles_first = True

    @key.default
    def _key(self) -> str:
        return f"#choosing:{self.var}:{self.pos.line}:{self.pos.column}"

    @steady_key.default
    def _steady_key(self) -> str:
        return f"#steady:{self.var}:{self.pos.line}:{self.pos.column}"

    def run(self, st, frame):
        env = frame.env
        chooser = env["me"] if self.by is None else self.by(st, env)
        if not isinstance(chooser, Player):
            raise GameError(f"'by' must name a player, got {pretty(chooser)}", self.pos)
        if self.many and self.key not in env:
            env[self.key] = True
            env[self.var] = []
        picked = env[self.var] if self.many else None
        candidates = self.candidates(st, env, picked)
        options = options_for(st, candidates, chooser.seat)
        if self.many:
            low, high = self.bounds(st, env)
            if high is not None and len(picked) >= high:
                return self._finish(frame)
            if len(picked) >= low:
                if not options:
                    return self._finish(frame)
                options.append(DONE_OPTION)
        elif self.optional is not None and self.optional(st, env):
            options.append(NOTHING_OPTION)
        if not options:
            raise GameError(f"{chooser.name} must choose '{self.var}' but has no legal option", self.pos)
        if self.prompt is None:
            prompt = f"choose {self.var}"
        elif st.debug:  # made now, so that a prompt that cannot be made is found in checked games
            prompt = self.prompt(st, env)
        else:
            prompt = partial(self.prompt, st, env)  # made when first read
        st.ask(Decision(chooser.seat, prompt, tuple(options), self, len(st.frames) - 1))

    def bounds(self, st, env) -> tuple:
        """The fewest and the most picks of a choice of several (the most may be None: no limit)."""
        low, high = self.min, self.max
        if low.__class__ is not int:
            low = self._picks(low(st, env), "min")
        if high is not None and high.__class__ is not int:
            high = high(st, env)
            if high is not None:
                high = self._picks(high, "max")
        return low, high

    def _picks(self, value, key: str) -> int:
        """A number of picks that `min` or `max` gave, as a number (an error for any other value)."""
        if not isinstance(value, int) or isinstance(value, bool):
            raise GameError(f"'{key}' must give a number of picks, got {pretty(value)}", self.pos)
        return int(value)

    def candidates(self, st, env, picked) -> list:
        """The items that may be picked now (`picked`: those a multi-choice has picked so far)."""
        items = st.items(self.source(st, env)) if self.steady is None else self._steady_items(st, env)
        if picked:
            items = [i for i in items if i not in picked]
        if self.where is None:
            return list(items)
        return self.where(st, env, items)

    def _steady_items(self, st, env) -> list:
        """The items that pass `steady`: found at the first pick and kept while the state stays as it
        was (a debug game finds them afresh each time, and checks that they did not change)."""
        kept = env.get(self.steady_key)
        if kept is not None and kept[0] == st.version and not st.debug:
            return kept[1]
        items = self.steady(st, env, st.items(self.source(st, env)))
        if kept is not None and kept[0] == st.version and kept[1] != items:
            raise GameError(f"internal error: the items '{self.var}' may be picked from changed from "
                            f"{pretty(kept[1])} to {pretty(items)} though the state did not (a bug in rulelang)",
                            self.pos)
        env[self.steady_key] = (st.version, items)
        return items

    def resume(self, st, frame, option) -> None:
        """Bind the chosen option; a multi-choice keeps choosing until `done`."""
        env = frame.env
        if self.many:
            if option.value is _DONE:
                return self._finish(frame)
            env[self.var] = env[self.var] + [option.value]
            return None
        env[self.var] = option.value
        frame.pc += 1
        return None

    def _finish(self, frame):
        frame.env.pop(self.key, None)
        frame.env.pop(self.steady_key, None)
        frame.pc += 1


@attrs.frozen(repr=False, eq=False)
class ChooseMove(Node):
    """`choose move: [a, b(x)]`: the player picks one legal move, which then runs (with the values
    handed to its parameters)."""

    moves: tuple
    by: object  # None (the player `me`), or f(st, env): who chooses
    pos: Position
    args: tuple | None = None  # per move, the functions giving the values handed to it; None: no move takes any
    by_local: str | None = None  # the rule local `by` names alone, read with no call (None: `by` is more)
    settles_first = True

    def run(self, st, frame):
        env, key = frame.env, "me" if self.by is None else self.by_local  # (who chooses, read with no call)
        chooser = env[key] if key is not None and (key in env or self.by is None) else self.by(st, env)
        if self.args is None:
            legal = legal_moves(st, self.moves, chooser, remember=st.game.refusals)
            options = move_options(st, legal, chooser) if legal else ()
        else:
            options = offered_moves(st, self.moves, self.args, frame.env, chooser)
        if not options:
            raise GameError(f"{chooser.name} has no legal move", self.pos)
        st.ask(Decision(chooser.seat, "choose a move", options, self, len(st.frames) - 1))

    def resume(self, st, frame, option) -> None:
        """Run the chosen move's body in a fresh scope, then settle before going on."""
        frame.pc += 1
        env, key = frame.env, "me" if self.by is None else self.by_local  # (as `run` reads it)
        chooser = env[key] if key is not None and (key in env or self.by is None) else self.by(st, env)
        if option.value.__class__ is Offer:
            return make(st, option.value, chooser)
        if not st.quiet:
            announce(st, option.value, chooser)
        start_move(st, option.value, chooser)
        return None


def make(st, offered, player, reaction: bool = False) -> None:
    """`player` makes the move an option offered (a move, or an `Offer` of one with its values)."""
    move, values = (offered.move, offered.values) if offered.__class__ is Offer else (offered, ())
    if not st.quiet:
        announce(st, move, player, reaction, values)
    start_move(st, move, player, reaction, values=values)


def start_move(st, move, player, reaction: bool = False, rewind: bool = True, values: tuple = ()) -> None:
    """Push a move's body (its parameters bound to `values`), and after it a check point (and a
    reaction window, if declared).

    `rewind`: a refusal of the move asks again the choice that started it (an any-time move
    has not moved on from its decision, so it has nothing to rewind). In a game with neither
    reactions nor refusals, nothing needs a frame of its own after the move: its body and the
    check point run in one (`Move.settled`).
    """
    game = st.game
    env = {"me": player, MOVE_KEY: move.name}
    if values:
        env.update(zip(move.params, values))
    if not game.reactions and not game.refusals:
        st.frames.append(Frame(move.settled, env))
        return
    after = _AFTER_MOVE_WITH_REACTIONS if game.reactions else _AFTER_MOVE
    st.frames.append(Frame(after, {ACTOR: player.seat, REACTION: reaction, REWIND: rewind}))
    st.frames.append(Frame(move.body, env))


@attrs.frozen(repr=False, eq=False)
class SettlePoint(Node):
    """Marks the end of a move: end conditions and triggers act here before play goes on."""

    pos: Position
    settles_first = True

    def run(self, st, frame):
        frame.pc += 1


@attrs.frozen(repr=False, eq=False)
class ReactionWindow(Node):
    """After a move, each other player in turn may answer with a reaction move, or pass.

    A reaction closes this window and opens a new one after it, in which the player who just
    reacted is asked first (they may chain another reaction at once), then every other player in
    seat order, the one who made the first move included; so reactions go back and forth until
    every player asked has passed in a row. A seat with no legal reaction is not asked.
    """

    pos: Position
    settles_first = True

    def run(self, st, frame):
        env = frame.env
        if st.stage != "turn":
            frame.pc += 1
            return
        if WAITING not in env:
            actor = env[ACTOR]
            first = 0 if env.get(REACTION) else 1  # after a reaction, its player may chain one
            env[WAITING] = [(actor + i) % st.n for i in range(first, st.n)]
        while env[WAITING]:
            seat = env[WAITING][0]
            legal = legal_moves(st, st.game.reactions, st.seats[seat])
            if legal:
                options = move_options(st, legal, st.seats[seat]) + (Option("pass", "pass", None),)
                actor = Player(env[ACTOR]).name
                st.ask(Decision(seat, f"react to {actor}'s move?", options, self, len(st.frames) - 1))
                return
            env[WAITING] = env[WAITING][1:]
        frame.pc += 1

    def resume(self, st, frame, option) -> None:
        """Pass on to the next player, or run the reaction (which opens its own window)."""
        seat = frame.env[WAITING][0]
        frame.env[WAITING] = frame.env[WAITING][1:]
        if option.value is None:
            return
        frame.pc += 1
        make(st, option.value, Player(seat), reaction=True)


CHECK_POINT = SettlePoint(_ENGINE)  # opens every turn's program (see compile/compiler.py)
_AFTER_MOVE = (CHECK_POINT,)
_AFTER_MOVE_WITH_REACTIONS = (CHECK_POINT, ReactionWindow(_ENGINE))
