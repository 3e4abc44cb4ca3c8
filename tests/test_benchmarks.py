"""The benchmark scripts still run against the current API (their figures are not checked here)."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import differential  # noqa: E402  (scripts of benchmarks/)
import place_alone  # noqa: E402
import speed  # noqa: E402

MINIMAL = str(Path(__file__).parent / "data" / "minimal.yaml")


def test_speed_measures_decisions_and_games():
    found = speed.measure(MINIMAL, 2, 0.01)
    assert found["decisions_per_s"] > 0 and found["games_per_s"] > 0 and found["us_per_decision"] > 0


def test_place_alone_replays_the_calls_of_the_games_it_played():
    found = place_alone.measure(MINIMAL, 2, 2)
    assert found["places_per_decision"] > 0 and 0 < found["place_us_per_decision"] < found["us_per_decision"]


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


def test_mcts_at_plays_the_mcts_of_the_commit_it_names(tmp_path, monkeypatch):
    import subprocess
    if subprocess.run(["git", "rev-parse", "HEAD"], cwd=Path(__file__).parent, capture_output=True).returncode:
        pytest.skip("not in a git clone: no commit to take the agents from")
    from rulelang.agents.files import load_agent_class
    from rulelang.agents.mcts import MctsAgent
    from rulelang.agents.random_agent import RandomAgent
    from rulelang.api import load_game
    from rulelang.engine.session import play_game
    path = str(Path(__file__).resolve().parent.parent / "benchmarks" / "agents" / "mcts_at.py")
    mcts_at = load_agent_class(path, "MctsAt")
    monkeypatch.setattr(sys.modules[mcts_at.__module__], "STORE", str(tmp_path))
    game = load_game("kuhn_poker")

    def trail(first) -> list:
        st, out = play_game(game, [first, RandomAgent(9)], 5, quiet=True), []
        link = st.trail
        while link is not None:
            link, seat, label = link
            out.append((seat, label))
        return out
    at_head = mcts_at(5, rev="HEAD", steps="300")
    assert type(at_head.agent).__module__.startswith("rulelang.agents_at_")  # a copy, not today's module
    assert trail(at_head) == trail(MctsAgent(5, steps=300))  # HEAD's mcts is today's: the same game
    assert [sorted(path.name for path in folder.glob("*.py")) for folder in tmp_path.iterdir()] == [  # (and __pycache__)
        sorted(path.name for path in (Path(path).parent.parent.parent / "rulelang" / "agents").glob("*.py"))]
    with pytest.raises(ValueError, match="not a commit"):
        mcts_at(5, rev="HEAD; rm -rf /")
    with pytest.raises(ValueError, match="agents of commit bbf8494aed08 do not load on today's engine"):
        mcts_at(5, rev="bbf8494")  # the first agents, before the engine's options moved


def test_agents_strength_counts_searches_that_found_every_option_alike():
    import agents_strength
    from types import SimpleNamespace

    from rulelang.agents.mcts import MctsAgent

    class Searcher(MctsAgent):
        def choose(self, view, decision):
            self.last = [(option, 10, value) for option, value in zip(decision.options, self.values.pop(0))]
            return 0
    searcher = Searcher(1)
    timed = agents_strength.Timed(searcher)
    two, one = SimpleNamespace(options=["a", "b"]), SimpleNamespace(options=["a"])
    searcher.values = [[0.5, 0.5], [0.4, 0.6], [0.7, 0.7], [1.0, 1.0], [0.0, 0.0], [0.3]]
    for decision in (two, two, two, two, two, one):
        timed.choose(None, decision)
    assert timed.blind == 2  # alike at 0.5 and 0.7; all won or all lost is decided, not blind
    assert len(timed.times) == 5  # the one-option decision is neither timed nor counted


def test_agents_strength_halves_seats_two_bots_in_turn_and_counts_the_wins_each_took(tmp_path, capsys):
    import json

    import agents_strength
    records = tmp_path / "games.jsonl"
    agents_strength.halves(["crazy_eights"], "greedy", "random", 4, 1, None, agents_strength.Records(str(records)),
                           False, True)
    played = [json.loads(line) for line in records.read_text().splitlines()]
    orders = [record["key"].split("|")[1] for record in played]
    assert orders == ["greedy,random,greedy", "random,greedy,random"] * 2  # each deal both ways round
    assert [record["key"].split("|")[2] for record in played][::2] == [record["key"].split("|")[2]
                                                                       for record in played][1::2]
    row = capsys.readouterr().out.splitlines()[-1]
    assert row.startswith("| crazy_eights | 3 | 4 | ")
    assert agents_strength.mcts_share(["loss", "win", "loss"], ["a", "b", "a"], "a") == 0.0
    assert agents_strength.mcts_share(["draw", "draw", "loss"], ["a", "b", "a"], "a") == 0.5


def test_side_by_side_measures_each_kind_in_a_process_of_its_own():
    import side_by_side
    python = sys.executable
    assert side_by_side.run(python, "game", MINIMAL, 2, 0.01) > 0
    assert side_by_side.run(python, "env", "kuhn_poker", 2, 0.01) > 0
    assert side_by_side.run(python, "mcts", "kuhn_poker", 2, 0.01) > 0
    found = side_by_side.in_turns([lambda: 1.0, lambda: 2.0], 3)
    assert found == [[1.0] * 3, [2.0] * 3] and "2.00x" in side_by_side.row("x", found)
