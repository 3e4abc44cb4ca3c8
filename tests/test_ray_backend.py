"""The Ray backend plays the same games as a local run: checked on a local Ray instance (2 CPUs)."""
from pathlib import Path

import pytest
import ray

from rulelang.agents import parse_players
from rulelang.analysis.compare import compare
from rulelang.analysis.simulate import simulate

MINIMAL = str(Path(__file__).resolve().parent / "data" / "minimal.yaml")
TWO = parse_players("random,random")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def without_time(data: dict) -> dict:
    data.pop("elapsed_s")
    for run in data.get("rulesets", ()):
        run.pop("elapsed_s")
    return data


@pytest.mark.slow
def test_ray_plays_the_figures_of_a_local_run(local_ray, tmp_path):
    local = simulate(MINIMAL, 90, TWO, seed=8, workers=2)
    remote = simulate(MINIMAL, 90, TWO, seed=8, backend="ray")
    assert without_time(remote.as_json()) == without_time(local.as_json())
    longer = tmp_path / "longer.yaml"
    longer.write_text(Path(MINIMAL).read_text().replace("tricks >= 5", "tricks >= 8"))
    files = [MINIMAL, str(longer)]
    here = compare(files, 30, TWO, seed=3)
    there = compare(files, 30, TWO, seed=3, backend="ray", workers=2)
    assert without_time(there.as_json()) == without_time(here.as_json())
