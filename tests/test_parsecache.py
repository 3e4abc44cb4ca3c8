"""Parse trees stored between runs (rulelang/language/parsecache.py): the same trees, without lark."""
import json
import os
import shutil

from rulelang.catalog import packaged_rulesets
from rulelang.kit.trees import Token, Tree
from rulelang.language import syntax
from rulelang.language.parsecache import decode, encode

EXPRESSIONS = [
    ("start_expr", "count(me.hand) > 0 and not any(c in me.hand | c.rank == 13)"),
    ("start_expr", "sum(c in cards_of(side) | 0 if c.face_down else pts(c)) - 2T10"),
    ("start_expr", "first(select(x in lowest | x._order == min(y in lowest | y._order)))"),
    ("start_statement", "move random(select(c in _box | c.rank == 5)) to max_hp_card"),
    ("start_statement", "draw 1 from talon to me.hand"),
]


def tokens_and_positions(node) -> list:
    """Everything a later stage may read of a tree: rules, token types, texts and positions."""
    if node is None:
        return [None]
    if isinstance(node, Token):
        return [(node.type, str(node), node.start_pos, node.line, node.column, node.end_column, node.end_pos)]
    meta = node.meta
    where = None if meta.empty else (meta.line, meta.column, meta.start_pos, meta.end_column, meta.end_pos)
    return [(node.data, where)] + [part for child in node.children for part in tokens_and_positions(child)]


def test_a_stored_tree_reads_back_as_the_tree_parsed():
    for start, text in EXPRESSIONS:
        tree = syntax._parse_new(text, start)
        again = decode(json.loads(json.dumps(encode(tree))))
        assert isinstance(again, Tree) and again == tree
        assert tokens_and_positions(again) == tokens_and_positions(tree)


def check_code(path: str) -> str:
    """Code that checks a rule file and prints its diagnostics and whether lark was imported."""
    return ("import json, sys\nfrom rulelang.api import check\n"
            f"found = [str(d) for d in check({path!r})]\n"
            "print(json.dumps({'diagnostics': found, 'lark': 'lark' in sys.modules}))")


def test_a_rule_file_checked_before_is_checked_again_without_lark(tmp_path, in_new_process):
    path = str(tmp_path / "storma.yaml")
    shutil.copy(packaged_rulesets()["storma_slottet"], path)
    cache = str(tmp_path / "cache")
    first = in_new_process(check_code(path), cache)
    assert first == {"diagnostics": [], "lark": True}
    assert in_new_process(check_code(path), cache) == {"diagnostics": [], "lark": False}
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text.replace("count(under(c)) > 0", "count(under(c)) >> 0", 1))  # an edited expression
    edited = in_new_process(check_code(path), cache)
    assert edited["lark"] is True and any("unexpected '>'" in d for d in edited["diagnostics"])


def test_a_damaged_or_foreign_store_is_read_as_empty(tmp_path, in_new_process):
    path = str(tmp_path / "storma.yaml")
    shutil.copy(packaged_rulesets()["storma_slottet"], path)
    cache = str(tmp_path / "cache")
    in_new_process(check_code(path), cache)
    folder = os.path.join(cache, "rulelang", "parses")
    (store,) = os.listdir(folder)
    with open(os.path.join(folder, store), encoding="utf-8") as handle:
        good = json.load(handle)
    foreign = {**good, "path": "/elsewhere/storma.yaml"}
    malformed = {**good, "trees": {key: [1, 2] for key in good["trees"]}}
    for content in (json.dumps(foreign), json.dumps(malformed), "\x00 not json"):
        with open(os.path.join(folder, store), "w", encoding="utf-8") as handle:
            handle.write(content)
        assert in_new_process(check_code(path), cache) == {"diagnostics": [], "lark": True}
