"""Agents: whatever answers a decision from what its seat may see, one module per agent.

In: a seat's view and a pending decision. Out: the index of an option. `spec.py` turns the
command line's `NAME[:key=value,...]` into agents; `determinization.py` gives search agents
samples of the game that agree with what their seat knows; `estimate.py` values them.
"""
from .determinization import SeatView
from .greedy import GreedyAgent
from .mcts import MctsAgent
from .random_agent import RandomAgent, random_agents
from .spec import AgentSpec, build_agent, parse_agent_spec, parse_players

__all__ = ["AgentSpec", "GreedyAgent", "MctsAgent", "RandomAgent", "SeatView", "build_agent",
           "parse_agent_spec", "parse_players", "random_agents"]
