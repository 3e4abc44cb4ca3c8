"""Rule test checks: failures explain themselves, every one is reported, and the newer step keys."""
import textwrap

import pytest

from rulelang.analysis.ruletests import read_tests, run_test
from rulelang.errors import RuleError

POSITION = """\
start: turn
vars: {P1.house: spades, P2.house: diamonds}
zones:
  P1.hand: [JK1, 2C]
  P1.active: [QS]
  P2.active: [QD]
"""


def outcome_of(tmp_path, body, position=POSITION):
    """The outcome of one test, laid out at `position`, with `body` as its other keys."""
    path = tmp_path / "t.test.yaml"
    test = "- name: t\n" + textwrap.indent(position + textwrap.dedent(body), "  ")
    path.write_text("ruleset: storma_slottet\ntests:\n" + textwrap.indent(test, "  "))
    (test,) = read_tests(str(path))
    return run_test(test)


def test_a_failed_comparison_shows_the_value_of_each_side(tmp_path):
    outcome = outcome_of(tmp_path, 'expect: "count(P1.hand) >= 3"\n')
    assert not outcome.passed
    assert "expected count(P1.hand) >= 3" in outcome.message and "count(P1.hand) = 2" in outcome.message


def test_a_failed_expectation_says_where_each_named_card_lies(tmp_path):
    outcome = outcome_of(tmp_path, "expect: \"card('QS') in P2.hand\"\n")
    assert "P2.hand = P2.hand []" in outcome.message
    assert "QS: in P1.active, 1st from the top of 1, face up" in outcome.message


def test_every_failed_expectation_is_reported_and_the_test_fails(tmp_path):
    outcome = outcome_of(tmp_path, 'expect:\n  - "count(P1.hand) == 5"\n  - "count(P2.active) == 1"\n'
                                   '  - "count(P1.active) == 7"\n')
    assert not outcome.passed
    assert "t.test.yaml:11:9: expected count(P1.hand) == 5" in outcome.message
    assert "t.test.yaml:13:9: expected count(P1.active) == 7" in outcome.message
    assert "count(P2.active) == 1" not in outcome.message


def test_a_forced_die_left_unused_fails_the_test(tmp_path):
    outcome = outcome_of(tmp_path, "dice: [5]\n")
    assert not outcome.passed and "1 forced die was not used: [5]" in outcome.message


def test_dice_used_checks_within_a_step_and_no_dice_says_none_was_rolled(tmp_path):
    attack = "steps:\n  - play: [attack, JK1, done]\n    {}\n"
    assert outcome_of(tmp_path, "dice: [0, 9]\n" + attack.format("dice_used: true")).passed
    unused = outcome_of(tmp_path, "dice: [0, 9, 4, 4]\n" + attack.format("dice_used: true"))
    assert "2 forced dice were not used: [4, 4]" in unused.message
    rolled = outcome_of(tmp_path, "dice: [0, 9]\n" + attack.format("no_dice: true"))
    assert "expected no die to be rolled, but 2 were" in rolled.message
    assert outcome_of(tmp_path, "steps:\n  - play: [exchange]\n    no_dice: true\n").passed


def test_game_over_checks_whether_the_game_has_ended(tmp_path):
    assert outcome_of(tmp_path, "steps:\n  - game_over: false\n").passed
    outcome = outcome_of(tmp_path, "steps:\n  - game_over: true\n")
    assert "expected the game to be over, but it goes on" in outcome.message


def test_options_in_any_order(tmp_path):
    passed = outcome_of(tmp_path, "steps:\n  - options: {any_order: [attack, exchange]}\n")
    assert passed.passed, passed.message
    outcome = outcome_of(tmp_path, "steps:\n  - options: {any_order: [pass, attack]}\n")
    assert "not those expected (in any order)" in outcome.message and "expected: ['pass', 'attack']" in outcome.message


def test_log_fragments_and_who_saw_them(tmp_path):
    step = "dice: [0, 9]\nsteps:\n  - play: [attack, JK1, done]\n    log: {}\n"
    assert outcome_of(tmp_path, step.format('["rolls 2T10: 0+9=9", {text: "(you see:", seen_by: [P1]}]')).passed
    hidden = outcome_of(tmp_path, step.format('[{text: "(you see:", seen_by: [P1, P2]}]'))
    assert "'(you see:' is seen by [P1], expected [P1, P2]" in hidden.message
    missing = outcome_of(tmp_path, step.format('["heals"]'))
    assert "no log line of this step contains 'heals'" in missing.message and "rolls 2T10" in missing.message


def test_turns_stop_between_turns_and_auto_takes_the_first_option(tmp_path):
    body = "steps:\n  - turns: 1\n    auto: true\n    expect: \"me == P1\"\n  - by: P2\n"
    outcome = outcome_of(tmp_path, body)
    assert outcome.passed, outcome.message


def test_turns_without_auto_fail_at_a_decision_the_step_does_not_give(tmp_path):
    outcome = outcome_of(tmp_path, "steps:\n  - turns: 1\n")
    assert "P1 must decide before the turns end" in outcome.message and "write 'auto: true'" in outcome.message


def test_choices_left_when_the_turns_end_fail(tmp_path):
    outcome = outcome_of(tmp_path, "steps:\n  - play: [exchange, 2C, attack]\n    turns: 1\n")
    assert "cannot play 'attack': the turn ended first" in outcome.message


@pytest.mark.parametrize("turns", ["", "    turns: 2\n"])
def test_choices_left_when_the_game_is_over_fail_at_the_first_of_them(tmp_path, turns):
    position = POSITION.replace("P1.active: [QS]", "P1.active: [QS]\n  P1.trophies: [JD, KD]").replace(
        "P2.active: [QD]", "P2.active: [{card: QD, under: [{card: 10C, dmg: 10}, {card: 10S, dmg: 10}]}]")
    outcome = outcome_of(tmp_path, "steps:\n  - dice: [9, 9]\n    play: [attack, JK1, done, attack]\n" + turns,
                         position)
    assert not outcome.passed   # a 2T10 of 18 defeats Q♦, the last royal: the game is over before the last label
    path = tmp_path / "t.test.yaml"
    column = path.read_text().splitlines()[12].rindex("attack") + 1
    assert outcome.message.startswith(f"{path}:13:{column}: cannot play 'attack': the game is over")


@pytest.mark.parametrize("step, message", [
    ("auto: true", "'auto' goes with 'turns'"),
    ("turns: 0", "'turns' must be a whole number from 1 to 10,000"),
    ("options: {anyorder: [a]}", "'options' is a list, or {any_order: [...]}"),
    ("log: [{seen_by: [P1]}]", "needs 'text'"),
])
def test_the_new_step_keys_are_checked_when_reading(tmp_path, step, message):
    path = tmp_path / "t.test.yaml"
    path.write_text(f"ruleset: storma_slottet\ntests:\n  - name: a\n    steps:\n      - {step}\n")
    with pytest.raises(RuleError, match=message.replace("[", r"\[").replace("{", r"\{")):
        read_tests(str(path))


def write(tmp_path, text):
    path = tmp_path / "t.test.yaml"
    path.write_text(textwrap.dedent(text))
    return str(path)


def test_a_file_can_test_an_inline_variant_of_its_ruleset(tmp_path):
    path = write(tmp_path, """\
        ruleset: {extends: storma_slottet, deck: {standard: 52, start: draw}}
        tests:
          - name: no jokers in this deck
            start: turn
            expect: "count(draw) == 52"
        """)
    (test,) = read_tests(path)
    outcome = run_test(test)
    assert outcome.passed, outcome.message


def test_one_test_can_override_the_files_ruleset_and_its_mistakes_point_into_the_test_file(tmp_path):
    path = write(tmp_path, """\
        ruleset: storma_slottet
        tests:
          - name: the full deck
            start: turn
            expect: "count(draw) == 54"
          - name: a variant with a broken deck
            ruleset: {extends: storma_slottet, deck: {standard: 53}}
            start: turn
        """)
    full, broken = read_tests(path)
    assert run_test(full).passed
    outcome = run_test(broken)
    assert not outcome.passed and "t.test.yaml:7:" in outcome.message


def test_rest_fills_several_zones_in_deck_order_and_may_lay_them_face_down(tmp_path):
    rest = ("rest:\n  - {zone: P2.hand, count: 3}\n  - {zone: discard, count: 2, face_down: true}\n"
            "  - P1.trophies\n")
    outcome = outcome_of(tmp_path, rest + 'expect:\n  - "count(P2.hand) == 3 and count(discard) == 2"\n'
                                          '  - "count(draw) == 0 and count(P1.trophies) == 54 - 4 - 5"\n'
                                          "  - \"card('AC') in P2.hand and card('5C') in discard\"\n"
                                          "  - \"card('5C').face_down and not card('AC').face_down\"\n")
    assert outcome.passed, outcome.message


def test_only_the_last_part_of_rest_goes_without_a_count(tmp_path):
    path = write(tmp_path, "ruleset: storma_slottet\ntests:\n  - name: a\n    rest: [P1.hand, discard]\n")
    with pytest.raises(RuleError, match="only the last part of 'rest' may go without 'count'"):
        read_tests(path)
