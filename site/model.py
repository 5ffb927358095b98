"""The site's view of the compiled content: pages and URLs per component, who uses what, provenance.

Everything here is read from the IR JSON (and the content's source text, for the
DSL listings), so a site can be built from any IR the compiler wrote.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
import posixpath

import networkx as nx

from mayhem.compiler.applicability import Applicability
from mayhem.compiler.ir_ops import named_refs
from mayhem.compiler.mayhem_events import ir_events
from mayhem.dsl import schema
from mayhem.dsl.schema import COLOURS
from .words import plural

# The folder of each kind's pages under its box (or module); kinds not listed get `<kind>s`.
FOLDERS = {
    "character": "characters", "mayhem-card": "mayhem-cards", "go-card": "go-cards",
    "location": "locations", "token": "tokens", "npc": "npcs", "keyword": "keywords",
}
# Kinds with no page of their own: shown inside others (glossary, setup).
NO_PAGE = {"box", "module", "tag", "icon", "first-game", "pool"}
KIND_TITLES = {
    "character": "Characters", "mayhem-card": "Mayhem cards", "go-card": "GO! cards",
    "location": "Locations", "token": "Tokens", "npc": "Free-For-All figures", "keyword": "Keywords",
    "tag": "Tags", "icon": "Icons",
}
KIND_ORDER = ("character", "mayhem-card", "go-card", "location", "token", "npc", "keyword")
TERMS = {"toon": "Toon", "character": "Character"}


def kind_title(kind: str) -> str:
    return KIND_TITLES.get(kind, plural(kind.replace("-", " ")).capitalize())


# Top-level folders of the site's own pages, and of MkDocs and the theme.
RESERVED = {"index.md", "glossary", "components", "competitive", "consistency", "reference", "guide", "assets",
            "search", "boxes", "modules", "404.html", "sitemap.xml"}


def scope_folder(comp: dict) -> str:
    """`teen-titans-go` for a box's components, `shared/core` for a module's; under `boxes/` or
    `modules/` when the name is taken by a page of the site."""
    scope = comp["scope"]
    module = scope.endswith(".mh")
    folder = scope[:-3] if module else scope
    if folder.split("/")[0] in RESERVED:
        folder = ("modules/" if module else "boxes/") + folder
    return folder


def relative(from_page: str, to_page: str, anchor: str | None = None) -> str:
    """A link from one docs page (`a/b/index.md`) to another, as MkDocs resolves it."""
    rel = posixpath.relpath(to_page, posixpath.dirname(from_page) or ".")
    return rel + (f"#{anchor}" if anchor else "")


def html_url(page: str) -> str:
    """The built file of a docs page (the offline plugin builds `a/index.md` as `a/index.html`)."""
    return page[:-3] + ".html"


@dataclass
class Provenance:
    kind: str
    section: str | None = None

    @classmethod
    def of(cls, data: dict | None) -> "Provenance | None":
        if not data:
            return None
        return cls(data["kind"], data.get("section"))

    def __str__(self) -> str:
        return f"rulebook, {self.section}" if self.kind == "rulebook" else "authored"


@dataclass
class Use:
    """A component using a keyword, token, tag, icon or component, directly or through a keyword."""
    user: str  # top-level qid
    via: str | None = None  # the keyword it goes through


@dataclass
class SiteModel:
    ir: dict
    sources: dict[str, str] = field(default_factory=dict)  # content file -> text
    events: dict | None = None  # the Mayhem events, if given (else mayhem_events reads the IR's)

    @cached_property
    def mayhem_events(self) -> dict | None:
        """The Mayhem events: as given, else as the IR carries them (None: it carries none)."""
        return self.events if self.events is not None else ir_events(self.ir) or None

    # ---- components ---------------------------------------------------------------

    @cached_property
    def components(self) -> list[dict]:
        return sorted(self.ir["components"], key=lambda c: c["qid"])

    @cached_property
    def by_qid(self) -> dict[str, dict]:
        out = {}
        for top in self.components:
            for comp in _walk(top):
                out[comp["qid"]] = comp
        return out

    @cached_property
    def top_of(self) -> dict[str, str]:
        """Every qid, nested ones included, to the qid of its top-level component."""
        out = {}
        for top in self.components:
            for comp in _walk(top):
                out[comp["qid"]] = top["qid"]
        return out

    @cached_property
    def boxes(self) -> list[dict]:
        return [c for c in self.components if c["kind"] == "box"]

    def box(self, box_id: str) -> dict | None:
        return next((b for b in self.boxes if b["id"] == box_id), None)

    @cached_property
    def team_names(self) -> tuple[str, ...]:
        """The Teams' names the shared game declares (`team-names [black, white]`), in seat order:
        the names a pool's counts per Team and the Bases use; the Mayhem colours when no game
        names them (as the compiler reads them: compiler/checks/game_pieces.py)."""
        game = next((c for c in self.components if c["kind"] == "game" and not c.get("box")
                     and prop(c, "team-names")), None)
        return tuple(prop(game, "team-names")) if game is not None else COLOURS

    @cached_property
    def tiles(self):
        """The card type of the board's tiles and the properties the board reads as a tile's
        capacity and Base (the shared game's `board`: compiler/mode_setup.tile_roles)."""
        from mayhem.compiler.mode_setup import tile_roles
        return tile_roles(self.ir["components"])

    @cached_property
    def set_out(self) -> tuple[str, str]:
        """The tiles' property and the pool's flag under which the shared game's counter sets its
        pieces out at setup (`counter vp { set-out-on vp-slots  set-out-if on-vp-slots }`)."""
        game = next((c for c in self.components if c["kind"] == "game" and not c.get("box")), None)
        counter = next((k for k in (game or {}).get("children", ()) if k["kind"] == "counter"
                        and prop(k, "set-out-on")), None)
        return (prop(counter, "set-out-on"), prop(counter, "set-out-if", "")) if counter else ("vp-slots", "on-vp-slots")

    def term(self, box_id: str | None, plural: bool = False) -> str:
        box = self.box(box_id) if box_id else None
        word = TERMS.get(prop(box, "terminology", "character"), "Character") if box else "Character"
        return word + ("s" if plural else "")

    def of_kind(self, kind: str, scope: str | None = None) -> list[dict]:
        """Components of a kind, of one box (by id or folder) or module (by folder), by name."""
        comps = [c for c in self.components if c["kind"] == kind and
                 (scope is None or c["box"] == scope or scope_folder(c) == scope)]
        return sorted(comps, key=lambda c: (sort_name(c), c["qid"]))

    def box_at(self, folder: str) -> dict | None:
        """The box whose pages are under this folder."""
        return next((b for b in self.boxes if scope_folder(b) == folder), None)

    @cached_property
    def scopes(self) -> list[str]:
        """The folders of the boxes (in IR order), then of the shared modules."""
        boxes = [scope_folder(b) for b in self.boxes]
        modules = sorted({scope_folder(c) for c in self.components if c["box"] is None})
        return boxes + modules

    # ---- pages ----------------------------------------------------------------------

    def page_of(self, qid: str) -> str | None:
        """The docs page (`teen-titans-go/characters/robin/index.md`) of a component, or of the
        top-level component a nested one belongs to."""
        comp = self.by_qid.get(qid)
        if comp is None:
            return None
        top = self.by_qid[self.top_of[qid]]
        if top["kind"] == "box":
            return f"{scope_folder(top)}/index.md"
        if top["kind"] == "module":
            return f"{scope_folder(top)}/index.md"
        if top["kind"] in NO_PAGE:
            return None
        folder = FOLDERS.get(top["kind"]) or plural(top["kind"])
        return f"{scope_folder(top)}/{folder}/{top['id']}/index.md"

    @cached_property
    def pages(self) -> dict[str, dict]:
        """Docs page -> top-level component, for every component with a page of its own."""
        out = {}
        for c in self.components:
            if c["kind"] in NO_PAGE:
                continue
            page = self.page_of(c["qid"])
            if page in out:
                raise ValueError(f"two components want the page {page}: {out[page]['qid']} and {c['qid']}")
            out[page] = c
        return out

    # ---- the effect graph -------------------------------------------------------------

    @cached_property
    def graph(self) -> nx.DiGraph:
        g = nx.DiGraph()
        for node in self.ir["graph"]["nodes"]:
            g.add_node(node["id"], **{k: v for k, v in node.items() if k != "id"})
        for edge in self.ir["graph"]["edges"]:
            g.add_edge(edge["source"], edge["target"], type=edge["type"])
        return g

    # ---- who uses what ------------------------------------------------------------------

    @cached_property
    def direct_refs(self) -> dict[str, set[str]]:
        """Top-level qid -> the keywords (`calls` edges), tokens, tags, icons and components its
        effects and triggers name."""
        out: dict[str, set[str]] = {c["qid"]: set() for c in self.components}
        for a, b, data in self.graph.edges(data=True):
            if data["type"] == "calls":
                owner = self.graph.nodes[a].get("component")
                if owner in self.top_of:
                    out[self.top_of[owner]].add(b)
        for top in self.components:
            for comp in _walk(top):
                for ref in _refs(comp):
                    if ref != top["qid"]:
                        out[top["qid"]].add(ref)
        return out

    @cached_property
    def keyword_closure(self) -> dict[str, set[str]]:
        """Keyword qid -> everything it uses, through the keywords it uses."""
        out: dict[str, set[str]] = {}
        keywords = [c["qid"] for c in self.components if c["kind"] == "keyword"]

        def visit(q: str, seen: set[str]) -> set[str]:
            if q in out:
                return out[q]
            acc: set[str] = set()
            for ref in self.direct_refs.get(q, ()):
                acc.add(ref)
                if self.kind_of(ref) == "keyword" and ref not in seen:
                    acc |= visit(ref, seen | {ref})
            out[q] = acc
            return acc

        for q in keywords:
            visit(q, {q})
        return out

    def needs(self, qid: str) -> dict[str, str | None]:
        """Everything a component uses -> None when named directly, else the keyword it comes through."""
        out: dict[str, str | None] = {}
        for ref in sorted(self.direct_refs.get(qid, ())):
            out[ref] = None
        for ref in sorted(self.direct_refs.get(qid, ())):
            if self.kind_of(ref) == "keyword":
                for deeper in sorted(self.keyword_closure.get(ref, ())):
                    out.setdefault(deeper, ref)
        out.pop(qid, None)
        return out

    @cached_property
    def users(self) -> dict[str, list[Use]]:
        """Keyword, token, tag, icon or component qid -> the top-level components that use it."""
        out: dict[str, list[Use]] = {}
        for c in self.components:
            for ref, via in self.needs(c["qid"]).items():
                out.setdefault(ref, []).append(Use(c["qid"], via))
        for uses in out.values():
            uses.sort(key=lambda u: (u.via is not None, sort_name(self.by_qid[u.user]), u.user))
        return out

    def kind_of(self, qid: str) -> str | None:
        return (self.by_qid.get(qid) or {}).get("kind")

    # ---- Competitive Mode ----------------------------------------------------------------

    @cached_property
    def where(self) -> Applicability:
        """What applies on which board: the one answer of the checks, the site and the runtime."""
        return Applicability(self.ir)

    def pools(self, box_id: str) -> set[str]:
        return self.where.board_pools(box_id)

    def pool_of(self, token: dict) -> str:
        return self.where.pool_of(token["qid"])

    def icons_on(self, box_id: str) -> set[str]:
        return self.where.icons_on(box_id)

    def provided(self, ref: str, box_id: str) -> bool | None:
        return self.where.provided(ref, box_id)

    def missing_on(self, qid: str, box_id: str) -> list[tuple[str, str | None]]:
        """(what is missing, the keyword it comes through) for one component on one board."""
        return [(ref, via) for ref, via in self.needs(qid).items() if self.provided(ref, box_id) is False]

    # ---- source text --------------------------------------------------------------------

    def source_of(self, comp: dict) -> tuple[int, str] | None:
        """(first line, DSL text) of a component, from its span; with the comment lines just above it."""
        file, (l1, _c1), (l2, _c2) = parse_span(comp["span"])
        text = self.sources.get(file)
        if text is None:
            return None
        lines = text.split("\n")
        start = l1 - 1
        while start > 0 and lines[start - 1].lstrip().startswith("#"):
            start -= 1
        return start + 1, "\n".join(lines[start:l2])


def _walk(comp: dict):
    yield comp
    for ch in comp.get("children", ()):
        yield from _walk(ch)


def _refs(x) -> set[str]:
    """Tokens, tags, icons and components named in a component's effects and triggers (not in children)."""
    return named_refs([x.get("effects"), x.get("triggers")])


def prop(comp: dict | None, name: str, default=None):
    if comp is None:
        return default
    p = comp.get("props", {}).get(name)
    return p["value"] if p is not None else default


def prop_source(comp: dict, name: str) -> Provenance | None:
    p = comp.get("props", {}).get(name)
    return Provenance.of(p["source"]) if p else None


def sort_name(comp: dict) -> str:
    return (comp.get("name") or comp["id"]).casefold()


def parse_span(span: str) -> tuple[str, tuple[int, int], tuple[int, int]]:
    """`file:l1:c1-l2:c2` (the file may hold colons)."""
    head, _, end = span.rpartition("-")
    file_and_start, _, c1 = head.rpartition(":")
    file, _, l1 = file_and_start.rpartition(":")
    l2, _, c2 = end.partition(":")
    return file, (int(l1), int(c1)), (int(l2), int(c2))


def pool_total(pool: dict) -> int:
    """How many pieces a pool holds: its count, or the sum of its counts per Team (whatever the
    Teams are called: every number-valued property of the pool that is not one of its own)."""
    count = prop(pool, "count")
    if count is not None:
        return count
    return sum(n for _team, n in team_counts(pool))


def team_counts(pool: dict, teams: tuple[str, ...] = ()) -> list[tuple[str, int]]:
    """A pool's counts per Team (`black 5 white 5`), as (Team, count): the Teams in `teams`'
    order first (the game's `team-names`), then any other the pool names, by name."""
    own = {p.name for p in schema.KINDS["pool"].props}
    named = {k: v.get("value") for k, v in pool.get("props", {}).items()
             if k not in own and isinstance(v.get("value"), int) and not isinstance(v.get("value"), bool)}
    order = [t for t in teams if t in named] + sorted(t for t in named if t not in teams)
    return [(t, named[t]) for t in order]


def in_play(model: SiteModel, box_id: str, comp: dict) -> bool:
    """Whether a component takes part in a game of this box: the box's own, and shared rules
    (a shared token only when the box has its pool)."""
    if comp["box"] not in (None, box_id):
        return False
    if comp["kind"] == "token":
        return model.pool_of(comp) in model.pools(box_id)
    return True


def listeners(model: SiteModel, box_id: str, event: str) -> list[tuple[dict, dict, dict]]:
    """(top-level component, the part holding the trigger, the trigger) for every trigger on an
    event in a game of this box, Mayhem cards aside (they are played, not standing rules)."""
    out = []
    for top in model.components:
        if top["kind"] in ("mayhem-card", "go-card") or not in_play(model, box_id, top):
            continue
        for part in _walk(top):
            for trig in part.get("triggers", ()):
                if trig["event"] == event:
                    out.append((top, part, trig))
    return sorted(out, key=lambda t: (t[0]["kind"], sort_name(t[0]), t[1]["qid"]))
