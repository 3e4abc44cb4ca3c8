"""How a rule test's step plays and checks: it stops at the end of its round, the next step's dice
are for the next roll made, a choice of one option is taken unwritten, checks written above
`play:` come before it, names with brackets need no quotes, and failures show their values."""
import textwrap

from click.testing import CliRunner

from rulelang.analysis.ruletests import read_tests, run_test
from rulelang.cli.main import main

GAME = """
    name: Steps
    players: 2
    deck: {standard: 52, start: draw}
    zones:
      draw: {visibility: hidden}
      hand: {per_player: true, visibility: owner}
      center: {count: 2, visibility: public}
    vars: {rolled: 0}
    player_vars: {laid: 0}
    rounds:
      setup:
        - for: p in players
          do: ["draw 2 from draw to p.hand", "set p.laid = 0"]
      end: "count(P1.hand) == 0 and count(P2.hand) == 0"
    turn:
      first: P1
      do:
        - set rolled = 1d6
        - choose move: [lay]
        - choose move: [confirm]
    moves:
      lay:
        label: Lay a card
        do:
          - choose: c
            from: me.hand
          - choose: pile
            from: center
          - move c to pile
          - set me.laid += 1
      confirm: {label: Confirm, do: []}
    end:
      - when: "count(draw) < 4"
        winner: tie
"""
LAID = """
    start: turn
    zones:
      P1.hand: [2C]
      P2.hand: [3C]
"""


def outcome(tmp_path, steps, laid=LAID):
    (tmp_path / "steps.yaml").write_text(textwrap.dedent(GAME))
    test = "  - name: steps\n" + textwrap.indent(textwrap.dedent(laid) + "steps:\n" + textwrap.dedent(steps), "    ")
    path = tmp_path / "steps.test.yaml"
    path.write_text("ruleset: steps.yaml\ntests:\n" + test)
    (found,) = read_tests(str(path))
    return run_test(found)


def test_a_step_stops_at_the_end_of_the_round_its_moves_end(tmp_path):
    result = outcome(tmp_path, """
        - play: [lay, 2C, "center[0]", confirm]
        - play: [lay, 3C, "center[1]"]               # the round ends: nothing is dealt again yet
          expect: "P2.laid == 1 and count(P1.hand) == 0"
        - expect: "P2.laid == 0 and count(P1.hand) == 2"   # the next step plays on into the next round
    """)
    assert result.passed, result.message


def test_the_next_step_s_dice_are_for_the_roll_that_starts_the_next_turn(tmp_path):
    result = outcome(tmp_path, """
        - play: [lay, 2C, "center[0]", confirm]      # P2's turn starts with a roll
        - dice: [4]
          expect: "rolled == 4"
          dice_used: true
    """)
    assert result.passed, result.message


def test_a_choice_of_one_option_is_taken_without_being_written(tmp_path):
    result = outcome(tmp_path, """
        - play: [lay, 2C, "center[0]"]               # then P1 must confirm: the only option
        - play: [lay, 3C, "center[1]"]
          expect: "count(center[1]) == 1"
    """)
    assert result.passed, result.message


def test_checks_written_above_play_look_at_the_decision_it_answers(tmp_path):
    result = outcome(tmp_path, """
        - by: P1
          options: [lay]
          play: [lay, 2C, "center[0]"]
          expect: "count(center[0]) == 1"
    """)
    assert result.passed, result.message


def test_a_pile_named_with_brackets_needs_no_quotes_in_a_step(tmp_path):
    result = outcome(tmp_path, """
        - play: [lay, 2C, center[0], confirm]
          not_legal: [center[1]]
    """)
    assert result.passed, result.message


def test_a_failure_shows_the_values_involved_each_once(tmp_path):
    result = outcome(tmp_path, """
        - play: [lay]
          options: [2D]
        - log: [nowhere]                             # nothing was played
        - expect: "all(c in P2.hand | c.rank > 2 and c.suit == 'hearts')"
    """)
    assert not result.passed
    assert result.message.count("steps.test.yaml:") == 3
    assert ("the options offered are not those expected\n        offered:  ['2C']\n        expected: ['2D']"
            in result.message)
    assert "no log line of this step contains 'nowhere'; the step logged nothing" in result.message
    assert ("c = 3C: c.rank > 2 and c.suit == 'hearts' is false\n        c.rank = 3\n        c.suit = clubs"
            in result.message)


def test_a_mistake_found_while_laying_out_is_located_once(tmp_path):
    result = outcome(tmp_path, "- expect: 'true'\n", laid="start: turn\nzones:\n  P1.hand: [2C]\n  P2.hand: [2C]\n")
    assert not result.passed and result.message.count("steps.test.yaml") == 1
    assert "card 2C is laid out twice" in result.message


def test_rulelang_test_writes_everything_to_one_stream_in_order(tmp_path):
    (tmp_path / "steps.yaml").write_text(textwrap.dedent(GAME))
    (tmp_path / "a.test.yaml").write_text("ruleset: steps.yaml\ntests:\n  - name: fails\n    expect: 'false'\n"
                                          "  - name: passes\n    expect: 'true'\n")
    result = CliRunner().invoke(main, ["test", "-v", str(tmp_path)])
    assert result.exit_code == 1 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0] == "FAIL fails" and lines[-2:] == ["PASS passes", "1 passed, 1 failed"]


RANDOM_GAME = """
    name: Random
    players: 3
    deck: {standard: 52, start: draw}
    zones:
      draw: {visibility: hidden}
      hand: {per_player: true, visibility: owner}
    vars: {dealer: none, picked: none}
    setup: ["set dealer = random(players)"]
    turn:
      first: P1
      do:
        - set picked = random(select(c in draw | c.rank == 12))
        - choose: c
          from: draw
    end: []
"""


def random_outcome(tmp_path, test):
    (tmp_path / "random.yaml").write_text(textwrap.dedent(RANDOM_GAME))
    path = tmp_path / "random.test.yaml"
    path.write_text("ruleset: random.yaml\ntests:\n  - name: picks\n" + textwrap.indent(textwrap.dedent(test), "    "))
    (found,) = read_tests(str(path))
    return run_test(found)


def test_a_rule_test_forces_what_random_picks_by_its_label(tmp_path):
    result = random_outcome(tmp_path, """
        random: [P3, QH]                               # the dealer, then the queen P1's turn picks
        steps:
          - expect: "dealer == P3 and picked == card('QH')"
          - random: [QS]                               # the queen P2's turn picks
            play: [2C]
            expect: "picked == card('QS')"
    """)
    assert result.passed, result.message


def test_a_forced_pick_that_names_no_item_fails_the_test_and_says_the_items(tmp_path):
    result = random_outcome(tmp_path, """
        random: [P5]
        expect: "dealer == P1"
    """)
    assert not result.passed and "the forced random pick 'P5' is not among the items: P1, P2, P3" in result.message


def test_a_forced_pick_never_made_fails_the_test(tmp_path):
    result = random_outcome(tmp_path, """
        random: [P2, QC, QD]
        expect: "dealer == P2"
    """)
    assert not result.passed and "1 forced random pick was not made: ['QD']" in result.message
