"""The installed `rulelang` command (cli/entry.py): its help is read back from the cache folder, with no click."""
import os
import subprocess
import sys

from click.testing import CliRunner

from rulelang.cli.main import main

HELP = ("import sys; sys.argv = ['rulelang', '--help']\n"
        "from rulelang.cli.entry import run\n"
        "run()\n"
        "print('click imported' if 'click' in sys.modules else 'no click', file=sys.stderr)\n")


def rulelang_help(cache, columns: str = "80"):
    found = subprocess.run([sys.executable, "-c", HELP], capture_output=True, text=True, check=True,
                           env={**os.environ, "XDG_CACHE_HOME": str(cache), "COLUMNS": columns})
    return found.stdout, found.stderr.strip()


def test_the_help_is_clicks_and_is_read_back_the_next_time_with_no_click(tmp_path):
    made, first = rulelang_help(tmp_path)
    again, second = rulelang_help(tmp_path)
    assert (first, second) == ("click imported", "no click")
    # (click wraps to the columns less 2: what `rulelang --help` prints in 80 columns)
    assert made == again == CliRunner().invoke(main, ["--help"], prog_name="rulelang", terminal_width=78).output
    assert "Commands:" in made and "validate" in made


def test_a_help_made_for_other_files_or_another_width_is_made_again(tmp_path):
    rulelang_help(tmp_path)
    (stored,) = (tmp_path / "rulelang" / "help").iterdir()
    text = stored.read_text()
    stored.write_text("0 0\n" + text.split("\n", 1)[1].replace("validate", "changed"))  # as made by other files
    made, said = rulelang_help(tmp_path)
    assert said == "click imported" and "changed" not in made
    narrow, said = rulelang_help(tmp_path, columns="60")
    assert said == "click imported" and narrow != made  # wrapped to 60 columns: a store of its own


def test_a_command_leaves_what_it_made_out_of_the_collectors_reach_as_the_process_ends(tmp_path):
    """Python's three whole collections at exit would scan every object alive, to free nothing."""
    script = ("import atexit, gc, sys\n"
              "sys.argv = ['rulelang', 'validate', 'kuhn_poker']\n"
              "atexit.register(lambda: print(len(gc.get_objects()), gc.get_freeze_count(), file=sys.stderr))\n"
              "from rulelang.cli.entry import run\n"
              "run()\n")
    found = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           env={**os.environ, "XDG_CACHE_HOME": str(tmp_path)})
    assert (found.returncode, found.stdout) == (0, "ok: 1 rule file, no errors\n")
    unfrozen, frozen = map(int, found.stderr.split())
    assert frozen > 10_000 and unfrozen < 100  # (the few made by the exit itself)
