"""Results must not drift by accident: simulations and full game logs compared with golden files.

A change that alters them on purpose (a rule fix, a new log wording) regenerates them in its
own commit, saying why:

    python tests/test_golden.py --regenerate
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from rulelang.agents import parse_players, random_agents
from rulelang.analysis.simulate import simulate
from rulelang.api import load_game
from rulelang.engine.session import play_game

GOLDEN = Path(__file__).resolve().parent / "golden"

# (ruleset, players, games, master seed): every shipped ruleset, the long Høyer matches briefly.
SIMULATIONS = [
    ("storma_slottet", 2, 40, 1),
    ("tjugonio", 2, 100, 2),
    ("houska_castle", 1, 200, 3),
    ("hoyers_trappe", 2, 2, 4),
    ("hoyers_trappe", 10, 2, 5),
    ("supertrumf", 2, 200, 6),
    ("supertrumf", 6, 100, 7),
    ("supertrumf_blixtduell", 2, 200, 8),
]
# The classic games, each briefly (their long games, a few).
SIMULATIONS += [
    ("blackjack", 3, 200, 9),
    ("crazy_eights", 4, 60, 10),
    ("go_fish", 4, 40, 11),
    ("klondike", 1, 200, 12),
    ("kuhn_poker", 2, 200, 13),
    ("leduc_poker", 2, 200, 14),
    ("texas_holdem", 4, 6, 15),
    ("uno", 4, 10, 16),
    ("spades", 4, 8, 17),
    ("euchre", 4, 20, 18),
    ("hearts", 4, 4, 19),
    ("yahtzee", 2, 10, 20),
    ("liars_dice", 4, 40, 21),
    ("gin_rummy", 2, 4, 22),
    ("cribbage", 2, 20, 23),
    ("scopa", 2, 40, 24),
    ("contract_bridge", 4, 40, 25),
    ("sushi_go", 4, 20, 24),
    ("durak", 4, 20, 25),
    ("rummy_500", 3, 4, 26),
]
# (ruleset, players, seed): one full log (every line with its audience) per shipped ruleset.
LOGS = [
    ("storma_slottet", 2, 7),
    ("tjugonio", 2, 11),
    ("houska_castle", 1, 12),
    ("hoyers_trappe", 3, 1),
    ("supertrumf", 4, 14),
    ("supertrumf_blixtduell", 2, 15),
]


def simulation_file(name: str, players: int) -> Path:
    return GOLDEN / f"simulate-{name}-{players}p.json"


def log_file(name: str, players: int, seed: int) -> Path:
    return GOLDEN / f"log-{name}-{players}p-seed{seed}.txt"


def simulation_summary(name: str, players: int, games: int, seed: int) -> dict:
    """`simulate --json` for the case, without the time it took."""
    summary = simulate(name, games, parse_players(",".join(["random"] * players)), seed=seed).as_json()
    summary.pop("elapsed_s")
    return summary


def game_log(name: str, players: int, seed: int) -> str:
    """The full log of one seeded random game: `audience<TAB>text` per line (`*` for everyone)."""
    st = play_game(load_game(name), random_agents(players, seed), seed)
    lines = [f"{'*' if seat is None else seat}\t{text}" for seat, text in st.log]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name,players,games,seed", SIMULATIONS,
                         ids=[f"{n}-{p}p" for n, p, _, _ in SIMULATIONS])
def test_simulation_matches_golden(name, players, games, seed):
    expected = json.loads(simulation_file(name, players).read_text(encoding="utf-8"))
    assert simulation_summary(name, players, games, seed) == expected


@pytest.mark.parametrize("name,players,seed", LOGS, ids=[f"{n}-{p}p" for n, p, _ in LOGS])
def test_game_log_matches_golden(name, players, seed):
    expected = log_file(name, players, seed).read_text(encoding="utf-8")
    assert game_log(name, players, seed) == expected


def regenerate() -> None:
    """Write every golden file anew from the current engine."""
    GOLDEN.mkdir(exist_ok=True)
    for name, players, games, seed in SIMULATIONS:
        summary = simulation_summary(name, players, games, seed)
        simulation_file(name, players).write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    for name, players, seed in LOGS:
        log_file(name, players, seed).write_text(game_log(name, players, seed), encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:] != ["--regenerate"]:
        sys.exit("usage: python tests/test_golden.py --regenerate")
    regenerate()
