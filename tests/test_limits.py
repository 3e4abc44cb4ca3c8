"""Real limits: work, sizes and counts are bounded, and each bound is a positioned GameError naming it."""

import time

import pytest

from rulelang.agents import random_agents
from rulelang.api import bounded
from rulelang.constructs import packing_functions
from rulelang.engine.runtime import apply_action, new_game
from rulelang.engine.session import play_game
from rulelang.errors import GameError, RuleError

BASE = """
name: Limits
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  hand: {per_player: true, visibility: owner}
vars: {n: 0, l: none, s: 'ab'}
functions:
  "f(k)": "0 if k <= 0 else f(k - 1) + f(k - 1)"
{extra}
turn:
  do:
    {turn}
    - choose: c
      from: draw
end: []
"""


@pytest.fixture
def game_from(rule_file):
    def make(turn, extra=""):
        return rule_file(BASE, turn=turn, extra=extra)
    return make


@pytest.fixture
def failure(game_from):
    def fail(turn, extra="") -> GameError:
        with pytest.raises(GameError) as err:
            new_game(game_from(turn, extra), 2, 1)
        assert err.value.position is not None and err.value.position.line > 0
        return err.value
    return fail


@pytest.mark.parametrize("turn, message", [
    ("- set n = f(45)", "limits: work"),                                     # 2**45 calls
    ("- set n = count(a in draw | count(b in draw | count(c in draw | count(d in draw | "
     "count(e in draw | true)) > 0) > 0) > 0)", "limits: work"),             # 52**5 items
    ("- set n = count(combinations(draw, 4))", "limits: lists"),             # 270,725 choices of 4
    ("- set n = count(h in combinations(draw, 3) | count(combinations(draw, 2)) > 0)", "limits: work"),
    ("- set l = collect(a in draw | collect(b in draw | [1]))\n- set n = count(groups(x in draw | [l, l, l]))",
     "limits: work"),                                                        # 52 keys of 8,115 values
    ("- set l = collect(a in draw | collect(b in draw | [a.rank]))\n- set n = count(runs(x in draw | l + l))",
     "limits: work"),                                                        # 52 items of 5,408 values
    ("- set n = count(packing(combinations(draw, 3)))", "limits: work"),      # 52 cards into threes
    ("- set l = [1]\n- while: 'true'\n  do: ['set l = l + l']", "limits: lists"),
    ("- while: 'true'\n  do: ['set s = s + s']", "limits: text"),
    ("- set n = 2\n- while: 'true'\n  do: ['set n = n * n']", "limits: numbers"),
    ("- set l = 'x'\n- set n += l", "'+=' can only add numbers"),
    ("- set l = none\n- set l += 1", "'+=' can only add numbers: the value is none"),
    ("- set l = 'x'\n- set l -= 2", "'-=' can only subtract numbers: the value is x, the change 2"),
    ("- set l = true\n- set l += 1", "'+=' can only add numbers: the value is true"),
    ("- win first(draw)", "'win' takes players"),
    ("- turn P1 face up", "only cards can be turned"),
    ("- set l = 'x'\n- draw l from draw to me.hand", "the number to draw must be a number"),
])
def test_runaway_or_wrong_rules_end_in_a_positioned_error(failure, turn, message):
    # a small work limit keeps the test quick; benchmarks/ measures the default one
    assert message in str(failure(turn, "limits: {work: 200000}"))


@pytest.mark.parametrize("turn, message", [
    ("- set n += 'x'", "'set ... +=' needs a number, not text"),
    ("- draw 'x' from draw to me.hand", "the number to draw needs a number, not text"),
])
def test_a_text_where_a_number_is_needed_is_caught_before_play(game_from, turn, message):
    with pytest.raises(RuleError) as err:
        game_from(turn)
    (diagnostic,) = err.value.diagnostics
    assert diagnostic.position.line == 14 and diagnostic.message == message


def test_a_card_value_set_on_what_is_no_card_is_a_positioned_error(failure):
    err = failure("- set l = 3\n- set l.mark = 1", "card_vars: {mark: 0}")
    assert "cannot set 'mark' on 3" in str(err) and err.position.column == 13  # at `mark`


def test_a_ruleset_may_lower_its_limits(failure, game_from):
    err = failure("- set n = f(12)", "limits: {work: 1000}")
    assert "more than 1,000 steps of work" in str(err)
    game = game_from("- set n += 1", "limits: {decisions: 5}")
    with pytest.raises(GameError, match="no result after 5 decisions"):
        play_game(game, random_agents(2, 1), 1)


@pytest.mark.slow  # it writes 400,000 log lines
def test_a_game_that_writes_too_much_stops_at_the_log_bound_and_a_quiet_one_keeps_no_log(game_from):
    game = game_from("""
        - for: a in draw
          do: ['log "{a} is still here"']""")
    with pytest.raises(GameError, match=r"more than 400,000 log lines \(limits: log\)") as err:
        play_game(game, random_agents(2, 1), 1)
    assert err.value.position is not None
    with pytest.raises(GameError, match="no result after 8,000 decisions"):  # 53 lines a decision: 424,000
        play_game(game, random_agents(2, 1), 1, max_decisions=8000, quiet=True)


@pytest.mark.parametrize("extra, message", [
    ("limits: {decisions: 0}", "limits: decisions must be a number from 1 to 200,000"),
    ("limits: {work: 'lots'}", "limits: work must be a number"),
    ("limits: {steps: 100000001}", "limits: steps must be a number from 100 to 100,000,000"),
    ("limits: {game: 100000001}", "limits: game must be a number from 1,000 to 100,000,000"),
])
def test_limits_out_of_range_are_rule_errors(game_from, extra, message):
    with pytest.raises(RuleError, match=message):
        game_from("- set n = 1", extra)


def test_a_score_that_is_not_a_number_is_a_positioned_error(game_from):
    game = game_from("- set n = 1", "results: {score: \"['high'][0]\"}")  # (no kind known: checked as it runs)
    st = new_game(game, 2, 1)
    with pytest.raises(GameError, match="a score must be a number, not high") as err:
        game.score(st, {"me": st.seats[0]})
    assert err.value.position.line > 0


def test_huge_numbers_and_bad_capacities_are_rule_errors(game_from, rule_file):
    with pytest.raises(RuleError, match="a number of at most 18 digits"):
        game_from(f"- set n = {'9' * 5000}")
    broken = BASE.replace("owner}", "owner, capacity: -1}")
    with pytest.raises(RuleError, match="capacity must be a number from 0"):
        rule_file(broken, turn="- set n = 1", extra="")


HEAVY = "- set n = count(a in draw | count(b in draw | count(c in draw | true) > 0) > 0)"  # 52**3 items a turn


def test_a_whole_game_is_bounded_in_work_and_steps_and_a_ruleset_may_lower_the_bound(game_from):
    # each decision stays under its own budget; the game as a whole does not (it never ends)
    game = game_from(HEAVY, "limits: {game: 2000000}")
    with pytest.raises(GameError, match=r"the game of seed 3 did more than 2,000,000 units of work in all "
                                        r"\(limits: game; --game-work changes it\)") as err:
        play_game(game, random_agents(2, 3), 3, quiet=True)
    assert err.value.position == game.end_position  # the game's end rules, which never held


def test_a_person_bounds_each_game_in_work_or_seconds(game_from):
    game = game_from(HEAVY)
    with pytest.raises(GameError, match="did more than 1,000,000 units of work in all"):
        play_game(bounded(game, work=1_000_000), random_agents(2, 3), 3, quiet=True)
    with pytest.raises(GameError, match=r"the game of seed 3 took longer than 0.2 s \(--game-seconds\)"):
        play_game(bounded(game, seconds=0.2), random_agents(2, 3), 3, quiet=True)
    assert bounded(game) is game and game.limits.game == 100_000_000 and game.limits.seconds is None


def test_the_game_bound_counts_steps_as_work(game_from):
    # a loop of a block takes steps and charges no work: the game ends at its bound all the same
    game = game_from("- for: a in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n  do: ['set n += 1']", "limits: {game: 5000}")
    st, decisions = new_game(game, 2, 1, quiet=True), 0
    with pytest.raises(GameError, match="did more than 5,000 units of work in all"):
        while True:
            apply_action(st, 0)
            decisions += 1
    assert 50 < decisions < 5000  # (a few steps a turn: without them the game would reach its 200,000 decisions)


@pytest.mark.parametrize("packing", [
    "count(packing(combinations(draw, 3)))",  # 52 cards into threes
    "count(packing(g in combinations(draw, 2) | 1 if first(g).rank == last(g).rank else 0))",  # pairs of a rank
])
def test_packing_spends_a_work_budget_in_about_the_time_loops_do(game_from, packing):
    def seconds_to_spend(turn: str) -> float:
        game = game_from(turn, "limits: {work: 5000000}")  # a quarter of the default budget
        started = time.process_time()
        with pytest.raises(GameError, match=r"\(limits: work\)"):
            new_game(game, 2, 1)
        return time.process_time() - started
    loops = seconds_to_spend("- set n = count(a in draw | count(b in draw | count(c in draw | count(d in draw | "
                             "count(e in draw | true)) > 0) > 0) > 0)")
    assert seconds_to_spend(f"- set n = {packing}") < 3 * loops + 0.1  # (it took 10 to 100 times as long)


def test_packing_keeps_a_bounded_number_of_arrangements_whatever_the_work_budget(failure, monkeypatch):
    monkeypatch.setattr(packing_functions, "MAX_ARRANGEMENTS", 1000)  # (1,000,000 when played: some 150 MB)
    err = failure("- set n = count(packing(combinations(draw, 2)))", "limits: {work: 1000000000}")
    assert "packing() would work out more than 1,000 arrangements of its 52 items (limits: lists)" in str(err)
