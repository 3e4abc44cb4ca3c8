"""Let pytest collect rule tests (`*.test.yaml`) next to the rulesets and examples."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulelang.analysis.ruletests import read_tests, run_test
from rulelang.errors import RuleError


COMPAT = Path(__file__).resolve().parent / "tests" / "compat"  # its test files' outcomes are recorded, not required


def pytest_collect_file(parent, file_path):
    """Collect each `*.test.yaml` file as a pytest file of rule tests (those of the compatibility
    corpus are run by tests/test_compat.py, against their recorded outcomes)."""
    if file_path.name.endswith(".test.yaml") and COMPAT not in file_path.resolve().parents:
        return RuleTestFile.from_parent(parent, path=file_path)
    return None


class RuleTestFile(pytest.File):
    """A rule test file: one pytest item per test."""

    def collect(self):
        try:
            tests = read_tests(str(self.path))
        except RuleError as err:
            raise pytest.fail(str(err), pytrace=False) from None
        for test in tests:
            yield RuleTestItem.from_parent(self, name=test.name, test=test)


class RuleTestItem(pytest.Item):
    """One rule test, named by its `name`, reporting the rule IDs it covers."""

    def __init__(self, *, test, **kwargs):
        super().__init__(**kwargs)
        self.test = test
        self.user_properties.append(("covers", ",".join(test.covers)))

    def runtest(self):
        outcome = run_test(self.test)
        if not outcome.passed:
            raise RuleTestFailed(outcome.message)

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, RuleTestFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, self.test.pos.line, f"rule test: {self.name} [{', '.join(self.test.covers)}]"


class RuleTestFailed(Exception):
    """Raised inside pytest when a rule test fails."""
