"""What the bots play for: the payoff a ruleset names, its score, or the result, normalised per game."""
import os

import pytest

from rulelang.agents import random_agents
from rulelang.agents.estimate import Estimate, Payoff
from rulelang.api import load_game
from rulelang.engine.runtime import apply_label, new_game
from rulelang.engine.session import play_game, scores
from rulelang.errors import GameError, RuleError

KUHN = os.path.join(os.path.dirname(__file__), "..", "rulesets", "kuhn_poker.yaml")


def kuhn_with(tmp_path, bots: str):
    """Kuhn poker with a `bots:` section of its own (in place of the shipped one)."""
    with open(KUHN, encoding="utf-8") as base:
        text = base.read()
    path = tmp_path / "kuhn.yaml"
    text = text[:text.index("\nbots:")]
    path.write_text(text + "\nbots:\n" + bots, encoding="utf-8")
    return load_game(str(path))


def finished(game, labels, seed=1):
    st = new_game(game, 2, seed, quiet=True)
    for label in labels:
        apply_label(st, label)
    assert st.result is not None
    return st


def test_without_a_payoff_bots_play_for_the_results_score():
    game = load_game(KUHN)
    st = finished(game, ["bet", "bet"])  # a call: 2 chips change hands
    assert Payoff(game, 2).raw(st) == scores(st) and sorted(scores(st)) == [-2, 2]


def test_without_a_score_bots_play_for_the_result():
    game = load_game("tests/data/showdown.yaml")
    st = new_game(game, 2, 3, quiet=True)
    while st.result is None:
        apply_label(st, "draw")
    assert Payoff(game, 2).raw(st) == [{"win": 1.0, "loss": 0.0}[r] for r in st.result]


def test_a_ruleset_may_name_its_payoff(tmp_path):
    game = kuhn_with(tmp_path, "  payoff: 'count(me.hand) * 3'\n")
    assert Payoff(game, 2).raw(finished(game, ["pass", "bet", "bet"])) == [3.0, 3.0]
    game = kuhn_with(tmp_path, "  payoff: result\n")
    st = finished(game, ["bet", "pass"])
    assert Payoff(game, 2).raw(st) == [1.0, 0.0]


def test_a_payoff_that_is_no_number_stops_with_its_position(tmp_path):
    game = kuhn_with(tmp_path, "  payoff: 'me.folded'\n")
    with pytest.raises(GameError, match="payoff must give a number") as err:
        Payoff(game, 2).raw(finished(game, ["bet", "pass"]))
    assert err.value.position.line > 0


def test_an_unknown_name_in_the_payoff_is_a_rule_error(tmp_path):
    with pytest.raises(RuleError, match="purse"):
        kuhn_with(tmp_path, "  payoff: 'me.purse'\n")


def test_a_misspelt_result_as_payoff_is_told_what_was_meant(tmp_path):
    with pytest.raises(RuleError, match=r"payoff 'reslt' is neither `result`.*did you mean 'result'"):
        kuhn_with(tmp_path, "  payoff: reslt\n")


def test_payoffs_are_normalised_by_the_range_seen_so_far():
    game = load_game(KUHN)
    estimate = Estimate(game, 2)
    folded = finished(game, ["bet", "pass"])  # P1 wins 1 chip
    assert estimate.values(folded, None) == [1.0, 0.0]
    called = finished(game, ["bet", "bet"])
    winner = scores(called).index(2)
    assert estimate.values(called, None)[winner] == 1.0
    assert estimate.values(folded, None) == [0.75, 0.25]  # +1 of -2..2


def test_a_bots_section_may_name_only_the_payoff(tmp_path):
    game = kuhn_with(tmp_path, "  payoff: 'me.chips'\n")
    assert game.bots.evaluate is None and not Estimate(game, 2).evaluates


@pytest.mark.parametrize("name, players", [("hearts", 4), ("spades", 4), ("euchre", 4), ("cribbage", 2),
                                           ("crazy_eights", 3), ("go_fish", 3)])
def test_games_played_to_win_have_bots_play_for_the_result(name, players):
    """Their score is a figure on the way (Hearts': points against you) or only decides who wins
    (Go Fish's books): the bots' payoff is the result."""
    game = load_game(name)
    st = play_game(game, random_agents(players, 5), 5, quiet=True)
    assert Payoff(game, players).raw(st) == [{"win": 1.0, "draw": 0.5, "loss": 0.0}[r] for r in st.result]
    assert Payoff(game, players).raw(st) != scores(st)
