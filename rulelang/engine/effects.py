"""Effect nodes: the compiled form of a `do:` list, run by the interpreter one node at a time.

Plain statements (`move`, `draw`, `set` ...) run to completion. Blocks (`if`, `for`, `while`)
push a frame. Choices stop the interpreter until an agent answers (see `Decision`).
"""
from __future__ import annotations

from functools import partial

import attrs

from ..errors import GameError, Position
from .memo import remembered
from .values import Card, Marker, Player, ZoneRef, pretty

MAX_LOOP = 1000
MAX_KEPT_OPTIONS = 10_000  # options kept per game for reuse (see options_for)
MAX_FRAMES = 200
MOVE_KEY = "#move"  # in a move body's env: the move's name
CREDIT = "#by"  # in an env: whom the log credits effects to when it is not `me` (a trigger's name)


class Frame:
    """A block being run: its nodes, the next node, its local variables and loop state.

    A trigger's body runs in a frame that names the trigger and binding (`trigger`), so that
    the trigger does not fire again for that binding while its body runs.
    """

    __slots__ = ("block", "pc", "env", "loop", "trigger")

    def __init__(self, block, env, loop=None, trigger=None):
        self.block = block
        self.pc = 0
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


class Option:
    """One legal answer to a decision: a stable label, a description, and its value.

    The description of a card (with the values stored on it) is made when first read.
    """

    __slots__ = ("label", "value", "_text", "_stored")

    def __init__(self, label: str, text: str | None, value, stored: dict | None = None):
        self.label = label
        self.value = value
        self._text = text
        self._stored = stored

    @property
    def text(self) -> str:
        """How the option reads for the deciding player."""
        if self._text is None:
            stored = self._stored
            extra = " (" + ", ".join(f"{k} {pretty(v)}" for k, v in stored.items()) + ")" if stored else ""
            return pretty(self.value) + extra
        return self._text

    def __repr__(self) -> str:
        return f"Option({self.label!r}, {self.text!r})"


class Decision:
    """A choice the game waits for: who decides, what is asked, and the legal options.

    The prompt is made only when someone reads it (bots that search never do).
    """

    __slots__ = ("seat", "options", "node", "frame_index", "_prompt")

    def __init__(self, seat: int, prompt, options: tuple, node, frame_index: int):
        self.seat = seat
        self._prompt = prompt  # the text, or a function making it
        self.options = options
        self.node = node
        self.frame_index = frame_index

    @property
    def prompt(self) -> str:
        """What the deciding player is asked."""
        if not isinstance(self._prompt, str):
            self._prompt = self._prompt()
        return self._prompt

    def labels(self) -> list:
        """The option labels, in order."""
        return [o.label for o in self.options]

    def with_options(self, options: tuple) -> "Decision":
        """The same decision with other options."""
        return Decision(self.seat, self._prompt, options, self.node, self.frame_index)

    def __repr__(self) -> str:
        return f"Decision(seat={self.seat}, prompt={self.prompt!r}, options={self.options!r})"


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
        if len(block) == 1 and block[0].__class__ is Straight:  # runs at once: a frame would only hold it
            block[0].run(st, frame)
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
RESULT = "#result"  # in a procedure's env: the value its `return` gave


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


def credit_of(env: dict):
    """Whom the effects of a frame are credited to in the log: a player, a name, or None."""
    credit = env.get(CREDIT)
    return credit if credit is not None else env.get("me")


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
        rewind = st.frames[depth - 1].env.get("#rewind", True)
        del st.frames[depth - 1:]  # the move's frames and the check point after it
        st.refusals += 1
        if not st.quiet:
            st.say(f"is refused: {reason}")
        if rewind:
            st.frames[-1].pc -= 1  # ask again the choice that started the move
        # (an any-time move left its decision where it was: the decision is asked again as it is)


def options_for(st, values: list) -> list:
    """The options offering each value, labelled as players and rule tests name them.

    An option that reads the same whenever it is offered (a card with nothing stored on it, a
    player, a text, a number) is made once per game and kept in `game.caches.options` (a card under
    itself; any other value, as a move, under its kind and value).
    """
    options = []
    positions = None
    kept = st.game.caches.options
    kept = kept if len(kept) < MAX_KEPT_OPTIONS else {}
    cards_only = True
    for value in values:
        kind = value.__class__
        if kind is Card:  # the common case first
            stored = st.cvars.get(value.id)
            if stored is not None:
                options.append(Option(value.name, None, value, stored))
                continue
            option = kept.get(value)
            if option is None:
                option = kept[value] = Option(value.name, None, value)
            options.append(option)
            continue
        cards_only = False
        if kind is ZoneRef:
            place = None
            if value.index is not None and value.name in st.row_names:  # a pile is named by its place
                positions = positions if positions is not None else {}
                place = st.places(value, positions)
            option = kept.get((value, place))
            if option is None:
                label = st.zone_label(value, place)
                option = kept[(value, place)] = Option(label, label, value)
            options.append(option)
            continue
        if kind is Marker:
            label = st.marker_label(value)
            options.append(Option(label, label, value))
            continue
        if kind is list:
            options.append(Option(_label(value, kind), None, value))
            continue
        option = kept.get((kind, value))
        if option is None:
            option = kept[(kind, value)] = Option(_label(value, kind), None, value)
        options.append(option)
    if cards_only and len(set(values)) == len(options):  # every card has its own name
        return options
    return _numbered(options)


def _numbered(options: list) -> list:
    """Options whose labels repeat (two markers alike) are told apart: `dmg 4 on QH (2)`."""
    labels = [o.label for o in options]
    if len(set(labels)) == len(labels):
        return options
    seen: dict = {}
    out = []
    for option in options:
        seen[option.label] = seen.get(option.label, 0) + 1
        if seen[option.label] > 1:
            option = Option(f"{option.label} ({seen[option.label]})", option._text, option.value, option._stored)
        out.append(option)
    return out


def _label(value, kind) -> str:
    """How rule tests and logs name an option's value."""
    if kind is Card or kind is Marker or kind is Player:
        return value.name
    return "none" if value is None else str(value)


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
        options = options_for(st, candidates)
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


_DONE = object()
DONE_OPTION = Option("done", "done", _DONE)  # (options are never changed: one of each serves every choice)
NOTHING_OPTION = Option("done", "done (choose nothing)", None)


@attrs.frozen(repr=False, eq=False)
class ChooseMove(Node):
    """`choose move: [a, b]`: the player picks one legal move, which then runs."""

    moves: tuple
    by: object  # None (the player `me`), or f(st, env): who chooses
    pos: Position
    settles_first = True

    def run(self, st, frame):
        chooser = frame.env["me"] if self.by is None else self.by(st, frame.env)
        legal = legal_moves(st, self.moves, chooser, remember=st.game.refusals)
        if not legal:
            raise GameError(f"{chooser.name} has no legal move", self.pos)
        st.ask(Decision(chooser.seat, "choose a move", move_options(st, legal), self, len(st.frames) - 1))

    def resume(self, st, frame, option) -> None:
        """Run the chosen move's body in a fresh scope, then settle before going on."""
        frame.pc += 1
        chooser = frame.env["me"] if self.by is None else self.by(st, frame.env)
        if not st.quiet:
            st.say(f"{chooser.name}: {option.value.label}", actor=False)
        start_move(st, option.value, chooser)


def move_options(st, moves) -> tuple:
    """The options offering these moves (made once per game)."""
    kept = st.game.caches.options
    out = []
    for move in moves:
        option = kept.get((ChooseMove, move.name))  # (not under the move: its hash is a Python call)
        if option is None:
            option = kept[(ChooseMove, move.name)] = Option(move.name, move.label, move)
        out.append(option)
    return tuple(out)


def legal_moves(st, names, player, remember: bool = True) -> list:
    """The moves of `names` that `player` may make now.

    Answers of conditions that loop (`Move.costly`) are remembered (see engine/memo.py) where
    the same question comes back while nothing changes: any-time moves and reactions (asked at
    every decision or move), and the moves of a game with refusals (a refused move asks again).
    A turn's one choice of a move would pay for remembering and never gain, and so would a
    condition that costs less than looking up its answer.
    """
    env = {"me": player}
    moves = st.game.moves
    if not remember:
        return [move for name in names if (move := moves[name]).legal(st, env)]
    return [move for name in names
            if (remembered(st, ("legal", name, player.seat), move.reads, move.legal, env)
                if (move := moves[name]).costly else move.legal(st, env))]


def start_move(st, move, player, reaction: bool = False, rewind: bool = True) -> None:
    """Push a move's body, and after it a check point (and a reaction window, if declared).

    `rewind`: a refusal of the move asks again the choice that started it (an any-time move
    has not moved on from its decision, so it has nothing to rewind).
    """
    after = _AFTER_MOVE_WITH_REACTIONS if st.game.reactions else _AFTER_MOVE
    st.frames.append(Frame(after, {"#actor": player.seat, "#reaction": reaction, "#rewind": rewind}))
    st.frames.append(Frame(move.body, {"me": player, MOVE_KEY: move.name}))


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
        if "#waiting" not in env:
            actor = env["#actor"]
            first = 0 if env.get("#reaction") else 1  # after a reaction, its player may chain one
            env["#waiting"] = [(actor + i) % st.n for i in range(first, st.n)]
        while env["#waiting"]:
            seat = env["#waiting"][0]
            legal = legal_moves(st, st.game.reactions, st.seats[seat])
            if legal:
                options = move_options(st, legal) + (Option("pass", "pass", None),)
                actor = Player(env["#actor"]).name
                st.ask(Decision(seat, f"react to {actor}'s move?", options, self, len(st.frames) - 1))
                return
            env["#waiting"] = env["#waiting"][1:]
        frame.pc += 1

    def resume(self, st, frame, option) -> None:
        """Pass on to the next player, or run the reaction (which opens its own window)."""
        seat = frame.env["#waiting"][0]
        frame.env["#waiting"] = frame.env["#waiting"][1:]
        if option.value is None:
            return
        frame.pc += 1
        if not st.quiet:
            st.say(f"{Player(seat).name} reacts: {option.value.label}", actor=False)
        start_move(st, option.value, Player(seat), reaction=True)


_ENGINE = Position("<engine>", 0, 0)
_DRAW_ONE = (DrawOne(_ENGINE),)
CHECK_POINT = SettlePoint(_ENGINE)  # opens every turn's program (see compile/compiler.py)
_AFTER_MOVE = (CHECK_POINT,)
_AFTER_MOVE_WITH_REACTIONS = (CHECK_POINT, ReactionWindow(_ENGINE))
