"""`rulelang replay`: step through a saved game forwards and backwards, as one seat saw it."""
from __future__ import annotations

import click

from .common import allow_path_option


@click.command()
@click.argument("record_file", type=click.Path(dir_okay=False))
@click.option("--seat", type=int, default=None,
              help="Whose view to show (1 for P1 ...). Default: the seat of the game's one person, else P1.")
@click.option("--reveal", is_flag=True,
              help="Show the seat of a game that is not over without asking, though its cards are still secret.")
@allow_path_option
def replay(record_file, seat, reveal, allow):
    """Step through a saved game: Enter goes one decision on, `b` one back, a number jumps there.

    The table is shown as the chosen seat saw it; other seats' hidden choices stay hidden. A game
    that is not over is shown as the seat of the one person who played it; any other seat (a
    bot's, or one of several people's in hot seat) shows cards the others at the table may not
    see, and replay asks first. A record whose game stopped on an error steps up to that point.
    """
    from rulelang.errors import RulelangError
    from rulelang.savedgame import open_saved_game

    from .common import fail
    from .stepper import Stepper
    try:
        saved = open_saved_game(record_file, allow, players_given=True)  # no agent plays here
        people = [index for index, spec in enumerate(saved.specs) if spec.is_human]
        if seat is None:
            seat = people[0] + 1 if len(people) == 1 else 1
        if not 1 <= seat <= len(saved.specs):
            raise click.BadParameter(f"the game has seats 1 to {len(saved.specs)}", param_hint="--seat")
        if not saved.over and people and people != [seat - 1] and not reveal:
            ask_to_reveal(seat, people)
        Stepper(saved.game, saved.record, seat - 1, saved.stop).run()
    except RulelangError as err:
        fail(err)


def ask_to_reveal(seat: int, people: list) -> None:
    """Say plainly that the seat's view shows cards still secret in a game not over; exit unless told yes."""
    whose = "one of several people's seats" if seat - 1 in people else "a bot's seat"
    click.echo(f"This game is not over, and P{seat} is {whose}: stepping through it as P{seat} shows P{seat}'s "
               f"hidden cards, which the other players may not see.")
    if not click.confirm(f"Show P{seat}'s cards?", default=False):
        click.echo("Nothing shown.")
        raise SystemExit(1)
