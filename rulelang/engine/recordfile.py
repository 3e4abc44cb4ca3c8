"""Game record files: a record written as one line of JSON, read back with every error placed.

A record names its ruleset so that it can travel with it: a packaged ruleset by its name, a
rule file under the record's own folder by its path from there (`game.yaml`, `rules/x.yaml`),
any other file by its absolute path (which only `--allow-path` lets a record open again; see
savedgame.py). A file is written whole or not at all: into a new file beside it, then renamed.

Reading one is bounded (a regular file of at most MAX_RECORD_BYTES) and every error names the
place in the file of the value it is about: `game.json:1:84: error: ...`.
"""
from __future__ import annotations

import json
import os
import stat
import tempfile

from ..catalog import packaged_rulesets
from ..errors import Position
from .record import GameRecord, RecordError

MAX_RECORD_BYTES = 20_000_000
MAX_DIGITS = 20  # digits of a number in a record; longer ones are refused without being converted


class LongNumber(str):
    """A number in a record with more than MAX_DIGITS digits, kept as its text (never a value)."""


def _number(text: str):
    return int(text) if len(text.lstrip("-")) <= MAX_DIGITS else LongNumber(text)


def read_record(path: str) -> tuple[GameRecord, str]:
    """A record file read and checked field by field, and its text (to place later errors)."""
    nowhere, start = Position(path, 0, 0), Position(path, 1, 1)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise RecordError("a game record is a regular file", position=nowhere)
        with open(path, "rb") as handle:
            raw = handle.read(MAX_RECORD_BYTES + 1)
    except OSError as err:
        raise RecordError(f"cannot read the game record: {err.strerror}", position=nowhere) from None
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"a game record is at most {MAX_RECORD_BYTES:,} bytes", position=start)
    try:
        text = raw.decode("utf-8")
        data = json.loads(text, parse_int=_number)
    except UnicodeDecodeError as err:
        raise RecordError(f"not a rulelang game record (not UTF-8 text at byte {err.start})",
                          position=start) from None
    except json.JSONDecodeError as err:
        raise RecordError(f"not a rulelang game record (not JSON: {err.msg})",
                          position=Position(path, err.lineno, err.colno)) from None
    except (ValueError, RecursionError):
        raise RecordError("not a rulelang game record (not JSON, or nested too deeply)", position=start) from None
    try:
        return GameRecord.from_json(data), text
    except RecordError as err:
        raise placed(err, path, text) from None


def load_record(path: str) -> GameRecord:
    """A record file read and checked (see `read_record`)."""
    return read_record(path)[0]


def placed(err: RecordError, path: str, text: str) -> RecordError:
    """`err` at the place in the record's text of the value it is about."""
    line, column = place_in_json(text, err.where)
    return err.placed(Position(path, line, column))


def place_in_json(text: str, where: tuple) -> tuple[int, int]:
    """(line, column), from 1, of the value at `where` (keys and list indexes) in a JSON text,
    or of the innermost value on the way there that exists."""
    decoder = json.JSONDecoder(parse_int=_number)  # as the record was read: a long number is not converted
    index = _blank(text, 0)
    for step in where:
        if isinstance(step, str) and text.startswith("{", index):
            found = _member(text, index, step, decoder)
        elif isinstance(step, int) and text.startswith("[", index):
            found = _item(text, index, step, decoder)
        else:
            found = None
        if found is None:
            break
        index = found
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _blank(text: str, index: int) -> int:
    """The index of the first character at or after `index` that is not white space."""
    while index < len(text) and text[index] in " \t\r\n":
        index += 1
    return index


def _member(text: str, index: int, key: str, decoder) -> int | None:
    """Where the value of `key` starts in the object at `index` (the last, as JSON reads a key
    given twice), or None."""
    found, index = None, _blank(text, index + 1)
    while index < len(text) and text[index] == '"':
        name, index = decoder.raw_decode(text, index)
        index = _blank(text, _blank(text, index) + 1)  # past the colon
        if name == key:
            found = index
        _, index = decoder.raw_decode(text, index)
        index = _blank(text, index)
        if not text.startswith(",", index):
            break
        index = _blank(text, index + 1)
    return found


def _item(text: str, index: int, wanted: int, decoder) -> int | None:
    """Where item `wanted` starts in the list at `index`, or None."""
    index = _blank(text, index + 1)
    for _ in range(wanted):
        if text.startswith("]", index):
            return None
        _, index = decoder.raw_decode(text, index)
        index = _blank(text, index)
        if not text.startswith(",", index):
            return None
        index = _blank(text, index + 1)
    return None if text.startswith("]", index) else index


def stored_ruleset(ruleset: str, record_path: str) -> str:
    """How a record at `record_path` names its ruleset (see the module's docstring)."""
    if not os.path.isabs(ruleset) and not os.path.exists(ruleset):
        return ruleset  # a packaged ruleset's name
    real = os.path.realpath(ruleset)
    for name, path in packaged_rulesets().items():
        if os.path.realpath(path) == real:
            return name
    folder = os.path.dirname(os.path.abspath(record_path))
    relative = os.path.relpath(os.path.abspath(ruleset), folder)
    return os.path.abspath(ruleset) if relative.startswith(os.pardir) else relative


def save_record(record: GameRecord, path: str) -> None:
    """Write a record as JSON, one decision list on one line; a file that is there is replaced
    only once the new one is whole."""
    text = json.dumps(record.to_json(stored_ruleset(record.ruleset, path)), ensure_ascii=False) + "\n"
    try:
        if os.path.exists(path) and not os.path.isfile(path):  # a device (/dev/full): written in place
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
            return
        folder = os.path.dirname(os.path.abspath(path))
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".rulelang-record-", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.chmod(temporary, _mode(path))
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError as err:
        raise RecordError(f"cannot write the game record: {err.strerror}", position=Position(path, 0, 0)) from None


def _mode(path: str) -> int:
    """The permissions a record file gets: those of the file it replaces, else the usual ones."""
    if os.path.exists(path):
        return stat.S_IMODE(os.stat(path).st_mode)
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask
