"""Conditions folded against what the game allows: relations that contradict each other
(`target is friend and target is opponent`), counts compared with a number they can
never reach, and conditions that always hold (C408). C402 and C401 ask `never_true`."""
from __future__ import annotations

from . import register, span_of

# How many characters a selector kind can find at most. The rulebook: players select
# Characters "until each of them has 2 Characters each" (Setup), so a Team is two
# characters (one in Free-For-All), and the board holds at most two Teams' worth of
# opponents for any one Team.
MOST = {"friend": 2, "teammate": 1, "opponent": 2, "character": 4}
MOST_SAID = {"friend": "a Team has at most 2 characters", "teammate": "a character has at most 1 Teammate",
             "opponent": "there are at most 2 opposing characters",
             "character": "there are at most 4 characters on the board"}
# Relations no figure can be at once.
DISJOINT = [{"friend", "opponent"}, {"teammate", "opponent"}]
SUBSET = {"teammate": "friend"}  # every teammate is a friend
FLIP = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!="}


def _key(e) -> tuple | None:
    """What an `is` talks about, when it names it plainly (an event parameter, a variable)."""
    if isinstance(e, dict) and e.get("e") in ("event", "var", "ctx", "it", "param"):
        return (e["e"], e["name"])
    return None


def _relations(items: list) -> list[tuple[tuple, str, bool, dict]]:
    out = []
    for it in items:
        if it.get("e") == "is" and (it.get("r") or {}).get("e") == "relation" and _key(it["l"]) is not None:
            out.append((_key(it["l"]), it["r"]["name"], bool(it.get("negated")), it))
    return out


def _contradiction(items: list) -> str | None:
    rel = _relations(items)
    for i, (subj, name, neg, _e) in enumerate(rel):
        for subj2, name2, neg2, _e2 in rel[i + 1:]:
            if subj != subj2:
                continue
            who = subj[1]
            if name == name2 and neg != neg2:
                return f"'{who}' cannot be {name} and not {name}"
            if not neg and not neg2 and {name, name2} in DISJOINT:
                return f"'{who}' cannot be {name} and {name2} at once"
            for a, na, b, nb in ((name, neg, name2, neg2), (name2, neg2, name, neg)):
                if not na and nb and SUBSET.get(a) == b:
                    return f"every {a} is a {b}: '{who}' cannot be {a} and not {b}"
    return None


def _bound(col, e: dict, box_id: str | None) -> tuple[int, int, str] | None:
    """(least, most, what) a numeric expression can be, when the game bounds it."""
    from .effect_graph import _faces
    if e.get("e") == "ctx" and e["name"] in ("mayhem-die", "activation-die"):
        faces = _faces(col, box_id, f"{e['name']}-faces")
        return min(faces), max(faces), f"the {e['name']} shows {min(faces)} to {max(faces)}"
    if e.get("e") == "num":
        return e["v"], e["v"], str(e["v"])
    if e.get("e") == "fn" and e["name"] == "count":
        what = e["args"].get("what") or {}
        if what.get("e") == "select" and what.get("kind") in MOST:
            n = MOST[what["kind"]]
            return 0, n, MOST_SAID[what["kind"]]
        if what.get("e") == "token":
            tok = col.by_qid.get(what["name"])
            on = e["args"].get("on") or {}
            limit = col.prop(tok, "limit") if tok is not None else None
            if limit is not None and on.get("e") != "select":
                return 0, limit, f"a character holds at most {limit} '{tok['id']}' (its `limit`)"
        return 0, None, "a count is never below zero"
    return None


def _compare(col, e: dict, box_id: str | None) -> tuple[str | None, str | None]:
    """(why it never holds, why it always holds) for a comparison of bounded values."""
    left, right = _bound(col, e["l"], box_id), _bound(col, e["r"], box_id)
    if left is None or right is None:
        return None, None
    op = e["op"]
    if e["l"].get("e") == "num" and e["r"].get("e") != "num":
        left, right, op = right, left, FLIP[op]
    lo, hi, why = left
    n = right[0]
    if right[0] != right[1]:
        return None, None
    if hi is None:  # only bounded below
        never = (op == "<" and n <= lo) or (op in ("<=", "==") and n < lo)
        always = (op == ">=" and n <= lo) or (op == ">" and n < lo) or (op == "!=" and n < lo)
    else:
        never = ((op == ">" and n >= hi) or (op == ">=" and n > hi) or (op == "<" and n <= lo)
                 or (op == "<=" and n < lo) or (op == "==" and not lo <= n <= hi))
        always = ((op == ">=" and n <= lo) or (op == ">" and n < lo) or (op == "<=" and n >= hi)
                  or (op == "<" and n > hi) or (op == "!=" and not lo <= n <= hi))
    if e["l"].get("e") == "num" and e["r"].get("e") == "num":
        a, b = e["l"]["v"], e["r"]["v"]
        ok = {"==": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[e["op"]]
        return (None, f"{a} {e['op']} {b} is true") if ok else (f"{a} {e['op']} {b} is false", None)
    return (why if never else None), (why if always else None)


def never_true(col, e: dict, box_id: str | None) -> str | None:
    """Why a condition can never hold (beyond C402's die and icon folds), or None."""
    kind = e.get("e")
    if kind == "cmp":
        return _compare(col, e, box_id)[0]
    if kind == "and":
        return _contradiction(e["items"]) or next(
            (w for w in (never_true(col, i, box_id) for i in e["items"]) if w), None)
    if kind == "or":
        whys = [never_true(col, i, box_id) for i in e["items"]]
        return whys[0] if all(whys) else None
    if kind == "not":
        return always_true(col, e["x"], box_id)
    return None


def always_true(col, e: dict, box_id: str | None) -> str | None:
    """Why a condition always holds, or None."""
    kind = e.get("e")
    if kind == "cmp":
        return _compare(col, e, box_id)[1]
    if kind == "bool" and e.get("v") is True:
        return "it is `true`"
    if kind == "or":
        rel = _relations(e["items"])
        for i, (subj, name, neg, _e) in enumerate(rel):
            if any(s == subj and n == name and ng != neg for s, n, ng, _ in rel[i + 1:]):
                return f"'{subj[1]}' is {name} or not {name}"
        return next((w for w in (always_true(col, i, box_id) for i in e["items"]) if w), None)
    if kind == "and":
        whys = [always_true(col, i, box_id) for i in e["items"]]
        return whys[0] if all(whys) else None
    if kind == "not":
        return never_true(col, e["x"], box_id)
    return None


def always_holds(col, emit):
    from .effect_graph import _conditions
    for qid, comp in col.in_order():
        if comp["kind"] in ("keyword", "box", "pool"):
            continue
        for cond, _where in _conditions(col, comp):
            why = always_true(col, cond, comp["box"])
            if why:
                emit(f"a condition of {comp['kind']} '{comp['id']}' always holds: {why}", qid,
                     span_of(cond.get("span")) or span_of(comp["span"]))


register(always_holds, "C408", "always-holds", "warning", "effect graph",
         "A condition (`when`, `if`, `where`) that always holds guards nothing: a count compared with a number "
         "below zero, a die compared with a value at or past its faces (`mayhem-die >= 1`), `x is friend or x is "
         "not friend`, a true constant. Usually the condition meant something else.",
         "on attack when count(all friend in here) >= 0 { ... }",
         "Fix the condition, or remove it.")
