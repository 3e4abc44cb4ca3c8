"""The load stage: a small, safe YAML dialect with positions, and clear errors for bad files."""
import json
import os
from pathlib import Path

import pytest

from rulelang.catalog import packaged_rulesets
from rulelang.errors import Diagnostic, Position, RuleError
from rulelang.kit.documents import YList, YMap
from rulelang.language import loader, yamlread
from rulelang.language.docstore import decode, encode
from rulelang.language.loader import FileKind, load_text, load_yaml

KIND = FileKind("test file", frozenset({"a", "b", "c", "d", "e", "name", "zones"}))


def write(tmp_path, text, name="rules.yaml", mode="w"):
    path = tmp_path / name
    if mode == "wb":
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


def positions(value):
    """Everything a later stage may read of a loaded value: kinds, values and positions."""
    if isinstance(value, YMap):
        return [(k, k.pos, value.key_pos[k], value.value_pos[k], positions(v)) for k, v in value.items()]
    if isinstance(value, YList):
        return [(p, positions(v)) for p, v in zip(value.item_pos, value, strict=True)]
    return (type(value).__name__, value, getattr(value, "pos", None), getattr(value, "offset", None))


def error_of(path):
    return diagnostics_of(path)[0]


def diagnostics_of(path) -> list:
    """The diagnostics of loading a file that must fail."""
    with pytest.raises(RuleError) as err:
        load_yaml(path, KIND)
    return err.value.diagnostics


def test_values_remember_their_positions(tmp_path):
    doc = load_yaml(write(tmp_path, "name: x\nzones:\n  draw: {visibility: 'hidden'}\n"), KIND)
    hidden = doc["zones"]["draw"]["visibility"]
    assert (hidden.pos.line, hidden.pos.column, hidden.offset) == (3, 22, 1)
    assert doc.key_pos["zones"].line == 2


def test_yes_no_on_stay_text_and_numbers_are_decimal(tmp_path):
    doc = load_yaml(write(tmp_path, "a: yes\nb: no\nc: on\nd: true\ne: 0777\n"), KIND)
    assert doc == {"a": "yes", "b": "no", "c": "on", "d": True, "e": 777}


@pytest.mark.parametrize("text, message, line", [
    ("a: &x [1]\nb: *x\n", "anchors", 1),
    ("a: !!python/object/apply:os.system ['ls']\n", "not allowed", 1),
    ("a: 1\na: 2\n", "duplicate key 'a'", 2),
    ("a:\n\tb: 1\n", "YAML", 2),
    ("- just\n- a list\n", "must be a YAML mapping", 1),
    ("a: [1, 2\n", "YAML", 2),
    ("a: !!binary aGVsbG8=\n", "not allowed", 1),
])
def test_bad_yaml_is_refused_with_a_position(tmp_path, text, message, line):
    diagnostic = error_of(write(tmp_path, text))
    assert message in diagnostic.message
    assert diagnostic.position.line == line


def test_billion_laughs_is_refused_at_the_first_anchor(tmp_path):
    lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    lines += [f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]" for i in range(8)]
    assert "anchors" in error_of(write(tmp_path, "\n".join(lines) + "\n")).message


def test_deep_nesting_is_refused(tmp_path):
    assert "nesting deeper" in error_of(write(tmp_path, "a: " + "[" * 200 + "]" * 200 + "\n")).message


@pytest.mark.parametrize("content, message", [
    (b"", "empty file"),
    (b"   \n\n", "empty file"),
    (b"\x00\x01binary", "binary file"),
    (b"a: \xff\xfe\n", "not UTF-8"),
])
def test_empty_binary_and_undecodable_files(tmp_path, content, message):
    assert message in error_of(write(tmp_path, content, mode="wb")).message


def test_missing_file(tmp_path):
    assert "no such file" in error_of(str(tmp_path / "nope.yaml")).message


def test_huge_file(tmp_path):
    assert "larger than" in error_of(write(tmp_path, "a: " + "x" * 1_100_000 + "\n")).message


def test_libyaml_and_pure_python_loaders_build_the_same_document():
    assert yamlread._FastLoader is not None
    for path in packaged_rulesets().values():
        text = open(path, encoding="utf-8").read()
        fast = yamlread._FastLoader(text, path).get_single_data()
        pure = yamlread._Loader(text, path).get_single_data()
        assert positions(fast) == positions(pure)


@pytest.mark.parametrize("text, message, line, column", [
    ("a: " + "9" * 5000 + "\n", "at most 18 digits", 1, 4),
    ("a: 1234567890123456789\n", "at most 18 digits", 1, 4),
    ("a: !!int 0x10\n", "written in decimal digits", 1, 4),
    ("a: !!int ''\n", "written in decimal digits", 1, 4),
    ("a: !!bool maybe\n", "true or false", 1, 4),
    ("a: [!!int [1]]\n", "YAML", 1, 5),
    ('a: "x\\ey"\n', "control characters (\\x1b found)", 1, 4),
    ('a: "\\x9b2J"\n', "control characters (\\x9b found)", 1, 4),
    ('"b\\u202e": 1\n', "control characters (\\u202e found)", 1, 1),
    ('a: "S\\ud800"\n', "lone surrogate (\\ud800 found)", 1, 4),
    ('"S\\udfff": 1\n', "lone surrogate (\\udfff found)", 1, 1),
    ('label: "hi\\u200dgher"\n', "show nothing (\\u200d found)", 1, 8),
    ('"a\\u200fb": 1\n', "show nothing (\\u200f found)", 1, 1),
    ('name: "x\\ufeff"\n', "show nothing (\\ufeff found)", 1, 7),
    ('help: "\\u202e"\n', "control characters (\\u202e found)", 1, 7),
    ("a: [1, 2]\na: 3\n", "duplicate key 'a'", 2, 1),
])
def test_every_scalar_failure_is_a_positioned_error(tmp_path, text, message, line, column):
    diagnostic = error_of(write(tmp_path, text))
    assert message in diagnostic.message
    assert (diagnostic.position.line, diagnostic.position.column) == (line, column)


def test_free_text_may_hold_characters_that_show_nothing(tmp_path):
    text = 'description: "a \\U0001F468\\u200d\\U0001F469 family"\nrules: "\\u200f"\nmoves: {m: {help: "a\\u200bb"}}\n'
    doc = load_yaml(write(tmp_path, text), FileKind("rule file", frozenset({"description", "rules", "moves"})))
    assert doc["description"] == "a \U0001F468\u200d\U0001F469 family" and doc["moves"]["m"]["help"] == "a\u200bb"


def test_numbers_up_to_18_digits_and_leading_zeros_load(tmp_path):
    doc = load_yaml(write(tmp_path, "a: 999999999999999999\nb: -0000000000000000000001\n"), KIND)
    assert doc == {"a": 999999999999999999, "b": -1}


@pytest.mark.parametrize("text, shown", [
    ("root:$6$salt$hash:19000:0:99999:7:::\n", "here"),
    ("password: hunter2\n", "'password'"),
])
def test_a_file_of_another_kind_is_refused_without_quoting_it(tmp_path, text, shown):
    diagnostic = error_of(write(tmp_path, text))
    assert diagnostic.message.startswith(f"not a test file: the top-level key {shown} is not one")
    assert "hunter2" not in diagnostic.format() and "$6$" not in diagnostic.format()


def test_a_near_miss_of_a_key_loads_for_the_shape_check_to_name(tmp_path):
    assert "nmae" in load_yaml(write(tmp_path, "nmae: x\n"), KIND)


def test_only_a_file_that_loaded_shows_its_lines(tmp_path):
    secret = error_of(write(tmp_path, "password: hunter2\n", "secret.yaml"))
    assert secret.format().count("\n") == 0
    good = load_yaml(write(tmp_path, "name: x\na: hunter2\n", "good.yaml"), KIND)
    assert Diagnostic(good.value_pos["a"], "look").format().endswith("a: hunter2\n       ^")


def test_a_long_line_shows_a_window_around_the_spot(tmp_path):
    doc = load_yaml(write(tmp_path, "a: '" + "x" * 5000 + "y" + "x" * 5000 + "'\n"), KIND)
    _, line, caret = Diagnostic(doc.pos.shifted(5004), "here").format().split("\n")
    assert len(line) < 110 and line[caret.index("^")] == "y"


def test_a_special_file_is_not_read(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    assert "not a regular file" in error_of(str(fifo)).message


@pytest.mark.parametrize("statement, stopped", [
    ('- log Paid: "{amount} chips', 4),
])
def test_a_statement_yaml_splits_at_its_colon_is_blamed_with_a_hint(tmp_path, statement, stopped):
    text = f"name: x\na:\n  {statement}\n  - log \"ok\"\nb:\n  - log \"ok\"\n"
    diagnostic = error_of(write(tmp_path, text))
    assert (diagnostic.position.line, diagnostic.position.column) == (3, 5)
    assert "put the whole statement in quotes, or use the mapping form (- log: " in diagnostic.message
    assert (f"YAML stopped at line {stopped}" in diagnostic.message) == (stopped is not None)


@pytest.mark.parametrize("item, text", [
    ('- log "Roll: again"', 'log "Roll: again"'),                       # YAML reads a mapping
    ('- log "{why}: {amount} chips"', 'log "{why}: {amount} chips"'),   # YAML fails lines further on
    ('- log "{why}: {amount chips"', 'log "{why}: {amount chips"'),
    ('- log "a: b: c"  # a comment: here', 'log "a: b: c"'),            # YAML fails at the second colon
    ('- refuse \'Åsa: no\'', "refuse 'Åsa: no'"),
])
def test_a_statement_whose_quoted_text_holds_a_colon_is_read_as_written(tmp_path, item, text):
    doc = load_yaml(write(tmp_path, f"name: x\na:\n  {item}\n  - log \"ok\"\nb:\n  - log \"ok\"\n"), KIND)
    read = doc["a"][0]
    assert (read, read.pos, read.offset, doc["a"].item_pos[0]) == (text, Position(read.pos.path, 3, 5), 0, read.pos)
    assert doc["a"][1:] == ["log \"ok\""] and doc["b"] == ["log \"ok\""]


@pytest.mark.parametrize("text, where, value", [
    ("name: x\na:\n  label: Roll: again  # a: comment\n  c: 1\n", ("a", "label"), "Roll: again"),
    ("name: x\na:\n  - play: [center[0], x]\n    visible: {P2: [P1.piles[2]]}\n", ("a", 0, "play", 0), "center[0]"),
    ("name: x\na:\n  - play: [center[0], x]\n    visible: {P2: [P1.piles[2]]}\n",
     ("a", 0, "visible", "P2", 0), "P1.piles[2]"),
])
def test_plain_text_with_a_colon_or_a_name_with_brackets_loads_where_yaml_refuses_it(tmp_path, text, where, value):
    doc = load_yaml(write(tmp_path, text), KIND)
    found = doc
    for step in where:
        found = found[step]
    assert found == value
    column = text.split("\n")[found.pos.line - 1].index(value) + 1
    assert found.pos.column == column and found.offset == 0


def test_a_yaml_error_is_blamed_on_its_own_line_not_on_a_block_above_it(tmp_path):
    text = "name: x\na:\n  - choose move: [roll, hold]\nb:\n  roll:\n    label: \"Roll\": again\n"
    diagnostic = error_of(write(tmp_path, text))
    assert (diagnostic.position.line, diagnostic.message) == (6, "YAML: mapping values are not allowed here")


def test_a_yaml_error_far_below_a_colon_in_text_keeps_yaml_s_own_words(tmp_path):
    text = "name: x\na:\n  - log it: fine\n" + "c: 1\n" * 8 + "d: [1, 2\n"
    diagnostic = error_of(write(tmp_path, text))
    assert diagnostic.message.startswith("YAML: ") and diagnostic.position.line == 13


@pytest.mark.parametrize("text, line, column, says", [
    ("a:\n  b:\n    c: 1\n   d: 2\n", 4, 4, "indented less than line 3 (column 5) but more than line 2 (column 3)"),
    ("a:\n  b:\n    c: 1\n d: 2\n", 4, 2, "indented less than line 2 (column 3) but more than line 1 (column 1)"),
    ("a:\n  - x\n - y\n", 3, 2, "indented less than line 2 (column 3) but more than line 1 (column 1)"),
    ("a:\n  b: 1\n    c: 2\n", 3, 5, "indented more than line 2 above it, where 'b' already has a value: "
                                      "line it up with 'b' (column 3)"),
    ("a:\n  - b: 1\n      c: 2\n", 3, 7, "where 'b' already has a value: line it up with 'b' (column 5)"),
    ("a:\n\tb: 1\n", 2, 1, "this line is indented with a tab: YAML indents with spaces only"),
    ("a:\n  b: |\n\n      text\n        more\n    less\n", 6, 5,
     "indented less than line 4 (column 7), the first of the text block that line 2 starts"),
    ("a:\n  b: |\n      text\n        more\n  c: 1\n   d: 2\n", 6, 4,
     "indented more than line 5 above it, where 'c' already has a value"),   # the text is no structure
])
def test_an_indentation_mistake_is_said_in_plain_words_at_its_line(tmp_path, text, line, column, says):
    diagnostic = error_of(write(tmp_path, text))
    assert (diagnostic.position.line, diagnostic.position.column) == (line, column)
    assert says in diagnostic.message and "(YAML: " in diagnostic.message


@pytest.mark.parametrize("text", [
    "a:\n  b: [1, 2\n",
    "a:\n  b: |\n      text\n  c: 1\n  d: {x: 1\n  e: 2\n",
])
def test_a_yaml_error_with_nothing_wrong_in_its_indentation_keeps_yaml_s_own_words(tmp_path, text):
    assert error_of(write(tmp_path, text)).message.startswith("YAML: ")


def test_a_key_repeated_below_a_key_with_no_value_asks_about_its_indentation(tmp_path):
    text = "a:\n  b:\n    c: 1\n    d: 2\n    e:\n    c: 3\n    d: 4\n    f: \n"
    first, second = sorted(diagnostics_of(write(tmp_path, text)), key=lambda d: d.position.line)
    assert first.message == ("duplicate key 'c' (first on line 3): 'e' on line 5 above it has no value — is 'e' "
                             "indented more than it should be, or are the lines below it indented less?")
    assert second.message == "duplicate key 'd' (first on line 4)"   # told once


def test_a_key_repeated_with_no_empty_key_between_says_where_it_was_first(tmp_path):
    assert error_of(write(tmp_path, "a: 1\nb: ~\na: 2\n")).message == "duplicate key 'a' (first on line 1)"


def test_a_file_of_the_kind_with_broken_yaml_shows_its_line_and_another_file_does_not(tmp_path):
    mine = error_of(write(tmp_path, "name: x\na:\n  b: 1\n   c: 2\n", "mine.yaml"))
    assert mine.format().endswith("\n       c: 2\n       ^")
    for name, text in (("secret.yaml", "password: x\na:\n  b: 1\n   c: hunter2\n"),
                       ("notes.yaml", "name: x\nfree text hunter2\na:\n  b: 1\n   c: 2\n")):
        assert error_of(write(tmp_path, text, name)).format().count("\n") == 0


# Documents stored between runs (docstore.py; their use across processes: test_docstore.py)

def shipped_files() -> list:
    """Every shipped rule file and rule test file."""
    rulesets = list(packaged_rulesets().values())
    return rulesets + [path[:-len(".yaml")] + ".test.yaml" for path in rulesets
                       if os.path.exists(path[:-len(".yaml")] + ".test.yaml")]


def test_a_stored_document_reads_back_as_the_document_read():
    files = shipped_files()
    assert len(files) > 6
    for path in files:
        document, later = yamlread.parse(Path(path).read_text(encoding="utf-8"), path)
        assert later == []
        again = decode(json.loads(json.dumps(encode(document))), path)
        assert again == document
        assert positions(again) == positions(document)


def test_a_stored_document_takes_the_path_it_is_loaded_by():
    path = packaged_rulesets()["houska_castle"]
    document, _ = yamlread.parse(Path(path).read_text(encoding="utf-8"), path)
    again = decode(encode(document), "elsewhere.yaml")
    assert again["zones"].pos.path == again.key_pos["zones"].path == "elsewhere.yaml"
    assert again["zones"].pos.line == document["zones"].pos.line


def test_a_text_loads_as_its_file_does_without_the_file(tmp_path):
    text = "name: x\nzones:\n  draw: {visibility: 'hidden'}\n"
    path = write(tmp_path, text)
    assert positions(load_text(path, text, KIND)) == positions(load_yaml(path, KIND)) != []
    unsaved = load_text(str(tmp_path / "unsaved.yaml"), text, KIND)
    assert unsaved["zones"]["draw"]["visibility"].pos == Position(str(tmp_path / "unsaved.yaml"), 3, 22)


@pytest.mark.parametrize("text, message", [
    ("", "empty file"), ("  \n", "empty file"), ("a: \0x\n", "binary file"),
    ("a: " + "é" * 600_000 + "\n", "larger than"),
])
def test_a_text_is_refused_as_its_file_would_be(tmp_path, text, message):
    with pytest.raises(RuleError) as err:
        load_text(str(tmp_path / "unsaved.yaml"), text, KIND)
    assert message in err.value.diagnostics[0].message


def test_a_text_is_not_kept_for_the_next_run(tmp_path, monkeypatch):
    kept = []
    monkeypatch.setattr(loader, "keep_document", lambda path, text, document: kept.append(text))
    load_text(str(tmp_path / "unsaved.yaml"), "name: x\n", KIND)
    load_yaml(write(tmp_path, "name: y\n"), KIND)
    assert kept == ["name: y\n"]
