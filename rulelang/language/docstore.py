"""Loaded rule files kept between runs: a file read before is rebuilt from JSON, without PyYAML.

Importing PyYAML and reading a rule file's YAML is a good part of what a quick command such as
`validate` spends. So a file that loaded cleanly is kept as plain data: one store per rule file,
in the user's own cache folder (`$XDG_CACHE_HOME/rulelang/documents`, else
`~/.cache/rulelang/documents`), named by the file's absolute path. A store holds the file's
whole text and the document it loaded as, with every position; it is used only while the file
has exactly that text and only by the loader that wrote it (the store names the loader's modules
and PyYAML's installation). A file that failed to load is never kept (its errors come from
reading it afresh), nor is a file longer than `MAX_TEXT`. Damaged or foreign stores read as
nothing. The folder keeps at most `parsecache.MAX_STORES` stores (the oldest go).
"""
from __future__ import annotations

import functools
import hashlib
import importlib.util
import os

from ..errors import Position
from ..kit.documents import YList, YMap, YStr
from .cachedir import cache_folder
from .parsecache import prune, read_json, write_json

FORMAT = 1  # the layout of a stored document below; a change makes old stores unreadable by name
MAX_TEXT = 200_000  # longer files are read afresh every time (a store stays a few MB at most)
# what a document depends on
_LOADER_MODULES = ("kit/documents.py", "language/loader.py", "language/yamlread.py", "language/yamlrepair.py",
                   "language/textcheck.py", "language/docstore.py")  # (within the package)


def stored_document(path: str, text: str) -> YMap | None:
    """The document the rule file at `path` loaded as when it last had `text`, or None."""
    folder = _folder()
    if folder is None or len(text) > MAX_TEXT:
        return None
    file = os.path.abspath(path)
    data = read_json(_store_file(folder, file))
    if not isinstance(data, dict) or data.get("version") != _version() or data.get("path") != file \
            or data.get("text") != text:
        return None
    try:
        document = decode(data.get("document"), path)
    except (TypeError, ValueError, IndexError, RecursionError):
        return None  # not a store of ours after all: read the file afresh
    return document if isinstance(document, YMap) else None


def keep_document(path: str, text: str, document: YMap) -> None:
    """Store the document a rule file with `text` just loaded as, for the next run."""
    folder = _folder()
    if folder is None or len(text) > MAX_TEXT:
        return
    file = os.path.abspath(path)
    write_json(_store_file(folder, file), {"version": _version(), "path": file, "text": text,
                                           "document": encode(document)})
    prune(folder)


def encode(value):
    """A loaded value as plain data: text `["s", text, line, column, offset]`, a mapping
    `["m", line, column, [[key, line, column, value, line, column], ...]]` (the key's and the
    value's positions), a list `["l", line, column, [[item, line, column], ...]]`; numbers,
    true, false and none as they are."""
    if isinstance(value, YStr):
        return ["s", str(value), value.pos.line, value.pos.column, value.offset]
    if isinstance(value, YMap):
        return ["m", value.pos.line, value.pos.column,
                [[encode(key), value.key_pos[key].line, value.key_pos[key].column,
                  encode(item), value.value_pos[key].line, value.value_pos[key].column]
                 for key, item in value.items()]]
    if isinstance(value, YList):
        return ["l", value.pos.line, value.pos.column,
                [[encode(item), where.line, where.column] for item, where in zip(value, value.item_pos)]]
    return value


def decode(data, path: str):
    """The value that `encode` turned into `data`, its positions in the file at `path`."""
    if data is None or isinstance(data, (bool, int)):
        return data
    if not isinstance(data, list):
        raise TypeError("a stored value is a list, a number, true, false or none")
    tag = data[0]
    if tag == "s":
        _, text, line, column, offset = data
        if not isinstance(text, str) or not isinstance(offset, int):
            raise TypeError("a stored text")
        value = YStr(text)
        value.pos, value.offset = Position(path, line, column), offset
        return value
    _, line, column, entries = data
    if tag == "m":
        mapping = YMap()
        mapping.pos, mapping.key_pos, mapping.value_pos = Position(path, line, column), {}, {}
        for key_data, key_line, key_column, item, item_line, item_column in entries:
            key = decode(key_data, path)
            if not isinstance(key, YStr):
                raise TypeError("a stored key")
            mapping[key] = decode(item, path)
            mapping.key_pos[key] = Position(path, key_line, key_column)
            mapping.value_pos[key] = Position(path, item_line, item_column)
        return mapping
    if tag == "l":
        items = YList()
        items.pos, items.item_pos = Position(path, line, column), []
        for item, item_line, item_column in entries:
            items.append(decode(item, path))
            items.item_pos.append(Position(path, item_line, item_column))
        return items
    raise ValueError(f"no stored value is tagged {tag!r}")


@functools.lru_cache(maxsize=1)
def _folder() -> str | None:
    return cache_folder("documents")


@functools.lru_cache(maxsize=1)
def _version() -> str:
    """What the stored documents were read with: this format, the loader's modules and PyYAML's
    installation (found without importing it), each by its file's last change."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    spec = importlib.util.find_spec("yaml")
    origin = spec.origin if spec is not None and spec.origin else ""
    stamps = []
    for file in [os.path.join(package, name) for name in _LOADER_MODULES] + [origin]:
        try:
            stamps.append(str(os.stat(file).st_mtime_ns))
        except OSError:
            stamps.append("0")
    return f"{FORMAT}|{origin}|{'|'.join(stamps)}"


def _store_file(folder: str, file: str) -> str:
    digest = hashlib.sha256(f"{FORMAT}\n{file}".encode()).hexdigest()[:24]
    return os.path.join(folder, f"{digest}.json")
