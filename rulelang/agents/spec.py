"""Agent specs: `NAME[:key=value,...]` per seat, as `--players` takes them, and building agents.

A spec is plain data (it pickles, so worker processes can build their own agents). Bots are
registered by name in AGENTS with the options they take (OPTIONS); `human` is known here but
built by the terminal; `path/to/agent.py:ClassName` names a class in the user's own file.
"""
from __future__ import annotations

import re

import attrs

from ..engine.rng import derive_seed
from .files import load_agent_class, split_file_spec
from .greedy import GreedyAgent
from .mcts import MctsAgent
from .random_agent import RandomAgent

NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
HUMAN = "human"


@attrs.frozen
class AgentSpec:
    """One seat's agent: its name and options, as written (`mcts:iterations=400`).

    For an agent in the user's file, `name` is the class and `path` the file.
    """

    name: str
    options: tuple = ()  # (key, value) pairs, values as written
    text: str = ""
    path: str | None = None

    def option(self, key: str, default=None):
        """The value of an option, or `default` when it is not given."""
        return dict(self.options).get(key, default)

    @property
    def is_human(self) -> bool:
        """True for a person at the terminal."""
        return self.name == HUMAN and self.path is None


def whole(text: str) -> int:
    """A whole number of at least 1."""
    if not re.fullmatch(r"\s*\d+\s*", text) or int(text) < 1:
        raise ValueError("a whole number of at least 1")
    return int(text)


def positive(text: str) -> float:
    """A number above 0."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not value > 0 or value == float("inf"):
        raise ValueError("a number above 0")
    return value


def share(text: str) -> float:
    """A number of at least 0."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 <= value < float("inf"):
        raise ValueError("a number of at least 0")
    return value


# name -> {option: how its text becomes a value}
OPTIONS = {
    "random": {},
    "greedy": {"samples": whole},
    "mcts": {"iterations": whole, "seconds": positive, "depth": whole, "explore": share},
}


def settings(spec: AgentSpec) -> dict:
    """A bot's options as values (`{"iterations": 400}`); ValueError naming a bad one."""
    if spec.path is not None:
        return dict(spec.options)  # the user's class reads its own options
    table = OPTIONS.get(spec.name, {})
    out = {}
    for key, text in spec.options:
        if key not in table:
            known = ", ".join(table) or "none"
            raise ValueError(f"'{spec.name}' takes no option '{key}' (its options: {known})")
        try:
            out[key] = table[key](text)
        except ValueError as err:
            raise ValueError(f"'{spec.name}' option {key} must be {err}, not '{text}'") from None
    return out


def _seed(seed: int, seat: int) -> int:
    return derive_seed(seed, 1000 + seat)


AGENTS = {  # name -> factory(spec, seat, game seed, game)
    "random": lambda spec, seat, seed, game: RandomAgent(_seed(seed, seat)),
    "greedy": lambda spec, seat, seed, game: GreedyAgent(_seed(seed, seat), **settings(spec)),
    "mcts": lambda spec, seat, seed, game: MctsAgent(_seed(seed, seat), **settings(spec)),
}


def known_names() -> list:
    """Every agent name a spec may use."""
    return [HUMAN, *AGENTS]


def parse_agent_spec(text: str) -> AgentSpec:
    """`NAME[:key=value,...]` into a spec; ValueError with a readable message when malformed."""
    text = text.strip()
    in_file = split_file_spec(text)
    if in_file:
        path, name, rest = in_file
        load_agent_class(path, name)  # says now, before any game starts, when the class cannot be had
    else:
        name, _, rest = text.partition(":")
        path = None
        if not NAME.match(name):
            raise ValueError(f"'{text}' is not an agent spec; write NAME, NAME:key=value or FILE.py:Class")
        if name not in known_names():
            raise ValueError(f"'{name}' is not an agent; use one of {', '.join(known_names())} or FILE.py:Class")
    options = []
    for part in filter(None, rest.split(",")):
        key, equals, value = part.partition("=")
        if not equals or not NAME.match(key.strip()):
            raise ValueError(f"'{part}' in '{text}' is not key=value")
        options.append((key.strip(), value.strip()))
    spec = AgentSpec(name, tuple(options), text, path)
    if not spec.is_human:
        settings(spec)
    return spec


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
    if spec.path is not None:
        return load_agent_class(spec.path, spec.name)(_seed(seed, seat), **settings(spec))
    return AGENTS[spec.name](spec, seat, seed, game)
