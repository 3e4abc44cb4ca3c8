"""Agent specs: `NAME[:key=value,...]` per seat, as `--players` takes them, and building agents.

A spec is plain data (it pickles, so worker processes can build their own agents). Bots are
registered by name in AGENTS; `human` is known here but built by the terminal.
"""
from __future__ import annotations

import re

import attrs

from ..engine.rng import derive_seed
from .random_agent import RandomAgent

NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
HUMAN = "human"


@attrs.frozen
class AgentSpec:
    """One seat's agent: its name and options, as written (`mcts:iterations=400`)."""

    name: str
    options: tuple = ()  # (key, value) pairs, values as written
    text: str = ""

    def option(self, key: str, default=None):
        """The value of an option, or `default` when it is not given."""
        return dict(self.options).get(key, default)

    @property
    def is_human(self) -> bool:
        """True for a person at the terminal."""
        return self.name == HUMAN


def _random(spec: AgentSpec, seat: int, seed: int, game):
    return RandomAgent(derive_seed(seed, 1000 + seat))


AGENTS = {"random": _random}  # name -> factory(spec, seat, game seed, game)


def known_names() -> list:
    """Every agent name a spec may use."""
    return [HUMAN, *AGENTS]


def parse_agent_spec(text: str) -> AgentSpec:
    """`NAME[:key=value,...]` into a spec; ValueError with a readable message when malformed."""
    text = text.strip()
    name, _, rest = text.partition(":")
    if not NAME.match(name):
        raise ValueError(f"'{text}' is not an agent spec; write NAME or NAME:key=value")
    if name not in known_names():
        raise ValueError(f"'{name}' is not an agent; use one of {', '.join(known_names())}")
    options = []
    for part in filter(None, rest.split(",")):
        key, equals, value = part.partition("=")
        if not equals or not NAME.match(key.strip()):
            raise ValueError(f"'{part}' in '{text}' is not key=value")
        options.append((key.strip(), value.strip()))
    return AgentSpec(name, tuple(options), text)


def parse_players(text: str) -> list:
    """Comma-separated specs, one per seat: `mcts:iterations=400,depth=30,random` is two seats
    (a `key=value` part without a colon belongs to the agent before it)."""
    groups: list[list[str]] = []
    for part in text.split(","):
        if groups and "=" in part and ":" not in part:
            groups[-1].append(part)
        else:
            groups.append([part])
    return [parse_agent_spec(",".join(group)) for group in groups]


def build_agent(spec: AgentSpec, seat: int, seed: int, game):
    """The bot a spec names, seeded for this seat and game; humans are built by the terminal."""
    if spec.is_human:
        raise ValueError("a human agent is built by the terminal, not here")
    return AGENTS[spec.name](spec, seat, seed, game)
