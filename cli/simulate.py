"""`rulelang simulate`: many games with bots, summarised per seat."""
from __future__ import annotations

import json
import sys

import click

from .common import allow_path_option, fail, parse_players


@click.command()
@click.argument("ruleset")
@click.option("--games", type=click.IntRange(1, 1_000_000), required=True, help="How many games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Master seed; game i uses a seed derived from it.")
@click.option("--players", help="Comma-separated agents (only random for now); default: the ruleset's minimum.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True, help="Processes to play in.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option("--debug", is_flag=True, help="Check card conservation after every step.")
@allow_path_option
def simulate(ruleset, games, seed, players, workers, as_json, debug, allow):
    """Play many games with bots and report results per seat."""
    from rulelang.analysis.simulate import simulate as run_simulation
    from rulelang.api import load_game, resolve
    from rulelang.errors import RulelangError
    try:
        path = resolve(ruleset)
        game = load_game(path, allow)
    except RulelangError as err:
        fail(err)
    specs = parse_players(players or ",".join(["random"] * game.min_players), game)
    if any(spec.is_human for spec in specs):
        raise click.BadParameter("simulate plays bots only", param_hint="--players")
    summary = run_simulation(path, games, len(specs), seed=seed, workers=workers, debug=debug, allow=allow)
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
