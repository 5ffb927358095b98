"""Effect-graph checks: targets never found, conditions never true, slots off the die,
Mayhem effects with no special effect, trigger loops, and what can never come into play."""
from __future__ import annotations

import networkx as nx

from mayhem.compiler import builtins as B

from . import conditions, register, span_of
from .game_pieces import vp_tokens
from .tally import tally


def _faces(col, box_id: str | None, prop: str) -> list[int]:
    """The faces of a box's die (of every box's, for a component of none): worked out once
    per collection, box and die (the boxes are the interface: a collection's for its life)."""
    known = col.__dict__.setdefault("_faces", {})
    key = (box_id, prop)
    if key not in known:
        known[key] = _faces_of(col, box_id, prop)
    return list(known[key])


def _faces_of(col, box_id: str | None, prop: str) -> list[int]:
    boxes = [col.boxes[box_id]] if box_id in col.boxes else list(col.boxes.values())
    out = []
    for box in boxes:
        for f in col.prop(box, prop, []) or []:
            out.append(int(str(f).rstrip("*")))
    return out or [1, 2, 3, 4, 5, 6]


def _icons_on_board(col, box_id: str | None) -> set[str]:
    """The icons the Locations show, and the tiles of a kernel game's board whose `icons` names
    the tiles' property that lists them (`board ... { tiles tile  icons icons }`)."""
    printed = {("location", "icons")}
    for game in col.of_kind("game"):
        for board in game["children"]:
            if board["kind"] == "board" and col.prop(board, "tiles") and col.prop(board, "icons"):
                printed.add((col.prop(board, "tiles"), col.prop(board, "icons")))
    out = set()
    for kind, prop in printed:
        for tile in col.of_kind(kind):
            if box_id is None or tile["box"] == box_id:
                out |= set(col.prop(tile, prop, []) or [])
    return out


def _icon_id(qid: str) -> str:
    return qid.rsplit(":", 1)[-1]


_DICE = {"mayhem-die": "mayhem-die-faces", "activation-die": "activation-die-faces"}  # ctx -> the box's faces


def _never_true(col, e: dict, box_id: str | None) -> str | None:
    """Why a condition can never hold, or None (a conservative constant fold)."""
    kind = e.get("e")
    if kind == "fn" and e["name"] == "has-icon":
        icon = e["args"].get("icon") or {}
        if icon.get("e") == "icon" and _icon_id(icon["name"]) not in _icons_on_board(col, box_id):
            return f"no Location{' of ' + box_id if box_id else ''} shows the icon '{_icon_id(icon['name'])}'"
    if kind == "cmp":
        left, right, op = e["l"], e["r"], e["op"]
        for side, other, flip in ((left, right, False), (right, left, True)):
            if side.get("e") == "ctx" and side["name"] in _DICE and other.get("e") == "num":
                faces = _faces(col, box_id, _DICE[side["name"]])
                lo, hi, n = min(faces), max(faces), other["v"]
                o = {"<": ">", ">": "<", "<=": ">=", ">=": "<="}.get(op, op) if flip else op
                if (o == ">" and n >= hi) or (o == ">=" and n > hi) or (o == "<" and n <= lo) or \
                        (o == "<=" and n < lo) or (o == "==" and not lo <= n <= hi):
                    return f"the {side['name']} shows {lo} to {hi}"
            if side.get("e") == "fn" and side["name"] == "count" and other.get("e") == "num":
                o = {"<": ">", ">": "<", "<=": ">=", ">=": "<="}.get(op, op) if flip else op
                if (o == "<" and other["v"] <= 0) or (o == "==" and other["v"] < 0):
                    return "a count is never below zero"
        if left.get("e") == "num" and right.get("e") == "num":
            a, b = left["v"], right["v"]
            ok = {"==": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]
            if not ok:
                return f"{a} {op} {b} is false"
    if kind == "and":
        for item in e["items"]:
            why = _never_true(col, item, box_id)
            if why:
                return why
    # contradicting relations, counts past what the game holds, `or`s and `not`s
    return conditions.never_true(col, e, box_id)


def _conditions(col, comp: dict) -> list:
    """(condition expr, where) of a component: trigger and slot guards, ifs, selector filters
    (three checks ask; found once per component)."""
    key = ("conditions", comp["qid"])
    found = col.memo.get(key)
    if found is None:
        found = col.memo[key] = list(_find_conditions(col, comp))
    return found


def _find_conditions(col, comp: dict):
    for name, eff in comp["effects"].items():
        if eff["when"]:
            yield eff["when"], "when"
    for _label, body, _span in col.bodies(comp):
        for s in col.stmts(body):
            if s["op"] == "trigger" and s.get("when"):
                yield s["when"], "when"
            if s["op"] == "if":
                yield s["cond"], "if"
            for e in col.exprs(s):
                if e["e"] == "select" and e.get("where"):
                    yield e["where"], "where"


def no_target(col, emit):
    for qid, comp in col.in_order():
        if comp["kind"] in ("keyword", "box", "pool"):
            continue
        box_id = comp["box"]
        for cond, where in _conditions(col, comp):
            if where != "where":
                continue
            why = _never_true(col, cond, box_id)
            if why:
                emit(f"a selector of {comp['kind']} '{comp['id']}' never finds a target: {why}", qid,
                     span_of(cond.get("span")) or span_of(comp["span"]))


register(no_target, "C401", "no-target", "warning", "effect graph",
         "A selector can never find a candidate (it filters Locations on an icon that no Location of the "
         "box shows, or on a condition that never holds), so its effect never happens.",
         "place(pizza, 1, on: one location in anywhere where has-icon(it, pizza-spot))   # no Location shows it",
         "Put the icon on a Location, or fix the selector.")


def never_holds(col, emit):
    for qid, comp in col.in_order():
        if comp["kind"] in ("keyword", "box", "pool"):
            continue
        for cond, where in _conditions(col, comp):
            if where == "where":
                continue
            why = _never_true(col, cond, comp["box"])
            if why:
                emit(f"a condition of {comp['kind']} '{comp['id']}' can never hold: {why}", qid,
                     span_of(cond.get("span")) or span_of(comp["span"]))


register(never_holds, "C402", "never-holds", "warning", "effect graph",
         "A condition (`when`, `if`) can never be true, so what it guards never happens: a die compared "
         "with a value off its faces, an icon no Location shows, a count below zero or past what the game "
         "holds (`count(all teammate in here) > 1`: a Team is two characters), relations that contradict each "
         "other (`target is friend and target is opponent`, `x is teammate and x is not friend`), a false "
         "constant.",
         "on enter when mayhem-die > 6 { ... }", "Fix the condition.")


def slot_off_the_die(col, emit):
    for qid, comp in col.in_order():
        if comp["kind"] != "ability":
            continue
        slot = col.prop(comp, "slot")
        box = comp["scope"] if not comp["scope"].endswith(".mh") else None
        faces = _faces(col, box, "activation-die-faces")
        if slot is not None and not min(faces) <= slot <= max(faces):
            emit(f"ability '{comp['id']}' has slot {slot}, but the Activation die shows {min(faces)} to "
                 f"{max(faces)}", qid, col.prop_span(comp, "slot"))


register(slot_off_the_die, "C403", "slot-off-the-die", "error", "effect graph",
         "An Ability's slot threshold must be a value the Activation die can show; above its highest face "
         "the special effect never happens.", "ability a \"A\" { slot 7 ... }", "slot 6")


def mayhem_without_special(col, emit):
    for qid, comp in col.in_order():
        if comp["kind"] == "ability" and "mayhem" in comp["effects"] and "special" not in comp["effects"]:
            emit(f"ability '{comp['id']}' has a Mayhem effect but no special effect", qid,
                 span_of(comp["effects"]["mayhem"]["span"]))


register(mayhem_without_special, "C404", "mayhem-without-special", "error", "effect graph",
         "A Mayhem effect is added to the special effect; an Ability with a Mayhem effect and no special "
         "effect never uses it.", "ability a \"A\" { standard { melee-attack } mayhem { stun } }",
         "Give the Ability a special effect, or move the Mayhem effect.")


def _emitted(col, body: list, seen: set) -> set[str]:
    out = set()
    for s in col.stmts(body):
        if s["op"] == "primitive":
            out |= set(B.EMITS.get(s["name"], ()))
        elif s["op"] == "keyword" and s["keyword"] not in seen and s["keyword"] in col.keywords:
            seen.add(s["keyword"])
            for _l, kb, _sp in col.bodies(col.keywords[s["keyword"]]):
                out |= _emitted(col, kb, seen)
    return out


def _bounded(col, qid: str, trig: dict) -> bool:
    """A trigger that cannot fire again and again on its own: a Reaction card (played once), a GO!
    card's goal (the card leaves play), a Special Ability used once per turn, round or game, or a
    token trigger that discards its own token or ends its `until` block."""
    comp = col.by_qid[qid]
    if comp["kind"] in ("mayhem-card", "go-card"):
        return True
    if comp["kind"] == "special-ability" and col.prop(comp, "once"):
        return True
    for s in col.stmts(trig["body"]):
        if s["op"] == "primitive" and s["name"] == "expire":
            return True
        if s["op"] == "primitive" and s["name"] in ("remove", "remove-all") and comp["kind"] == "token":
            tok = s["args"].get("token") or {}
            if tok.get("name") == qid:
                return True
    return False


def _installed(col, comp: dict) -> list[dict]:
    """The triggers a component installs for a while (`until round-end { on move { ... } }`):
    they fire as often as their event comes until the block ends, whatever limits the card or
    the ability that installed them."""
    top = [id(t) for t in comp["triggers"]]
    return [s for _label, body, _span in col.bodies(comp) for s in col.stmts(body)
            if s["op"] == "trigger" and id(s) not in top]


def _unbounded_triggers(col, qid: str, comp: dict) -> list[tuple[str, dict, set[str]]]:
    """(node, trigger, the events its effect sets off) of a component's unbounded triggers: kept
    per component (a Workspace keeps it across checks for the components an edit leaves)."""
    if not comp["triggers"] and not comp["effects"]:
        return []  # (most children: nothing installed, nothing to keep)
    key = ("unbounded-triggers", qid)
    found = col.memo.get(key)
    if found is None:
        found = []
        for i, trig in enumerate(comp["triggers"]):
            if not _bounded(col, qid, trig):
                found.append((f"{qid}#on.{i}", trig, _emitted(col, trig["body"], set())))
        for i, trig in enumerate(_installed(col, comp)):
            if not any(s["op"] == "primitive" and s["name"] == "expire" for s in col.stmts(trig["body"])):
                found.append((f"{qid}#installed.{i}", trig, _emitted(col, trig["body"], set())))
        col.memo[key] = found
    return found


def _unbounded_share(col, top: dict) -> list:
    """(component qid, node, trigger, events) of the unbounded triggers of a top-level
    component and its children, in the collection's order."""
    return [(c["qid"], *found) for c in col.walk(top) for found in _unbounded_triggers(col, c["qid"], c)]


def trigger_loop(col, emit):
    g = nx.DiGraph()
    where = {}
    for _top, share in tally(col, "C405", _unbounded_share, index=False).in_order():
        for qid, node, trig, emitted in share:
            where[node] = (qid, trig)
            g.add_edge(f"event:{trig['event']}", node)
            for ev in emitted:
                g.add_edge(node, f"event:{ev}")
    reported = set()
    for cycle in sorted(nx.simple_cycles(g, length_bound=4), key=lambda c: (len(c), sorted(c))):
        triggers = [n for n in cycle if n in where]
        key = frozenset(triggers)
        if not triggers or key in reported:
            continue
        reported.add(key)
        start = cycle.index(min(triggers))
        ordered = cycle[start:] + cycle[:start] + [cycle[start]]
        path = " -> ".join(where[n][0].rsplit("/", 1)[-1].rsplit(":", 1)[-1] + f" (on {where[n][1]['event']})"
                           if n in where else n[6:] for n in ordered)
        qid, trig = where[min(triggers)]
        emit(f"triggers may set each other off forever: {path}", qid, span_of(trig["span"]))


register(trigger_loop, "C405", "trigger-loop", "warning", "effect graph",
         "A cycle of triggers: a trigger's effect sets off an event that (directly, or through one other "
         "trigger) sets it off again, and nothing bounds it: it is not a one-shot card, not a Special Ability "
         "used once, and not a token trigger that discards its own token. Triggers a card or an ability installs "
         "for a while (`until round-end { on move { ... } }`) count too: they fire every time until the block "
         "ends, however often the card is played, unless they `expire`.",
         "token t \"T\" { on damaged { damage(holder, 1) } }",
         "Bound the trigger (a token it discards, `once per turn`, `expire`), or silence the check with the "
         "reason the loop ends.")


def _brings_into_play(col, comp: dict) -> tuple[set[str], set[str], set[str]]:
    """(tokens placed or taken, icons shown or looked for, tags carried or resisted) by one
    top-level component: kept per component, as _unbounded_triggers."""
    key = ("brings-into-play", comp["qid"])
    found = col.memo.get(key)
    if found is None:
        used = col.uses(comp)
        placed = used["token"] - {comp["qid"]} if comp["kind"] == "token" else set(used["token"])
        icons = {_icon_id(i) for i in used["icon"]}
        tags = {i.rsplit(":", 1)[-1] for i in used["tag"]}
        for c in col.walk(comp):  # (col.prop's values, read once each, no set built per prop)
            props = c["props"]
            p = props.get("icons")
            if p is not None and isinstance(p["value"], list):  # (not a card type's declaration)
                icons.update(p["value"])
            for name in ("immune", "tags"):
                p = props.get(name)
                if p is not None and isinstance(p["value"], list):  # (not a token type's declaration)
                    tags.update(p["value"])
        found = col.memo[key] = (placed, icons, tags)
    return found


def _brought(col, comp: dict) -> tuple:
    placed, icons, tags = _brings_into_play(col, comp)
    if not (placed or icons or tags):
        return ()
    return (*(("token", q) for q in placed), *(("icon", i) for i in icons), *(("tag", t) for t in tags))


def unreachable(col, emit):
    brought = tally(col, "C406", _brought)
    placed = {key[1] for key in brought.keys() if key[0] == "token"}
    set_up = set()
    for box in (c for c in col.top if c["kind"] == "box"):  # a kernel game's box too: its piles (pieces.py)
        for pool in box["children"]:
            if pool["kind"] == "pool" and (col.prop(pool, "pile-on") or col.prop(pool, "on-vp-slots")):
                for q, t in col.tokens.items():
                    if (col.prop(t, "drawn-from") or t["id"]) == pool["id"]:
                        set_up.add(q)
    vp = vp_tokens(col)  # the game's counter kept as pieces: KOs give them
    for qid, tok in sorted(col.tokens.items()):
        if qid not in placed and qid not in set_up and qid not in vp:
            group_parent = [q for q in placed if q.rsplit(":", 1)[-1] == col.prop(tok, "group")]
            if not group_parent:
                emit(f"token '{tok['id']}' never comes into play: no effect places or takes it and no pool sets "
                     f"it up", qid, span_of(tok["span"]))
    for comp in sorted(col.of_kind("icon") + col.of_kind("tag"), key=lambda c: brought.rank(c["qid"])):
        if comp["kind"] == "icon" and not brought.count(("icon", comp["id"])):
            emit(f"icon '{comp['id']}' is on no Location and no effect looks for it", comp["qid"],
                 span_of(comp["span"]))
        if comp["kind"] == "tag" and not brought.count(("tag", comp["id"])):
            emit(f"tag '{comp['id']}' is carried by no effect and nothing is immune to it", comp["qid"],
                 span_of(comp["span"]))


register(unreachable, "C406", "unreachable", "warning", "effect graph",
         "Something that can never come into play: a token type that no effect places or takes and no pool "
         "sets up (its triggers never fire), an icon that no Location shows and no effect looks for, a tag "
         "that no effect carries and nothing is immune to.", 'token glitter "Glitter" { ... }   # never placed',
         "Use it, or remove it.")
