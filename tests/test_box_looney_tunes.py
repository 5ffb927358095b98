"""The Looney Tunes Mayhem box against its rulebook: the component list, the token
counts, the Special Locations, the ACME tokens, the named abilities and cards, the
First-Game hands and the provenance of every component.

The expected values are literals copied from the rulebook
(../shared/rulebooks/looney-tunes-mayhem.txt), never computed from the content."""
from __future__ import annotations

from itertools import combinations

import pytest

from mayhem.dsl.schema import KINDS

BOX = "looney-tunes"


# ---- helpers --------------------------------------------------------------------


def _components(ir, kind=None):
    return [c for c in ir["components"] if c["box"] == BOX and (kind is None or c["kind"] == kind)]


def _by_id(ir, kind):
    return {c["id"]: c for c in _components(ir, kind)}


def _prop(comp, name, default=None):
    p = comp["props"].get(name)
    return p["value"] if p is not None else default


def _child(comp, kind, id_):
    found = [c for c in comp["children"] if c["kind"] == kind and c["id"] == id_]
    assert len(found) == 1, f"{comp['qid']}: no single {kind} '{id_}'"
    return found[0]


def _ops(node):
    """Every primitive and keyword call in an effect tree (slots, triggers, nested blocks)."""
    if isinstance(node, dict):
        if node.get("op") in ("primitive", "keyword"):
            yield node
        for value in node.values():
            yield from _ops(value)
    elif isinstance(node, list):
        for value in node:
            yield from _ops(value)


def _names(node):
    return [op["name"] for op in _ops(node)]


def _slot_names(comp, slot):
    return _names(comp["effects"][slot]["body"])


def _all_abilities(ir):
    for toon in _components(ir, "character"):
        for side in toon["children"]:
            for child in side["children"]:
                yield toon, side, child


@pytest.fixture(scope="module")
def box(ir):
    boxes = _components(ir, "box")
    assert len(boxes) == 1
    return boxes[0]


@pytest.fixture(scope="module")
def pools(box):
    return {c["id"]: c for c in box["children"] if c["kind"] == "pool"}


# ---- Components -----------------------------------------------------------------


def test_box_declares_the_rulebook_component_list(box):
    assert box["name"] == "Looney Tunes Mayhem"
    assert _prop(box, "terminology") == "toon"
    assert _prop(box, "double-sided-dashboards") is True
    assert _prop(box, "mayhem-die") == 1
    assert _prop(box, "figures") == 4
    assert _prop(box, "location-tiles") == 10
    assert _prop(box, "bases") == {"black": 2, "white": 2}
    assert _prop(box, "special-locations") == 6
    assert _prop(box, "activation-dice") == {"black": 2, "white": 2}
    assert _prop(box, "dashboards") == 4
    assert _prop(box, "mayhem-cards") == 22
    assert _prop(box, "counter-bases") == {"black": 2, "white": 2}
    assert _prop(box, "go-cards") == 0
    assert _prop(box, "tokens") == 95
    assert _prop(box, "win-vp") == 5
    assert _prop(box, "hand-draw") == 7
    assert _prop(box, "board") == [3, 4, 3]
    assert _prop(box, "players") == [2, 4]


def test_declared_components_match_the_component_list(ir):
    toons = _by_id(ir, "character")
    assert {c["name"] for c in toons.values()} == {"Bugs Bunny", "Daffy Duck", "Elmer Fudd", "Taz"}
    locations = _by_id(ir, "location")
    assert len(locations) == 10
    bases = [_prop(c, "base") for c in locations.values() if _prop(c, "base") is not None]
    assert sorted(bases) == ["black", "black", "white", "white"]
    assert len(_components(ir, "mayhem-card")) == 22
    assert _components(ir, "go-card") == []


def test_dice_faces(box):
    faces = _prop(box, "mayhem-die-faces")
    assert len(faces) == 6
    assert any(f.endswith("*") for f in faces)
    assert _prop(box, "activation-die-faces") == ["1", "2", "3", "4", "5", "6"]


# ---- Tokens -----------------------------------------------------------------------


# The rulebook's "95 tokens" list: type -> count, or (Black, White).
TOKENS = {
    "poison": 10,
    "trap-stun": (8, 8),
    "acme": 10,
    "shield": 4,
    "flee": 4,
    "obstacle": 4,
    "damage-1": 16,
    "damage-5": 8,
    "initiative": 1,
    "activated-ability": (2, 2),
    "victory-points": (9, 9),
}


def _pool_counts(pool):
    if "count" in pool["props"]:
        return _prop(pool, "count")
    return (_prop(pool, "black"), _prop(pool, "white"))


def test_token_pools_by_type_and_colour(pools):
    assert {pid: _pool_counts(p) for pid, p in pools.items()} == TOKENS


def test_token_total_is_95(pools, box):
    total = 0
    for pool in pools.values():
        counts = _pool_counts(pool)
        total += sum(counts) if isinstance(counts, tuple) else counts
    assert total == 95 == _prop(box, "tokens")


def test_18_victory_point_tokens_on_vp_slots(pools):
    vp = pools["victory-points"]
    assert _prop(vp, "black") + _prop(vp, "white") == 18
    assert _prop(vp, "on-vp-slots") is True


def test_pool_details(pools):
    assert _prop(pools["trap-stun"], "double-sided") is True
    assert _prop(pools["initiative"], "double-sided") is True
    assert _prop(pools["initiative"], "tracks") == "initiative"
    assert _prop(pools["activated-ability"], "tracks") == "activated-ability"
    assert (_prop(pools["damage-1"], "value"), _prop(pools["damage-1"], "tracks")) == (1, "damage")
    assert (_prop(pools["damage-5"], "value"), _prop(pools["damage-5"], "tracks")) == (5, "damage")
    assert _prop(pools["acme"], "pile-on") == "desert-road"


def test_every_token_draws_from_a_pool_of_the_box(ir, pools):
    tokens = {c["id"]: c for c in ir["components"] if c["kind"] == "token" and c["box"] in (BOX, None)}
    for token_id in ("shield", "flee", "obstacle", "trap", "stun", "vp", "poison", "acme"):
        token = tokens[token_id]
        pool = _prop(token, "drawn-from", token_id)
        assert pool in pools, f"token '{token_id}' draws from '{pool}', which the box does not have"


def test_poison_token_and_keyword(ir):
    poison = _by_id(ir, "token")["poison"]
    assert _prop(poison, "negative") is True
    (trigger,) = poison["triggers"]
    assert trigger["event"] == "recovery"
    assert _names(trigger["body"]) == ["damage", "remove"]
    damage = trigger["body"][0]
    assert damage["args"]["amount"]["e"] == "fn" and damage["args"]["amount"]["name"] == "count"
    assert [t["name"] for t in damage["args"]["tags"]["items"]] == [
        "looney-tunes:tag:venom", "shared/core:tag:status"]
    poison_x = _by_id(ir, "keyword")["poison-x"]
    assert poison_x["name"] == "POISON X"
    assert [p["name"] for p in poison_x["params"]] == ["x"]
    assert _names(poison_x["effects"]["effect"]["body"]) == ["place"]


def test_poison_x_is_used_by_a_toon(ir):
    users = [ability["qid"] for _, _, ability in _all_abilities(ir)
             if "poison-x" in _names(ability["effects"]) + _names(ability["triggers"])]
    assert users


# ---- ACME tokens ------------------------------------------------------------------


ACME = {"+2 Damage", "Mayhem symbol", "Heal 2", "Obstacle", "Poison 2", "Pull or Push", "Reroll",
        "Teleport", "Trap 2", "Victory Point"}


def test_the_ten_acme_tokens(ir, pools):
    acme = [c for c in _components(ir, "token") if _prop(c, "group") == "acme"]
    assert {c["name"] for c in acme} == ACME
    assert len(acme) == 10 == _prop(pools["acme"], "count")
    for token in acme:
        assert _prop(token, "drawn-from") == "acme"
        assert _prop(token, "usable") is True
        assert set(_prop(token, "placed-on")) == {"character", "location"}
        assert token["source"] == {"kind": "rulebook", "section": "Tokens"}
        assert _names(token["effects"]["effect"]["body"]), token["name"]
    face_down = _by_id(ir, "token")["acme"]
    assert _prop(face_down, "face-down") is True


def test_acme_token_effects(ir):
    by_name = {c["name"]: c for c in _components(ir, "token") if _prop(c, "group") == "acme"}

    def names(name):
        return _names(by_name[name]["effects"]["effect"]["body"])

    assert "bonus" in names("+2 Damage")
    assert names("Mayhem symbol") == ["grant-mayhem-icon"]
    assert names("Heal 2") == ["heal"]
    assert names("Obstacle") == ["obstacle"]
    assert names("Poison 2") == ["poison-x"]
    assert sorted(names("Pull or Push")) == ["pull", "push"]
    assert names("Reroll") == ["reroll-dice"]
    assert names("Teleport") == ["teleport"]
    assert names("Trap 2") == ["trap"]
    (take,) = _ops(by_name["Victory Point"]["effects"]["effect"]["body"])
    assert take["name"] == "take"
    assert take["args"]["from"] == {"e": "component", "name": "looney-tunes/desert-road",
                                    "span": take["args"]["from"]["span"]}
    assert take["args"]["to"]["name"] == "my-team"


# ---- Locations --------------------------------------------------------------------


# name -> (Slots, VP slots)
SPECIAL_LOCATIONS = {
    "Home Sweet Home": (2, True),
    "Hunting Ground": (2, True),
    "Poker Night": (2, True),
    "Desert Road": (2, True),
    "Carrot Farm": (1, False),
    "Grand Canyon": (2, False),
}


def test_the_six_special_locations(ir):
    special = [c for c in _components(ir, "location") if _prop(c, "base") is None]
    got = {c["name"]: (_prop(c, "slots"), _prop(c, "vp-slots", False)) for c in special}
    assert got == SPECIAL_LOCATIONS
    for loc in special:
        assert [t["event"] for t in loc["triggers"]] == ["enter"], loc["name"]


def test_special_location_effects(ir):
    by_name = {c["name"]: c for c in _components(ir, "location")}

    def names(name):
        return _names(by_name[name]["triggers"])

    assert names("Home Sweet Home") == ["take"]
    assert names("Hunting Ground") == ["take", "damage"]
    assert names("Poker Night") == ["roll-mayhem-die", "take"]
    assert names("Desert Road") == ["take"]
    assert by_name["Desert Road"]["triggers"][0]["body"][0]["op"] == "as"
    assert names("Carrot Farm") == ["remove-damage"]
    assert names("Grand Canyon") == ["obstacle"]
    for name in ("Home Sweet Home", "Hunting Ground", "Poker Night"):
        (take,) = [op for op in _ops(by_name[name]["triggers"]) if op["name"] == "take"]
        assert take["args"]["token"]["name"] == "shared/core:token:vp"
        assert take["args"]["from"]["name"] == "here"


# ---- Toons --------------------------------------------------------------------------


# The dashboards as content/looney-tunes/*.mh writes them (authored: the rulebook prints
# no dashboard): per side, Life Points, Mayhem icons, each Ability's Activation slot.
DASHBOARDS = {
    ("bugs-bunny", "a"): (11, 3, {"slingshot": 4, "tornado-in-the-box": 3}),
    ("bugs-bunny", "b"): (12, 2, {"carrot-slingshot": 4, "master-of-disguise": 3}),
    ("daffy-duck", "a"): (10, 3, {"giant-hammer": 4, "double-or-nothing": 3}),
    ("daffy-duck", "b"): (12, 2, {"dynamite-surprise": 5, "treasure-hunt": 3}),
    ("elmer-fudd", "a"): (10, 2, {"double-barrel": 4, "wabbit-twap": 3}),
    ("elmer-fudd", "b"): (10, 3, {"elephant-gun": 6, "poisoned-carrot": 3}),
    ("taz", "a"): (14, 2, {"whirlwind": 4, "tasmanian-vortex": 3}),
    ("taz", "b"): (14, 2, {"spin-cycle": 4, "tasmanian-bite": 3}),
}
# content/looney-tunes/mayhem-cards.mh: the cards with the Free-For-All symbol
FREE_FOR_ALL_CARDS = ["anvil-drop", "bird-seed", "carrot-break", "earthquake-pills", "flower-power", "hare-trigger",
                      "high-de-fence", "luckiest-varmint", "mega-magnet", "portable-hole", "rocket-roller",
                      "wrong-instructions"]


def test_every_toon_has_both_sides(ir):
    assert sorted((t["id"], s["id"]) for t in _components(ir, "character") for s in t["children"]) \
        == sorted(DASHBOARDS)
    for toon in _components(ir, "character"):
        sides = sorted(c["id"] for c in toon["children"] if c["kind"] == "side")
        assert sides == ["a", "b"], toon["id"]
        assert all(c["kind"] == "side" for c in toon["children"])
        for side in toon["children"]:
            life, icons, slots = DASHBOARDS[(toon["id"], side["id"])]
            assert (_prop(side, "life"), _prop(side, "mayhem-cards")) == (life, icons), (toon["id"], side["id"])
            assert {c["id"]: _prop(c, "slot") for c in side["children"] if c["kind"] == "ability"} == slots
            kinds = [c["kind"] for c in side["children"]]
            assert kinds.count("special-ability") == 1, (toon["id"], side["id"])
            assert kinds.count("ability") == 2, (toon["id"], side["id"])
            for ability in side["children"]:
                if ability["kind"] == "ability":
                    assert "standard" in ability["effects"]


def test_sides_are_slightly_different(ir):
    for toon in _components(ir, "character"):
        a, b = (_child(toon, "side", s) for s in ("a", "b"))
        assert {c["id"] for c in a["children"]}.isdisjoint({c["id"] for c in b["children"]})


def test_every_team_holds_its_first_game_cards(ir):
    """A Team's hand size is the Mayhem icons of its 2 Toons; the First-Game gives 4 cards."""
    hand_sizes = {toon["id"]: [_prop(s, "mayhem-cards") for s in toon["children"]]
                  for toon in _components(ir, "character")}
    for one, other in combinations(sorted(hand_sizes), 2):
        assert min(hand_sizes[one]) + min(hand_sizes[other]) >= 4, (one, other)


def test_slingshot(ir):
    bugs = _by_id(ir, "character")["bugs-bunny"]
    slingshot = _child(_child(bugs, "side", "a"), "ability", "slingshot")
    assert slingshot["name"] == "Slingshot"
    assert slingshot["source"]["kind"] == "rulebook"
    assert slingshot["props"]["slot"]["source"] == {"kind": "authored"}
    assert _slot_names(slingshot, "standard") == ["ranged-attack"]
    assert _slot_names(slingshot, "special") == ["pull"]
    (push,) = slingshot["effects"]["mayhem"]["body"]
    assert push["name"] == "push"
    assert push["args"]["reach"]["name"] == "here-or-adjacent"


def test_tornado_in_the_box(ir):
    bugs = _by_id(ir, "character")["bugs-bunny"]
    tornado = _child(_child(bugs, "side", "a"), "ability", "tornado-in-the-box")
    assert tornado["name"] == "Tornado in the Box"
    assert tornado["source"] == {"kind": "authored"}
    assert tornado["props"]["named"]["value"]["kind"] == "rulebook"


def test_giant_hammer(ir):
    daffy = _by_id(ir, "character")["daffy-duck"]
    hammer = _child(_child(daffy, "side", "a"), "ability", "giant-hammer")
    assert hammer["name"] == "Giant Hammer"
    assert _slot_names(hammer, "standard") == ["melee-attack"]
    # printed: the name and the standard Melee Attack; authored: the rest
    assert hammer["source"]["kind"] == "rulebook"
    assert hammer["effects"]["standard"]["source"]["kind"] == "rulebook"
    assert hammer["effects"]["special"]["source"]["kind"] == "authored"
    assert hammer["props"]["slot"]["source"]["kind"] == "authored"


# ---- Mayhem cards -------------------------------------------------------------------


FIRST_GAME = {
    "bugs-bunny": ["wrong-instructions", "dice-guys"],
    "daffy-duck": ["luckiest-varmint", "what-a-surprise"],
    "elmer-fudd": ["high-de-fence", "rocket-roller"],
    "taz": ["flower-power", "mega-magnet"],
}
FIRST_GAME_NAMES = {"Wrong Instructions", "Dice Guys", "Luckiest Varmint", "What a Surprise",
                    "High De-Fence", "Rocket Roller", "Flower Power", "Mega Magnet"}


def test_first_game_hands(ir):
    (hands,) = _components(ir, "first-game")
    assert {k: v["value"] for k, v in hands["props"].items() if k != "source"} == FIRST_GAME
    assert hands["source"] == {"kind": "rulebook", "section": "Setup > First game"}
    cards = _by_id(ir, "mayhem-card")
    assert {cards[c]["name"] for hand in FIRST_GAME.values() for c in hand} == FIRST_GAME_NAMES


def test_mayhem_card_properties(ir):
    for card in _components(ir, "mayhem-card"):
        assert _prop(card, "timing") in ("round-start", "activation", "reaction")
        assert _prop(card, "duration") in ("immediate", "round")
        assert card["effects"] or card["triggers"], card["id"]
        if _prop(card, "duration") == "round":
            assert any(n["op"] == "until" for n in card["effects"]["effect"]["body"]), card["id"]


def test_flower_power(ir):
    card = _by_id(ir, "mayhem-card")["flower-power"]
    assert card["source"] == {"kind": "rulebook", "section": "Mayhem Cards"}
    assert (_prop(card, "timing"), _prop(card, "duration")) == ("reaction", "immediate")
    (trigger,) = card["triggers"]
    assert trigger["event"] == "attack"
    assert trigger["when"]["e"] == "is" and trigger["when"]["r"]["name"] == "friend"
    (prevent,) = trigger["body"]
    assert prevent["name"] == "prevent" and prevent["args"]["amount"]["v"] == 2


def test_invisible_paint(ir):
    card = _by_id(ir, "mayhem-card")["invisible-paint"]
    assert card["name"] == "Invisible Paint"
    assert "off-board" in _names(card["effects"]) + _names(card["triggers"])


def test_free_for_all_deck_deals_every_player(ir):
    """Free-For-All: 3 players (Taz is not playable) draw 4 cards each from the Free-For-All
    cards and put back what they do not keep, so the deck must hold 4 cards more than two
    players may keep."""
    ffa = [c for c in _components(ir, "mayhem-card") if _prop(c, "free-for-all")]
    keep = sorted((_prop(side, "mayhem-cards") for toon in _components(ir, "character")
                   if toon["id"] != "taz" for side in toon["children"]), reverse=True)
    assert len(ffa) >= 4 + keep[0] + keep[1]
    assert sorted(c["id"] for c in ffa) == FREE_FOR_ALL_CARDS
    # "Each player then draws 4 Mayhem cards": three hands of 4 from the Free-For-All cards (C108)
    assert len(ffa) >= 3 * 4


# ---- Free-For-All Taz ---------------------------------------------------------------


def test_free_for_all_taz(ir):
    (npc,) = _components(ir, "npc")
    assert _prop(npc, "figure") == "taz"
    events = {t["event"]: t for t in npc["triggers"]}
    assert set(events) == {"attack", "turn-end"}
    assert _names(events["attack"]["body"]) == ["move-figure"]
    assert events["attack"]["body"][0]["op"] == "as"
    (damage,) = _ops(events["turn-end"]["body"])
    assert damage["name"] == "damage" and damage["args"]["amount"]["v"] == 2


# ---- Provenance ---------------------------------------------------------------------


def test_every_component_has_text_and_source(ir):
    for comp in _components(ir):
        if not KINDS[comp["kind"]].component:
            continue
        assert comp["source"]["kind"] in ("rulebook", "authored"), comp["qid"]
        assert _prop(comp, "text"), comp["qid"]
    for _, side, child in _all_abilities(ir):
        assert _prop(child, "text"), child["qid"]
        assert child["source"]["kind"] in ("rulebook", "authored"), child["qid"]


def test_authored_content_is_marked(ir):
    for toon in _components(ir, "character"):
        assert toon["source"] == {"kind": "authored"}
        assert toon["props"]["named"]["value"]["kind"] == "rulebook"
    cards = _by_id(ir, "mayhem-card")
    for hand in FIRST_GAME.values():
        for card_id in hand:
            card = cards[card_id]
            assert card["source"]["kind"] == "rulebook" or "named" in card["props"], card_id
    assert "named" in cards["invisible-paint"]["props"]
