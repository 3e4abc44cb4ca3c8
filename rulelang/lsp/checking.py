"""The checking process: documents are checked in a process of their own, one at a time, so that
the server answers hovers and completions meanwhile, and a check that takes longer than its time
bound is ended (the process with it) instead of holding the editor up.

A rule file is untrusted: the checks keep `validate`'s work budgets, and the time bound is the last
guard. Nothing is run beyond what `validate` runs (no playouts). The process is `python -m
rulelang.lsp.checking`; requests and answers are pickled on its standard input and output.
"""
from __future__ import annotations

import os
import pickle
import subprocess
import sys
import threading

from ..errors import Diagnostic, Position
from .examine import Examined, examine

CHECK_SECONDS = 5.0  # the default time bound of one check


class CheckingProcess:
    """A process that answers one request at a time with `examine(*request)`, within a time bound."""

    def __init__(self, seconds: float = CHECK_SECONDS, command: tuple = ()):
        self.seconds = seconds
        self.command = command or (sys.executable, "-m", __name__)
        self._lock = threading.Lock()
        self._process = None

    def start(self) -> None:
        """Start the process now, if it is not running (it loads the library while nothing waits on it)."""
        with self._lock:
            self._started()

    def run(self, *request):
        """The answer to `request`, or None when it takes longer than the time bound or the
        process dies (the process is then ended, and a new one started for the next request)."""
        with self._lock:
            self._started()
            answer: list = []
            reader = threading.Thread(target=_read, args=(self._process.stdout, answer), daemon=True)
            try:
                pickle.dump(request, self._process.stdin)
                self._process.stdin.flush()
            except OSError:
                self._end()
                return None
            reader.start()
            reader.join(self.seconds)
            if not answer:
                self._process.kill()  # the reader then finds the pipe closed
                reader.join()
                self._end()
                return None
            return answer[0]

    def close(self) -> None:
        """End the process."""
        with self._lock:
            self._end()

    def _started(self) -> None:
        """Start the process if it is not running."""
        if self._process is None:
            self._process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def _end(self) -> None:
        """End the process, if there is one, and forget it."""
        if self._process is not None:
            self._process.kill()
            self._process.wait()
            for pipe in (self._process.stdin, self._process.stdout):
                pipe.close()
        self._process = None


def _read(pipe, answer: list) -> None:
    """Read one answer from the process into `answer` (nothing when the pipe closes first)."""
    try:
        answer.append(pickle.load(pipe))
    except (EOFError, OSError, pickle.UnpicklingError):
        pass


def checked(process: CheckingProcess, path: str, text: str, allow: tuple) -> Examined:
    """The document examined in the checking process; a check that did not finish is one diagnostic."""
    found = process.run(path, text, allow)
    if found is None:
        return Examined((Diagnostic(Position(path, 1, 1), f"the check did not finish within {process.seconds:g} "
                                                          f"seconds: the file may be too big or too complex"),))
    return found


def serve(requests, answers) -> None:
    """The checking process: answer each request with what `examine` finds, until input ends."""
    while True:
        try:
            request = pickle.load(requests)
        except EOFError:
            return
        pickle.dump(examine(*request), answers)
        answers.flush()


if __name__ == "__main__":
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # whatever else writes to standard output goes to standard error, not into the answers
    serve(sys.stdin.buffer, answers)
