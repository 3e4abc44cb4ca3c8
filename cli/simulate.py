"""`rulelang simulate`: many games with bots, summarised with 95% intervals."""
from __future__ import annotations

import json
import sys

import click

from .batch import batch_options
from .common import complete_ruleset


@click.command()
@click.argument("ruleset", shell_complete=complete_ruleset)
@batch_options
def simulate(ruleset, games, seed, players, workers, backend, address, out, plot, as_json, debug, allow):
    """Play many games with bots and report results per seat, with 95% intervals."""
    from rulelang.analysis.simulate import simulate as run_games

    from .batch import bot_seats, check_extras, load_rulesets
    from .outputs import lines_to, writing
    from .progress import progress_bar
    from .tables import print_simulation
    specs = bot_seats(players, load_rulesets((ruleset,), allow))
    check_extras(backend, address, plot, out)
    with lines_to(out) as lines, progress_bar(games, "simulating", show=not as_json) as advance:
        run = run_games(ruleset, games, specs, seed, workers, debug, backend, address, lines, advance, allow)
    if plot:
        from rulelang.analysis.plot import plot_runs
        with writing(plot, "--plot"):
            plot_runs(plot, [run])
    if as_json:
        click.echo(json.dumps(run.as_json(), indent=2))
    else:
        print_simulation(run)
    sys.exit(1 if run.totals.errors else 0)
