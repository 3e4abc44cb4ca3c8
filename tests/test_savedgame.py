"""Saved games are data: a record travels with its rule file, opens only a ruleset where a rule
file's `extends:` could, never loads an agent file the user did not name, and is checked whole
before anything runs. Each command runs under the hostile corpus's time and memory guard."""
import json
import shutil
import sys
from pathlib import Path

from rulelang.api import load_game

HOSTILE = Path(__file__).resolve().parent / "hostile"
sys.path.insert(0, str(HOSTILE))
from harness import problems, run_guarded  # noqa: E402

MINIMAL = Path(__file__).resolve().parent / "data" / "minimal.yaml"


def record_of(path: Path, ruleset: str, players=("random", "random"), decisions=(), digest=None) -> Path:
    """Write a record of a game of `ruleset` (a path from the record's folder, or a name)."""
    found = ruleset if "." not in ruleset else str(path.parent / ruleset)
    data = {"format": "rulelang game record", "version": 1, "ruleset": ruleset,
            "digest": digest or load_game(found).digest, "seed": 3, "players": list(players),
            "decisions": list(decisions)}
    path.write_text(json.dumps(data))
    return path


def test_a_record_names_a_rule_file_beside_it_from_its_folder_and_moves_with_it(tmp_path):
    first = tmp_path / "first"
    first.mkdir()
    shutil.copy(MINIMAL, first / "game.yaml")
    report = run_guarded(["play", str(first / "game.yaml"), "--players", "random,random", "--seed", "4",
                          "--record", str(first / "game.json")])
    assert report.exit_code == 0, report.output
    assert json.loads((first / "game.json").read_text())["ruleset"] == "game.yaml"
    moved = tmp_path / "elsewhere" / "moved"
    shutil.move(str(first), str(moved))
    report = run_guarded(["replay", str(moved / "game.json")], "e\nq\n")
    assert report.exit_code == 0 and "Game over" not in report.output and "the game is over" in report.output


def test_a_packaged_ruleset_is_named_by_its_name_even_when_played_by_path(tmp_path):
    record = tmp_path / "game.json"
    packaged = Path(__file__).resolve().parent.parent / "rulesets" / "tjugonio.yaml"
    report = run_guarded(["play", str(packaged), "--players", "random,random", "--seed", "5", "--record", str(record)])
    assert report.exit_code == 0 and json.loads(record.read_text())["ruleset"] == "tjugonio"


def test_a_ruleset_outside_the_records_folder_needs_allow_path_or_the_command_line(tmp_path):
    shutil.copy(MINIMAL, tmp_path / "game.yaml")
    saves = tmp_path / "saves"
    saves.mkdir()
    report = run_guarded(["play", str(tmp_path / "game.yaml"), "--players", "random,random", "--seed", "1",
                          "--record", str(saves / "game.json")])
    assert report.exit_code == 0
    assert json.loads((saves / "game.json").read_text())["ruleset"] == str(tmp_path / "game.yaml")  # absolute
    refused = run_guarded(["play", "--resume", str(saves / "game.json")])
    assert problems(refused) == [] and refused.exit_code == 1
    assert f"{saves / 'game.json'}:1:" in refused.output and "--allow-path" in refused.output
    allowed = run_guarded(["play", "--resume", str(saves / "game.json"), "--allow-path", str(tmp_path)])
    named = run_guarded(["play", str(tmp_path / "game.yaml"), "--resume", str(saves / "game.json")])
    assert allowed.exit_code == 0 and named.exit_code == 0


def test_an_old_record_with_an_absolute_path_under_its_folder_still_reads(tmp_path):
    shutil.copy(MINIMAL, tmp_path / "game.yaml")
    record = record_of(tmp_path / "old.json", str(tmp_path / "game.yaml"))
    report = run_guarded(["play", "--resume", str(record)])
    assert report.exit_code == 0 and "Game over" in report.output, report.output


def test_a_seat_in_an_agent_file_runs_only_when_the_user_names_it_again(tmp_path, monkeypatch):
    marker = tmp_path / "imported"
    monkeypatch.setenv("RULELANG_EVIL_MARKER", str(marker))
    shutil.copy(MINIMAL, tmp_path / "game.yaml")
    shutil.copy(HOSTILE / "evil_agent.py", tmp_path / "evil.py")
    monkeypatch.chdir(tmp_path)
    record = record_of(tmp_path / "game.json", "game.yaml", players=("random", "evil.py:Agent"))
    refused = run_guarded(["play", "--resume", str(record)])
    assert refused.exit_code == 1 and "a saved game never loads code" in refused.output and not marker.exists()
    assert f"{record}:1:" in refused.output
    other = run_guarded(["play", "--resume", str(record), "--players", "random,random"])
    assert other.exit_code == 0 and not marker.exists()
    named = run_guarded(["play", "--resume", str(record), "--players", "random,evil.py:Agent"])
    assert named.exit_code == 0 and marker.exists()  # the user named it: it runs (and the marker shows it)


def test_a_decision_past_the_options_is_refused_at_its_place_before_anything_runs(tmp_path):
    shutil.copy(MINIMAL, tmp_path / "game.yaml")
    record = record_of(tmp_path / "game.json", "game.yaml", decisions=(0, 0, 5))
    text = record.read_text()
    column = text.index("5]") + 1
    for args in (["play", "--resume", str(record)], ["replay", str(record)]):
        report = run_guarded(args, "q\n")
        assert problems(report) == [] and report.exit_code == 1
        assert f"{record}:1:{column}: error: decision 3 of the record takes option 6" in report.output
        assert "decision 0 of" not in report.output  # nothing was shown before the check


def test_replay_takes_only_plain_step_numbers(tmp_path):
    shutil.copy(MINIMAL, tmp_path / "game.yaml")
    record = record_of(tmp_path / "game.json", "game.yaml", decisions=(0, 0))
    report = run_guarded(["replay", str(record)], "²\n1000000000000000000000000000000\n1e30\n2\nq\n")
    assert problems(report, clean=True) == []
    assert report.output.count("is not a step") == 3 and "decision 2 of 2" in report.output


def test_a_record_naming_a_yaml_file_that_is_no_rule_file_shows_none_of_it(tmp_path):
    (tmp_path / "secret.yaml").write_text("name: x\npassword: hunter2-do-not-print\n")
    record = record_of(tmp_path / "game.json", "secret.yaml", digest="sha256:0")
    for args in (["play", "--resume", str(record)], ["replay", str(record)]):
        report = run_guarded(args)
        assert problems(report) == [] and report.exit_code == 1
        assert "not a rule file" in report.output and "hunter2" not in report.output


# A game of two moves that only count turns (`n` of them), and one whose `talk` writes 2,704 log lines.
COUNTING = """
name: Counting
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
vars: {turns: 0}
turn:
  do:
    - choose move: [talk, hush]
moves:
  talk:
    do:
      - set turns += 1
      - for: a in draw
        do:
          - for: b in draw
            do: [TALK]
  hush:
    do: ["set turns += 1"]
end:
  - when: "turns >= ENOUGH"
    winner: "[]"
"""


def counting_game(folder: Path, enough: int, talk: bool, decisions: list, players=("human", "random")) -> Path:
    """A record of `decisions` in a Counting game that ends after `enough` turns (`talk` logs 2,704 lines or none)."""
    text = COUNTING.replace("ENOUGH", str(enough)).replace("TALK", "'log \"{a} and {b}\"'" if talk else "")
    (folder / "game.yaml").write_text(text)
    return record_of(folder / "game.json", "game.yaml", players=players, decisions=decisions)


def test_a_long_record_steps_to_its_end_in_memory_that_grows_with_it_not_its_square(tmp_path):
    record = counting_game(tmp_path, 30_000, False, [1] * 30_000)
    report = run_guarded(["replay", str(record)], "e\nb\n15000\nq\n", cpu=20)  # (with every state kept: 480 MB)
    assert problems(report, clean=True) == [], report.output[-500:]
    assert "decision 30000 of 30000" in report.output and "the game is over" in report.output
    assert "decision 29999 of 30000" in report.output and "decision 15000 of 30000" in report.output


def test_a_record_whose_game_stopped_on_the_log_bound_replays_and_resumes_up_to_the_stop(tmp_path):
    record = counting_game(tmp_path, 1000, True, [0] * 160, players=("random", "human"))  # 2,704 lines a decision:
    # the 148th (P2's) breaks the bound
    stepped = run_guarded(["replay", str(record)], "e\nq\n", cpu=20)
    assert problems(stepped, clean=True) == [], stepped.output[-500:]
    assert "decision 147 of 147" in stepped.output
    assert "the record's decision 148 failed" in " ".join(stepped.output.split())
    assert "more than 400,000 log lines (limits: log)" in " ".join(stepped.output.split())
    resumed = run_guarded(["play", "--resume", str(record)], "2\nq\nn\n", cpu=20)
    assert problems(resumed, clean=True) == [], resumed.output[-500:]
    assert "the record's decision 148 stopped the game" in resumed.output and "resumed after 147 decisions" in resumed.output
    assert "hushes" in resumed.output  # the person chose anew where the record's choice broke the bound


def test_resume_never_writes_over_the_record_it_read_unless_record_names_it(tmp_path):
    record = counting_game(tmp_path, 20, False, [0] * 4, players=("random", "random"))
    before = record.read_text()
    report = run_guarded(["play", "--resume", str(record)])
    assert report.exit_code == 0 and "Game over" in report.output, report.output[-500:]
    assert record.read_text() == before and "record is in" not in report.output
    told = run_guarded(["play", "--resume", str(record), "--record", str(record)])
    assert told.exit_code == 0 and len(json.loads(record.read_text())["decisions"]) == 20


def test_a_resumed_game_that_stops_on_an_error_leaves_a_record_that_replays_and_resumes(tmp_path):
    record = counting_game(tmp_path, 1000, True, [0] * 100, players=("random", "random"))
    written = tmp_path / "after.json"
    report = run_guarded(["play", "--resume", str(record), "--record", str(written)], cpu=20)
    assert report.exit_code == 1 and "(limits: log)" in report.output, report.output[-500:]
    assert len(json.loads(record.read_text())["decisions"]) == 100  # the record it read is as it was
    stepped = run_guarded(["replay", str(written)], "e\nq\n", cpu=20)
    assert problems(stepped, clean=True) == [] and "the game stopped here" in stepped.output, stepped.output[-500:]


def test_replay_of_an_unfinished_game_shows_a_seat_no_person_played_only_when_told_to(tmp_path):
    record = record_of(tmp_path / "game.json", "hearts", players=("human", "random", "random", "random"))
    mine = run_guarded(["replay", str(record)], "q\n")  # the one person's seat, without a question
    assert mine.exit_code == 0 and "You, P1" in mine.output and "Show P" not in mine.output
    declined = run_guarded(["replay", str(record), "--seat", "2"], "n\n")
    assert declined.exit_code == 1 and "P2 is a bot's seat" in declined.output
    assert "Nothing shown." in declined.output and "You, P2" not in declined.output
    told = run_guarded(["replay", str(record), "--seat", "2"], "y\nq\n")
    assert told.exit_code == 0 and "You, P2" in told.output
    hot = record_of(tmp_path / "hot.json", "hearts", players=("human", "human", "random", "random"))
    either = run_guarded(["replay", str(hot), "--seat", "1"], "n\n")
    assert either.exit_code == 1 and "P1 is one of several people's seats" in either.output
    assert "You, P1" in run_guarded(["replay", str(hot), "--seat", "1", "--reveal"], "q\n").output
    shutil.copy(MINIMAL, tmp_path / "game.yaml")  # a finished game's seats are all shown without a question
    finished = tmp_path / "finished.json"
    run_guarded(["play", str(tmp_path / "game.yaml"), "--players", "human,random", "--seed", "4", "--record",
                 str(finished)], "1\n" * 40)
    report = run_guarded(["replay", str(finished), "--seat", "2"], "q\n")
    assert report.exit_code == 0 and "You, P2" in report.output and "Show P2" not in report.output
