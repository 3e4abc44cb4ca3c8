"""What `simulate` and `compare` share: their options, the seats' agents, the backend, `--out`
and `--plot` checked before any game is played."""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import click

from .common import allow_path_option, fail, game_bounds_option, parse_players, players_option
from .outputs import check_output, writing
from .stopping import tell_stopped

PLOT_SUFFIXES = (".png", ".html")
OPTIONS = (
    click.option("--games", type=click.IntRange(1, 1_000_000), required=True,
                 help="How many games to play (per file)."),
    click.option("--seed", type=int, default=0, show_default=True,
                 help="Master seed; game i uses a seed derived from it (the same for every file)."),
    players_option(bots_only=True, default="random in each of the ruleset's minimum seats"),
    click.option("--workers", type=click.IntRange(1, 1024),
                 help="Processes to play in (default 1); with --backend ray, actors "
                      "(default: every CPU of the cluster)."),
    click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
                 help="local: this machine; ray: a Ray cluster (needs the 'ray' extra)."),
    click.option("--address", help="With --backend ray: the cluster to join, e.g. ray://head:10001 "
                                   "(default: the Ray job's cluster, or a new local one)."),
    click.option("--out", type=click.Path(),
                 help="Write one JSON line per game to this file, as the games are played."),
    click.option("--plot", type=click.Path(),
                 help="Draw game lengths and scores (comparing: win rates too) to a .png or .html file "
                      "(needs the 'plot' extra)."),
    click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table."),
    click.option("--debug", is_flag=True, help="Check card conservation after every step."),
    allow_path_option,
    game_bounds_option,
)


def batch_options(command):
    """Add the options every run of many games takes."""
    for option in reversed(OPTIONS):
        command = option(command)
    return command


def load_rulesets(names: tuple, allow: tuple = ()) -> list:
    """Each ruleset loaded and compiled (an error in any: printed, exit 1)."""
    from rulelang.api import load_game
    from rulelang.errors import RulelangError
    try:
        return [load_game(name, allow) for name in names]
    except RulelangError as err:
        fail(err)


def bot_seats(text: str | None, games: list) -> list:
    """The seats' agent specs, which every ruleset must seat; bots only."""
    from rulelang.presentation.rules import seats
    specs = parse_players(text or ",".join(["random"] * games[0].min_players), games[0])
    for game in games[1:]:
        if not game.min_players <= len(specs) <= game.max_players:
            raise click.BadParameter(f"{game.name} takes {seats(game)}, not {len(specs)}",
                                     param_hint="--players")
    if any(spec.is_human for spec in specs):
        raise click.BadParameter("only bots play here", param_hint="--players")
    return specs


def check_extras(backend: str, address: str | None, plot: str | None, out: str | None) -> None:
    """Refuse, before playing, what this installation or these options cannot do, and output
    files that cannot be written (see outputs.py)."""
    if address and backend != "ray":
        raise click.BadParameter("--address joins a Ray cluster: add --backend ray",
                                 param_hint="--address")
    if backend == "ray" and importlib.util.find_spec("ray") is None:
        raise click.BadParameter(f"the Ray backend needs Ray: {install_hint('ray')}",
                                 param_hint="--backend")
    check_output(out, "--out")
    check_output(plot, "--plot", PLOT_SUFFIXES)
    if plot and importlib.util.find_spec("matplotlib") is None:
        raise click.BadParameter(f"plots need matplotlib: {install_hint('plot')}", param_hint="--plot")


def install_hint(extra: str) -> str:
    """The pip command that adds an optional extra to this installation: to the clone it runs from
    (an editable install), to the folder it was installed from, or else from the package index."""
    root = Path(__file__).resolve().parents[1]
    if (root / "pyproject.toml").is_file() and (root / "rulelang").is_dir():
        return f'pip install -e "{root}[{extra}]"'
    from importlib import metadata
    from urllib.parse import unquote, urlparse
    for dist in metadata.distributions(name="rulelang"):
        source = json.loads(dist.read_text("direct_url.json") or "{}")  # PEP 610: where pip installed it from
        if source.get("url", "").startswith("file://") and "dir_info" in source:
            return f'pip install "{unquote(urlparse(source["url"]).path)}[{extra}]"'
    return f"pip install 'rulelang[{extra}]'"


def report(result, runs: list, plot: str | None, as_json: bool, show, stopped=None, received: list = ()) -> None:
    """Draw the plot, print the result (JSON, or the table `show` prints) and exit: 1 when a game
    failed; after a stop, with what finished only (nothing when no game did), as stopped."""
    if stopped is None or stopped.played:
        if plot:
            from rulelang.analysis.plot import plot_runs
            with writing(plot, "--plot"):
                plot_runs(plot, runs)
        if as_json:
            data = result.as_json()
            if stopped is not None:
                data.update(stopped=True, games_planned=stopped.planned)
            click.echo(json.dumps(data, indent=2))
        else:
            show(result)
    if stopped is not None:
        tell_stopped(stopped, received)
    sys.exit(1 if any(run.totals.errors for run in runs) else 0)
