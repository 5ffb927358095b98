"""The Teen Titans GO! Mayhem box against its rulebook: the component list, the token
pools, the facts the rulebook prints, and the shape every authored component must have.

The expected numbers are written out from the rulebook's Components section, so that
a change to the content that disagrees with the printed box fails here."""
from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from mayhem.dsl.schema import KINDS

BOX = "teen-titans-go"

# Components (rulebook, "Components"), written out.
RULEBOOK_COUNTS = {"character": 4, "mayhem-card": 22, "go-card": 12, "location": 10}
RULEBOOK_TOKENS_TOTAL = 92
RULEBOOK_TOKENS = {
    "gift": {"count": 4},
    "clue": {"count": 3},
    "monster": {"black": 1, "white": 1},
    "flee": {"count": 4},
    "trap-stun": {"black": 8, "white": 8},
    "pizza": {"count": 1},
    "fire": {"count": 10},
    "shield": {"count": 4},
    "obstacle": {"count": 4},
    "damage-1": {"count": 21},
    "damage-5": {"count": 8},
    "initiative": {"count": 1},
    "activated-ability": {"black": 2, "white": 2},
    "victory-points": {"black": 5, "white": 5},
}

# Setup > First Game, as printed.
FIRST_GAME = {
    "cyborg": ["ghosty-powers", "pizza-time"],
    "raven": ["heavy-load", "pizza-blast"],
    "robin": ["magic-cloak", "rotating-shield"],
    "starfire": ["keep-it-for-me", "tricky-garbage"],
}
FIRST_GAME_NAMES = {
    "ghosty-powers": "Ghosty Powers", "pizza-time": "Pizza Time", "heavy-load": "Heavy Load",
    "pizza-blast": "Pizza Blast", "magic-cloak": "Magic Cloak", "rotating-shield": "Rotating Shield",
    "keep-it-for-me": "Keep it for me", "tricky-garbage": "Tricky Garbage",
}

MISSION_KINDS = {"defeat-the-monster", "go-somewhere", "deliveries", "investigate", "fight"}

# The dashboards as content/teen-titans-go/*.mh writes them (authored: the rulebook
# prints no dashboard): Life Points, Mayhem icons, each Ability's Activation slot.
DASHBOARDS = {
    "cyborg": (14, 2, {"body-armor": 4, "sonic-cannon": 5}),
    "raven": (11, 3, {"telekinesis": 4, "soul-self": 3}),
    "robin": (12, 2, {"staff-meeting": 4, "hero-reflexes": 3}),
    "starfire": (11, 2, {"starbolts": 4, "tamaranean-rage": 5}),
}
# content/teen-titans-go/mayhem-cards.mh: the cards with the Free-For-All symbol
FREE_FOR_ALL_CARDS = ["booby-trapped-couch", "booyah", "dude-relax", "ghosty-powers", "heavy-load", "hot-sauce",
                      "legendary-sandwich", "magic-cloak", "pizza-blast", "pizza-time", "silkie", "tricky-garbage"]
# content/teen-titans-go/go-cards.mh: Victory Points of each reward (Bring the Pizza's
# 1 is printed), and each Monster's Life Points
GO_REWARDS = {"birthday-surprise": 1, "bring-the-pizza": 1, "control-freak": 1, "couch-potatoes": 1,
              "grudge-match": 1, "karaoke-in-the-park": 1, "lab-experiment": 1, "missing-remote": 2,
              "mother-mae-eye": 1, "secret-santa": 1, "throwdown": 1, "trigon": 2}
MONSTER_LIFE = {"control-freak": 6, "mother-mae-eye": 7, "trigon": 10}


# ---- helpers over the IR -------------------------------------------------------------


@pytest.fixture(scope="module")
def box_components(ir):
    return [c for c in ir["components"] if c["box"] == BOX]


@pytest.fixture(scope="module")
def by_kind(box_components):
    out: dict[str, list[dict]] = {}
    for c in box_components:
        out.setdefault(c["kind"], []).append(c)
    return out


@pytest.fixture(scope="module")
def by_id(box_components):
    return {c["id"]: c for c in box_components if c["kind"] not in ("keyword", "token", "tag", "icon")}


@pytest.fixture(scope="module")
def box(by_kind):
    (b,) = by_kind["box"]
    return b


def prop(comp: dict, name: str, default=None):
    p = comp["props"].get(name)
    return p["value"] if p is not None else default


def child(comp: dict, cid: str) -> dict:
    for c in comp["children"]:
        if c["id"] == cid:
            return c
    raise AssertionError(f"{comp['id']} has no child {cid}")


def statements(node):
    """Every effect statement (a dict with an "op") under node, depth first."""
    if isinstance(node, dict):
        if "op" in node:
            yield node
        for v in node.values():
            yield from statements(v)
    elif isinstance(node, list):
        for v in node:
            yield from statements(v)


def calls(node) -> list[str]:
    """The names of the primitives and keywords used under node."""
    return [s["name"] for s in statements(node) if s["op"] in ("primitive", "keyword")]


def top_calls(body: list) -> list[str]:
    """The primitives and keywords written directly in a block."""
    return [s["name"] for s in body if s["op"] in ("primitive", "keyword")]


def names_in_expr(node) -> set[str]:
    out = set()
    if isinstance(node, dict):
        if "name" in node and "e" in node:
            out.add(node["name"])
        for v in node.values():
            out |= names_in_expr(v)
    elif isinstance(node, list):
        for v in node:
            out |= names_in_expr(v)
    return out


# ---- the component list ------------------------------------------------------------------


def test_component_counts_match_the_rulebook(by_kind, box):
    counts = {k: len(by_kind.get(k, [])) for k in RULEBOOK_COUNTS}
    assert counts == RULEBOOK_COUNTS
    # ... and the box manifest says the same
    assert prop(box, "figures") == 4
    assert prop(box, "dashboards") == 4
    assert prop(box, "mayhem-cards") == 22
    assert prop(box, "go-cards") == 12
    assert prop(box, "location-tiles") == 10
    assert prop(box, "special-locations") == 6
    assert prop(box, "bases") == {"black": 2, "white": 2}


def test_four_characters_by_name(by_kind):
    assert sorted(c["name"] for c in by_kind["character"]) == ["Cyborg", "Raven", "Robin", "Starfire"]


def test_locations_are_two_black_bases_two_white_bases_and_six_special(by_kind):
    bases = Counter(prop(loc, "base") for loc in by_kind["location"])
    assert bases == {"black": 2, "white": 2, None: 6}
    for loc in by_kind["location"]:
        assert prop(loc, "slots") == 2, loc["id"]
        if prop(loc, "base") is not None:
            assert loc["triggers"] == [] and not prop(loc, "icons"), loc["id"]
        else:
            assert prop(loc, "icons"), f"{loc['id']} shows no Mission icon"
            assert [t["event"] for t in loc["triggers"]] == ["enter"], loc["id"]


def test_token_pools_add_up_to_the_rulebook_list(box):
    pools = {p["id"]: p for p in box["children"] if p["kind"] == "pool"}
    got = {}
    for pid, p in pools.items():
        got[pid] = {k: prop(p, k) for k in ("count", "black", "white") if prop(p, k) is not None}
    assert got == RULEBOOK_TOKENS
    total = sum(sum(v.values()) for v in got.values())
    assert total == RULEBOOK_TOKENS_TOTAL
    assert total == prop(box, "tokens")


def test_no_victory_point_waits_on_a_location(by_kind, box):
    """The 5 VP tokens per colour are all for KOs and Missions: the setup of this box puts
    none on the board, so no Location holds one."""
    pools = {p["id"]: p for p in box["children"]}
    vp = pools["victory-points"]
    assert (prop(vp, "black"), prop(vp, "white")) == (5, 5)
    assert not prop(vp, "on-vp-slots")
    assert [loc["id"] for loc in by_kind["location"] if prop(loc, "vp-slots")] == []


# ---- the facts the rulebook prints -------------------------------------------------------------


def test_staff_meeting(by_id):
    sm = child(by_id["robin"], "staff-meeting")
    assert sm["name"] == "Staff Meeting"
    assert top_calls(sm["effects"]["standard"]["body"]) == ["melee-attack"]
    special = sm["effects"]["special"]["body"]
    assert top_calls(special) == ["plus-damage"]
    assert special[0]["args"]["x"]["v"] == 2
    assert top_calls(sm["effects"]["mayhem"]["body"]) == ["stun"]
    # the stun lands on the target of the attack
    assert sm["effects"]["mayhem"]["body"][0]["args"]["target"]["name"] == "attack-target"
    # "Robin used a 6 to activate Staff Meeting": a 6 meets the slot (the content's 4)
    assert prop(sm, "slot") <= 6 and prop(sm, "slot") == DASHBOARDS["robin"][2]["staff-meeting"]
    assert sm["source"]["kind"] == "rulebook"


def test_hero_reflexes_is_robins(by_id):
    hr = child(by_id["robin"], "hero-reflexes")
    assert hr["name"] == "Hero Reflexes"
    assert hr["props"]["named"]["value"]["kind"] == "rulebook"


def test_body_armor_special_effect_makes_a_melee_attack(by_id):
    ba = child(by_id["cyborg"], "body-armor")
    assert ba["name"] == "Body Armor"
    assert "melee-attack" in top_calls(ba["effects"]["special"]["body"])


def test_telekinesis_is_a_ranged_attack(by_id):
    tk = child(by_id["raven"], "telekinesis")
    assert tk["name"] == "Telekinesis"
    assert top_calls(tk["effects"]["standard"]["body"]) == ["ranged-attack"]


def test_pizza_time(by_id):
    pt = by_id["pizza-time"]
    assert pt["name"] == "Pizza Time"
    assert prop(pt, "timing") == "activation"
    assert prop(pt, "duration") == "immediate"
    effect = pt["effects"]["effect"]
    assert effect["when"]["name"] == "free-move-available"
    body = effect["body"]
    assert top_calls(body) == ["spend-free-move", "heal"]
    assert body[1]["args"]["x"]["v"] == 3
    assert pt["source"]["kind"] == "rulebook"


def test_invisible_paint_takes_a_character_off_the_board(by_id):
    ip = by_id["invisible-paint"]
    assert ip["name"] == "Invisible Paint"
    assert "off-board" in calls(ip["triggers"]) + calls(ip["effects"])


def test_bring_the_pizza(by_id):
    bp = by_id["bring-the-pizza"]
    assert bp["name"] == "Bring the Pizza"
    assert prop(bp, "mission") == "deliveries"
    assert bp["source"]["kind"] == "rulebook"
    picked = bp["effects"]["when-picked"]["body"]
    place = picked[0]
    assert place["op"] == "primitive" and place["name"] == "place"
    assert place["args"]["token"]["name"].endswith(":token:pizza")
    assert "pizza-spot" in " ".join(names_in_expr(place["args"]["on"]))
    opp = picked[1]
    assert opp["op"] == "as" and opp["who"]["name"] == "opposing-team"
    assert any(n.startswith("obstacle") for n in calls(opp["body"]))
    # the goal: the Pizza at the delivery Location
    goal = [t for t in bp["triggers"] if "complete-mission" in calls(t["body"])]
    assert len(goal) == 1
    assert any("delivery" in n for n in names_in_expr(goal[0]["when"]))
    reward = bp["effects"]["reward"]["body"]
    assert top_calls(reward) == ["gain-vp"] and reward[0]["args"]["amount"]["v"] == 1


def test_first_game_hands_as_printed(by_kind, by_id):
    (fg,) = by_kind["first-game"]
    assert fg["source"] == {"kind": "rulebook", "section": "Setup > First Game"}
    assert {k: v["value"] for k, v in fg["props"].items()} == FIRST_GAME
    for cid, name in FIRST_GAME_NAMES.items():
        assert by_id[cid]["kind"] == "mayhem-card"
        assert by_id[cid]["name"] == name


# ---- the shape of every component -----------------------------------------------------------------


def test_every_component_has_text_and_a_source(box_components):
    components = [c for c in box_components if KINDS[c["kind"]].component]
    assert {c["kind"] for c in components} >= {"box", "character", "mayhem-card", "go-card", "location", "npc"}
    for c in components:
        assert prop(c, "text", "").strip(), f"{c['qid']} has no text"
        for sub in [c, *c["children"]]:
            assert sub["source"]["kind"] in ("rulebook", "authored"), sub["qid"]
            if sub["source"]["kind"] == "rulebook":
                assert sub["source"]["section"].strip(), sub["qid"]
            if sub["kind"] in ("ability", "special-ability"):
                assert prop(sub, "text", "").strip(), f"{sub['qid']} has no text"
    # (a top-level component without `source` does not compile: E205)


def test_dashboards(by_kind):
    totals = {}
    assert sorted(ch["id"] for ch in by_kind["character"]) == sorted(DASHBOARDS)
    for ch in by_kind["character"]:
        life, icons, slots = DASHBOARDS[ch["id"]]
        assert (prop(ch, "life"), prop(ch, "mayhem-cards")) == (life, icons), ch["id"]
        totals[ch["id"]] = prop(ch, "mayhem-cards")
        specials = [c for c in ch["children"] if c["kind"] == "special-ability"]
        abilities = [c for c in ch["children"] if c["kind"] == "ability"]
        assert len(specials) == 1, ch["id"]
        sa = specials[0]
        assert sa["triggers"] or ("effect" in sa["effects"] and prop(sa, "once") in ("turn", "game")), sa["qid"]
        assert len(abilities) == 2, ch["id"]
        assert {ab["id"]: prop(ab, "slot") for ab in abilities} == slots, ch["id"]
        for ab in abilities:
            assert set(ab["effects"]) == {"standard", "special", "mayhem"}, ab["qid"]
    # every Team of 2 holds the 4 First-Game cards
    for a, b in combinations(totals, 2):
        assert totals[a] + totals[b] >= 4, (a, b)


def test_characters_play_differently(by_kind):
    kits = {}
    for ch in by_kind["character"]:
        kits[ch["id"]] = (prop(ch, "life"), prop(ch, "mayhem-cards"),
                          tuple(sorted(calls([c["effects"] for c in ch["children"]]))))
    assert len(set(kits.values())) == 4
    # FIRE X, the box's status, is on some abilities
    fire = [cid for cid, (_, _, used) in kits.items() if "fire-x" in used]
    assert sorted(fire) == ["cyborg", "starfire"]


def test_mayhem_cards(by_kind):
    cards = by_kind["mayhem-card"]
    ffa = [c for c in cards if prop(c, "free-for-all")]
    assert sorted(c["id"] for c in ffa) == FREE_FOR_ALL_CARDS
    # "Each player then draws 4 Mayhem cards": three hands of 4 from the Free-For-All cards (C108)
    assert 3 * 4 <= len(ffa) < len(cards)
    for c in cards:
        assert prop(c, "timing") in ("round-start", "activation", "reaction"), c["id"]
        assert prop(c, "duration") in ("immediate", "round"), c["id"]
        if prop(c, "timing") == "reaction":
            assert c["triggers"], f"{c['id']}: a Reaction card is a trigger"
        else:
            assert "effect" in c["effects"], c["id"]
        if prop(c, "duration") == "round":
            assert any(s["op"] == "until" and s["event"] == "round-end"
                       for s in statements(c["effects"])), c["id"]


def test_go_cards(by_kind):
    cards = by_kind["go-card"]
    assert {prop(c, "mission") for c in cards} == MISSION_KINDS
    for c in cards:
        assert prop(c, "mission-text"), c["id"]
        assert c["effects"]["when-picked"]["body"], f"{c['id']}: every GO! card has a When Picked effect"
        assert any("complete-mission" in calls(t["body"]) for t in c["triggers"]), c["id"]
        reward = c["effects"]["reward"]["body"]
        assert top_calls(reward) == ["gain-vp"] and reward[0]["args"]["amount"]["v"] == GO_REWARDS[c["id"]], c["id"]
        assert prop(c, "monster-life") == MONSTER_LIFE.get(c["id"]), c["id"]
        if prop(c, "mission") == "defeat-the-monster":
            places = [s for s in statements(c["effects"]["when-picked"])
                      if s["op"] == "primitive" and s["name"] == "place"
                      and s["args"]["token"]["name"].endswith(":token:monster")]
            assert places and places[0]["args"]["life"]["name"] == "monster-life", c["id"]
        if prop(c, "mission") in ("defeat-the-monster", "deliveries", "investigate"):
            assert "remove-all" in calls(c["triggers"]), f"{c['id']} leaves its tokens behind"
        if prop(c, "mission") == "fight":
            assert any(t["event"] == "ko" for t in c["triggers"]), c["id"]


def test_every_icon_a_go_card_needs_is_on_a_location(by_kind):
    shown = Counter(i for loc in by_kind["location"] for i in prop(loc, "icons", []))
    needed = set()
    for c in by_kind["go-card"]:
        needed |= {n.rsplit(":", 1)[-1] for n in names_in_expr(c) if ":icon:" in n}
    assert needed <= set(shown)
    assert shown["clue-spot"] == 3  # one Clue per Clue Location; the box has 3 Clues
    assert shown["pizza-spot"] == 1 and shown["delivery"] == 1


def test_free_for_all_cyborg(by_kind):
    (npc,) = by_kind["npc"]
    assert prop(npc, "figure") == "cyborg"
    events = {t["event"]: t for t in npc["triggers"]}
    attacked = events["attack"]
    moves = [s for s in statements(attacked["body"]) if s["op"] == "as"]
    assert moves and moves[0]["who"]["name"] == "attacker"
    assert any(s["op"] == "repeat" and s["count"]["v"] == 2 for s in statements(attacked["body"]))
    assert "move-figure" in calls(attacked["body"])
    fire = events["turn-end"]["body"]
    assert top_calls(fire) == ["place"] and fire[0]["args"]["token"]["name"].endswith(":token:fire")
