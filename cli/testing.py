"""`rulelang test`: run rule tests (`*.test.yaml`)."""
from __future__ import annotations

import os
import sys

import click

from .common import fail


@click.command("test")
@click.argument("paths", nargs=-1)
@click.option("-v", "--verbose", is_flag=True, help="List every test, not only failures.")
def test_command(paths, verbose):
    """Run rule tests (*.test.yaml files); without PATHS, the packaged rulesets' tests."""
    from rulelang.analysis.ruletests import find_test_files, read_tests, run_test
    from rulelang.api import packaged_rulesets
    from rulelang.errors import RuleError
    if not paths:
        paths = sorted({os.path.dirname(p) for p in packaged_rulesets().values()})
    passed = failed = 0
    try:
        files = find_test_files(list(paths))
        for path in files:
            for test in read_tests(path):
                outcome = run_test(test)
                if outcome.passed:
                    passed += 1
                    if verbose:
                        click.echo(f"PASS {test.name} [{', '.join(test.covers)}]")
                else:
                    failed += 1
                    click.echo(f"FAIL {test.name}\n  {outcome.message}", err=True)
    except RuleError as err:
        fail(err)
    click.echo(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed or not passed else 0)
