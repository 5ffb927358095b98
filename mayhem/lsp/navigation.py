"""Navigation: go to definition (a name to its declaration across files, boxes and the sets
the root depends on; a `use` path to its file), find references, and rename of an id across
the content root as one WorkspaceEdit, refused when the new id clashes."""
from __future__ import annotations

import re

from lsprotocol import types as T

from mayhem.compiler import builtins as B
from mayhem.compiler.model import Component

from .project import Project

ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
ZERO = T.Range(start=T.Position(line=0, character=0), end=T.Position(line=0, character=0))


class RenameRefused(Exception):
    """A rename that cannot be done; the message says why (shown by the editor)."""


def definition(project: Project, name: str, line: int, character: int) -> list[T.Location]:
    index = project.index
    if index is None:
        return []
    used = index.use_at(name, line + 1, character + 1)
    if used is not None:
        return [T.Location(uri=project.uri_of(used), range=ZERO)]
    target = index.target_at(name, line + 1, character + 1)
    if target is None:
        return []
    return [T.Location(uri=project.uri_of(target.file), range=project.range(target.decl.id_span))]


def references(project: Project, name: str, line: int, character: int, include_declaration: bool) -> list[T.Location]:
    index = project.index
    if index is None:
        return []
    target = index.target_at(name, line + 1, character + 1)
    if target is None:
        return []
    out = []
    if include_declaration:
        out.append(T.Location(uri=project.uri_of(target.file), range=project.range(target.decl.id_span)))
    for file, span in sorted(index.references(target), key=lambda r: (r[0], r[1].line, r[1].col)):
        out.append(T.Location(uri=project.uri_of(file), range=project.range(span)))
    return out


def _renamable(project: Project, name: str, line: int, character: int) -> Component:
    index = project.index
    target = index.target_at(name, line + 1, character + 1) if index is not None else None
    if target is None:
        raise RenameRefused("only the id of a declared component can be renamed")
    if target.file in (project.result.external if project.result else ()):
        raise RenameRefused(f"'{target.id}' is declared in {target.file}, a content set this root depends on")
    return target


def prepare_rename(project: Project, name: str, line: int, character: int) -> T.PrepareRenameResult | None:
    index = project.index
    if index is None:
        return None
    try:
        target = _renamable(project, name, line, character)
    except RenameRefused:
        return None
    ref = index.ref_at(name, line + 1, character + 1)
    span = ref.span if ref is not None else target.decl.id_span
    return T.PrepareRenamePlaceholder(range=project.range(span), placeholder=target.id)


def rename(project: Project, name: str, line: int, character: int, new_id: str) -> T.WorkspaceEdit:
    """Every place that names the component, and its declaration, changed to the new id."""
    target = _renamable(project, name, line, character)
    index = project.index
    if not ID.match(new_id):
        raise RenameRefused(f"'{new_id}' is not an id: lower-case words joined by dashes (staff-meeting)")
    if new_id == target.id:
        return T.WorkspaceEdit(changes={})
    clash = index.clashes(target, new_id)
    if clash:
        other = clash[0]
        raise RenameRefused(f"'{new_id}' would clash with the {other.kind} '{other.id}' declared in "
                            f"{other.file}:{other.span.line}")
    if target.kind == "keyword" and new_id in B.PRIMITIVES:
        raise RenameRefused(f"a keyword '{new_id}' would hide the primitive of that name")
    places = [(target.file, target.decl.id_span), *index.references(target)]
    changes: dict[str, list[T.TextEdit]] = {}
    external = project.result.external if project.result else set()
    for file, span in places:
        if file in external:
            raise RenameRefused(f"{file} names '{target.id}' but belongs to a content set this root depends on")
        uri = project.uri_of(file)
        edit = T.TextEdit(range=project.range(span), new_text=new_id)
        if edit not in changes.setdefault(uri, []):
            changes[uri].append(edit)
    return T.WorkspaceEdit(changes=changes)
