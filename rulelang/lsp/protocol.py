"""The server's side of JSON-RPC, as pygls speaks it, with every request answered in plain words:
a request before `initialize` gets -32002 (the server is not initialized), one whose params do
not fit its method -32602 (invalid params, saying where), and a failure of the server itself
-32603 with its message and no traceback. Notifications before `initialize` are dropped, as the
protocol says; nothing of the kind writes a traceback to standard error.
"""
from __future__ import annotations

import logging

import attrs
from cattrs import transform_error
from lsprotocol import types
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.json_rpc import JsonRPCNotification, JsonRPCRequestMessage, RPCRequest

NOT_INITIALIZED, INVALID_PARAMS, INTERNAL_ERROR = -32002, -32602, -32603
BEFORE_INITIALIZE = frozenset({types.INITIALIZE, types.EXIT})  # what a client may send before `initialize`


@attrs.frozen
class Unfit:
    """A message whose params do not fit its method: `why`, where (`id` None for a notification)."""

    id: object
    method: str
    why: str


class RulelangProtocol(LanguageServerProtocol):
    """pygls's language server protocol, answering every request (see the module's docstring)."""

    def structure_message(self, data: dict):
        """A message read from the client; one whose params do not fit its method is Unfit."""
        if "jsonrpc" not in data or "method" not in data or "error" in data:
            return super().structure_message(data)
        try:
            kind = self.get_message_type(data["method"])
            return self._converter.structure(data, kind or (JsonRPCRequestMessage if "id" in data
                                                             else JsonRPCNotification))
        except Exception as err:  # noqa: BLE001 - whatever the client sent, it is told, never a traceback
            ident = data.get("id") if isinstance(data.get("id"), (int, str)) else None
            return Unfit(ident, str(data["method"])[:100], _where(err))

    def handle_message(self, message) -> None:
        """Answer an unfit request, and any request before `initialize`, with its error; else handle it."""
        if isinstance(message, Unfit):
            if message.id is not None:
                self._send_response(message.id, None, types.ResponseError(
                    INVALID_PARAMS, f"invalid params for {message.method}: {message.why}"))
            return
        method = getattr(message, "method", None)
        if self._workspace is None and method is not None and method not in BEFORE_INITIALIZE:
            if isinstance(message, RPCRequest):
                self._send_response(message.id, None, types.ResponseError(
                    NOT_INITIALIZED, f"the server is not initialized: send 'initialize' before {method}"))
            return
        super().handle_message(message)

    def _send_response(self, msg_id, result=None, error: types.ResponseError | None = None) -> None:
        """Send a response; a failure of the server is told by its message alone (pygls adds its traceback)."""
        if error is not None and error.data is not None and error.code == INTERNAL_ERROR:
            error = types.ResponseError(INTERNAL_ERROR, f"internal error: {error.message} (this is a bug in rulelang)")
        super()._send_response(msg_id, result, error)


def _where(err: Exception) -> str:
    """Where a message did not fit, as cattrs says it (`invalid value @ $.params.position`)."""
    try:
        return "; ".join(transform_error(err))[:300]
    except Exception:  # noqa: BLE001 - not a cattrs error
        return type(err).__name__


class OneLine(logging.Formatter):
    """Log records as one line each: what happened, never a traceback (it names install paths)."""

    def format(self, record: logging.LogRecord) -> str:
        """The record's message, its first line only."""
        return f"rulelang lsp: {record.getMessage().splitlines()[0] if record.getMessage() else ''}"


def plain_logging() -> None:
    """Send pygls's warnings and errors to standard error one line each, without tracebacks."""
    handler = logging.StreamHandler()
    handler.setFormatter(OneLine())
    pygls = logging.getLogger("pygls")
    pygls.handlers[:] = [handler]
    pygls.setLevel(logging.WARNING)
    pygls.propagate = False
