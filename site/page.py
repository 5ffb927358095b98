"""A page as the templates see it: the model, and links relative to the page being written."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING
from urllib.parse import quote

from markupsafe import Markup

from . import escape
from .crosslinks import CrossLinks
from .effects import Phrases
from .faq import is_mayhem_box
from .graph import mermaid
from .model import Provenance, html_url, parse_span, prop, prop_source, relative, scope_folder

if TYPE_CHECKING:
    from .render import Renderer

# the pages every site has, as docs paths
HOME = "index.md"
GLOSSARY = "glossary/index.md"
INDEX = "components/index.md"
COMPETITIVE = "competitive/index.md"
CONSISTENCY = "consistency/index.md"
REFERENCE = "reference/index.md"
GUIDE = "guide/index.md"


def anchor(qid: str) -> Markup:
    """A stable HTML id for a component (glossary entries): letters, digits and dashes."""
    return Markup(re.sub(r"[^a-z0-9]+", "-", qid.lower()).strip("-"))


def fence(body: str, lang: str = "text", extra: str = "") -> Markup:
    """A fenced code block around trusted or highlighted text: longer than any backtick run inside
    it, so no text can close it early (the highlighter escapes what is inside)."""
    body = str(body)
    ticks = "`" * max(3, 1 + max((len(r) for r in re.findall(r"`+", body)), default=0))
    return Markup(f"{ticks} {lang}{extra}\n{body}\n{ticks}")


class Page(CrossLinks):
    """What a template sees: the model, and links relative to the page being written."""

    def __init__(self, renderer: "Renderer", path: str) -> None:
        self.r = renderer
        self.m = renderer.model
        self.path = path

    # ---- links --------------------------------------------------------------------------

    def url(self, page: str, anchor_: str | None = None) -> Markup:
        """A relative link to a built page, percent-encoded (safe in an attribute and in Markdown)."""
        return Markup(quote(relative(self.path, html_url(page), anchor_), safe="/#.-_~"))

    def a(self, page: str, label, anchor_: str | None = None, cls: str | None = None) -> Markup:
        c = Markup(' class="{}"').format(cls) if cls else ""
        return Markup('<a href="{}"{}>{}</a>').format(self.url(page, anchor_), c, escape.text(label))

    def link(self, qid: str, label=None) -> Markup:
        """A link to a component's page, or its glossary entry (tags, icons), or its name."""
        comp = self.m.by_qid.get(qid)
        if comp is None:
            return escape.text(label if label is not None else qid)
        label = label if label is not None else self.r.title(comp)
        if comp["kind"] in ("tag", "icon"):
            return self.a(GLOSSARY, label, anchor(qid))
        page = self.m.page_of(qid)
        if page is None:
            return escape.text(label)
        top = self.m.top_of[qid]
        return self.a(page, label, None if top == qid else anchor(qid))

    def part(self, kind: str, box_id: str | None, ident: str) -> Markup:
        """A component named by its id inside a property (an icon, a pool), by its name: linked
        when it has a page or glossary entry, in words otherwise. The box's own comes first."""
        found = [c for c in self.m.components if c["kind"] == kind and c["id"] == ident]
        found += [ch for b in self.m.boxes for ch in b.get("children", ()) if ch["kind"] == kind and ch["id"] == ident]
        best = next((c for c in found if c.get("box") == box_id), found[0] if found else None)
        if best is None:
            return escape.text(ident.replace("-", " "))
        name = best.get("name") or ident.replace("-", " ")
        return self.link(best["qid"], name) if kind != "pool" and best["qid"] in self.m.by_qid else escape.text(name)

    def parts(self, kind: str, box_id: str | None, idents) -> Markup:
        return Markup(", ").join(self.part(kind, box_id, i) for i in idents)

    def dir(self, box_id: str) -> str:
        """The folder of a box's pages."""
        return scope_folder({"scope": box_id})

    def scope_of(self, comp: dict) -> str:
        return scope_folder(comp)

    @property
    def phrases(self) -> Phrases:
        return Phrases(self.m, lambda qid, label: self.link(qid, label))

    # ---- facts --------------------------------------------------------------------------

    def prov(self, source, named=None) -> Markup:
        p = source if isinstance(source, Provenance) else Provenance.of(source)
        if p is None:
            return Markup("")
        rules = self.rules_page()
        if p.kind == "rulebook" and rules:
            out = Markup('<span class="mh-prov mh-prov-rulebook" title="printed in the rulebook, in this section">'
                         'Rulebook: {}</span>').format(self.a(rules, p.section))
        elif p.kind == "rulebook":
            out = Markup('<span class="mh-prov mh-prov-rulebook" title="printed in the rulebook, in this section">'
                         'Rulebook: {}</span>').format(escape.text(p.section))
        else:
            out = Markup('<span class="mh-prov mh-prov-authored" title="authored: not printed in the rulebook">'
                         'Authored</span>')
        n = named if isinstance(named, Provenance) or named is None else Provenance.of(named)
        if n is not None and n.kind == "rulebook":
            out += Markup(' <span class="mh-prov mh-prov-named" title="the rulebook prints the name">'
                          'Name in the rulebook: {}</span>').format(escape.text(n.section))
        return out

    def rules_page(self) -> str | None:
        """The rules page of the box this page belongs to, for links from provenance badges."""
        folder = self.path.split("/", 1)[0]
        box = self.m.box_at(folder)
        return f"{folder}/rules/index.md" if box is not None and is_mayhem_box(box) else None

    def fact(self, comp: dict, name: str, shown=None) -> Markup:
        """A property's value, marked with its provenance when it differs from its component's."""
        value = shown if shown is not None else prop(comp, name)
        if value is True:
            value = "yes"
        if isinstance(value, dict):  # counts by colour: `bases black 2 white 2`
            value = ", ".join(f"{k} {v}" for k, v in value.items())
        if isinstance(value, list):
            value = ", ".join(map(str, value))
        out = escape.text(value) if not isinstance(value, Markup) else value
        return out + self.mark(prop_source(comp, name), Provenance.of(comp["source"]))

    def mark(self, p: Provenance | None, own: Provenance | None) -> Markup:
        """The small provenance mark of a fact whose source differs from its component's."""
        if p is None or p == own:
            return Markup("")
        return Markup(' <sup class="mh-prov-mark mh-prov-{}" title="{}">{}</sup>').format(
            p.kind, escape.text(str(p)), "authored" if p.kind == "authored" else "rulebook")

    def slot_mark(self, comp: dict, slot: str) -> Markup:
        eff = comp.get("effects", {}).get(slot) or {}
        return self.mark(Provenance.of(eff.get("source")), Provenance.of(comp["source"]))

    def differing(self, comp: dict) -> list[tuple[dict, str, Provenance]]:
        """(component, property, provenance) for every fact of the component and its children whose
        provenance differs from that of the component holding it."""
        out = []

        def visit(c: dict, parent: Provenance | None):
            own = Provenance.of(c["source"])
            if parent is not None and own != parent:
                out.append((c, "", own))
            for name in sorted(c.get("props", {})):
                if name in ("source", "named"):
                    continue
                p = prop_source(c, name)
                if p is not None and p != own:
                    out.append((c, name, p))
            for slot in sorted(c.get("effects", {})):
                p = Provenance.of(c["effects"][slot].get("source"))
                if p is not None and p != own:
                    out.append((c, f"{slot} effect", p))
            for ch in c.get("children", ()):
                visit(ch, own)

        visit(comp, None)
        return out

    def effects(self, comp: dict, slot: str) -> Markup:
        eff = comp.get("effects", {}).get(slot)
        if not eff:
            return Markup("")
        return self.phrases.block(eff["body"])

    def guard(self, comp: dict, slot: str) -> Markup:
        eff = comp.get("effects", {}).get(slot)
        if not eff or not eff.get("when"):
            return Markup("")
        return self.phrases.expr(eff["when"])

    def triggers(self, comp: dict) -> list[Markup]:
        return [self.phrases.trigger(t) for t in comp.get("triggers", ())]

    def source(self, comp: dict) -> Markup:
        """The component's DSL, as a fenced `mayhem` code block with its file and line numbers."""
        found = self.m.source_of(comp)
        if found is None:
            return Markup("*The source file is not available.*")
        first, text = found
        file = parse_span(comp["span"])[0]
        title = f' title="{file}"' if re.fullmatch(r"[A-Za-z0-9._/-]+", file) else ""
        return fence(text, "mayhem", f' linenums="{first}"{title}')

    def graph(self, comp: dict) -> Markup:
        if comp["qid"] not in self.m.graph:
            return Markup("*No effect graph: the compiler drew none for it.*")
        return fence(mermaid(self.m.graph, comp["qid"], self.m.ir), "mh-graph")

    def users(self, qid: str) -> list:
        return self.m.users.get(qid, [])

    def terms(self, box_id: str | None) -> dict:
        return {"T": self.m.term(box_id), "Ts": self.m.term(box_id, plural=True),
                "t": self.m.term(box_id).lower(), "ts": self.m.term(box_id, plural=True).lower()}
