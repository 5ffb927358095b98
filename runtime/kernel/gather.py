"""A game's load gathering every reason it cannot be played, rather than stopping at the first.

`load_game_rules(ir, box, collect=[])` (rules.py) appends here what a normal load raises: a
stage of the load that fails (`stage`, `problem`), every expression the kernel's compiler
cannot compile, and, read from every body of the game and the components it plays, the
statements, functions and context names the kernel has no meaning for (an error, or nothing
read, only when they run). Each reason is a dict: `kind` (load, expression, primitive,
statement, function, context, event), `word`, `where` (file:line:col, or None) and `why`.
A normal load (no `collect`) raises the first KernelError, as it always did.
"""
from __future__ import annotations

from ...compiler.game_parts import STRUCTURE_EVENTS
from ...compiler.ir_ops import child_bodies, sub_expressions

from .rules import KernelError

from .compile import SET_IN_ENV  # context names the kernel sets in an effect's env itself
STRUCTURE = frozenset(STRUCTURE_EVENTS)


def reason(kind: str, word: str | None, where: str | None, why: str) -> dict:
    return {"kind": kind, "word": word, "where": where, "why": why}


def problem(collect: list | None, message: str) -> None:
    """A reason the game cannot load: raised, or with `collect`, kept and the load goes on."""
    if collect is None:
        raise KernelError(message)
    collect.append(reason("load", None, None, message))


def stage(collect: list | None, fn, *args):
    """`fn(*args)`, a part of the load; with `collect`, what it raises is kept (any error: a
    part that breaks on content it did not expect is a reason too) and None returned."""
    if collect is None:
        return fn(*args)
    try:
        return fn(*args)
    except Exception as exc:  # noqa: BLE001 - every reason is the report's
        kind = "" if isinstance(exc, KernelError) else f"{type(exc).__name__} in {fn.__name__}: "
        collect.append(reason("load", None, None, kind + str(exc)))
        return None


def compile_all(rules, collect: list, components: list | None = None) -> None:
    """compile_stmts.compile_rules, every failure kept: a body that does not compile is tried
    statement by statement, an expression that does not compile part by part, down to the
    part that is the reason. Then every body of `components` (the game and what it plays) is
    read for the words the kernel lacks, which compile but fail or read nothing when run,
    first for the ops and forms the kernel's compiler has no emitter for (compile_check.py;
    the registry's walks find nothing under an op or form it does not hold)."""
    from .actions import _plan
    from .compile import compiled
    from .compile_check import uncompiled
    from .compile_stmts import compiled_block
    seen = {(r["where"], r["why"]) for r in collect}

    def keep(r: dict) -> None:
        if (r["where"], r["why"]) not in seen:
            seen.add((r["where"], r["why"]))
            collect.append(r)

    for r in uncompiled(components or [], rules.keywords):
        keep(r)

    def expression(e: dict) -> None:
        try:
            compiled(e)
            return
        except Exception as exc:  # noqa: BLE001
            failed = exc
        inner = [c for c in sub_expressions(e) if c.get("e") != "relation" and not _compiles(c, compiled)]
        for c in inner:
            expression(c)
        if not inner:
            keep(_expression_reason(e, failed))

    def block(body: list) -> None:
        try:
            compiled_block(body, rules)
            return
        except Exception:  # noqa: BLE001 - found below, part by part
            pass
        for stmt in body:
            for e in sub_expressions(stmt):
                expression(e)
            for inner in child_bodies(stmt):
                block(inner)

    bodies = list(rules.slots.values()) + [a.body for a in rules.actions.values()]
    bodies += [b for ct in rules.card_types.values() for b in ct.effects.values()]
    bodies += [c.effect for c in rules.cards.values() if c.effect]
    bodies += [r["body"] for r in rules.rules]
    for body in bodies:
        block(body)
    for action in rules.actions.values():
        parts = [d for _name, d in action.params if d is not None] + [action.guard] * (action.guard is not None)
        if all(_compiles(e, compiled) for e in parts):
            stage(collect, _plan, action, rules)
        for e in parts:
            expression(e)
    for e in [rules.end_guard, rules.round_end_guard] + [r.get("when") for r in rules.rules]:
        if e is not None:
            expression(e)
    for r in words_lacking(rules, components or []) + unread(rules.game):
        keep(r)


def _compiles(e: dict, compiled) -> bool:
    try:
        compiled(e)
        return True
    except Exception:  # noqa: BLE001
        return False


def _expression_reason(e: dict, exc: Exception) -> dict:
    from .primitives import FUNCTIONS
    if e.get("e") == "fn" and e.get("name") not in FUNCTIONS:
        return reason("function", e["name"], e.get("span"), f"'{e['name']}' is not a function of kernel games")
    why = str(exc) if isinstance(exc, KernelError) else f"{type(exc).__name__}: {exc}"
    where = e.get("span")
    if where and why.startswith(f"{where}: "):
        why = why[len(where) + 2:]
    return reason("expression", e.get("e"), where, why)


def words_lacking(rules, components: list) -> list[dict]:
    """The words of every body of `components` (their effects, triggers and children's) that
    the kernel plays no meaning for: primitives and statements that fail when they run,
    functions it lacks, context names it reads as nothing, and the events heard that the kernel
    raises at no moment (neither a structure event, nor one a property of the game names for a
    kernel moment, as `damage-event`, nor one the content raises)."""
    from .compile import _CONTEXT, printed_name
    from .primitives import FUNCTIONS, PRIMITIVES
    raised = set(STRUCTURE) | {"out"} | {p["value"] for name, p in rules.game["props"].items()
                                         if name.endswith("-event")}
    declared = {c["id"] for c in rules.game["children"] if c["kind"] == "event"}
    found: list[dict] = []
    heard: list[tuple[str, str | None]] = []

    def expressions(e: dict) -> None:
        stack = [e]
        while stack:
            e = stack.pop()
            stack.extend(sub_expressions(e))
            if e["e"] == "fn" and e["name"] not in FUNCTIONS:
                found.append(reason("function", e["name"], e.get("span"),
                                    f"'{e['name']}' is not a function of kernel games"))
            elif e["e"] == "ctx" and e["name"] not in _CONTEXT and e["name"] not in SET_IN_ENV \
                    and not printed_name(rules, e["name"]):  # not a card's printed property (compile.py)
                found.append(reason("context", e["name"], e.get("span"),
                                    f"the context name '{e['name']}' reads nothing in kernel games"))

    def walk(body: list, installing: bool = False) -> None:
        for stmt in body:
            op = stmt["op"]
            if op == "primitive" and stmt["name"] == "raise":
                event = stmt["args"].get("event")
                raised.add(event.get("name") if isinstance(event, dict) else None)
            elif op == "primitive" and stmt["name"] == "announce-together":  # its event named by a string
                event = stmt["args"].get("event")
                raised.add(event.get("v") if isinstance(event, dict) else None)
            elif op == "primitive" and stmt["name"] not in PRIMITIVES and stmt["name"] != "shift":
                found.append(reason("primitive", stmt["name"], stmt.get("span"),
                                    f"'{stmt['name']}' is not a primitive of kernel games (an error when it runs)"))
            elif op == "trigger" and installing:  # installed `until` a structure event: heard as the game's
                heard.append((stmt["event"], stmt.get("span")))
            elif op == "trigger" and stmt.get("event") not in STRUCTURE:
                found.append(reason("event", stmt.get("event"), stmt.get("span"),
                                    f"'on {stmt.get('event')}' inside an effect waits for a structure event"))
            for e in sub_expressions(stmt):
                expressions(e)
            for inner in child_bodies(stmt):
                walk(inner, op == "until")

    stack = list(components)
    while stack:
        comp = stack.pop()
        for eff in comp["effects"].values():
            walk(eff["body"])
            if eff.get("when"):
                expressions(eff["when"])
        for trig in comp["triggers"]:
            heard.append((trig["event"], trig.get("span") or _span_of(trig)))
            if trig.get("when"):
                expressions(trig["when"])
            walk(trig["body"])
        stack.extend(comp["children"])
    for event, where in heard:
        if event not in raised:
            why = ("declared by the game, but the kernel raises it at no moment" if event in declared
                   else "no event of the game")
            found.append(reason("event", event, where, f"'on {event}': {why}"))
    return found


def _span_of(trig: dict) -> str | None:
    """Where a trigger is said: its condition's or first statement's place (the IR keeps none)."""
    if trig.get("when"):
        return trig["when"].get("span")
    return next((s.get("span") for s in trig["body"] if s.get("span")), None)


# the kinds of a game's declarations the kernel's load reads (rules.py, layout.py, pieces.py, listeners.py)
LOADED_KINDS = frozenset(("zone", "counter", "action", "rule", "die", "space", "figure", "board", "event", "phase",
                          "restriction"))
SAID = frozenset(("text", "source", "name"))  # what the site and the checks read, not play


def _kernel_literals() -> frozenset:
    """Every string the kernel's source says (`"start-from"`): a property named nowhere in it is
    read by no part of the kernel."""
    import re
    from pathlib import Path
    here = Path(__file__).parent
    return frozenset(word for path in here.glob("*.py") if path.name != "gather.py"
                     for word in re.findall(r'"([a-z][a-z0-9-]*)"', path.read_text()))


def unread(game: dict) -> list[dict]:
    """What the game declares that the kernel's load does not read: declarations of another
    kind, properties its source never names, a counter kept per Team that starts from a printed
    property (dashboards.py reads `start-from` per figure and per player only)."""
    said = _kernel_literals()
    out = [reason("unread", f"{name}", None, f"the game's property '{name}' is read by no part of the kernel")
           for name in game["props"] if name not in said and name not in SAID]
    for child in game["children"]:
        where = f"{child['kind']} '{child['id']}'"
        if child["kind"] not in LOADED_KINDS:
            out.append(reason("unread", child["kind"], None,
                              f"{where}: the kernel loads no declaration of kind '{child['kind']}'"))
            continue
        out += [reason("unread", name, None, f"{where}: its property '{name}' is read by no part of the kernel")
                for name in child["props"] if name not in said and name not in SAID]
        per = child["props"].get("per", {}).get("value")
        if child["kind"] == "counter" and "start-from" in child["props"] and per not in (None, "figure", "player"):
            out.append(reason("unread", "start-from", None,
                              f"{where}: `start-from` is read for a counter kept per figure or player, not per {per}"))
    return out
