"""Pass 2, model: declarations to typed components, checked against dsl.schema."""
from __future__ import annotations

from dataclasses import dataclass, field

from mayhem.dsl import ast
from mayhem.dsl.diagnostics import Diagnostics, Related, did_you_mean
from mayhem.dsl.schema import GAME_BOX_REQUIRED, KINDS, UNIVERSAL_PROPS, KindSpec, SlotSpec
from mayhem.dsl.spans import Span

from .model_props import PropValue, Provenance, a_kind, parse_source, read_prop
from .values import FACE as _FACE, example as _example

# Kinds whose names live in a vocabulary namespace of their own (a keyword and a
# token may both be called `shield`); every other kind is a box component and
# shares one namespace per box.
VOCABULARY_KINDS = ("keyword", "token", "tag", "icon", "pool")


@dataclass(slots=True)
class Component:
    """A declaration, checked: a box, a character, a card, a keyword, a token ..."""

    kind: str
    id: str
    name: str | None
    qid: str  # qualified id: "teen-titans-go/robin/staff-meeting", "shared/core:keyword:melee-attack"
    scope: str  # the box id, or the module file ("shared/core.mh")
    file: str
    span: Span
    source: Provenance
    decl: ast.Decl
    props: dict[str, PropValue] = field(default_factory=dict)
    slots: dict[str, ast.Slot] = field(default_factory=dict)
    triggers: list[ast.Trigger] = field(default_factory=list)
    children: list["Component"] = field(default_factory=list)
    parent: "Component | None" = None
    spec: KindSpec | None = None  # its kind: built in (dsl.schema) or a card type of the content

    def prop(self, name: str, default=None):
        pv = self.props.get(name)
        return pv.value if pv is not None else default

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass(slots=True)
class SourceUnit:
    """One parsed file, with what it declares."""

    file: ast.File
    box: str | None
    uses: list[str]  # resolved file names of the modules it uses
    components: list[Component] = field(default_factory=list)


@dataclass(slots=True)
class Model:
    units: dict[str, SourceUnit] = field(default_factory=dict)  # by file name
    kinds: dict | None = None  # the kinds build_model checked the declarations with (card types' too)

    def components(self):
        for unit in self.units.values():
            for comp in unit.components:
                yield from comp.walk()

    def top_level(self):
        for unit in self.units.values():
            yield from unit.components


def build_model(units: dict[str, SourceUnit], diags: Diagnostics, kinds=None, each=None) -> Model:
    """Card types and token types first: the kinds they declare check their declarations.
    `kinds` are the kinds known before (default: every kind of dsl.schema). `each(decl,
    build)`, when given, makes a top-level component in build()'s place (a Workspace keeps
    the components of unchanged declarations: compiler/incremental_model.py)."""
    from .card_types import DECLARING, content_kinds
    model = Model(units)
    if kinds is None:
        KINDS.refresh()  # content/shared/card-types.mh may have changed since the last compilation
    kinds = dict(KINDS if kinds is None else kinds)
    known = dict(kinds)
    for first in (True, False):
        for name in sorted(units):
            unit = units[name]
            where = "<box-file>" if unit.box else "<module-file>"
            scope = unit.box or name
            for decl in unit.file.decls:
                if (decl.kind in DECLARING) == first:
                    def build(decl=decl, where=where, scope=scope, name=name):
                        return _component(decl, where, None, scope, name, None, diags, kinds)
                    comp = build() if each is None else each(decl, build)
                    if comp is not None:
                        unit.components.append(comp)
        if first:
            kinds.update(content_kinds([c for c in model.top_level() if c.kind in DECLARING], diags, known))
    for unit in units.values():
        unit.components.sort(key=lambda c: (c.span.line, c.span.col))
    model.kinds = kinds
    return model


def _kind_names_for(where: str, kinds: dict) -> list[str]:
    return [k for k, s in kinds.items() if where in s.parents]


def _component(decl: ast.Decl, where: str, parent: Component | None, scope: str, file: str,
               inherited: Provenance | None, diags: Diagnostics, kinds: dict = KINDS) -> Component | None:
    spec = kinds.get(decl.kind)
    parent_kind = parent.kind if parent else where
    if spec is None or parent_kind not in spec.parents:
        allowed = _kind_names_for(where, kinds) if parent is None else list(kinds[parent.kind].children)
        place = {"<box-file>": "in a box file", "<module-file>": "in a module file (one without 'in box')"}
        here = place.get(parent_kind, f"inside {a_kind(parent_kind)}")
        hint = "allowed here: " + ", ".join(allowed) if allowed else "nothing can be declared here"
        if spec is None:
            hint = did_you_mean(decl.kind, allowed or kinds) or hint
            diags.error("E201", f"unknown kind of declaration '{decl.kind}'", decl.kind_span, hint=hint)
            return None
        if decl.kind in ("character", "mayhem-card", "go-card", "location", "npc", "first-game", "box") \
                and parent_kind == "<module-file>":
            hint = "add 'in box BOX-ID' at the top of the file"
        diags.error("E201", f"{a_kind(decl.kind)} cannot be declared {here}", decl.span, hint=hint)
        return None
    if spec.needs_name and decl.name is None:
        diags.error("E208", f"{a_kind(decl.kind)} needs a display name after its id",
                    decl.id_span, hint=f'write: {decl.kind} {decl.id} "Display Name" {{ ... }}')
    if decl.params and not spec.params:
        diags.error("E210", f"{a_kind(decl.kind)} takes no parameters", decl.params[0].span,
                    hint="only keywords take parameters")
    if spec.ids and decl.id not in spec.ids:  # a card type's `ids [a, b]` (a dashboard's sides)
        noun = (getattr(spec.origin, "name", None) or decl.kind).lower()
        listed = " or ".join(", ".join(f"'{i}'" for i in spec.ids).rsplit(", ", 1))
        article = "an" if noun[:1] in "aeiou" else "a"
        diags.error("E211", f"{article} {noun} is {listed}, not '{decl.id}'", decl.id_span)

    if parent is None:
        # box components: "teen-titans-go/robin"; vocabulary: "shared/core:token:trap",
        # "teen-titans-go:token:fire" (a keyword and a token may share an id)
        if decl.kind == "box":
            qid = decl.id
        elif decl.kind in VOCABULARY_KINDS or where == "<module-file>":
            qid = f"{scope.removesuffix('.mh')}:{decl.kind}:{decl.id}"
        else:
            qid = f"{scope}/{decl.id}"
    else:
        qid = f"{parent.qid}/{decl.id}"

    comp = Component(decl.kind, decl.id, decl.name, qid, scope, file, decl.span,
                     inherited or Provenance("authored"), decl, parent=parent, spec=spec)
    _fill(comp, spec, inherited, scope, file, diags, kinds)
    return comp


def _fill(comp: Component, spec: KindSpec, inherited: Provenance | None, scope: str, file: str,
          diags: Diagnostics, kinds: dict = KINDS) -> None:
    decl = comp.decl
    # provenance first: every other property inherits it
    own_source = None
    source_given = False
    for member in decl.members:
        if isinstance(member, ast.Prop) and member.name == "source":
            own_source = parse_source(member.values, member, diags)
            source_given = True
            break
    if own_source is not None:
        comp.source = own_source
    elif inherited is None and not source_given and spec.prop("source") is not None and spec.prop("source").required:
        diags.error("E205", f"{_what(comp)} needs a 'source': `source authored` or "
                    f"`source rulebook \"Section\"`", decl.id_span,
                    hint="every component says where its facts come from (DESIGN.md, Provenance)")

    seen_props: dict[str, ast.Prop] = {}
    for member in decl.members:
        if isinstance(member, ast.Prop):
            read_prop(comp, spec, member, seen_props, diags)
        elif isinstance(member, ast.Slot):
            slot_spec = spec.slot(member.name)
            if slot_spec is None and spec.dynamic_slots:
                slot_spec = SlotSpec(member.name, "", spec.dynamic_slots)  # compiler.card_types checks it
            if slot_spec is None:
                names = [s.name for s in spec.slots]
                hint = did_you_mean(member.name, names) or (
                    f"{decl.kind} effects go in: " + ", ".join(names) if names else
                    f"{a_kind(decl.kind)} has no effects")
                if spec.prop(member.name) is not None:
                    hint = f"'{member.name}' is a property: write it without braces"
                diags.error("E206", f"'{member.name}' is not an effect slot of {a_kind(decl.kind)}",
                            member.name_span, hint=hint)
            elif member.name in comp.slots:
                diags.error("E203", f"'{member.name}' is given twice", member.name_span,
                            related=[Related(comp.slots[member.name].name_span, "first given here")])
            else:
                if member.guard is not None and not slot_spec.guard:
                    diags.error("E206", f"'{member.name}' takes no 'when' condition", member.guard.span)
                comp.slots[member.name] = member
        elif isinstance(member, ast.Trigger):
            if spec.triggers is None:
                diags.error("E207", f"{a_kind(decl.kind)} has no triggers ('on ...')", member.event_span,
                            hint="triggers belong to tokens, Locations, cards, Special Abilities and GO! cards")
            elif decl.kind == "game" and not scope.endswith(".mh"):
                diags.error("E207", "a game of the rules kernel has no triggers ('on ...')", member.event_span,
                            hint="its rules are its slots (`setup`, `turn`, `turn-end`, `end`) and its actions; "
                                 "triggers of a game are the Mayhem boxes' shared rules, in a module file")
            else:
                comp.triggers.append(member)
        elif isinstance(member, ast.Decl):
            child = _component(member, "", comp, scope, file, comp.source, diags, kinds)
            if child is not None:
                comp.children.append(child)

    # a property given with a bad value has its E204 already; it is not also missing
    game_box = comp.kind == "box" and "game" in seen_props
    for pspec in spec.props:
        if game_box and pspec.name not in GAME_BOX_REQUIRED:
            continue
        if comp.kind == "mode" and not scope.endswith(".mh"):
            continue  # a mode of a box: what it needs depends on its box's game (mode_overrides.check_box_modes)
        if pspec.required and pspec.name not in seen_props and pspec.name != "source":
            example = _example(pspec)
            diags.error("E205", f"{_what(comp)} needs '{pspec.name}'", decl.id_span,
                        hint=f"{pspec.doc} For example: `{example}`")
    _check_shape(comp, set(seen_props), diags)


def _what(comp: Component) -> str:
    return f"{comp.kind} '{comp.id}'"


def _check_shape(comp: Component, given: set[str], diags: Diagnostics) -> None:
    """Per-kind structure the property table cannot say; `given` names the properties
    written, whether or not their values were good."""
    if comp.kind == "box":
        # the runtime and the checks read a face as its number, '*' marking the Mayhem icon
        for name in ("mayhem-die-faces", "activation-die-faces"):
            pv = comp.props.get(name)
            if pv is None:
                continue
            faces = pv.node.values[0]  # the shape check made it one [list] of strings
            if not faces.items:
                diags.error("E204", f"'{name}' lists no face", faces.span,
                            hint=f'for example: `{name} ["1", "2", "3", "4", "5", "6"]`')
            for face in faces.items:
                if not _FACE.fullmatch(face.value):
                    diags.error("E204", f"a die face is a number, with '*' for the Mayhem icon, "
                                f"not \"{face.value}\"", face.span, hint='for example: "3" or "3*"')
    if comp.kind == "character":
        sides = [c for c in comp.children if c.kind == "side"]
        flat = [c for c in comp.children if c.kind != "side"]
        if sides and (flat or "life" in given or "mayhem-cards" in given):
            diags.error("E212", f"character '{comp.id}' mixes dashboard sides with a one-sided dashboard",
                        comp.decl.id_span, hint="put life, mayhem-cards and abilities either all in the "
                        "character or all in its sides a and b")
        if not sides:
            for need in ("life", "mayhem-cards"):
                if need not in given:
                    diags.error("E205", f"character '{comp.id}' needs '{need}'", comp.decl.id_span,
                                hint=f"or give it dashboard sides: side a {{ {need} ... }}")
        ids = [c.id for c in sides]
        for dup in {i for i in ids if ids.count(i) > 1}:
            second = [c for c in sides if c.id == dup][1]
            diags.error("E302", f"side '{dup}' is declared twice", second.decl.id_span)
    if comp.kind == "pool":
        has_count = "count" in given
        own = {p.name for p in KINDS["pool"].props} | {u.name for u in UNIVERSAL_PROPS}
        has_colour = any(n not in own for n in given)  # a count per Team (KindSpec.team_props)
        if has_count == has_colour:
            diags.error("E205", f"pool '{comp.id}' needs either 'count N' or colour counts "
                        "('black N' and 'white N': a count per Team the game names), not both", comp.decl.id_span)
