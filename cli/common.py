"""What the commands share: printing an error and exiting, the --players option (read, helped, completed),
completing a RULESET."""
from __future__ import annotations

import os
import sys

import click


def fail(err) -> None:
    """Print a rulelang error on stderr (control characters escaped) and exit 1."""
    from rulelang.errors import printable
    click.echo(printable(str(err)), err=True)
    sys.exit(1)


def parse_players(text: str | None, game) -> list:
    """`--players` into agent specs, one per seat, checked against the ruleset.

    Without the option: a human in seat 1 and random bots in the other seats.
    """
    from rulelang.agents import parse_players as parse_specs
    from rulelang.presentation.rules import seats
    text = text or ",".join(["human"] + ["random"] * (game.min_players - 1))
    try:
        specs = parse_specs(text)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--players") from None
    if not game.min_players <= len(specs) <= game.max_players:
        raise click.BadParameter(f"{game.name} takes {seats(game)}, not {len(specs)}", param_hint="--players")
    return specs


AGENT_NAMES = ("human", "random", "greedy", "mcts", "cfr")  # rulelang/agents/spec.py's, named here so that
#                                                           `--help` imports no engine (a test holds them equal)


def players_option(bots_only: bool, default: str, intro: str = "Comma-separated agents, one per seat"):
    """`--players`: the agents per seat, every name in its help, each completed as it is typed."""
    names = [name for name in AGENT_NAMES if not (bots_only and name == "human")]
    return click.option("--players", shell_complete=complete_players_for(names),
                        help=f"{intro}: {', '.join(names[:-1])} or {names[-1]}, each with :key=value options "
                             f"(mcts:iterations=200), or path/to/agent.py:ClassName. Default: {default}.")


def complete_players_for(names: list):
    """Shell completion of `--players`: the agent names that begin the part typed after the last comma."""
    def complete(ctx, param, incomplete: str) -> list:
        from click.shell_completion import CompletionItem
        done, comma, typing = incomplete.rpartition(",")
        return [CompletionItem(done + comma + name) for name in names if name.startswith(typing)]
    return complete


def allow_path_option(command):
    """`--allow-path DIR` (repeatable): folders besides its own whose .yaml files a rule file may name."""
    return click.option("--allow-path", "allow", multiple=True, type=click.Path(exists=True, file_okay=False),
                        help="A folder whose .yaml files `extends:` and a test's `ruleset:` may name, besides "
                             "the naming file's own folder (repeatable).")(command)


def game_bounds_option(command):
    """`--game-work N` and `--game-seconds S`: a person's bounds on each whole game (see api.bounded)."""
    command = click.option("--game-seconds", type=click.FloatRange(min=0, min_open=True, max=86_400),
                           help="Seconds one game may take on the clock; past them it ends with an error "
                                "(default: no bound).")(command)
    return click.option("--game-work", type=click.IntRange(1_000, 10**12),
                        help="Units of work and steps one whole game may do, in place of the rule file's "
                             "`limits: game` (default 100,000,000); past them the game ends with an error "
                             "naming the limit and its seed.")(command)


def packaged_names() -> str:
    """The packaged rulesets' names, for help texts."""
    from rulelang.catalog import packaged_rulesets
    return ", ".join(sorted(packaged_rulesets()))


def complete_ruleset(ctx, param, incomplete: str) -> list:
    """Shell completion of a RULESET: the packaged names that begin with what is typed, and files.

    Something that reads as a path (with a `/`, or a leading `.` or `~`), or that begins no
    packaged name, completes as a file only. Otherwise the names come with the shell's own file
    completion (zsh and fish show both; bash shows the names).
    """
    from click.shell_completion import CompletionItem

    from rulelang.catalog import packaged_rulesets
    files = CompletionItem(incomplete, type="file")
    if os.sep in incomplete or incomplete.startswith((".", "~")):
        return [files]
    names = [CompletionItem(name) for name in sorted(packaged_rulesets()) if name.startswith(incomplete)]
    return [files, *names] if names else [files]  # bash keeps the names only if they come after the file item
