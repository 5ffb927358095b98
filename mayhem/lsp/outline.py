"""The shape of one file: document symbols (the outline: declarations, their effect slots,
triggers and nested declarations), folding ranges (blocks and runs of comments) and semantic
tokens (kinds, ids, properties, names by what they resolve to, strings, numbers, comments)."""
from __future__ import annotations

from lsprotocol import types as T

from mayhem.dsl import ast
from mayhem.dsl.spans import Span

from .index import Index
from .project import lsp_range, to_units

SK = T.SymbolKind
SYMBOL_KINDS = {"box": SK.Package, "character": SK.Class, "ability": SK.Method, "special-ability": SK.Method,
                "mayhem-card": SK.Struct, "go-card": SK.Struct, "location": SK.Module, "keyword": SK.Function,
                "token": SK.Constant, "tag": SK.EnumMember, "icon": SK.EnumMember, "card-type": SK.Interface,
                "game": SK.Namespace, "side": SK.Class, "npc": SK.Class, "ruling": SK.String, "deck": SK.Array}

# The legend of the semantic tokens (their order is the protocol's numbering).
TOKEN_TYPES = ["keyword", "type", "class", "function", "macro", "variable", "parameter", "property",
               "enumMember", "event", "string", "number", "comment", "namespace"]
TOKEN_MODIFIERS = ["declaration", "defaultLibrary"]
LEGEND = T.SemanticTokensLegend(token_types=TOKEN_TYPES, token_modifiers=TOKEN_MODIFIERS)
# a name's resolved kind -> its token type
REF_TYPES = {"keyword": "macro", "primitive": "function", "function": "function", "context": "variable",
             "var": "variable", "param": "parameter", "it": "variable", "event": "parameter", "token": "enumMember",
             "tag": "enumMember", "icon": "enumMember", "component": "class", "relation": "type", "none": "keyword",
             "zone": "property", "counter": "property", "property": "property"}
# a declaration's id -> its token type, as the names that refer to it are coloured
DECL_TYPES = {"keyword": "macro", "token": "enumMember", "tag": "enumMember", "icon": "enumMember",
              "card-type": "type", "game": "namespace", "box": "namespace"}


def _decls(tree: ast.File):
    stack = list(tree.decls)
    while stack:
        decl = stack.pop()
        yield decl
        stack.extend(m for m in decl.members if isinstance(m, ast.Decl))


def document_symbols(tree: ast.File, rng=lsp_range) -> list[T.DocumentSymbol]:
    """`rng` turns a span into an LSP range (the project's, in the editor's units)."""
    return [_symbol(d, rng) for d in tree.decls]


def _symbol(decl: ast.Decl, rng) -> T.DocumentSymbol:
    children = []
    for m in decl.members:
        if isinstance(m, ast.Decl):
            children.append(_symbol(m, rng))
        elif isinstance(m, ast.Slot):
            children.append(T.DocumentSymbol(name=m.name, kind=SK.Event, detail="effect",
                                             range=rng(m.span), selection_range=rng(m.name_span)))
        elif isinstance(m, ast.Trigger):
            children.append(T.DocumentSymbol(name=f"on {m.event}", kind=SK.Event, detail="trigger",
                                             range=rng(m.span), selection_range=rng(m.event_span)))
    return T.DocumentSymbol(name=decl.id, detail=f"{decl.kind}" + (f' "{decl.name}"' if decl.name else ""),
                            kind=SYMBOL_KINDS.get(decl.kind, SK.Object), range=rng(decl.span),
                            selection_range=rng(decl.id_span), children=children or None)


def folding_ranges(tree: ast.File | None, text: str) -> list[T.FoldingRange]:
    out: list[T.FoldingRange] = []
    if tree is not None:
        for node in tree.walk():
            if isinstance(node, (ast.Decl, ast.Slot, ast.Trigger, ast.Block)) and node.span.end_line > node.span.line:
                out.append(T.FoldingRange(start_line=node.span.line - 1, end_line=node.span.end_line - 1,
                                          kind=T.FoldingRangeKind.Region))
    start = None
    lines = text.split("\n")
    for i, line in enumerate([*lines, ""]):
        if line.lstrip().startswith("#"):
            start = i if start is None else start
            continue
        if start is not None and i - 1 > start:
            out.append(T.FoldingRange(start_line=start, end_line=i - 1, kind=T.FoldingRangeKind.Comment))
        start = None
    seen, unique = set(), []
    for r in sorted(out, key=lambda r: (r.start_line, -r.end_line)):
        if (r.start_line, r.end_line) not in seen:  # a slot and its block span the same lines
            seen.add((r.start_line, r.end_line))
            unique.append(r)
    return unique


def semantic_tokens(tree: ast.File | None, text: str, file: str, index: Index | None,
                    encoding: str = "utf-16") -> T.SemanticTokens:
    found: list[tuple[int, int, int, str, int]] = []  # line, col (from 1), length, type, modifiers

    def add(span: Span, kind: str, modifiers: int = 0) -> None:
        if span.end_line == span.line and span.end_col > span.col:
            found.append((span.line, span.col, span.end_col - span.col, kind, modifiers))

    if index is not None:  # first: a name resolved says more than the property it stands in
        for ref in index.refs(file):
            kind = REF_TYPES.get(ref.kind, "variable")
            add(ref.span, kind, 2 if ref.kind in ("primitive", "function", "context") else 0)
    lines = text.split("\n")
    for i, line in enumerate(lines):
        m = _comment(line)
        if m is not None:
            found.append((i + 1, m + 1, len(line.rstrip("\r")) - m, "comment", 0))
    if tree is not None:
        if tree.in_box is not None:
            add(Span(file, tree.in_box.span.line, tree.in_box.span.col, tree.in_box.span.line,
                     tree.in_box.span.col + 6), "keyword")
        for use in tree.uses:
            add(Span(file, use.span.line, use.span.col, use.span.line, use.span.col + 3), "keyword")
        for decl in _decls(tree):
            if decl.kind_span is not None:
                add(decl.kind_span, "keyword")
            add(decl.id_span, DECL_TYPES.get(decl.kind, "class"), 1)
        for node in tree.walk():
            if isinstance(node, ast.Prop):
                add(node.name_span, "property")
            elif isinstance(node, (ast.Slot,)):
                add(node.name_span, "function", 1)
            elif isinstance(node, ast.Trigger):
                add(node.event_span, "event")
            elif isinstance(node, ast.String):
                add(node.span, "string")
            elif isinstance(node, ast.Number):
                add(node.span, "number")
    return T.SemanticTokens(data=_encode(_units(found, lines, encoding)))


def _units(found, lines: list[str], encoding: str):
    """Columns and lengths in code points -> in the editor's units."""
    for line, col, length, kind, mods in found:
        text = lines[line - 1] if 0 < line <= len(lines) else ""
        start = to_units(text, col - 1, encoding)
        yield line, start + 1, to_units(text, col - 1 + length, encoding) - start, kind, mods


def _comment(line: str) -> int | None:
    """The column (from 0) where a comment starts, outside strings."""
    in_string = False
    i = 0
    while i < len(line):
        ch = line[i]
        if in_string and ch == "\\":
            i += 2
            continue
        if ch == '"':
            in_string = not in_string
        elif ch == "#" and not in_string:
            return i
        i += 1
    return None


def _encode(found) -> list[int]:
    """Sorted, without overlaps (the first of two tokens at one place wins: a name resolved is
    more precise than a property's name), as the protocol's relative five-integer groups."""
    data: list[int] = []
    prev_line, prev_col, last_end = 1, 1, (0, 0)
    for line, col, length, kind, mods in sorted(found, key=lambda t: (t[0], t[1])):
        if (line, col) < last_end:
            continue
        delta_line = line - prev_line
        delta_col = col - prev_col if delta_line == 0 else col - 1
        data += [delta_line, delta_col, length, TOKEN_TYPES.index(kind), mods]
        prev_line, prev_col, last_end = line, col, (line, col + length)
    return data
