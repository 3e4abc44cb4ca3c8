"""`mcts` plays for chips and reads its own hand: its policy in Kuhn poker at the default budget."""
import pytest

from rulelang.agents import build_agent, parse_agent_spec
from rulelang.agents.determinization import SeatView
from rulelang.api import load_game
from rulelang.engine.runtime import apply_label, new_game

KUHN = "rulesets/kuhn_poker.yaml"


def dealt(game, seat: int, card: str, history: list):
    """A Kuhn hand where `seat` holds `card`, after the moves in `history`."""
    for seed in range(1, 200):
        st = new_game(game, 2, seed, quiet=True)
        if SeatView(st, seat)["zones"][f"P{seat + 1}.hand"][0]["card"] == card:
            for label in history:
                apply_label(st, label)
            return st
    raise AssertionError("no deal found")


def chosen(game, st, seed: int) -> str:
    """What a fresh default `mcts` chooses at the decision pending in `st`."""
    seat = st.pending.seat
    agent = build_agent(parse_agent_spec("mcts"), seat, seed, game)
    return st.pending.options[agent.choose(SeatView(st, seat), st.pending)].label


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_mcts_bets_a_king_after_a_check_as_the_second_player(seed):
    game = load_game(KUHN)
    assert chosen(game, dealt(game, 1, "K", ["pass"]), seed) == "bet"


@pytest.mark.parametrize("seat,history", [(1, ["bet"]), (0, ["pass", "bet"])])
def test_mcts_folds_a_jack_to_a_bet(seat, history):
    game = load_game(KUHN)
    assert chosen(game, dealt(game, seat, "J", history), 1) == "pass"


def test_mcts_calls_a_bet_with_a_king():
    game = load_game(KUHN)
    assert chosen(game, dealt(game, 1, "K", ["bet"]), 1) == "bet"
