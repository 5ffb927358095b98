"""How far the rules kernel is from playing the Mayhem boxes (issue #11, "the switch"): every
word the Mayhem content uses (the two boxes, the shared rules, the modes), after its shorthands
are lowered, and whether the kernel's runtime plays it.

    .venv/bin/python bench/switch.py [--root content] [--missing N] [--json]

A word is a primitive (a statement), a function, a context name, a selector's kind, an event a
trigger hears, or the kind of a declaration. The kernel plays a primitive or a function if
runtime/kernel/primitives.py has it (with the modules it gathers), a context name if the
kernel's compiler knows it (or reads it as a printed property a card type declares), a
selector kind if the kernel's vocabulary has it, an event if
it is one of the kernel's structure (`turn-end`) or if the IR declares it (a child of kind
`event` of the shared `game mayhem`) and the kernel raises it: a property of the game names it
for a kernel moment (`ko-event ko`: any property `*-event`), or the content raises it (`raise`,
`announce-together("recovery", ...)`); a kind if it is a kernel kind, a card type declared
in content or a kind a kernel module loads (runtime/kernel/primitives.py's `KINDS`: pools,
modes). Uses are counted once per place in the IR that says the word; the box column says
where (`shared`: content/shared/). Prints figures; asserts nothing: the plan in docs/kernel.md
quotes them."""
from __future__ import annotations

import argparse
from collections import Counter, defaultdict
import json
from pathlib import Path
import sys

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mayhem.compiler import builtins_kernel as K  # noqa: E402
from mayhem.compiler import driver  # noqa: E402
from mayhem.compiler.game_parts import STRUCTURE_EVENTS  # noqa: E402
from mayhem.compiler.ir_ops import component_bodies, ir_statements, sub_expressions, walk_statements  # noqa: E402
from mayhem.compiler.shorthand import lowered  # noqa: E402
from mayhem.dsl.kernel_kinds import kernel_kinds  # noqa: E402
from mayhem.dsl.schema import CONTENT_DECLARED  # noqa: E402
from mayhem.runtime.kernel import compile as kcompile  # noqa: E402
from mayhem.runtime.kernel import primitives as kprims  # noqa: E402

CATEGORIES = ("primitive", "function", "context", "selector", "event", "kind")


def mayhem_components(ir: dict) -> list[dict]:
    """The components of the Mayhem boxes (those the kernel plays as naming the shared rules'
    game): those of the boxes that declare no game of their own, and the shared ones (box
    None); not a box that names a game of its own (Marvel Mayhem)."""
    kernel_boxes = {c["box"] for c in ir["components"] if c["kind"] == "game" and c["box"] is not None}
    return [c for c in ir["components"] if c["box"] not in kernel_boxes]


def _record(node: dict, found: list, box: str) -> None:
    op, form = node.get("op"), node.get("e")
    if op == "primitive":
        found.append(("primitive", node["name"], box))
    elif op == "trigger":
        found.append(("event", node["event"], box))
    elif form == "fn":
        found.append(("function", node["name"], box))
    elif form == "ctx":
        found.append(("context", node["name"], box))
    elif form == "select":
        found.append(("selector", node["kind"], box))


def _expression(e: dict, found: list, box: str, game: dict | None) -> None:
    """An expression, lowered (its shorthand's word), and those under it, as the registry says they are."""
    e = lowered(e, game)
    _record(e, found, box)
    for child in sub_expressions(e):
        _expression(child, found, box, game)


def uses(components: list[dict], game: dict | None) -> list[tuple[str, str, str]]:
    """(category, word, box) once per place that says it, children included: every statement and
    expression of each component (the registry's walks, compiler/ir_ops.py), each lowered."""
    found: list[tuple[str, str, str]] = []
    stack = list(components)
    while stack:
        comp = stack.pop()
        box = comp["box"] or "shared"
        found.append(("kind", comp["kind"], box))
        for eff in comp["effects"].values():
            if eff.get("when"):
                _expression(eff["when"], found, box, game)
        for param in comp.get("params") or ():
            if param.get("default"):
                _expression(param["default"], found, box, game)
        for body in component_bodies(comp):
            for stmt in walk_statements(body):
                stmt = lowered(stmt, game)
                _record(stmt, found, box)
                for e in sub_expressions(stmt):
                    _expression(e, found, box, game)
        stack.extend(comp["children"])
    return found


# the statements by which content raises one of the game's events, and the argument naming it
RAISING = {"raise": "event", "announce-together": "event"}


def raised_by_content(components: list[dict]) -> set[str]:
    """The events the content raises itself: `raise(hit, ...)`, `announce-together("recovery", ...)`."""
    found = set()
    for s in ir_statements(components):
        arg = s["args"].get(RAISING[s["name"]]) if s["op"] == "primitive" and s["name"] in RAISING else None
        if isinstance(arg, dict) and arg.get("e") in ("event", "str"):
            found.add(arg.get("name") or arg.get("v"))
    return found


def raised_events(game: dict | None, components: list[dict] = ()) -> set[str]:
    """The events the kernel raises when it plays this game: its structure events, and, of those
    the game declares (its children of kind `event` in the IR), each a property of the game names
    for a kernel moment (`ko-event ko`, `activate-event activate`) or the content raises."""
    declared = {ch["id"] for ch in (game or {}).get("children", ()) if ch["kind"] == "event"}
    named = {p["value"] for k, p in (game or {}).get("props", {}).items() if k.endswith("-event")}
    return set(STRUCTURE_EVENTS) | set(K.KERNEL_EVENTS) | (declared & (named | raised_by_content(components)))


def printed_properties(components) -> set[str]:
    """The properties the card types of the content declare: the kernel reads a context name that
    is one as the running card's printed property (runtime/kernel/compile.py, `printed_name`)."""
    declared = {name for c in components if c["kind"] == "card-type"
                for name, p in c["props"].items() if isinstance(p["value"], dict)}
    return declared - kcompile.SET_IN_ENV - set(kcompile._CONTEXT)


def kernel_has(game: dict | None, kernel_kinds_used: set[str] = frozenset(),
               components: list[dict] = ()) -> dict[str, set[str]]:
    """The words the kernel's runtime plays, by category (`kernel_kinds_used`: the kinds of
    the kernel games' own content, which the kernel plays: keywords, boxes; `components`: the
    content whose `raise`s count)."""
    return {
        "primitive": set(kprims.PRIMITIVES),
        "function": set(kprims.FUNCTIONS) | set(kcompile._INLINE),
        "context": set(K.KERNEL_CONTEXT_NAMES) | set(kcompile._CONTEXT) | printed_properties(components),
        "selector": set(K.KERNEL_SELECTOR_KINDS),
        "event": raised_events(game, components),
        "kind": {k.name for k in kernel_kinds()} | set(CONTENT_DECLARED) | set(kernel_kinds_used) | kprims.KINDS,
    }


def measure(root: Path) -> dict:
    comp = driver.compile_paths([root])
    if comp.ir is None:
        raise SystemExit(f"{root}: the content does not compile")
    components = mayhem_components(comp.ir)
    played = {c["kind"] for c in comp.ir["components"] if c not in components}
    game = next((c for c in components if c["kind"] == "game" and c["box"] is None), None)
    found = uses(components, game)
    has = kernel_has(game, played, components)
    count: Counter = Counter((cat, word) for cat, word, _ in found)
    where: dict = defaultdict(Counter)
    for cat, word, box in found:
        where[(cat, word)][box] += 1
    rows = {}
    for cat in CATEGORIES:
        words = sorted(w for c, w in count if c == cat)
        known = [w for w in words if w in has[cat]]
        rows[cat] = {"words": len(words), "kernel": len(known),
                     "uses": sum(count[(cat, w)] for w in words),
                     "kernel_uses": sum(count[(cat, w)] for w in known),
                     "missing": sorted(((w, count[(cat, w)], dict(where[(cat, w)])) for w in words
                                        if w not in has[cat]), key=lambda m: (-m[1], m[0]))}
    return {"components": len(components), "rows": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT / "content", help="the content root")
    parser.add_argument("--missing", type=int, default=15, help="list this many missing words per category")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    result = measure(args.root)
    if args.json:
        print(json.dumps(result, indent=1))
        return
    rows = result["rows"]
    print(f"The words of the Mayhem content ({result['components']} components) that the kernel plays")
    print(f"{'':<10} {'words':>6} {'kernel':>7} {'uses':>6} {'kernel':>7}")
    for cat in CATEGORIES:
        r = rows[cat]
        print(f"{cat:<10} {r['words']:>6} {r['kernel']:>7} {r['uses']:>6} {r['kernel_uses']:>7}")
    words = sum(r["words"] for r in rows.values())
    known = sum(r["kernel"] for r in rows.values())
    total = sum(r["uses"] for r in rows.values())
    played = sum(r["kernel_uses"] for r in rows.values())
    print(f"{'all':<10} {words:>6} {known:>7} {total:>6} {played:>7}   "
          f"({known / words:.0%} of the words, {played / total:.0%} of the uses)")
    for cat in CATEGORIES:
        missing = rows[cat]["missing"]
        if missing:
            shown = ", ".join(f"{w} {n}" for w, n, _ in missing[:args.missing])
            more = f", and {len(missing) - args.missing} more" if len(missing) > args.missing else ""
            print(f"missing {cat}s (uses): {shown}{more}")


if __name__ == "__main__":
    main()
