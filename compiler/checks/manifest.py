"""Manifest checks: each box's content against the component list its rulebook prints."""
from __future__ import annotations

from itertools import combinations, product

from mayhem.dsl.diagnostics import Related
from ..mode_setup import draws_hands
from . import register, span_of
from .game_pieces import team_colours, tiles, vp_token_ids, vp_tokens
from .tally import tally
from .wording import counted



def pool_pieces(pool: dict, col) -> int:
    count = col.prop(pool, "count")
    if count is not None:
        return count
    return sum(col.prop(pool, c, 0) or 0 for c in team_colours(col))


_COUNTED = ("character", "location", "mayhem-card", "go-card")


def _counted(col, comp: dict) -> tuple:
    """A top-level component's share of its box's counts: its kind; a Location's Base colour
    (None: a Special Location; the property the shared game's board reads as a tile's Base); a
    character whose dashboard sides the box does not have."""
    kind, box_id = comp["kind"], comp["box"]
    if kind not in _COUNTED:
        return ()
    if kind == "location":
        return ((box_id, kind), (box_id, "base", col.prop(comp, tiles(col).bases) or None))
    if kind == "character":
        box = col.boxes.get(box_id)
        if box is not None:
            sided = any(c["kind"] == "side" for c in comp["children"])
            if sided != bool(col.prop(box, "double-sided-dashboards")):
                return ((box_id, kind), (box_id, "sides"))
    return ((box_id, kind),)


def manifest_counts(col, emit):
    counts = tally(col, "C101", _counted)
    for box_id, box in sorted(col.boxes.items()):
        chars = counts.count((box_id, "character"))
        expected = [
            ("figures", chars, ("character", "characters")),
            ("dashboards", chars, ("dashboard (character)", "dashboards (characters)")),
            ("location-tiles", counts.count((box_id, "location")), ("Location", "Locations")),
            ("special-locations", counts.count((box_id, "base", None)), ("Special Location", "Special Locations")),
            ("mayhem-cards", counts.count((box_id, "mayhem-card")), ("Mayhem card", "Mayhem cards")),
            ("go-cards", counts.count((box_id, "go-card")), ("GO! card", "GO! cards")),
        ]
        for prop, have, what in expected:
            want = col.prop(box, prop)
            if want is not None and want != have:
                emit(f"box '{box_id}' lists {counted(want, *what)}; the content has {have}", box["qid"],
                     col.prop_span(box, prop), hint="the component list is the rulebook's; count the declarations")
        want_bases = col.prop(box, "bases") or {}
        for colour in team_colours(col):
            have = counts.count((box_id, "base", colour))
            if colour in want_bases and want_bases[colour] != have:
                emit(f"box '{box_id}' lists {counted(want_bases[colour], colour.title() + ' Base')}; the content has "
                     f"{have}", box["qid"], col.prop_span(box, "bases"))
        pools = [c for c in box["children"] if c["kind"] == "pool"]
        total = sum(pool_pieces(p, col) for p in pools)
        want = col.prop(box, "tokens")
        if want is not None and want != total:
            emit(f"box '{box_id}' lists {counted(want, 'token')}; its pools hold {total}", box["qid"], col.prop_span(box, "tokens"),
                 hint="one `pool` per token type, with the rulebook's count (by colour if coloured)")
        double = bool(col.prop(box, "double-sided-dashboards"))
        for qid in sorted(counts.users.get((box_id, "sides"), ())):
            ch = col.by_qid[qid]
            sided = not double
            emit(f"character '{ch['id']}' {'has' if sided else 'lacks'} dashboard sides, but box '{box_id}' "
                 f"{'does not have' if double is False else 'has'} double-sided dashboards", ch["qid"],
                 col.prop_span(ch, "life") if not sided else col.prop_span(ch, "source"),
                 hint=("give the character `side a { ... }` and `side b { ... }`, or remove the box's "
                       "`double-sided-dashboards`") if double else
                 "put the character's life, icons and abilities on one side, or add "
                 "`double-sided-dashboards` to the box")


register(manifest_counts, "C101", "manifest-counts", "error", "manifest",
         "The number of each component kind, and the number of tokens, must equal the box's component "
         "list (the box's `figures`, `dashboards`, `location-tiles`, `bases`, `special-locations`, "
         "`mayhem-cards`, `go-cards` and `tokens`, which copy the rulebook's list).",
         'box b "B" { mayhem-cards 22 ... }   # but only 21 mayhem-card declarations',
         "Add the missing component, or correct the count if the rulebook says otherwise.")


def _tokens_used(col, comp: dict) -> tuple:
    """(its box, a token) for each token a top-level component uses (a token's own triggers,
    which discard it, are no use of it)."""
    if comp["kind"] in ("box", "keyword", "tag", "icon"):
        return ()
    return tuple((comp["box"], tok) for tok in col.uses(comp)["token"] if tok != comp["qid"])


def token_without_pool(col, emit):
    vp = sorted(vp_tokens(col))
    used = tally(col, "C102", _tokens_used)
    by_box: dict[str, set[str]] = {}
    for box_id, tok in used.keys():
        by_box.setdefault(box_id, set()).add(tok)
    for box_id, box in sorted(col.boxes.items()):
        pools = {c["id"] for c in box["children"] if c["kind"] == "pool"}
        for tok in sorted(by_box.get(box_id, set()) | set(vp)):
            t = col.tokens.get(tok)
            if t is None:
                continue
            if col.prop(t, "group") and col.prop(t, "drawn-from") is None:
                continue
            pool = col.prop(t, "drawn-from") or t["id"]
            if pool not in pools:
                first = used.first((box_id, tok))  # the first component using it, in the collection's order
                comp = col.by_qid[first] if first is not None else box
                related = [] if comp is box else [Related(span_of(comp["span"]), f"{comp['kind']} '{comp['id']}' uses it")]
                user = ("which KOs give" if comp is box else f"that {comp['kind']} '{comp['id']}' uses")
                emit(f"box '{box_id}' has no pool '{pool}' for the token '{t['id']}' {user}", comp["qid"], col.prop_span(box, "tokens"),
                     hint=f"add `pool {pool} \"...\" {{ count N }}` to the box", related=related)


register(token_without_pool, "C102", "token-without-pool", "error", "manifest",
         "Every token type a box's own components use (place, take, count) is drawn from a pool of that box; "
         "and every box has a pool for the Victory Point token, which KOs give.",
         "a card places `fire`, but the box has no `pool fire`", "Add the pool, with the rulebook's count.")


def _sides(ch: dict) -> list[dict]:
    return [c for c in ch["children"] if c["kind"] == "side"] or [ch]


def first_game_hands(col, emit):
    for fg in col.of_kind("first-game"):
        box_id = fg["box"]
        chars = {c["id"]: c for c in col.of_kind("character", box_id)}
        hands = {k: v["value"] for k, v in fg["props"].items() if k in chars}
        given: dict[str, str] = {}
        for holder, cards in sorted(hands.items()):
            for card in cards:
                if card in given:
                    emit(f"the First-Game hands give '{card}' more than once", fg["qid"], col.prop_span(fg, holder),
                         hint=f"'{card}' is in {given[card]}'s hand already; the box has one of each card")
                given.setdefault(card, holder)
        for a, b in combinations(sorted(hands), 2):
            need = len(hands[a]) + len(hands[b])
            for sa, sb in product(_sides(chars[a]), _sides(chars[b])):
                icons = (col.prop(sa, "mayhem-cards", 0) or 0) + (col.prop(sb, "mayhem-cards", 0) or 0)
                if need > icons:
                    emit(f"a Team of {a} and {b} starts the First Game with {counted(need, 'card')} but holds "
                         f"only {counted(icons, 'Mayhem icon')}", fg["qid"], col.prop_span(fg, a),
                         hint="give fewer First-Game cards, or more Mayhem icons")
                    break
        missing = sorted(set(chars) - set(hands))
        if missing and hands:
            emit(f"the First-Game hands give nothing to {', '.join(missing)}", fg["qid"], span=col.prop_span(fg, "source"),
                 hint="every character of the box gets its First-Game cards")


register(first_game_hands, "C103", "first-game-hands", "error", "manifest",
         "The First-Game hands name the box's characters and Mayhem cards, give no card twice, and fit the "
         "hand size of every Team they can form (the sum of the two characters' Mayhem-card icons, on any side).",
         "first-game hands { robin [a, b, c] }   # Robin and a teammate hold 4 icons", "Give fewer cards.")


def impossible_life(col, emit):
    for qid, comp in col.in_order():
        for name in ("life", "monster-life"):
            value = col.prop(comp, name)
            if isinstance(value, int) and value < 1:
                owner = f"{col.by_qid[col.parent[qid]]['kind']} '{col.by_qid[col.parent[qid]]['id']}' side " \
                        f"'{comp['id']}'" if comp["kind"] == "side" else f"{comp['kind']} '{comp['id']}'"
                emit(f"{owner} has {counted(value, ('Monster ' if name == 'monster-life' else '') + 'Life Point')}; "
                     "Life is 1 or more", qid, col.prop_span(comp, name),
                     hint="write the Life Points the dashboard prints (the rulebooks' characters have 10 to 14)")


register(impossible_life, "C104", "impossible-life", "error", "manifest",
         "Life Points are a positive number: a character (or dashboard side) with 0 or negative Life is KO'd "
         "before it plays, and a Monster with no Life cannot be defeated.",
         "character c \"C\" { life 0 ... }", "life 10")


def vp_pools(col, box: dict) -> list[dict]:
    """The box's pools of the Victory Point token."""
    vp = vp_token_ids(col)
    vp_pools_ids = {col.prop(t, "drawn-from") or t["id"] for t in col.tokens.values() if t["id"] in vp}
    return [c for c in box["children"] if c["kind"] == "pool" and c["id"] in vp_pools_ids]


def win_vp_unreachable(col, emit):
    for box_id, box in sorted(col.boxes.items()):
        win = col.prop(box, "win-vp")
        if win is None:
            continue
        if win < 1:
            emit(f"box '{box_id}' is won with {win} Victory Points: every Team has won before the first round",
                 box["qid"], col.prop_span(box, "win-vp"), hint="write the rulebook's number (5 in both boxes)")
            continue
        for pool in vp_pools(col, box):
            per_team = {c: col.prop(pool, c) for c in team_colours(col) if col.prop(pool, c) is not None}
            if not per_team and col.prop(pool, "count") is not None:
                per_team = {"either": col.prop(pool, "count")}
            for colour, held in sorted(per_team.items()):
                if held < win:
                    whose = "a Team" if colour == "either" else f"the {colour.title()} Team"
                    emit(f"box '{box_id}' is won with {counted(win, 'Victory Point')}, but {whose} can hold only {held} "
                         f"(pool '{pool['id']}')", box["qid"], col.prop_span(box, "win-vp"),
                         related=[Related(span_of(pool["span"]), "the Victory Point tokens")],
                         hint=f"lower `win-vp` to {held}, or give the pool the rulebook's count")


register(win_vp_unreachable, "C105", "win-vp-unreachable", "error", "manifest",
         "A Team wins on `win-vp` Victory Points, so it must be able to hold that many: no more than the "
         "Victory Point tokens of its colour in the box (or of the whole pool when it has no colours), and "
         "at least 1. The Victory Point tokens are those the shared rules' counter `vp` is `kept-as`.",
         "box b \"B\" { win-vp 6  pool victory-points \"...\" { black 5 white 5 } }", "win-vp 5")


def die_faces(col, emit):
    for box_id, box in sorted(col.boxes.items()):
        for name, what in (("activation-die-faces", "Activation die"), ("mayhem-die-faces", "Mayhem die")):
            faces = col.prop(box, name)
            if faces is None:
                continue
            span = col.prop_span(box, name)
            if len(faces) != 6:
                emit(f"the {what} of box '{box_id}' has {len(faces)} face{'s' if len(faces) != 1 else ''}; "
                     "the box's dice have 6", box["qid"], span,
                     hint=f"list the six faces the {what} prints")
            if name == "activation-die-faces" and sorted(int(f.rstrip("*")) for f in faces) != [1, 2, 3, 4, 5, 6] \
                    and len(faces) == 6:
                emit(f"the Activation die of box '{box_id}' shows {', '.join(faces)}; it shows 1 to 6",
                     box["qid"], span, hint='activation-die-faces ["1", "2", "3", "4", "5", "6"]')
            if name == "mayhem-die-faces" and faces and not any(f.endswith("*") for f in faces):
                emit(f"the Mayhem die of box '{box_id}' has no face with the Mayhem icon, so no Mayhem effect "
                     "ever happens", box["qid"], span, hint='mark the icon faces with `*`, as in "3*"')


register(die_faces, "C106", "die-faces", "error", "manifest",
         "Both boxes' dice are six-sided: the Activation die shows 1 to 6, and the Mayhem die six faces, some "
         "with the Mayhem icon (`*`), without which no Mayhem effect ever happens.",
         'mayhem-die-faces ["1", "2", "3"]', 'mayhem-die-faces ["1", "1*", "2", "2", "3", "3*"]')


def face_down_pile(col, emit):
    for box_id, box in sorted(col.boxes.items()):
        pools = {c["id"]: c for c in box["children"] if c["kind"] == "pool"}
        for q, pile in sorted(col.tokens.items()):
            if not col.prop(pile, "face-down"):
                continue
            pool = pools.get(col.prop(pile, "drawn-from") or pile["id"])
            count = col.prop(pool, "count") if pool is not None else None
            faces = [t for t in col.tokens.values() if col.prop(t, "group") == pile["id"]
                     and t["scope"] == pile["scope"]]
            if count is None or not faces:
                continue
            if count % len(faces) or count < len(faces):
                emit(f"the face-down pile '{pile['id']}' of box '{box_id}' holds {counted(count, 'token')}, but its group "
                     f"has {counted(len(faces), 'face')}", pool["qid"], col.prop_span(pool, "count"),
                     related=[Related(span_of(pile["span"]), "the face-down token")],
                     hint=f"declare the missing faces (`group {pile['id']}`), or correct the count: one of each "
                     f"face is {len(faces)}")


register(face_down_pile, "C107", "face-down-pile", "error", "manifest",
         "A face-down pile (the ACME tokens: \"10 different ACME tokens\") holds each face of its group "
         "equally often: the pool's count is the number of faces (one of each), or a multiple of it. "
         "Otherwise setup deals some faces and loses others.",
         "pool acme \"ACME tokens\" { count 10 }   # but 9 tokens of `group acme`", "a tenth face, or count 9")


def _hands(col, mode: dict, box: dict) -> list[int]:
    """The Mayhem cards each player of the mode draws at setup, in seat order."""
    default = col.prop(box, "hand-draw", 7)
    draws = col.prop(mode, "hand-draw") or []
    out = []
    for t, team in enumerate(col.prop(mode, "seats") or []):
        for k, _chars in enumerate(team):
            out.append(draws[t][k] if t < len(draws) and k < len(draws[t]) else default)
    return out


def _hands_text(hands: list[int]) -> str:
    words = {2: "two", 3: "three", 4: "four"}
    if len(set(hands)) == 1:
        return f"{words.get(len(hands), len(hands))} hands of {hands[0]}"
    return "hands of " + ", ".join(str(h) for h in hands[:-1]) + f" and {hands[-1]}"


def _in_decks(col, comp: dict) -> tuple:
    """A Mayhem card's share of its box's decks: the whole deck (None), and the deck of each flag
    it carries (a mode's `cards-with FLAG` deals from the cards with that flag)."""
    if comp["kind"] != "mayhem-card":
        return ()
    flags = sorted(name for name, p in comp["props"].items() if p["value"] is True)
    return ((comp["box"], None), *((comp["box"], flag) for flag in flags))


def deck_too_small(col, emit):
    modes = sorted(col.of_kind("mode"), key=lambda c: c["qid"])
    decks = tally(col, "C108", _in_decks)
    for box_id, box in sorted(col.boxes.items()):
        for mode in modes:
            if not draws_hands(mode, col.top):  # the team lists bring the hands: its setup draws none
                continue
            ffa = col.prop(mode, "cards-with")  # the deck keeps the cards with this flag
            have = decks.count((box_id, ffa or None))  # the cards of the deck it deals from
            hands = _hands(col, mode, box)
            if have < sum(hands):
                what = f"`{ffa}` card" if ffa else "Mayhem card"
                emit(f"mode '{mode['id']}' deals {_hands_text(hands)} ({counted(sum(hands), 'card')}) from the "
                     f"{counted(have, what)} of box '{box_id}'", box["qid"], col.prop_span(box, "mayhem-cards"),
                     related=[Related(span_of(mode["span"]), f"mode '{mode['id']}'")],
                     hint=(f"flag {counted(sum(hands) - have, 'more card')} `{ffa}`, or deal smaller hands"
                           if ffa else f"the box needs {counted(sum(hands) - have, 'more Mayhem card')}, or the mode smaller "
                           "hands (`hand-draw`)"))


register(deck_too_small, "C108", "deck-too-small", "error", "manifest",
         "Each mode deals every player a hand at setup from the box's Mayhem deck (only the cards flagged "
         "`free-for-all` in Free-For-All); the deck must hold at least the cards of all the hands, or "
         "players get fewer cards than the rulebook says. Modes with chosen hands (Competitive) deal none.",
         "a 10-card deck, two hands of 7", "more Mayhem cards, or smaller hands")
