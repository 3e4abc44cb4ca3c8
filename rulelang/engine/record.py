"""Game records: a played game as plain data (the ruleset and its hash, the seed, the players,
every decision's option index), checked field by field and replayed to any point.

Replaying a record gives the very same game, since chance comes from the seed and every
decision is in the record; a record whose ruleset has changed since is refused. A record may
come from anyone (a saved game shared on a forum), so every field is checked with its bounds
before anything of it is used; `recordfile.py` reads and writes the file.
"""
from __future__ import annotations

import attrs

from ..errors import Diagnostic, GameError, Position, RulelangError, printable
from .ops import MAX_LIST
from .runtime import apply_action, new_game
from .session import DEFAULT_MAX_DECISIONS

FORMAT = "rulelang game record"
VERSION = 1
MAX_NOTE = 10_000
MAX_NAME = 4_096  # characters of the ruleset's name or path
MAX_SEATS = 100
MAX_SEED = 2**64
KEYS = ("format", "version", "ruleset", "digest", "seed", "players", "decisions", "note")


class RecordError(RulelangError):
    """A game record cannot be read, or does not fit its ruleset.

    `where` says which value of the record is wrong (keys and list indexes, as `("decisions",
    4)`); `position` where it lies in the file, once known.
    """

    def __init__(self, message: str, where: tuple = (), position: Position | None = None):
        self.message, self.where, self.position = message, where, position
        super().__init__(Diagnostic(position, message).format() if position is not None else message)

    def placed(self, position: Position) -> "RecordError":
        """The same error at a position in the record's file."""
        return RecordError(self.message, self.where, position)


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

    def to_json(self, ruleset: str | None = None) -> dict:
        """The record as plain data (naming its ruleset as `ruleset`, when given)."""
        data = {"format": FORMAT, "version": VERSION, "ruleset": ruleset or self.ruleset, "digest": self.digest,
                "seed": self.seed, "players": list(self.players), "decisions": list(self.decisions)}
        if self.note:
            data["note"] = self.note
        return data

    @classmethod
    def from_json(cls, data) -> "GameRecord":
        """A record from plain data; RecordError says which value is wrong and why."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("not a rulelang game record", ("format",) if isinstance(data, dict) else ())
        if data.get("version") != VERSION or isinstance(data.get("version"), bool):
            raise RecordError(f"a game record of version {printable(str(data.get('version')))[:20]}; "
                              f"this rulelang reads version {VERSION}", ("version",))
        unknown = [key for key in data if key not in KEYS]
        if unknown:
            raise RecordError(f"'{printable(unknown[0])[:40]}' is not a key of a game record "
                              f"({', '.join(KEYS)})", (unknown[0],))
        for key in ("ruleset", "digest"):
            _check_text(data.get(key), key, MAX_NAME, required=True)
        _check_text(data.get("note", ""), "note", MAX_NOTE)
        seed = data.get("seed")
        if not _whole(seed) or not -MAX_SEED < seed < MAX_SEED:
            raise RecordError("'seed' must be a whole number of at most 20 digits", ("seed",))
        players = data.get("players")
        if not isinstance(players, list) or not 1 <= len(players) <= MAX_SEATS:
            raise RecordError(f"'players' must list one agent spec per seat (1 to {MAX_SEATS})", ("players",))
        for seat, spec in enumerate(players):
            _check_text(spec, "players", MAX_NAME, required=True, where=("players", seat))
        return cls(data["ruleset"], data["digest"], seed, tuple(players),
                   _decisions(data.get("decisions")), data.get("note", ""))

    def with_decisions(self, decisions) -> "GameRecord":
        """The same game with these decisions."""
        return attrs.evolve(self, decisions=tuple(decisions))

    def check_fits(self, game) -> None:
        """Refuse a game whose rule file is not the one this record was played with."""
        if game.digest != self.digest:
            raise RecordError(f"the ruleset '{printable(self.ruleset)}' has changed since this game was recorded, "
                              f"so its decisions would not replay the same game", ("digest",))
        if not game.min_players <= len(self.players) <= game.max_players:
            raise RecordError(f"the record has {len(self.players)} players; {game.name} takes "
                              f"{game.min_players} to {game.max_players}", ("players",))
        if len(self.decisions) > game.limits.decisions:
            raise RecordError(f"the record has {len(self.decisions):,} decisions; a game of {game.name} "
                              f"has at most {game.limits.decisions:,} (limits: decisions)", ("decisions",))


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_text(value, key: str, longest: int, required: bool = False, where: tuple = ()) -> None:
    """Refuse a value that is not text of at most `longest` characters, fit to be printed."""
    where = where or (key,)
    if value is None and not required:
        return
    if type(value) is not str or (required and not value.strip()) or len(value) > longest:  # noqa: E721 - not a long number's text
        raise RecordError(f"'{key}' must be text of at most {longest:,} characters", where)
    if printable(value) != value or (key != "note" and "\n" in value):
        raise RecordError(f"'{key}' may not hold control or invisible characters ('{printable(value)[:60]}')",
                          where)


def _decisions(decisions) -> tuple:
    """The decisions of a record: option numbers counted from 0 (a decision offers at most MAX_LIST
    options), at most as many as any game takes."""
    if not isinstance(decisions, list):
        raise RecordError("'decisions' must list option numbers counted from 0", ("decisions",))
    if len(decisions) > DEFAULT_MAX_DECISIONS:
        raise RecordError(f"'decisions' lists {len(decisions):,} decisions; a game has at most "
                          f"{DEFAULT_MAX_DECISIONS:,}", ("decisions",))
    for position, index in enumerate(decisions):
        if not _whole(index) or not 0 <= index < MAX_LIST:
            raise RecordError("a decision is an option number counted from 0", ("decisions", position))
    return tuple(decisions)


@attrs.frozen
class Stop:
    """Where a recorded game stopped on an error: the decisions before `position` replay, the next one fails."""

    position: int
    error: GameError


def replay_to_stop(game, record: GameRecord, debug: bool = False) -> tuple:
    """(the state after every decision of the record, None), or, when a decision stops the game
    on an error (a bound such as `limits: log`), (the state before it, its Stop).

    A record is written up to the decision that failed, so that it replays the fault; this is
    how it is opened to be stepped through or played on up to that point.
    """
    reached = None  # the position of the decision being taken

    def note(st, position):
        nonlocal reached
        reached = position
    try:
        return replay(game, record, on_decision=note, debug=debug), None
    except GameError as err:
        if reached is None:  # the game cannot even start: there is no point to go back to
            raise
        return replay(game, record, upto=reached, debug=debug), Stop(reached, err)


def replay(game, record: GameRecord, upto: int | None = None, on_decision=None, debug: bool = False,
           recall: bool = False):
    """The game state after the record's first `upto` decisions (all by default); with `recall`,
    one that keeps what each seat recalls (see `new_game`), for search bots to play on.

    `on_decision(st, position)` is called before each decision is applied. Raises RecordError
    when the record does not fit the ruleset, or a decision is not a legal option.
    """
    record.check_fits(game)
    st = new_game(game, len(record.players), record.seed, debug=debug, recall=recall)
    for position, index in enumerate(record.decisions[:upto]):
        if st.pending is None:
            raise RecordError(f"the record has {len(record.decisions)} decisions, "
                              f"but the game ended after {position}", ("decisions", position))
        if index >= len(st.pending.options):
            raise RecordError(f"decision {position + 1} of the record takes option {index + 1}, "
                              f"but only {len(st.pending.options)} are legal there", ("decisions", position))
        if on_decision is not None:
            on_decision(st, position)
        apply_action(st, index)
    return st
