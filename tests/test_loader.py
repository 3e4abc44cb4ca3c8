"""The load stage: a small, safe YAML dialect with positions, and clear errors for bad files."""
import pytest

from rulelang.errors import RuleError
from rulelang.language.loader import load_yaml


def write(tmp_path, text, name="rules.yaml", mode="w"):
    path = tmp_path / name
    if mode == "wb":
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


def error_of(path):
    with pytest.raises(RuleError) as err:
        load_yaml(path)
    return err.value.diagnostics[0]


def test_values_remember_their_positions(tmp_path):
    doc = load_yaml(write(tmp_path, "name: x\nzones:\n  draw: {visibility: 'hidden'}\n"))
    hidden = doc["zones"]["draw"]["visibility"]
    assert (hidden.pos.line, hidden.pos.column, hidden.offset) == (3, 22, 1)
    assert doc.key_pos["zones"].line == 2


def test_yes_no_on_stay_text_and_numbers_are_decimal(tmp_path):
    doc = load_yaml(write(tmp_path, "a: yes\nb: no\nc: on\nd: true\ne: 0777\n"))
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
    from rulelang.api import packaged_rulesets
    from rulelang.language import loader

    def positions(value):
        if isinstance(value, loader.YMap):
            return [(k, value.key_pos[k], value.value_pos[k], positions(v)) for k, v in value.items()]
        if isinstance(value, loader.YList):
            return [(p, positions(v)) for p, v in zip(value.item_pos, value)]
        return (value, getattr(value, "pos", None), getattr(value, "offset", None))
    assert loader._FastLoader is not None
    for path in packaged_rulesets().values():
        text = open(path, encoding="utf-8").read()
        fast = loader._FastLoader(text, path).get_single_data()
        pure = loader._Loader(text, path).get_single_data()
        assert positions(fast) == positions(pure)
