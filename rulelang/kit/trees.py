"""Parse trees as the later stages read them: a rule (`data`) with children, and tokens.

They have the shape of lark's trees (`Tree.data`, `.children`, `.meta`; a `Token` is the text
itself, with `.type` and its position), so the grammar's tree is used as it is; but they are our
own, so a rule file whose trees are stored from an earlier run (parsecache.py) is compiled
without importing lark at all.
"""
from __future__ import annotations

META = ("line", "column", "start_pos", "end_line", "end_column", "end_pos")


class Meta:
    """Where a tree's text stands in its expression (1-based line and column, 0-based offsets)."""

    __slots__ = ("empty",) + META

    def __init__(self, positions=None):
        self.empty = positions is None
        if positions is not None:
            self.line, self.column, self.start_pos, self.end_line, self.end_column, self.end_pos = positions


EMPTY = Meta()


class Tree:
    """A rule of the grammar matched: its name and its children (trees, tokens, or None)."""

    __slots__ = ("children", "data", "meta")

    def __init__(self, data: str, children: list, meta: Meta = EMPTY):
        self.data = data
        self.children = children
        self.meta = meta

    def iter_subtrees(self):
        """This tree and every tree below it (in no particular order)."""
        todo = [self]
        while todo:
            tree = todo.pop()
            yield tree
            todo.extend(child for child in tree.children if isinstance(child, Tree))

    def __eq__(self, other) -> bool:
        return isinstance(other, Tree) and self.data == other.data and self.children == other.children

    def __hash__(self) -> int:
        return hash((self.data, tuple(self.children)))

    def __repr__(self) -> str:
        return f"Tree({self.data!r}, {self.children!r})"


class Token(str):
    """A terminal of the grammar: the text matched, with its type and position."""

    def __new__(cls, type: str, value: str, start_pos=None, line=None, column=None, end_line=None,
                end_column=None, end_pos=None):
        token = super().__new__(cls, value)
        token.type = type
        token.value = value
        token.start_pos, token.line, token.column = start_pos, line, column
        token.end_line, token.end_column, token.end_pos = end_line, end_column, end_pos
        return token

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {self.value!r})"


def conjuncts(tree) -> list:
    """The parts of an expression joined by `and` (the expression itself if it has no `and`)."""
    if isinstance(tree, Tree) and tree.data == "and_":
        return [part for child in tree.children for part in conjuncts(child)]
    return [tree] if tree is not None else []


def conjunction(parts: list):
    """The expression `parts[0] and parts[1] and ...` (the one part itself, if there is one)."""
    return parts[0] if len(parts) == 1 else Tree("and_", list(parts))


def from_lark(node):
    """Our tree for a tree lark has just parsed."""
    if node is None:
        return None
    if hasattr(node, "children"):
        meta = node.meta
        positions = None if meta.empty else tuple(getattr(meta, name) for name in META)
        return Tree(str(node.data), [from_lark(child) for child in node.children], Meta(positions))
    return Token(node.type, str(node), node.start_pos, node.line, node.column, node.end_line, node.end_column,
                 node.end_pos)


def node_column(node) -> int:
    """The 0-based column where a tree or token (ours or, for a tree too deep, lark's) starts inside its text."""
    if isinstance(node, str):
        return (getattr(node, "column", None) or 1) - 1
    meta = getattr(node, "meta", None)
    if meta is not None and not meta.empty:
        return meta.column - 1
    for child in getattr(node, "children", ()):
        if child is not None:
            return node_column(child)
    return 0
