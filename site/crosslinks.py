"""Links between pages that a reader follows from one rule to the next: related cards, the
content that uses each construct of the language, and numbered rules with a permalink each.
"""
from __future__ import annotations

import re

from markupsafe import Markup

from .escape import text
from .model import sort_name
from .words import prop_words


class CrossLinks:
    """Mixed into `page.Page`: needs `self.m` (the model) and `self.link(qid)`."""

    def prop_value(self, comp: dict, name: str, value) -> Markup:
        """A property of a component drawn by the generic card, in words; the names in it
        that are parts of the same game or box (a figure's starting spaces, a space's
        neighbours) are shown by their names and linked to their cards."""
        from mayhem.dsl.schema import KINDS
        spec = KINDS.get(comp["kind"])
        decl = spec.prop(name) if spec else None
        shape = decl.shape if decl else None
        if shape in ("id", "list", "ids") and comp["kind"] != "mode":
            scopes = (comp["qid"], comp["qid"].rsplit("/", 1)[0])  # its own parts, then its siblings
            items = value if isinstance(value, list) else [value]
            found = [next((f"{s}/{i}" for s in scopes  # never the component itself (a figure's `card-type`
                           if f"{s}/{i}" in self.m.by_qid and f"{s}/{i}" != comp["qid"]), None) for i in items]
            return Markup(", ").join(self.link(q) if q else text(i) for q, i in zip(found, items))
        return text(prop_words(comp["kind"], name, value, shape))

    def related(self, comp: dict, limit: int = 6) -> list[dict]:
        """Cards and characters that use the same keywords and tokens (named directly), most shared
        first, the component's own box first: "related cards"."""
        if comp["kind"] not in ("character", "mayhem-card", "go-card", "npc", "location", "token"):
            return []
        mine = {ref for ref, via in self.m.needs(comp["qid"]).items()
                if via is None and self.m.kind_of(ref) in ("keyword", "token")}
        score: dict[str, int] = {}
        for ref in mine:
            for use in self.m.users.get(ref, ()):
                other = self.m.by_qid[use.user]
                if use.via is None and use.user != comp["qid"] and other["kind"] in ("character", "mayhem-card", "go-card"):
                    score[use.user] = score.get(use.user, 0) + 1
        ranked = sorted(score, key=lambda q: (-score[q], self.m.by_qid[q].get("box") != comp.get("box"),
                                              sort_name(self.m.by_qid[q]), q))
        return [self.m.by_qid[q] for q in ranked[:limit]]

    def examples(self, name: str, limit: int = 3) -> Markup:
        """Links to up to `limit` components whose DSL calls `name(...)`: the language reference's
        examples from the content, one of each kind first."""
        found = []
        for comp in sorted(self.m.pages.values(), key=lambda c: (sort_name(c), c["qid"])):
            src = self.m.source_of(comp)
            if src and re.search(rf"(?<![\w-]){re.escape(name)}\s*\(", src[1]):
                found.append(comp)
        kinds_first = sorted(found, key=lambda c: [d["kind"] for d in found].index(c["kind"]) !=
                             found.index(c))
        return Markup(", ").join(self.link(c["qid"]) for c in kinds_first[:limit])

    def kind_examples(self, kind: str, limit: int = 3) -> Markup:
        comps = [c for c in self.m.pages.values() if c["kind"] == kind]
        comps.sort(key=lambda c: (sort_name(c), c["qid"]))
        return Markup(", ").join(self.link(c["qid"]) for c in comps[:limit])


def number_rules(text: str) -> str:
    """Number the rules of a rules page as comprehensive rules do: section `N` for each `##`, rule
    `N.M` for each paragraph or list item under it, each number a permalink (`#rule-N-M`)."""
    out, section, rule, prev = [], 0, 0, ""
    for line in text.split("\n"):
        if line.startswith("## "):
            section, rule = section + 1, 0
            line = f"## {section}. {line[3:]}"
        elif section and line and (line.startswith(("- ", "* ")) or not prev) and \
                not line.startswith(("#", "|", "<", "{", "`", " ", "\t")):
            rule += 1
            marker, rest = ("- ", line[2:]) if line.startswith(("- ", "* ")) else ("", line)
            line = (f'{marker}<a class="mh-rule" id="rule-{section}-{rule}" href="#rule-{section}-{rule}" '
                    f'title="Permanent link to rule {section}.{rule}">{section}.{rule}</a> {rest}')
        out.append(line)
        prev = line
    return "\n".join(out)
