"""The server: pygls's LanguageServer with the Mayhem features registered, over stdio.
Edits are checked by compiler.incremental.Workspace as soon as the messages already read are
handled (no debounce: a newer edit supersedes a pending check, and the edits made during a
check are checked together after it), off the event loop, one check at a time; the edited
buffer's syntax errors are published at once, before that check, from a parse the check
reuses. Messages are read whole, one per trip to the reading thread (stdio.py)."""
from __future__ import annotations

import asyncio
import logging
from pathlib import Path
import sys

from lsprotocol import types as T
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer

from mayhem import __version__

from . import completion, diagnostics, formatting, hover, navigation, outline
from .project import Project, Projects, uri_to_path

REQUEST_FAILED = -32803  # LSP's ErrorCodes.RequestFailed: the editor shows the message
# Seconds of quiet after an edit before its check starts: none. The check (tens of ms by
# file) starts once the messages already read are handled, and edits that come while one
# runs are checked together after it (the newest edit's check supersedes the others').
DEBOUNCE = 0.0
log = logging.getLogger("mayhem.lsp")


class MayhemServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("mayhem-lsp", __version__, text_document_sync_kind=T.TextDocumentSyncKind.Incremental)
        self.projects = Projects()
        self.generation: dict[Path, int] = {}
        self.locks: dict[Path, asyncio.Lock] = {}

    def _start_io_async(self, stdin=None, stdout=None) -> None:
        """pygls's own (LanguageServer.start_io over stdio), reading a message per trip to its
        thread (stdio.MessageReader) instead of a line per trip."""
        from threading import Event
        from pygls.io_ import StdoutWriter, run_async
        from .stdio import MessageReader
        self._stop_event = Event()
        reader = MessageReader(stdin or sys.stdin.buffer, self.thread_pool)
        self.protocol.set_writer(StdoutWriter(stdout or sys.stdout.buffer))
        try:
            asyncio.run(run_async(stop_event=self._stop_event, reader=reader, protocol=self.protocol,
                                  logger=log, error_handler=self.report_server_error))
        except BrokenPipeError:
            log.error("the client's connection was lost: the server stops")
        except (KeyboardInterrupt, SystemExit):
            pass
        finally:
            self.shutdown()

    # -- projects ----------------------------------------------------------------------

    def project(self, uri: str) -> Project | None:
        if not self.projects.folders:
            folders = [uri_to_path(f.uri) for f in self.workspace.folders.values()]
            if not folders and self.workspace.root_uri:
                folders = [uri_to_path(self.workspace.root_uri)]
            self.projects.folders = [f for f in folders if f is not None]
        project = self.projects.for_uri(uri)
        if project is not None:
            project.encoding = str(self.workspace.position_encoding or "utf-16")
        return project

    async def at(self, uri: str, position: T.Position) -> tuple[Project, str, int, int] | None:
        """The project, the file's name and the position (line from 0, column in code points
        from 0) of a request."""
        where = await self.located(uri)
        if where is None:
            return None
        project, name = where
        return project, name, position.line, project.column(name, position.line, position.character) - 1

    async def located(self, uri: str) -> tuple[Project, str] | None:
        """The project and the file's name of a request; a request that comes before the
        project's first check waits for it off the event loop (edits and other requests go on)."""
        project = self.project(uri)
        if project is None:
            return None
        if project.result is None:
            await asyncio.get_running_loop().run_in_executor(None, project.check)
        name = project.name_of(uri)
        return (project, name) if name is not None else None

    async def recheck(self, project: Project, uri: str) -> None:
        """Check the root a moment after the latest edit, then publish the findings of every
        file open or with findings."""
        gen = self.generation[project.root] = self.generation.get(project.root, 0) + 1
        text = project.open.get(uri)
        if text is not None:
            quick = diagnostics.syntax_errors(project, uri, text)
            if quick:  # the rest of the findings wait for the check; a syntax error need not
                self.text_document_publish_diagnostics(T.PublishDiagnosticsParams(
                    uri=uri, diagnostics=quick, version=project.versions.get(uri)))
                diagnostics.note_published(project, uri, project.versions.get(uri), quick)
        await asyncio.sleep(DEBOUNCE)
        lock = self.locks.setdefault(project.root, asyncio.Lock())
        async with lock:
            if gen != self.generation[project.root]:
                return  # a newer edit checks again
            versions = dict(project.versions)  # the texts this check reads
            try:
                await asyncio.get_running_loop().run_in_executor(None, project.check)
            except Exception as exc:  # a bug of the compiler: said once, and the server goes on
                log.exception("the check of %s failed", project.root)
                self.window_show_message(T.ShowMessageParams(
                    type=T.MessageType.Error, message=f"mayhem: the check failed ({exc!r}); please report it"))
                return
        diagnostics.publish_all(self, project, [uri, *project.open] if uri else list(project.open), versions)
        problems = "; ".join(f"{d.code}: {d.message}" for d in diagnostics.unplaced(project.result)[:3])
        if problems and problems != project.shown_problems:  # said when it changes, not at every keystroke
            self.window_show_message(T.ShowMessageParams(type=T.MessageType.Error, message=problems))
        project.shown_problems = problems
        await asyncio.get_running_loop().run_in_executor(None, project.tidy)  # once the findings are out


server = MayhemServer()


def _text(ls: MayhemServer, uri: str) -> str:
    return ls.workspace.get_text_document(uri).source


@server.feature(T.INITIALIZED)
async def initialized(ls: MayhemServer, params: T.InitializedParams) -> None:
    """Ask the editor to say when content files change on disk (a git checkout, another
    tool), where it can watch them."""
    caps = ls.client_capabilities.workspace
    watched = caps.did_change_watched_files if caps is not None else None
    if watched is None or not watched.dynamic_registration:
        return
    watchers = [T.FileSystemWatcher(glob_pattern=g) for g in ("**/*.mh", "**/mayhem.toml")]
    try:
        await ls.client_register_capability_async(T.RegistrationParams(registrations=[T.Registration(
            id="mayhem-watch", method=T.WORKSPACE_DID_CHANGE_WATCHED_FILES,
            register_options=T.DidChangeWatchedFilesRegistrationOptions(watchers=watchers))]))
    except JsonRpcException as exc:  # a client that says it can and cannot: files are read at each check anyway
        log.info("no file watching: %s", exc)
        return
    ls.projects.watch()  # the roots in its folders need not be walked at each check


# -- documents ---------------------------------------------------------------------------

@server.feature(T.TEXT_DOCUMENT_DID_OPEN)
async def did_open(ls: MayhemServer, params: T.DidOpenTextDocumentParams) -> None:
    project = ls.project(params.text_document.uri)
    if project is not None:
        project.set_text(params.text_document.uri, params.text_document.text, params.text_document.version)
        await ls.recheck(project, params.text_document.uri)


@server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
async def did_change(ls: MayhemServer, params: T.DidChangeTextDocumentParams) -> None:
    uri = params.text_document.uri
    project = ls.project(uri)
    if project is not None:
        project.set_text(uri, _text(ls, uri), params.text_document.version)
        await ls.recheck(project, uri)


@server.feature(T.TEXT_DOCUMENT_DID_SAVE)
async def did_save(ls: MayhemServer, params: T.DidSaveTextDocumentParams) -> None:
    project = ls.project(params.text_document.uri)
    if project is not None:
        await ls.recheck(project, params.text_document.uri)


@server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
async def did_close(ls: MayhemServer, params: T.DidCloseTextDocumentParams) -> None:
    project = ls.project(params.text_document.uri)
    if project is not None:
        project.clear_text(params.text_document.uri)  # the file on disk is the truth again
        await ls.recheck(project, params.text_document.uri)


@server.feature(T.WORKSPACE_DID_CHANGE_WATCHED_FILES)
async def did_change_watched(ls: MayhemServer, params: T.DidChangeWatchedFilesParams) -> None:
    for event in params.changes:
        path = uri_to_path(event.uri)
        if path is not None:  # a mayhem.toml can make a folder another root: walked again
            ls.projects.saw(path, event.type != T.FileChangeType.Changed or path.name == "mayhem.toml")
    for project in list(ls.projects.by_root.values()):
        await ls.recheck(project, "")


# -- features ----------------------------------------------------------------------------

@server.feature(T.TEXT_DOCUMENT_CODE_ACTION,
                T.CodeActionOptions(code_action_kinds=[T.CodeActionKind.QuickFix]))
def code_action(ls: MayhemServer, params: T.CodeActionParams):
    lines = ls.workspace.get_text_document(params.text_document.uri).lines
    project = ls.project(params.text_document.uri)
    encoding = project.encoding if project is not None else "utf-16"
    return diagnostics.code_actions(params, [ln.rstrip("\r\n") for ln in lines], encoding) or None


@server.feature(T.TEXT_DOCUMENT_COMPLETION,
                T.CompletionOptions(trigger_characters=[" ", "(", "[", ","], resolve_provider=False))
async def complete(ls: MayhemServer, params: T.CompletionParams):
    uri = params.text_document.uri
    doc = ls.workspace.get_text_document(uri)
    offset = doc.offset_at_position(params.position)
    where = await ls.located(uri)
    project, name = where if where is not None else (None, None)
    items = completion.complete(doc.source, offset, name, project.index if project else None)
    return T.CompletionList(is_incomplete=False, items=items)


@server.feature(T.TEXT_DOCUMENT_HOVER)
async def on_hover(ls: MayhemServer, params: T.HoverParams):
    where = await ls.at(params.text_document.uri, params.position)
    return hover.hover(*where) if where is not None else None


@server.feature(T.TEXT_DOCUMENT_DEFINITION)
async def on_definition(ls: MayhemServer, params: T.DefinitionParams):
    where = await ls.at(params.text_document.uri, params.position)
    return (navigation.definition(*where) or None) if where is not None else None


@server.feature(T.TEXT_DOCUMENT_REFERENCES)
async def on_references(ls: MayhemServer, params: T.ReferenceParams):
    where = await ls.at(params.text_document.uri, params.position)
    return navigation.references(*where, params.context.include_declaration) if where is not None else None


@server.feature(T.TEXT_DOCUMENT_PREPARE_RENAME)
async def on_prepare_rename(ls: MayhemServer, params: T.PrepareRenameParams):
    where = await ls.at(params.text_document.uri, params.position)
    return navigation.prepare_rename(*where) if where is not None else None


@server.feature(T.TEXT_DOCUMENT_RENAME, T.RenameOptions(prepare_provider=True))
async def on_rename(ls: MayhemServer, params: T.RenameParams):
    where = await ls.at(params.text_document.uri, params.position)
    if where is None:
        return None
    try:
        return navigation.rename(*where, params.new_name)
    except navigation.RenameRefused as refused:
        raise JsonRpcException(str(refused), code=REQUEST_FAILED) from None


def _tree(project: Project, name: str):
    unit = project.result.model.units.get(name) if project.result and project.result.model else None
    return unit.file if unit is not None else None


@server.feature(T.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
async def on_document_symbol(ls: MayhemServer, params: T.DocumentSymbolParams):
    where = await ls.located(params.text_document.uri)
    tree = _tree(*where) if where is not None else None
    return outline.document_symbols(tree, where[0].range) if tree is not None else []


@server.feature(T.TEXT_DOCUMENT_FOLDING_RANGE)
async def on_folding_range(ls: MayhemServer, params: T.FoldingRangeParams):
    where = await ls.located(params.text_document.uri)
    tree = _tree(*where) if where is not None else None
    return outline.folding_ranges(tree, _text(ls, params.text_document.uri))


@server.feature(T.TEXT_DOCUMENT_FORMATTING)
def on_formatting(ls: MayhemServer, params: T.DocumentFormattingParams):
    uri = params.text_document.uri
    project = ls.project(uri)
    name = (project.name_of(uri) if project is not None else None) or uri
    return formatting.format_document(name, _text(ls, uri), project.encoding if project else "utf-16")


@server.feature(T.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, outline.LEGEND)
async def on_semantic_tokens(ls: MayhemServer, params: T.SemanticTokensParams):
    uri = params.text_document.uri
    where = await ls.located(uri)
    if where is None:
        return T.SemanticTokens(data=[])
    project, name = where
    return outline.semantic_tokens(_tree(project, name), _text(ls, uri), name, project.index, project.encoding)


def main() -> None:
    """`mayhem lsp`: serve over stdin and stdout until the client says exit."""
    logging.basicConfig(level=logging.WARNING)
    server.start_io()
