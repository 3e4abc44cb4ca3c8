"""Playouts: seats filled from agent specs, every failing game recorded, the same in any worker count."""
import json

from click.testing import CliRunner

from rulelang.agents import parse_players
from rulelang.analysis.playouts import run_playouts
from rulelang.cli.main import main

MINIMAL = "tests/data/minimal.yaml"
STALLS = "tests/data/stalls.yaml"


def test_playouts_take_the_seats_from_players():
    result = CliRunner().invoke(main, ["validate", "--playouts", "4", "--players", "random,random,random",
                                       "--format", "json", MINIMAL])
    assert result.exit_code == 0 and json.loads(result.output)["playouts"][MINIMAL] == []
    refused = CliRunner().invoke(main, ["validate", "--playouts", "1", "--players", "random", MINIMAL])
    assert refused.exit_code == 2 and "takes 2 to 4 players, not 1" in refused.output


def test_an_internal_error_is_recorded_for_every_playout_it_breaks(broken_agent):
    problems = run_playouts(MINIMAL, 3, parse_players("broken,random"), seed=2)
    assert [(p.game, p.kind, p.message, p.decision) for p in problems] == [
        (game, "internal error", "ZeroDivisionError: division by zero", 0) for game in range(3)]


def test_playout_problems_are_the_same_with_two_workers():
    one = run_playouts(STALLS, 6, parse_players("random,random"), seed=4, workers=1)
    two = run_playouts(STALLS, 6, parse_players("random,random"), seed=4, workers=2)
    assert one == two and {p.kind for p in one} == {"stall"}


def test_a_game_past_its_decision_limit_is_a_step_bound(tmp_path):
    path = tmp_path / "short.yaml"
    path.write_text(open(MINIMAL).read() + "limits: {decisions: 6}\n")
    problems = run_playouts(str(path), 2, parse_players("random,random"))
    assert [(p.kind, p.decision) for p in problems] == [("step bound", 6)] * 2
    assert problems[0].message.endswith("short.yaml:48:5: no result after 6 decisions (limits: decisions)")
