"""`rulelang validate`: static checks of rule files and rule test files, and optionally random playouts."""
from __future__ import annotations

import json
import os
import sys

import click

from rulelang.kit.collector import uncollected
from .common import allow_path_option, complete_ruleset, game_bounds_option, players_option


@click.command()
@click.argument("rulesets", nargs=-1, required=True, shell_complete=complete_ruleset)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              help="text (default) for people, json for editors and CI.")
@click.option("--playouts", type=click.IntRange(0, 100_000), default=0,
              help="Also play this many seeded random games per clean file and report crashes, "
                   "stalls, the step bound, lost cards and leaked hidden cards.")
@click.option("--seed", type=int, default=0, show_default=True, help="Master seed of the playouts.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Processes to play the playouts in.")
@players_option(bots_only=True, default="random in each of the ruleset's minimum seats",
                intro="Comma-separated agents per seat in the playouts")
@click.option("--no-games", is_flag=True,
              help="Do not play the few short seeded games validate plays of each clean rule file "
                   "(they find what only playing finds: a rule that fails whenever it runs).")
@allow_path_option
@game_bounds_option
def validate(rulesets, fmt, playouts, seed, workers, players, no_games, allow, game_work, game_seconds):
    """Check rule files and rule test files (*.test.yaml; a FOLDER: each .yaml in it); exit 1 on any error.

    A clean rule file is also played: a few short seeded games of random choices, whose first
    error is reported at its rule's position (--no-games skips them; --playouts plays many
    instead). A rule test file is checked against its ruleset without running its tests (that
    is `rulelang test`). A folder is not searched below its own level.
    """
    with uncollected():
        from rulelang.api import check, resolve
        from rulelang.errors import format_diagnostics
    from .stopping import stop_signals, tell_stopped
    found, dynamic, stopped = [], {}, None
    rulesets = _files(rulesets)
    with stop_signals() as received:
        for name in rulesets:
            with uncollected():
                checked = _check_test_file(name, allow) if is_test_file(name) else check(name, allow)
                if not (no_games or playouts or is_test_file(name) or any(d.severity == "error" for d in checked)):
                    checked = checked + _trial(name, allow)
            problems = sorted(checked, key=lambda d: (d.position.path, d.position.line, d.position.column))
            found += problems
            if playouts and not is_test_file(name) and not any(d.severity == "error" for d in problems):
                dynamic[name], stopped = _playouts(name, playouts, seed, workers, players, allow, show=fmt == "text",
                                                   bounds=(game_work, game_seconds))
                if stopped is not None:
                    break
    errors = [d for d in found if d.severity == "error"] + [p for ps in dynamic.values() for p in ps]
    if fmt == "json":
        click.echo(json.dumps({
            "diagnostics": [d.as_json() for d in found],
            "playouts": {name: [p.as_json() for p in ps] for name, ps in dynamic.items()},
            "errors": len(errors)}, indent=2))
    else:
        if found:
            click.echo(format_diagnostics(found), err=True)
        for name, problems in dynamic.items():
            from rulelang.analysis.playouts import distinct_problems
            for problem, count in distinct_problems(problems):
                click.echo(f"{resolve(name)}: error: {problem.describe()} (in {count} of {playouts} playouts)",
                           err=True)
        if not errors and stopped is None:
            played = f", {playouts} playouts each" if playouts else ""
            warnings = len(found)
            noted = f" ({warnings} warning{'s' if warnings != 1 else ''})" if warnings else ""
            click.echo(f"ok: {_counted(rulesets)}, no errors{played}{noted}")
    if stopped is not None:
        later = ", nor any later file checked" if name != rulesets[-1] else ""
        tell_stopped(stopped, received, f"playouts of {resolve(name)}", later)
    sys.exit(1 if errors else 0)


def is_test_file(name: str) -> bool:
    """A rule test file is known by its name: `*.test.yaml`."""
    return name.endswith(".test.yaml")


def _check_test_file(name: str, allow: tuple) -> list:
    """The diagnostics of a rule test file (imported only when there is one: validating a rule
    file stays quick)."""
    from rulelang.analysis.testcheck import check_test_file
    return check_test_file(name, allow)


def _trial(name: str, allow: tuple) -> list:
    """The first error of the few short seeded games validate plays of a clean rule file."""
    from rulelang.analysis.trial import trial
    from rulelang.api import load_game, resolve
    return trial(load_game(name, allow), resolve(name))


def _files(names) -> list:
    """The files to check: each name, with a folder standing for the .yaml files directly in it."""
    files = []
    for name in names:
        if os.path.isdir(name):
            found = sorted(os.path.join(name, f) for f in os.listdir(name)
                           if f.endswith(".yaml") and os.path.isfile(os.path.join(name, f)))
            if not found:
                raise click.BadParameter(f"no .yaml files in the folder '{name}'")
            files += found
        else:
            files.append(name)
    return files


def _counted(names: list) -> str:
    """`3 rule files and 2 rule test files`, as many as there are of each."""
    tests = sum(map(is_test_file, names))
    parts = [(len(names) - tests, "rule file"), (tests, "rule test file")]
    return " and ".join(f"{n} {what}{'s' if n != 1 else ''}" for n, what in parts if n) or "no files"


def _playouts(name: str, games: int, seed: int, workers: int, players: str | None, allow: tuple,
              show: bool, bounds: tuple) -> tuple:
    """The problems of `games` playouts of a clean rule file, with a progress bar on a terminal,
    and None; or, when stopped, the problems of the playouts played and the RunStopped."""
    from rulelang.analysis.backends import RunStopped
    from rulelang.analysis.playouts import run_playouts
    from rulelang.api import load_game

    from .batch import bot_seats
    from .progress import progress_bar
    specs = bot_seats(players, [load_game(name, allow)])
    try:
        with progress_bar(games, f"playing {name}", show=show) as advance:
            return run_playouts(name, games, specs, seed, workers, progress=advance, allow=allow,
                                bounds=bounds), None
    except RunStopped as stopped:
        return stopped.partial, stopped
