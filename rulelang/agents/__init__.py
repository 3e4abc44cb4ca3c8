"""Agents: whatever answers a decision from what its seat may see, one module per agent.

In: a seat's view and a pending decision. Out: the index of an option. `spec.py` turns the
command line's `NAME[:key=value,...]` into agents.
"""
from .random_agent import RandomAgent, random_agents
from .spec import AgentSpec, build_agent, parse_agent_spec, parse_players

__all__ = ["AgentSpec", "RandomAgent", "build_agent", "parse_agent_spec", "parse_players", "random_agents"]
