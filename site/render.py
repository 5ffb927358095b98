"""Pages: the compiled content rendered by the Jinja2 templates into Markdown, with the nav.

`render(model, ...)` returns every page of the site as {docs path: Markdown} and
the nav tree; `site.build` writes them with the mkdocs.yml and runs MkDocs. The
templates escape by default: every `{{ value }}` that is not already Markup goes
through `escape.text`, so content can hold any characters.
"""
from __future__ import annotations

from dataclasses import dataclass, field
import html as html_lib
import re

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup
import yaml

from . import escape, reference
from .crosslinks import number_rules
from mayhem.compiler.mode_setup import setup_steps

from . import cards
from .board import mode_board, standard_board
from .procedure import (actions, counters, events, label as part_label, mode_parts, procedure, rule_text, turn_parts,
                        zones)
from .faq import box_faq, has_faq, is_mayhem_box, rulings_of
from .report import linked as link_report
from .words import plural, mode_label, mode_value, printed_label, prop_label, property_declaration, site_words, token_words
from .page import COMPETITIVE, CONSISTENCY, GLOSSARY, GUIDE, HOME, INDEX, REFERENCE, Page, anchor, fence
from .model import (FOLDERS, KIND_ORDER, KIND_TITLES, NO_PAGE, SiteModel, in_play, kind_title, listeners, pool_total, prop,
                    prop_source, scope_folder, sort_name, team_counts)


TIMING = {"round-start": "Round Start", "activation": "Activation", "reaction": "Reaction"}
DURATION = {"immediate": "Immediate", "round": "Until the end of the round"}
MISSIONS = {"defeat-the-monster": "Defeat the Monster", "go-somewhere": "Go somewhere, do something",
            "deliveries": "Make deliveries", "investigate": "Investigate", "fight": "Fight!"}
SLOT_TITLES = {"standard": "Standard", "special": "Special", "mayhem": "Mayhem", "effect": "Effect",
               "when-picked": "When Picked", "reward": "Reward"}


@dataclass
class Site:
    pages: dict[str, str] = field(default_factory=dict)
    nav: list = field(default_factory=list)
    name: str = "Mayhem rule reference"  # and its description: site_words
    description: str = ""


def kind_name(kind: str) -> str:
    """A kind as players say it, singular: `GO! card`, `Mayhem card`, `character`."""
    return {"go-card": "GO! card", "mayhem-card": "Mayhem card", "npc": "non-player figure"}.get(
        kind, kind.replace("-", " "))




def named(comp: dict):
    """Where the rulebook prints a component's name (the `named` property), or None."""
    p = comp.get("props", {}).get("named")
    return p["value"] if p else None


def prop_doc(kind: str, name: str) -> str:
    """What a property means, from dsl/schema.py."""
    from mayhem.dsl.schema import KINDS
    spec = KINDS.get(kind)
    p = spec.prop(name) if spec else None
    return p.doc if p else ""


def environment() -> Environment:
    env = Environment(loader=PackageLoader("mayhem.site", "templates"), autoescape=True,
                      finalize=escape.text, undefined=StrictUndefined, trim_blocks=True,
                      lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["e"] = escape.text
    env.filters["plain"] = escape.plain
    env.filters["doc"] = escape.doc
    env.filters["pool_total"] = pool_total
    env.globals.update(TIMING=TIMING, DURATION=DURATION, MISSIONS=MISSIONS, SLOT_TITLES=SLOT_TITLES,
                       kind_title=kind_title, prop=prop, prop_source=prop_source, Markup=Markup, anchor=anchor,
                       FOLDERS=FOLDERS, pool_total=pool_total, team_counts=team_counts, fence=fence, named=named, prop_doc=prop_doc,
                       in_play=in_play, listeners=listeners, mode_label=mode_label, prop_label=prop_label, printed_label=printed_label, kind_name=kind_name, link_report=link_report,
                       mode_value=mode_value, procedure=procedure, actions=actions, counters=counters, mode_parts=mode_parts, rule_text=rule_text, part_label=part_label, token_words=token_words, property_declaration=property_declaration, is_mayhem_box=is_mayhem_box, rulings_of=rulings_of, box_faq=box_faq, has_faq=has_faq)
    env.globals.update(card_type=cards.card_type, card_table=cards.table, card_tables=cards.tables,
                       card_cell=cards.cell, card_text=cards.text_of, side_name=cards.side_name,
                       played_in_order=cards.played_in_order, card_slot_label=cards.slot_label, plural=plural, card_modes=cards.mode_brings, zones=zones, turn_parts=turn_parts, game_events=events)
    return env


class Renderer:
    def __init__(self, model: SiteModel, *, diagnostics: list | None = None, report: str | None = None,
                 docs: dict | None = None, history=None, balance=None) -> None:
        """`report` is the consistency report, a Markdown page (with its own `# title`) as
        `mayhem check --report` writes it: the hook through which any report drops in.
        `history` (compiler/diff/history.py), when given, adds the changelog pages and a
        history section to every component page. `balance` (the rows of a results file of
        `mayhem balance`), when given, adds the balance page (site/balance.py)."""
        self.model = model
        self.env = environment()
        self.diagnostics = diagnostics or []
        self.report = report
        self.docs = docs or {}
        self.history = history
        self.balance = balance
        self.site = Site()
        self.any_mayhem = any(is_mayhem_box(b) for b in model.boxes)  # else no Competitive Mode
        self.site.name, self.site.description = site_words([b.get("name") or b["id"] for b in model.boxes],
                                                           self.any_mayhem)
        self._names: dict | None = None
        self.env.globals["kind_title"] = self.kind_title

    def write(self, path: str, template: str, **ctx) -> None:
        page = Page(self, path)
        text = self.env.get_template(template).render(p=page, m=self.model, box_kinds=self.box_kinds,
                                                      board=lambda box: standard_board(self.model, box),
                                                      mode_board=lambda box, mode: mode_board(self.model, box, mode),
                                                      mode_steps=lambda mode: setup_steps(mode, self.model.ir["components"]),
                                                      site=self.site, any_mayhem=self.any_mayhem, **ctx)
        text = re.sub(r"\n{3,}", "\n\n", text).rstrip("\n") + "\n"
        if template == "box_rules.md.j2":
            text = number_rules(text)
        self.site.pages[path] = self.front_matter(path, text, ctx.get("c")) + text

    def front_matter(self, path: str, text: str, comp: dict | None) -> str:
        """The page's own meta description (the theme writes it into HTML unescaped: escaped here);
        on a component's page, its box and kind as `tags`, which the search index keeps and the
        theme shows as labels on each search result (the page itself shows them in its header)."""
        meta: dict = {}
        if comp is not None:
            scope = self.scope_title(comp.get("box") or scope_folder(comp))
            kind = kind_name(comp["kind"])
            said = prop(comp, "text")
            description = f"{self.title(comp)}: {kind} of {scope}." + (f" {' '.join(str(said).split())}" if said else "")
            meta["tags"] = [scope, kind[:1].upper() + kind[1:]]
        else:
            heading = re.search(r"^# (.+)$", text, re.M)
            title = html_lib.unescape(re.sub(r"<[^>]+>", "", heading.group(1)) if heading else self.site.name)
            description = (title if "rule reference" in title.lower() else f"{title}: the {self.site.name}") + \
                ". " + self.site.description
        description = description if len(description) <= 160 else description[:157].rstrip() + "..."
        meta = {"description": str(escape.html(description)), **meta}
        return "---\n" + yaml.safe_dump(meta, allow_unicode=True, sort_keys=False, width=1000) + "---\n\n"

    def render(self) -> Site:
        m = self.model
        self.write(HOME, "home.md.j2")
        nav: list = [{"Home": HOME}]
        for scope in m.scopes:
            nav.append({self.scope_title(scope): self.scope_pages(scope)})
        self.write(GLOSSARY, "glossary.md.j2", entries=self.glossary_entries())
        self.write(INDEX, "index.md.j2")
        if self.any_mayhem:
            self.write(COMPETITIVE, "competitive.md.j2")
        self.write(CONSISTENCY, "consistency.md.j2", diagnostics=self.diagnostics,
                   compiler_diags=[d for d in self.diagnostics if not d.code.startswith("C")],
                   report=Markup(self.report) if self.report else None)
        self.write(REFERENCE, "reference.md.j2", ref=reference.Reference(self.model.team_names,
                                                                                self.model.mayhem_events))
        guide = [GUIDE]
        self.write(GUIDE, "guide.md.j2", tutorial=self.docs.get("tutorial"),
                   has_language_guide=any(name == "language" for name, _, _ in self.docs.get("pages", [])))
        for name, title, text in self.docs.get("pages", []):
            path = f"guide/{name}/index.md"
            self.site.pages[path] = text
            guide.append({title: path})
        nav += [{"Glossary": GLOSSARY}, {"Index of components": INDEX}] + \
            ([{"Competitive Mode": COMPETITIVE}] if self.any_mayhem else []) + \
            [{"Consistency report": CONSISTENCY}, {"Language reference": REFERENCE}, {"Author's guide": guide}]
        if self.history is not None:
            from .history import write_changelog
            nav.append({"Changelog": write_changelog(self, self.history)})
        if self.balance is not None:
            from .balance import write_balance
            nav.append({"Balance": write_balance(self, self.balance)})
        self.site.nav = nav
        return self.site

    def title(self, comp: dict) -> str:
        """A component's name as titles, the nav, links and lists show it: with what tells it apart
        from another page of the same name (its number, its kind, its box)."""
        name = comp.get("name") or comp["id"]
        if self._names is None:
            self._names = {}
            for c in self.model.pages.values():
                self._names.setdefault(c.get("name") or c["id"], []).append(c)
        same = [c for c in self._names.get(name, []) if c["qid"] != comp["qid"]]
        if not same:
            return name
        number = re.search(r"-(\d+)$", comp["id"])
        if number and any(c.get("box") == comp.get("box") and c["kind"] == comp["kind"] for c in same):
            name = f"{name} {number.group(1)}"
        extra = []
        if any(c["kind"] != comp["kind"] for c in same):
            extra.append(kind_name(comp["kind"]))
        if any(scope_folder(c) != scope_folder(comp) for c in same):
            extra.append(self.scope_title(comp.get("box") or scope_folder(comp)))
        return f"{name} ({', '.join(extra)})" if extra else name

    def kind_title(self, kind: str) -> str:
        """A kind's title: a card type a game declares by its name ("Nemesis cards"), the Mayhem
        kinds and the others as the model says them (`model.kind_title`)."""
        t = next((c for c in self.model.components if c["kind"] == "card-type" and c["id"] == kind), None)
        if t is None or not t.get("name") or kind in KIND_TITLES:
            return kind_title(kind)
        return t["name"] + "s" if t["name"].lower().endswith("card") else f"{t['name']} cards"

    def box_kinds(self, box_id: str) -> list[str]:
        """The kinds of the box's components with pages: the known ones in their order, then any
        other kind the content declares, by name."""
        kinds = {c["kind"] for c in self.model.components if c["box"] == box_id and c["kind"] not in NO_PAGE}
        return sorted(kinds, key=lambda k: (KIND_ORDER.index(k) if k in KIND_ORDER else len(KIND_ORDER), k))

    def scope_title(self, scope: str) -> str:
        """The title of a box (by id or folder) or of a module (by folder)."""
        box = self.model.box(scope) or self.model.box_at(scope)
        if box is not None:
            return box.get("name") or box["id"]
        module = next((c for c in self.model.components if c["kind"] == "module" and scope_folder(c) == scope),
                      None)
        return (module.get("name") if module else None) or f"{scope.rsplit('/', 1)[-1].capitalize()} (shared rules)"

    def scope_pages(self, scope: str) -> list:
        m = self.model
        box = m.box_at(scope)
        out: list = []
        index = f"{scope}/index.md"
        if box is not None:
            mayhem = is_mayhem_box(box)
            extra = [] if mayhem else self.card_game_pages(scope, box)
            self.write(index, "box.md.j2", box=box, mayhem=mayhem, extra=[slug for slug, _t, _p in extra])
            out.append(index)
            for slug, title, template in () if not mayhem else (("components", "Components", "box_components.md.j2"),
                                          ("setup", "Setup", "box_setup.md.j2"),
                                          ("round", "Round summary", "box_round.md.j2"),
                                          ("rules", "Rules", "box_rules.md.j2"),
                                          ("modes", "Modes", "box_modes.md.j2"),
                                          ("print", "Card sheets to print", "box_print.md.j2")):
                path = f"{scope}/{slug}/index.md"
                self.write(path, template, box=box)
                out.append({title: path})
            for slug, title, template in extra:
                path = f"{scope}/{slug}/index.md"
                self.write(path, template, box=box)
                out.append({title: path})
            if has_faq(m, box["id"]):
                path = f"{scope}/faq/index.md"
                self.write(path, "box_faq.md.j2", box=box)
                out.append({"FAQ": path})
        else:
            module = next((c for c in m.components if c["kind"] == "module" and scope_folder(c) == scope), None)
            self.write(index, "module.md.j2", scope=scope, module=module)
            out.append(index)
        kinds = sorted({c["kind"] for c in m.components if scope_folder(c) == scope and c["kind"] not in NO_PAGE},
                       key=lambda k: (KIND_ORDER.index(k) if k in KIND_ORDER else len(KIND_ORDER), k))
        for kind in kinds:
            comps = m.of_kind(kind, scope)
            folder = FOLDERS.get(kind) or plural(kind)
            kind_index = f"{scope}/{folder}/index.md"
            self.write(kind_index, "kind.md.j2", scope=scope, kind=kind, comps=comps, box=box)
            section: list = [kind_index]
            for c in comps:
                page = m.page_of(c["qid"])
                self.write(page, "component.md.j2", c=c, box=box)
                section.append({escape.plain(self.title(c)): page})
            out.append({self.kind_title(kind): section})
        return out

    def card_game_pages(self, scope: str, box: dict) -> list[tuple[str, str, str]]:
        """(folder, title, template) of the pages of a box of a game of the rules kernel: its rules
        page (zones, setup, the turn, the end, modes, rulings) and its cards page (a table per card
        type), each when the box has what it shows and its folder is not a kind's."""
        m = self.model
        taken = {FOLDERS.get(c["kind"]) or plural(c["kind"]) for c in m.components if scope_folder(c) == scope}
        pages = (("rules", "Rules", "box_game.md.j2", m.of_kind("game", box["id"])),
                 ("cards", "Cards", "box_cards.md.j2", cards.tables(m, box["id"])))
        return [(slug, title, template) for slug, title, template, shown in pages if shown and slug not in taken]

    def glossary_entries(self) -> list[tuple[str, list[dict]]]:
        m = self.model
        groups = []
        for kind, title in (("keyword", "Keywords"), ("token", "Tokens and statuses"), ("tag", "Tags"),
                            ("icon", "Icons")):
            comps = sorted((c for c in m.components if c["kind"] == kind), key=lambda c: (sort_name(c), c["qid"]))
            if comps:
                groups.append((title, comps))
        return groups


def render(model: SiteModel, **kw) -> Site:
    return Renderer(model, **kw).render()
