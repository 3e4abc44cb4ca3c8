"""The benchmark scripts still run against the current API (their figures are not checked here)."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import differential  # noqa: E402  (scripts of benchmarks/)
import speed  # noqa: E402

MINIMAL = str(Path(__file__).parent / "data" / "minimal.yaml")


def test_speed_measures_decisions_and_games():
    found = speed.measure(MINIMAL, 2, 0.01)
    assert found["decisions_per_s"] > 0 and found["games_per_s"] > 0 and found["us_per_decision"] > 0


@pytest.mark.slow
def test_speed_times_simulate_with_one_and_two_workers():
    one, two = speed.worker_speedup(MINIMAL, 4)
    assert one > 0 and two > 0


def test_differential_finds_the_rule_files_it_compares():
    names = [Path(path).name for path in differential.rule_files([])]
    assert "storma_slottet.yaml" in names and not any(name.endswith(".test.yaml") for name in names)
    assert [Path(path).name for path in differential.rule_files(["tjugonio"])] == ["tjugonio.yaml"]
