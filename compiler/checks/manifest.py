"""Manifest checks: each box's content against the component list its rulebook prints."""
from __future__ import annotations

from itertools import combinations, product

from mayhem.dsl.diagnostics import Related
from mayhem.dsl.schema import COLOURS

from . import check, span_of



def pool_pieces(pool: dict, col) -> int:
    count = col.prop(pool, "count")
    if count is not None:
        return count
    return sum(col.prop(pool, c, 0) or 0 for c in COLOURS)


@check("C101", "manifest-counts", "error", "manifest",
       "The number of each component kind, and the number of tokens, must equal the box's component "
       "list (the box's `figures`, `dashboards`, `location-tiles`, `bases`, `special-locations`, "
       "`mayhem-cards`, `go-cards` and `tokens`, which copy the rulebook's list).",
       'box b "B" { mayhem-cards 22 ... }   # but only 21 mayhem-card declarations',
       "Add the missing component, or correct the count if the rulebook says otherwise.")
def manifest_counts(col, emit):
    for box_id, box in sorted(col.boxes.items()):
        chars = col.of_kind("character", box_id)
        locs = col.of_kind("location", box_id)
        bases = {c: [l for l in locs if col.prop(l, "base") == c] for c in COLOURS}
        special = [l for l in locs if not col.prop(l, "base")]
        expected = [
            ("figures", len(chars), "characters"),
            ("dashboards", len(chars), "dashboards (characters)"),
            ("location-tiles", len(locs), "Locations"),
            ("special-locations", len(special), "Special Locations"),
            ("mayhem-cards", len(col.of_kind("mayhem-card", box_id)), "Mayhem cards"),
            ("go-cards", len(col.of_kind("go-card", box_id)), "GO! cards"),
        ]
        for prop, have, what in expected:
            want = col.prop(box, prop)
            if want is not None and want != have:
                emit(f"box '{box_id}' lists {want} {what}; the content has {have}", box["qid"],
                     col.prop_span(box, prop), hint="the component list is the rulebook's; count the declarations")
        want_bases = col.prop(box, "bases") or {}
        for colour in COLOURS:
            if colour in want_bases and want_bases[colour] != len(bases[colour]):
                emit(f"box '{box_id}' lists {want_bases[colour]} {colour.title()} Bases; the content has "
                     f"{len(bases[colour])}", box["qid"], col.prop_span(box, "bases"))
        pools = [c for c in box["children"] if c["kind"] == "pool"]
        total = sum(pool_pieces(p, col) for p in pools)
        want = col.prop(box, "tokens")
        if want is not None and want != total:
            emit(f"box '{box_id}' lists {want} tokens; its pools hold {total}", box["qid"], col.prop_span(box, "tokens"),
                 hint="one `pool` per token type, with the rulebook's count (by colour if coloured)")
        double = bool(col.prop(box, "double-sided-dashboards"))
        for ch in chars:
            sided = any(c["kind"] == "side" for c in ch["children"])
            if sided != double:
                emit(f"character '{ch['id']}' {'has' if sided else 'lacks'} dashboard sides, but box '{box_id}' "
                     f"{'does not have' if double is False else 'has'} double-sided dashboards", ch["qid"],
                     col.prop_span(ch, "life") if not sided else col.prop_span(ch, "source"))


@check("C102", "token-without-pool", "error", "manifest",
       "Every token type a box's own components use (place, take, count) is drawn from a pool of that box; "
       "and every box has a pool for the Victory Point token, which KOs give.",
       "a card places `fire`, but the box has no `pool fire`", "Add the pool, with the rulebook's count.")
def token_without_pool(col, emit):
    vp = [q for q, t in col.tokens.items() if col.prop(t, "victory-point")]
    for box_id, box in sorted(col.boxes.items()):
        pools = {c["id"] for c in box["children"] if c["kind"] == "pool"}
        needed: dict[str, dict] = {}
        for comp in col.top:
            if comp["box"] != box_id or comp["kind"] in ("box", "keyword", "tag", "icon"):
                continue
            for tok in col.uses(comp)["token"]:
                if tok != comp["qid"]:  # a token's own triggers (discard itself) are no use of it
                    needed.setdefault(tok, comp)
        for q in vp:
            needed.setdefault(q, box)
        for tok, comp in sorted(needed.items()):
            t = col.tokens.get(tok)
            if t is None:
                continue
            if col.prop(t, "group") and col.prop(t, "drawn-from") is None:
                continue
            pool = col.prop(t, "drawn-from") or t["id"]
            if pool not in pools:
                related = [] if comp is box else [Related(span_of(comp["span"]), f"{comp['kind']} '{comp['id']}' uses it")]
                user = ("which KOs give" if comp is box else f"that {comp['kind']} '{comp['id']}' uses")
                emit(f"box '{box_id}' has no pool '{pool}' for the token '{t['id']}' {user}", comp["qid"], col.prop_span(box, "tokens"),
                     hint=f"add `pool {pool} \"...\" {{ count N }}` to the box", related=related)


def _sides(ch: dict) -> list[dict]:
    return [c for c in ch["children"] if c["kind"] == "side"] or [ch]


@check("C103", "first-game-hands", "error", "manifest",
       "The First-Game hands name the box's characters and Mayhem cards, give no card twice, and fit the "
       "hand size of every Team they can form (the sum of the two characters' Mayhem-card icons, on any side).",
       "first-game hands { robin [a, b, c] }   # Robin and a teammate hold 4 icons", "Give fewer cards.")
def first_game_hands(col, emit):
    for fg in col.of_kind("first-game"):
        box_id = fg["box"]
        chars = {c["id"]: c for c in col.of_kind("character", box_id)}
        hands = {k: v["value"] for k, v in fg["props"].items() if k in chars}
        all_cards = [c for v in hands.values() for c in v]
        for dup in sorted({c for c in all_cards if all_cards.count(c) > 1}):
            emit(f"the First-Game hands give '{dup}' more than once", fg["qid"], col.prop_span(fg, "source"))
        for a, b in combinations(sorted(hands), 2):
            need = len(hands[a]) + len(hands[b])
            for sa, sb in product(_sides(chars[a]), _sides(chars[b])):
                icons = (col.prop(sa, "mayhem-cards", 0) or 0) + (col.prop(sb, "mayhem-cards", 0) or 0)
                if need > icons:
                    emit(f"a Team of {a} and {b} starts the First Game with {need} cards but holds only "
                         f"{icons} Mayhem icons", fg["qid"], col.prop_span(fg, a),
                         hint="give fewer First-Game cards, or more Mayhem icons")
                    break
        missing = sorted(set(chars) - set(hands))
        if missing and hands:
            emit(f"the First-Game hands give nothing to {', '.join(missing)}", fg["qid"], span=col.prop_span(fg, "source"),
                 hint="every character of the box gets its First-Game cards")
