"""Diagnostics as the editor shows them: the compiler's findings and the consistency checks
of the latest check, with their codes linked to their `mayhem explain` page, and quick fixes
for the did-you-mean hints."""
from __future__ import annotations

import os
import re
from pathlib import Path

from lsprotocol import types as T

from mayhem.dsl.codes import explain as explain_code
from mayhem.dsl.diagnostics import Diagnostic

from .project import Project, contains, from_units, path_to_uri, to_units

SOURCE = "mayhem"
SEVERITY = {"error": T.DiagnosticSeverity.Error, "warning": T.DiagnosticSeverity.Warning,
            "note": T.DiagnosticSeverity.Information}
# "did you mean 'melee-attack'?", "did you mean 'attack', 'track' or 'stack'?"
SUGGESTION = re.compile(r"[`']([^`']+)[`']")


def explanation(code: str) -> str | None:
    """What `mayhem explain CODE` prints: a compiler error's page, or a consistency check's."""
    doc = explain_code(code)
    if doc is not None:
        return doc
    from mayhem.compiler.checks import CHECKS
    chk = CHECKS.get(code.upper())
    if chk is None:
        return None
    parts = [f"{chk.code}: {chk.name} ({chk.severity}, {chk.family} check)", "", chk.doc]
    if chk.example:
        parts += ["", "Example:", "", "    " + chk.example.replace("\n", "\n    ")]
    if chk.fix:
        parts += ["", "Fix:", "", "    " + chk.fix]
    parts += ["", f'Silence it on one component with: silence "{chk.code}" "the reason"']
    return "\n".join(parts)


def explain_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mayhem" / "explain"


def explain_uri(code: str) -> str | None:
    """A file URI of the code's explanation, written once into the user's cache folder (the
    editor opens it from the diagnostic's code)."""
    page = explain_dir() / f"{code}.md"
    if not page.is_file():
        text = explanation(code)
        if text is None:
            return None
        try:
            page.parent.mkdir(parents=True, exist_ok=True)
            page.write_text(f"# mayhem explain {code}\n\n```text\n{text}\n```\n", encoding="utf-8")
        except OSError:
            return None
    return path_to_uri(page)


def suggestions(hint: str | None) -> list[str]:
    """The names a did-you-mean hint proposes, in its order."""
    if not hint or not hint.startswith("did you mean"):
        return []
    return SUGGESTION.findall(hint)


def to_lsp(diag: Diagnostic, project: Project) -> T.Diagnostic:
    code_link = explain_uri(diag.code)
    related = [T.DiagnosticRelatedInformation(
        location=T.Location(uri=project.uri_of(r.span.file), range=project.range(r.span)), message=r.message)
        for r in diag.related]
    message = diag.message + (f"\nhint: {diag.hint}" if diag.hint else "")
    return T.Diagnostic(
        range=project.range(diag.span), message=message, severity=SEVERITY.get(diag.severity),
        code=diag.code, source=SOURCE,
        code_description=T.CodeDescription(href=code_link) if code_link else None,
        related_information=related or None,
        data={"hint": diag.hint, "fixes": suggestions(diag.hint)})


def publish_all(server, project: Project, uris: list[str], versions: dict[str, int] | None = None) -> None:
    """Publish the findings of the latest check, each with the version of the text checked,
    for the files whose findings or version changed since they were last published: the
    files open in the editor (`uris`, the edited one first: it goes out before the rest), the
    others with findings (an edit of one file may change them), and the files that had
    findings and have none now (cleared once). An edit that changes one file's findings sends
    that file's alone, not every file's again; a file whose findings are the same objects as
    at its last publish (a Workspace keeps an unchanged component's findings) is not turned
    into LSP diagnostics again."""
    comp = project.result
    if comp is None:
        return
    by_file: dict[str, list[Diagnostic]] = {}
    external = comp.external if comp.external else set()
    for diag in comp.diagnostics.items:
        if diag.span is None or (diag.severity != "error" and diag.span.file in external):
            continue
        by_file.setdefault(diag.span.file, []).append(diag)
    shown = {project.uri_of(name): sorted(items, key=Diagnostic.sort_key) for name, items in by_file.items()}
    versions = versions or {}
    first = [u for u in dict.fromkeys(uris) if u]
    rest = sorted((set(project.published) | set(shown)) - set(first))
    for uri in first + rest:
        found = shown.get(uri, [])
        raw = (versions.get(uri), tuple(map(id, found)), found)
        if project.raw_published.get(uri, (None, None))[:2] == raw[:2] and uri in project.published:
            continue  # the same findings, the same version: nothing to send
        now = (versions.get(uri), [to_lsp(d, project) for d in found])
        if project.published.get(uri, (None, [])) != now or (uri in uris and uri not in project.published):
            server.text_document_publish_diagnostics(T.PublishDiagnosticsParams(
                uri=uri, diagnostics=now[1], version=now[0]))
        if now[1] or uri in project.open:
            project.published[uri] = now
            project.raw_published[uri] = raw
        else:
            project.published.pop(uri, None)
            project.raw_published.pop(uri, None)


def note_published(project: Project, uri: str, version: int | None, found: list[T.Diagnostic]) -> None:
    """A publish outside publish_all (a buffer's syntax errors, at once): the check after it
    compares with what the editor shows now."""
    project.published[uri] = (version, found)
    project.raw_published.pop(uri, None)


def syntax_errors(project: Project, uri: str, text: str) -> list[T.Diagnostic]:
    """The parse errors of one buffer, found in milliseconds: published at once, before the
    whole root's check replaces them. The check takes the syntax tree of this parse (the
    Workspace's ParseCache.preparse), not parsing the buffer twice."""
    from mayhem.dsl.spans import SourceFile
    name = project.name_of(uri)
    if name is None:
        return []
    found = project.workspace.cache.preparse(SourceFile(name, text, project.path_of(name)))
    return [to_lsp(d, project) for d in found if d.span is not None and d.severity == "error"]


def unplaced(comp) -> list[Diagnostic]:
    """Findings without a place (a broken manifest, nothing to check): shown as a message."""
    return [d for d in comp.diagnostics.items if d.span is None and d.severity == "error"]


def code_actions(params: T.CodeActionParams, lines: list[str], encoding: str = "utf-16") -> list[T.CodeAction]:
    """One quick fix per name a did-you-mean hint suggests: the misspelt name (quoted first in
    the message) replaced, inside the diagnostic's range, by the suggestion."""
    out = []
    for diag in params.context.diagnostics:
        if diag.source != SOURCE:
            continue
        data = diag.data if isinstance(diag.data, dict) else {}
        fixes = data.get("fixes") or suggestions(_hint_of(diag.message))
        if not fixes:
            continue
        where = _misspelt_range(diag, lines, encoding)
        for i, name in enumerate(fixes):
            edit = T.TextEdit(range=where, new_text=name)
            out.append(T.CodeAction(
                title=f"Change to '{name}'", kind=T.CodeActionKind.QuickFix, diagnostics=[diag],
                is_preferred=i == 0,
                edit=T.WorkspaceEdit(changes={params.text_document.uri: [edit]})))
    return out


def _misspelt_range(diag: T.Diagnostic, lines: list[str], encoding: str) -> T.Range:
    """The range of the misspelt name: the diagnostic's own range when it is the name, else the
    first whole-word occurrence of the name inside it (`tags [melee, brun]` reports the property)."""
    quoted = SUGGESTION.search(diag.message.split("\n")[0])
    start, end = diag.range.start, diag.range.end
    if quoted is None or start.line >= len(lines):
        return diag.range
    word = quoted.group(1)
    for ln in range(start.line, min(end.line, len(lines) - 1) + 1):
        text = lines[ln]
        lo = from_units(text, start.character, encoding) if ln == start.line else 0
        hi = from_units(text, end.character, encoding) if ln == end.line else len(text)
        if text[lo:hi] == word:
            return diag.range
        for m in re.finditer(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text):
            if m.start() >= lo and m.end() <= hi:
                return T.Range(start=T.Position(line=ln, character=to_units(text, m.start(), encoding)),
                               end=T.Position(line=ln, character=to_units(text, m.end(), encoding)))
    return diag.range


def _hint_of(message: str) -> str | None:
    _, sep, hint = message.partition("\nhint: ")
    return hint if sep else None


def diagnostic_at(project: Project, name: str, line: int, character: int) -> Diagnostic | None:
    if project.result is None:
        return None
    for diag in project.result.diagnostics.sorted():
        if diag.span is not None and diag.span.file == name and contains(diag.span, line, character):
            return diag
    return None
