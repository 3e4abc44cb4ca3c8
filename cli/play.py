"""`rulelang play`: a game in the terminal, humans and bots."""
from __future__ import annotations

import os

import click

from .common import allow_path_option, fail, packaged_names, parse_players


@click.command(epilog="Packaged rulesets: " + packaged_names())
@click.argument("ruleset")
@click.option("--players", help="Comma-separated agents, one per seat: human or random. "
                                "Default: human against random.")
@click.option("--seed", type=int, default=None, help="Seed for shuffles, dice and bots (default: random).")
@click.option("--debug", is_flag=True, help="Check card conservation after every step; show tracebacks.")
@allow_path_option
def play(ruleset, players, seed, debug, allow):
    """Play a game in the terminal; each human sees only what their seat may see.

    A human is shown the log of what happened, the zones as their seat sees them, and
    numbered options; type the number. A decision with one option is taken for you.
    With bots only, the game log and the result are printed.
    """
    from rulelang.agents import build_agent
    from rulelang.api import load_game
    from rulelang.engine.session import play_game, scores
    from rulelang.engine.views import seat_view
    from rulelang.errors import RulelangError

    from .terminal import HumanAgent
    try:
        game = load_game(ruleset, allow)
        specs = parse_players(players, game)
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        agents = [HumanAgent() if spec.is_human else build_agent(spec, seat, seed, game)
                  for seat, spec in enumerate(specs)]
        click.echo(f"{game.name}, seed {seed}: " + ", ".join(f"P{i + 1} {s.text}" for i, s in enumerate(specs)))
        st = play_game(game, agents, seed, debug=debug)
    except RulelangError as err:
        if debug:
            raise
        fail(err)
    humans = [seat for seat, spec in enumerate(specs) if spec.is_human]
    if not humans:
        for audience, text in st.log:
            if audience is None:
                click.echo(text)
    else:
        seat = humans[0]
        agents[seat].show_log(seat_view(st, seat))
    points = scores(st)
    for seat, outcome in enumerate(st.result):
        click.echo(f"P{seat + 1}: {outcome}, score {points[seat]}")
