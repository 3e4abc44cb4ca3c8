"""The rule test runner: mistakes in a test file are reported at their place, failures explain."""
import textwrap
from pathlib import Path

import pytest

from rulelang import api
from rulelang.analysis.ruletests import read_tests, run_test
from rulelang.compile.gamecache import GameCache
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


@pytest.mark.parametrize("body, message, line, column", [
    ("- name: a\n  seed: abc\n", "'seed' must be a whole number", 4, 11),
    ("- name: a\n  dice: [1, x]\n", "each item of 'dice' must be a whole number", 4, 15),
    ("- name: a\n  steps: 5\n", "'steps' must be a list of steps", 4, 12),
    ("- name: a\n  steps:\n    - plya: hearts\n", "unknown key 'plya' in a step (did you mean 'play'?)", 5, 9),
    ("- name: a\n  steps:\n    - dice: [x]\n", "each item of 'dice' must be a whole number", 5, 16),
    ("- name: a\n  players: [2]\n", "'players' must be a whole number", 4, 14),
    ("- name: a\n  start: middle\n", "'start' must be setup or turn", 4, 12),
    ("- name: a\n  zones: {P1.hand: QS}\n", "'P1.hand': list the cards, top first", 4, 22),
    ("- name: a\n  zones:\n    P1.hand: [{card: QS, under: [{marker: {dmg: x}}]}]\n", "'dmg' must be a whole number", 5, 51),
    ("- name: a\n  vars: {points: [1]}\n", "'points' must be a number, text, true/false or none", 4, 20),
    ("- name: a\n  expect: [1]\n", "each item of 'expect' must be text", 4, 14),
    ("- name: a\n  steps:\n    - visible: {P1: {QS: 1}}\n", "'P1' must be a list", 5, 23),
])
def test_every_field_of_a_test_is_checked_when_reading(tmp_path, body, message, line, column):
    path = tmp_path / "t.test.yaml"
    path.write_text("ruleset: storma_slottet\ntests:\n" + textwrap.indent(body, "  "))
    with pytest.raises(RuleError) as err:
        read_tests(str(path))
    (diagnostic,) = err.value.diagnostics
    assert message in diagnostic.message
    assert (diagnostic.position.line, diagnostic.position.column) == (line, column)


@pytest.mark.parametrize("head, message", [
    ("ruleset: [x]\ntests: []\n", "needs 'ruleset: NAME-OR-PATH'"),
    ("ruleset: storma_slottet\ntests: 5\n", "needs a 'tests:' list"),
    ("ruleset: storma_slottet\npassword: hunter2\n", "not a rule test file"),
])
def test_the_file_itself_is_checked(tmp_path, head, message):
    path = tmp_path / "t.test.yaml"
    path.write_text(head)
    with pytest.raises(RuleError, match=message) as err:
        read_tests(str(path))
    assert "hunter2" not in str(err.value)


def test_a_player_count_the_ruleset_does_not_take_fails_at_its_place(tmp_path):
    outcome = outcome_of(tmp_path, "- name: a\n  players: 7\n")
    assert not outcome.passed
    assert "t.test.yaml:4:14:" in outcome.message and "for 2-2 players, not 7" in outcome.message


def test_a_marker_names_declared_card_variables(tmp_path):
    outcome = outcome_of(tmp_path, "- name: a\n  start: turn\n  zones:\n    P1.active: [{card: QS, under: [{marker: {hp: 1}}]}]\n")
    assert not outcome.passed and "'hp' is not a card_vars name" in outcome.message


def test_a_run_of_many_tests_compiles_each_rule_file_once(monkeypatch):
    compiled, real = [], api.compile_document
    monkeypatch.setattr(api, "COMPILED", GameCache())  # nothing compiled before this test
    monkeypatch.setattr(api, "compile_document", lambda doc, allow=(): compiled.append(doc) or real(doc, allow))
    tests = read_tests(str(Path(__file__).resolve().parents[1] / "rulesets" / "tjugonio.test.yaml"))
    assert len(tests) > 1 and all(run_test(test).passed for test in tests)
    assert len(compiled) == 1


def test_a_rule_test_compiles_its_expressions_apart_from_the_game(tmp_path):
    # the compiled game is shared by every test and every later load of its file: a test's own
    # expressions go into a program of their own, which reads the game's functions
    game = api.load_game("storma_slottet")
    game.program.compile_all()  # (a function compiled at its first call adds names of its own)
    names = set(game.program.namespace)
    body = "- name: ok\n  expect: [\"count(draw) == 54\", \"damage(first(draw)) == 0\", \"'a' + 'b' == 'ab'\"]\n"
    assert outcome_of(tmp_path, body).passed
    assert set(game.program.namespace) <= names


@pytest.mark.parametrize("body, message, line, column", [
    ("- name: a\n  rest: [{zone: P1.hand, count: -5}, discard]\n", "'count' must be a whole number, 0 or more", 4, 35),
    ("- name: a\n  steps:\n    - turns: 999999999\n      auto: true\n",
     "'turns' must be a whole number from 1 to 10,000", 5, 16),  # (it played on to the log's bound: 9 s a test)
])
def test_a_negative_rest_and_endless_turns_are_refused_when_reading(tmp_path, body, message, line, column):
    path = tmp_path / "t.test.yaml"
    path.write_text("ruleset: storma_slottet\ntests:\n" + textwrap.indent(body, "  "))
    with pytest.raises(RuleError) as err:
        read_tests(str(path))
    (diagnostic,) = err.value.diagnostics
    assert message in diagnostic.message
    assert (diagnostic.position.line, diagnostic.position.column) == (line, column)


def test_rest_in_a_test_of_a_ruleset_without_a_deck_fails_at_its_place(tmp_path):
    path = tmp_path / "t.test.yaml"
    path.write_text("ruleset: yahtzee\ntests:\n  - name: a\n    rest: tray\n")
    (test,) = read_tests(str(path))
    outcome = run_test(test)  # (was internal error: KeyError: None)
    assert not outcome.passed
    assert "t.test.yaml:4:11: error: 'rest' deals the cards a test does not lay out, and Yahtzee has no deck" in (
        outcome.message)
