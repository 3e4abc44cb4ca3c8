"""The speed guard: Python calls per decision of every shipped ruleset, against the committed table.

A count, not a clock: the same code makes the same calls on a busy machine as on an idle one.
More than 3% over the table fails (something made decisions slower); more than 3% under fails
too, so that the table follows every gain and the next slowdown cannot hide in the slack.
After a change that alters the counts on purpose: `python benchmarks/calls_per_decision.py
--write`, and commit the table in a commit that says why.
"""
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import calls_per_decision as guard  # noqa: E402  (a script of benchmarks/)
from rulelang.catalog import packaged_rulesets  # noqa: E402

TABLE = json.loads(guard.TABLE.read_text())


def test_every_shipped_ruleset_is_counted():
    assert {name for name, *_ in guard.CASES} == set(packaged_rulesets())


def test_the_table_holds_every_case_and_no_other():
    assert set(TABLE["cases"]) == {guard.case_key(name, seats) for name, seats, *_ in guard.CASES}


@pytest.mark.slow  # (half a minute of CPU: CI runs it with the whole suite)
def test_calls_per_decision_stay_within_three_percent_of_the_table():
    if guard.python_version() != TABLE["python"]:
        pytest.skip(f"the table counts Python {TABLE['python']}'s calls; this is Python {guard.python_version()}")
    faults = guard.compare(guard.counted(), TABLE)
    assert not faults, "calls per decision moved (benchmarks/calls_per_decision.py):\n" + "\n".join(faults)


def test_the_comparison_flags_a_case_over_or_under_and_passes_one_within():
    table = {"cases": {"a": 100.0, "b": 100.0, "c": 100.0}}
    found = {"a": {"per_decision": 103.5}, "b": {"per_decision": 96.0}, "c": {"per_decision": 102.9},
             "d": {"per_decision": 1.0}}
    faults = guard.compare(found, table)
    assert [line.split(":")[0] for line in faults] == ["a", "b", "d"]
    assert "over" in faults[0] and "under" in faults[1] and "not in the table" in faults[2]
