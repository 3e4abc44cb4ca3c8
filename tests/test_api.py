"""The library's entry points: checking a rule file's text that is not saved (an editor's buffer)."""
import shutil
from pathlib import Path

from rulelang.analysis.testcheck import check_test_file
from rulelang.api import check, check_text, inspect_text
from rulelang.catalog import packaged_rulesets

ROOT = Path(__file__).resolve().parents[1]


def test_a_shipped_ruleset_s_text_checks_as_its_file_does(tmp_path):
    path = Path(packaged_rulesets()["storma_slottet"])
    found = inspect_text(str(tmp_path / "storma.yaml"), path.read_text(encoding="utf-8"))
    assert found.diagnostics == () and found.game is not None and "zones" in found.document


def test_a_broken_text_gets_the_diagnostics_of_its_file_at_the_text_s_path(tmp_path):
    source = ROOT / "tests" / "broken" / "misspelled.yaml"
    text = source.read_text(encoding="utf-8")
    unsaved = str(tmp_path / "unsaved.yaml")
    shown = [(d.position.line, d.position.column, d.message) for d in check_text(unsaved, text)]
    assert shown == [(d.position.line, d.position.column, d.message) for d in check(str(source))]
    assert len(shown) == 3 and all(d.position.path == unsaved for d in check_text(unsaved, text))


def test_a_text_extends_a_base_beside_its_path_and_nothing_outside(tmp_path):
    (tmp_path / "games").mkdir()
    shutil.copy(ROOT / "examples" / "higher_lower.yaml", tmp_path / "games" / "base.yaml")
    (tmp_path / "outside.yaml").write_text("name: x\n", encoding="utf-8")
    path = str(tmp_path / "games" / "variant.yaml")
    assert check_text(path, "extends: base.yaml\nname: A variant\n") == []
    found = check_text(path, "extends: ../outside.yaml\nname: A variant\n")
    assert [(d.position.line, d.position.column) for d in found] == [(1, 10)]
    assert "outside this file's folder" in found[0].message


def test_a_text_too_deep_or_empty_is_a_diagnostic_not_an_exception(tmp_path):
    path = str(tmp_path / "unsaved.yaml")
    assert "empty file" in check_text(path, "\n")[0].message
    assert "nesting" in check_text(path, "name: " + "[" * 5000 + "]" * 5000 + "\n")[0].message


def test_a_rule_test_file_s_text_is_checked_against_its_ruleset(tmp_path):
    path = str(tmp_path / "mine.test.yaml")
    text = "ruleset: storma_slottet\ntests:\n  - name: t\n    start: turn\n    first: P7\n"
    found = check_test_file(path, text=text)
    assert [(d.position.line, d.position.column) for d in found] == [(5, 12)]
    assert check_test_file(path, text=text.replace("P7", "P2")) == []
