"""A random bot's menu: the legal actions counted, one drawn, and only that one printed.

The whole menu (menus.whole_of) prints every legal action and keeps one Action of each text, and
a random bot then draws one place among them. `counted_of` writes the same menu for that draw:
each verb's guards and domains asked as the whole menu asks them, the places allowed kept (a
walk's values, a group of the last level's values under each combination of the levels above
it), no text made, no Action made, the place drawn among the count (waits.py's rule read where
the menu puts the actions it waits with) and only the action drawn printed. The same actions,
in the same order, the same draw and the same history as the whole menu and the draw among its
texts (tests/test_kernel_speed_kspeed9a.py).

Copies that print alike are offered once. Where they can print alike is known: a walk of one
level prints one varying label (with constants and the Active figure's name around it), so two
of its places print alike only where their labels are alike, and the places allowed are kept
once per label (`kept_firsts`). A walk of several levels is counted when no guard is under its
last level (walks.py's `_HOIST`): its last level's values are deduplicated per label once
(`firsts`), and two combinations above them print apart when each level's labels are apart and
none holds the first letter of the constant text after it (then the text reads back into its
labels). Where a menu meets labels that break this, the whole menu is asked instead (`full_pick`,
the same draw); a walk or block it cannot count at all (a guard asked after the text, a listing,
a product) makes no counted menu for the plans (`counted_of` None)."""
from __future__ import annotations

_COUNTED = [True]  # False: the whole menu and a draw among its texts, as before (tests)
_MADE: dict[tuple, tuple] = {}  # (the rules' id, the plans' ids) -> (the rules, the plans, the counted menu or None)


class NotCountable(Exception):
    """A menu's block that counted_of cannot count: the plans keep the whole menu."""


def counted_of(game):
    """The counted menu `pick(game, draws, history)` of the game's plans (kept on the game, shared
    by games whose plans are the same objects, as menus.whole_of): the action drawn by
    `draws[state.active]` (a random bot's draw, given the number of answers) taken from the
    legal ones, the answer kept in `history` when it was drawn among two or more; None when none
    is legal. None for plans it cannot count."""
    from .menus import kept_per_plans, whole_of
    plans = game._plans
    if plans is None:
        whole_of(game)
        plans = game._plans
    return kept_per_plans(game, plans, "_counted", _MADE, _counted)


def _counted(plans: list, rules):
    """The counted menu of the plans (menus._whole's, counting), or None for plans it cannot count."""
    from .menus import _whole
    try:
        return _whole(plans, rules, count=True)
    except NotCountable:
        return None


def full_pick(game, draws, history):
    """The counted menu's answer by the whole menu and the draw among its texts (as play_out's
    loop draws): where a menu meets labels it cannot tell apart without printing them."""
    from .menus import whole_of
    legal, texts = whole_of(game)(game)
    if not legal:
        return None
    if len(legal) == 1:
        return legal[0]
    me = game.state.active
    index = draws[me](texts)
    history.append({"player": me, "kind": "action", "action": texts[index]})
    return legal[index]


def firsts(labs: list):
    """The places of the first of each label (all of them, as a range, when no two are alike)."""
    if len(labs) < 2 or len(set(labs)) == len(labs):
        return range(len(labs))
    seen: set = set()
    out = []
    for j, lab in enumerate(labs):
        if lab not in seen:
            seen.add(lab)
            out.append(j)
    return out


def kept_firsts(labs: list, kept: list) -> list:
    """The places kept, less those whose label an earlier one kept has."""
    seen: set = set()
    out = []
    for j in kept:
        lab = labs[j]
        if lab not in seen:
            seen.add(lab)
            out.append(j)
    return out


def _fields(parts: list, last: int) -> None:
    """Each level's label printed once in the text (else NotCountable)."""
    for i in range(last + 1):
        if parts.count(f"b{i}[j{i}]") != 1:
            raise NotCountable


def count_print(count: dict, ok: bool, parts: list, last: int, pad: str, p: str) -> list[str]:
    """walks.walk_lines' print of a combination, counted: a walk of one level whose guard (if any)
    is asked before its text keeps the place allowed in `kj`."""
    if not ok or last != 0:
        raise NotCountable
    _fields(parts, 0)
    count.update(kind="one", parts=parts, p=p)
    return [f"{pad}kj.append(j0)"]


def count_group(count: dict, parts: list, inner, last: int, named: bool, p: str, free: bool) -> list[str]:
    """walks.walk_lines' last level with no guard under it, counted: the levels' labels made (as
    the walk makes them, once per list), checked to print apart (else the whole menu is asked),
    the last level's first place per label, and one group kept (`count["group"]`): the count so
    far, the values above, the text's tail, its head where it reads a label, and the last level's
    values, labels and places where they are not the walk's own (`free`: listed once, kept in
    `{p}v`, `{p}b`, `{p}f`)."""
    _fields(parts, last)
    space = count["space"]
    seps = _separators(parts, space)
    full = "return full_pick(game, draws, history)"
    lines = []
    for k in range(last + 1):
        lines += [f"if b{k} is None:", f" b{k} = labels(game, v{k}, {p}C{k})"]
        if k < last:
            lines.append(f" if len(b{k}) > 1 and len(set(b{k})) != len(b{k}): {full}")
        if k in seps:
            space[f"{p}X{k}"] = seps[k]
            lines.append(f" if {p}X{k} in ''.join(b{k}): {full}")
        if k == last:
            lines.append(f" fu{k} = firsts(b{k})")
            if free:
                lines.append(f" {p}v, {p}b, {p}f = v{k}, b{k}, fu{k}")
    if named:
        lines.append("if act is None: act = str(sf).lower()")
    head, tail = " + ".join(parts[:inner]) or "''", " + ".join(parts[inner + 1:]) or "''"
    fixed = all(part not in ("act",) and not part.startswith("b") for part in parts[:inner])
    args = "".join(f"a{k}, " for k in range(last))
    kept = [tail] + ([] if fixed else [head]) + ([] if free else [f"v{last}", f"b{last}", f"fu{last}"])
    lines.append(f"cnt += len(fu{last})")
    lines.append(f"{count['group']}.append((cnt, ({args}), {', '.join(kept)}))")
    count.update(kind="group", p=p, head=head if fixed else None, free=free)
    return lines


def _separators(parts: list, space: dict) -> dict:
    """{level: the first letter of the constant text after its label}, for each label but
    the text's last (NotCountable where no constant text follows it)."""
    out = {}
    fields = [j for j, item in enumerate(parts) if item.startswith("b") and "[j" in item]
    for j in fields[:-1]:
        after = parts[j + 1]
        text = space.get(after) if after != "act" and not after.startswith("b") else None
        if not text:
            raise NotCountable
        out[int(parts[j][1:parts[j].index("[")])] = text[0]
    return out


def block_lines(i: int, kind: str, pad: str, verb_names: tuple = ()) -> tuple[list, list]:
    """(the lines before, the lines after) a counted block of the whole menu (menus._block)."""
    if kind == "one":  # (one place kept: its labels made only if it is drawn, _printed)
        return [f"{pad}kj = []"], [f"{pad}if kj:", f"{pad} vl{i} = v0", f"{pad} if len(kj) > 1:",
                                   f"{pad}  bl{i} = labels(game, v0, {verb_names[0]})",
                                   f"{pad}  if len(set(bl{i})) != len(bl{i}): kj = kept_firsts(bl{i}, kj)",
                                   f"{pad} cnt += len(kj)", f"{pad} kj{i} = kj"]
    if kind == "group":
        return [f"{pad}gr{i} = []"], []
    return [], []


def pick_lines(order: list, wait: bool) -> list[str]:
    """The end of the counted menu: none legal, one taken as it is, or the place drawn (past the
    actions a bot waits with, as waits.drawn reads the menu's slot), then that action printed.
    `order`: [(the test of the set of actions, [(block, its count's info), ...]), ...]."""
    lines = [" if not cnt:", "  return None", " if cnt == 1:", "  r = 0", " else:"]
    if wait:
        lines += ["  if up:", "   start, skip = ws, we - ws", "   m = cnt - skip",
                  "   if not m: m = start = cnt", "  else:", "   start, skip, m = cnt, 0, cnt"]
    else:
        lines += ["  start, skip, m = cnt, 0, cnt"]
    lines += ["  r = draws[me](m)", "  if r >= start: r += skip"]
    for head, blocks in order:
        pad = " "
        if head is not None:
            lines.append(head)
            pad = "  "
        first = True
        if not blocks:
            lines.append(f"{pad}pass")
        for i, info in blocks:
            lines.append(f"{pad}{'if' if first else 'elif'} r < c{i}:")
            lines += [f"{pad} {line}" for line in _printed(i, info)]
            first = False
    lines += [" if cnt > 1:", "  history.append({'player': me, 'kind': 'action', 'action': t})", " return action"]
    return lines


def _printed(i: int, info: dict) -> list[str]:
    """The lines that print the r-th action of block i (its count ends at `c{i}`)."""
    kind, p = info["kind"], info.get("p", "")
    if kind == "verb":
        return [f"t = V{i}", f"action = A{i}"]
    if kind == "alp":
        return [f"j = kj{i}[r - c{i} + len(kj{i})]", f"if len(kj{i}) == 1: bl{i} = labels(game, vl{i}, C{i})",
                f"t = P{i} + bl{i}[j]", f"action = _new(Action, (V{i}, (vl{i}[j],), t))"]
    if kind == "one":
        parts = [f"bl{i}[j]" if part == "b0[j0]" else part for part in info["parts"]]
        lines = [f"j = kj{i}[r - c{i} + len(kj{i})]", f"if len(kj{i}) == 1: bl{i} = labels(game, vl{i}, {p}C0)"]
        if "act" in parts:
            lines.append("if act is None: act = str(sf).lower()")
        return lines + [f"t = {' + '.join(parts)}", f"action = _new(Action, ({p}VERB, (vl{i}[j], ), t))"]
    head = info["head"] if info["head"] is not None else "g[3]"
    at = 3 if info["head"] is not None else 4
    v, b, fu = (f"{p}v", f"{p}b", f"{p}f") if info["free"] else (f"g[{at}]", f"g[{at + 1}]", f"g[{at + 2}]")
    return [f"for g in gr{i}:", " if r < g[0]: break", f"fu = {fu}", "j = fu[r - g[0] + len(fu)]",
            f"t = {head} + {b}[j] + g[2]", f"action = _new(Action, ({p}VERB, g[1] + ({v}[j],), t))"]
