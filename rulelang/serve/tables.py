"""The tables being played at the server: each a game kept as its record, every decision stored as
it is made, people deciding from their browsers and bots between them.

The server owns the state: a browser sends only which option it takes, with the version of the
table it saw, and the table checks it against the legal options of the seat its token belongs
to. A choice of several cards is picked on a copy of the game first (`picks`): nothing is
decided, stored or shown to others until the person confirms. Bots are built afresh for each
decision and seeded by its position, as at the terminal, so a table brought back from its record
goes on exactly as it would have. A bot that searches thinks in a thread of its own; the table's
lock keeps everything else off the game meanwhile.
"""
from __future__ import annotations

import asyncio

from ..agents.spec import decision_bot, parse_agent_spec
from ..engine.choices import Choose
from ..engine.decisions import DONE_OPTION
from ..engine.record import GameRecord, replay
from ..engine.runtime import apply_action
from ..engine.session import check_decisions, pass_index, view_for, worth_asking
from ..errors import RulelangError
from ..presentation.naming import Namer
from .messages import state_message

INLINE_BOTS = ("random",)  # bots quick enough to decide on the server's own thread


class Refused(Exception):
    """An action a table does not take: not this seat's decision, not a legal option, out of date."""


class LiveTable:
    """One game at the server: its record, its state, who sits where, who watches."""

    def __init__(self, stored, game, ruleset: str, store, pause: float):
        self.id = stored.id
        self.game = game
        self.store = store
        self.pause = pause  # seconds between two bots' decisions, so that people can follow them
        self.specs = [parse_agent_spec(text, load_files=False) for text in stored.players]
        self.people = frozenset(seat for seat, spec in enumerate(self.specs) if spec.is_human)
        self.pasted = stored.rule_text is not None  # the rule file was pasted in the lobby
        self.start = GameRecord.start(game, ruleset, stored.seed, stored.players)
        self.decisions = list(stored.decisions)
        self.fault = None  # what stopped the game, when the rule file failed
        self.thinking = None  # the seat of a bot searching now
        self.picks: dict = {}  # seat -> the options picked so far of a choice of several, not yet confirmed
        self.watchers: dict = {}  # connection -> its seat (None: a spectator)
        self.namers = {seat: Namer(game, seat) for seat in (*range(len(self.specs)), None)}  # (each remembers)
        self.lock = asyncio.Lock()
        self.runner = None  # the task that lets the bots decide
        try:
            self.st = replay(game, self.record(), recall=True)
            self.settle_people()
        except RulelangError as err:
            self.st = None
            self.fault = str(err)

    # ------------------------------------------------------------------ the game
    def record(self) -> GameRecord:
        """The table's game record so far."""
        return self.start.with_decisions(self.decisions)

    @property
    def version(self) -> int:
        """How many decisions were taken: a browser's action names the version it saw."""
        return len(self.decisions)

    @property
    def over(self) -> bool:
        """Whether the game has ended, or stopped on a fault of the rule file."""
        return self.fault is not None or self.st.result is not None

    def take(self, index: int) -> None:
        """Take option `index` of the pending decision: stored first, then played."""
        position = len(self.decisions)
        self.decisions.append(index)
        self.store.add_decision(self.id, position, index)
        try:
            apply_action(self.st, index)
            if self.st.result is None:
                check_decisions(self.st)
        except RulelangError as err:
            self.fault = str(err)
        if self.over:
            self.store.finish(self.id)

    def settle_people(self) -> None:
        """Take for people the decisions nobody need be asked: one option, or a reaction prompt
        none of whose reactions is worth asking about (as the terminal passes for them)."""
        while not self.over and self.st.pending.seat in self.people:
            decision = self.st.pending
            if len(decision.options) == 1:
                self.take(0)
            elif not worth_asking(self.st, decision):
                self.take(pass_index(decision))
            else:
                return

    # ------------------------------------------------------------------ people's actions
    def act(self, seat: int, message: dict) -> None:
        """Carry out a person's action: `act` (take an option), `pick` and `unpick` (a choice of
        several, on a copy), `confirm` (take the picks); Refused when it cannot be taken."""
        if self.over:
            raise Refused("the game is over")
        if seat not in self.people or self.st.pending.seat != seat:
            raise Refused("it is not your decision")
        if message.get("version") != self.version:
            raise Refused("the table has moved on since: look again")
        kind = message.get("type")
        if kind == "act":
            self.take(self._option(message.get("option"), len(self.st.pending.options)))
            self.picks.pop(seat, None)
        elif kind == "pick":
            picking = self.picking(seat)
            if picking is None or picking.done:
                raise Refused("nothing more to pick")
            index = self._option(message.get("option"), len(picking.options))
            if index == picking.done_index:
                raise Refused("confirm the choice instead")
            self.picks[seat] = picking.indexes + [index]
        elif kind == "unpick":
            picked = self.picks.get(seat, [])
            where = self._option(message.get("place"), len(picked))
            self.picks[seat] = picked[:where]  # (later picks were made among the options after it)
        elif kind == "confirm":
            picking = self.picking(seat)
            if picking is None or not picking.may_confirm:
                raise Refused("the choice is not complete")
            for index in picking.confirmed():
                self.take(index)
            self.picks.pop(seat, None)
        else:
            raise Refused("unknown action")
        self.settle_people()

    @staticmethod
    def _option(value, count: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < count:
            raise Refused("no such option")
        return value

    def picking(self, seat: int):
        """The choice of several the seat is making, with its picks so far, or None."""
        decision = self.st.pending
        if decision is None or decision.seat != seat or decision.node.__class__ is not Choose or not decision.node.many:
            return None
        return Picking(self.st, self.picks.get(seat, []))

    # ------------------------------------------------------------------ bots
    async def run_bots(self, broadcast) -> None:
        """Let the bots take their decisions until a person is asked or the game ends, showing
        each decision to everyone (`broadcast`), with a pause between them."""
        while True:
            async with self.lock:
                if self.over or self.st.pending.seat in self.people:
                    return
                seat, decision = self.st.pending.seat, self.st.pending
                spec = self.specs[seat]
                bot = decision_bot(spec, seat, self.start.seed, self.version, self.game)
                view = view_for(bot, self.st, seat)
                try:
                    if spec.name in INLINE_BOTS:
                        choice = bot.choose(view, decision)
                    else:
                        self.thinking = seat
                        await broadcast(self)
                        choice = await asyncio.to_thread(bot.choose, view, decision)
                except RulelangError as err:
                    self.fault = str(err)
                    choice = None
                except Exception as err:  # a bug in rulelang: the table says so and stops, the server goes on
                    self.fault = f"internal error: {type(err).__name__}: {err} (this is a bug in rulelang)"
                    choice = None
                finally:
                    self.thinking = None
                if choice is not None:
                    self.take(choice)
                    self.settle_people()
                else:
                    self.store.finish(self.id)  # (the bot failed: the game is over)
                await broadcast(self)
            if self.pause:
                await asyncio.sleep(self.pause)
            else:
                await asyncio.sleep(0)  # (other tables' turn)

    def message(self, seat: int | None) -> dict:
        """What the table shows a seat now (None: a spectator)."""
        return state_message(self, seat)


class Picking:
    """A choice of several cards being picked: the picks so far played on a copy of the game, the
    options for the next pick, and whether the choice may be confirmed now."""

    def __init__(self, st, indexes: list):
        self.decision = st.pending
        self.indexes = list(indexes)
        self.taken = []  # the option of each pick
        copy = st.clone()
        for index in self.indexes:
            self.taken.append(copy.pending.options[index])
            apply_action(copy, index)
        pending = copy.pending
        self.copy = copy
        self.done = pending is None or pending.seat != self.decision.seat or pending.node is not self.decision.node \
            or pending.frame_index != self.decision.frame_index  # the last pick ended the choice
        self.options = () if self.done else pending.options  # (`done` among them: taken by confirming)
        self.done_index = next((i for i, o in enumerate(self.options) if o is DONE_OPTION), None)

    @property
    def may_confirm(self) -> bool:
        """Whether the picks make a whole choice: the last one ended it, or `done` may be taken."""
        return self.done or self.done_index is not None

    def confirmed(self) -> list:
        """The options to take, in order, to make the choice as picked."""
        return self.indexes + ([] if self.done else [self.done_index])
