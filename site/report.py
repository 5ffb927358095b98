"""The consistency report on the site: each check under a stable anchor (its code) with a link to
its documentation in the language reference, each finding linked to the component it is about.

The report itself is `compiler.checks.report.markdown` (or any Markdown with the same shape:
`### CODE title` headings and findings that quote `` `file:line:col` ``); its headings carry counts,
so the anchors the theme would derive from them change when a count changes.
"""
from __future__ import annotations

import re

from markupsafe import Markup

from .model import parse_span

_HEADING = re.compile(r"^(###\s+)(C\d{3})\b(.*)$", re.M)
_WHERE = re.compile(r"`([^`\s]+\.mh):(\d+):(\d+)`")


def component_at(model, file: str, line: int) -> str | None:
    """The qid of the innermost component whose span holds the line."""
    best, size = None, None
    for comp in model.by_qid.values():
        try:
            f, (l1, _), (l2, _) = parse_span(comp.get("span") or "")
        except (ValueError, TypeError):
            continue
        if f == file and l1 <= line <= l2 and (size is None or l2 - l1 < size):
            best, size = comp["qid"], l2 - l1
    return best


def linked(report: str, page) -> Markup:
    """The report with anchors `#c703` on its checks, a link to each check's documentation, and
    each finding's place linked to the component's page."""
    def heading(m: re.Match) -> str:
        code = m.group(2)
        doc = page.a("reference/index.md", f"how {code} works", code.lower())
        return f"{m.group(1)}{code}{m.group(3)} {{ #{code.lower()} }}\n\n{doc}."

    def where(m: re.Match) -> str:
        qid = component_at(page.m, m.group(1), int(m.group(2)))
        if qid is None or page.m.page_of(page.m.top_of.get(qid, qid)) is None:
            return m.group(0)
        return f"{m.group(0)} ({page.link(qid)})"

    return Markup(_WHERE.sub(where, _HEADING.sub(heading, str(report))))
