"""Agent specs as --players takes them: NAME[:key=value,...], one per seat."""
import pytest

from rulelang.agents import AgentSpec, parse_agent_spec, parse_players
from rulelang.agents.spec import settings


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
    ("mcts:iterations=1000000000000000000000", "iterations must be a whole number from 1 to 1,000,000, not"),
    ("mcts:iterations=1000001", "from 1 to 1,000,000"),
    ("mcts:seconds=601", "seconds must be a number above 0 up to 600"),
    ("mcts:seconds=inf", "up to 600"),
    ("mcts:seconds=nan", "up to 600"),
    ("mcts:depth=5001", "depth must be a whole number from 1 to 5,000"),
    ("mcts:explore=1e300", "explore must be a number from 0 up to 100"),
    ("greedy:samples=1001", "samples must be a whole number from 1 to 1,000"),
    ("mcts:iterations=" + "9" * 5000, "at most 300 characters"),
])
def test_malformed_specs_say_what_is_wrong(text, message):
    with pytest.raises(ValueError, match=message):
        parse_agent_spec(text)


def test_an_option_reads_its_value_or_the_default():
    spec = parse_agent_spec("mcts:iterations=400")
    assert spec.option("iterations") == "400" and spec.option("depth", "30") == "30"


@pytest.mark.parametrize("text", ["\u001b]0;pwned\u0007", "mcts:iterations=\x1b[2J", "random\u202e", "ran\ndom",
                                  "evil\u200d.py:Agent"])
def test_a_spec_with_control_or_invisible_characters_is_refused_and_quoted_escaped(text):
    with pytest.raises(ValueError, match="control or invisible characters") as caught:
        parse_agent_spec(text)
    message = str(caught.value)
    assert message.isprintable() and any(escape in message for escape in ("\\x1b", "\\u", "\\n"))


def test_the_highest_bounds_are_taken():
    spec = parse_agent_spec("mcts:iterations=1000000,seconds=600,depth=5000,explore=100")
    assert settings(spec) == {"iterations": 1_000_000, "seconds": 600.0, "depth": 5000, "explore": 100.0}


def test_a_file_agent_is_not_imported_when_files_are_not_loaded(tmp_path):
    marker = tmp_path / "imported"
    agent = tmp_path / "evil.py"
    agent.write_text(f"open({str(marker)!r}, 'w').close()\n"
                     "class Agent:\n    def choose(self, view, decision):\n        return 0\n")
    spec = parse_agent_spec(f"{agent}:Agent:level=3", load_files=False)
    assert spec.path == str(agent) and spec.name == "Agent" and spec.options == (("level", "3"),)
    assert not marker.exists()
    parse_agent_spec(f"{agent}:Agent")
    assert marker.exists()  # the check above would have seen an import
