"""The difference between two versions of a component in words, from the effect IR
("Special: +2 Damage -> +1 Damage"), and the effect-graph nodes that changed. Statements read
as the card text renders them (compiler/render_text.py), expressions as the DSL writes them
(compiler/render_expr.py, the printer the site uses too)."""
from __future__ import annotations

import difflib
import json

from ..render_expr import expression_text as expr
from ..render_text import SLOT_LABELS, phrases
from .meaning import PROVENANCE, WORDING, _key, _value, canon

SLOT_NAMES = {**SLOT_LABELS, "standard": "Standard", "effect": "Effect"}
MAX_DETAILS = 3


def _show(v) -> str:
    if isinstance(v, str):
        return repr(v) if " " in v or not v else v
    if isinstance(v, list):
        return "[" + ", ".join(_show(i) for i in v) + "]"
    if isinstance(v, dict) and "e" in v:
        return expr(v)
    return json.dumps(v, sort_keys=True, ensure_ascii=False)


def _stmt(s: dict) -> str:
    if s.get("op") == "keyword":
        return s.get("name") or s["keyword"].rsplit(":", 1)[-1]
    if s.get("op") == "primitive":
        return s["name"]
    return s.get("op", "?")


def _leaves(a, b, path: tuple, where: str, out: list) -> None:
    """Where two canonical IR subtrees differ, as (statement, path, old, new)."""
    if len(out) > MAX_DETAILS:
        return
    if isinstance(a, dict) and isinstance(b, dict):
        if "e" in a and "e" in b and (a.get("e") != b.get("e") or a.get("e") in ("num", "str", "bool")):
            if a != b:
                out.append((where, path, expr(a), expr(b)))
            return
        if "op" in a and a.get("op") == b.get("op"):
            where = _stmt(b)
        for k in sorted(set(a) | set(b)):
            if a.get(k) != b.get(k):
                _leaves(a.get(k), b.get(k), path + (k,), where, out)
        return
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                _leaves(x, y, path, where, out)
        return
    out.append((where, path, _render_any(a), _render_any(b)))


def _render_any(x) -> str:
    if x is None:
        return "nothing"
    if isinstance(x, list) and x and all(isinstance(i, dict) for i in x):
        return "[" + "; ".join(_render_any(i) for i in x) + "]"
    if isinstance(x, dict):
        if "e" in x:
            return expr(x)
        if "op" in x:
            return _stmt(x)
        if "body" in x:  # an option of a choice
            return (x.get("label") or "option") + ": " + "; ".join(_stmt(s) for s in x["body"])
        return "{...}"
    return _show(x)


def _details(a, b) -> str:
    out: list = []
    _leaves(a, b, (), "", out)
    parts = []
    for where, path, old, new in out[:MAX_DETAILS]:
        key = next((p for p in reversed(path) if p not in ("args", "body", "items", "then", "else")), "")
        at = ", ".join(x for x in (f"in {where}" if where else "", key) if x)
        parts.append(f"{at + ': ' if at else ''}{old} -> {new}")
    if len(out) > MAX_DETAILS:
        parts.append("...")
    return "; ".join(parts) or "changed"


def _body_nodes(old: list, new: list, remap) -> list[str]:
    """The graph nodes of the statements that differ (new side; a deleted one by its old node)."""
    a = [_key(canon(s, remap)) for s in old]
    b = [_key(canon(s)) for s in new]
    nodes = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if j2 > j1:
            nodes.extend(s.get("node") for s in new[j1:j2])
        else:
            nodes.extend(s.get("node") for s in old[i1:i2])
    return [n for n in nodes if n]


def _phrase(body: list, keywords: dict) -> str:
    return ", ".join(phrases(body, keywords)) or "nothing"


def differences(old: dict, new: dict, old_kw: dict, new_kw: dict, remap: dict, ids: dict) -> tuple[list, list]:
    """(the differences in words, the changed graph nodes) between two versions of a component."""
    words, nodes = [], []
    op, np_ = old["props"], new["props"]
    for k in sorted(set(op) | set(np_)):
        if k in WORDING or k in PROVENANCE:
            continue
        a = _value(op[k]["value"], ids) if k in op else None
        b = np_[k]["value"] if k in np_ else None
        if a == b:
            continue
        if k not in op:
            words.append(f"{k}: added ({_show(b)})")
        elif k not in np_:
            words.append(f"{k}: removed (was {_show(a)})")
        else:
            words.append(f"{k}: {_show(a)} -> {_show(b)}")
        nodes.append(new["qid"])
    oe, ne = old["effects"], new["effects"]
    for slot in sorted(set(oe) | set(ne), key=lambda s: (list(SLOT_NAMES).index(s) if s in SLOT_NAMES else 99, s)):
        name = SLOT_NAMES.get(slot, slot)
        if slot not in oe:
            words.append(f"{name}: added ({_phrase(ne[slot]['body'], new_kw)})")
            nodes.append(ne[slot].get("node") or new["qid"])
            continue
        if slot not in ne:
            words.append(f"{name}: removed (was {_phrase(oe[slot]['body'], old_kw)})")
            nodes.append(oe[slot].get("node") or old["qid"])
            continue
        a = {"when": canon(oe[slot].get("when"), remap), "body": canon(oe[slot]["body"], remap)}
        b = {"when": canon(ne[slot].get("when")), "body": canon(ne[slot]["body"])}
        if a == b:
            continue
        pa, pb = _phrase(oe[slot]["body"], old_kw), _phrase(ne[slot]["body"], new_kw)
        if a["when"] != b["when"]:
            words.append(f"{name}: condition {_render_any(a['when'])} -> {_render_any(b['when'])}")
        if a["body"] != b["body"]:
            words.append(f"{name}: {pa} -> {pb}" if pa != pb else f"{name}: {_details(a['body'], b['body'])}")
            nodes.extend(_body_nodes(oe[slot]["body"], ne[slot]["body"], remap) or [ne[slot].get("node")])
    ot, nt = old.get("triggers", []), new.get("triggers", [])
    if canon(ot, remap) != canon(nt):
        for i in range(max(len(ot), len(nt))):
            a = ot[i] if i < len(ot) else None
            b = nt[i] if i < len(nt) else None
            if a is not None and b is not None and canon(a, remap) == canon(b):
                continue
            if b is None:
                words.append(f"On {a['event']}: removed (was {_phrase(a['body'], old_kw)})")
                nodes.append(a.get("node"))
            elif a is None:
                words.append(f"On {b['event']}: added ({_phrase(b['body'], new_kw)})")
                nodes.append(b.get("node"))
            else:
                pa, pb = _phrase(a["body"], old_kw), _phrase(b["body"], new_kw)
                what = f"{pa} -> {pb}" if pa != pb else _details(canon(a, remap), canon(b))
                event = b["event"] if a["event"] == b["event"] else f"{a['event']} -> {b['event']}"
                words.append(f"On {event}: {what}")
                nodes.extend(_body_nodes(a["body"], b["body"], remap) or [b.get("node")])
    if canon(old.get("params"), remap) != canon(new.get("params")):
        def sig(ps):
            return "(" + ", ".join(p["name"] + (f" = {expr(p['default'])}" if p.get("default") else "")
                                   for p in ps or []) + ")"
        words.append(f"parameters: {sig(old.get('params'))} -> {sig(new.get('params'))}")
        nodes.append(new["qid"])
    return words, [n for n in dict.fromkeys(nodes) if n]
