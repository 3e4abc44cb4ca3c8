"""Mutants of every shipped ruleset, each checked and played under a time and memory guard.

    python benchmarks/mutants.py [--per-ruleset N] [--seed S] [--show K]

For each mutant (one node of the rule file changed: see tests/hostile/mutate.py), runs
`rulelang validate MUTANT --playouts 2` in a guarded child (5 s of CPU, 300 MB more memory)
and counts the outcomes per ruleset: clean runs, positioned errors, and anything else
(internal errors, errors without a position, over the time or memory bound). Prints the
counts, then up to K of the bad outcomes with the change that caused them.
"""
from __future__ import annotations

import argparse
import collections
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "hostile"))
from harness import problems, run_guarded  # noqa: E402
from mutate import mutants, write_mutant  # noqa: E402


def outcome(report) -> str:
    """clean, positioned error, or the first problem's kind (internal error, no position, over bounds ...)."""
    found = problems(report)
    if found:
        return found[0].split(":")[0]
    return "clean" if report.exit_code == 0 else "positioned error"


def main() -> None:
    """Run the mutants and print the counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-ruleset", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=20)
    args = parser.parse_args()
    counts: dict = collections.defaultdict(collections.Counter)
    bad = []
    with tempfile.TemporaryDirectory() as scratch:
        for name, description, doc in mutants(args.per_ruleset, args.seed):
            path = write_mutant(name, doc, Path(scratch))
            report = run_guarded(["validate", str(path), "--playouts", "2", "--seed", str(args.seed)])
            kind = outcome(report)
            counts[name][kind] += 1
            if kind not in ("clean", "positioned error"):
                bad.append((name, description, problems(report)[0]))
    kinds = sorted({kind for counter in counts.values() for kind in counter})
    print(f"{'ruleset':24}" + "".join(f"{kind:>18}" for kind in kinds))
    for name, counter in counts.items():
        print(f"{name:24}" + "".join(f"{counter[kind]:>18}" for kind in kinds))
    total = sum(sum(counter.values()) for counter in counts.values())
    print(f"{total} mutants, {len(bad)} neither a clean run nor a positioned error")
    for name, description, problem in bad[:args.show]:
        print(f"  {name}: {description}\n    {problem[:300]}")


if __name__ == "__main__":
    main()
