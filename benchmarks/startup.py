"""How quickly the `rulelang` command answers: `--help`, and `validate` of every shipped ruleset.

    python benchmarks/startup.py [--runs N] [--command PATH]

Runs each command N times (default 15) after one run that fills the caches (the built parser
and the stored parse trees, as any earlier run would have), and prints the median and the
quickest wall-clock time, and the median CPU time, as a Markdown table. `--command` names the
`rulelang` to time (default: the one beside this Python). Time it in an installation made as the
README's first command makes it (`pip install .`); an editable install adds its import hook
(about 15 ms) to every start.
"""
from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import time

from rulelang.catalog import packaged_rulesets


def timed(command: list, runs: int) -> dict:
    """Median and quickest wall-clock milliseconds, and median CPU milliseconds, of `runs` runs."""
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)  # fills the caches
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        walls.append(1000 * (time.perf_counter() - started))
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(1000 * (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime))
    return {"median": statistics.median(walls), "quickest": min(walls), "cpu": statistics.median(cpus)}


def main() -> None:
    """Time the commands and print the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15, help="timed runs per command")
    parser.add_argument("--command", default=os.path.join(os.path.dirname(sys.executable), "rulelang"),
                        help="the rulelang command to time")
    args = parser.parse_args()
    print(f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
          f"load average {os.getloadavg()[0]:.2f} at the start\n")
    print("| command | median ms | quickest ms | median CPU ms |")
    print("|---|---|---|---|")
    commands = [["--help"]] + [["validate", name] for name in packaged_rulesets()]
    for words in commands:
        found = timed([args.command, *words], args.runs)
        print(f"| rulelang {' '.join(words)} | {found['median']:.0f} | {found['quickest']:.0f} | {found['cpu']:.0f} |",
              flush=True)


if __name__ == "__main__":
    main()
