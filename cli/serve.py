"""`rulelang serve`: the browser table (see rulelang/serve and docs/serve.md)."""
from __future__ import annotations

import os

import click


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Where to listen: 127.0.0.1 for this machine only, 0.0.0.0 for every network it is on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="The port to listen on.")
@click.option("--db", type=click.Path(dir_okay=False), default="rulelang-tables.sqlite3", show_default=True,
              help="The SQLite file the tables are kept in (made if missing): a restarted server goes on from it.")
@click.option("--rules", "rules_folder", type=click.Path(exists=True, file_okay=False),
              help="A folder whose rule files (*.yaml) the lobby offers beside the shipped rulesets.")
@click.option("--bot-pause", type=click.FloatRange(0, 10), default=0.6, show_default=True,
              help="Seconds between two bots' decisions, so that people can follow them.")
def serve(host, port, db, rules_folder, bot_pause):
    """Play in the browser: a lobby at http://HOST:PORT/ to make a table for any ruleset (shipped,
    from --rules, or a house rule pasted in), with people and bots in its seats.

    Each person's seat gets its own link with a secret token; whoever opens it plays that seat and
    sees only what it may see. Spectators watch at the table's spectator link. Every decision is
    stored in --db as it is made. The rule editor is at /editor. Needs the web extra: pip install
    -e ".[web]" in rulelang's folder.
    """
    try:
        import uvicorn

        from rulelang.serve.app import make_app
    except ImportError as err:
        raise click.ClickException(f"rulelang serve needs the web extra ({err.name} is missing): "
                                   "pip install -e \".[web]\" in rulelang's folder") from None
    _check_free(host, port)
    app = make_app(os.path.abspath(db), rules_folder, pause=bot_pause)
    click.echo(f"rulelang serve: the lobby is at http://{host}:{port}/ (tables kept in {db}); Ctrl-C stops it")
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=65_536)


def _check_free(host: str, port: int) -> None:
    """A one-line error when the address cannot be listened on (a port in use, an unknown host)."""
    import errno
    import socket
    try:
        with socket.create_server((host, port), reuse_port=False) as _:
            pass
    except OSError as err:
        reason = "the port is in use" if err.errno == errno.EADDRINUSE else str(err.strerror or err).split(" (")[0]
        raise click.ClickException(f"cannot listen on {host}:{port}: {reason} (another --port or --host?)") from None
