"""Hover: a keyword's or token's rulebook text and provenance, a component's card text as
rendered from its effect graph (compiler.render_text), a primitive's signature, a context
name's meaning, and the explanation of the diagnostic under the cursor."""
from __future__ import annotations

from lsprotocol import types as T

from mayhem.compiler import builtins as B, mayhem_events
from mayhem.compiler import builtins_kernel as K
from mayhem.compiler.model import Component
from mayhem.compiler.render_text import render

from mayhem.dsl import ast
from mayhem.dsl.schema import UNIVERSAL_PROPS

from .completion import kinds_of, signature
from .diagnostics import diagnostic_at, explanation
from .project import Project


def ir_components(ir: dict | None) -> dict[str, dict]:
    """The IR's components by qid, nested ones too."""
    out: dict[str, dict] = {}
    todo = list(ir["components"]) if ir else []
    while todo:
        comp = todo.pop()
        out[comp["qid"]] = comp
        todo.extend(comp.get("children", []))
    return out


def component_text(comp: Component, project: Project) -> str:
    """Markdown for a declared component: what it is, where its facts come from, its printed
    text and the text its effects read as."""
    title = f"**{comp.kind}** `{comp.id}`" + (f" — {comp.name}" if comp.name else "")
    lines = [title]
    if comp.decl.params:
        lines.append("`" + comp.id + "(" + ", ".join(p.name for p in comp.decl.params) + ")`")
    text = comp.prop("text")
    if text:
        lines += ["", f"> {text}"]
    rendered = _rendered(comp, project)
    if rendered:
        lines += ["", f"Effect graph reads: *{rendered}*"]
    lines += ["", f"Source: {comp.source} · declared in `{comp.file}:{comp.span.line}`"]
    return "\n".join(lines)


def _rendered(comp: Component, project: Project) -> str | None:
    ir = getattr(project, "last_ir", None)
    if ir is None:
        return None
    by_qid = ir_components(ir)
    node = by_qid.get(comp.qid)
    if node is None or "effects" not in node:
        return None
    keywords = {q: c for q, c in by_qid.items() if c.get("kind") == "keyword"}
    try:
        return render(node, keywords) or None
    except (KeyError, TypeError):  # a component of a kind the renderer does not phrase
        return None


def builtin_text(kind: str, name: str) -> str | None:
    if kind == "primitive":
        prim = B.PRIMITIVES.get(name) or K.KERNEL_PRIMITIVES.get(name)
        return prim and f"**primitive** `{signature(prim)}`\n\n{prim.doc}"
    if kind == "function":
        fn = B.FUNCTIONS.get(name) or K.KERNEL_FUNCTIONS.get(name)
        return fn and f"**function** `{signature(fn)}` → `{fn.returns}`\n\n{fn.doc}"
    if kind == "context":
        ctx = B.CONTEXT_NAMES.get(name) or K.KERNEL_CONTEXT_NAMES.get(name)
        return ctx and f"**context name** `{name}`: {ctx.type}\n\n{ctx.doc}"
    if kind == "relation":
        return f"**kind of figure** `{name}`\n\n{B.RELATIONS.get(name, '')}"
    if kind == "event":
        return f"**event parameter** `{name}`"
    return None


def syntax_text(project: Project, name: str, line: int, col: int) -> tuple[str, object] | None:
    """The doc of the kind, property, slot or event word at a position (from 1), from the
    declaration kinds (dsl/schema.py, and the card types of the content)."""
    unit = project.result.model.units.get(name) if project.result and project.result.model else None
    if unit is None:
        return None
    kinds = kinds_of(project.index)

    def at(span) -> bool:
        return span is not None and (span.line, span.col) <= (line, col) <= (span.end_line, span.end_col)

    stack = [(d, None) for d in unit.file.decls]
    while stack:
        decl, _parent = stack.pop()
        spec = kinds.get(decl.kind)
        if at(decl.kind_span):
            return (f"**kind** `{decl.kind}`\n\n{spec.doc}" if spec else None), decl.kind_span
        for m in decl.members:
            if isinstance(m, ast.Decl):
                stack.append((m, decl))
            elif isinstance(m, ast.Prop) and at(m.name_span) and spec is not None:
                prop = spec.prop(m.name) or next((p for p in UNIVERSAL_PROPS if p.name == m.name), None)
                if prop is not None:
                    need = ", required" if prop.required else ""
                    return f"**property** `{m.name}` of {decl.kind} ({prop.shape}{need})\n\n{prop.doc}", m.name_span
            elif isinstance(m, ast.Slot) and at(m.name_span) and spec is not None:
                slot = spec.slot(m.name)
                if slot is not None:
                    doc = B.CONTEXT_DOCS.get(slot.context, "")
                    return f"**effect slot** `{m.name}` ({slot.context} context)\n\n{slot.doc}\n\n{doc}", m.name_span
            elif isinstance(m, ast.Trigger) and at(m.event_span):
                events = project.index.mayhem_events()[0] if project.index is not None else mayhem_events.shipped()[0]
                event = events.get(m.event)
                if event is not None:
                    params = ", ".join(f"`{p}` ({t})" for p, t in event.params) or "none"
                    return f"**event** `{m.event}`\n\n{event.doc}\n\nParameters: {params}", m.event_span
    return None


def hover(project: Project, name: str, line: int, character: int) -> T.Hover | None:
    """line and character from 0, as LSP counts."""
    parts: list[str] = []
    where = None
    index = project.index
    if index is not None:
        ref = index.ref_at(name, line + 1, character + 1)
        if ref is not None:
            where = ref.span
            text = component_text(ref.target, project) if ref.target is not None else builtin_text(ref.kind, ref.name)
            if text:
                parts.append(text)
        else:
            comp = index.decl_at(name, line + 1, character + 1)
            found = syntax_text(project, name, line + 1, character + 1) if comp is None else None
            if comp is not None:
                where = comp.decl.id_span
                parts.append(component_text(comp, project))
            elif found is not None and found[0]:
                parts.append(found[0])
                where = found[1]
    diag = diagnostic_at(project, name, line, character)
    if diag is not None:
        doc = explanation(diag.code)
        head = f"**{diag.severity}[{diag.code}]**: {diag.message}"
        if diag.hint:
            head += f"\n\nhint: {diag.hint}"
        parts.append(head + (f"\n\n```text\n{doc}\n```" if doc else ""))
        where = where or diag.span
    if not parts:
        return None
    return T.Hover(contents=T.MarkupContent(kind=T.MarkupKind.Markdown, value="\n\n---\n\n".join(parts)),
                   range=project.range(where) if where is not None else None)
