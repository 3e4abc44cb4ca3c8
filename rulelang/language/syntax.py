"""Parse expressions and statements with the lark grammar, turning lark's errors into ours.

lark is imported only when something must be parsed afresh: trees stored by an earlier run
(parsecache.py) are our own (trees.py), so a rule file parsed before compiles without it.
"""
from __future__ import annotations

import functools
import hashlib
import importlib.util
import os

from ..catalog import shipped_folder
from ..errors import Position, RuleError
from ..kit.trees import Tree, from_lark, node_column
from .cachedir import cache_folder
from .parsecache import ParseStore

GRAMMAR_FILE = "rulelang.lark"
MAX_NESTING = 200  # levels of an expression's tree: every later stage walks it recursively


def grammar_text() -> str:
    """The grammar's source, from the installed package or the source tree."""
    with open(os.path.join(shipped_folder("grammar"), GRAMMAR_FILE), encoding="utf-8") as handle:
        return handle.read()


def grammar_digest() -> str:
    """A short digest of the grammar's source."""
    return hashlib.sha256(grammar_text().encode("utf-8")).hexdigest()[:16]


@functools.lru_cache(maxsize=1)
def parser():
    """The LALR parser for both start symbols, built once per process (from lark's cache when it can)."""
    from lark import Lark, __version__
    folder = cache_folder()
    cache = False if folder is None else os.path.join(folder, f"grammar-{grammar_digest()}-lark{__version__}.cache")
    return Lark(grammar_text(), parser="lalr", start=["start_expr", "start_statement"],
                propagate_positions=True, maybe_placeholders=True, cache=cache)


@functools.lru_cache(maxsize=1)
def store() -> ParseStore:
    """The trees parsed in earlier runs, rule file by rule file (see parsecache.py); they belong
    to this grammar and this installation of lark (found without importing it)."""
    spec = importlib.util.find_spec("lark")
    origin = spec.origin if spec is not None and spec.origin else ""
    try:
        installed = os.stat(origin).st_mtime_ns
    except OSError:
        installed = 0
    return ParseStore(f"{grammar_digest()}|{origin}|{installed}")


_trees: dict = {}  # (text, start) -> tree: a rule file and its variants repeat many expressions
MAX_REMEMBERED = 8192


def _parsed(text: str, start: str, path: str | None) -> Tree:
    """The parse tree of `text` written in the rule file at `path`: remembered in this process,
    else stored by an earlier run, else parsed."""
    key = (text, start)
    tree = _trees.get(key)
    fresh = False
    if tree is None:
        tree = store().lookup(path, start, text) if path else None
        if tree is None:
            tree, fresh = _parse_new(text, start), True
        if len(_trees) >= MAX_REMEMBERED:
            _trees.clear()
        _trees[key] = tree
    if path:
        store().keep(path, start, text, tree, fresh)
    return tree


def _parse_new(text: str, start: str) -> Tree:
    """Parse with lark; a tree nesting deeper than MAX_NESTING is refused."""
    from lark.exceptions import UnexpectedInput
    try:
        tree = parser().parse(text, start=start)
    except UnexpectedInput as err:
        raise _Unparsable(*_where_and_what(err, text)) from None
    too_deep = _deeper_than(tree, MAX_NESTING)  # before anything walks it recursively
    if too_deep is not None:
        raise _TooDeep(too_deep)
    return from_lark(tree)


class _TooDeep(Exception):
    """A tree nests deeper than MAX_NESTING; carries the first node too deep."""


class _Unparsable(Exception):
    """Text the grammar does not match; carries the 1-based column and what is wrong."""


def _deeper_than(tree, limit: int):
    """The first node of a lark tree more than `limit` levels down, or None (walked without recursion)."""
    todo = [(tree, 1)]
    while todo:
        node, level = todo.pop()
        if level > limit:
            return node
        todo.extend((child, level + 1) for child in getattr(node, "children", ()))
    return None


def parse(text: str, start: str, pos: Position) -> Tree:
    """Parse `text` (an expression or a statement) written at `pos`; errors point into it. YAML's
    `none` where an expression is written is the expression `none` (`trump: none`)."""
    if text is None and start == "start_expr":
        text = "none"
    if not isinstance(text, str):
        raise RuleError.at(pos, f"expected an expression as text, found {type(text).__name__}")
    if "\n" in text.strip():
        text_lines = text.strip().splitlines()
        text = " ".join(line.strip() for line in text_lines)
    try:
        return _parsed(str(text), start, pos.path)
    except _TooDeep as err:
        raise RuleError.at(pos.shifted(node_column(err.args[0])),
                           f"the expression nests deeper than {MAX_NESTING} levels") from None
    except _Unparsable as err:
        column, message = err.args
        raise RuleError.at(pos.shifted(max(column - 1, 0)), message) from None


def _where_and_what(err, text: str) -> tuple:
    """The 1-based column of a lark parse error and a short human sentence for it."""
    from lark.exceptions import UnexpectedEOF, UnexpectedToken
    at_end = isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END")
    column = len(text) + 1 if at_end else (getattr(err, "column", 0) or len(text) + 1)
    return column, describe(err, text)


def describe(err, text: str) -> str:
    """A short human sentence for a lark parse error."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken
    if isinstance(err, UnexpectedCharacters):
        return f"unexpected character {text[err.pos_in_stream]!r}"
    if isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END"):
        return f"'{text.strip()}' ends too early (an unclosed bracket or a missing operand?)"
    if isinstance(err, UnexpectedToken):
        if err.token.type == "NAME" and err.token.value in ("T", "d") and err.token.column > 1:
            return f"dice need a number of sides after '{err.token.value}', like 2T10"
        return f"unexpected {err.token.value!r}"
    return "cannot parse"
