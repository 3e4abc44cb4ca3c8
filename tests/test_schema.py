"""The JSON Schemas for editors: shipped files validate, broken ones do not, and the files in
schemas/ are what `rulelang schema` prints."""
import copy
import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from click.testing import CliRunner
from rulelang.analysis.ruletests import read_tests
from rulelang.analysis.testschema import TEST_FILE
from rulelang.api import check
from rulelang.cli.main import main
from rulelang.errors import RuleError
from rulelang.language.loader import load_yaml
from rulelang.language.schema import RULE_FILE

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = {"rule": ROOT / "schemas" / "rulelang.schema.json", "test": ROOT / "schemas" / "rulelang-test.schema.json"}
SHIPPED = sorted((ROOT / "rulesets").glob("*.yaml")) + sorted((ROOT / "examples").glob("*.yaml"))
RULE_FILES = [path for path in SHIPPED if not path.name.endswith(".test.yaml")]
TEST_FILES = [path for path in SHIPPED if path.name.endswith(".test.yaml")]
MINIMAL = ROOT / "tests" / "data" / "minimal.yaml"
A_TEST_FILE = {"ruleset": "minimal.yaml",
               "tests": [{"name": "a play", "start": "turn",
                          "zones": {"P1.hand": ["AS", {"card": "2S", "under": ["3S"]}]},
                          "rest": [{"zone": "P2.hand", "count": 3}, "draw"],
                          "steps": [{"options": {"any_order": ["play"]}, "play": ["play", "AS"], "by": "P1",
                                     "log": [{"text": "AS", "seen_by": ["P1", "P2"]}]}],
                          "winner": None}]}


def schema_printed(*args) -> str:
    """What `rulelang schema ARGS` prints."""
    result = CliRunner().invoke(main, ["schema", *args], catch_exceptions=False)
    assert result.exit_code == 0
    return result.output


def validator(kind: str) -> jsonschema.Draft7Validator:
    """A validator for the shipped schema of one kind of file."""
    return jsonschema.Draft7Validator(json.loads(SCHEMAS[kind].read_text()))


def problems(kind: str, document) -> list[str]:
    """Where the schema of `kind` finds problems in `document` (paths joined by '/'), down to
    the innermost problem of each alternative an `anyOf` tried."""
    return [where for error in validator(kind).iter_errors(document) for where in _innermost(error)]


def _innermost(error) -> list[str]:
    if not error.context:
        return ["/".join(map(str, error.absolute_path))]
    return [where for inner in error.context for where in _innermost(inner)]


@pytest.mark.parametrize("kind, args", [("rule", ()), ("rule", ("rule",)), ("test", ("test",))])
def test_the_shipped_schemas_are_what_rulelang_schema_prints(kind, args):
    printed = schema_printed(*args)
    jsonschema.Draft7Validator.check_schema(json.loads(printed))
    assert printed == SCHEMAS[kind].read_text(), "run: rulelang schema > schemas/rulelang.schema.json " \
                                                 "and rulelang schema test > schemas/rulelang-test.schema.json"


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: p.name)
def test_every_shipped_rule_file_validates(path):
    assert problems("rule", load_yaml(str(path), RULE_FILE)) == []


@pytest.mark.parametrize("path", TEST_FILES, ids=lambda p: p.name)
def test_every_shipped_test_file_validates(path):
    assert problems("test", load_yaml(str(path), TEST_FILE)) == []


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_file_names_its_schema_in_its_first_line(path):
    first = path.read_text().splitlines()[0]
    prefix = "# yaml-language-server: $schema="
    assert first.startswith(prefix)
    named = (path.parent / first[len(prefix):]).resolve()
    assert named == SCHEMAS["test" if path.name.endswith(".test.yaml") else "rule"]


def checker_errors(document: dict, folder: Path) -> list:
    """The errors `rulelang validate` finds in `document`, written as a rule file."""
    written = folder / "game.yaml"
    written.write_text(yaml.safe_dump(document, sort_keys=False))
    return [d for d in check(str(written)) if d.severity == "error"]


def test_the_examples_are_sound_before_they_are_broken(tmp_path):
    assert problems("rule", yaml.safe_load(MINIMAL.read_text())) == []
    assert checker_errors(yaml.safe_load(MINIMAL.read_text()), tmp_path) == []
    assert [test.name for test in read_test_file(A_TEST_FILE, tmp_path)] == ["a play"]
    assert problems("test", A_TEST_FILE) == []


def broken(document: dict, path: tuple, value) -> dict:
    """A copy of `document` with `value` written at `path` (keys and list indices)."""
    out = copy.deepcopy(document)
    place = out
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    return out


@pytest.mark.parametrize("path, value, where", [
    (("colour",), "red", ""),
    (("zones", "hand", "visibility"), "secret", "zones/hand/visibility"),
    (("zones", "hand", "visibilty"), "owner", "zones/hand"),
    (("moves", "play", "do", 0, "form"), "x", "moves/play/do/0"),
    (("moves", "play", "do", 1), {"log": "x", "say": "y"}, "moves/play/do/1"),
    (("moves", "play", "do", 1), {"if": "true"}, "moves/play/do/1"),
    (("players",), 30, "players"),
    (("turn", "do"), "choose move: [play]", "turn/do"),
])
def test_a_broken_rule_file_is_refused_where_it_breaks_as_the_checker_refuses_it(path, value, where, tmp_path):
    document = broken(yaml.safe_load(MINIMAL.read_text()), path, value)
    assert where in problems("rule", document)
    assert checker_errors(document, tmp_path)


def test_a_rule_file_needs_its_parts_unless_it_extends_another():
    minimal = yaml.safe_load(MINIMAL.read_text())
    del minimal["players"]
    assert set(problems("rule", minimal)) == {""}
    del minimal["deck"], minimal["zones"]
    assert set(problems("rule", minimal)) == {""}  # still no players; a deck or zones it may do without
    variant = {"extends": "minimal.yaml", "zones": {"discard": None, "hand": {"capacity": 5}},
               "moves": {"pass": "none"}, "triggers": [{"name": "gone", "remove": True}]}
    assert problems("rule", variant) == []


def test_statements_may_be_written_as_mappings():
    minimal = yaml.safe_load(MINIMAL.read_text())
    statements = [{"log": "a: b"}, {"draw": "1 from draw to me.hand"}, {"break": None}]
    assert problems("rule", broken(minimal, ("setup",), statements)) == []


@pytest.mark.parametrize("path, value, where", [
    (("tests", 0, "steps", 0, "pick"), "AS", "tests/0/steps/0"),
    (("tests", 0, "sead"), 3, "tests/0"),
    (("tests", 0, "start"), "middle", "tests/0/start"),
    (("tests", 0, "zones", "P1.hand", 0), {"under": ["3S"]}, "tests/0/zones/P1.hand/0"),
    (("suite",), [], ""),
    (("tests", 0, "rest", 0, "colour"), "red", "tests/0/rest/0"),
    (("tests", 0, "steps", 0, "options"), {"any": ["play"]}, "tests/0/steps/0/options"),
    (("tests", 0, "steps", 0, "log", 0, "seen"), ["P1"], "tests/0/steps/0/log/0"),
])
def test_a_broken_test_file_is_refused_where_it_breaks_as_the_reader_refuses_it(path, value, where, tmp_path):
    assert where in problems("test", broken(A_TEST_FILE, path, value))
    with pytest.raises(RuleError):
        read_test_file(broken(A_TEST_FILE, path, value), tmp_path)


def read_test_file(document: dict, folder: Path) -> list:
    """The tests `rulelang test` reads from `document`, written as a rule test file beside minimal.yaml."""
    (folder / "minimal.yaml").write_text(MINIMAL.read_text())
    written = folder / "t.test.yaml"
    written.write_text(yaml.safe_dump(document, sort_keys=False))
    return read_tests(str(written))
