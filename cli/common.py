"""What the commands share: printing an error and exiting, reading the --players option."""
from __future__ import annotations

import sys

import click

AGENT_KINDS = ("human", "random")


def fail(err) -> None:
    """Print a rulelang error on stderr and exit 1."""
    click.echo(str(err), err=True)
    sys.exit(1)


def parse_players(text: str | None, game) -> list:
    """`human,random` into agent kinds, one per seat, checked against the ruleset."""
    kinds = [k.strip() for k in text.split(",")] if text else ["human"] + ["random"] * (game.min_players - 1)
    for kind in kinds:
        if kind not in AGENT_KINDS:
            raise click.BadParameter(f"'{kind}' is not an agent; use {' or '.join(AGENT_KINDS)}",
                                     param_hint="--players")
    if not game.min_players <= len(kinds) <= game.max_players:
        raise click.BadParameter(f"{game.name} takes {game.min_players}-{game.max_players} players, "
                                 f"got {len(kinds)}", param_hint="--players")
    return kinds


def packaged_names() -> str:
    """The packaged rulesets' names, for help texts."""
    from rulelang.catalog import packaged_rulesets
    return ", ".join(sorted(packaged_rulesets()))
