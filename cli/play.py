"""`rulelang play`: a game in the terminal, humans and bots; saved, resumed and undone by its record."""
from __future__ import annotations

import os
import sys

import click

from .common import (allow_path_option, complete_ruleset, fail, game_bounds_option, packaged_names, parse_players,
                     players_option)
from .outputs import check_output


@click.command(epilog="Packaged rulesets: " + packaged_names())
@click.argument("ruleset", required=False, shell_complete=complete_ruleset)
@players_option(bots_only=False, default="human against mcts")
@click.option("--seed", type=int, default=None, help="Seed for shuffles, dice and bots (default: random).")
@click.option("--resume", type=click.Path(dir_okay=False),
              help="Go on with a saved game (a record file, never written over unless --record names it too).")
@click.option("--record", "record_path", type=click.Path(dir_okay=False),
              help="Keep the game's record in this file (written after each of your decisions).")
@click.option("--auto-pass/--no-auto-pass", default=True, show_default=True,
              help="Pass for you at reaction prompts the rule file does not mark as worth asking about.")
@click.option("--explain", is_flag=True, help="Show each bot's options with its search's visit shares and values "
                                               "(with bots only: a bot's options name its hidden cards).")
@click.option("--explain-hidden", is_flag=True,
              help="--explain at a table with people too: they then see the bots' hidden cards.")
@click.option("--debug", is_flag=True, help="Check card conservation after every step; show tracebacks.")
@allow_path_option
@game_bounds_option
def play(ruleset, players, seed, resume, record_path, auto_pass, explain, explain_hidden, debug, allow, game_work,
         game_seconds):
    """Play a game in the terminal; each human sees only what their seat may see.

    A human sees the table as their seat sees it, what happened since their last decision, and
    numbered options: type a number. `?` shows the rules, `?N` explains option N, `u` undoes
    back to your previous decision (unless you have seen something new since: a draw, a roll,
    another's card), `s` saves, `q` or Ctrl-C asks whether to save and quit. Answers may be
    piped in, one a line: when they run out the game stops (kept with --record). With bots
    only, the game's log and the result are printed.
    """
    from rulelang.errors import RulelangError

    from .table import Quit, Table
    if ruleset is None and resume is None:
        raise click.UsageError("give a RULESET to play, or --resume FILE")
    if resume is not None and seed is not None:
        raise click.UsageError("--seed cannot change a saved game; --resume goes on with its own seed")
    check_output(record_path, "--record")
    from rulelang.api import bounded
    try:
        if resume is not None:
            game, record, specs = resumed(resume, ruleset, players, allow)
        else:
            game, record, specs = started(ruleset, players, seed, allow)
        if explain and not explain_hidden and any(spec.is_human for spec in specs):
            raise click.UsageError("--explain shows each bot's options, which name its hidden cards, and a person "
                                   "plays at this table: --explain-hidden shows them all the same")
        game = bounded(game, game_work, game_seconds)
        click.echo(f"{game.name}, seed {record.seed}: "
                   + ", ".join(f"P{i + 1} {s.text}" for i, s in enumerate(specs)))
        table = Table(game, record, specs, auto_pass=auto_pass, record_path=record_path, debug=debug,
                      explain=explain or explain_hidden)
        table.finish(table.play())
    except Quit as leaving:
        sys.exit(leaving.code)
    except RulelangError as err:
        if debug:
            raise
        fail(err)


def started(ruleset: str, players, seed, allow: tuple = ()):
    """A new game: the ruleset, an empty record and the seats' agent specs."""
    from rulelang.api import load_game
    from rulelang.engine.record import GameRecord
    game = load_game(ruleset, allow)
    specs = parse_players(players or ",".join(["human"] + ["mcts"] * (game.min_players - 1)), game)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    named = os.path.abspath(ruleset) if os.path.exists(ruleset) else ruleset  # a path works from any folder
    return game, GameRecord.start(game, named, seed, [s.text for s in specs]), specs


def resumed(path: str, ruleset, players, allow: tuple = ()):
    """A saved game, checked whole (see rulelang/savedgame.py): its ruleset, its record (up to the
    decision that stopped its game on an error, if one did) and its seats (the record's, which
    load no code, or the agents named with --players)."""
    import attrs  # here, not at the top: `rulelang --help` imports this module (start-up time)
    from rulelang.errors import printable
    from rulelang.savedgame import open_saved_game
    saved = open_saved_game(path, allow, ruleset, players_given=players is not None)
    game, record, specs = saved.game, saved.record, saved.specs
    if saved.stop is not None:
        click.echo(printable(f"the record's decision {saved.stop.position + 1} stopped the game "
                             f"({saved.stop.error}): going on from the decision before it"))
    if players is not None:
        specs = parse_players(players, game)
        if len(specs) != len(record.players):
            raise click.BadParameter(f"the saved game has {len(record.players)} seats, not {len(specs)}",
                                     param_hint="--players")
    return game, attrs.evolve(record, players=tuple(s.text for s in specs)), specs
