"""The browser table's web application: a Starlette app, assembled here, as thin over the library
as the command line is.

Pages (served by the package, no CDN): the lobby at `/`, a seat's table at `/play/TOKEN`, a
spectator's at `/watch/TABLE`, the rule editor at `/editor`. The JSON API under `/api/`, and one
WebSocket per browser table (`/ws/play/TOKEN`, `/ws/watch/TABLE`) on which the server pushes the
table as the seat sees it after every change, and the browser sends its actions.

Everything a browser sends is bounded: the size of a request and of a WebSocket message, and
how many it sends a second (`Bucket`); every action is checked by the table against the legal
options of the token's seat. Pages carry a Content-Security-Policy that runs no inline script.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import time
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..presentation.rules import rules_sheet
from .hall import Hall
from .lobby import MAX_RULE_TEXT, PASTED, Lobby, LobbyError
from .store import SqliteStore
from .tables import Refused

PAGES = Path(__file__).parent / "pages"
MAX_BODY = MAX_RULE_TEXT * 4 + 10_000  # bytes of a request (a rule file's text, JSON-escaped)
MAX_SOCKET_MESSAGE = 4_096  # bytes of a message a browser sends on its table's socket
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",  # (a seat's link holds its token)
}


class Bucket:
    """A rate bound: at most `rate` a second on average, `burst` at once."""

    def __init__(self, rate: float, burst: float):
        self.rate, self.burst = rate, burst
        self.level, self.when = burst, time.monotonic()

    def take(self) -> bool:
        """Whether one more is allowed now."""
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.when) * self.rate)
        self.when = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


class Security(BaseHTTPMiddleware):
    """Security headers on every response."""

    async def dispatch(self, request, call_next):
        response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        return response


def make_app(db: str, rules: str | None = None, pause: float = 0.6, check_seconds: float = 5.0) -> Starlette:
    """The application: tables kept in the SQLite file `db`, the rule files of the folder `rules`
    offered beside the shipped ones, `pause` seconds between two bots' decisions."""
    hall = Hall(SqliteStore(db), Lobby(rules, check_seconds), pause)
    buckets: dict = {}  # (client address, kind) -> its Bucket: rule files checked, tables made
    rates = {"check": (2.0, 5), "make": (10.0, 30)}  # (a check is a process's work; a table, little)

    def page(name: str):
        async def serve_page(request: Request):
            return FileResponse(PAGES / name, media_type="text/html")
        return serve_page

    def allowed(request: Request, kind: str) -> bool:
        key = (request.client.host if request.client else "", kind)
        return buckets.setdefault(key, Bucket(*rates[kind])).take()

    async def body(request: Request) -> dict:
        data = b""
        async for chunk in request.stream():
            data += chunk
            if len(data) > MAX_BODY:
                raise LobbyError(f"the request is larger than {MAX_BODY:,} bytes")
        try:
            found = json.loads(data or b"{}")
        except ValueError:
            raise LobbyError("the request is not JSON") from None
        if not isinstance(found, dict):
            raise LobbyError("the request must be a JSON object")
        return found

    async def rulesets(request: Request):
        return JSONResponse(await asyncio.to_thread(hall.lobby.listed))

    async def tables(request: Request):
        if request.method == "GET":
            return JSONResponse(hall.listed())
        if not allowed(request, "make"):
            return JSONResponse({"error": "too many requests: wait a moment"}, status_code=429)
        try:
            asked = await body(request)
            if asked.get("rule_text") is not None and not allowed(request, "check"):
                return JSONResponse({"error": "too many requests: wait a moment"}, status_code=429)
            made = await asyncio.to_thread(hall.create, asked.get("ruleset"), asked.get("rule_text"),
                                           asked.get("seats"))
        except LobbyError as err:
            return JSONResponse({"error": str(err), "diagnostics": [_diagnostic(d) for d in err.diagnostics]},
                                status_code=400)
        hall.wake(hall.tables[made["id"]])
        return JSONResponse(made, status_code=201)

    async def record(request: Request):
        table = await asyncio.to_thread(hall.table, request.path_params["table"])
        if table is None:
            return JSONResponse({"error": "no such table"}, status_code=404)
        if not table.over:  # (its seed would tell every card to come)
            return JSONResponse({"error": "the record is given once the game is over"}, status_code=403)
        return Response(json.dumps(table.record().to_json(), indent=1) + "\n", media_type="application/json",
                        headers={"content-disposition": f'attachment; filename="table-{table.id}.json"'})

    async def rule_file(request: Request):
        table = await asyncio.to_thread(hall.table, request.path_params["table"])
        stored = hall.store.table(table.id) if table is not None else None
        if stored is None or stored.rule_text is None:
            return JSONResponse({"error": "no such table with a pasted rule file"}, status_code=404)
        return Response(stored.rule_text, media_type="text/yaml; charset=utf-8",
                        headers={"content-disposition": f'attachment; filename="table-{table.id}.yaml"'})

    async def table_rules(request: Request):
        table = await asyncio.to_thread(hall.table, request.path_params["table"])
        if table is None:
            return JSONResponse({"error": "no such table"}, status_code=404)
        return JSONResponse(rules_sheet(table.game))

    async def check(request: Request):
        if not allowed(request, "check"):
            return JSONResponse({"error": "too many requests: wait a moment"}, status_code=429)
        try:
            text = (await body(request)).get("text")
            if not isinstance(text, str):
                raise LobbyError("give the rule file's text")
            found = await asyncio.to_thread(hall.lobby.check, text)
        except LobbyError as err:
            return JSONResponse({"error": str(err)}, status_code=400)
        return JSONResponse({"diagnostics": [_diagnostic(d) for d in found]})

    async def play_socket(websocket: WebSocket):
        table, seat = await asyncio.to_thread(hall.seat, websocket.path_params["token"])
        await _serve_socket(hall, websocket, table, seat)

    async def watch_socket(websocket: WebSocket):
        table = await asyncio.to_thread(hall.table, websocket.path_params["table"])
        await _serve_socket(hall, websocket, table, None)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        yield
        await hall.close()

    routes = [
        Route("/", page("lobby.html")),
        Route("/play/{token}", page("table.html")),
        Route("/watch/{table}", page("table.html")),
        Route("/editor", page("editor.html")),
        Route("/api/rulesets", rulesets),
        Route("/api/tables", tables, methods=["GET", "POST"]),
        Route("/api/tables/{table}/record", record),
        Route("/api/tables/{table}/rules", table_rules),
        Route("/api/tables/{table}/rules.yaml", rule_file),
        Route("/api/check", check, methods=["POST"]),
        WebSocketRoute("/ws/play/{token}", play_socket),
        WebSocketRoute("/ws/watch/{table}", watch_socket),
        Mount("/static", StaticFiles(directory=PAGES / "static")),
    ]
    app = Starlette(routes=routes, middleware=[Middleware(Security)], lifespan=lifespan)
    app.state.hall = hall
    return app


async def _serve_socket(hall: Hall, websocket: WebSocket, table, seat: int | None) -> None:
    """One browser's table: shown as the seat sees it, pushed again after every change; its
    actions checked, bounded in size and rate."""
    await websocket.accept()
    if table is None:
        await websocket.send_json({"type": "error", "message": "no such table or seat: check the link"})
        await websocket.close(code=4404)
        return
    bucket = Bucket(10.0, 20)
    await hall.join(table, websocket, seat)
    try:
        while True:
            text = await websocket.receive_text()
            if len(text) > MAX_SOCKET_MESSAGE or not bucket.take():
                await websocket.send_json({"type": "error", "message": "too many or too large messages"})
                await websocket.close(code=4429)
                return
            try:
                message = json.loads(text)
                if seat is None or not isinstance(message, dict):
                    raise Refused("a spectator only watches")
                await hall.act(table, seat, message)
            except (Refused, ValueError) as err:
                await websocket.send_json({"type": "refused", "message": str(err)})
                async with table.lock:
                    await websocket.send_json(table.message(seat))
    except WebSocketDisconnect:
        pass
    finally:
        hall.leave(table, websocket)


def _diagnostic(found) -> dict:
    """A diagnostic as the editor and the lobby show it."""
    position = found.position
    return {"line": position.line if position else 0, "column": position.column if position else 0,
            "severity": found.severity, "message": found.message,
            "elsewhere": position.path if position and os.path.basename(position.path) != PASTED else None}
