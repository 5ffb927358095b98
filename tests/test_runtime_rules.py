"""How the runtime indexes the compiled content (runtime/rules.py): every component under
its box and kind, by qid, the tokens, keywords, pools and first-game hands, and the
digest that names an IR in game logs.

Public API relied on: `load_rules`, `Rules` (`characters`, `mayhem_cards`, `cards_of`,
`locations`, `npcs`, `boxes`, `pools`, `tokens`, `keywords`, `first_game`, `by_qid`,
`digest`, `token_pool`, `token_flag`), `prop`, and `mayhem.compiler.ir.dumps`."""
from __future__ import annotations

import copy
import hashlib

import pytest

from mayhem.compiler import ir as ir_mod
from mayhem.runtime.rules import load_rules, prop

KINDS = {"character": "characters", "mayhem-card": "mayhem_cards", "location": "locations", "npc": "npcs"}


def walk(components):
    for comp in components:
        yield comp
        yield from walk(comp["children"])


def test_every_component_is_indexed_under_its_box_and_kind(rules, ir):
    for comp in ir["components"]:
        table = KINDS.get(comp["kind"])
        if table and comp["box"]:
            assert getattr(rules, table)[comp["box"]][comp["id"]] is comp
    for table in KINDS.values():
        indexed = {(box, cid) for box, comps in getattr(rules, table).items() for cid in comps}
        kind = next(k for k, t in KINDS.items() if t == table)
        assert indexed == {(c["box"], c["id"]) for c in ir["components"] if c["kind"] == kind and c["box"]}


def test_a_card_type_is_read_by_its_kind_from_one_general_table(rules, ir):
    # a declared card type (content/shared/card-types.mh: `go-card`) needs no table of its own
    for kind in ("go-card", "mayhem-card"):
        for comp in ir["components"]:
            if comp["kind"] == kind and comp["box"]:
                assert rules.cards_of(kind, comp["box"])[comp["id"]] is comp
    assert rules.cards_of("go-card", "looney-tunes") == {} and rules.cards_of("no-such-type", "teen-titans-go") == {}
    assert not hasattr(rules, "go_cards")


def test_both_boxes_and_their_npcs(rules):
    # the Mayhem boxes; marvel-mayhem names a game of the rules kernel (runtime/kernel)
    assert {b for b, box in rules.boxes.items() if "game" not in box["props"]} == {"teen-titans-go", "looney-tunes"}
    assert "spinning-taz" in rules.npcs["looney-tunes"]  # content/looney-tunes/free-for-all.mh
    assert set(rules.npcs) == {"teen-titans-go", "looney-tunes"}


def test_every_component_and_child_by_qid(rules, ir):
    everything = list(walk(ir["components"]))
    assert len(rules.by_qid) == len({c["qid"] for c in everything})
    for comp in everything:
        assert comp["qid"] in rules.by_qid
    ability = next(c for c in everything if c["kind"] == "ability")
    assert rules.by_qid[ability["qid"]] is ability


def test_tokens_and_keywords(rules, ir):
    assert rules.tokens == {c["qid"]: c for c in ir["components"] if c["kind"] == "token"}
    assert rules.keywords == {c["qid"]: c for c in ir["components"] if c["kind"] == "keyword"}
    assert rules.tokens and rules.keywords


def test_pools_of_each_box(rules):
    # Looney Tunes Mayhem, box contents: one pool per token type
    lt = rules.pools["looney-tunes"]
    assert {"poison", "trap-stun", "acme", "shield", "flee", "victory-points"} <= set(lt)
    assert all(p["kind"] == "pool" for p in lt.values())
    assert "pizza" in rules.pools["teen-titans-go"] and "pizza" not in lt


def test_first_game_hands(rules):
    # Looney Tunes, "Setup > First game": each Toon brings two Mayhem cards
    hands = rules.first_game["looney-tunes"]
    assert hands["bugs-bunny"] == ["wrong-instructions", "dice-guys"]
    assert hands["taz"] == ["flower-power", "mega-magnet"]
    assert "source" not in hands
    assert set(hands) == {"bugs-bunny", "daffy-duck", "elmer-fudd", "taz"}


def test_token_pool_and_flags(rules):
    stun = next(q for q, t in rules.tokens.items() if t["id"] == "stun")
    obstacle = next(q for q, t in rules.tokens.items() if t["id"] == "obstacle")
    assert rules.token_pool(stun) == "trap-stun"        # drawn-from trap-stun
    assert rules.token_pool(obstacle) == "obstacle"     # no drawn-from: its own pool
    assert rules.token_flag(obstacle, "blocks-adjacency") is True
    assert rules.token_flag(stun, "blocks-adjacency") is False
    assert rules.token_flag(stun, "negative") is True


def test_prop():
    comp = {"props": {"life": {"value": 12}, "flag": {"value": False}}}
    assert prop(comp, "life") == 12
    assert prop(comp, "flag", True) is False
    assert prop(comp, "missing") is None
    assert prop(comp, "missing", 3) == 3


def test_load_from_a_file_or_a_dict_gives_the_same_rules(ir, tmp_path):
    path = tmp_path / "ir.json"
    path.write_text(ir_mod.dumps(ir), encoding="utf-8")
    from_file = load_rules(path)
    from_str = load_rules(str(path))
    from_dict = load_rules(ir)
    assert from_file.digest == from_str.digest == from_dict.digest
    assert from_file.digest == hashlib.sha256(ir_mod.dumps(ir).encode("utf-8")).hexdigest()[:16]
    assert from_file.ir == ir
    assert set(from_file.characters["teen-titans-go"]) == set(from_dict.characters["teen-titans-go"])


def test_the_digest_changes_with_the_content(ir):
    other = copy.deepcopy(ir)
    char = next(c for c in other["components"] if c["kind"] == "character")
    char["name"] += "!"
    assert load_rules(other).digest != load_rules(ir).digest


def test_an_invalid_ir_is_refused(ir):
    broken = copy.deepcopy(ir)
    del broken["components"][0]["kind"]
    with pytest.raises(ir_mod.IRError):
        load_rules(broken)
