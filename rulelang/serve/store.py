"""Where the browser tables are kept: every table's ruleset, seed and seats, and each decision as it
is made, so that a server started again brings every table back where it was.

`TableStore` is the small interface the server uses; `SqliteStore` keeps it in one SQLite file
(WAL, one writer: the server's own thread). docs/serve.md says how the same interface would sit
on PostgreSQL for tables spread over several server processes.

Seat tokens are kept only as their SHA-256 hashes: a copy of the database lets nobody act for a
seat.
"""
from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time

import attrs

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    ruleset TEXT NOT NULL,       -- a packaged ruleset's name or a rule file's path ('' for a pasted one)
    rule_text TEXT,              -- a pasted rule file's text, or NULL
    seed INTEGER NOT NULL,
    players TEXT NOT NULL,       -- the agent spec of each seat, as JSON
    created REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS decisions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    position INTEGER NOT NULL,
    option INTEGER NOT NULL,
    PRIMARY KEY (table_id, position)
);
"""


def token_hash(token: str) -> str:
    """The hash a seat token is kept as."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@attrs.frozen
class StoredTable:
    """A table as stored: what it plays and how far it got."""

    id: str
    ruleset: str
    rule_text: str | None
    seed: int
    players: tuple
    created: float
    finished: bool
    decisions: tuple = ()


class TableStore:
    """What the server needs of a store of tables (see SqliteStore)."""

    def create(self, table: StoredTable, tokens: dict) -> None:
        """Keep a new table and the tokens of its people's seats (seat -> token)."""
        raise NotImplementedError

    def add_decision(self, table_id: str, position: int, option: int) -> None:
        """Keep the option taken at decision `position` (decisions come in order, each once)."""
        raise NotImplementedError

    def finish(self, table_id: str) -> None:
        """Mark a table's game as over."""
        raise NotImplementedError

    def table(self, table_id: str) -> StoredTable | None:
        """A table with its decisions so far, or None."""
        raise NotImplementedError

    def seat_of(self, token: str) -> tuple | None:
        """(table id, seat) of a seat token, or None."""
        raise NotImplementedError

    def listed(self, limit: int) -> list:
        """The newest tables, at most `limit`, without their decisions (for the lobby)."""
        raise NotImplementedError

    def close(self) -> None:
        """Let go of the store."""


class SqliteStore(TableStore):
    """Tables in one SQLite file."""

    def __init__(self, path: str):
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")  # (WAL: a decision survives a crash of the server)
            self._db.executescript(SCHEMA)

    def create(self, table: StoredTable, tokens: dict) -> None:
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute("INSERT INTO tables (id, ruleset, rule_text, seed, players, created, finished) "
                             "VALUES (?, ?, ?, ?, ?, ?, 0)",
                             (table.id, table.ruleset, table.rule_text, table.seed, json.dumps(list(table.players)),
                              table.created or time.time()))
            self._db.executemany("INSERT INTO seats (table_id, seat, token_hash) VALUES (?, ?, ?)",
                                 [(table.id, seat, token_hash(token)) for seat, token in tokens.items()])

    def add_decision(self, table_id: str, position: int, option: int) -> None:
        with self._lock:
            self._db.execute("INSERT INTO decisions (table_id, position, option) VALUES (?, ?, ?)",
                             (table_id, position, option))

    def finish(self, table_id: str) -> None:
        with self._lock:
            self._db.execute("UPDATE tables SET finished = 1 WHERE id = ?", (table_id,))

    def table(self, table_id: str) -> StoredTable | None:
        with self._lock:
            row = self._db.execute("SELECT id, ruleset, rule_text, seed, players, created, finished FROM tables "
                                   "WHERE id = ?", (table_id,)).fetchone()
            if row is None:
                return None
            decisions = [option for (option,) in self._db.execute(
                "SELECT option FROM decisions WHERE table_id = ? ORDER BY position", (table_id,))]
        return _stored(row, tuple(decisions))

    def seat_of(self, token: str) -> tuple | None:
        with self._lock:
            row = self._db.execute("SELECT table_id, seat FROM seats WHERE token_hash = ?",
                                   (token_hash(token),)).fetchone()
        return tuple(row) if row else None

    def listed(self, limit: int) -> list:
        with self._lock:
            rows = self._db.execute("SELECT id, ruleset, rule_text, seed, players, created, finished FROM tables "
                                    "ORDER BY created DESC LIMIT ?", (limit,)).fetchall()
        return [_stored(row) for row in rows]

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _stored(row, decisions: tuple = ()) -> StoredTable:
    table_id, ruleset, rule_text, seed, players, created, finished = row
    return StoredTable(table_id, ruleset, rule_text, seed, tuple(json.loads(players)), created, bool(finished),
                       decisions)
