"""Agent specs as --players takes them: NAME[:key=value,...], one per seat."""
import pytest

from rulelang.agents import AgentSpec, parse_agent_spec, parse_players


@pytest.mark.parametrize("text,expected", [
    ("random", [AgentSpec("random", (), "random")]),
    ("human,random", [AgentSpec("human", (), "human"), AgentSpec("random", (), "random")]),
    ("mcts:iterations=1,depth=2,human", [AgentSpec("mcts", (("iterations", "1"), ("depth", "2")), "mcts:iterations=1,depth=2"),
                              AgentSpec("human", (), "human")]),
])
def test_players_are_split_into_specs(text, expected):
    assert parse_players(text) == expected


@pytest.mark.parametrize("text,message", [
    ("robot", "'robot' is not an agent"),
    ("random:depth", "'depth' in 'random:depth' is not key=value"),
    ("9lives", "is not an agent spec"),
    ("random:iterations=400", "'random' takes no option 'iterations'"),
])
def test_malformed_specs_say_what_is_wrong(text, message):
    with pytest.raises(ValueError, match=message):
        parse_agent_spec(text)


def test_an_option_reads_its_value_or_the_default():
    spec = parse_agent_spec("mcts:iterations=400")
    assert spec.option("iterations") == "400" and spec.option("depth", "30") == "30"
