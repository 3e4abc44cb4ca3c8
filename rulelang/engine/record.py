"""Game records: a played game as a small file (the ruleset and its hash, the seed, the players,
every decision's option index), read back and replayed to any point.

Replaying a record gives the very same game, since chance comes from the seed and every
decision is in the record; a record whose ruleset has changed since is refused.
"""
from __future__ import annotations

import json

import attrs

from ..errors import RulelangError
from .runtime import apply_action, new_game

FORMAT = "rulelang game record"
VERSION = 1
MAX_RECORD_BYTES = 20_000_000
MAX_NOTE = 10_000


class RecordError(RulelangError):
    """A game record cannot be read, or does not fit its ruleset."""


@attrs.frozen
class GameRecord:
    """What it takes to play a game again: the ruleset, the seed, the players and the decisions.

    `ruleset` is a packaged ruleset's name or a rule file's path; `digest` is the hash of its
    content when the game was played; `players` holds one agent spec per seat (`human`,
    `random` ...); `decisions` the index of the option taken at each decision, in order.
    """

    ruleset: str
    digest: str
    seed: int
    players: tuple
    decisions: tuple = ()
    note: str = ""  # free text, e.g. the error a failing game ended with

    @classmethod
    def start(cls, game, ruleset: str, seed: int, players) -> "GameRecord":
        """A record of a game of `game` not played yet."""
        return cls(ruleset, game.digest, seed, tuple(players))

    def to_json(self) -> dict:
        """The record as plain data."""
        data = {"format": FORMAT, "version": VERSION, "ruleset": self.ruleset, "digest": self.digest,
                "seed": self.seed, "players": list(self.players), "decisions": list(self.decisions)}
        if self.note:
            data["note"] = self.note
        return data

    @classmethod
    def from_json(cls, data) -> "GameRecord":
        """A record from plain data; RecordError says what is wrong with it."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("not a rulelang game record")
        if data.get("version") != VERSION:
            raise RecordError(f"a game record of version {data.get('version')!r}; "
                              f"this rulelang reads version {VERSION}")
        shapes = {"ruleset": str, "digest": str, "seed": int, "players": list, "decisions": list}
        for key, kind in shapes.items():
            if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
                raise RecordError(f"'{key}' is missing or is not {kind.__name__}")
        if not data["players"] or not all(isinstance(p, str) for p in data["players"]):
            raise RecordError("'players' must list one agent spec per seat")
        if not all(isinstance(d, int) and not isinstance(d, bool) and d >= 0 for d in data["decisions"]):
            raise RecordError("'decisions' must be option numbers counted from 0")
        note = data.get("note", "")
        if not isinstance(note, str) or len(note) > MAX_NOTE:
            raise RecordError(f"'note' must be text of at most {MAX_NOTE} characters")
        return cls(data["ruleset"], data["digest"], data["seed"], tuple(data["players"]),
                   tuple(data["decisions"]), note)

    def with_decisions(self, decisions) -> "GameRecord":
        """The same game with these decisions."""
        return attrs.evolve(self, decisions=tuple(decisions))

    def check_fits(self, game) -> None:
        """Refuse a game whose rule file is not the one this record was played with."""
        if game.digest != self.digest:
            raise RecordError(f"the ruleset '{self.ruleset}' has changed since this game was recorded, "
                              f"so its decisions would not replay the same game")
        if not game.min_players <= len(self.players) <= game.max_players:
            raise RecordError(f"the record has {len(self.players)} players; {game.name} takes "
                              f"{game.min_players} to {game.max_players}")


def save_record(record: GameRecord, path: str) -> None:
    """Write a record as JSON, one decision list on one line."""
    try:
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(record.to_json(), handle, ensure_ascii=False)
            handle.write("\n")
    except OSError as err:
        raise RecordError(f"{path}: cannot write the game record: {err.strerror}") from None


def load_record(path: str) -> GameRecord:
    """Read a record written by `save_record`; RecordError (naming the file) when it cannot be."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_RECORD_BYTES + 1)
    except OSError as err:
        raise RecordError(f"{path}: cannot read the game record: {err.strerror}") from None
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"{path}: a game record is at most {MAX_RECORD_BYTES} bytes")
    try:
        return GameRecord.from_json(json.loads(raw.decode("utf-8")))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise RecordError(f"{path}: not a rulelang game record (it is not JSON)") from None
    except RecordError as err:
        raise RecordError(f"{path}: {err}") from None


def replay(game, record: GameRecord, upto: int | None = None, on_decision=None, debug: bool = False):
    """The game state after the record's first `upto` decisions (all by default).

    `on_decision(st, position)` is called before each decision is applied. Raises RecordError
    when the record does not fit the ruleset, or a decision is not a legal option.
    """
    record.check_fits(game)
    st = new_game(game, len(record.players), record.seed, debug=debug)
    for position, index in enumerate(record.decisions[:upto]):
        if st.pending is None:
            raise RecordError(f"the record has {len(record.decisions)} decisions, "
                              f"but the game ended after {position}")
        if index >= len(st.pending.options):
            raise RecordError(f"decision {position + 1} of the record takes option {index + 1}, "
                              f"but only {len(st.pending.options)} are legal there")
        if on_decision is not None:
            on_decision(st, position)
        apply_action(st, index)
    return st
