"""`rulelang compare`: a base ruleset against its variants, same seeds and agents, with intervals."""
from __future__ import annotations

import json
import sys

import click

from .batch import batch_options
from .common import complete_ruleset


@click.command()
@click.argument("base", shell_complete=complete_ruleset)
@click.argument("variants", nargs=-1, required=True, shell_complete=complete_ruleset)
@batch_options
def compare(base, variants, games, seed, players, workers, backend, address, out, plot, as_json, debug, allow):
    """Play BASE and each VARIANT with the same seeds and agents; say what each variant changes.

    Every figure comes with its 95% interval, and each difference from BASE with a sentence:
    a real difference, or how many games would find one.
    """
    from rulelang.analysis.compare import compare as run_comparison

    from .batch import bot_seats, check_extras, load_rulesets
    from .outputs import lines_to, writing
    from .progress import progress_bar
    from .tables import print_comparison
    rulesets = (base, *variants)
    specs = bot_seats(players, load_rulesets(rulesets, allow))
    check_extras(backend, address, plot, out)
    total = games * len(rulesets)
    with lines_to(out) as lines, progress_bar(total, "comparing", show=not as_json) as advance:
        comparison = run_comparison(rulesets, games, specs, seed, workers=workers, debug=debug,
                                    backend=backend, address=address, out=lines, progress=advance,
                                    allow=allow)
    if plot:
        from rulelang.analysis.plot import plot_runs
        with writing(plot, "--plot"):
            plot_runs(plot, list(comparison.runs))
    if as_json:
        click.echo(json.dumps(comparison.as_json(), indent=2))
    else:
        print_comparison(comparison)
    sys.exit(1 if any(run.totals.errors for run in comparison.runs) else 0)
