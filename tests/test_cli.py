"""The command line, driven through click's CliRunner as a user would type it."""
import json
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from rulelang.cli.main import main

MINIMAL = "tests/data/minimal.yaml"


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args, input=None):
        return runner.invoke(main, list(args), input=input, catch_exceptions=False)
    return invoke


def test_play_with_bots_prints_the_log_and_a_result(run):
    result = run("play", "storma_slottet", "--players", "random,random", "--seed", "7")
    assert result.exit_code == 0
    assert re.search(r"^P[12]'s turn 1: ", result.output, re.M)
    assert "game over:" in result.output and "Game over: a royal house has fallen" in result.output
    assert re.search(r"^P1\s+(win|loss)\s+score \d+$", result.output, re.M)


def test_play_explain_shows_each_search_under_its_seat(run):
    result = run("play", "kuhn_poker", "--players", "mcts:steps=300,mcts:steps=300", "--seed", "4", "--explain")
    assert result.exit_code == 0
    searches = re.findall(r"^(P[12]) mcts searched:\n((?:\s+[\d.]+%\s+value [\d.]+\s+.+\n)+)", result.output, re.M)
    assert {seat for seat, _ in searches} == {"P1", "P2"}  # both seats decided, each named
    for _, lines in searches:
        assert {"Bet (or call a bet)", "Pass (check, or fold to a bet)"} == {
            line.split(None, 3)[3] for line in lines.splitlines()}


def test_play_explain_with_a_person_at_the_table_shows_no_bots_cards_unless_asked_to(run):
    seats = ["--players", "human,mcts:iterations=20,mcts:iterations=20,mcts:iterations=20", "--seed", "1"]
    refused = run("play", "hearts", *seats, "--explain", input="q\nn\n")
    assert refused.exit_code == 2 and "--explain-hidden shows them all the same" in refused.output
    assert "mcts searched" not in refused.output and "Hearts, seed" not in refused.output
    asked = run("play", "hearts", *seats, "--explain-hidden", input="1\n2\n3\nq\nn\n")
    assert asked.exit_code == 0 and "P2 mcts searched:" in asked.output


def test_play_is_repeatable_with_a_seed(run):
    first = run("play", MINIMAL, "--players", "random,random,random", "--seed", "3").output
    assert first == run("play", MINIMAL, "--players", "random,random,random", "--seed", "3").output


def test_a_human_plays_through_standard_input(run):
    result = run("play", MINIMAL, "--players", "human,random", "--seed", "1", input="1\n" * 10)
    assert result.exit_code == 0
    assert "P1: choose c" in result.output
    assert re.search(r"^You, P1 · points \d+\n  hand \(3\)", result.output, re.M)
    assert "game over:" in result.output


def test_human_view_hides_the_other_hand(run):
    result = run("play", MINIMAL, "--players", "human,random", "--seed", "1", input="1\n" * 10)
    first_table = result.output.split("P1: choose")[0]
    assert re.search(r"^P2 · points 0\n  hand \(3\)\s+3 hidden", first_table, re.M)


def test_play_rejects_unknown_agents_and_wrong_player_counts(run):
    assert run("play", "storma_slottet", "--players", "human,robot").exit_code == 2
    assert run("play", "storma_slottet", "--players", "random").exit_code == 2


def test_simulate_json_has_the_fixed_keys_and_repeats(run):
    args = ("simulate", "storma_slottet", "--games", "6", "--seed", "11", "--json")
    first = json.loads(run(*args).output)
    second = json.loads(run(*args).output)
    for key in ("games", "errors", "actions", "elapsed_s", "results"):
        assert key in first
    assert first["games"] == 6 and first["errors"] == 0
    assert sum(r["wins"] + r["losses"] + r["draws"] for r in first["results"]) == 12
    first.pop("elapsed_s"), second.pop("elapsed_s")
    assert first == second


def test_simulate_in_two_workers_gives_the_same_results(run):
    one = json.loads(run("simulate", MINIMAL, "--games", "8", "--json").output)
    two = json.loads(run("simulate", MINIMAL, "--games", "8", "--json", "--workers", "2").output)
    one.pop("elapsed_s"), two.pop("elapsed_s")
    assert one == two


def test_validate_clean_and_broken_files(run, tmp_path):
    assert run("validate", "storma_slottet", MINIMAL).exit_code == 0
    broken = tmp_path / "broken.yaml"
    broken.write_text(open(MINIMAL).read().replace("count(me.hand) > 0", "count(me.hnd) > 0"))
    result = run("validate", str(broken))
    assert result.exit_code == 1
    assert f"{broken}:" in result.output and "unknown attribute 'hnd' (did you mean 'hand'?)" in result.output
    data = json.loads(run("validate", str(broken), "--format", "json").output)
    assert data["errors"] == 1 and data["diagnostics"][0]["message"].startswith("unknown attribute")


def test_validate_warns_about_unused_parts_without_failing(run, tmp_path):
    path = tmp_path / "w.yaml"
    path.write_text(open(MINIMAL).read().replace("  table:", "  attic: {visibility: hidden}\n  table:"))
    result = run("validate", str(path))
    assert result.exit_code == 0
    assert "warning: zone 'attic' is never used" in result.output and "(3 warnings)" in result.output
    assert "warning: function 'twice' is never used: no rule calls it" in result.output  # (Python tests call it)
    assert "warning: card variable 'bonus' is never used: no rule reads or sets it" in result.output  # (and set it)


def test_validate_playouts_find_a_stall_with_its_seed(run):
    result = run("validate", "--playouts", "3", "tests/data/stalls.yaml")
    assert result.exit_code == 1
    assert "stall in playout 0 (seed " in result.output and "has no legal option" in result.output


def test_a_house_rule_s_text_in_a_number_is_blamed_where_the_house_rule_wrote_it(run, tmp_path):
    (tmp_path / "base.yaml").write_text(open(MINIMAL).read())
    (tmp_path / "house.yaml").write_text("extends: base.yaml\nname: House\nvars: {tricks: 'none yet'}\n")
    result = run("validate", "--playouts", "4", str(tmp_path / "house.yaml"))
    problems = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(problems) == 1
    assert problems[0].startswith(f"{tmp_path / 'house.yaml'}:3:16: error: 'none yet' is text, but game variable")
    assert f"('>=' at {tmp_path / 'base.yaml'}:48:12)" in problems[0]


def test_validate_playouts_tell_a_run_time_text_in_a_number_once_in_rulelang_s_words(run, tmp_path):
    (tmp_path / "base.yaml").write_text(open(MINIMAL).read())
    (tmp_path / "house.yaml").write_text(  # a local's kind is not known before the game runs
        "extends: base.yaml\nname: House\nsetup:\n  - let t = 'none yet'\n  - set tricks = t\n")
    result = run("validate", "--playouts", "4", str(tmp_path / "house.yaml"))
    assert result.exit_code == 1 and "not supported between instances" not in result.output
    problems = [line for line in result.output.splitlines() if ": error: " in line]
    assert len(problems) == 1 and problems[0].endswith("(in 4 of 4 playouts)")
    assert "'>=' cannot compare a text with a number" in problems[0]


def test_validate_warns_about_triggers_that_set_each_other_off(run):
    result = run("validate", "--no-games", "tests/data/trigger_loop.yaml")
    assert result.exit_code == 0
    assert "warning: triggers 'ping' and 'pong' can set each other off in a cycle (through flag)" in result.output


def test_validate_s_seeded_games_find_triggers_that_set_each_other_off_in_every_game(run):
    result = run("validate", "tests/data/trigger_loop.yaml")
    assert result.exit_code == 1
    assert ("error: triggers fired 200 times without a decision (last: 'pong') — found playing seeded game 1: "
            "rulelang play tests/data/trigger_loop.yaml --players random,random --seed 1") in result.output


def test_validate_playouts_find_triggers_that_set_each_other_off(run):
    result = run("validate", "--playouts", "1", "tests/data/trigger_loop.yaml")
    assert result.exit_code == 1 and "trigger loop in playout 0" in result.output


def test_validate_playouts_find_hidden_cards_offered(run):
    result = run("validate", "--playouts", "2", "--format", "json", "tests/data/leaks.yaml")
    data = json.loads(result.output)
    assert result.exit_code == 1
    assert data["playouts"]["tests/data/leaks.yaml"][0]["kind"] == "hidden information"


def test_validate_playouts_are_clean_on_a_good_file(run):
    result = run("validate", "--playouts", "20", "storma_slottet")
    assert result.exit_code == 0 and "20 playouts each" in result.output


@pytest.mark.parametrize("content", ["a: &x [1]\nb: *x\n", "", "\x00\x01", "a:\n\tb: 1\n", "x: !!python/object:os.system 1\n"])
def test_hostile_files_get_a_clean_error_from_play_and_validate(run, tmp_path, content):
    path = tmp_path / "hostile.yaml"
    path.write_text(content)
    for command in ("play", "validate"):
        result = run(command, str(path))
        assert result.exit_code == 1
        assert f"{path}:" in result.output and "Traceback" not in result.output


def test_missing_ruleset_is_a_clean_error(run):
    result = run("play", "no_such_game")
    assert result.exit_code == 1
    assert "no such rule file or packaged ruleset" in result.output
    assert "Traceback" not in result.output


@pytest.mark.slow
def test_rule_tests_run_and_report(run):
    shipped = sum(len(yaml.safe_load(path.read_text(encoding="utf-8"))["tests"])
                  for path in (Path(__file__).resolve().parents[1] / "rulesets").glob("*.test.yaml"))
    result = run("test")  # with no path: every shipped rule test
    assert result.exit_code == 0
    assert f"{shipped} passed, 0 failed" in result.output


def test_a_failing_rule_test_fails_the_command(run, tmp_path):
    (tmp_path / "bad.test.yaml").write_text(
        "ruleset: storma_slottet\ntests:\n  - name: wrong\n    covers: [SS-1]\n"
        "    expect: \"count(draw) == 53\"\n")
    result = run("test", str(tmp_path))
    assert result.exit_code == 1
    assert "FAIL wrong" in result.output and "expected count(draw) == 53" in result.output


def test_a_folder_with_no_rule_tests_says_so(run, tmp_path):
    (tmp_path / "game.yaml").write_text("name: x\n")
    result = run("test", str(tmp_path))
    assert result.exit_code == 1
    assert f"{tmp_path}: error: no rule test files (*.test.yaml) under this folder" in result.output


def test_verbose_lists_each_pass_with_the_rules_it_covers_and_nothing_for_none(run, tmp_path):
    (tmp_path / "g.test.yaml").write_text(
        "ruleset: storma_slottet\ntests:\n  - name: deck\n    covers: [SS-1]\n    expect: \"count(draw) == 54\"\n"
        "  - name: players\n    expect: \"count(players) == 2\"\n")
    result = run("test", "-v", str(tmp_path))
    assert result.exit_code == 0
    assert result.output.splitlines()[:2] == ["PASS deck [SS-1]", "PASS players"]


def completions(line: str, shell: str = "bash") -> list:
    """What `rulelang`'s shell completion offers for the last word of `line`, as (type, value)."""
    words = line.split(" ")
    result = CliRunner().invoke(main, [], prog_name="rulelang", env={
        "_RULELANG_COMPLETE": f"{shell}_complete", "COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1)})
    return [tuple(item.split(",", 1)) for item in result.output.splitlines()]


@pytest.mark.parametrize("line", ["rulelang play sup", "rulelang simulate sup", "rulelang rules sup",
                                  "rulelang validate x.yaml sup", "rulelang compare supertrumf sup"])
def test_a_ruleset_argument_completes_packaged_names_and_files(line):
    assert completions(line) == [("file", "sup"), ("plain", "supertrumf"), ("plain", "supertrumf_blixtduell")]


@pytest.mark.parametrize("line", ["rulelang play rulesets/sto", "rulelang play ./x", "rulelang play exam",
                                  "rulelang test rul"])
def test_a_path_or_a_word_that_begins_no_name_completes_as_a_file(line):
    assert completions(line) == [("file", line.rsplit(" ", 1)[1])]


@pytest.mark.parametrize("command", [["play", "storma"], ["validate", "storma"], ["rules", "tjugnoio"]])
def test_a_misspelled_ruleset_name_gets_a_suggestion(run, command):
    result = run(*command)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert re.search(r"did you mean '(storma_slottet|tjugonio)'\?", result.output)


def test_extends_with_a_misspelled_ruleset_name_gets_a_suggestion(run, tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text("extends: hoyers\nname: House\n")
    result = run("validate", str(path))
    assert result.exit_code == 1 and "cannot find 'hoyers' (did you mean 'hoyers_trappe'?)" in result.output


def test_a_human_seat_scripted_through_a_pipe_shows_its_answers_and_stops_keeping_its_record(tmp_path):
    import os
    import subprocess
    import sys
    rulelang = os.path.join(os.path.dirname(sys.executable), "rulelang")
    record = tmp_path / "game.json"
    command = [rulelang, "play", "crazy_eights", "--players", "human,random", "--seed", "2", "--record", str(record)]
    first = subprocess.run(command, input="1\n", capture_output=True, text=True, timeout=120)
    assert first.returncode == 1 and re.search(r"^P1> 1\n→ \S+$", first.stdout, re.M)   # the answer, as if typed
    assert "save and quit?" not in first.stdout                                         # nobody there to answer
    assert re.search(r"input ended at P1's decision in turn \d+: the game so far is in ", first.stdout)
    rest = subprocess.run([rulelang, "play", "--resume", str(record)], input="1\n" * 200, capture_output=True,
                          text=True, timeout=120)
    assert rest.returncode == 0 and "Game over" in rest.stdout


def test_players_help_names_every_agent_and_completes_the_part_being_typed(run):
    import click

    from rulelang.agents.spec import known_names
    from rulelang.cli.common import AGENT_NAMES
    from rulelang.cli.play import play
    from rulelang.cli.simulate import simulate
    assert list(AGENT_NAMES) == known_names()
    assert "cfr" in " ".join(run("play", "--help").output.split())
    option = next(p for p in play.params if p.name == "players")
    context = click.Context(play)
    assert [item.value for item in option.shell_complete(context, "hu")] == ["human"]
    assert [item.value for item in option.shell_complete(context, "human,mcts,")] == [
        f"human,mcts,{name}" for name in AGENT_NAMES]
    bots = next(p for p in simulate.params if p.name == "players")
    assert [item.value for item in bots.shell_complete(click.Context(simulate), "random,")] == [
        f"random,{name}" for name in AGENT_NAMES if name != "human"]
