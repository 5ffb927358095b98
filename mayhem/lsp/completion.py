"""Completion: what may stand at the cursor. At the top of a file, the kinds of declaration;
in a declaration, its kind's properties, slots and nested kinds, and after a property its
enum values or the names it takes; in effect code, the primitives (with their signatures),
the keywords, functions and context names valid there (`attack-target` only in abilities),
and the declared names the file sees, each with its kind."""
from __future__ import annotations

import re

from lsprotocol import types as T

from mayhem.compiler import builtins as B, mayhem_events
from mayhem.compiler import builtins_kernel as K
from mayhem.dsl.schema import KINDS, UNIVERSAL_PROPS, KindSpec

from .cursor import Cursor, cursor_at
from .index import VOCAB_PROPS, Index

CIK = T.CompletionItemKind
STATEMENTS = ("may", "choose", "option", "if", "else", "repeat", "let", "for", "each", "as", "until",
              "one", "all", "up-to", "in", "where", "is", "not", "and", "or", "on", "when")
KIND_ICONS = {"keyword": CIK.Function, "token": CIK.Constant, "tag": CIK.EnumMember, "icon": CIK.EnumMember,
              "character": CIK.Class, "location": CIK.Module, "mayhem-card": CIK.Struct, "go-card": CIK.Struct,
              "npc": CIK.Class, "box": CIK.Folder}


def kinds_of(index: Index | None) -> dict[str, KindSpec]:
    """The built-in kinds and those the content declares with `card-type`."""
    kinds = dict(KINDS)
    if index is not None:
        kinds.update(index.content_kinds)
    return kinds


def signature(fn) -> str:
    parts = []
    for p in fn.params:
        parts.append(p.name if p.default is B.REQUIRED else f"{p.name}: {_default(p.default)}")
    return f"{fn.name}({', '.join(parts)})"


def _default(value) -> str:
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return "[" + ", ".join(map(str, value)) + "]"
    return str(value)


def complete(text: str, offset: int, file: str | None, index: Index | None) -> list[T.CompletionItem]:
    kinds = kinds_of(index)
    cur = cursor_at(text, offset, set(kinds))
    line = text[text.rfind("\n", 0, offset) + 1:offset]
    if cur.in_string and re.match(r'\s*use\s+"[^"]*$', line):
        return _modules(file, index)
    if cur.in_string or cur.in_comment:
        return []
    if cur.effect_slot is not None:
        return _effect(cur, text, file, index, kinds)
    if cur.decls:
        spec = kinds.get(cur.decls[-1])
        return _members(cur, spec, file, index, kinds) if spec is not None else []
    return _top(cur, text, file, index, kinds)


# -- the top of a file ----------------------------------------------------------------

def _top(cur: Cursor, text: str, file, index, kinds) -> list[T.CompletionItem]:
    words = cur.words
    if words == ["in"]:
        return [T.CompletionItem(label="box", kind=CIK.Keyword)]
    if words[:2] == ["in", "box"]:
        boxes = sorted(index.comp.resolution.boxes) if index and index.comp.resolution else []
        return [T.CompletionItem(label=b, kind=CIK.Folder, detail="box") for b in boxes]
    if words:
        return []
    in_box = re.search(r"^in\s+box\b", text, re.M) is not None
    where = "<box-file>" if in_box else "<module-file>"
    items = [T.CompletionItem(label=k, kind=CIK.Keyword, detail="declaration", documentation=spec.doc)
             for k, spec in sorted(kinds.items()) if where in spec.parents]
    items += [T.CompletionItem(label="use", kind=CIK.Keyword, detail='use "path.mh"',
                               insert_text='use "', documentation="Make a module's vocabulary visible.")]
    if not in_box:
        items.append(T.CompletionItem(label="in box", kind=CIK.Keyword, detail="this file belongs to a box"))
    return items


def _modules(file, index) -> list[T.CompletionItem]:
    """The modules a `use` may name: the root's files without `in box`, and those of the sets
    it depends on (`SET:path.mh`)."""
    if index is None or index.comp.model is None:
        return []
    out = []
    for name, unit in sorted(index.comp.model.units.items()):
        if unit.box is None and name != file:
            where = "a content set this root depends on" if name in index.comp.external else "module"
            out.append(T.CompletionItem(label=name, kind=CIK.File, detail=where))
    return out


# -- inside a declaration ---------------------------------------------------------------

def _members(cur: Cursor, spec: KindSpec, file, index, kinds) -> list[T.CompletionItem]:
    words = cur.words
    if words and words[0] == "on":
        return _events(index) if len(words) == 1 else []
    if words:
        prop = spec.prop(words[0]) or next((p for p in UNIVERSAL_PROPS if p.name == words[0]), None)
        if prop is None:
            return []
        return _values(words[0], prop.shape, spec, file, index)
    items = []
    for p in (*spec.props, *UNIVERSAL_PROPS):
        items.append(T.CompletionItem(label=p.name, kind=CIK.Property, detail=f"property ({p.shape})"
                                      + (", required" if p.required else ""), documentation=p.doc))
    for s in spec.slots:
        items.append(T.CompletionItem(label=s.name, kind=CIK.Method, detail=f"effect slot ({s.context} context)",
                                      documentation=s.doc))
    for child in spec.children:
        child_spec = kinds.get(child)
        items.append(T.CompletionItem(label=child, kind=CIK.Keyword, detail="nested declaration",
                                      documentation=child_spec.doc if child_spec else None))
    if spec.triggers is not None:
        items.append(T.CompletionItem(label="on", kind=CIK.Keyword, detail="trigger: on EVENT { ... }"))
    if spec.name == "contents" and index is not None:  # a box's printed counts: one per card type (or card, zone)
        for kind, kspec in sorted(index.content_kinds.items()):
            if getattr(kspec.origin, "kind", None) == "card-type":
                items.append(T.CompletionItem(label=kind, kind=CIK.Class, detail="card type: its cards, copies counted"))
    elif spec.dynamic_props and index is not None and file is not None:
        for comp in index.visible(file):
            if comp.kind == "character":  # first-game: one hand per character
                items.append(T.CompletionItem(label=comp.id, kind=CIK.Class, detail=f"character {comp.name or ''}"))
    return items


def _values(prop: str, shape: str, spec: KindSpec, file, index) -> list[T.CompletionItem]:
    if shape.startswith(("enum:", "enums:")):
        return [T.CompletionItem(label=v, kind=CIK.EnumMember, detail=f"{prop} value")
                for v in shape.split(":", 1)[1].split("|")]
    if shape in ("source",):
        return [T.CompletionItem(label="authored", kind=CIK.EnumMember, detail="provenance"),
                T.CompletionItem(label="rulebook", kind=CIK.EnumMember, detail='provenance: rulebook "Section"')]
    if shape == "once":
        return [T.CompletionItem(label=f"per {w}", kind=CIK.EnumMember) for w in ("turn", "round", "game")]
    if index is None or file is None:
        return []
    want = VOCAB_PROPS.get(prop)
    if want is None and spec.dynamic_props:
        want = "mayhem-card"
    if want is None:
        return []
    return [_named(c) for c in index.visible(file) if c.kind == want]


# -- effect code -------------------------------------------------------------------------

def _effect(cur: Cursor, text: str, file, index, kinds) -> list[T.CompletionItem]:
    words = cur.words
    if words and words[-1] == "on":
        return _events(index)
    if words and words[-1] in ("until",):
        return [T.CompletionItem(label=e, kind=CIK.Event) for e in B.UNTIL_EVENTS]
    if words and (words[-1] in ("one", "all") or (len(words) > 1 and words[-2] == "up-to")):
        return [T.CompletionItem(label=k, kind=CIK.TypeParameter, detail="selector", documentation=doc)
                for k, (_t, doc) in {**B.SELECTOR_KINDS, **K.KERNEL_SELECTOR_KINDS}.items()]
    context = _context(cur, kinds)
    items: list[T.CompletionItem] = []
    for prim in (*B.PRIMITIVES.values(), *K.KERNEL_PRIMITIVES.values()):
        if prim.contexts is None or context is None or context in prim.contexts:
            items.append(T.CompletionItem(label=prim.name, kind=CIK.Function, detail=signature(prim),
                                          documentation=prim.doc, label_details=T.CompletionItemLabelDetails(
                                              description="primitive")))
    for fn in (*B.FUNCTIONS.values(), *K.KERNEL_FUNCTIONS.values()):
        items.append(T.CompletionItem(label=fn.name, kind=CIK.Function, detail=f"{signature(fn)} -> {fn.returns}",
                                      documentation=fn.doc, label_details=T.CompletionItemLabelDetails(
                                          description="function")))
    names = B.CONTEXTS.get(context, tuple(B.CONTEXT_NAMES)) if context else tuple(B.CONTEXT_NAMES)
    every = {**B.CONTEXT_NAMES, **K.KERNEL_CONTEXT_NAMES}
    for name in names:
        ctx = every.get(name)
        items.append(T.CompletionItem(label=name, kind=CIK.Variable, detail=f"context name ({ctx.type})" if ctx
                                      else "context name", documentation=ctx.doc if ctx else None))
    events, pending = index.mayhem_events() if index is not None else mayhem_events.shipped()
    event = events.get(cur.event or "")
    for pname, ptype in (event.params if event else ()):
        items.append(T.CompletionItem(label=pname, kind=CIK.Variable, detail=f"event parameter ({ptype})"))
    if event is not None and event.name in pending:
        items.append(T.CompletionItem(label="pending", kind=CIK.Variable, detail="context name (number)"))
    body = text[cur.effect_start:]
    for var in sorted(set(re.findall(r"\b(?:let|each)\s+([a-z][a-z0-9-]*)", body))):
        items.append(T.CompletionItem(label=var, kind=CIK.Variable, detail="local name"))
    items += [T.CompletionItem(label=w, kind=CIK.Keyword, detail="statement") for w in STATEMENTS]
    if index is not None and file is not None:
        items += [_named(c) for c in index.visible(file)
                  if c.kind in ("keyword", "token", "tag", "icon", "character", "location", "npc")]
    return _dedupe(items)


def _context(cur: Cursor, kinds) -> str | None:
    """The evaluation context of the slot or trigger around the cursor (builtins.CONTEXTS)."""
    spec = kinds.get(cur.decls[-1]) if cur.decls else None
    if spec is None:
        return None
    if cur.effect_slot == "on":
        return spec.triggers
    slot = spec.slot(cur.effect_slot or "")
    if slot is not None:
        return slot.context
    return spec.dynamic_slots


def _events(index) -> list[T.CompletionItem]:
    """The Mayhem events the check read (the shared game's declarations)."""
    events = index.mayhem_events()[0] if index is not None else mayhem_events.shipped()[0]
    return [T.CompletionItem(label=e.name, kind=CIK.Event, detail="event" + (
        " (" + ", ".join(p for p, _ in e.params) + ")" if e.params else ""), documentation=e.doc)
        for e in events.values()]


def _named(comp) -> T.CompletionItem:
    where = comp.scope
    return T.CompletionItem(label=comp.id, kind=KIND_ICONS.get(comp.kind, CIK.Reference),
                            detail=f"{comp.kind} {comp.name or ''}".strip(),
                            label_details=T.CompletionItemLabelDetails(description=f"{comp.kind} · {where}"),
                            documentation=comp.prop("text"))


def _dedupe(items: list[T.CompletionItem]) -> list[T.CompletionItem]:
    seen, out = set(), []
    for item in items:
        key = (item.label, item.detail)
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out
