"""All the tables of a server: made in the lobby, brought back from the store when first asked for
after a start, and told to everyone watching them whenever anything changes.

Each person's seat gets an unguessable token (its invite link); the store keeps only its hash.
A spectator watches by the table's id and sees what every seat sees.
"""
from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time

from .lobby import PASTED, LobbyError, seat_specs
from .store import StoredTable
from .tables import LiveTable

LISTED = 50  # tables the lobby lists
log = logging.getLogger("rulelang.serve")


class Hall:
    """The server's tables, by id."""

    def __init__(self, store, lobby, pause: float = 0.6):
        self.store = store
        self.lobby = lobby
        self.pause = pause
        self.tables: dict = {}
        self.tasks: set = set()

    # ------------------------------------------------------------------ making and finding tables
    def create(self, ruleset: str | None, rule_text: str | None, seats: list) -> dict:
        """A new table: its id, one link per person's seat, the spectators' link."""
        if (ruleset is None) == (rule_text is None):
            raise LobbyError("give a ruleset's name, or a rule file's text")
        if rule_text is not None:
            if not isinstance(rule_text, str):
                raise LobbyError("the rule file must be text")
            game, named = self.lobby.pasted_game(rule_text), ""
        else:
            if not isinstance(ruleset, str):
                raise LobbyError("the ruleset must be a name")
            game, named = self.lobby.game(ruleset)
        specs = seat_specs(seats, game)
        table_id = secrets.token_urlsafe(9)
        seed = secrets.randbits(62)  # (an SQLite integer holds it)
        tokens = {seat: secrets.token_urlsafe(24) for seat, spec in enumerate(specs) if spec.is_human}
        stored = StoredTable(table_id, named, rule_text, seed, tuple(spec.text or spec.name for spec in specs),
                             time.time(), False)
        self.store.create(stored, tokens)
        self.tables[table_id] = LiveTable(stored, game, named or f"table-{table_id}.yaml", self.store, self.pause)
        return {"id": table_id, "seats": [{"seat": f"P{seat + 1}", "link": f"/play/{token}"}
                                          for seat, token in tokens.items()],
                "watch": f"/watch/{table_id}"}

    def table(self, table_id: str) -> LiveTable | None:
        """A table by its id, brought back from the store if the server has not seen it since it
        started; None when there is none."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        stored = self.store.table(table_id)
        if stored is None:
            return None
        if stored.rule_text is not None:
            game = self.lobby.pasted_game(stored.rule_text, checked_first=False)  # (it was checked when made)
            named = f"table-{table_id}.yaml"
        else:
            game, named = self.lobby.game(stored.ruleset)
        table = self.tables[table_id] = LiveTable(stored, game, named, self.store, self.pause)
        return table

    def seat(self, token: str) -> tuple:
        """(the table, the seat) a seat token opens, or (None, None)."""
        found = self.store.seat_of(token) if isinstance(token, str) and len(token) < 100 else None
        if found is None:
            return None, None
        return self.table(found[0]), found[1]

    def listed(self) -> list:
        """The newest tables for the lobby: what they play, who sits there, whether they are over."""
        return [{"id": t.id, "ruleset": t.ruleset or PASTED, "players": list(t.players), "over": t.finished,
                 "watch": f"/watch/{t.id}"} for t in self.store.listed(LISTED)]

    # ------------------------------------------------------------------ what happens at a table
    async def join(self, table: LiveTable, connection, seat: int | None) -> None:
        """A browser comes to watch a table (as a seat, or a spectator): it is shown the table, and
        the bots go on if it is their turn."""
        table.watchers[connection] = seat
        async with table.lock:
            await self._send(connection, table.message(seat))
        self.wake(table)

    def leave(self, table: LiveTable, connection) -> None:
        """A browser goes away."""
        table.watchers.pop(connection, None)

    async def act(self, table: LiveTable, seat: int, message: dict) -> None:
        """A person's action (see LiveTable.act), then everyone is shown the table and the bots go on."""
        async with table.lock:
            table.act(seat, message)
            await self.broadcast(table)
        self.wake(table)

    def wake(self, table: LiveTable) -> None:
        """Let the table's bots take their decisions, unless they are at it already."""
        if table.runner is None or table.runner.done():
            table.runner = asyncio.get_running_loop().create_task(table.run_bots(self.broadcast))
            self.tasks.add(table.runner)
            table.runner.add_done_callback(self._finished)

    def _finished(self, task) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a table's bots stopped: %r", task.exception())

    async def broadcast(self, table: LiveTable) -> None:
        """Show the table to everyone watching it, each as their seat sees it (made once per seat)."""
        made: dict = {}
        for connection, seat in list(table.watchers.items()):
            if seat not in made:  # (written once for every browser of the seat)
                made[seat] = json.dumps(table.message(seat), ensure_ascii=False)
            await self._send(connection, made[seat])

    async def _send(self, connection, message) -> None:
        """Send a message (a dict, or the same already written as JSON text) to one browser."""
        try:
            await connection.send_text(message if isinstance(message, str) else json.dumps(message))
        except Exception:  # a browser gone away mid-send: it is no longer watching
            for table in self.tables.values():
                table.watchers.pop(connection, None)

    async def close(self) -> None:
        """Stop every table's bots and let go of the store and the checking process."""
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.store.close()
        self.lobby.close()
