"""How many tables `rulelang serve` holds: many tables on localhost, each with one scripted person and
one spectator connected, random bots in the other seats.

    python benchmarks/serve_load.py [--tables 50 200] [--seconds 60] [--ruleset hearts] [--think 2 4]

For each number of tables: starts a fresh server (a process of its own, `rulelang serve` on a
free port), makes the tables, connects a person and a spectator to each, and lets every person
take the first option offered after a pause drawn between the two --think bounds (seconds), as a
person clicking would. It measures, after each action, the time until every client of that
table (the person and the spectator) has the table as it is after the action, and prints: moves
per second (the people's and the bots'), the p50 and p99 of that time, the server's memory per
table (resident memory after the tables are made and played, less the server's before, divided
by the tables), and its CPU use. Markdown, for benchmarks/RESULTS.md.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import re
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from browser import Server  # noqa: E402  (the tests' way of starting `rulelang serve`)


VERSION = re.compile(r'"type": "state", "table": "[^"]*", "game": "(?:[^"\\]|\\.)*", "version": (\d+)')


def memory(pid: int) -> int:
    """The resident memory of a process, in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def cpu(pid: int) -> float:
    """The CPU seconds a process has used (user and system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Table:
    """One table's two clients: the person who acts, the spectator who only watches."""

    def __init__(self, url: str, made: dict, think: tuple, rng: random.Random):
        socket = url.replace("http://", "ws://")
        self.person_url = socket + made["seats"][0]["link"].replace("/play/", "/ws/play/")
        self.watch_url = socket + made["watch"].replace("/watch/", "/ws/watch/")
        self.think, self.rng = think, rng
        self.seen = {"person": -1, "watch": -1}  # the newest version each client has
        self.sent = None  # (the version the action was sent at, when)
        self.waits: list = []
        self.moves = 0

    async def watch(self, websocket, who: str, stop: float) -> None:
        """Read a client's messages until `stop`, noting when every client has caught up."""
        while time.monotonic() < stop:
            try:
                text = await asyncio.wait_for(websocket.recv(), stop - time.monotonic())
            except (asyncio.TimeoutError, Exception):
                return
            found = VERSION.search(text)  # (the spectator's messages are not read further: a light client)
            if found is None:
                continue
            self.seen[who] = max(self.seen[who], int(found.group(1)))
            if self.sent is not None and min(self.seen.values()) > self.sent[0]:
                self.waits.append(time.monotonic() - self.sent[1])
                self.sent = None
            if who == "person":
                self.latest = json.loads(text)

    async def act(self, websocket, stop: float) -> None:
        """Take the first option offered, after a person's pause, until `stop`."""
        while time.monotonic() < stop:
            await asyncio.sleep(self.rng.uniform(*self.think))
            message = getattr(self, "latest", None)
            if message is None or message.get("over") or not message.get("question") or self.sent is not None:
                continue
            question = message["question"]
            if question["many"] and question["may_confirm"]:
                action = {"type": "confirm"}
            elif question["many"] and len(question["picked"]) + 1 >= (question["more"] or 99):
                action = {"type": "pick", "option": question["options"][0]["index"]}
            else:
                action = {"type": "pick" if question["many"] else "act", "option": question["options"][0]["index"]}
            if action["type"] == "pick":  # (a pick changes no version: only a confirm is timed)
                await websocket.send(json.dumps({**action, "version": message["version"]}))
                continue
            self.sent = (message["version"], time.monotonic())
            self.moves += 1
            await websocket.send(json.dumps({**action, "version": message["version"]}))

    async def run(self, seconds: float) -> None:
        import websockets
        stop = time.monotonic() + seconds
        async with websockets.connect(self.person_url, max_size=2**22) as person, \
                websockets.connect(self.watch_url, max_size=2**22) as spectator:
            await asyncio.gather(self.watch(person, "person", stop), self.watch(spectator, "watch", stop),
                                 self.act(person, stop))


def post(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


def measure(tables: int, seconds: float, ruleset: str, seats: list, think: tuple, pause: float) -> dict:
    """One run: a fresh server, `tables` tables played for `seconds`."""
    with tempfile.TemporaryDirectory() as folder:
        server = Server(folder, pause=pause)
        try:
            pid = server.process.pid
            before = memory(pid)
            rng = random.Random(1)
            made = []
            for _ in range(tables):
                while True:
                    try:
                        made.append(post(server.url + "/api/tables", {"ruleset": ruleset, "seats": seats}))
                        break
                    except urllib.error.HTTPError as err:  # the lobby's rate bound: wait and make it again
                        if err.code != 429:
                            raise
                        time.sleep(0.5)
            clients = [Table(server.url, found, think, random.Random(rng.random())) for found in made]
            used = cpu(pid)
            started = time.monotonic()
            asyncio.run(_all(clients, seconds))
            elapsed = time.monotonic() - started
            used = cpu(pid) - used
            after = memory(pid)
            decisions = sum(_version(server, found) for found in made)
        finally:
            server.stop()
    waits = sorted(wait for client in clients for wait in client.waits)
    return {"tables": tables, "people_moves": sum(c.moves for c in clients), "decisions": decisions,
            "seconds": elapsed, "p50": statistics.median(waits) if waits else None,
            "p99": waits[min(len(waits) - 1, int(len(waits) * 0.99))] if waits else None, "timed": len(waits),
            "memory_per_table": (after - before) / tables, "cpu": used}


def _version(server, made: dict) -> int:
    """How many decisions a table took (from the lobby's list: its record is not given before the end)."""
    import sqlite3
    with sqlite3.connect(server.db) as db:
        (count,) = db.execute("SELECT COUNT(*) FROM decisions WHERE table_id = ?", (made["id"],)).fetchone()
    return count


async def _all(clients: list, seconds: float) -> None:
    await asyncio.gather(*(client.run(seconds) for client in clients))


def main() -> None:
    """Measure each number of tables and print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--ruleset", default="hearts")
    parser.add_argument("--seats", default="person,random,random,random")
    parser.add_argument("--think", type=float, nargs=2, default=[2.0, 4.0], help="a person's pause, seconds")
    parser.add_argument("--bot-pause", type=float, default=0.3, help="the server's pause between bots' decisions")
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
          f"load {os.getloadavg()[0]:.2f}; {args.ruleset} ({args.seats}), a person's pause {args.think[0]:g}-"
          f"{args.think[1]:g} s, bots' pause {args.bot_pause:g} s, {args.seconds:g} s a run")
    print()
    print("| tables | clients | people's moves / s | decisions / s | action → every client, p50 | p99 "
          "| server memory / table | server CPU |")
    print("|---|---|---|---|---|---|---|---|")
    for tables in args.tables:
        found = measure(tables, args.seconds, args.ruleset, args.seats.split(","), tuple(args.think), args.bot_pause)
        print(f"| {tables} | {2 * tables} | {found['people_moves'] / found['seconds']:.1f} "
              f"| {found['decisions'] / found['seconds']:.1f} | {1000 * found['p50']:.1f} ms "
              f"| {1000 * found['p99']:.1f} ms ({found['timed']} timed) | {found['memory_per_table'] / 1024:.0f} KiB "
              f"| {100 * found['cpu'] / found['seconds']:.0f}% of a core |", flush=True)


if __name__ == "__main__":
    main()
