"""Load stage: read a rule file as YAML, keeping the source position of every value.

The YAML dialect is deliberately small and safe: only `true`/`false` are booleans (as in
YAML 1.2, so `yes`, `no`, `on` stay strings), `none` (as in expressions) and `null` are
empty values, integers are decimal with at most 18 digits, anchors and aliases are
refused (no alias bombs), nesting depth and file size are bounded, text holds no control
characters (no terminal escapes), and any tag that would build a Python object is an error.

A file is read only if it is a regular file, and it loads only if it is the kind of file
asked for: a mapping whose top-level keys are that kind's (or near misses of them, left for
the shape check to name). Until then nothing of its content appears in a message; once it has
loaded, its text is remembered so that diagnostics can show its lines (see errors.py). A file
whose YAML is broken shows its lines only if each line that starts in the first column is a
top-level key of that kind.

The YAML is read by yamlread.py; a file that loaded before with the same text is rebuilt from
its stored document instead (docstore.py). Both give the values of documents.py. A text that is
not saved (an editor's buffer, `load_text`) loads as its file would, under the same bounds.
"""
from __future__ import annotations

import os
import re
import stat

import attrs

from ..errors import Position, RuleError, remember_source
from ..kit.documents import YMap
from .docstore import keep_document, stored_document
from .textcheck import SURROGATE, text_problem

MAX_FILE_BYTES = 1_000_000
TOO_LARGE = f"file is larger than {MAX_FILE_BYTES} bytes"
BINARY = "binary file, not a YAML rule file"
PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_ ]{0,39}")
TOP_KEY = re.compile(r"(?P<key>[A-Za-z_][A-Za-z0-9_ ]{0,39}?)\s*:(?:\s|$)")  # `key:` at a line's start


@attrs.frozen
class FileKind:
    """What a YAML file must be to load as one of rulelang's files: its name and top-level keys."""

    name: str
    keys: frozenset


def read_text(path: str) -> str:
    """The text of a rule file, refusing missing, special, huge, binary and empty files."""
    here = Position(path, 1, 1)
    nowhere = Position(path, 0, 0)
    try:
        mode = os.stat(path).st_mode
        if stat.S_ISDIR(mode):
            raise RuleError.at(nowhere, "is a folder, not a rule file")
        if not stat.S_ISREG(mode):
            raise RuleError.at(nowhere, "not a regular file")
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise RuleError.at(nowhere, "no such file") from None
    except OSError as err:
        raise RuleError.at(nowhere, f"cannot read file: {err.strerror}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise RuleError.at(here, TOO_LARGE)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise RuleError.at(here, BINARY if b"\0" in raw else f"not UTF-8 text (byte {err.start})") from None
    _refuse_unreadable(path, text)
    return text


def _refuse_unreadable(path: str, text: str) -> None:
    """Refuse a text too large, binary (with a NUL) or empty to be a rule file, wherever it came from."""
    here = Position(path, 1, 1)
    if len(text) > MAX_FILE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise RuleError.at(here, TOO_LARGE)
    if "\0" in text:
        raise RuleError.at(here, BINARY)
    if not text.strip():
        raise RuleError.at(here, "empty file")
    lone = SURROGATE.search(text)  # (only an editor's buffer can hold one: a file's bytes decode to characters)
    if lone:
        start = lone.start()
        line_start = text.rfind("\n", 0, start) + 1
        raise RuleError.at(Position(path, text.count("\n", 0, start) + 1, start - line_start + 1),
                           text_problem(lone.group()))


def load_yaml(path: str, kind: FileKind):
    """Parse a file of the given kind into YMap/YList/YStr values with positions.

    A file that loaded cleanly before, with the same text, is rebuilt from its stored document
    (docstore.py) without reading its YAML again.
    """
    return _load(path, read_text(path), kind, keep=True)


def load_text(path: str, text: str, kind: FileKind):
    """Parse the text of a file of the given kind that need not be saved (an editor's buffer),
    as `load_yaml` parses the file at `path`: with the same bounds and the same diagnostics.

    The document is not stored for later runs (an editor's text changes at every keystroke).
    """
    _refuse_unreadable(path, text)
    return _load(path, text, kind, keep=False)


def _load(path: str, text: str, kind: FileKind, keep: bool):
    """The document of a file's text; `keep`: store it for the next run when it loads cleanly."""
    document = stored_document(path, text)
    fresh = document is None
    later = ()
    if fresh:
        # here, not at the top: PyYAML is imported only to read a file afresh
        from .yamlread import parse
        try:
            document, later = parse(text, path)
        except RuleError:
            if _looks_like(text, kind):  # a rule file with a YAML mistake: its errors show its lines
                remember_source(path, text)
            raise
        if not isinstance(document, YMap):
            raise RuleError.at(Position(path, 1, 1), f"a {kind.name} must be a YAML mapping")
    _check_kind(document, kind)
    remember_source(path, text)
    document.sources = ((path, text),)
    if later:
        raise RuleError(later)
    if fresh and keep:
        keep_document(path, text, document)
    return document


def _check_kind(document: YMap, kind: FileKind) -> None:
    """Refuse a mapping with a top-level key that is not the kind's, nor a near miss of one."""
    for key in document:
        if not _kind_key(key, kind):
            named = f"'{key}'" if PLAIN_KEY.fullmatch(key) else "here"
            raise RuleError.at(document.key_pos[key], f"not a {kind.name}: the top-level key {named} is not one "
                                                      f"of a {kind.name}'s ({', '.join(sorted(kind.keys))})")


def _kind_key(key: str, kind: FileKind) -> bool:
    """Whether a top-level key is one of the kind's, or a near miss of one (for the shape check to name)."""
    if key in kind.keys:
        return True
    import difflib  # here, not at the top: only a file with an unknown top-level key needs it (start-up time)
    return bool(difflib.get_close_matches(key, kind.keys, n=1, cutoff=0.7))


def _looks_like(text: str, kind: FileKind) -> bool:
    """Whether a file YAML cannot read is still of the kind by its text: every line that starts
    in the first column (no comment, no document marker) is `key:` with a key of the kind."""
    keys = []
    for line in text.split("\n"):
        if not line.strip() or line[0] in " \t#" or line.startswith(("---", "...", "%")):
            continue
        found = TOP_KEY.match(line)
        if found is None:
            return False
        keys.append(found.group("key"))
    return bool(keys) and all(_kind_key(key, kind) for key in keys)
