"""`rulelang simulate`: many games with bots, summarised with 95% intervals."""
from __future__ import annotations

import click

from .batch import batch_options
from .common import complete_ruleset


@click.command()
@click.argument("ruleset", shell_complete=complete_ruleset)
@batch_options
def simulate(ruleset, games, seed, players, workers, backend, address, out, plot, as_json, debug, allow, game_work,
             game_seconds):
    """Play many games with bots and report results per seat, with 95% intervals."""
    from rulelang.analysis.backends import RunStopped
    from rulelang.analysis.simulate import simulate as run_games

    from .batch import bot_seats, check_extras, load_rulesets, report
    from .outputs import lines_to
    from .progress import progress_bar
    from .stopping import stop_signals
    from .tables import print_simulation
    specs = bot_seats(players, load_rulesets((ruleset,), allow))
    check_extras(backend, address, plot, out)
    stopped = None
    with stop_signals() as received:
        try:
            with lines_to(out) as lines, progress_bar(games, "simulating", show=not as_json) as advance:
                run = run_games(ruleset, games, specs, seed, workers, debug, backend, address, lines, advance, allow,
                                (game_work, game_seconds))
        except RunStopped as stop:
            stopped, run = stop, stop.partial
        report(run, [run], plot, as_json, print_simulation, stopped, received)
