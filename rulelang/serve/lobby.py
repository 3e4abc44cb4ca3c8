"""What the lobby offers: the rulesets (shipped, and the rule files of the `--rules` folder), a
house rule pasted in, and the seats (a person, or one of the bots with bounded settings).

A pasted rule file is untrusted like any other: it is checked in a process of its own within a
time bound (the language server's checking process), with `validate`'s budgets, before the
server compiles it; only what `validate` accepts is played, and its game runs with its limits.
"""
from __future__ import annotations

import os

from ..agents.spec import AgentSpec, parse_agent_spec, settings
from ..api import inspect_text, load_game
from ..catalog import packaged_rulesets
from ..errors import RulelangError
from ..lsp.checking import CheckingProcess, checked

PASTED = "house_rule.yaml"  # the name a pasted rule file is checked and shown under
MAX_RULE_TEXT = 1_000_000  # characters of a pasted rule file (as of a rule file on disk)
BOTS = ("random", "greedy", "mcts", "cfr")  # the bots a seat may be given (no agent files: they run code)
MAX_ITERATIONS = 20_000  # the most a bot searches for one decision, so that one table cannot hold a thread long
MAX_SECONDS = 20.0


class LobbyError(Exception):
    """A table that cannot be made as asked; `diagnostics`, for a rule file that did not check."""

    def __init__(self, message: str, diagnostics: list = ()):
        super().__init__(message)
        self.diagnostics = list(diagnostics)


class Lobby:
    """The rulesets on offer and the making of the games tables play."""

    def __init__(self, rules_folder: str | None = None, check_seconds: float = 5.0):
        self.folder = os.path.abspath(rules_folder) if rules_folder else None
        self.checking = CheckingProcess(check_seconds)
        self._listed = None

    def offered(self) -> dict:
        """Every ruleset on offer: name -> path (the folder's files by their file name, after the shipped)."""
        found = dict(packaged_rulesets())
        if self.folder and os.path.isdir(self.folder):
            for name in sorted(os.listdir(self.folder)):
                if name.endswith(".yaml") and not name.endswith(".test.yaml"):
                    found.setdefault(name[:-len(".yaml")], os.path.join(self.folder, name))
        return found

    def listed(self) -> list:
        """The rulesets for the lobby's list: name, title, players and description (loaded once;
        a file that does not load is left out)."""
        if self._listed is None:
            out = []
            for name, path in self.offered().items():
                try:
                    game = load_game(path, self.allow())
                except RulelangError:
                    continue
                out.append({"name": name, "title": game.name, "min": game.min_players, "max": game.max_players,
                            "description": (game.description or "").strip(),
                            "source": "shipped" if path in packaged_rulesets().values() else "folder"})
            self._listed = out
        return self._listed

    def allow(self) -> tuple:
        """The folders a rule file on offer may `extends:` files in."""
        return (self.folder,) if self.folder else ()

    def game(self, name: str):
        """(the compiled game, the name a record gives its ruleset) of a ruleset on offer."""
        path = self.offered().get(name)
        if path is None:
            raise LobbyError(f"no ruleset named {name!r} is on offer")
        game = load_game(path, self.allow())
        return game, name if path in packaged_rulesets().values() else path

    def check(self, text: str) -> list:
        """The diagnostics of a pasted rule file, checked in the bounded checking process."""
        if len(text) > MAX_RULE_TEXT:
            raise LobbyError(f"the rule file is longer than {MAX_RULE_TEXT:,} characters")
        return list(checked(self.checking, PASTED, text, ()).diagnostics)

    def pasted_game(self, text: str, checked_first: bool = True):
        """The game of a pasted rule file; LobbyError with its diagnostics when it has errors."""
        if checked_first:
            errors = [d for d in self.check(text) if d.severity == "error"]
            if errors:
                raise LobbyError("the rule file has errors", errors)
        found = inspect_text(PASTED, text)
        if found.game is None:
            raise LobbyError("the rule file has errors", [d for d in found.diagnostics if d.severity == "error"])
        return found.game

    def close(self) -> None:
        """End the checking process."""
        self.checking.close()


def seat_specs(seats: list, game) -> list:
    """Each seat's agent spec from the lobby's choices (`person`, or a bot spec such as
    `mcts:iterations=400`), within the game's player count and the bots' bounds."""
    if not isinstance(seats, list) or not all(isinstance(seat, str) for seat in seats):
        raise LobbyError("seats must be a list of texts")
    if not game.min_players <= len(seats) <= game.max_players:
        raise LobbyError(f"{game.name} is for {game.min_players} to {game.max_players} players, not {len(seats)}")
    specs = []
    for seat in seats:
        text = "human" if seat == "person" else seat
        try:
            spec = parse_agent_spec(text, load_files=False)
        except ValueError as err:
            raise LobbyError(str(err)) from None
        if not spec.is_human and (spec.path is not None or spec.name not in BOTS):
            raise LobbyError(f"a seat is a person or one of the bots {', '.join(BOTS)}, not {text!r}")
        _bounded(spec)
        specs.append(spec)
    if not any(spec.is_human for spec in specs):
        raise LobbyError("a table needs at least one person (watch bots play with `rulelang play`)")
    return specs


def _bounded(spec: AgentSpec) -> None:
    """A bot whose search would hold the server too long, or that sees hidden cards, is refused."""
    try:
        given = settings(spec)
    except ValueError as err:
        raise LobbyError(str(err)) from None
    if given.get("peek"):
        raise LobbyError("a bot that sees every hand (peek) cannot sit at a table")
    if given.get("iterations", 0) > MAX_ITERATIONS:
        raise LobbyError(f"a bot searches at most {MAX_ITERATIONS:,} iterations a decision here")
    if given.get("seconds", 0) > MAX_SECONDS:
        raise LobbyError(f"a bot thinks at most {MAX_SECONDS:g} seconds a decision here")
