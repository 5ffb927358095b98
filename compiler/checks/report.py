"""The consistency report as a Markdown page for the site (`mayhem check --report DIR`)."""
from __future__ import annotations

from mayhem.dsl.diagnostics import Diagnostic

from . import CHECKS
from .wording import counted


def _md(text: str) -> str:
    """Escape what Markdown or HTML would read as markup."""
    out = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    for ch in "\\`*_[]{}()#+!|":
        out = out.replace(ch, "\\" + ch)
    return out


def markdown(findings: list[Diagnostic], silenced: list[tuple[Diagnostic, str]], *, title: str = "Consistency report") -> str:
    counts = {s: sum(1 for d in findings if d.severity == s) for s in ("error", "warning", "note")}
    lines = [f"# {title}", "",
             f"{counted(counts['error'], 'error')}, {counted(counts['warning'], 'warning')}, "
             f"{counted(counts['note'], 'note')}, {len(silenced)} silenced.", "",
             "Every check of `mayhem check` over the whole collection; `mayhem explain CODE` documents each.", ""]
    families: dict[str, list] = {}
    for code in sorted(CHECKS):
        families.setdefault(CHECKS[code].family, []).append(CHECKS[code])
    for family, checks in families.items():
        lines += [f"## {family[0].upper()}{family[1:]}", ""]
        for chk in checks:
            mine = [d for d in findings if d.code == chk.code]
            quiet = [(d, r) for d, r in silenced if d.code == chk.code]
            status = "passes" if not mine else f"{len(mine)} finding{'s' if len(mine) != 1 else ''}"
            # the documentation is ours (it may show `code`); findings quote content, so they are escaped
            lines += [f"### {chk.code} {chk.name} ({chk.severity}): {status}", "", chk.doc, ""]
            for d in sorted(mine, key=Diagnostic.sort_key):
                where = f"`{d.span.file}:{d.span.line}:{d.span.col}`" if d.span else ""
                lines.append(f"- **{d.severity}** {where} {_md(d.message)}" + (f" *Hint: {_md(d.hint)}*" if d.hint else ""))
            for d, reason in sorted(quiet, key=lambda x: x[0].sort_key()):
                where = f"`{d.span.file}:{d.span.line}:{d.span.col}`" if d.span else ""
                lines.append(f"- *silenced* {where} {_md(d.message)}: {_md(reason)}")
            if mine or quiet:
                lines.append("")
    return "\n".join(lines).rstrip() + "\n"
