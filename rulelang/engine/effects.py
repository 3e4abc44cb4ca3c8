"""Effect nodes: the compiled form of a `do:` list, run by the interpreter one node at a time.

Plain statements (`move`, `draw`, `set` ...) run to completion. Blocks (`if`, `for`, `while`)
push a frame. Nodes that wait for a decision are in `choices.py`.
"""
from __future__ import annotations

import attrs

from ..errors import GameError, Position
from .frames import (
    CREDIT,
    MAX_FRAMES,
    MOVE_KEY,
    RESULT,
    REWIND,
    DrawLoop,
    ForLoop,
    Frame,
    RepeatLoop,
    WhileLoop,
)
from .values import Player, pretty


class Node:
    """Base of all effect nodes: a position, and whether the game settles before it runs.

    A node that settles first (a choice, the end of a move) lets end conditions and condition
    triggers act before it; it advances its own frame when it is done.
    """

    settles_first = False
    pos: Position

    def run(self, st, frame) -> None:  # pragma: no cover - abstract
        """Do what the node says to the state; blocks push frames, choices ask."""
        raise NotImplementedError


@attrs.frozen(repr=False, eq=False)  # nodes are known by identity: no attrs __repr__/__eq__ (start-up time)
class Statement(Node):
    """A one-line effect: `move`, `draw`, `set`, `let`, `log` ... compiled to one function."""

    fn: object
    pos: Position
    moves: bool = False  # it may move cards (so `on: moved` triggers may fire after it)
    ends: bool = False  # it may end the game (`win`, `lose`, `tie`)

    def run(self, st, frame):
        self.fn(st, frame.env)


@attrs.frozen(repr=False, eq=False)
class Draw(Statement):
    """`draw N from A to B`. In a game whose `on: moved` triggers may wait for a decision, it
    draws one card per step, so that each card's triggers run before the next card is drawn;
    otherwise `GameState.draw` runs those triggers between the cards itself."""

    parts: object = None  # (st, env) -> (count, source, target, where, face_down)

    def run(self, st, frame):
        if st.fire_now is not None or not st.game.event_triggers:
            self.fn(st, frame.env)
            return
        count, source, target, where, face_down = self.parts(st, frame.env)
        if count > 0:
            st.frames.append(Frame(_DRAW_ONE, frame.env, DrawLoop(count, source, target, where, face_down)))


@attrs.frozen(repr=False, eq=False)
class DrawOne(Node):
    """One step of a Draw."""

    pos: Position

    def run(self, st, frame):
        frame.loop.take(st)


@attrs.frozen(repr=False, eq=False)
class Straight(Node):
    """A stretch of effects that never waits, compiled into one function (see compile/blocks.py).

    The function returns BREAK when a `break` in it leaves a loop the interpreter is running.
    """

    fn: object
    pos: Position

    def run(self, st, frame):
        if self.fn(st, frame.env) is BREAK:
            leave_loop(st, self.pos)


BREAK = object()


@attrs.frozen(repr=False, eq=False)
class If(Node):
    """`if: cond` with `then:` and optional `else:` blocks."""

    cond: object
    then: tuple
    otherwise: tuple
    pos: Position

    def run(self, st, frame):
        block = self.then if self.cond(st, frame.env) else self.otherwise
        if len(block) == 1 and block[0].__class__ in AT_ONCE:  # a frame would only hold it: it runs now
            node = block[0]
            try:
                node.run(st, frame)
            except GameError as err:
                if err.position is None and node.pos.line:  # (as the interpreter places it, had it run it)
                    raise GameError(str(err), node.pos) from None
                raise
        elif block:
            st.frames.append(Frame(block, frame.env))


@attrs.frozen(repr=False, eq=False)
class For(Node):
    """`for: x in collection` with a `do:` block run once per item."""

    var: str
    over: object
    body: tuple
    pos: Position

    def run(self, st, frame):
        items = list(st.items(self.over(st, frame.env)))
        if items and self.body:
            frame.env[self.var] = items[0]
            st.frames.append(Frame(self.body, frame.env, ForLoop(self.var, items)))


@attrs.frozen(repr=False, eq=False)
class While(Node):
    """`while: cond` with a `do:` block, bounded."""

    cond: object
    body: tuple
    pos: Position

    def run(self, st, frame):
        if self.body and self.cond(st, frame.env):
            st.frames.append(Frame(self.body, frame.env, WhileLoop(self.cond, self.pos)))


@attrs.frozen(repr=False, eq=False)
class Repeat(Node):
    """`repeat: [...]`: the block again and again, until `end repeat` (in it, or in a move it makes) ends it."""

    body: tuple
    pos: Position

    def run(self, st, frame):
        if self.body:
            st.frames.append(Frame(self.body, frame.env, RepeatLoop(self.pos)))


@attrs.frozen(repr=False, eq=False)
class EndRepeat(Node):
    """`end repeat`: leave the innermost `repeat` now, from inside it or a move or procedure it runs."""

    pos: Position

    def run(self, st, frame):
        frames = st.frames
        while frames:
            if frames.pop().loop.__class__ is RepeatLoop:
                return
        raise GameError("'end repeat' outside a repeat", self.pos)


@attrs.frozen(repr=False, eq=False)
class EndTurn(Node):
    """`end turn`: the rest of the turn is dropped (of its `do`, and of every move, procedure and
    trigger running in it); the turn's `after` runs next (in `after`, the rest of `after` is dropped)."""

    pos: Position

    def run(self, st, frame):
        if st.stage != "turn":
            raise GameError("'end turn' outside a turn", self.pos)
        st.frames.clear()


@attrs.frozen(repr=False, eq=False)
class EndRound(Node):
    """`end round`: the round ends now, as when the round's `end` holds: the rest of the turn is
    dropped and the round's `after` runs."""

    pos: Position

    def run(self, st, frame):
        if st.stage != "turn":
            raise GameError("'end round' outside a turn", self.pos)
        st.end_round(st.seats[st.current])


@attrs.frozen(repr=False, eq=False)
class Break(Node):
    """`break`: leave the innermost `for` or `while`."""

    pos: Position

    def run(self, st, frame):
        leave_loop(st, self.pos)


def leave_loop(st, pos) -> None:
    """`break`: drop the frames up to and including the innermost loop's."""
    while st.frames:
        loop = st.frames.pop().loop
        if loop is not None and not isinstance(loop, DrawLoop):  # a draw is not a loop to break
            return
    raise GameError("'break' outside a loop", pos)


@attrs.frozen(repr=False, eq=False)
class Call(Node):
    """`call name(args)` or `call name(args) as who`: run a procedure's effects with its parameters
    bound. `me` and the credit in the log carry over from the caller; `as p` (a player) makes
    `me` that player, `as 'the dealer'` (a text) credits the effects to that name."""

    name: str
    args: tuple
    pos: Position
    acting: object = None  # None, or who(st, env): a player or a text
    into: str | None = None  # `let x = call name(args)`: the caller's local that gets the returned value

    def run(self, st, frame):
        procedure = st.game.procedures[self.name]
        if len(st.frames) >= MAX_FRAMES:
            raise GameError(f"effects nested more than {MAX_FRAMES} deep (calling '{self.name}')", self.pos)
        who = self.acting(st, frame.env) if self.acting is not None else NOBODY
        caller = frame.env
        env = call_env(procedure.params, [arg(st, caller) for arg in self.args], caller.get("me"), caller.get(CREDIT),
                       who, self.pos)
        if self.into is not None or procedure.returns:
            st.frames.append(Frame((Returned(self.into, self.pos),), env))
        if procedure.body:
            st.frames.append(Frame(procedure.body, env))


NOBODY = object()  # a call without `as`


@attrs.frozen(repr=False, eq=False)
class Returned(Node):
    """Runs when a called procedure is over: its returned value goes to the caller's `let`.

    Its frame lies just above the caller's, with the procedure's env; `return` leaves every
    frame of the procedure down to this one.
    """

    into: str | None
    pos: Position

    def run(self, st, frame):
        if self.into is not None:
            st.frames[-2].env[self.into] = frame.env.get(RESULT)


@attrs.frozen(repr=False, eq=False)
class Return(Node):
    """`return value`: leave the procedure being run, giving `value` to a caller's `let x = call ...`."""

    value: object  # None, or value(st, env)
    pos: Position

    def run(self, st, frame):
        env = frame.env
        env[RESULT] = self.value(st, env) if self.value is not None else None
        while st.frames[-1].env is env and st.frames[-1].block[0].__class__ is not Returned:
            st.frames.pop()


def call_env(params: tuple, values: list, me, credit, who, pos) -> dict:
    """The locals of a procedure being called: its parameters, `me`, and whom its effects credit
    (`me` and `credit` are the caller's; see `acting` for `who`)."""
    env = dict(zip(params, values))
    env["me"], credit = acting(who, me, credit, pos)
    if credit is not None:
        env[CREDIT] = credit
    return env


def acting(who, me, credit, pos) -> tuple:
    """(me, credit) of a procedure called `as who` by a caller with this `me` and credit: a player
    becomes `me` (credited as such), a text is credited; NOBODY (no `as`) changes neither."""
    if who is NOBODY:
        return me, credit
    if isinstance(who, str):
        return me, who
    if who.__class__ is Player:
        return who, None
    raise GameError(f"'call ... as' takes a player or a text, not {pretty(who)}", pos)


@attrs.frozen(repr=False, eq=False)
class Refuse(Node):
    """`refuse "reason"`: the move being made is not allowed; it is dropped and the player acts again.

    Only what the move did before the refusal stands (a `reveal`, a log line), so a move
    should choose, check and refuse before it changes anything.
    """

    reason: object
    pos: Position

    def run(self, st, frame):
        reason = self.reason(st, frame.env) if not st.quiet or st.debug else ""
        depth = next((i for i in range(len(st.frames) - 1, -1, -1) if MOVE_KEY in st.frames[i].env), None)
        if depth is None:
            raise GameError("'refuse' outside a move", self.pos)
        move_env = st.frames[depth].env
        while depth > 0 and st.frames[depth - 1].env is move_env:
            depth -= 1
        rewind = st.frames[depth - 1].env.get(REWIND, True)
        del st.frames[depth - 1:]  # the move's frames and the check point after it
        st.refusals += 1
        if not st.quiet:
            st.say(f"is refused: {reason}")
        if rewind:
            st.frames[-1].pc -= 1  # ask again the choice that started the move


AT_ONCE = frozenset({Statement, Draw, Straight, If, For, While, Call})  # nodes a block of one runs in the frame
# that would push it (they read only its env, and push their own frames): see If.run

_ENGINE = Position("<engine>", 0, 0)
_DRAW_ONE = (DrawOne(_ENGINE),)
