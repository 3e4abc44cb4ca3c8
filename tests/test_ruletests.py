"""The rule test runner: mistakes in a test file are reported at their place, failures explain."""
import textwrap

import pytest

from rulelang.analysis.ruletests import read_tests, run_test
from rulelang.errors import RuleError


def outcome_of(tmp_path, body):
    path = tmp_path / "t.test.yaml"
    path.write_text("ruleset: storma_slottet\ntests:\n" + textwrap.indent(textwrap.dedent(body), "  "))
    (test,) = read_tests(str(path))
    return run_test(test)


@pytest.mark.parametrize("body, message", [
    ("- name: twice\n  start: turn\n  zones:\n    P1.hand: [QS]\n    P2.hand: [QS]\n", "card QS is laid out twice"),
    ("- name: zone\n  start: turn\n  zones:\n    P1.hnd: [QS]\n", "no zone 'hnd'"),
    ("- name: owner\n  start: turn\n  zones:\n    hand: [QS]\n", "write P1.hand for zone 'hand'"),
    ("- name: card\n  start: turn\n  zones:\n    P1.hand: [QQ]\n", "no card named 'QQ'"),
    ("- name: step\n  steps:\n    - plya: hearts\n", "unknown step 'plya'"),
    ("- name: illegal\n  steps:\n    - play: purple\n", "'purple' is not a legal choice now"),
    ("- name: expect\n  expect: \"count(draw) == 1\"\n", "expected count(draw) == 1"),
    ("- name: result\n  winner: P1\n", "expected the game to be over"),
])
def test_mistakes_and_failures_say_what_and_where(tmp_path, body, message):
    outcome = outcome_of(tmp_path, body)
    assert not outcome.passed and message in outcome.message
    assert "t.test.yaml:" in outcome.message


def test_an_unknown_key_in_a_test_is_refused_when_reading(tmp_path):
    path = tmp_path / "t.test.yaml"
    path.write_text("ruleset: storma_slottet\ntests:\n  - name: x\n    covres: [SS-1]\n")
    with pytest.raises(RuleError, match="unknown key 'covres'"):
        read_tests(str(path))


def test_a_passing_test_passes(tmp_path):
    assert outcome_of(tmp_path, "- name: ok\n  covers: [SS-1]\n  expect: \"count(draw) == 54\"\n").passed
