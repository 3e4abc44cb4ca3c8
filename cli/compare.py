"""`rulelang compare`: a base ruleset against its variants, same seeds and agents, with intervals."""
from __future__ import annotations

import click

from .batch import batch_options
from .common import complete_ruleset


@click.command()
@click.argument("base", shell_complete=complete_ruleset)
@click.argument("variants", nargs=-1, required=True, shell_complete=complete_ruleset)
@batch_options
def compare(base, variants, games, seed, players, workers, backend, address, out, plot, as_json, debug, allow,
            game_work, game_seconds):
    """Play BASE and each VARIANT with the same seeds and agents; say what each variant changes.

    Every figure comes with its 95% interval, and each difference from BASE with a sentence:
    a real difference, or how many games would find one.
    """
    from rulelang.analysis.backends import RunStopped
    from rulelang.analysis.compare import compare as run_comparison

    from .batch import bot_seats, check_extras, load_rulesets, report
    from .outputs import lines_to
    from .progress import progress_bar
    from .stopping import stop_signals
    from .tables import print_comparison
    rulesets = (base, *variants)
    specs = bot_seats(players, load_rulesets(rulesets, allow))
    check_extras(backend, address, plot, out)
    total = games * len(rulesets)
    stopped = None
    with stop_signals() as received:
        try:
            with lines_to(out) as lines, progress_bar(total, "comparing", show=not as_json) as advance:
                comparison = run_comparison(rulesets, games, specs, seed, workers=workers, debug=debug,
                                            backend=backend, address=address, out=lines, progress=advance,
                                            allow=allow, bounds=(game_work, game_seconds))
        except RunStopped as stop:
            stopped, comparison = stop, stop.partial
        report(comparison, list(comparison.runs), plot, as_json, print_comparison, stopped, received)
