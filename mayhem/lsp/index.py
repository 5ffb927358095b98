"""The names of one checked content root: where each component is declared and every place
that names it (the resolver's symbols, and the names in properties: tags, icons, a hand's
cards, a figure), for definition, references, rename, hover and semantic tokens."""
from __future__ import annotations

from dataclasses import dataclass

from mayhem.compiler import driver, mayhem_events
from mayhem.compiler.card_types import DECLARING, content_kinds
from mayhem.compiler.model import VOCABULARY_KINDS, Component
from mayhem.dsl import ast
from mayhem.dsl.diagnostics import Diagnostics
from mayhem.dsl.spans import Span

# property -> the vocabulary kind its names are
VOCAB_PROPS = {"tags": "tag", "immune": "tag", "icons": "icon"}


@dataclass(frozen=True, slots=True)
class Ref:
    span: Span  # the name as written
    target: Component | None  # what it names (None: a primitive, a context name ...)
    kind: str  # the resolver's symbol kind: keyword, token, tag, component, primitive, context ...
    name: str


class Index:
    """Built once per check, from the model and the resolution of the compilation."""

    def __init__(self, comp: driver.Compilation, scopes: dict[str, list[str]] | None = None) -> None:
        self.comp = comp
        # the scopes each file saw at the latest check where it parsed (while the author types,
        # the file seldom does, and completion still needs what it sees)
        self.scopes = scopes if scopes is not None else (comp.resolution.visible if comp.resolution else {})
        self.components: list[Component] = list(comp.model.components()) if comp.model else []
        self.by_qid = {c.qid: c for c in self.components}
        self._refs: dict[str, list[Ref]] = {}  # file -> the names in it, in order (built on demand)
        self.uses: dict[str, list[tuple[ast.Use, str]]] = {}  # file -> (use, the file it names)
        self.content_kinds: dict = {}  # the kinds declared by `card-type`
        if comp.model is None:
            return
        self.content_kinds = content_kinds([c for c in comp.model.top_level() if c.kind in DECLARING],
                                           Diagnostics())
        for name, unit in comp.model.units.items():
            self.uses[name] = self._uses_of(name, unit)

    def mayhem_events(self) -> tuple[dict, tuple]:
        """The Mayhem events the check read (the shared game's `event`s, else the shipped ones),
        and those whose triggers read `pending`."""
        res = self.comp.resolution
        if res is None:
            return mayhem_events.shipped()
        return mayhem_events.events(res), mayhem_events.pending(res)

    def refs(self, file: str) -> list[Ref]:
        """The names in one file, in order; a file's are found when first asked for (hover and
        highlighting need one file's, references all of them)."""
        found = self._refs.get(file)
        if found is None:
            unit = self.comp.model.units.get(file) if self.comp.model is not None else None
            found = self._refs[file] = self._refs_of(file, unit) if unit is not None else []
        return found

    # -- building ---------------------------------------------------------------------

    def _refs_of(self, name: str, unit) -> list[Ref]:
        res = self.comp.resolution
        out: list[Ref] = []
        for node in unit.file.walk():
            sym = res.of(node) if res is not None else None
            if isinstance(node, (ast.Call, ast.CallExpr)):
                if sym is not None:
                    target = sym.target if isinstance(sym.target, Component) else None
                    out.append(Ref(node.name_span, target, sym.kind, node.name))
            elif isinstance(node, ast.Name) and sym is not None:
                target = sym.target if isinstance(sym.target, Component) else None
                out.append(Ref(node.span, target, sym.kind, node.id))
            elif isinstance(node, ast.Decl):
                out.extend(self._prop_refs(name, unit, node))
        out.sort(key=lambda r: (r.span.line, r.span.col))
        return out

    def _prop_refs(self, file: str, unit, decl: ast.Decl) -> list[Ref]:
        """Names in the properties of a declaration, which the resolver checks by value."""
        out = []
        for member in decl.members:
            if not isinstance(member, ast.Prop):
                continue
            kind = VOCAB_PROPS.get(member.name)
            names = [n for v in member.values for n in _names(v)]
            if kind is not None:
                for n in names:
                    target = self.vocab(file, kind, n.id)
                    if target is not None:
                        out.append(Ref(n.span, target, kind, n.id))
            elif unit.box is not None and decl.kind in ("first-game", "npc", "pool"):
                if decl.kind == "first-game":
                    target = self.box_component(unit.box, member.name)
                    if target is not None:
                        out.append(Ref(member.name_span, target, "component", member.name))
                for n in names:
                    target = self.box_component(unit.box, n.id)
                    if target is not None:
                        out.append(Ref(n.span, target, "component", n.id))
        return out

    def _uses_of(self, name: str, unit) -> list[tuple[ast.Use, str]]:
        """Each `use` line with the file it names: the path from the root, or from the file
        (`./`, `../`), or a file of a set the root depends on (`SET:path.mh`)."""
        import posixpath
        out = []
        here = posixpath.dirname(name)
        for use in unit.file.uses:
            tail = use.path.split(":", 1)[-1]
            wanted = [use.path, posixpath.normpath(posixpath.join(here, use.path))]
            found = next((u for w in wanted for u in unit.uses if u == w), None)
            if found is None:
                found = next((u for u in unit.uses if u.endswith("/" + tail) or u == tail), None)
            if found is not None:
                out.append((use, found))
        return out

    # -- lookups ----------------------------------------------------------------------

    def vocab(self, file: str, kind: str, name: str) -> Component | None:
        res = self.comp.resolution
        if res is None:
            return None
        for scope in self.scopes.get(file, []):
            comp = res.vocab.get(scope, {}).get(kind, {}).get(name)
            if comp is not None:
                return comp
        return None

    def box_component(self, box: str, name: str) -> Component | None:
        res = self.comp.resolution
        return res.components.get(box, {}).get(name) if res is not None else None

    def visible(self, file: str) -> list[Component]:
        """The named components a file can name: the vocabulary of the scopes it sees and
        the components of its box."""
        res = self.comp.resolution
        if res is None:
            return []
        out: list[Component] = []
        for scope in self.scopes.get(file, []):
            for table in res.vocab.get(scope, {}).values():
                out.extend(table.values())
            out.extend(res.components.get(scope, {}).values())
        return out

    def ref_at(self, file: str, line: int, col: int) -> Ref | None:
        """The name at a position (lines and columns from 1)."""
        for ref in self.refs(file):
            s = ref.span
            if (s.line, s.col) <= (line, col) <= (s.end_line, s.end_col):
                return ref
        return None

    def decl_at(self, file: str, line: int, col: int) -> Component | None:
        """The component whose id is at a position."""
        for comp in self.components:
            s = comp.decl.id_span
            if comp.file == file and (s.line, s.col) <= (line, col) <= (s.end_line, s.end_col):
                return comp
        return None

    def use_at(self, file: str, line: int, col: int) -> str | None:
        for use, used in self.uses.get(file, ()):
            s = use.span
            if (s.line, s.col) <= (line, col) <= (s.end_line, s.end_col):
                return used
        return None

    def target_at(self, file: str, line: int, col: int) -> Component | None:
        ref = self.ref_at(file, line, col)
        if ref is not None:
            return ref.target
        return self.decl_at(file, line, col)

    def references(self, target: Component) -> list[tuple[str, Span]]:
        """Every place that names the component, across the root and its dependencies."""
        out = []
        for file in (self.comp.model.units if self.comp.model is not None else ()):
            out.extend((file, r.span) for r in self.refs(file) if r.target is target)
        return out

    def clashes(self, target: Component, new_id: str) -> list[Component]:
        """The components that the id would clash with: the same namespace (per kind for
        vocabulary, per box for box components) in a scope that a file naming it sees."""
        res = self.comp.resolution
        if res is None:
            return []
        if target.kind in VOCABULARY_KINDS:
            scopes = {target.scope}
            for file, _span in self.references(target):
                scopes.update(res.visible.get(file, []))
            return [c for s in scopes if (c := res.vocab.get(s, {}).get(target.kind, {}).get(new_id))]
        if target.parent is not None:  # an ability, a side: unique among its siblings
            return [c for c in target.parent.children if c.id == new_id]
        found = res.components.get(target.scope, {}).get(new_id)
        return [found] if found is not None else []


def _names(value: ast.Node):
    if isinstance(value, ast.Name):
        yield value
    elif isinstance(value, ast.ListExpr):
        for item in value.items:
            yield from _names(item)
