"""Rounds: the number of the round being played (`round`), and a game of a fixed number of rounds (`rounds: count:`)."""
import pytest

from rulelang.engine.runtime import apply_action, new_game
from rulelang.errors import GameError, RuleError

GAME = """
name: Rounds
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  hand: {per_player: true, visibility: owner}
player_vars: {points: 0, seen: none}
rounds:
  setup: [{for: p in players, do: ['draw 1 from draw to p.hand']}]
  end: "all(p in players | count(p.hand) == 0)"
  after: ["set P1.seen = round", "set P2.points += round"]
LAST
turn:
  first: P1
  do:
    - choose: c
      from: me.hand
    - move c to draw
end: END
results:
  score: me.points
"""


def play(st):
    while st.result is None:
        apply_action(st, 0)
    return st


@pytest.fixture
def game_from(rule_file):
    def make(last="", end="[]"):
        return rule_file(GAME.replace("LAST", "\n".join("  " + line for line in last.splitlines())).replace("END", end))
    return make


def test_round_counts_the_rounds_from_one(game_from):
    game = game_from(end="[{when: 'round == 4', winner: P1}]")
    st = new_game(game, 2, 1)
    assert st.round_number == 1
    st = play(st)
    assert st.pvars[0]["seen"] == 3 and st.pvars[1]["points"] == 1 + 2 + 3 and st.result == ("win", "loss")


def test_a_remembered_end_rule_that_reads_the_round_sees_it_change(game_from):
    game = game_from(end="[{for: p in players, when: 'round > 2 and count(p.hand) == 1', winner: p}]")
    st = play(new_game(game, 2, 1))
    assert st.round_number == 3 and st.result == ("win", "loss")


def test_a_game_of_three_rounds_is_won_by_the_highest_score(game_from):
    st = play(new_game(game_from(last="count: 3"), 2, 1))
    assert st.round_number == 3 and st.result == ("loss", "win")
    assert "the last of 3 rounds is over" in [text for _, text in st.log][-2]


def test_a_game_of_rounds_names_its_winner(game_from):
    st = play(new_game(game_from(last="count: 2\nwinner: P1"), 2, 1))
    assert st.round_number == 2 and st.result == ("win", "loss")


def test_a_winner_that_is_no_player_is_an_error_at_its_place(game_from):
    st = new_game(game_from(last="count: 1\nwinner: \"[first(draw)]\""), 2, 1)
    with pytest.raises(GameError, match="'rounds: winner' takes players") as err:
        play(st)
    assert (err.value.position.line, err.value.position.column) == (14, 11)  # at the winner


@pytest.mark.parametrize("last, message", [
    ("count: 0", "rounds: count must be a number from 1 to 10,000"),
    ("winner: P1", "give the number of rounds (rounds: count)"),
    ("count: 2\nwinner: 3", "a winner must be a player or a list of players, not a number"),
])
def test_a_wrong_count_or_winner_is_an_error(game_from, last, message):
    with pytest.raises(RuleError, match=message.replace("(", r"\(").replace(")", r"\)")):
        game_from(last=last)


def test_a_count_without_winner_needs_a_score(rule_file):
    with pytest.raises(RuleError, match="rounds: count needs a winner"):
        rule_file(GAME.replace("results:\n  score: me.points\n", "").replace("LAST", "  count: 2").replace("END", "[]"))
