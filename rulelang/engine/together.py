"""Choices made at once: `choose together` (every named player chooses, none seeing another's
choice until all are made, then they are revealed together) and `first come` (a window in which
any of several players may act, and the first to come does).

A table asks one decision at a time, so both ask their seats one after another, in seat order;
each answer is sealed: kept in the running frame (`SEALED`: the seats asked and the answers so
far), where no view, log line or observation of another seat shows it. The knowledge room says
who sees an answer (`Knowledge.sees_answer`: its own chooser only) and lists the sealed answers
(`Knowledge.sealed_answers`); search samples draw those another seat gave afresh (`redraw`), so a
bot searching at its turn to choose knows no more of the others' choices than a person would.
"""
from __future__ import annotations

import attrs

from ..errors import GameError, Position
from .choices import Choose, make
from .decisions import Decision, Option, legal_moves, move_options, offered_moves
from .effects import Node
from .frames import MAX_LOOP, Frame
from .values import Player, is_card, pretty

PASS_OPTION = Option("pass", "pass", None)


def chooser_env(env: dict, seat: int) -> dict:
    """The locals a seat answers with: the rule's own (none of the engine's `#` entries), `me` the seat."""
    out = {name: value for name, value in env.items() if name[0] != "#"}
    out["me"] = Player(seat)
    return out


def _seats(st, players, pos) -> tuple:
    """The seats of a list of players (or one player), each once, in seat order."""
    found = st.items(players)
    for player in found:
        if player.__class__ is not Player:
            raise GameError(f"'by' must name players, got {pretty(player)}", pos)
    return tuple(sorted({player.seat for player in found}))


@attrs.frozen(repr=False, eq=False)
class Seal(Node):
    """Ends a seat's turn to choose in `choose together`: its pick joins the sealed answers below."""

    key: str
    var: str
    pos: Position

    def run(self, st, frame):
        outer = st.frames[-2].env  # (the frame of the `choose together`, which pushed this one)
        seats, answers = outer[self.key]
        outer[self.key] = (seats, answers + ((frame.env["me"].seat, frame.env[self.var]),))


@attrs.frozen(repr=False, eq=False)
class ChooseTogether(Node):
    """`choose together`: each player of `by` makes `choice` (with `me` the chooser) in seat order,
    sealed; once all have chosen, the picks are revealed together (unless `reveal` is false) and
    `body` runs once per chooser, in seat order, with `me` the chooser and the name its pick."""

    choice: Choose
    choosers: object  # None (every player), or f(st, env): the players who choose
    body: tuple
    reveal: bool
    pos: Position
    key: str = attrs.field(init=False)
    asking: tuple = attrs.field(init=False)  # what a seat's frame runs: the choice, then its seal
    settles_first = True
    sealed = True  # its answers so far are sealed (see the module docstring)
    kind = "together"

    @key.default
    def _key(self) -> str:
        return f"#together:{self.pos.line}:{self.pos.column}"

    @asking.default
    def _asking(self) -> tuple:
        return self.choice, Seal(self.key, self.choice.var, self.pos)

    def run(self, st, frame):
        env = frame.env
        state = env.get(self.key)
        if state is None:
            seats = tuple(range(st.n)) if self.choosers is None else _seats(st, self.choosers(st, env), self.pos)
            state = env[self.key] = (seats, ())
        seats, answers = state
        if len(answers) < len(seats):
            st.frames.append(Frame(self.asking, chooser_env(env, seats[len(answers)])))
            return
        del env[self.key]
        frame.pc += 1
        if self.reveal:
            self._reveal(st, answers)
        for seat, pick in reversed(answers):  # (pushed last first: the first chooser's runs first)
            inner = chooser_env(env, seat)
            inner[self.choice.var] = pick
            st.frames.append(Frame(self.body, inner))

    @staticmethod
    def _reveal(st, answers: tuple) -> None:
        """Show every pick to every player at once: the cards where they lie, and one line of the log."""
        cards = [item for _, pick in answers for item in (pick if pick.__class__ is list else (pick,)) if is_card(item)]
        if cards:
            st.reveal(cards)
        if not st.quiet:
            shown = " · ".join(f"{Player(seat).name} {ChooseTogether.answer_text(pick)}" for seat, pick in answers)
            st.say(f"all reveal together: {shown}", actor=False)

    def answers(self, env) -> tuple:
        """The seats asked and the sealed answers so far, ((seat, answer), ...), of the frame's env."""
        return env.get(self.key) or ((), ())

    @staticmethod
    def answer_text(pick) -> str:
        """A pick as its chooser reads it."""
        return pretty(pick) if pick not in (None, []) else "nothing"

    def redraw(self, st, frame, seat: int, rng) -> None:
        """Draw a seat's sealed pick afresh, at random among what it could pick now (a search sample's)."""
        seats, answers = frame.env[self.key]
        pick = random_pick(self.choice, st, chooser_env(frame.env, seat), rng)
        frame.env[self.key] = (seats, tuple((s, pick if s == seat else a) for s, a in answers))


def random_pick(choice: Choose, st, env: dict, rng):
    """What `choice` binds when each pick is drawn at random among the items it offers (with `done`
    where it is offered); the items of a choice of several as a list."""
    if not choice.many:
        items = choice.candidates(st, env, None)
        optional = choice.optional is not None and bool(choice.optional(st, env))
        drawn = rng.below(len(items) + optional) if items or optional else len(items)
        return items[drawn] if drawn < len(items) else None
    picked = env[choice.var] = []
    while True:
        low, high = choice.bounds(st, env)
        items = choice.candidates(st, env, picked)
        if (high is not None and len(picked) >= high) or not items:
            return picked
        drawn = rng.below(len(items) + (len(picked) >= low))
        if drawn == len(items):
            return picked
        picked = env[choice.var] = picked + [items[drawn]]


@attrs.frozen(repr=False, eq=False)
class FirstCome(Node):
    """`first come`: a window in which any player of `by` may make one of `moves`, first come.

    Each player with a legal move is asked, in seat order and sealed, which move they make or to
    pass; when all have answered, one of those who act does: alone, or, when several act at once,
    the first of them clockwise from the seat after the one who came first last time (from the
    player whose turn it is, the first time), so that ties go round the table and no seat is
    always first. Its move runs, and the window opens again; it closes when all pass at once, when
    no player may act, or when `until` holds.
    """

    moves: tuple  # the names of the moves
    args: tuple | None  # per move, the functions giving the values handed to it (None: none takes any)
    by: object  # None (every player), or f(st, env): the players who may act
    until: object  # None, or cond(st, env): the window closes at once
    prompt: object  # None, or text(st, env) with `me` the seat asked
    pos: Position
    key: str = attrs.field(init=False)  # the env slot of the seats asked and their answers so far
    rounds_key: str = attrs.field(init=False)  # the env slot counting the moves made in the window
    settles_first = True
    sealed = True
    kind = "first come"

    @key.default
    def _key(self) -> str:
        return f"#first come:{self.pos.line}:{self.pos.column}"

    @rounds_key.default
    def _rounds_key(self) -> str:
        return f"#first come rounds:{self.pos.line}:{self.pos.column}"

    def run(self, st, frame):
        env = frame.env
        state = env.get(self.key)
        if state is None:
            if self.until is not None and self.until(st, env):
                return self._close(frame)
            seats = tuple(range(st.n)) if self.by is None else _seats(st, self.by(st, env), self.pos)
            state = (tuple(seat for seat in seats if self.offers(st, env, seat)), ())
        seats, answers = state
        while len(answers) < len(seats):
            seat = seats[len(answers)]
            options = self.offers(st, env, seat)
            if options:
                env[self.key] = (seats, answers)
                st.ask(Decision(seat, self._prompt(st, env, seat), options + (PASS_OPTION,), self,
                                len(st.frames) - 1))
                return
            answers += ((seat, None),)  # (nothing left to do: it passes)
        env.pop(self.key, None)
        claims = [(seat, answer) for seat, answer in answers if answer is not None]
        if not claims:
            return self._close(frame)
        rounds = env.get(self.rounds_key, 0) + 1
        if rounds >= MAX_LOOP:
            raise GameError(f"a first come window opened {MAX_LOOP} times without everyone passing", self.pos)
        env[self.rounds_key] = rounds
        seat, answer = self.first(st, claims)
        make(st, answer, st.seats[seat])  # (the window opens again after the move)
        return None

    def _close(self, frame) -> None:
        frame.env.pop(self.rounds_key, None)
        frame.pc += 1

    def first(self, st, claims: list) -> tuple:
        """The claim that comes first (see the class docstring); a tie moves the turn to be first on."""
        if len(claims) == 1:
            return claims[0]
        origin = st.current if st.first_come is None else st.first_come + 1
        seat, answer = min(claims, key=lambda claim: (claim[0] - origin) % st.n)
        st.first_come = seat
        if not st.quiet:
            st.say(f"{', '.join(Player(s).name for s, _ in claims)} act at once: {Player(seat).name} comes first",
                   actor=False)
        return seat, answer

    def offers(self, st, env, seat: int) -> tuple:
        """The moves the seat may make now (without passing)."""
        player = st.seats[seat]
        if self.args is None:
            legal = legal_moves(st, self.moves, player, remember=False)
            return move_options(st, legal, player) if legal else ()
        return offered_moves(st, self.moves, self.args, chooser_env(env, seat), player)

    def _prompt(self, st, env, seat: int):
        if self.prompt is None:
            return "act now? (anyone may: the first to come acts)"
        return self.prompt(st, chooser_env(env, seat))

    def resume(self, st, frame, option) -> None:
        """Seal the seat's answer (a move, or None to pass); the window asks the next seat."""
        seats, answers = frame.env[self.key]
        frame.env[self.key] = (seats, answers + ((seats[len(answers)], option.value),))

    def answers(self, env) -> tuple:
        """The seats asked and the sealed answers so far, ((seat, answer), ...), of the frame's env."""
        return env.get(self.key) or ((), ())

    @staticmethod
    def answer_text(answer) -> str:
        """An answer as the player who gave it reads it: the move, or pass."""
        if answer is None:
            return "pass"
        return getattr(answer, "move", answer).label

    def redraw(self, st, frame, seat: int, rng) -> None:
        """Draw a seat's sealed answer afresh, at random among its options now (a search sample's)."""
        seats, answers = frame.env[self.key]
        options = self.offers(st, frame.env, seat) + (PASS_OPTION,)
        answer = options[rng.below(len(options))].value
        frame.env[self.key] = (seats, tuple((s, answer if s == seat else a) for s, a in answers))
