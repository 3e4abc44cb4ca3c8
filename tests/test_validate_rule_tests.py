"""`rulelang validate` knows rule test files by name and checks them against their ruleset, unrun."""
import json
import shutil
import textwrap

import pytest
from click.testing import CliRunner
from rulelang.api import packaged_rulesets
from rulelang.cli.main import main

BROKEN = """\
ruleset: storma_slottet
tests:
  - name: broken
    start: turn
    first: P7
    zones:
      P1.hnd: [QS]
      P1.hand: [QQ, {card: 2C, hp: 3}]
      P2.hand: [2C]
    vars: {P1.hous: spades}
    dice: [11]
    rest: [{zone: P3.hand, count: 2}, discrd]
    steps:
      - play: [attack, " JK1"]
        by: P9
        visible: {P2: [ZZ]}
        expect: "count(P1.hand) >= "
      - expect: "card('XX') in P2.hand"
        log: [{text: a, seen_by: [P5]}]
    expect: "nosuchfn(1)"
    winner: P4
  - name: inline
    ruleset: {extends: storma_slottet, deck: {standard: 53}}
  - name: missing
    ruleset: nosuch
"""

EXPECTED = [
    (5, 12, "'P7' is not a seat"),
    (7, 7, "no zone 'hnd'"),
    (8, 17, "no card named 'QQ' in the deck"),
    (8, 32, "'hp' is not a card_vars name"),
    (9, 17, "card 2C is laid out twice"),
    (10, 12, "'hous' is not a player_vars name"),
    (11, 12, "forced die 11 cannot come up in Storma slottet!: its dice show 0 to 9"),
    (12, 12, "'P3' is not a seat"),
    (12, 39, "no zone 'discrd'"),
    (14, 24, "' JK1' is not an option label"),
    (15, 13, "'P9' is not a seat"),
    (16, 24, "no card named 'ZZ'"),
    (17, 36, "ends too early"),
    (18, 23, "no card named 'XX'"),
    (19, 35, "'P5' is not a seat"),
    (20, 14, "unknown function 'nosuchfn'"),
    (21, 13, "'P4' is not a seat"),
    (23, 57, "a standard deck has 52 or 54 cards, not 53"),
    (25, 14, "cannot find 'nosuch'"),
]


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args):
        return runner.invoke(main, list(args), catch_exceptions=False)
    return invoke


def test_a_broken_test_file_gets_each_mistake_at_its_line_and_column(run, tmp_path):
    path = tmp_path / "broken.test.yaml"
    path.write_text(BROKEN)
    result = run("validate", str(path))
    assert result.exit_code == 1 and "Traceback" not in result.output
    for line, column, message in EXPECTED:
        assert any(f"broken.test.yaml:{line}:{column}: error: " in row and message in row
                   for row in result.output.splitlines()), (line, column, message)
    data = json.loads(run("validate", str(path), "--format", "json").output)
    assert data["errors"] == len(EXPECTED)


def test_a_test_file_is_not_run_by_validate(run, tmp_path):
    path = tmp_path / "fails.test.yaml"
    path.write_text(textwrap.dedent("""\
        ruleset: storma_slottet
        tests:
          - name: would fail if run
            expect: "count(draw) == 1"
        """))
    assert run("validate", str(path)).exit_code == 0


def test_a_test_file_whose_ruleset_has_errors_says_so_at_its_ruleset_line(run, tmp_path):
    (tmp_path / "bad.yaml").write_text("name: x\nplayers: [2, 2]\n")
    path = tmp_path / "t.test.yaml"
    path.write_text("ruleset: bad.yaml\ntests:\n  - name: a\n")
    result = run("validate", str(path))
    assert result.exit_code == 1 and "t.test.yaml:1:10: error: the ruleset has errors" in result.output


@pytest.mark.parametrize("folder", ["rulesets", "examples"])
def test_a_shipped_folder_validates_clean_with_its_test_files(run, folder):
    result = run("validate", folder)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("ok: ")


def test_validate_rulesets_counts_test_files_apart(run):
    result = run("validate", "rulesets")
    shipped = len(packaged_rulesets())  # each with its rule test file
    assert f"{shipped} rule files and {shipped} rule test files" in result.output


def test_a_folder_is_checked_one_level_deep_and_an_empty_one_is_an_error(run, tmp_path):
    shutil.copy("rulesets/supertrumf.yaml", tmp_path / "supertrumf.yaml")
    (tmp_path / "deeper").mkdir()
    (tmp_path / "deeper" / "broken.yaml").write_text("name: [\n")
    (tmp_path / "t.test.yaml").write_text("ruleset: supertrumf.yaml\ntests:\n  - name: a\n    dice: [1]\n")
    result = run("validate", str(tmp_path))
    assert result.exit_code == 1 and "t.test.yaml:4:12: error: forced die 1" in result.output
    assert "it rolls no dice" in result.output and "deeper" not in result.output
    empty = tmp_path / "empty"
    empty.mkdir()
    result = run("validate", str(empty))
    assert result.exit_code == 2 and "no .yaml files in the folder" in result.output


def test_rest_without_a_deck_and_a_negative_rest_count_are_positioned_errors(run, tmp_path):
    dice = tmp_path / "dice.test.yaml"
    dice.write_text("ruleset: yahtzee\ntests:\n  - name: a\n    rest: tray\n")
    result = run("validate", str(dice))
    assert result.exit_code == 1
    assert "dice.test.yaml:4:11: error: 'rest' deals the cards a test does not lay out, and Yahtzee has no deck" in (
        result.output)
    negative = tmp_path / "negative.test.yaml"
    negative.write_text("ruleset: storma_slottet\ntests:\n  - name: a\n    rest: [{zone: P1.hand, count: -5}, discard]\n")
    result = run("validate", str(negative))
    assert result.exit_code == 1 and "negative.test.yaml:4:35: error: 'count' must be a whole number, 0 or more" in (
        result.output)
