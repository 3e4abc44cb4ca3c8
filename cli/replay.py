"""`rulelang replay`: step through a saved game forwards and backwards, as one seat saw it."""
from __future__ import annotations

import click

from .common import allow_path_option


@click.command()
@click.argument("record_file", type=click.Path(dir_okay=False))
@click.option("--seat", type=int, default=1, show_default=True, help="Whose view to show (1 for P1 ...).")
@allow_path_option
def replay(record_file, seat, allow):
    """Step through a saved game: Enter goes one decision on, `b` one back, a number jumps there.

    The table is shown as the chosen seat saw it; other seats' hidden choices stay hidden.
    """
    from rulelang.errors import RulelangError
    from rulelang.savedgame import open_saved_game

    from .common import fail
    from .stepper import Stepper
    try:
        game, record, _ = open_saved_game(record_file, allow, players_given=True)  # no agent plays here
        if not 1 <= seat <= len(record.players):
            raise click.BadParameter(f"the game has seats 1 to {len(record.players)}", param_hint="--seat")
        Stepper(game, record, seat - 1).run()
    except RulelangError as err:
        fail(err)
