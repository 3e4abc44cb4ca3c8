"""Agent specs: `NAME[:key=value,...]` per seat, as `--players` takes them, and building agents.

A spec is plain data (it pickles, so worker processes can build their own agents). Bots are
registered by name in AGENTS with the options they take (OPTIONS), each number with its bounds;
`human` is known here but built by the terminal; `path/to/agent.py:ClassName` names a class in
the user's own file. A spec may come from a file someone else wrote (a game record), so its
text is bounded, quoted escaped in every message, and a file agent is loaded only when asked.
"""
from __future__ import annotations

import re

import attrs

from ..engine.rng import derive_seed
from ..errors import printable
from .cfr import CfrAgent
from .files import load_agent_class, split_file_spec
from .greedy import GreedyAgent
from .mcts import MAX_PLAYOUT, MctsAgent
from .random_agent import RandomAgent

NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
HUMAN = "human"
MAX_SPEC = 300  # characters of one spec
QUOTED = 60  # characters of a spec or value quoted in a message


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


def quoted(text: str) -> str:
    """A spec's text as a message quotes it: escaped (see `errors.printable`) and cut short."""
    shown = printable(text if len(text) <= QUOTED else text[:QUOTED] + "…")
    return "'" + shown.replace("\n", "\\n").replace("\t", "\\t") + "'"


@attrs.frozen
class Whole:
    """An option that is a whole number from 1 to `most`."""

    most: int

    def __call__(self, text: str) -> int:
        """The option's value; ValueError saying what it must be."""
        if not re.fullmatch(r"\s*\d{1,18}\s*", text) or not 1 <= int(text) <= self.most:
            raise ValueError(f"a whole number from 1 to {self.most:,}")
        return int(text)


@attrs.frozen
class Number:
    """An option that is a number above `least` (or from it, when `zero` is allowed) up to `most`."""

    most: float
    least: float = 0.0
    zero: bool = False

    def __call__(self, text: str) -> float:
        """The option's value; ValueError saying what it must be."""
        try:
            value = float(text)
        except ValueError:
            value = float("nan")
        low_ok = value >= self.least if self.zero else value > self.least
        if not (low_ok and value <= self.most):
            raise ValueError(f"a number {'from' if self.zero else 'above'} {self.least:g} up to {self.most:g}")
        return value


# name -> {option: how its text becomes a value, within its bounds (docs/security.md lists them)}
OPTIONS = {
    "random": {},
    "greedy": {"samples": Whole(1_000)},
    "mcts": {"iterations": Whole(1_000_000), "seconds": Number(600.0), "depth": Whole(MAX_PLAYOUT),
             "explore": Number(100.0, zero=True), "steps": Whole(100_000_000),
             "smooth": Number(1.0, zero=True), "mix": Number(1.0, zero=True), "peek": Whole(2)},
    "cfr": {"iterations": Whole(100_000)},
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
            raise ValueError(f"'{spec.name}' option {key} must be {err}, not {quoted(text)}") from None
    return out


def _seed(seed: int, seat: int) -> int:
    return derive_seed(seed, 1000 + seat)


AGENTS = {  # name -> factory(spec, seat, game seed, game)
    "random": lambda spec, seat, seed, game: RandomAgent(_seed(seed, seat)),
    "greedy": lambda spec, seat, seed, game: GreedyAgent(_seed(seed, seat), **settings(spec)),
    "mcts": lambda spec, seat, seed, game: MctsAgent(_seed(seed, seat), **settings(spec)),
    "cfr": lambda spec, seat, seed, game: CfrAgent(_seed(seed, seat), **settings(spec)),
}


def decision_bot(spec: AgentSpec, seat: int, seed: int, position: int, game):
    """The bot that takes decision `position` of a game seeded `seed`, built afresh and seeded by
    both: a replayed, resumed or undone game goes on exactly as an uninterrupted one would."""
    return build_agent(spec, seat, derive_seed(seed, position), game)


def known_names() -> list:
    """Every agent name a spec may use."""
    return [HUMAN, *AGENTS]


def parse_agent_spec(text: str, load_files: bool = True) -> AgentSpec:
    """`NAME[:key=value,...]` into a spec; ValueError with a readable message when malformed.

    A file agent's class is loaded now (so a missing one is told before any game starts),
    unless `load_files` is False: then its spec is only read, and no code runs.
    """
    text = text.strip()
    if len(text) > MAX_SPEC:
        raise ValueError(f"an agent spec has at most {MAX_SPEC} characters, not {len(text):,} ({quoted(text)})")
    if printable(text) != text or "\n" in text or "\t" in text:
        raise ValueError(f"an agent spec may not hold control or invisible characters ({quoted(text)})")
    in_file = split_file_spec(text)
    if in_file:
        path, name, rest = in_file
        if load_files:
            load_agent_class(path, name)
    else:
        name, _, rest = text.partition(":")
        path = None
        if not NAME.match(name):
            raise ValueError(f"{quoted(text)} is not an agent spec; write NAME, NAME:key=value or FILE.py:Class")
        if name not in known_names():
            raise ValueError(f"{quoted(name)} is not an agent; use one of {', '.join(known_names())} or FILE.py:Class")
    options = []
    for part in filter(None, rest.split(",")):
        key, equals, value = part.partition("=")
        if not equals or not NAME.match(key.strip()):
            raise ValueError(f"{quoted(part)} in {quoted(text)} is not key=value")
        options.append((key.strip(), value.strip()))
    spec = AgentSpec(name, tuple(options), text, path)
    if not spec.is_human:
        settings(spec)
    return spec


def parse_players(text: str, load_files: bool = True) -> list:
    """Comma-separated specs, one per seat: `mcts:iterations=400,depth=30,random` is two seats
    (a `key=value` part without a colon belongs to the agent before it). See `parse_agent_spec`."""
    groups: list[list[str]] = []
    for part in text.split(","):
        if groups and "=" in part and ":" not in part:
            groups[-1].append(part)
        else:
            groups.append([part])
    return [parse_agent_spec(",".join(group), load_files) for group in groups]


def build_agent(spec: AgentSpec, seat: int, seed: int, game):
    """The bot a spec names, seeded for this seat and game; humans are built by the terminal."""
    if spec.is_human:
        raise ValueError("a human agent is built by the terminal, not here")
    if spec.path is not None:
        return load_agent_class(spec.path, spec.name)(_seed(seed, seat), **settings(spec))
    return AGENTS[spec.name](spec, seat, seed, game)
