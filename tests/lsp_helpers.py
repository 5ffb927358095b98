"""What the language server's end-to-end tests share (tests/test_lsp_*.py): a pytest-lsp
client that starts `mayhem lsp` over stdio on the repository's content root, and documents
opened in it (the texts given are unsaved buffers: nothing is written to the content)."""
from __future__ import annotations

import asyncio
import os
from pathlib import Path
import sys
import tempfile

from lsprotocol import types as T
import pytest_lsp
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

REPO = Path(__file__).resolve().parents[1]
CONTENT = REPO / "content"
# the explanation pages the diagnostics link to go to a cache folder of the test's own
CACHE = Path(tempfile.mkdtemp(prefix="mayhem-lsp-cache-"))
SERVER = ClientServerConfig(server_command=[sys.executable, "-m", "mayhem.cli", "lsp", "--stdio"],
                            server_env={**os.environ, "XDG_CACHE_HOME": str(CACHE)})


def uri(name: str) -> str:
    """The URI of a file of the content root, by its name in it."""
    return (CONTENT / name).as_uri()


def text(name: str) -> str:
    return (CONTENT / name).read_text(encoding="utf-8")


def make_client(encodings: list[str] | None = None):
    """A module-scoped client fixture: one server for the tests of a file (`encodings`: the
    position encodings the client offers, as `general.positionEncodings`)."""
    @pytest_lsp.fixture(config=SERVER, scope="module")
    async def client(lsp_client: LanguageClient):
        lsp_client.registrations = []
        lsp_client.published = []  # every publishDiagnostics, in order, with its version
        features = lsp_client.protocol.fm.features
        keep = features[T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS]

        def published(params: T.PublishDiagnosticsParams) -> None:
            lsp_client.published.append(params)
            keep(params)
        features[T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = published

        @lsp_client.feature(T.CLIENT_REGISTER_CAPABILITY)
        def register(params: T.RegistrationParams) -> None:  # as an editor does: noted, accepted
            lsp_client.registrations.extend(params.registrations)

        capabilities = client_capabilities("visual-studio-code")
        if encodings is not None:
            capabilities.general = T.GeneralClientCapabilities(position_encodings=encodings)
        await lsp_client.initialize_session(T.InitializeParams(
            capabilities=capabilities,
            workspace_folders=[T.WorkspaceFolder(uri=REPO.as_uri(), name="mayhem")]))
        yield
        await lsp_client.shutdown_session()
    return client


_versions = iter(range(1, 1_000_000))


def next_version() -> int:
    """A version no other text of the session had: a late answer about an earlier text of a
    file (a check still running when the test moved on) is never taken for this one's."""
    return next(_versions)


async def wait_diagnostics(client: LanguageClient, uri_: str, version: int | None = None,
                           since: int = 0) -> list[T.Diagnostic]:
    """The first findings published for a file after `since` (an index in client.published),
    of that version of its text (None: a file not open)."""
    while True:
        for params in client.published[since:]:
            if params.uri == uri_ and params.version == version:
                return list(params.diagnostics)
        since = len(client.published)
        # the list grows as the client reads: look again soon. Not pytest-lsp's
        # wait_for_notification under a timeout: a timeout cancels its future, and a
        # notification that comes in just then is set on the cancelled future, an
        # InvalidStateError that fails the test's teardown (seen on a loaded CI machine)
        await asyncio.sleep(0.01)


async def open_doc(client: LanguageClient, name: str, body: str | None = None) -> list[T.Diagnostic]:
    """Open a file of the content root (with `body` as its unsaved text, else its own) and
    return the findings published for it."""
    u = uri(name)
    version, since = next_version(), len(client.published)
    client.text_document_did_open(T.DidOpenTextDocumentParams(text_document=T.TextDocumentItem(
        uri=u, language_id="mayhem", version=version, text=body if body is not None else text(name))))
    return await wait_diagnostics(client, u, version, since)


async def change_doc(client: LanguageClient, name: str, body: str) -> list[T.Diagnostic]:
    """Replace the whole text of an open file, as an unsaved edit."""
    u = uri(name)
    version, since = next_version(), len(client.published)
    client.text_document_did_change(T.DidChangeTextDocumentParams(
        text_document=T.VersionedTextDocumentIdentifier(uri=u, version=version),
        content_changes=[T.TextDocumentContentChangeWholeDocument(text=body)]))
    return await wait_diagnostics(client, u, version, since)


async def code_actions(client: LanguageClient, name: str, diag: T.Diagnostic) -> list:
    """The code actions (quick fixes) the server offers for one finding of an open file."""
    return await client.text_document_code_action_async(T.CodeActionParams(
        text_document=T.TextDocumentIdentifier(uri=uri(name)), range=diag.range,
        context=T.CodeActionContext(diagnostics=[diag])))


def close_doc(client: LanguageClient, name: str) -> None:
    client.text_document_did_close(T.DidCloseTextDocumentParams(text_document=T.TextDocumentIdentifier(uri=uri(name))))


def position(body: str, needle: str, offset: int = 0) -> T.Position:
    """The position of the first `needle` in a text (plus `offset` characters)."""
    at = body.index(needle) + offset
    line = body.count("\n", 0, at)
    return T.Position(line=line, character=at - (body.rfind("\n", 0, at) + 1))
