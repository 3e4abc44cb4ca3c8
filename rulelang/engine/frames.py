"""The interpreter's frames: a block being run, with its locals and the state of its loop.

A frame's env holds the rule's locals; beside them the engine keeps its own entries, under keys
that start with `#` (a rule's names never do): listed here.
"""
from __future__ import annotations

from ..errors import GameError

MAX_LOOP = 1000
MAX_FRAMES = 200
# The engine's own entries in a frame's env:
MOVE_KEY = "#move"  # in a move body's: the move's name
CREDIT = "#by"  # whom the log credits effects to when it is not `me` (a trigger's name)
RESULT = "#result"  # in a procedure's: the value its `return` gave
ACTOR = "#actor"  # after a move: the seat of the player who made it
REACTION = "#reaction"  # after a move: whether it was a reaction
REWIND = "#rewind"  # after a move: whether a refusal asks again the choice that started it
WAITING = "#waiting"  # in a reaction window: the seats still to be asked


class Frame:
    """A block being run: its nodes, the next node, its local variables and loop state.

    A trigger's body runs in a frame that names the trigger and binding (`trigger`), so that
    the trigger does not fire again for that binding while its body runs.
    """

    __slots__ = ("block", "pc", "end", "env", "loop", "trigger")

    def __init__(self, block, env, loop=None, trigger=None):
        self.block = block
        self.pc = 0
        self.end = len(block)  # (the interpreter asks at every step whether the block is done)
        self.env = env
        self.loop = loop
        self.trigger = trigger

    def copy(self, envs: dict) -> "Frame":
        """A copy for a cloned state; frames that shared an env still share the copy."""
        env = envs.get(id(self.env))
        if env is None:
            env = envs[id(self.env)] = dict(self.env)
        frame = Frame(self.block, env, self.loop.copy() if self.loop else None, self.trigger)
        frame.pc = self.pc
        return frame


class ForLoop:
    """Iteration state of a `for` block."""

    __slots__ = ("var", "items", "index")

    def __init__(self, var, items, index=0):
        self.var, self.items, self.index = var, items, index

    def copy(self):
        return ForLoop(self.var, self.items, self.index)

    def again(self, st, env) -> bool:
        """Bind the next item; False when the items are used up."""
        self.index += 1
        if self.index >= len(self.items):
            return False
        env[self.var] = self.items[self.index]
        return True


class WhileLoop:
    """Iteration state of a `while` block, bounded to MAX_LOOP rounds."""

    __slots__ = ("cond", "rounds", "pos")

    def __init__(self, cond, pos, rounds=0):
        self.cond, self.pos, self.rounds = cond, pos, rounds

    def copy(self):
        return WhileLoop(self.cond, self.pos, self.rounds)

    def again(self, st, env) -> bool:
        """True while the condition holds; an error past MAX_LOOP rounds."""
        self.rounds += 1
        if self.rounds >= MAX_LOOP:
            raise GameError(f"loop ran {MAX_LOOP} times without ending", self.pos)
        return bool(self.cond(st, env))


class RepeatLoop:
    """Iteration state of a `repeat` block: again and again until `end repeat` (or `break`), bounded to MAX_LOOP rounds."""

    __slots__ = ("pos", "rounds")

    def __init__(self, pos, rounds=0):
        self.pos, self.rounds = pos, rounds

    def copy(self):
        return RepeatLoop(self.pos, self.rounds)

    def again(self, st, env) -> bool:
        """True, until MAX_LOOP rounds (an error)."""
        self.rounds += 1
        if self.rounds >= MAX_LOOP:
            raise GameError(f"repeat ran {MAX_LOOP} times without an 'end repeat'", self.pos)
        return True


class DrawLoop:
    """The cards a `draw` has still to take, one per step (see Draw), and those it drew but has not
    logged yet: a draw is logged as one line, split only where a trigger's effects come between
    its cards, as a draw that takes its cards at once is (`GameState.draw`)."""

    __slots__ = ("left", "source", "target", "where", "face_down", "drawn", "seers")

    def __init__(self, left, source, target, where="bottom", face_down=None, drawn=(), seers=None):
        self.left, self.source, self.target, self.where, self.face_down = left, source, target, where, face_down
        self.drawn, self.seers = list(drawn), dict(seers or {})

    def copy(self):
        return DrawLoop(self.left, self.source, self.target, self.where, self.face_down, self.drawn, self.seers)

    def take(self, st) -> None:
        """Draw one card; none is left when the source (and its refill) is empty."""
        self.left -= 1
        if st.draw(1, self.source, self.target, self.where, self.face_down, unlogged=self) == 0:
            self.left = 0

    def log(self, st) -> None:
        """Log the cards drawn so far (before a trigger acts on them, or when the draw is over)."""
        if self.drawn:
            st.log_draw(self.drawn, self.seers, self.source, self.target)
            self.drawn, self.seers = [], {}

    def again(self, st, env) -> bool:
        """True while cards are left to draw (when none is, what was drawn is logged)."""
        if self.left > 0:
            return True
        self.log(st)
        return False


def credit_of(env: dict):
    """Whom the effects of a frame are credited to in the log: a player, a name, or None."""
    credit = env.get(CREDIT)
    return credit if credit is not None else env.get("me")
