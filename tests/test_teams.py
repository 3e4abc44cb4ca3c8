"""teams: partners by count or by seats, values partners share, a player winning and losing with their team."""
import textwrap

import pytest

from rulelang.agents import random_agents
from rulelang.api import load_game
from rulelang.constructs.catalogue import FUNCTIONS
from rulelang.engine.session import play_game
from rulelang.engine.state import GameState
from rulelang.engine.values import Player
from rulelang.errors import RuleError

GAME = """
    name: Teams
    players: 4
    teams: {count: 2, shared: [points]}
    deck: {standard: 52, start: draw}
    zones:
      draw: {visibility: hidden}
    player_vars: {points: 0, tricks: 0}
    turn:
      first: P1
      do:
        - set me.points += 3
        - set me.tricks += 1
        - {if: "P3.points >= 6", then: ["OUTCOME P3"]}
    end: []
"""


def write(folder, text, outcome):
    path = folder / "game.yaml"
    path.write_text(textwrap.dedent(text).replace("OUTCOME", outcome))
    return str(path)


def seats(players):
    return [p.seat + 1 for p in players]


def test_partners_sit_across_with_a_count_of_teams(tmp_path):
    st = GameState(load_game(write(tmp_path, GAME, outcome="win")), 4, 1)
    team, partner = FUNCTIONS["team"].meaning, FUNCTIONS["partner"].meaning
    assert seats(team(st, Player(0))) == [1, 3] and seats(team(st, Player(3))) == [2, 4]
    assert partner(st, Player(0)) == Player(2) and partner(st, Player(2)) == Player(0)


def test_seats_say_who_plays_together(tmp_path):
    text = GAME.replace("teams: {count: 2, shared: [points]}", "teams: {seats: [[P1, P2], [P3, P4]]}")
    st = GameState(load_game(write(tmp_path, text, outcome="win")), 4, 1)
    assert seats(FUNCTIONS["team"].meaning(st, Player(1))) == [1, 2]
    assert FUNCTIONS["partner"].meaning(st, Player(3)) == Player(2)


def test_without_teams_every_player_is_alone(tmp_path):
    text = GAME.replace("    teams: {count: 2, shared: [points]}\n", "")
    st = GameState(load_game(write(tmp_path, text, outcome="win")), 4, 1)
    assert seats(FUNCTIONS["team"].meaning(st, Player(1))) == [2]
    assert FUNCTIONS["partner"].meaning(st, Player(1)) is None


def test_partners_share_a_shared_value_and_keep_their_own(tmp_path):
    st = play_game(load_game(write(tmp_path, GAME, outcome="win")), random_agents(4, 1), 1)
    assert [values["points"] for values in st.pvars] == [6, 3, 6, 3]   # P1 then P2 then P3 scored for their team
    assert [values["tricks"] for values in st.pvars] == [1, 1, 1, 0]


@pytest.mark.parametrize("outcome,result", [("win", ("win", "loss", "win", "loss")),
                                            ("lose", ("loss", "win", "loss", "win"))])
def test_a_player_wins_and_loses_with_their_team(tmp_path, outcome, result):
    st = play_game(load_game(write(tmp_path, GAME, outcome=outcome)), random_agents(4, 1), 1)
    assert st.result == result


@pytest.mark.parametrize("teams,message", [
    ("{count: 2, seats: [[P1, P3], [P2, P4]]}", "give either `count`"),
    ("{count: 0}", "count must be a number from 1 to 20"),
    ("{count: 2, shared: [score]}", "'score' is not a player_vars name"),
    ("{seats: [[P1, P3], [P2]]}", "must name every seat once"),
    ("{seats: [[P1, P3], [P3, P2, P4]]}", "a seat plays in one team only"),
    ("{seats: [P1, P3]}", "lists the seats of each team"),
])
def test_a_wrong_teams_section_is_an_error_at_its_place(tmp_path, teams, message):
    text = GAME.replace("teams: {count: 2, shared: [points]}", f"teams: {teams}")
    with pytest.raises(RuleError) as err:
        load_game(write(tmp_path, text, outcome="win"))
    assert message in str(err.value) and "game.yaml:" in str(err.value)
