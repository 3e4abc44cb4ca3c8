"""Where a rule file may reach: `extends:` and a rule test's `ruleset:` never open a file outside
the naming file's folder (or a folder allowed with --allow-path), and no command prints a line
of a file that did not load as a rule file."""
import builtins
import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from rulelang.cli.main import main

from rulelang.api import load_game
from rulelang.errors import RuleError

MINIMAL = Path(__file__).resolve().parent / "data" / "minimal.yaml"
SECRET = "hunter2-do-not-print"


@pytest.fixture
def places(tmp_path):
    """A rule folder `game/`, fake secrets above and beside it, and a good base above it."""
    game = tmp_path / "game"
    game.mkdir()
    (tmp_path / "secret.yaml").write_text(f"password: {SECRET}\n")
    (tmp_path / "shadow").write_text(f"root:{SECRET}:19000:0:99999:7:::\n")
    (game / "secrets.txt").write_text(f"{SECRET}\n")
    (game / "secret.yaml").write_text(f"name: x\npassword: {SECRET}\n")
    (game / "link.yaml").symlink_to(tmp_path / "secret.yaml")
    shutil.copy(MINIMAL, tmp_path / "base.yaml")
    return tmp_path


@pytest.fixture
def opened(monkeypatch):
    """The paths opened while a test runs."""
    paths = []
    real_open = builtins.open

    def recording_open(file, *args, **kwargs):
        paths.append(os.path.realpath(file) if isinstance(file, (str, os.PathLike)) else file)
        return real_open(file, *args, **kwargs)
    monkeypatch.setattr(builtins, "open", recording_open)
    return paths


OUTSIDE = ["../secret.yaml", "{root}/secret.yaml", "link.yaml", "sub/../../secret.yaml", "../shadow",
           "{root}/shadow", "secrets.txt", "/etc/passwd"]


def refer(places, reference, as_test=False):
    """A rule file (or a rule test file) in game/ that names `reference`."""
    reference = reference.format(root=places)
    if as_test:
        path = places / "game" / "t.test.yaml"
        path.write_text(f"ruleset: '{reference}'\ntests:\n  - name: a\n")
    else:
        path = places / "game" / "rules.yaml"
        path.write_text(f"extends: '{reference}'\nname: variant\n")
    return str(path)


def commands(path, as_test):
    if as_test:
        return [["test", path]]
    return [["validate", path], ["validate", path, "--format", "json"],
            ["play", path, "--players", "random,random", "--seed", "1"],
            ["simulate", path, "--games", "2", "--json"], ["validate", path, "--playouts", "2"]]


@pytest.mark.parametrize("as_test", [False, True], ids=["extends", "ruleset"])
@pytest.mark.parametrize("reference", OUTSIDE)
def test_nothing_outside_the_folder_is_opened_or_printed(places, opened, reference, as_test):
    path = refer(places, reference, as_test)
    for args in commands(path, as_test):
        opened.clear()
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 1, args
        assert "internal error" not in result.output
        assert SECRET not in result.output
        assert not [p for p in opened if isinstance(p, str) and
                    (p.startswith(str(places)) and not p.startswith(str(places / "game")) or p == "/etc/passwd")]


@pytest.mark.parametrize("as_test", [False, True], ids=["extends", "ruleset"])
def test_a_yaml_file_beside_that_is_no_rule_file_is_not_quoted(places, as_test):
    path = refer(places, "secret.yaml", as_test)
    for args in commands(path, as_test):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 1 and "internal error" not in result.output
        assert SECRET not in result.output
        if args[-1] != "json" and args[0] != "test":
            assert "not a rule file: the top-level key 'password'" in result.output


@pytest.mark.parametrize("reference", ["../base.yaml", "{root}/base.yaml"])
def test_allow_path_opens_a_folder_for_every_command(places, reference):
    path = refer(places, reference)
    test_path = refer(places, reference, as_test=True)
    allow = ["--allow-path", str(places)]
    assert CliRunner().invoke(main, ["validate", path]).exit_code == 1
    for args in (["validate", path], ["validate", path, "--playouts", "2"], ["simulate", path, "--games", "2"],
                 ["play", path, "--players", "random,random", "--seed", "1"], ["test", test_path]):
        result = CliRunner().invoke(main, args + allow)
        assert result.exit_code == 0, (args, result.output)


def test_a_linked_base_inside_the_folder_is_allowed(places):
    shutil.copy(MINIMAL, places / "game" / "real.yaml")
    (places / "game" / "alias.yaml").symlink_to(places / "game" / "real.yaml")
    assert load_game(refer(places, "alias.yaml")).name == "variant"


def test_a_base_in_a_subfolder_and_a_packaged_name_are_allowed(places):
    (places / "game" / "bases").mkdir()
    shutil.copy(MINIMAL, places / "game" / "bases" / "b.yaml")
    assert load_game(refer(places, "bases/b.yaml")).name == "variant"
    assert load_game(refer(places, "storma_slottet")).name == "variant"


@pytest.mark.parametrize("reference, message", [
    ("nothing_like_it", "no packaged ruleset has that name"),
    ("notes.txt", "'notes.txt' is not a .yaml file"),
    ("missing.yaml", "cannot find 'missing.yaml'"),
    ("../base.yaml", "is outside this file's folder"),
])
def test_refusals_say_why_at_the_reference(places, reference, message):
    with pytest.raises(RuleError) as err:
        load_game(refer(places, reference))
    (diagnostic,) = err.value.diagnostics
    assert message in diagnostic.message
    assert (diagnostic.position.line, diagnostic.position.column) == (1, 10)


def test_a_test_file_planted_as_a_link_is_not_followed(places):
    (places / "game" / "evil.test.yaml").symlink_to(places / "secret.yaml")
    shutil.copy(MINIMAL, places / "game" / "g.yaml")
    (places / "game" / "good.test.yaml").write_text("ruleset: g.yaml\ntests:\n  - name: ok\n")
    result = CliRunner().invoke(main, ["test", str(places / "game")])
    assert result.exit_code == 0 and "1 passed" in result.output


def test_json_output_never_quotes_a_refused_file(places):
    path = refer(places, "secret.yaml")
    result = CliRunner().invoke(main, ["validate", path, "--format", "json"])
    (diagnostic,) = json.loads(result.output)["diagnostics"]
    assert diagnostic["path"].endswith("secret.yaml") and SECRET not in diagnostic["message"]
