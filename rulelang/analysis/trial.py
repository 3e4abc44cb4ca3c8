"""`validate`'s few short seeded games: what only playing finds, said at its rule-file position.

A rule that cannot run (a rule function called with a value it cannot take, a `display:` line
that fails, a figure of `results:` that is no number) passes every static check and fails every
game that reaches it. So `validate` plays GAMES games of random choices, each at most DECISIONS
decisions long, shows every seat its view after each (each `display:` line it may see), and
works out the results of each game that ends. The first error stops them. The choices are those
of `random` seats, so `rulelang play FILE --players random,... --seed N` plays the same game.
"""
from __future__ import annotations

from ..engine.rng import Rng, derive_seed
from ..engine.runtime import apply_action, new_game
from ..engine.values import Player
from ..engine.views import seat_view
from ..errors import Diagnostic, GameError, Position

GAMES = 2  # seeds 1 and 2
DECISIONS = 30  # per game: enough to reach what every game reaches, cheap enough to play at every validate


def trial(game, path: str, games: int = GAMES, decisions: int = DECISIONS) -> list[Diagnostic]:
    """The first error of a few short seeded games of a compiled game (none: an empty list)."""
    for seed in range(1, games + 1):
        try:
            _play(game, seed, decisions)
        except GameError as err:
            return [_diagnostic(err, path, seed, game)]
        except RecursionError:
            return [Diagnostic(Position(path, 0, 0), f"rules call each other too deeply{_replay(path, seed, game)}")]
        except Exception as err:  # a bug in rulelang, not in the rule file: told, not held against the file
            said = f"rulelang failed while playing a seeded game ({type(err).__name__}: {err}); please report it"
            return [Diagnostic(Position(path, 0, 0), said + _replay(path, seed, game), "warning")]
    return []


def _play(game, seed: int, decisions: int) -> None:
    """Play one game of `random` seats up to `decisions` decisions; then every seat's view, and the
    results of a game that ended. Raises GameError where a rule fails."""
    seats = game.min_players
    st = new_game(game, seats, seed)
    while st.result is None and st.actions < decisions:
        seat = st.pending.seat  # chosen as `rulelang play` seats a `random` bot at this decision
        bot = Rng(derive_seed(derive_seed(seed, st.actions), 1000 + seat))
        apply_action(st, bot.below(len(st.pending.options)))
    for seat in range(seats):
        seat_view(st, seat)
    if st.result is not None:
        for seat in range(seats if game.score is not None else 0):
            game.score(st, {"me": Player(seat)})
        for figure in game.report.values():
            figure(st, {"me": None})


def _diagnostic(err: GameError, path: str, seed: int, game) -> Diagnostic:
    """A game's error as a diagnostic at the rule it came from, saying how to play that game."""
    where = err.position or Position(path, 0, 0)
    called = f" (called at {', '.join(map(str, err.callers))})" if err.callers else ""
    return Diagnostic(where, f"{err.message}{called}{_replay(path, seed, game)}")


def _replay(path: str, seed: int, game) -> str:
    """How to play the seeded game again."""
    seats = ",".join(["random"] * game.min_players)
    return f" — found playing seeded game {seed}: rulelang play {path} --players {seats} --seed {seed}"
