"""Parse trees kept between runs: each rule file's expressions, parsed once, rebuilt from JSON after.

Parsing a rule file's expressions with lark is most of what `validate` does; rebuilding the same
trees from a JSON store is about ten times quicker. The store is one file per rule file, in the
user's own cache folder (`$XDG_CACHE_HOME/rulelang/parses`, else `~/.cache/rulelang/parses`),
named by the grammar, the installed lark, the store's format and the rule file's path; it holds
the trees of the expressions that file had when it was last parsed, keyed by their text, so an
edited expression is simply parsed afresh. A process rewrites a file's store when it had to
parse something of it (atomically: a whole new file replaces the old). Stores are plain data: a
damaged or foreign one reads as empty. The folder keeps at most `MAX_STORES` stores (the oldest
go), and a store at most `MAX_KEPT_TEXT` characters of expressions.
"""
from __future__ import annotations

import atexit
import hashlib
import json
import os

from ..kit.trees import META, Meta, Token, Tree
from .cachedir import cache_folder

FORMAT = 1  # the layout of a stored tree below; a change makes old stores unreadable by name
MAX_STORES = 200  # store files kept in the folder (the least recently written go first)
MAX_TEXT = 2_000  # longer expressions are parsed every time (a store stays small)
MAX_KEPT_TEXT = 200_000  # characters of expressions kept per rule file (its store stays a few MB at most)


class ParseStore:
    """The stored trees of the rule files this process parses: read on first use, saved at exit.

    `version` names the grammar and lark's version. A rule file is known by its absolute path;
    texts with no file behind them (`<string>`) are not stored.
    """

    def __init__(self, version: str):
        self.version = version
        self.folder: str | None = None
        self.opened = False
        self.files: dict = {}  # a position's path -> the rule file's absolute path, or None
        self.stored: dict = {}  # absolute path -> {key: encoded tree}, as read from its store
        self.used: dict = {}  # absolute path -> {key: tree} this process asked for
        self.changed: set = set()  # absolute paths with trees parsed afresh
        self.kept_text: dict = {}  # absolute path -> characters of the expressions in `used`

    def lookup(self, path: str, start: str, text: str) -> Tree | None:
        """The stored tree of `text` parsed from `start` in the rule file at `path`, or None."""
        file = self._file_of(path)
        if file is None or len(text) > MAX_TEXT:
            return None
        encoded = self._stored(file).get(f"{start}\n{text}")
        if encoded is None:
            return None
        try:
            return decode(encoded)
        except (TypeError, ValueError, IndexError, RecursionError):
            return None  # not a store of ours after all: parse afresh

    def keep(self, path: str, start: str, text: str, tree: Tree, fresh: bool) -> None:
        """Note that the rule file at `path` has this tree (`fresh`: just parsed, so its store is
        out of date and is rewritten at exit)."""
        file = self._file_of(path)
        if file is None or len(text) > MAX_TEXT:
            return
        used = self.used.setdefault(file, {})
        key = f"{start}\n{text}"
        if key not in used and self.kept_text.get(file, 0) + len(text) <= MAX_KEPT_TEXT:
            used[key] = tree
            self.kept_text[file] = self.kept_text.get(file, 0) + len(text)
            if fresh:
                self.changed.add(file)

    def save(self) -> None:
        """Rewrite the store of every rule file with trees parsed afresh: the trees it used this run."""
        for file in sorted(self.changed):
            trees = {key: encode(tree) for key, tree in self.used[file].items()}
            write_json(self._store_file(file), {"path": file, "trees": trees})
        if self.changed:
            prune(self.folder)
        self.changed.clear()

    def _file_of(self, path: str) -> str | None:
        """The absolute path of the rule file a position names, None for no file (or no store)."""
        file = self.files.get(path, False)
        if file is False:
            if not self.opened:
                self.opened = True
                self.folder = cache_folder("parses")
                if self.folder is not None:
                    atexit.register(self.save)
            usable = self.folder is not None and path and not path.startswith("<") and os.path.isfile(path)
            file = self.files[path] = os.path.abspath(path) if usable else None
        return file

    def _stored(self, file: str) -> dict:
        if file not in self.stored:
            data = read_json(self._store_file(file))
            trees = data.get("trees") if isinstance(data, dict) and data.get("path") == file else None
            self.stored[file] = trees if isinstance(trees, dict) else {}
        return self.stored[file]

    def _store_file(self, file: str) -> str:
        digest = hashlib.sha256(f"{self.version}\n{FORMAT}\n{file}".encode()).hexdigest()[:24]
        return os.path.join(self.folder, f"{digest}.json")


def encode(node):
    """A parse tree as plain lists: a token `[type, value, positions...]`, a tree
    `[rule, positions or None, children]`, an absent optional part None."""
    if node is None:
        return None
    if isinstance(node, Token):
        return [node.type, node.value, node.start_pos, node.line, node.column, node.end_line, node.end_column,
                node.end_pos]
    meta = node.meta
    return [str(node.data), None if meta.empty else [getattr(meta, name) for name in META],
            [encode(child) for child in node.children]]


def decode(data):
    """The parse tree that `encode` turned into `data`."""
    if data is None:
        return None
    if len(data) == 8:
        return Token(*data)
    rule, positions, children = data
    return Tree(rule, [decode(child) for child in children], Meta(positions))


def read_json(file: str):
    """The data of a JSON file, or None if it cannot be read as JSON."""
    try:
        with open(file, encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, ValueError, RecursionError):
        return None


def write_json(file: str, data) -> None:
    """Write `data` to `file` whole or not at all (another process may be reading it)."""
    import tempfile  # here, not at the top: only a run that parsed something afresh writes (start-up time)
    try:
        handle, temporary = tempfile.mkstemp(dir=os.path.dirname(file), suffix=".part")
    except OSError:
        return
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(data, out, separators=(",", ":"))
        os.replace(temporary, file)
    except OSError:
        try:
            os.unlink(temporary)
        except OSError:
            pass


def prune(folder: str) -> None:
    """Drop the least recently written stores beyond MAX_STORES."""
    try:
        entries = [entry for entry in os.scandir(folder) if entry.name.endswith(".json")]
        if len(entries) <= MAX_STORES:
            return
        entries.sort(key=lambda entry: entry.stat().st_mtime)
        for entry in entries[:len(entries) - MAX_STORES]:
            os.unlink(entry.path)
    except OSError:
        pass
