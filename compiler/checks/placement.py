"""Placement checks: a token put, moved or looked for where its `placed-on` says it
never lies (C409)."""
from __future__ import annotations

from mayhem.compiler import builtins as B
from mayhem.dsl.diagnostics import Related

from . import register, span_of
from .collection import _BODIES

FIGURE_KINDS = {k for k, (t, _doc) in B.SELECTOR_KINDS.items() if t == "figure"}
TYPE_PLACE = {"figure": "character", "figures": "character", "location": "location", "locations": "location",
              "edge": "edge", "edges": "edge", "team": "team"}
FN_PLACE = {"location-of": "location", "adjacent-to": "location", "team-of": "team"}
# where a primitive puts a token, and where a function looks for one
PUTS = {"place": "on", "take": "to", "shift": "to"}
LOOKS = {"has": ("holder", "token"), "count": ("on", "what")}


def _event_place(event: tuple | None, name: str) -> str | None:
    """Where a field of the event heard points (`event`: its (field, type) pairs, as the IR carries them)."""
    ptype = dict(event or ()).get(name)
    return TYPE_PLACE.get(ptype) if ptype is not None else None


def place_kinds(e, scope: dict, event: tuple | None) -> set[str] | None:
    """Where an expression points: character, location, edge or team (None: not known)."""
    if not isinstance(e, dict):
        return None
    kind = e.get("e")
    if kind == "select":
        if e["kind"] in FIGURE_KINDS:
            return {"character"}
        return {e["kind"]} if e["kind"] in ("location", "edge") else None
    if kind == "ctx" and e["name"] in B.CONTEXT_NAMES:
        p = TYPE_PLACE.get(B.CONTEXT_NAMES[e["name"]].type)
        return {p} if p else None
    if kind == "event":
        p = _event_place(event, e["name"])
        return {p} if p else None
    if kind == "fn" and e["name"] in FN_PLACE:
        return {FN_PLACE[e["name"]]}
    if kind == "var" and e["name"] in scope:
        return scope[e["name"]]
    if kind == "param" and ("param", e["name"]) in scope:
        return scope[("param", e["name"])]
    if kind == "list":
        out: set[str] = set()
        for item in e["items"]:
            k = place_kinds(item, scope, event)
            if k is None:
                return None
            out |= k
        return out or None
    return None


def _visit(col, body: list, scope: dict, event: tuple | None, found: list, memo: dict | None = None) -> None:
    for s in body:
        op = s["op"]
        if op == "let":
            scope[s["name"]] = place_kinds(s["value"], scope, event)
        elif op == "for-each":
            inner = dict(scope)
            inner[s["var"]] = place_kinds(s["source"], scope, event)
            _visit(col, s["body"], inner, event, found, memo)
            continue
        elif op == "primitive" and s["name"] in PUTS:
            tok, where = s["args"].get("token") or {}, s["args"].get(PUTS[s["name"]])
            if tok.get("e") == "token":
                found.append((tok["name"], place_kinds(where, scope, event), where, s, "put"))
        if op == "trigger":
            _visit(col, s["body"], dict(scope), col.events.get(s["event"]), found, memo)
            continue
        if op == "keyword" and s["keyword"] in col.keywords and len(found) < 1000 and _places(col, s["keyword"]):
            _through_keyword(col, s, scope, event, found, memo)
        for e in col.exprs(s):  # its own expressions: exprs() does not enter the bodies
            if e["e"] == "fn" and e["name"] in LOOKS:
                at, what = LOOKS[e["name"]]
                tok = e["args"].get(what) or {}
                if tok.get("e") == "token" and e["args"].get(at) is not None:
                    found.append((tok["name"], place_kinds(e["args"][at], scope, event), e["args"][at], e, "look"))
        fields, options = _BODIES[op]  # its bodies (body, then, else) and options, by its op
        for key in fields:
            if isinstance(s.get(key), list):
                _visit(col, s[key], dict(scope), event, found, memo)
        if options:
            for o in s.get("options") or []:
                _visit(col, o["body"], dict(scope), event, found, memo)


def _through_keyword(col, call: dict, scope: dict, event: tuple | None, found: list, memo: dict | None = None) -> None:
    """What a keyword puts where its caller says (`stun(one location in here)`): its
    parameters take the kinds of the call's arguments; a finding points at the call's
    argument, or at the call itself when the argument is the keyword's default (the
    keyword, in a rules module, is not where the caller went wrong), with a note at the
    default. `memo`: what a keyword's bodies put where, by the kinds of its arguments (and the
    event), for one run of the check (thousands of cards call the same keyword, most of them
    with arguments of the same kinds)."""
    kw = col.keywords[call["keyword"]]
    name = kw["name"] or kw["id"]
    inner, defaults = {}, {}
    for p in kw.get("params", []):
        given = call["args"].get(p["name"], p["default"])
        inner[("param", p["name"])] = place_kinds(given, scope, event)
        if isinstance(p["default"], dict) and p["default"].get("span"):
            defaults[p["name"]] = p["default"]["span"]
    if not any(v for v in inner.values()):
        return
    key = (call["keyword"], event, tuple((p, None if k is None else frozenset(k)) for p, k in inner.items()))
    mine = memo.get(key) if memo is not None else None
    if mine is None:
        mine = []
        for eff in kw["effects"].values():
            _visit(col, eff["body"], inner, event, mine, memo)
        if memo is not None:
            memo[key] = mine
    for tq, kinds, where, _node, how, *_via in mine:
        if isinstance(where, dict) and where.get("e") == "param":
            param = where["name"]
            arg = call["args"].get(param)
            span = arg.get("span") if isinstance(arg, dict) else None
            if span is not None and span == defaults.get(param):
                found.append((tq, kinds, None, call, how + f" through {name}'s default `{param}`",
                              (name, param, span)))
            else:
                found.append((tq, kinds, arg if span else None, call, how + f" (through {name})"))


def _places(col, qid: str) -> bool:
    """Whether a keyword's bodies (or the keywords they call) put or look for a token named
    as such, wherever: the others add nothing through _through_keyword, whatever their
    arguments, and are not followed (most calls: `melee-attack`, `push`). Worked out once per
    keyword (a keyword is in the collection's interface: a Workspace keeps it while it is
    unchanged); the scan goes through every body and expression _visit would, and more."""
    key = ("keyword-places", qid)
    hit = col.memo.get(key)
    if hit is None:
        col.memo[key] = True  # (a keyword that calls itself, not in a compiled collection: followed)
        kw = col.keywords[qid]
        hit = col.memo[key] = any(_mentions_token(col, eff["body"]) for eff in kw["effects"].values())
    return hit


def _mentions_token(col, body: list) -> bool:
    for s in body:
        op = s["op"]
        if op == "primitive" and s["name"] in PUTS and (s["args"].get("token") or {}).get("e") == "token":
            return True
        if op == "keyword" and s["keyword"] in col.keywords and _places(col, s["keyword"]):
            return True
        for e in col.exprs(s):
            if e["e"] == "fn" and e["name"] in LOOKS and (e["args"].get(LOOKS[e["name"]][1]) or {}).get("e") == "token":
                return True
        fields, options = _BODIES[op]
        for key in fields:
            if isinstance(s.get(key), list) and _mentions_token(col, s[key]):
                return True
        for o in (s.get("options") or []) if options else ():
            if _mentions_token(col, o["body"]):
                return True
    return False


def never_lies_there(col, emit):
    memo: dict = {}  # what each keyword's bodies put where, by its arguments' kinds (this run only)
    for qid, comp in col.in_order():
        if comp["kind"] in ("box", "pool"):
            continue
        found: list = []
        for eff in comp["effects"].values():
            if eff.get("when"):
                _visit(col, [{"op": "if", "cond": eff["when"], "then": []}], {}, None, found, memo)
            _visit(col, eff["body"], {}, None, found, memo)
        for trig in comp["triggers"]:
            _visit(col, [trig], {}, None, found, memo)
        for tq, kinds, where, node, how, *via in found:
            tok = col.by_qid.get(tq)
            allowed = set(col.prop(tok, "placed-on", []) or []) if tok is not None else set()
            if not kinds or not allowed or kinds & allowed:
                continue
            lies = " or ".join(sorted(allowed))
            at = " or ".join(sorted(kinds))
            through = how.partition(" ")[2]
            through = " " + through if through else ""
            if how.startswith("put"):
                msg = (f"{comp['kind']} '{comp['id']}' puts token '{tok['id']}' on a {at}{through},"
                       f" but it lies only on a {lies} (its `placed-on`)")
            else:
                msg = (f"{comp['kind']} '{comp['id']}' looks for token '{tok['id']}' on a {at}{through}, where it "
                       f"never lies (its `placed-on`: {lies}): the condition never holds")
            hint = f"token '{tok['id']}' is `placed-on {' '.join(sorted(allowed))}`"
            related = []
            if via:  # the keyword's default argument: the caller did not say where
                keyword, param, default = via[0]
                related = [Related(span_of(default), f"{keyword}'s default `{param}`")]
                hint += f": give {keyword} a `{param}` where it may lie, or change {keyword}'s default"
            emit(msg, qid, span_of((where or {}).get("span")) or span_of(node.get("span")),
                 hint=hint, related=related)


register(never_lies_there, "C409", "never-lies-there", "error", "effect graph",
         "A token's `placed-on` says where it may lie (character, location, edge, team). An effect that puts it "
         "elsewhere (`place`, `take ... to:`, `shift ... to:`, or a keyword that places it where its argument "
         "says, `stun(one location in here)`) breaks the rule the declaration states, and a "
         "condition that looks for it elsewhere (`has(here, shield)`, `count(shield, on: here)`) never holds.",
         'token glitter "Glitter" { placed-on location }  ...  place(glitter, 1, on: self)',
         "Put the token where its declaration allows, or widen its `placed-on`.")
