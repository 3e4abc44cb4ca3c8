"""The files commands write (`--out`, `--plot`, `--record`): checked before the first game, and
written so that a failure is one line and a JSON-lines file never ends in a cut line."""
from __future__ import annotations

import contextlib
import os
import stat

import click


class OutputError(click.ClickException):
    """A file a command was asked to write that it cannot write: one line, `path: error: why`.

    Exit 2 when found before anything ran (a usage error), 1 when writing failed later.
    """

    def __init__(self, path: str, message: str, exit_code: int = 2):
        super().__init__(message)
        self.path = path
        self.exit_code = exit_code

    def show(self, file=None) -> None:
        """Print the one line on stderr, with control characters escaped."""
        from rulelang.errors import printable
        click.echo(printable(f"{self.path}: error: {self.message}"), err=True)


def check_output(path: str | None, option: str, suffixes: tuple = ()) -> None:
    """Refuse, before anything runs, an output file that cannot be written: its folder is
    missing, it is a folder or a pipe, it may not be written, or (`suffixes`) its format is
    not one the option writes."""
    if path is None:
        return
    if suffixes and os.path.splitext(path)[1].lower() not in suffixes:
        raise OutputError(path, f"{option} writes {' or '.join(suffixes)} files")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise OutputError(path, f"cannot write {option} here: there is no folder '{folder}'")
    if os.path.isdir(path):
        raise OutputError(path, f"cannot write {option} here: it is a folder")
    target = folder
    if os.path.exists(path):
        mode = os.stat(path).st_mode
        if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):  # opening one would wait for a reader
            raise OutputError(path, f"cannot write {option} here: it is a pipe, not a file")
        target = path
    if not os.access(target, os.W_OK):
        raise OutputError(path, f"cannot write {option} here: permission denied")


class JsonLines:
    """A JSON-lines file written whole lines at a time: each write goes to the file at once,
    and one cut short (the disk is full, the run is stopped) is taken back whole."""

    def __init__(self, path: str):
        self.path = path
        try:
            self.handle = open(path, "wb", buffering=0)  # noqa: SIM115 - closed by `lines_to`
        except OSError as err:
            raise OutputError(path, f"cannot write --out: {err.strerror}") from None
        self.end = 0  # where the last whole line ends

    def write(self, lines: str) -> None:
        """Write whole lines (the text ends with a newline)."""
        encoded = lines.encode("utf-8")
        data = memoryview(encoded)
        try:
            while data:
                data = data[self.handle.write(data):]
        except BaseException as err:
            self.take_back()
            if isinstance(err, OSError):
                raise OutputError(self.path, f"cannot write --out: {err.strerror}", exit_code=1) from None
            raise
        self.end += len(encoded)

    def take_back(self) -> None:
        """Cut the file back to its last whole line (a device, like /dev/full, cannot be cut)."""
        with contextlib.suppress(OSError):
            os.ftruncate(self.handle.fileno(), self.end)

    def close(self) -> None:
        """Close the file."""
        self.handle.close()


@contextlib.contextmanager
def lines_to(path: str | None):
    """The `--out` file, open for one JSON line per game, or None."""
    if path is None:
        yield None
        return
    lines = JsonLines(path)
    try:
        yield lines
    finally:
        lines.close()


@contextlib.contextmanager
def writing(path: str, option: str):
    """A context in which an OSError writing `path` becomes a one-line error (exit 1)."""
    try:
        yield
    except OSError as err:
        raise OutputError(path, f"cannot write {option}: {err.strerror or err}", exit_code=1) from None
