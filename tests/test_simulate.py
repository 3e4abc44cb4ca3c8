"""simulate: the same figures from any number of workers, per-game lines that match the
summary, and failing games recorded with their seeds while the run goes on."""
import json

import pytest
from click.testing import CliRunner

from rulelang.agents import parse_players
from rulelang.analysis.backends import chunks
from rulelang.analysis.games import LeadCount
from rulelang.analysis.simulate import simulate
from rulelang.cli.main import main

MINIMAL = "tests/data/minimal.yaml"
TWO = parse_players("random,random")


def summary(run):
    data = run.as_json()
    data.pop("elapsed_s")
    return data


def invoke(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture
def with_report(tmp_path):
    """The minimal game with report figures: `figures` maps each name to its expression."""
    def write(figures: dict):
        path = tmp_path / "reported.yaml"
        lines = "".join(f"    {name}: \"{text}\"\n" for name, text in figures.items())
        path.write_text(open(MINIMAL).read() + "  report:\n" + lines)
        return str(path)
    return write


def test_chunks_cover_every_game_once():
    for games, workers in [(1, 1), (7, 2), (1000, 1), (123_457, 2)]:
        bounds = chunks(games, workers)
        assert bounds[0][0] == 0 and bounds[-1][1] == games
        assert all(a[1] == b[0] for a, b in zip(bounds, bounds[1:]))


def test_one_and_two_workers_give_identical_figures(with_report):
    path = with_report({"tricks": "tricks", "points": "sum(p in players | p.points)"})
    one = simulate(path, 37, TWO, seed=4, workers=1)
    two = simulate(path, 37, TWO, seed=4, workers=2)
    assert summary(one) == summary(two)
    assert summary(one)["report"]["tricks"]["value"] == 5


def test_the_summary_carries_intervals_beside_the_fixed_keys():
    data = summary(simulate(MINIMAL, 40, TWO, seed=2))
    first = data["results"][0]
    assert first["wins"] / 40 == first["win_rate"]["value"]
    assert first["win_rate"]["low"] < first["win_rate"]["value"] < first["win_rate"]["high"]
    assert first["score"]["low"] <= first["mean_score"] <= first["score"]["high"]
    assert set(data["figures"]) == {"decisions", "turns", "decisive", "seat_advantage", "lead_changes"}
    assert data["figures"]["decisions"]["value"] == data["actions"] / 40
    assert data["confidence"] == 0.95


def test_out_lines_parse_and_match_the_summary(tmp_path, with_report):
    path, lines = with_report({"tricks": "tricks"}), tmp_path / "games.jsonl"
    result = invoke("simulate", path, "--games", "25", "--seed", "3", "--out", str(lines), "--json")
    data = json.loads(result.output)
    games = [json.loads(line) for line in lines.read_text().splitlines()]
    assert [game["index"] for game in games] == list(range(25))
    assert all(game["agents"] == ["random", "random"] and game["ruleset"] == path for game in games)
    assert sum(game["figures"]["decisions"] for game in games) == data["actions"]
    for seat, row in enumerate(data["results"]):
        assert sum(game["outcome"][seat] == "win" for game in games) == row["wins"]
        assert round(sum(game["scores"][seat] for game in games) / 25, 3) == row["mean_score"]
    for game in games:
        wins = [outcome == "win" for outcome in game["outcome"]]
        assert game["figures"]["seat_advantage"] == wins[0] - wins[1]
    assert data["report"]["tricks"]["value"] == sum(game["report"]["tricks"] for game in games) / 25


def test_a_failing_report_is_a_recorded_error_and_the_run_goes_on(with_report):
    data = summary(simulate(with_report({"mine": "[1][count(draw) + 60]"}), 4, TWO, seed=1))
    assert data["games"] == data["errors"] == 4
    detail = data["error_details"][0]
    assert detail["game"] == 0 and detail["seed"] > 0 and "reported.yaml:" in detail["error"]


def test_a_report_that_is_not_a_number_is_a_recorded_error(with_report):
    data = summary(simulate(with_report({"name": "['x'][0]"}), 2, TWO))  # (no kind known: checked as it runs)
    assert data["errors"] == 2 and "report 'name' must be a number, not x" in data["error_details"][0]["error"]


def test_an_internal_error_is_recorded_with_its_type_and_seed(broken_agent):
    data = summary(simulate(MINIMAL, 3, parse_players("random,broken"), seed=1))
    assert data["errors"] == 3
    assert data["error_details"][2]["error"] == "internal error: ZeroDivisionError: division by zero"


def test_lead_changes_count_a_new_seat_alone_at_the_top():
    lead = LeadCount()
    for scores in ([0, 0], [1, 0], [1, 1], [1, 2], [3, 2], [3, 3], [3, 3], [4, 3]):
        lead.look(scores)
    assert lead.changes == 2  # P1 leads, P2 takes over, P1 again; ties change nothing


def test_simulate_table_shows_intervals_and_no_progress_bar_on_a_pipe():
    result = invoke("simulate", MINIMAL, "--games", "12")
    assert result.exit_code == 0
    assert "P1 wins" in result.output and "±" in result.output
    assert "games/s" not in result.output


def test_simulate_refuses_unknown_plots_before_playing(tmp_path):
    result = invoke("simulate", MINIMAL, "--games", "5", "--plot", str(tmp_path / "p.gif"))
    assert result.exit_code == 2
    assert result.output == f"{tmp_path / 'p.gif'}: error: --plot writes .png or .html files\n"
