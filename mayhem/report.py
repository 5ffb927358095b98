"""Diagnostics out: text (gcc-style), JSON and SARIF 2.1.0."""
from __future__ import annotations

import json
import os
from pathlib import Path

from mayhem import __version__
from mayhem.dsl.codes import CODES
from mayhem.dsl.diagnostics import Diagnostic, format_all, summary
from mayhem.dsl.spans import SourceFile

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_LEVEL = {"error": "error", "warning": "warning", "note": "note"}


def display_path(root: Path | None, sources: dict[str, SourceFile] | None = None):
    """Show files relative to the working directory when possible (a file of a set the root
    depends on where it is, not under the root)."""
    def show(name: str) -> str:
        if root is None:
            return name
        src = sources.get(name) if sources else None
        full = src.path if src is not None and src.path is not None else root / name
        try:
            return os.path.relpath(full)
        except ValueError:  # another drive
            return str(full)
    return show


def checked(comp) -> dict:
    """What a check read: files and components; in context, the files asked about and the
    findings of other files that they do not cause."""
    out = {"files": comp.files, "components": comp.components}
    if comp.asked is not None:
        out["asked"] = [display_path(comp.root)(n) for n in comp.asked]
        external = getattr(comp, "external", set())
        own = [d for d in comp.elsewhere if d.span is None or d.span.file not in external]
        out["elsewhere"] = summary(own) if own else None
        if len(own) < len(comp.elsewhere):
            out["in_dependencies"] = summary([d for d in comp.elsewhere if d not in own])
        out["root"] = display_path(None)(str(comp.root)) if comp.root else None
    return out


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def checked_text(info: dict) -> str:
    """>>> checked_text({"files": 24, "components": 150})
    'checked 24 files, 150 components'
    >>> checked_text({"files": 25, "components": 151, "asked": ["a.mh"], "elsewhere": None, "root": "content"})
    'checked a.mh in its collection (content: 25 files, 151 components)'
    """
    counts = f"{_plural(info['files'], 'file')}, {_plural(info['components'], 'component')}"
    if info.get("asked") is None:
        return f"checked {counts}"
    asked = ", ".join(info["asked"]) if len(info["asked"]) <= 3 else _plural(len(info["asked"]), "file")
    their = "its" if len(info["asked"]) == 1 else "their"
    return f"checked {asked} in {their} collection ({os.path.relpath(info['root'])}: {counts})"


def text(diags: list[Diagnostic], sources: dict[str, SourceFile], root: Path | None, *,
         color: bool = False, limit: int | None = None, checked: dict | None = None) -> str:
    """The findings, gcc-style, and a summary line. A report without errors says on its last
    line what was checked (a report with errors keeps to the errors)."""
    body = format_all(diags, sources, display=display_path(root, sources), color=color, limit=limit)
    tail = summary(diags)
    if checked is not None:
        if checked.get("elsewhere"):
            where = os.path.relpath(checked["root"])
            tail = (f"{tail}\n(and {checked['elsewhere']} in other files of the collection that these do not "
                    f"cause: `mayhem check {where}` shows them)")
        if checked.get("in_dependencies"):
            tail = (f"{tail}\n(and {checked['in_dependencies']} in the content sets it depends on, that these "
                    "do not cause)")
        if not any(d.severity == "error" for d in diags):
            tail = f"{checked_text(checked)}: {tail}"
    return f"{body}\n{tail}" if body else tail


def as_json(diags: list[Diagnostic], root: Path | None, checked: dict | None = None,
            sources: dict[str, SourceFile] | None = None) -> str:
    show = display_path(root, sources)
    items = []
    for d in diags:
        item = d.to_json()
        if d.span is not None:
            item["span"]["path"] = show(d.span.file)
        items.append(item)
    doc = {"diagnostics": items, "summary": summary(diags)}
    if checked is not None:
        doc["checked"] = checked
    return json.dumps(doc, indent=2, sort_keys=True)


def _location(span, root: Path | None, sources: dict[str, SourceFile] | None = None) -> dict:
    region = {"startLine": span.line, "startColumn": span.col, "endLine": span.end_line,
              "endColumn": span.end_col}
    src = sources.get(span.file) if sources else None
    if root is not None and src is not None and src.path is not None and not src.path.is_relative_to(root):
        artifact = {"uri": src.path.resolve().as_uri()}  # a file of a set the root depends on
    else:
        artifact = {"uri": span.file, "uriBaseId": "CONTENTROOT"}
    return {"physicalLocation": {"artifactLocation": artifact, "region": region}}


def sarif(diags: list[Diagnostic], root: Path | None, sources: dict[str, SourceFile] | None = None) -> str:
    used = sorted({d.code for d in diags})
    rules = []
    for code in used:
        doc = CODES.get(code)
        rule = {"id": code, "name": (doc.title if doc else code).replace(" ", "-"),
                "shortDescription": {"text": doc.title if doc else code},
                "helpUri": f"https://mayhem-toolchain.invalid/codes/{code}"}
        if doc:
            rule["fullDescription"] = {"text": doc.explanation}
            rule["help"] = {"text": f"{doc.explanation}\n\nRun `mayhem explain {code}` for an example."}
        rules.append(rule)
    index = {code: i for i, code in enumerate(used)}
    results = []
    for d in diags:
        res = {"ruleId": d.code, "ruleIndex": index[d.code], "level": SARIF_LEVEL[d.severity],
               "message": {"text": d.message + (f" (hint: {d.hint})" if d.hint else "")}}
        if d.span is not None:
            res["locations"] = [_location(d.span, root, sources)]
        if d.related:
            res["relatedLocations"] = [{"id": i, **_location(r.span, root, sources), "message": {"text": r.message}}
                                       for i, r in enumerate(d.related)]
        results.append(res)
    run = {
        "tool": {"driver": {"name": "mayhem", "version": __version__, "informationUri":
                            "https://mayhem-toolchain.invalid/", "rules": rules}},
        "results": results,
        "columnKind": "unicodeCodePoints",
    }
    if root is not None:
        run["originalUriBaseIds"] = {"CONTENTROOT": {"uri": root.resolve().as_uri() + "/"}}
    return json.dumps({"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}, indent=2, sort_keys=True)
