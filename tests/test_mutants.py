"""The mutation property: a shipped ruleset with one node changed gives a positioned error or a
clean run, never an internal error (a bounded sample here; benchmarks/mutants.py runs many)."""
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "hostile"))
from harness import problems, run_guarded  # noqa: E402
from mutate import mutants, write_mutant  # noqa: E402

pytestmark = pytest.mark.slow

PER_RULESET = int(os.environ.get("MUTANTS", "4"))  # MUTANTS=200 for a longer hunt


def test_mutants_of_the_shipped_rulesets_give_positioned_errors_or_clean_runs(tmp_path):
    found, slow = [], []
    for name, description, doc in mutants(PER_RULESET, seed=17):
        report = run_guarded(["validate", str(write_mutant(name, doc, tmp_path)), "--playouts", "2"])
        for problem in problems(report):
            (slow if problem.startswith("over bounds") else found).append(f"{name}: {description}: {problem}")
    assert found == []
    if slow:  # games that never end run into the decision bound, too slowly yet: tests/hostile/never_ends.yaml
        pytest.xfail("evaluator: lead; over the time bound: " + "; ".join(slow))
