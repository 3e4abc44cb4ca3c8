"""The bots as `--players` builds them: option checks, file agents, and the same game from the same seed."""
import json
import subprocess
import sys

import pytest

from rulelang.agents import build_agent, parse_agent_spec, parse_players
from rulelang.agents.determinization import SeatView
from rulelang.api import load_game
from rulelang.engine.runtime import apply_action, new_game
from rulelang.engine.session import play_game

BUDGET = "mcts:iterations=8,depth=6"


def played(game, text: str, seed: int) -> list:
    """The decisions of one game between the bots `text` names."""
    agents = [build_agent(spec, seat, seed, game) for seat, spec in enumerate(parse_players(text))]
    decisions = []
    play_game(game, agents, seed, decisions=decisions)
    return decisions


@pytest.mark.parametrize("text,message", [
    ("mcts:iterations=abc", "iterations must be a whole number"),
    ("mcts:iterations=0", "iterations must be a whole number"),
    ("mcts:colour=red", "colour"),
    ("greedy:samples=-1", "samples"),
])
def test_bad_options_say_what_is_wrong(text, message):
    game = load_game("tjugonio")
    with pytest.raises(ValueError, match=message):
        build_agent(parse_agent_spec(text), 0, 1, game)


def test_the_same_seed_and_budget_give_the_same_game():
    game = load_game("tjugonio")
    first = played(game, f"{BUDGET},greedy:samples=2", 5)
    assert played(game, f"{BUDGET},greedy:samples=2", 5) == first
    assert played(game, f"{BUDGET},greedy:samples=2", 6) != first


def test_the_same_game_in_another_process():
    # (another process hashes strings with another seed: an order taken from a set would show)
    game, budget = load_game("storma_slottet"), "mcts:iterations=3,depth=3"
    code = ("import json\nfrom tests.test_agents import played\nfrom rulelang.api import load_game\n"
            f"print(json.dumps(played(load_game('storma_slottet'), '{budget},random', 3)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == played(game, f"{budget},random", 3)


def test_a_file_agent_is_loaded_and_plays(tmp_path):
    path = tmp_path / "mine.py"
    path.write_text("class Last:\n    needs_view = False\n\n"
                    "    def __init__(self, seed, pick='last'):\n        self.pick = pick\n\n"
                    "    def choose(self, view, decision):\n"
                    "        return len(decision.options) - 1 if self.pick == 'last' else 0\n")
    game = load_game("tjugonio")
    spec, other = parse_players(f"{path}:Last:pick=first,random")
    agent = build_agent(spec, 0, 1, game)
    assert agent.pick == "first"
    assert played(game, f"{path}:Last,random", 2)


@pytest.mark.parametrize("body,message", [
    ("raise RuntimeError('no')\n", "cannot load agent file"),
    ("class Other:\n    pass\n", "defines no class 'Last'"),
    ("class Last:\n    pass\n", "has no choose"),
])
def test_a_bad_agent_file_says_what_is_wrong(tmp_path, body, message):
    path = tmp_path / "bad.py"
    path.write_text(body)
    with pytest.raises(ValueError, match=message):
        build_agent(parse_agent_spec(f"{path}:Last"), 0, 1, load_game("tjugonio"))


@pytest.mark.parametrize("text", ["greedy", BUDGET])
def test_a_search_bot_does_not_keep_making_a_move_that_is_refused(text):
    # Taking a card lowers the evaluation; the refused attempt changes nothing, so a bot that
    # valued it as the position itself would attempt for ever (past the decision bound here).
    game = load_game("tests/data/refused_is_free.yaml")
    agents = [build_agent(parse_agent_spec(text), seat, 3, game) for seat in range(2)]
    st = play_game(game, agents, 3, max_decisions=100, quiet=True)
    assert st.result == ("win", "loss") and st.refusals == 0


def spades_bid(path: str):
    """The explanation of `mcts`'s first bid in Spades (from `path`), and its options' values."""
    game = load_game(path)
    st = new_game(game, 4, 3, quiet=True)
    while st.pending.seat != 0:
        apply_action(st, 0)  # the seats before bid nil
    agent = build_agent(parse_agent_spec("mcts:steps=3000"), 0, 3, game)
    agent.choose(SeatView(st, 0), st.pending)
    assert [option.label for option, _, _ in agent.last] == [str(n) for n in range(14)]
    return agent.explanation(), {round(value, 6) for _, _, value in agent.last}


def test_a_spades_bid_is_weighed_by_the_hand_in_play():
    """A search from Spades' bids reaches some of the hand's tricks, not its scoring: the
    evaluation reads the hand in play, so the bids are not all worth the same to `mcts`."""
    explanation, values = spades_bid("spades")
    assert len(values) > 1 and "came out exactly alike" not in explanation


def test_the_explanation_says_when_nothing_told_the_options_apart(tmp_path):
    blind = tmp_path / "blind.yaml"  # the points alone: they change only when a hand is scored
    blind.write_text("extends: spades\nname: Blind bids\nbots: {evaluate: 'me.points', scale: 10}\n")
    explanation, values = spades_bid(str(blind))
    assert values == {0.5} and "came out exactly alike" in explanation.splitlines()[-1]
