"""CPU time of every command the hostile-file corpus runs (tests/hostile/), the heaviest first.

    python benchmarks/hostile_cpu.py [--top N]

tests/test_hostile.py fails a command that takes over 5 s of CPU (tests/hostile/harness.py),
and a slower machine (such as CI's) takes longer than this one: see how close the heaviest
cases come before changing the engine, the log or the limits. Runs each case once, in a forked
child as the test does, and prints a Markdown table of the `--top` heaviest (default 10).
"""
from __future__ import annotations

import argparse
import os
import platform
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "..", "tests"), os.path.join(HERE, "..", "tests", "hostile")]

from harness import CPU_SECONDS, run_guarded  # noqa: E402
from test_hostile import cases  # noqa: E402


def main() -> None:
    """Run the corpus and print the heaviest cases."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=10, help="how many cases to print (default 10)")
    top = parser.parse_args().top
    os.chdir(os.path.join(HERE, ".."))  # the test runs the corpus from the project's folder
    rows = []
    for case in cases():
        _, _, args, stdin = case.values
        report = run_guarded(args, stdin)
        rows.append((report.cpu, case.id, report.killed))
    rows.sort(reverse=True)
    print(f"{len(rows)} commands on {platform.processor() or platform.machine()}, Python {platform.python_version()}; "
          f"bound {CPU_SECONDS} s of CPU\n")
    print("| case | CPU s |\n|---|---:|")
    for cpu, name, killed in rows[:top]:
        print(f"| {name} | {cpu:.2f}{' ' + killed if killed else ''} |")


if __name__ == "__main__":
    main()
