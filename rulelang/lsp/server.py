"""The language server: the Language Server Protocol over stdio (pygls), a thin layer over the
library. Each open document is checked as `validate` checks it, on its unsaved text: when opened,
a moment after each change (changes in quick succession are checked once), and when any file is
saved (a base it extends may have changed). Hover, completion, go to definition and the outline
read the names of the document's last check that loaded.
"""
from __future__ import annotations

import asyncio
import os
from importlib import metadata
from urllib.parse import unquote, urlparse

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from .checking import CHECK_SECONDS, CheckingProcess, checked
from .completion import completions
from .context import spot
from .diagnostics import editor_diagnostics, quick_fixes
from .examine import is_test_file
from .hover import hover_text
from .protocol import RulelangProtocol, plain_logging
from .source import Source
from .symbols import definitions, document_symbols

DEBOUNCE_SECONDS = 0.25  # a change is checked when no other came for this long
TRIGGERS = [".", "(", "'", '"', "[", " ", ","]  # characters after which an editor asks for completions


class RulelangServer(LanguageServer):
    """The server's state: the checking process, the allowed folders, each document's outline and pending check."""

    def __init__(self, seconds: float = CHECK_SECONDS, allow: tuple = ()):
        super().__init__("rulelang", metadata.version("rulelang"), protocol_cls=RulelangProtocol)
        self.checking = CheckingProcess(seconds)
        self.allow = allow
        self.outlines: dict = {}  # uri -> the Outline of the document's last check that loaded
        self.pending: dict = {}  # uri -> the task that checks it next

    def source(self, uri: str) -> Source | None:
        """The open document's current text, or None when it is not open."""
        document = self.workspace.text_documents.get(unquote(uri)) or self.workspace.text_documents.get(uri)
        if document is None:
            return None
        return Source(path_of(uri), document.source, self.workspace.position_encoding)

    def schedule(self, uri: str, delay: float) -> None:
        """Check a document after `delay` seconds, instead of any check of it still waiting."""
        waiting = self.pending.pop(uri, None)
        if waiting is not None:
            waiting.cancel()
        self.pending[uri] = asyncio.ensure_future(self._check(uri, delay))

    async def _check(self, uri: str, delay: float) -> None:
        """Check a document's text and publish its diagnostics, unless it changed meanwhile."""
        await asyncio.sleep(delay)
        source = self.source(uri)
        if source is None:
            return
        found = await asyncio.get_running_loop().run_in_executor(None, checked, self.checking, source.path,
                                                                 source.text, self.allow)
        now = self.source(uri)
        if now is None or now.text != source.text:
            return  # closed, or changed: a later check tells
        if found.outline is not None:
            self.outlines[uri] = found.outline
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri, editor_diagnostics(found.diagnostics, source, uri_of)))

    def forget(self, uri: str) -> None:
        """Drop what is known of a closed document, and its diagnostics."""
        waiting = self.pending.pop(uri, None)
        if waiting is not None:
            waiting.cancel()
        self.outlines.pop(uri, None)
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, []))


def path_of(uri: str) -> str:
    """The file path of a document (an unsaved one without a path: its name in the working folder)."""
    path = to_fs_path(uri)
    if path:
        return path
    return os.path.join(os.getcwd(), os.path.basename(unquote(urlparse(uri).path)) or "untitled.yaml")


def uri_of(path: str) -> str:
    """The URI of a file path."""
    return from_fs_path(os.path.abspath(path))


def make_server(seconds: float = CHECK_SECONDS, allow: tuple = ()) -> RulelangServer:
    """A language server for rule files and rule test files, with every feature registered."""
    plain_logging()
    server = RulelangServer(seconds, allow)

    @server.feature(types.INITIALIZED)
    def initialized(ls: RulelangServer, params: types.InitializedParams):
        ls.checking.start()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: RulelangServer, params: types.DidOpenTextDocumentParams):
        ls.schedule(params.text_document.uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: RulelangServer, params: types.DidChangeTextDocumentParams):
        ls.schedule(params.text_document.uri, DEBOUNCE_SECONDS)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: RulelangServer, params: types.DidSaveTextDocumentParams):
        for uri in list(ls.workspace.text_documents):
            ls.schedule(uri, DEBOUNCE_SECONDS)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: RulelangServer, params: types.DidCloseTextDocumentParams):
        ls.forget(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: RulelangServer, params: types.HoverParams):
        source, here = _at(ls, params)
        text = hover_text(here, ls.outlines.get(params.text_document.uri), source.path) if source else None
        return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, text)) if text else None

    @server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=TRIGGERS))
    def completion(ls: RulelangServer, params: types.CompletionParams):
        source, here = _at(ls, params)
        if source is None:
            return None
        items = completions(here, ls.outlines.get(params.text_document.uri), source, params.position.line)
        return types.CompletionList(is_incomplete=False, items=items)

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: RulelangServer, params: types.DefinitionParams):
        source, here = _at(ls, params)
        if source is None:
            return None
        return definitions(here, ls.outlines.get(params.text_document.uri), source, params.position.line,
                           ls.allow, uri_of) or None

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def symbols(ls: RulelangServer, params: types.DocumentSymbolParams):
        source = ls.source(params.text_document.uri)
        if source is None or is_test_file(source.path):
            return None
        return document_symbols(ls.outlines.get(params.text_document.uri), source)

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    def code_action(ls: RulelangServer, params: types.CodeActionParams):
        return quick_fixes(params.text_document.uri, params.context.diagnostics) or None

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: RulelangServer, params):
        ls.checking.close()

    return server


def _at(ls: RulelangServer, params) -> tuple:
    """(Source, Spot) of a request's rule file and position; (None, None) for a document not open
    or a rule test file (it gets diagnostics only)."""
    source = ls.source(params.text_document.uri)
    if source is None or is_test_file(source.path):
        return None, None
    row = params.position.line
    return source, spot(source.text, row, source.column(params.position))
