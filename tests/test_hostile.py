"""The hostile-file corpus (tests/hostile/): every attack on rulelang written as a rule file or a
rule test file. Each command that reads it must give a positioned error or a clean run, never
an internal error, in at most 5 s of CPU and 300 MB more memory (see tests/hostile/harness.py),
print no control characters and quote nothing of a file that is not a rule file."""
import sys
from pathlib import Path

import pytest

HOSTILE = Path(__file__).resolve().parent / "hostile"
sys.path.insert(0, str(HOSTILE))
from harness import problems, run_guarded  # noqa: E402

RULE_FILE_COMMANDS = ("validate", "play", "simulate", "playouts")
# Files every command must run clean (exit 0); the others may fail, at a position.
CLEAN = {"clean.yaml", "anytime_refusal.test.yaml", "invisible_in_free_text.yaml"}
# Texts that must never be printed: lines of files that are not rule files.
SECRETS = ("root:x:0:0", "root:*:", "PATH=", "HOME=")
# Commands that need more than the rule file: a human reading options from standard input.
HUMAN = {"markup_in_text.yaml", "invisible_in_free_text.yaml"}
# How often a command must print a text (simulate and playouts record a failing game and go on).
MUST_PRINT = {("sometimes_fails.yaml", "simulate"): ("error in game", 1),
              ("sometimes_fails.yaml", "playouts"): ("crash in playout", 1),
              **{("attach_loop.yaml", command): ("attach_loop.yaml:15:7: cannot put", 1)
                 for command in ("play", "simulate", "playouts")},
              **{("endless_heavy.yaml", command): ("endless_heavy.yaml:14:5: the game of seed", 1)
                 for command in ("play", "simulate", "playouts")}}
# Games to play in `simulate` and `--playouts` (two where one fails and the other must go on).
GAMES = {"sometimes_fails.yaml": "2"}


def commands(path: Path) -> list:
    """(command name, arguments, standard input) for each way rulelang reads this file."""
    name, games = str(path), GAMES.get(path.name, "1")
    if path.name.endswith(".test.yaml"):
        return [("test", ["test", name], "")]
    found = [("validate", ["validate", name], ""),
             ("play", ["play", name, "--players", "random,random", "--seed", "1"], ""),
             ("simulate", ["simulate", name, "--games", games, "--seed", "4"], ""),
             ("playouts", ["validate", name, "--playouts", games, "--seed", "4"], "")]
    if path.name in HUMAN:
        found.append(("human", ["play", name, "--players", "human,random", "--seed", "1"], "1\n" * 200))
    return found


def cases():
    for path in sorted(HOSTILE.glob("*.yaml")):
        for command, args, stdin in commands(path):
            yield pytest.param(path, command, args, stdin, id=f"{path.stem}-{command}")


@pytest.mark.slow
@pytest.mark.parametrize("path, command, args, stdin", list(cases()))
def test_a_hostile_file_gets_a_positioned_error_or_a_clean_run(path, command, args, stdin, monkeypatch):
    monkeypatch.chdir(HOSTILE.parent.parent)
    report = run_guarded(args, stdin)
    assert problems(report, clean=path.name in CLEAN, forbidden=SECRETS) == []
    if (path.name, command) in MUST_PRINT:
        text, times = MUST_PRINT[(path.name, command)]
        assert report.output.count(text) == times, report.output[-500:]


# Saved games (tests/hostile/record_*.json): what `play --resume` and `replay` must say of each
# (replay seats no agent: it steps through the agent file's record without loading it).
RECORDS = {
    "record_agent_file.json": "a saved game never loads code",
    "record_mcts_huge.json": "from 1 to 1,000,000",
    "record_escape_in_spec.json": "'\\x1b]0;pwned\\x07'",
    "record_surrogate_in_spec.json": "'S\\ud800'",
    "record_ruleset_absolute.json": "is not a .yaml file",
    "record_ruleset_parent.json": "is outside this file's folder",
    "record_ruleset_not_rules.json": "not a rule file",
    "record_decision_huge.json": "a decision is an option number",
    "record_decision_past_options.json": "decision 3 of the record takes option 8",
    "record_nested.json": "nested too deeply",
}


@pytest.mark.slow
@pytest.mark.parametrize("command", ["play", "replay"])
@pytest.mark.parametrize("name", sorted(RECORDS))
def test_a_hostile_saved_game_is_refused_at_its_place_and_runs_no_code(name, command, monkeypatch, tmp_path):
    marker = tmp_path / "imported"
    monkeypatch.setenv("RULELANG_EVIL_MARKER", str(marker))
    monkeypatch.chdir(HOSTILE)  # where the record's agent file would be found
    args = ["play", "--resume", name] if command == "play" else ["replay", name]
    report = run_guarded(args, "q\n")
    steps_through = name == "record_agent_file.json" and command == "replay"
    assert problems(report, clean=steps_through, forbidden=SECRETS) == [], report.output[-500:]
    assert steps_through or report.exit_code == 1 and RECORDS[name] in report.output, report.output[-500:]
    assert not marker.exists()


def test_every_corpus_file_says_what_it_attacks():
    for path in HOSTILE.glob("*.yaml"):
        assert path.read_text(encoding="utf-8").startswith("# "), path.name
    assert set(RECORDS) == {path.name for path in HOSTILE.glob("record_*.json")}
    for name in RECORDS:
        assert '"note": "' in (HOSTILE / name).read_text(encoding="utf-8")[:200], name
    listed = CLEAN | HUMAN | {name for name, _ in MUST_PRINT} | set(GAMES)
    assert listed <= {path.name for path in HOSTILE.glob("*.yaml")}


@pytest.mark.slow
def test_a_line_longer_than_the_window_is_never_printed_whole(tmp_path):
    path = tmp_path / "wide.yaml"
    path.write_text("name: x\nplayers: 2\nzones: {" + ", ".join(f"z{i}: {{}}" for i in range(60_000)) + "}\n")
    report = run_guarded(["validate", str(path)])
    assert problems(report) == []
    assert max(len(line) for line in report.output.splitlines()) < 400
    assert "... and " in report.output  # 60,000 errors are not all printed


def test_one_file_nesting_too_deeply_does_not_stop_the_next(tmp_path):
    report = run_guarded(["validate", str(HOSTILE / "nesting_5000.yaml"), str(HOSTILE / "clean.yaml")])
    assert problems(report) == []
    assert "nests deeper than" in report.output and "clean.yaml" in report.output


@pytest.mark.parametrize("args", [["play", "--players", "random,random", "--seed", "1"], ["validate", "--playouts", "2"]])
def test_log_lines_of_65536_characters_stop_at_the_log_size_bound_in_bounded_memory(args):
    report = run_guarded([args[0], str(HOSTILE / "log_wide.yaml"), *args[1:]])
    assert problems(report) == [], report.output[-500:]
    assert "log_wide.yaml:23:5: the game wrote more than 20,000,000 characters of log (limits: log)" in report.output
