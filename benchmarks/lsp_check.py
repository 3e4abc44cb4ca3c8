"""How long the language server takes to check a shipped ruleset after a change (issue 37: under 150 ms).

    python benchmarks/lsp_check.py [--changes N]

Starts the server's checking process (rulelang/lsp/checking.py) as `rulelang lsp` does, lets
it load the library, then sends each shipped ruleset's text N times, each time changed (a
comment with a counter at its end, so that no parse or document store answers from an earlier
run), and prints the median and the slowest wall-clock time per check.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

from rulelang.catalog import packaged_rulesets, resolve
from rulelang.lsp.checking import CheckingProcess


def main() -> int:
    """Time the checks; 1 when a median is 150 ms or more."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=20, help="changed texts checked per ruleset")
    args = parser.parse_args()
    checking = CheckingProcess()
    checking.run("warm-up.yaml", "name: x\n", ())  # (the process loads the library once)
    slow = False
    try:
        for name in packaged_rulesets():
            path = resolve(name)
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
            times = []
            for change in range(args.changes):
                started = time.perf_counter()
                answer = checking.run(path, f"{text}\n# change {change} {time.time_ns()}\n", ())
                times.append(time.perf_counter() - started)
                assert answer is not None and not [d for d in answer.diagnostics if d.severity == "error"], name
            median = statistics.median(times)
            slow = slow or median >= 0.150
            print(f"{name}: median {1000 * median:.0f} ms, slowest {1000 * max(times):.0f} ms ({args.changes} checks)")
    finally:
        checking.close()
    return 1 if slow else 0


if __name__ == "__main__":
    sys.exit(main())
