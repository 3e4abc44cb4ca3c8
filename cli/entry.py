"""`rulelang`, the command as installed: `rulelang --help` prints the help it made before, read
back from the user's cache folder with nothing else imported (importing click alone takes most
of a start-up); anything else, and a help not made yet or made by other files, runs the click
group of `main.py`, which makes it.

A stored help names what it was made from: the program's name, the width it was wrapped to (as
click finds it: the terminal's columns, at most 80) and when the files it came from last changed
(this package's modules, and click's).
"""
from __future__ import annotations

import gc
import os
import sys

from ..language.cachedir import cache_folder

HELP = (["--help"], ["-h"])
MAX_WIDTH = 80  # click wraps help text to the terminal's columns, at most this many


def run():
    """Run the `rulelang` command.

    What importing made lives as long as the process, and once the command is done the process
    ends: so both times every object alive is put out of the cycle collector's reach
    (`gc.freeze`), and no later collection scans them again, nor do the three whole collections
    Python makes while it shuts down (together about 6% of a `validate`). Garbage made after the
    first is collected as before; at exit, objects left in reference cycles are not finalized,
    which Python never promised (files are closed where they are used, `atexit` still runs).
    """
    if sys.argv[1:] in HELP:
        prog, width = os.path.basename(sys.argv[0]), min(_columns(), MAX_WIDTH)
        stamp, path = _stamp(), _stored_path(prog, width)
        text = _read(path, stamp)
        if text is None:
            text = _made(prog)
            _write(path, stamp, text)
        sys.stdout.write(text)
        return 0
    gc.disable()  # (importing click and the command makes many objects and frees few: nothing to collect)
    try:
        from .main import main
    finally:
        gc.enable()
    gc.freeze()
    try:
        return main()
    finally:
        gc.freeze()


def _made(prog: str) -> str:
    """The group's help as click prints it for `--help`."""
    import click

    from .main import main
    with click.Context(main, info_name=prog, **main.context_settings) as ctx:
        return ctx.get_help() + "\n"


def _columns() -> int:
    """The terminal's columns, as `shutil.get_terminal_size` (which click asks) finds them."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or MAX_WIDTH


def _stamp() -> str:
    """When the files the help comes from last changed: this package's modules and click's."""
    here = os.path.dirname(os.path.abspath(__file__))
    files = [os.path.join(here, name) for name in sorted(os.listdir(here)) if name.endswith(".py")]
    for folder in sys.path:
        found = os.path.join(folder or ".", "click", "__init__.py")
        if os.path.isfile(found):
            files.append(found)
            break
    try:
        return " ".join(f"{os.stat(path).st_mtime_ns}" for path in files)
    except OSError:
        return ""


def _stored_path(prog: str, width: int) -> str | None:
    folder = cache_folder("help")
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in prog)
    return None if folder is None else os.path.join(folder, f"{safe}-{width}.txt")


def _read(path: str | None, stamp: str) -> str | None:
    """The help stored at `path` if it was made from files as they are now, else None."""
    if path is None or not stamp:
        return None
    try:
        with open(path, encoding="utf-8") as stored:
            first, text = stored.readline(), stored.read()
    except (OSError, ValueError):
        return None
    return text if first == stamp + "\n" and text else None


def _write(path: str | None, stamp: str, text: str) -> None:
    """Keep the help for the next time (a whole new file replaces the old; no cache, no keeping)."""
    if path is None or not stamp:
        return
    try:
        partial = f"{path}.{os.getpid()}.tmp"
        with open(partial, "w", encoding="utf-8") as out:
            out.write(stamp + "\n" + text)
        os.replace(partial, path)
    except OSError:
        pass
