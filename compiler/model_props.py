"""A declaration's properties read into values: provenance (`source`, a property's own
`authored`), the value shapes of dsl.schema, the universal properties (`silence`,
`distinct-from`, `authored-effects`) and a mode's `without` overrides."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from mayhem.dsl import ast
from mayhem.dsl.diagnostics import Diagnostics, Related, did_you_mean
from mayhem.dsl.schema import KINDS, UNIVERSAL_PROPS, KindSpec, PropSpec
from mayhem.dsl.spans import Span

from .values import BAD as _BAD, example as _example, shape as _shape, shape_text as _shape_text

if TYPE_CHECKING:
    from .model import Component


@dataclass(frozen=True, slots=True)
class Provenance:
    kind: str  # "rulebook" | "authored"
    section: str | None = None

    def to_json(self) -> dict:
        if self.kind == "rulebook":
            return {"kind": "rulebook", "section": self.section}
        return {"kind": "authored"}

    def __str__(self) -> str:
        return f'rulebook "{self.section}"' if self.kind == "rulebook" else "authored"


@dataclass(slots=True)
class PropValue:
    value: object
    span: Span
    source: Provenance
    node: ast.Prop


def a_kind(kind: str) -> str:
    """The kind with its article: "a tag", "an ability"."""
    return ("an " if kind[:1] in "aeiou" else "a ") + kind


def parse_source(values: list, node: ast.Node, diags: Diagnostics) -> Provenance | None:
    if len(values) == 1 and isinstance(values[0], ast.Name) and values[0].id == "authored":
        return Provenance("authored")
    if len(values) == 2 and isinstance(values[0], ast.Name) and values[0].id == "rulebook" \
            and isinstance(values[1], ast.String) and values[1].value.strip():
        return Provenance("rulebook", values[1].value)
    diags.error("E204", "a source is `authored` or `rulebook \"Section\"`", node.span,
                hint='name the rulebook section the facts come from, e.g. `source rulebook "Tokens"`')
    return None


def split_provenance(values: list) -> tuple[list, Provenance | None]:
    """A property may end with its own provenance: `slot 5 authored`."""
    if values and isinstance(values[-1], ast.Name) and values[-1].id == "authored":
        return values[:-1], Provenance("authored")
    if len(values) >= 2 and isinstance(values[-1], ast.String) and isinstance(values[-2], ast.Name) \
            and values[-2].id == "rulebook":
        return values[:-2], Provenance("rulebook", values[-1].value)
    return values, None


_UNIVERSAL = {u.name: u for u in UNIVERSAL_PROPS}
_SPECS: dict[int, tuple[KindSpec, dict[str, PropSpec]]] = {}  # id of a kind's spec -> it, its properties by name


def _prop_spec(spec: KindSpec, name: str) -> PropSpec | None:
    """spec.prop(name) from a dict made once per kind (spec.prop searches the list: 54,000
    properties at 10,000 cards)."""
    known = _SPECS.get(id(spec))
    if known is None or known[0] is not spec:
        by_name: dict[str, PropSpec] = {}
        for p in spec.props:
            by_name.setdefault(p.name, p)  # the first of a name, as spec.prop finds it
        known = _SPECS[id(spec)] = (spec, by_name)
    return known[1].get(name)


def read_prop(comp: Component, spec: KindSpec, prop: ast.Prop, seen: dict, diags: Diagnostics) -> None:
    if prop.name == "source":
        if "source" in seen:
            diags.error("E203", "'source' is given twice", prop.name_span,
                        related=[Related(seen["source"].name_span, "first given here")])
        seen["source"] = prop
        return
    universal = _UNIVERSAL.get(prop.name)
    if universal is not None:
        _universal(comp, universal, prop, diags)
        return
    pspec = _prop_spec(spec, prop.name)
    if pspec is None and spec.dynamic_props:
        pspec = PropSpec(prop.name, spec.dynamic_props, "")
    if pspec is None and spec.team_props and len(prop.values) == 1 and isinstance(prop.values[0], ast.Number):
        pspec = PropSpec(prop.name, spec.team_props, "")  # a count per Team: its name checked in compiler/typecheck_teams.py
    if pspec is None:
        names = [p.name for p in spec.props]
        hint = did_you_mean(prop.name, names)
        if hint is None and spec.slot(prop.name) is not None:
            hint = f"'{prop.name}' is an effect: write `{prop.name} {{ ... }}`"
        if hint is None and prop.name in KINDS:
            hint = f"{a_kind(prop.name)} declaration needs an id, a name and a body"
        if hint is None:
            hint = f"{a_kind(comp.kind)} has: " + ", ".join(names) if names else None
        diags.error("E202", f"unknown property '{prop.name}' in {a_kind(comp.kind)}", prop.name_span, hint=hint)
        return
    if pspec.shape == "overrides":  # repeatable: `without counter vp`, `without rule ko-vp`
        _override(comp, prop, diags)
        return
    if prop.name in seen:
        diags.error("E203", f"'{prop.name}' is given twice", prop.name_span,
                    related=[Related(seen[prop.name].name_span, "first given here")])
        return
    seen[prop.name] = prop
    if pspec.shape == "source":
        value = parse_source(prop.values, prop, diags)
        if value is not None:
            comp.props[prop.name] = PropValue(value.to_json(), prop.span, value, prop)
        return
    if pspec.shape == "propdecl":
        from .card_types import DECL_TYPES_TEXT, bad_type_hint, parse_propdecl
        decl = parse_propdecl(prop.values)
        if decl is None:
            diags.error("E204", f"'{prop.name}' declares a property: a type ({DECL_TYPES_TEXT}), then an "
                        "optional default and description", prop.span,
                        hint=bad_type_hint(prop.values) or f"for example: `{prop.name} int 0`")
        else:
            comp.props[prop.name] = PropValue(decl, prop.span, comp.source, prop)
        return
    values, own = split_provenance(prop.values) if pspec.shape not in ("ids", "list") else (prop.values, None)
    value = _shape(pspec, values)
    if value is _BAD:
        near = _near_option(pspec, values)  # a misspelt option: reported at it, as an unknown name is
        diags.error("E204", f"'{prop.name}' takes {_shape_text(pspec.shape)}", near[1] if near else prop.span,
                    hint=_below_zero(spec, pspec, values) or (near[0] if near else None)
                    or f"for example: `{_example(pspec)}`")
        return
    comp.props[prop.name] = PropValue(value, prop.span, own or comp.source, prop)


def _near_option(pspec: PropSpec, values: list) -> tuple[str, Span] | None:
    """The did-you-mean for a misspelt value of a property that takes one (or more) of a few
    names (`reset turn-ends`), and the span of that value: the first name that is none of the
    options, when one of them is near it (the language server's quick fix replaces the name)."""
    if not pspec.shape.startswith(("enum:", "enums:")):
        return None
    options = pspec.shape.split(":", 1)[1].split("|")
    wrong = next((v for v in values if isinstance(v, ast.Name) and v.id not in options), None)
    hint = did_you_mean(wrong.id, options) if wrong is not None else None
    return (hint, wrong.span) if hint else None


def _below_zero(spec: KindSpec, pspec: PropSpec, values: list) -> str | None:
    """The hint for a number below 0 given to a card type's `int` property: declare it `signed`."""
    origin = getattr(spec, "origin", None)
    if pspec.shape != "int" or origin is None or len(values) != 1 or not isinstance(values[0], ast.Number) \
            or values[0].value >= 0:
        return None
    return (f"{origin.kind} '{origin.id}' declares '{pspec.name}' `int` (0 or more): declare it "
            f"`{pspec.name} signed 0` to print a number below 0")




def _override(comp: Component, prop: ast.Prop, diags: Diagnostics) -> None:
    """`without KIND ID`, one per line: what a mode leaves out of the game (compiler.mode_overrides)."""
    from .mode_overrides import OVERRIDABLE, parse_without
    pair = parse_without(prop.values)
    if pair is None:
        diags.error("E204", f"'{prop.name}' takes a kind ({', '.join(OVERRIDABLE[:-1])} or {OVERRIDABLE[-1]}) "
                    "and the id of what the mode leaves out of the game", prop.span,
                    hint=f"for example: `{prop.name} counter vp` or `{prop.name} rule ko-vp`, one per line")
        return
    pv = comp.props.get(prop.name)
    if pv is None:
        comp.props[prop.name] = PropValue(pair, prop.span, comp.source, prop)
    elif pair[0] in pv.value:
        diags.error("E203", f"'{prop.name} {' '.join(pair[0])}' is given twice", prop.span)
    else:
        pv.value.extend(pair)


def _universal(comp: Component, spec: PropSpec, prop: ast.Prop, diags: Diagnostics) -> None:
    """`silence` and `distinct-from`: repeatable, kept as lists."""
    values = prop.values
    if spec.shape == "slots":
        names = [s.name for s in comp.spec.slots]
        if len(values) == 1 and isinstance(values[0], ast.ListExpr) and values[0].items and \
                all(isinstance(v, ast.Name) and v.id in names for v in values[0].items):
            comp.props[spec.name] = PropValue([v.id for v in values[0].items], prop.span, comp.source, prop)
        else:
            diags.error("E204", f"'{spec.name}' takes a [list] of the effect slots of {a_kind(comp.kind)}: "
                        + (", ".join(names) or "it has none"), prop.span,
                        hint="for example: `authored-effects [special, mayhem]`")
        return
    if spec.shape == "silence":
        if len(values) == 2 and all(isinstance(v, ast.String) for v in values) and values[1].value.strip():
            item = [values[0].value, values[1].value]
        else:
            diags.error("E204", "'silence' takes a check code and the reason, both as strings", prop.span,
                        hint='for example: `silence "C303" "the text paraphrases the effect"`')
            return
    else:
        if len(values) == 1 and isinstance(values[0], ast.String):
            item = values[0].value
        else:
            diags.error("E204", f"'{spec.name}' takes a string", prop.span,
                        hint=f'for example: `{spec.name} "looney-tunes/invisible-paint"`')
            return
    pv = comp.props.get(spec.name)
    if pv is None:
        comp.props[spec.name] = PropValue([item], prop.span, comp.source, prop)
    else:
        pv.value.append(item)
