"""The extension's snippets (snippets/mayhem.json): one skeleton per declaration kind of
dsl/schema.py, with the kind's required properties (enum values as choices), its text and
its effect slots. Written by gen_grammar.py with the grammar; tests/test_vscode_grammar.py
parses every snippet, expanded with its defaults, with the DSL's parser."""
from __future__ import annotations

import json

from mayhem.dsl import schema

# Not required by the table, but a skeleton without them fails the checks: a one-sided
# dashboard needs its Life Points and Mayhem-card icons (E205).
EXTRA_PROPS = {"character": ("life", "mayhem-cards")}


def _value(shape: str, n: int) -> str:
    """The snippet text of a property's value, tab stop `n`."""
    if shape.startswith(("enum:", "enums:")):
        return "${%d|%s|}" % (n, ",".join(shape.split(":", 1)[1].split("|")))
    known = {
        "flag": "",
        "int": "${%d:0}" % n,
        "signed": "${%d:0}" % n,
        "string": '"$%d"' % n,
        "id": "${%d:name}" % n,
        "ids": "${%d:name}" % n,
        "names": "${%d:name}" % n,
        "list": "[$%d]" % n,
        "ints": "[${%d:0}]" % n,
        "strings": '["$%d"]' % n,
        "range": "${%d:2..4}" % n,
        "counts": "${%d:black 1 white 1}" % n,
        "source": '${%d|authored,rulebook "Section"|}' % n,
        "once": "per ${%d|turn,round,game|}" % n,
        "nested": "${%d:[[2], [2]]}" % n,
    }
    return known.get(shape, "$%d" % n)  # a shape the table gains: a bare tab stop


def snippet(kind: str, spec) -> dict:
    n = 1
    head = [kind]
    if spec.ids:  # the ids its declarations must take (a side: `ids [a, b]`)
        head.append("${1|%s|}" % ",".join(spec.ids))
        n += 1
    else:
        head.append("${%d:%s}" % (n, "id"))
        n += 1
    if spec.needs_name:
        head.append('"${%d:Name}"' % n)
        n += 1
    if spec.params:
        head.append("(${%d:x})" % n)
        n += 1
    lines = [" ".join(head) + " {"]
    wanted = [p for p in spec.props if p.required or p.name in EXTRA_PROPS.get(kind, ())]
    text = spec.prop("text")
    if text is not None and text not in wanted:
        wanted.insert(1 if wanted and wanted[0].name == "source" else 0, text)
    for p in wanted:
        value = _value(p.shape, n)
        n += value.count("$")
        lines.append(f"\t{p.name} {value}".rstrip())
    # the cursor ends in the first slot (`$0`), else before the closing brace
    for i, s in enumerate(spec.slots):
        lines += [f"\t{s.name} {{", "\t\t$0" if i == 0 else f"\t\t${n}", "\t}"]
        n += i > 0
    if not spec.slots:
        lines.append("\t$0")
    lines.append("}")
    body = "\n".join(lines)
    return {"prefix": kind, "description": spec.doc, "body": body.split("\n")}


def render_snippets() -> str:
    snippets = {kind: snippet(kind, spec) for kind, spec in schema.KINDS.items()}
    return json.dumps(snippets, indent=2, ensure_ascii=False) + "\n"


def expand(body: list[str]) -> str:
    """A snippet's text as inserted when every placeholder keeps its default (a choice its first)."""
    import re

    text = "\n".join(body).replace("\t", "  ")
    text = re.sub(r"\$\{\d+\|([^,|]*)[^}]*\|\}", r"\1", text)
    text = re.sub(r"\$\{\d+:([^}]*)\}", r"\1", text)
    return re.sub(r"\$\d+", "", text)
