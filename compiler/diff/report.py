"""A diff as text (a terminal), Markdown (a pull-request comment) or JSON (tools; its
shape is compiler/schema/diff-1.schema.json)."""
from __future__ import annotations

import json

from .compare import CHANGES, TITLES, Diff

LOUD = "effect-changed"


def _groups(diff: Diff):
    for change in CHANGES:
        rows = [c for c in diff.components if c.change == change]
        if rows:
            yield change, rows


def _pct(x) -> str:
    return "-" if x is None else f"{x:.1%}"


def _signed(x) -> str:
    return "-" if x is None else f"{x * 100:+.1f} pts"


def summary(diff: Diff) -> str:
    counts = {k: v for k, v in diff.counts().items() if v}
    if not diff.components:
        if diff.semantic:  # the same components, and yet scenarios or applicability differ
            return f"no component changes between {diff.old} and {diff.new}, but their play does (below)"
        return f"no changes between {diff.old} and {diff.new}"
    word = "changes meaning" if diff.semantic else "no change of meaning"
    return f"{diff.old} -> {diff.new}: " + ", ".join(f"{v} {k}" for k, v in counts.items()) + f" ({word})"


def _text_of(c) -> list[str]:
    if not c.text:
        return []
    if c.change == "added" or c.change == "removed":
        return []
    return [f'text: "{c.text["old"]}"', f'   -> "{c.text["new"]}"']


def text(diff: Diff) -> str:
    out = [summary(diff)]
    for change, rows in _groups(diff):
        title = TITLES[change]
        out += ["", ("!! " if change == LOUD else "") + f"{title}: {len(rows)}"]
        for c in rows:
            where = f" [{c.box}]" if c.box else ""
            was = f" (was {c.old_name or c.old_qid})" if (c.old_name or c.old_qid) and change != "renamed" else ""
            out.append(f"  {c.name} ({c.kind}){where}{was}")
            for d in c.differences:
                out.append(f"    {d}")
            for line in _text_of(c):
                out.append(f"    {line}")
            if c.nodes:
                out.append(f"    nodes: {', '.join(c.nodes)}")
    for k in diff.consequences:
        out += ["", f"Uses of {k['name']} ({k['kind']}, {k['change']}): {len(k['users'])}"]
        for u in k["users"]:
            via = f", through {u['via']}" if u["via"] else ""
            out.append(f"  {u['name']} ({u['kind']}) [{u['box']}]{via}")
    if diff.applicability:
        out += ["", f"Competitive Mode applicability changed: {len(diff.applicability)}"]
        for a in diff.applicability:
            parts = ([f"now lacks {', '.join(a['lost'])}"] if a["lost"] else []) + \
                ([f"no longer lacks {', '.join(a['gained'])}"] if a["gained"] else [])
            out.append(f"  {a['name']} on a {a['board']} board: {'; '.join(parts)}")
    for key, title in (("appeared", "Consistency findings that appear"),
                       ("disappeared", "Consistency findings that disappear")):
        rows = diff.findings.get(key) or []
        if rows:
            out += ["", f"{title}: {len(rows)}"]
            out += [f"  {f['file']}: {f['severity']}[{f['code']}]: {f['message']}" for f in rows]
    if diff.scenarios is not None:
        changed = [s for s in diff.scenarios if s["changed"]]
        out += ["", f"Scenarios: {len(diff.scenarios)} run on both sides, {len(changed)} with another outcome"]
        for s in changed:
            out.append(f"  {s['path']}: {s['old']} -> {s['new']}")
            out += [f"    {f}" for f in s["new_failures"][:3]]
    if diff.balance is not None:
        b = diff.balance
        out += ["", f"Balance: {b['games']} seeded games per box on each side (bots: {', '.join(b['bots'])}, "
                    f"seed {b['seed']}); win-rate shift with its 95% interval"]
        for box, data in b["boxes"].items():
            out.append(f"  {box}:" + ("" if "characters" in data else " (decks)"))
            for r in _balance_rows(data):
                iv = f"[{_signed(r['interval'][0])}, {_signed(r['interval'][1])}]" if r["interval"] else ""
                flag = "  *" if r["significant"] else ""
                out.append(f"    {_balance_name(r):<24} {_pct(r['old']['rate']):>7} -> {_pct(r['new']['rate']):>7}"
                           f"  {_signed(r['shift']):>10} {iv}{flag}")
        if b.get("unchanged"):
            out.append(f"  unchanged, not played: {', '.join(b['unchanged'])} ({UNCHANGED})")
        out.append("  (* the interval leaves out 0: a shift beyond chance at 95%)")
    return "\n".join(out)


UNCHANGED = "no component of theirs or of no box changed: the same seeds play the same games, no shift"


def _balance_rows(data: dict) -> list[dict]:
    """A box's rows of the balance: its characters', or its decks' (a game of the rules kernel)."""
    return data["characters"] if "characters" in data else data["decks"]


def _balance_name(row: dict) -> str:
    return row["character"] if "character" in row else f"{row['deck']} (deck)"


def _md(s: str) -> str:
    return str(s).replace(" -> ", " → ").replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")


def markdown(diff: Diff) -> str:
    out = [f"## Content diff: `{diff.old}` → `{diff.new}`", "", _md(summary(diff))]
    for change, rows in _groups(diff):
        title = TITLES[change]
        out += ["", f"### {'⚠️ ' if change == LOUD else ''}{_md(title)} ({len(rows)})", ""]
        if change == LOUD:
            out += ["> [!WARNING]", "> The effect changed but the printed text did not: the card now says one thing "
                    "and does another.", ""]
        out += ["| Component | Kind | Box | What changed |", "| --- | --- | --- | --- |"]
        for c in rows:
            what = list(c.differences) + [f'text: "{c.text["old"]}" → "{c.text["new"]}"'
                                          for _ in [0] if c.text and change not in ("added", "removed")]
            if c.nodes:
                what.append("nodes: " + ", ".join(f"`{n}`" for n in c.nodes))
            out.append(f"| {_md(c.name)} | {c.kind} | {c.box or ''} | {'<br>'.join(_md(w) for w in what)} |")
    for k in diff.consequences:
        out += ["", f"### Uses of {_md(k['name'])} ({k['kind']}, {k['change']})", ""]
        out += [f"- {_md(u['name'])} ({u['kind']}, {u['box']})" + (f", through {_md(u['via'])}" if u["via"] else "")
                for u in k["users"]]
    if diff.applicability:
        out += ["", "### Competitive Mode applicability", "", "| Component | Board | Now lacks | No longer lacks |",
                "| --- | --- | --- | --- |"]
        out += [f"| {_md(a['name'])} | {a['board']} | {_md(', '.join(a['lost']))} | {_md(', '.join(a['gained']))} |"
                for a in diff.applicability]
    for key, title in (("appeared", "Consistency findings that appear"),
                       ("disappeared", "Consistency findings that disappear")):
        rows = diff.findings.get(key) or []
        if rows:
            out += ["", f"### {title} ({len(rows)})", ""]
            out += [f"- `{f['code']}` {f['severity']} in `{f['file']}`: {_md(f['message'])}" for f in rows]
    if diff.scenarios is not None:
        changed = [s for s in diff.scenarios if s["changed"]]
        out += ["", f"### Scenarios ({len(changed)} of {len(diff.scenarios)} changed outcome)"]
        if changed:
            out += ["", "| Scenario | Before | After |", "| --- | --- | --- |"]
            out += [f"| `{s['path']}` | {s['old']} | {s['new']} |" for s in changed]
    if diff.balance is not None:
        b = diff.balance
        out += ["", f"### Balance ({b['games']} games per box and side, 95% intervals)", "",
                "| Box | Character or deck | Before | After | Shift | 95% interval |",
                "| --- | --- | --- | --- | --- | --- |"]
        for box, data in b["boxes"].items():
            for r in _balance_rows(data):
                iv = f"{_signed(r['interval'][0])} … {_signed(r['interval'][1])}" if r["interval"] else ""
                shift = f"**{_signed(r['shift'])}**" if r["significant"] else _signed(r["shift"])
                out.append(f"| {box} | {_balance_name(r)} | {_pct(r['old']['rate'])} | {_pct(r['new']['rate'])} "
                           f"| {shift} | {iv} |")
        if b.get("unchanged"):
            out += ["", f"Unchanged, not played: {', '.join(b['unchanged'])} ({_md(UNCHANGED)})."]
    return "\n".join(out) + "\n"


def as_json(diff: Diff) -> str:
    return json.dumps(diff.as_dict(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
