"""Deck-builder checks: a box's printed `contents` against its cards' copies, a cost and a VP
value on every card its game sells, the main deck's cost curve, and costs no turn can pay.

What a game sells is read from its rules, not named here (deckbuilder_facts.py): the counter
its actions pay a card's `cost` with (Power), the zones they buy from (the Line-Up, a stack)
and the zones that feed those (the main deck the Line-Up is refilled from), whose `starts-with`
card types are the cards bought. A card type no buying action reaches is never bought (a
Weakness, handed out; a Starter, dealt): no cost is asked of its cards.
"""
from __future__ import annotations

from mayhem.dsl.diagnostics import did_you_mean

from . import register, span_of
from .deckbuilder_facts import CONTENTS_KEYS, cards_by_kind, copies, games, market, power_bound
from .wording import counted

FAMILY = "card games"


def _contents_target(col, box: dict, name: str):
    """What a name of a `contents` counts in a box: (the cards it counts, what they are, in
    words), or None when it names no card type, card or zone."""
    game_id = col.prop(box, "game")
    by_kind = cards_by_kind(col)
    types = {c["id"] for c in col.of_kind("card-type")}
    cards = [c for kind in types for c in by_kind.get(kind, ()) if c["box"] == box["id"]]
    if name in types:
        return [c for c in cards if c["kind"] == name], f"the cards of type '{name}'"
    named = [c for c in cards if c["id"] == name]
    if named:
        return named, f"the copies of card '{name}'"
    for game in games(col).values():
        if game_id is not None and game["id"] != game_id:
            continue
        for zone in game["children"]:
            if zone["kind"] == "zone" and zone["id"] == name:
                starts = col.prop(zone, "starts-with")
                kinds = [starts] if isinstance(starts, str) else list(starts or [])
                return ([c for c in cards if c["kind"] in kinds],
                        f"the cards zone '{name}' starts with: {', '.join(kinds) or 'none'}")
    return None


def contents_counts(col, emit):
    for box in sorted(col.of_kind("box"), key=lambda c: c["qid"]):
        for block in box["children"]:
            if block["kind"] != "contents":
                continue
            for name, p in sorted(block["props"].items(), key=lambda kv: kv[1]["span"] or ""):
                if name in CONTENTS_KEYS:
                    continue
                want = p["value"]
                target = _contents_target(col, box, name)
                where = span_of(p["span"])
                if target is None:
                    types = [c["id"] for c in col.of_kind("card-type")]
                    emit(f"the contents '{block['id']}' of box '{box['id']}' count '{name}', which is no card type, "
                         "card or zone of the box", block["qid"], where,
                         hint=did_you_mean(name, types) or "name a card type, a card or a zone that starts with cards")
                    continue
                found, what = target
                have = sum(copies(col, c) for c in found)
                if have != want:
                    emit(f"the contents '{block['id']}' of box '{box['id']}' count {want} for '{name}' ({what}); "
                         f"the content has {have}, copies counted", block["qid"], where,
                         hint=f"{'add' if have < want else 'remove'} {counted(abs(want - have), 'copy', 'copies')} "
                         "(`copies N`), or correct the count if the rulebook prints another")


register(contents_counts, "C805", "contents-counts", "error", FAMILY,
         "A box's `contents` copy the counts its rulebook's \"Contents\" prints, and each must be the number of "
         "cards the content declares, copies counted: a card type's name counts its cards (`nemesis 9`), a "
         "card's its copies in every deck (`punch 14`), and a zone's the cards of the types it `starts-with` "
         "(`main 64`: the main deck). A name that is none of these is reported too.",
         'box b "B" { contents printed "Contents" { source rulebook "Contents"  weakness 10 } }   '
         "# but the weakness cards' copies make 9",
         "Add or remove copies, or correct the count if the rulebook prints another.")


def cost_and_vp(col, emit):
    for game_id, game in sorted(games(col).items()):
        sold = market(col, game)
        if sold is None:
            continue
        for type_id, via in sorted(sold.bought.items()):
            ct = sold.card_types.get(type_id)
            if ct is None:
                continue
            declared = {n for n, p in ct["props"].items() if isinstance(p["value"], dict) and "type" in p["value"]}
            missing_decl = [n for n in ("cost", "vp") if n not in declared]
            if missing_decl:
                emit(f"card type '{type_id}' is bought (from {via}) but declares no "
                     f"{' and no '.join('`' + n + '`' for n in missing_decl)}", ct["qid"], span_of(ct["span"]),
                     hint=f"declare `{missing_decl[0]} int 0 \"...\"` on the card type")
                continue
            for card in sold.cards_of(type_id):
                missing = [n for n in ("cost", "vp") if n not in card["props"]]
                if missing:
                    emit(f"{card['kind']} '{card['id']}' is bought (from {via}) but writes no "
                         f"{' and no '.join('`' + n + '`' for n in missing)}: every card the game sells prints "
                         "its cost and VP value", card["qid"], span_of(card["span"]),
                         hint="write the cost and the VP value the card prints, 0 included (`cost 3  vp 1`)")


register(cost_and_vp, "C806", "cost-and-vp", "warning", FAMILY,
         "In a game that buys cards (an action pays a card's `cost` from a counter), every card a player can "
         "buy prints its cost and VP value, so each card of a bought card type writes `cost` and `vp` itself "
         "(0 included) rather than leaving its card type's default; and a bought card type declares both. A "
         "card type is bought when a buying action takes its cards from a zone that holds them, or from one "
         "that zone is filled from (the Line-Up from the main deck); the others (Weaknesses handed out, "
         "Starters dealt) print no cost to check.",
         'hero h "H" { power 2 }   # sold from the Line-Up, with no `cost` and no `vp`',
         "Write the card's printed cost and VP value.")


def _runs(numbers: list[int]) -> list[str]:
    """Sorted numbers as runs: [5, 7, 8, 9] -> ["5", "7 to 9"]."""
    out: list[list[int]] = []
    for n in numbers:
        if out and out[-1][-1] == n - 1:
            out[-1].append(n)
        else:
            out.append([n])
    return [str(r[0]) if len(r) == 1 else f"{r[0]} to {r[-1]}" for r in out]


def _curve(by_cost: dict[int, int]) -> str:
    return ", ".join(f"{cost}: {n}" for cost, n in sorted(by_cost.items()))


def cost_curve(col, emit):
    for game_id, game in sorted(games(col).items()):
        sold = market(col, game)
        if sold is None or sold.main is None:
            continue
        zone, cards = sold.main
        by_cost: dict[int, int] = {}
        for card in cards:
            cost = col.prop(card, "cost", sold.default(card, "cost"))
            if isinstance(cost, int):
                by_cost[cost] = by_cost.get(cost, 0) + copies(col, card)
        if not by_cost:
            continue
        total = sum(by_cost.values())
        low, high = min(by_cost), max(by_cost)
        gaps = _runs([c for c in range(low + 1, high) if c not in by_cost])
        gap = f"; none costs {' or '.join(gaps)}" if gaps else ""
        emit(f"the main deck of game '{game_id}' (zone '{zone['id']}', {counted(total, 'card')}) by cost: "
             f"{_curve(by_cost)}{gap}", game["qid"], span_of(zone["span"]),
             hint="a note, not a problem: the curve of what the Line-Up offers")


register(cost_curve, "C807", "cost-curve", "note", FAMILY,
         "The cost curve of a deck-builder's main deck (the largest zone the bought cards start in), copies "
         "counted: how many cards cost 0, 1, 2, ..., and the costs between the cheapest and the dearest that "
         "no card has. A note for the designer, not a problem.",
         "the main deck of game 'market' (zone 'main', 24 cards) by cost: 2: 4, 3: 11, 4: 4, 5: 2, 6: 3")


def cost_unreachable(col, emit):
    for game_id, game in sorted(games(col).items()):
        sold = market(col, game)
        if sold is None:
            continue
        bound = None
        for type_id, via in sorted(sold.bought.items()):
            for card in sold.cards_of(type_id):
                cost = col.prop(card, "cost")
                if not isinstance(cost, int):
                    continue
                where = col.prop_span(card, "cost")
                if cost < 0:
                    emit(f"{card['kind']} '{card['id']}' costs {cost}: a cost is 0 or more", card["qid"], where,
                         hint="write the cost the card prints (0 for a free card)")
                    continue
                if bound is None:
                    bound = power_bound(col, sold)
                if bound.most is not None and cost > bound.most:
                    emit(f"{card['kind']} '{card['id']}' costs {cost}, but no turn makes more than {bound.most} "
                         f"{sold.pay_name}: {bound.why}", card["qid"], where,
                         hint=f"a cost of at most {bound.most}, or more {sold.pay_name} on the cards")


register(cost_unreachable, "C808", "cost-unreachable", "error", FAMILY,
         "A card a player can buy costs at most what one turn can pay. The most a turn can make is estimated "
         "from the content, from above: the hand the game deals (its largest `draw`), plus every card the "
         "cards a player can own may draw, each of those cards the one of most Power among all the copies a "
         "player can own, plus what every copy's triggers may add from play (an Ongoing card's Power at the "
         "start of a turn). A card that adds Power by an amount the content only knows in play makes the "
         "estimate unbounded, and no cost is reported then. A cost below 0 is reported too.",
         "kick-card k \"K\" { cost 40 }   # the best turn makes 23 Power",
         "Lower the cost, or give the cards the Power the rulebook prints.")
