"""`rulelang test`: run rule tests (`*.test.yaml`)."""
from __future__ import annotations

import os
import sys

import click

from .common import allow_path_option


@click.command("test")
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("-v", "--verbose", is_flag=True, help="List every test, not only failures.")
@allow_path_option
def test_command(paths, verbose, allow):
    """Run rule tests (*.test.yaml files); without PATHS, the packaged rulesets' tests.

    Every line goes to standard output, in order (a failing test exits 1).
    """
    from rulelang.analysis.ruletests import find_test_files, read_tests, run_test
    from rulelang.api import packaged_rulesets
    from rulelang.errors import RuleError, printable
    if not paths:
        paths = sorted({os.path.dirname(p) for p in packaged_rulesets().values()})
    passed = failed = 0
    files, empty = [], False
    for path in paths:
        found = find_test_files([path], allow)
        if not found:  # a folder with no test file in it: say so, or `0 passed` is all one sees
            empty = True
            click.echo(printable(f"{path}: error: no rule test files (*.test.yaml) under this folder"))
        files += found
    for path in files:
        try:
            tests = read_tests(path, allow)
        except RuleError as err:  # a broken file fails; the other files still run
            failed += 1
            click.echo(printable(str(err)))
            continue
        for test in tests:
            outcome = run_test(test)
            if outcome.passed:
                passed += 1
                if verbose:
                    covers = f" [{', '.join(test.covers)}]" if test.covers else ""
                    click.echo(printable(f"PASS {test.name}{covers}"))
            else:
                failed += 1
                click.echo(printable(f"FAIL {test.name}\n  {outcome.message}"))
    click.echo(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed or empty or not passed else 0)
