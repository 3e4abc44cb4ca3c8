"""Run a rulelang command on an untrusted file under a time and memory guard, and judge what it did.

The command runs in a forked child (cheap: the library is already imported) with a CPU-time
limit and an address-space limit above what the child already uses; it reports its exit
code, output and CPU time through a pipe. A child that runs out of CPU time is killed by the
kernel. Used by tests/test_hostile.py, tests/test_mutants.py and benchmarks/mutants.py.
"""
from __future__ import annotations

import json
import os
import re
import resource
import select
import signal
import time

import attrs

CPU_SECONDS = 5
MEMORY_BYTES = 300 * 2**20
WALL_SECONDS = 120  # a backstop: the CPU limit ends a busy child long before
POSITION = re.compile(r"[^\s:]+:\d+:\d+: ")
# Characters that must never be printed as they are: controls, marks that reorder text or show
# nothing, lone surrogates.
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064"
                     "\u2066-\u2069\ufeff\ud800-\udfff]")


@attrs.frozen
class Report:
    """What one guarded command did."""

    args: tuple
    exit_code: int | None  # None when the child was killed
    output: str
    cpu: float
    killed: str = ""
    allowed: float = CPU_SECONDS  # the CPU seconds the command was given


def run_guarded(args: list, stdin: str = "", cpu: int = CPU_SECONDS, memory: int = MEMORY_BYTES) -> Report:
    """Run `rulelang ARGS` in a forked child with at most `cpu` CPU seconds and `memory` more bytes."""
    reading, writing = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(reading)
        _child(args, stdin, cpu, memory, writing)
    os.close(writing)
    chunks, deadline = [], time.monotonic() + WALL_SECONDS
    with os.fdopen(reading, "rb") as pipe:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([pipe], [], [], 1)
            if ready:
                chunk = os.read(pipe.fileno(), 1 << 16)
                if not chunk:
                    break
                chunks.append(chunk)
        else:
            os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        name = signal.Signals(os.WTERMSIG(status)).name
        why = f"over {cpu} s of CPU" if name in ("SIGXCPU", "SIGKILL") else name
        return Report(tuple(args), None, "", float(cpu), f"killed by {name} ({why})", cpu)
    found = json.loads(b"".join(chunks).decode("utf-8"))
    return Report(tuple(args), found["exit_code"], found["output"], found["cpu"], allowed=cpu)


def _child(args, stdin, cpu, memory, writing) -> None:
    """Limit this process, run the command, write a JSON report, and exit at once."""
    code = 0
    try:
        from click.testing import CliRunner
        from rulelang.cli.main import main
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
        resource.setrlimit(resource.RLIMIT_AS, (_address_space() + memory, resource.RLIM_INFINITY))
        started = time.process_time()
        result = CliRunner().invoke(main, list(args), input=stdin)
        report = {"exit_code": result.exit_code, "output": result.output, "cpu": time.process_time() - started}
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            report["output"] += f"\nTraceback: {type(result.exception).__name__}: {result.exception}"
        data = json.dumps(report).encode("utf-8")
        while data:
            data = data[os.write(writing, data):]
    except BaseException:  # noqa: BLE001 - nothing may escape a forked child
        code = 70
    finally:
        os._exit(code)


def _address_space() -> int:
    """The bytes of address space this process uses now."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def problems(report: Report, clean: bool = False, forbidden: tuple = ()) -> list:
    """What is wrong with what a command did, as "kind: detail" lines; empty for a clean run or
    positioned errors.

    With `clean`, only a clean run (exit 0) is right. `forbidden` are texts that must not be
    printed (lines of files that are not rule files).
    """
    if report.killed:
        return [f"over bounds: {report.killed}"]
    found, text = [], report.output
    if report.cpu > report.allowed:  # (a command given more, for work it must do, is held to that)
        found.append(f"over bounds: took {report.cpu:.1f} s of CPU")
    if "internal error" in text or "Traceback" in text:
        found.append("internal error: " + _first_line_with(text, ("internal error", "Traceback")))
    if report.exit_code not in (0, 1):
        found.append(f"exit code: {report.exit_code}")
    if clean and report.exit_code != 0:
        found.append("not clean: " + (text.strip().splitlines() or [""])[-1][:300])
    if report.exit_code == 1:
        found += [f"no position: {line.strip()[:300]}" for line in _error_lines(text) if not POSITION.search(line)]
    if CONTROL.search(text):
        found.append("control characters: printed")
    found += [f"disclosed: printed {secret!r}" for secret in forbidden if secret in text]
    return found


def _error_lines(text: str) -> list:
    """The lines that tell an error: `...: error: ...`, `error in game ...`, the line after
    `FAIL name`, or else the last line that is not a source line or a caret (how `play` ends)."""
    lines = text.splitlines()
    found = [line for line in lines if ": error: " in line or line.lstrip().startswith("error in game")]
    found += [told for line, told in zip(lines, lines[1:]) if line.startswith("FAIL ")]  # `test`: the reason
    if found:
        return found
    told = [line for line in lines if line.strip() and not line.startswith(" ")]
    return told[-1:]


def _first_line_with(text: str, needles: tuple) -> str:
    return next((line for line in text.splitlines() if any(n in line for n in needles)), "")[:300]
