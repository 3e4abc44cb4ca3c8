"""An editor's side of the Language Server Protocol, for tests: JSON-RPC messages with
Content-Length headers over the pipes of a `rulelang lsp` process."""
from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from pathlib import Path

RUN = [sys.executable, "-c", "from rulelang.cli.main import main; main()", "lsp"]
WAIT = 30  # seconds: a guard against a server that hangs, not a measure of speed


class Client:
    """A `rulelang lsp` process and the messages it sent."""

    def __init__(self, *args: str, stderr=None):
        self.process = subprocess.Popen([*RUN, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr)
        self.answers: dict = {}
        self.notes: queue.Queue = queue.Queue()
        self.lock = threading.Condition()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _send(self, message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def _read(self) -> None:
        out = self.process.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            message = json.loads(out.read(length))
            if "id" in message and "method" in message:  # a request of the server's: say yes
                self._send({"id": message["id"], "result": None})
            elif "id" in message:
                with self.lock:
                    self.answers[message["id"]] = message
                    self.lock.notify_all()
            else:
                self.notes.put(message)

    def request(self, method: str, params) -> object:
        """Send a request and wait for its result."""
        with self.lock:
            self.next_id += 1
            ident = self.next_id
        self._send({"id": ident, "method": method, "params": params})
        with self.lock:
            if not self.lock.wait_for(lambda: ident in self.answers, WAIT):
                raise TimeoutError(f"no answer to {method} in {WAIT} s")
            answer = self.answers.pop(ident)
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return answer["result"]

    def notify(self, method: str, params) -> None:
        """Send a notification."""
        self._send({"method": method, "params": params})

    def diagnostics(self, uri: str, wait: float = WAIT) -> list:
        """The next diagnostics the server publishes for `uri`."""
        while True:
            note = self.notes.get(timeout=wait)
            if note["method"] == "textDocument/publishDiagnostics" and note["params"]["uri"] == uri:
                return note["params"]["diagnostics"]

    def open(self, path: Path, text: str | None = None) -> str:
        """Open a document (its text, or the file's) and return its URI."""
        uri = path.resolve().as_uri()
        text = path.read_text(encoding="utf-8") if text is None else text
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1,
                                                             "text": text}})
        return uri

    def change(self, uri: str, text: str, version: int) -> None:
        """Replace a document's whole text."""
        self.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                               "contentChanges": [{"text": text}]})

    def at(self, method: str, uri: str, line: int, character: int, **more) -> object:
        """A request about a position of a document."""
        return self.request(method, {"textDocument": {"uri": uri}, "position": {"line": line, "character": character},
                                     **more})

    def close(self) -> int:
        """Shut the server down as an editor does; its exit code."""
        self.request("shutdown", None)
        self.notify("exit", None)
        try:
            return self.process.wait(WAIT)
        finally:
            self.process.kill()
            for pipe in (self.process.stdin, self.process.stdout):
                pipe.close()


def initialized(*args: str) -> tuple:
    """A client that has initialized a server, and the server's capabilities."""
    client = Client(*args)
    result = client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    client.notify("initialized", {})
    return client, result["capabilities"]
