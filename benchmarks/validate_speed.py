"""How fast `validate` is on large and tangled rule files, in CPU time.

    python benchmarks/validate_speed.py [--scale S] [--keep DIR]

Writes generated rule files (a valid file with thousands of names, a file with tens of thousands
of errors, triggers that set each other off round a long cycle, procedures that each call the
next twice) and checks each as `rulelang validate` does, printing the file size, the number of
diagnostics and the CPU seconds. `--scale` shrinks or grows the files (1 is the full size).
"""
from __future__ import annotations

import argparse
import os
import tempfile
import time

from rulelang.api import check

HEADER = """name: generated
players: 2
deck: {standard: 52, start: draw}
"""
END = """end:
  - when: "count(draw) == 0"
    winner: "[]"
"""
TURN = """turn:
  do:
    - choose move: [play]
moves:
  play:
    do: ["draw 1 from draw to discard"]
end:
  - when: "count(draw) == 0"
    winner: "[]"
"""
ZONES = "zones:\n  draw: {visibility: hidden}\n  discard: {visibility: public}\n"


def many_names(n: int) -> str:
    """A valid file with n of each kind of name: variables of the game, players and cards,
    functions, procedures (each calling the next), moves and triggers."""
    lines = [HEADER, ZONES, "vars:\n"] + [f"  v{i}: 0\n" for i in range(n)]
    lines += ["player_vars:\n"] + [f"  pv{i}: 0\n" for i in range(n)]
    lines += ["card_vars:\n"] + [f"  cv{i}: 0\n" for i in range(n)]
    lines += ["functions:\n"] + [f'  "f{i}(c)": "c.cv{i} + me.pv{i} + v{(i * 7) % n}"\n' for i in range(n)]
    lines += ["procedures:\n"] + [f'  "p{i}(c)": ["set c.cv{i} = f{i}(c)", "call p{i + 1}(c)"]\n'
                                   for i in range(n - 1)] + [f'  "p{n - 1}(c)": ["set me.pv0 += 1"]\n']
    lines += ["triggers:\n"] + [f'  - name: t{i}\n    when: "v{i} > 1000000"\n    do: ["set v{i} = 0"]\n'
                                for i in range(n)]
    lines += ["turn:\n  do:\n    - choose move: [" + ", ".join(f"m{i}" for i in range(n)) + "]\n"]
    lines += ["moves:\n"] + [f'  m{i}:\n    if: "me.pv{i} < 10"\n    do: ["draw 1 from draw to discard", '
                              f'"call p{i}(first(discard))"]\n' for i in range(n)]
    return "".join(lines + [END])


def many_errors(n: int) -> str:
    """A file with 3n errors: n triggers, each with an unknown name, an unknown variable and an unknown key."""
    lines = [HEADER, ZONES, "triggers:\n"]
    lines += [f'  - {{name: t{i}, when: u{i}, do: ["set w{i} = 1"], x: 1}}\n' for i in range(n)]
    return "".join(lines + [TURN])


def trigger_cycle(n: int) -> str:
    """n condition triggers that all read and set the same variables: each can set off any other."""
    lines = [HEADER, ZONES, "vars:\n  x: 0\n  y: 0\n"]
    lines += ["triggers:\n"] + [f'  - name: t{i}\n    when: "x == {i} and y >= 0"\n    do: ["set x = {(i + 1) % n}", "set y += 1"]\n'
                                for i in range(n)]
    return "".join(lines + [TURN])


def procedure_ladder(n: int) -> str:
    """n procedures, each calling the next one twice, the last setting a variable a trigger reads."""
    lines = [HEADER, ZONES, "vars:\n  x: 0\nprocedures:\n"]
    lines += [f'  "p{i}(a)": ["call p{i + 1}(a)", "call p{i + 1}(a)"]\n' for i in range(n - 1)]
    lines += [f'  "p{n - 1}(a)": ["set x = a"]\n']
    lines += ['triggers:\n  - name: t\n    when: "x > 0"\n    do: ["call p0(0)"]\n']
    return "".join(lines + [TURN])


CASES = [("many names", many_names, 2200), ("many errors", many_errors, 16000),
         ("trigger cycle", trigger_cycle, 200), ("procedure ladder", procedure_ladder, 40)]


def measure(folder: str, scale: float) -> list:
    """Write each case, check it, and time it in CPU seconds."""
    rows = []
    for label, make, size in CASES:
        path = os.path.join(folder, label.replace(" ", "_") + ".yaml")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(make(max(2, int(size * scale))))
        started = time.process_time()
        diagnostics = check(path)
        rows.append((label, os.path.getsize(path), len(diagnostics), time.process_time() - started))
    return rows


def main() -> None:
    """Parse the arguments, measure, print one line per case."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--keep", help="write the files here and keep them")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or scratch
        os.makedirs(folder, exist_ok=True)
        for label, size, found, seconds in measure(folder, args.scale):
            print(f"{label:18} {size / 1000:8.0f} KB {found:7} diagnostics {seconds:8.2f} s CPU")


if __name__ == "__main__":
    main()
