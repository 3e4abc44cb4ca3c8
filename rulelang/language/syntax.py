"""Parse expressions and statements with the lark grammar, turning lark's errors into ours."""
from __future__ import annotations

import functools
import hashlib
import os
import re

from lark import Lark, Token, Tree
from lark import __version__ as lark_version
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)

from ..catalog import shipped_folder
from ..errors import Position, RuleError

GRAMMAR_FILE = "rulelang.lark"
TEMPLATE_FIELD = re.compile(r"\{([^{}]*)\}")  # `{expression}` inside a text, filled in when it runs
MAX_NESTING = 200  # levels of an expression's tree: every later stage walks it recursively


def grammar_text() -> str:
    """The grammar's source, from the installed package or the source tree."""
    with open(os.path.join(shipped_folder("grammar"), GRAMMAR_FILE), encoding="utf-8") as handle:
        return handle.read()


@functools.lru_cache(maxsize=1)
def parser() -> Lark:
    """The LALR parser for both start symbols, built once per process (from lark's cache when it can)."""
    grammar = grammar_text()
    return Lark(grammar, parser="lalr", start=["start_expr", "start_statement"],
                propagate_positions=True, maybe_placeholders=True, cache=cache_file(grammar) or False)


def cache_file(grammar: str) -> str | None:
    """Where lark keeps the built parser: a folder of the user's own (a shared temporary folder
    would let another user plant one), one file per grammar, or None."""
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(home, "rulelang")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        if os.stat(folder).st_uid != os.getuid() or not os.access(folder, os.W_OK):
            return None
    except OSError:
        return None
    digest = hashlib.sha256(grammar.encode("utf-8")).hexdigest()[:16]
    return os.path.join(folder, f"grammar-{digest}-lark{lark_version}.cache")


@functools.lru_cache(maxsize=8192)
def _parsed(text: str, start: str) -> Tree:
    """A parse tree, remembered: a rule file and its variants repeat many expressions."""
    tree = parser().parse(text, start=start)
    too_deep = _deeper_than(tree, MAX_NESTING)
    if too_deep is not None:
        raise _TooDeep(too_deep)
    return tree


class _TooDeep(Exception):
    """A tree nests deeper than MAX_NESTING; carries the first node too deep."""


def _deeper_than(tree: Tree, limit: int):
    """The first node of `tree` more than `limit` levels down, or None (walked without recursion)."""
    todo = [(tree, 1)]
    while todo:
        node, level = todo.pop()
        if level > limit:
            return node
        if isinstance(node, Tree):
            todo.extend((child, level + 1) for child in node.children)
    return None


def parse(text: str, start: str, pos: Position) -> Tree:
    """Parse `text` (an expression or a statement) written at `pos`; errors point into it."""
    if not isinstance(text, str):
        raise RuleError.at(pos, f"expected an expression as text, found {type(text).__name__}")
    if "\n" in text.strip():
        text_lines = text.strip().splitlines()
        text = " ".join(line.strip() for line in text_lines)
    try:
        return _parsed(str(text), start)
    except _TooDeep as err:
        raise RuleError.at(pos.shifted(node_column(err.args[0])),
                           f"the expression nests deeper than {MAX_NESTING} levels") from None
    except UnexpectedInput as err:
        at_end = isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END")
        column = len(text) + 1 if at_end else (getattr(err, "column", 0) or len(text) + 1)
        raise RuleError.at(pos.shifted(max(column - 1, 0)), describe(err, text)) from None


def describe(err: UnexpectedInput, text: str) -> str:
    """A short human sentence for a lark parse error."""
    if isinstance(err, UnexpectedCharacters):
        return f"unexpected character {text[err.pos_in_stream]!r}"
    if isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END"):
        return f"'{text.strip()}' ends too early (an unclosed bracket or a missing operand?)"
    if isinstance(err, UnexpectedToken):
        if err.token.type == "NAME" and err.token.value in ("T", "d") and err.token.column > 1:
            return f"dice need a number of sides after '{err.token.value}', like 2T10"
        return f"unexpected {err.token.value!r}"
    return "cannot parse"


def template_fields(text: str) -> list:
    """The `{expression}` fields of a text: (offset of the expression in the text, its source)."""
    return [(found.start() + 1, found.group(1)) for found in TEMPLATE_FIELD.finditer(text)]


def node_column(node) -> int:
    """The 0-based column where a tree or token starts inside its text."""
    if isinstance(node, Token):
        return (node.column or 1) - 1
    meta = getattr(node, "meta", None)
    if meta is not None and not meta.empty:
        return meta.column - 1
    for child in getattr(node, "children", ()):
        if child is not None:
            return node_column(child)
    return 0
