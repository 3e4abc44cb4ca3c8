"""`rulelang play | validate | test | simulate`: each command a few lines over the library."""
from __future__ import annotations

import json
import os
import sys

import attrs
import click

from rulelang.agents import RandomAgent
from rulelang.analysis.playouts import run_playouts
from rulelang.analysis.ruletests import find_test_files, read_tests, run_test
from rulelang.analysis.simulate import simulate as run_simulation
from rulelang.api import check, load_game, packaged_rulesets, resolve
from rulelang.engine.rng import derive_seed
from rulelang.engine.session import play_game, scores
from rulelang.engine.views import seat_view
from rulelang.errors import RuleError, RulelangError

from .terminal import HumanAgent

AGENT_KINDS = ("human", "random")


def fail(err: RulelangError) -> None:
    """Print a rulelang error on stderr and exit 1."""
    click.echo(str(err), err=True)
    sys.exit(1)


def parse_players(text: str | None, game) -> list:
    """`human,random` into agent kinds, one per seat, checked against the ruleset."""
    kinds = [k.strip() for k in text.split(",")] if text else ["human"] + ["random"] * (game.min_players - 1)
    for kind in kinds:
        if kind not in AGENT_KINDS:
            raise click.BadParameter(f"'{kind}' is not an agent; use {' or '.join(AGENT_KINDS)}",
                                     param_hint="--players")
    if not game.min_players <= len(kinds) <= game.max_players:
        raise click.BadParameter(f"{game.name} takes {game.min_players}-{game.max_players} players, "
                                 f"got {len(kinds)}", param_hint="--players")
    return kinds


class GuardedGroup(click.Group):
    """A command group that never shows a Python traceback unless asked with --debug."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit):
            raise
        except RulelangError as err:
            click.echo(str(err), err=True)
            sys.exit(1)
        except RecursionError:
            click.echo("rulelang: error: the rule file nests too deeply", err=True)
            sys.exit(1)
        except Exception as err:  # a bug in rulelang: say so plainly
            if "--debug" in sys.argv:
                raise
            click.echo(f"rulelang: internal error: {type(err).__name__}: {err}\n"
                       "(this is a bug in rulelang; run the command again with --debug to see where)",
                       err=True)
            sys.exit(1)


@click.group(cls=GuardedGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="rulelang")
def main():
    """rulelang: play, validate, test and simulate card games written as rule files.

    RULESET is a path to a rule file or the name of a packaged ruleset
    (see `rulelang play --help` for the list).
    """


@main.command(epilog="Packaged rulesets: " + ", ".join(sorted(packaged_rulesets())))
@click.argument("ruleset")
@click.option("--players", help="Comma-separated agents, one per seat: human or random. "
                                "Default: human against random.")
@click.option("--seed", type=int, default=None, help="Seed for shuffles, dice and bots (default: random).")
@click.option("--debug", is_flag=True, help="Check card conservation after every step; show tracebacks.")
def play(ruleset, players, seed, debug):
    """Play a game in the terminal; each human sees only what their seat may see.

    A human is shown the log of what happened, the zones as their seat sees them, and
    numbered options; type the number. A decision with one option is taken for you.
    With bots only, the game log and the result are printed.
    """
    try:
        game = load_game(ruleset)
        kinds = parse_players(players, game)
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        agents = [HumanAgent() if kind == "human" else RandomAgent(derive_seed(seed, 1000 + seat))
                  for seat, kind in enumerate(kinds)]
        click.echo(f"{game.name}, seed {seed}: " + ", ".join(f"P{i + 1} {k}" for i, k in enumerate(kinds)))
        st = play_game(game, agents, seed, debug=debug)
    except RulelangError as err:
        if debug:
            raise
        fail(err)
    if "human" not in kinds:
        for audience, text in st.log:
            if audience is None:
                click.echo(text)
    else:
        seat = kinds.index("human")
        agents[seat].show_log(seat_view(st, seat))
    points = scores(st)
    for seat, outcome in enumerate(st.result):
        click.echo(f"P{seat + 1}: {outcome}, score {points[seat]}")


@main.command()
@click.argument("rulesets", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              help="text (default) for people, json for editors and CI.")
@click.option("--playouts", type=click.IntRange(0, 100_000), default=0,
              help="Also play this many seeded random games per clean file and report crashes, "
                   "stalls, the step bound, lost cards and leaked hidden cards.")
@click.option("--seed", type=int, default=0, show_default=True, help="Master seed of the playouts.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Processes to play the playouts in.")
def validate(rulesets, fmt, playouts, seed, workers):
    """Check rule files; exit 0 when all are clean, 1 when any has an error."""
    found, dynamic = [], {}
    for name in rulesets:
        problems = sorted(check(name), key=lambda d: (d.position.path, d.position.line, d.position.column))
        found += problems
        if playouts and not any(d.severity == "error" for d in problems):
            dynamic[name] = run_playouts(resolve(name), playouts, seed, workers)
    errors = [d for d in found if d.severity == "error"] + [p for ps in dynamic.values() for p in ps]
    if fmt == "json":
        click.echo(json.dumps({
            "diagnostics": [d.as_json() for d in found],
            "playouts": {name: [attrs.asdict(p) for p in ps] for name, ps in dynamic.items()},
            "errors": len(errors)}, indent=2))
    else:
        for diagnostic in found:
            click.echo(diagnostic.format(), err=True)
        for name, problems in dynamic.items():
            for problem in problems:
                click.echo(f"{resolve(name)}: error: {problem.describe()}", err=True)
        if not errors:
            played = f", {playouts} playouts each" if playouts else ""
            warnings = len(found)
            noted = f" ({warnings} warning{'s' if warnings != 1 else ''})" if warnings else ""
            click.echo(f"ok: {len(rulesets)} rule file{'s' if len(rulesets) != 1 else ''}, no errors{played}{noted}")
    sys.exit(1 if errors else 0)


@main.command("test")
@click.argument("paths", nargs=-1)
@click.option("-v", "--verbose", is_flag=True, help="List every test, not only failures.")
def test_command(paths, verbose):
    """Run rule tests (*.test.yaml files); without PATHS, the packaged rulesets' tests."""
    if not paths:
        paths = sorted({str(p.parent) for p in packaged_rulesets().values()})
    passed = failed = 0
    try:
        files = find_test_files(list(paths))
        for path in files:
            for test in read_tests(path):
                outcome = run_test(test)
                if outcome.passed:
                    passed += 1
                    if verbose:
                        click.echo(f"PASS {test.name} [{', '.join(test.covers)}]")
                else:
                    failed += 1
                    click.echo(f"FAIL {test.name}\n  {outcome.message}", err=True)
    except RuleError as err:
        fail(err)
    click.echo(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed or not passed else 0)


@main.command()
@click.argument("ruleset")
@click.option("--games", type=click.IntRange(1, 1_000_000), required=True, help="How many games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Master seed; game i uses a seed derived from it.")
@click.option("--players", help="Comma-separated agents (only random for now); default: the ruleset's minimum.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True, help="Processes to play in.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option("--debug", is_flag=True, help="Check card conservation after every step.")
def simulate(ruleset, games, seed, players, workers, as_json, debug):
    """Play many games with bots and report results per seat."""
    try:
        path = resolve(ruleset)
        game = load_game(path)
    except RulelangError as err:
        fail(err)
    kinds = parse_players(players or ",".join(["random"] * game.min_players), game)
    if "human" in kinds:
        raise click.BadParameter("simulate plays bots only", param_hint="--players")
    summary = run_simulation(path, games, len(kinds), seed=seed, workers=workers, debug=debug)
    if as_json:
        click.echo(json.dumps(summary, indent=2))
    else:
        click.echo(f"{summary['games']} games, {summary['errors']} errors, "
                   f"{summary['actions']} decisions, {summary['elapsed_s']} s")
        for row in summary["results"]:
            click.echo(f"  {row['seat']}: {row['wins']} wins, {row['losses']} losses, "
                       f"{row['draws']} draws, mean score {row['mean_score']}")
        for key, figure in summary["report"].items():
            click.echo(f"  {key}: mean {figure['mean']}")
        for detail in summary["error_details"][:10]:
            click.echo(f"  error in game {detail['game']} (seed {detail['seed']}): {detail['error']}", err=True)
    sys.exit(1 if summary["errors"] else 0)
