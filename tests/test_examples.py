"""Every house rule in examples/ validates and plays 50 seeded random games without error."""
from pathlib import Path

import pytest

from rulelang.agents import parse_players
from rulelang.analysis.simulate import simulate
from rulelang.api import check, load_game

EXAMPLES = sorted(str(p) for p in (Path(__file__).resolve().parent.parent / "examples").glob("*.yaml")
                  if not p.name.endswith(".test.yaml"))


def test_there_is_a_house_rule_for_every_seed_game():
    bases = {load_game(path).name.split(" (")[0].split(",")[0].split(" — ")[0] for path in EXAMPLES}
    assert {"Storma slottet!", "Tjugonio", "Houska Castle", "Høyers trappe", "Supertrumf Fantasy"} <= bases


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: Path(p).stem)
def test_example_validates(path):
    assert check(path) == []


@pytest.mark.slow
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: Path(p).stem)
def test_example_plays_fifty_games(path):
    game = load_game(path)
    specs = parse_players(",".join(["random"] * game.min_players))
    summary = simulate(path, 50, specs, seed=5, workers=2).as_json()
    assert summary["games"] == 50
    assert summary["errors"] == 0, summary["error_details"][:3]
