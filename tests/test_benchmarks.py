"""The benchmark scripts still run against the current API (their figures are not checked here)."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import differential  # noqa: E402  (scripts of benchmarks/)
import speed  # noqa: E402

MINIMAL = str(Path(__file__).parent / "data" / "minimal.yaml")


def test_speed_measures_decisions_and_games():
    found = speed.measure(MINIMAL, 2, 0.01)
    assert found["decisions_per_s"] > 0 and found["games_per_s"] > 0 and found["us_per_decision"] > 0


@pytest.mark.slow
def test_speed_times_simulate_with_one_and_two_workers():
    one, two = speed.worker_speedup(MINIMAL, 4)
    assert one > 0 and two > 0


def test_differential_finds_the_rule_files_it_compares():
    names = [Path(path).name for path in differential.rule_files([])]
    assert "storma_slottet.yaml" in names and not any(name.endswith(".test.yaml") for name in names)
    assert [Path(path).name for path in differential.rule_files(["tjugonio"])] == ["tjugonio.yaml"]


def test_poker_bots_measures_a_bot_exactly_against_the_kuhn_nash_agent():
    import poker_bots
    from rulelang.agents.gametree import GameTree
    from rulelang.api import load_game
    game = load_game("rulesets/kuhn_poker.yaml")
    tree = GameTree(game, 2, keep_states=True)
    nash = poker_bots.agent_policy(tree, game, poker_bots.KUHN_NASH)
    assert poker_bots.exploitability(tree, nash) == pytest.approx(0.0, abs=1e-12)
    figures, _, cost = poker_bots.bot_figures(tree, game, "random", nash, 1, 1, 10)
    assert cost is None and figures["exploitability"] == pytest.approx(11 / 24)
    assert [row["loss_to_equilibrium"] for row in figures["seats"]] == pytest.approx([1 / 9, 2 / 9])
