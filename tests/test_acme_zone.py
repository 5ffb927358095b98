"""The ACME pile (Looney Tunes) as a hidden zone held by a Location (issue #11, step 4).

"5. Shuffle the 10 ACME tokens and place them in a facedown pile on the Desert Road
Location." (Looney Tunes Mayhem, Setup) "Whenever a Toon enters this Location, they may take
an ACME token. ... If all the ACME tokens have been taken, there is no effect." (Desert Road)

game.mh declares the zone (`zone token-pile { per location  ordered  visibility hidden }`)
and names it the game's `pile-to`: a pool that says `pile-on LOCATION` lies there, keyed by
the Location (`token-pile/L2`), in its shuffled order. `has` and `take` at the Location read
the pile with the Location's other tokens, and a take still draws one of the faces present
at random, as before (the same draw of the seeded generator: seeded games are unchanged)."""
from __future__ import annotations

from collections import Counter
from pathlib import Path
import random

from mayhem.runtime import scenario as sc
from mayhem.runtime.game import Game
from mayhem.runtime.invariants import violations
from mayhem.runtime.rules import load_rules

import game_helpers
from game_helpers import content_copy
import pytest

DESERT_ROAD = Path(__file__).resolve().parent / "scenarios" / "looney-tunes" / "desert-road.toml"


def after_setup(rules, seed=3, mode="standard") -> Game:
    return game_helpers.after_setup(rules, "looney-tunes", mode, seed)


def desert_road(game: Game) -> int:
    return next(loc.index for loc in game.state.board.locations if loc.comp and loc.comp["id"] == "desert-road")


def piles(game, zone: str = "token-pile") -> dict[str, list[str]]:
    """The face-down piles that hold pieces, on either runtime: the Location's id -> its pieces
    (token qids) in the pile's order. Hidden: the view gives only how many (`pile`), so this
    reads each runtime's zones (the engine keys a pile by the Location's label and keeps qids,
    the kernel by the Location's id and keeps pieces)."""
    st = game.state
    ids = {loc["label"]: loc["location"] for loc in game.view()["locations"]}
    cards = getattr(st, "cards", None)
    return {ids.get(k.split("/", 1)[1], k.split("/", 1)[1]): [cards[u] for u in v] if cards is not None else list(v)
            for k, v in st.zones.items() if k.startswith(f"{zone}/") and v}


def road(game) -> dict:
    """Desert Road in the view."""
    return next(loc for loc in game.view()["locations"] if loc["location"] == "desert-road")


def acme(rules) -> str:
    return next(q for q, t in rules.tokens.items() if t["id"] == "acme")


def drain(gen):
    """Run a step that asks nothing to its end."""
    for _ in gen or ():
        raise AssertionError("the step asked a question")


def test_the_pile_is_a_declared_hidden_zone_kept_per_location(rules):
    assert rules.zone_of["pile-to"] == "token-pile"
    pile = rules.zones["token-pile"]
    assert (pile.per, pile.visibility, pile.ordered) == ("location", "hidden", True)


def test_setup_shuffles_the_acme_tokens_into_the_pile_of_desert_road(rules):
    faces = sorted(q for q, t in rules.tokens.items() if t["props"].get("group", {}).get("value") == "acme")
    ids = {rules.tokens[q]["id"] for q in faces} | {"acme"}
    orders = set()
    for seed in (1, 2, 3):
        game = after_setup(rules, seed)
        held = piles(game)
        assert list(held) == ["desert-road"]  # one pile, held by Desert Road
        assert sorted(held["desert-road"]) == faces and len(faces) == 10
        orders.add(tuple(held["desert-road"]))
        # none of it lies face up on the Location; the view counts the pile
        assert road(game)["pile"] == 10 and not ids & set(road(game)["tokens"])
        assert violations(game) == []  # every piece accounted for, the pile's too
    assert len(orders) > 1  # shuffled by the seed


@pytest.mark.engine_only
def test_a_take_draws_one_of_the_faces_present_at_random_from_the_pile(rules):
    """The engine's own draw (its `transfer`, its generator's choice over the faces present in
    the order of its store keys). The kernel's take from the pile: the scenarios
    looney-tunes/desert-road.toml (a take, then an empty pile: no effect) and the acme-*.toml
    files (the token taken, held and used)."""
    game = after_setup(rules, seed=5)
    st, eng = game.state, game.engine
    where = desert_road(game)
    pile = st.token_pile(where)
    toon = next(f for f in st.figures.values() if f.kind == "character")
    at_start = sorted(pile)
    drawn = []
    for left in range(10, 0, -1):
        # the draw the engine always made: rng.choice over the distinct faces present,
        # in the order of their store keys
        twin = random.Random()
        twin.setstate(eng.rng.getstate())
        keys = sorted({(f, None, None) for f in pile}, key=str)
        expected = twin.choice(keys)[0] if len(keys) > 1 else keys[0][0]
        before = Counter(pile)
        drain(eng.transfer(acme(rules), where, toon, 1, None))
        assert len(pile) == left - 1 and before - Counter(pile) == Counter([expected])
        assert eng.count_tokens(expected, toon, None) >= 1
        drawn.append(expected)
        assert eng.count_tokens(acme(rules), where, None) == left - 1
    assert pile == [] and sorted(drawn) == at_start
    # "If all the ACME tokens have been taken, there is no effect."
    drain(eng.transfer(acme(rules), where, toon, 1, None))
    assert eng.count_tokens(acme(rules), toon, None) == 10 and violations(eng) == []


@pytest.mark.engine_only
def test_removing_tokens_from_the_location_takes_them_from_the_pile_too(rules):
    """The engine's `remove_pieces` at a Location reads its pile (the engine keeps the pile apart
    from the Location's store). On the kernel the pile is the Location's zone `token-pile/ID`,
    and a removal there is the kernel's zone move (tests/test_kernel_pieces.py); no card removes
    ACME tokens from Desert Road."""
    game = after_setup(rules, seed=2)
    st, eng = game.state, game.engine
    where = desert_road(game)
    pool = rules.token_pool(acme(rules))
    drain(eng.remove_pieces(acme(rules), 3, where, None, None))
    assert len(st.token_pile(where)) == 7 and sum(st.pools[pool].values()) == 3
    assert violations(eng) == []


def test_a_scenario_clears_the_pile_and_expects_it_by_its_key(rules, tmp_path):
    # desert-road.toml clears the pile (`clear = ["acme"]`) and puts one known token there
    text = DESERT_ROAD.read_text(encoding="utf-8")
    # expected before the token is used (once used, the engine keeps it out of the pool, the
    # kernel puts it back: nothing draws from that pool after setup)
    old = 'expect = { "decision.player" = "p2", '
    assert old in text
    text = text.replace(old, 'expect = { "zones.token-pile/L2" = [], "pools.acme" = 9, "decision.player" = "p2", ')
    path = tmp_path / "desert-road.toml"
    path.write_text(text, encoding="utf-8")
    result = sc.run(rules, path)
    assert result.ok, result.failures


def test_the_zone_the_pile_lies_in_is_the_contents(tmp_path):
    result = content_copy(tmp_path / "content", ("pile-to token-pile", "pile-to acme-heap"),
                          ('zone token-pile "Face-down pile of tokens"', 'zone acme-heap "Face-down heap"'),
                          modes=(("without zone token-pile", "without zone acme-heap"),))
    assert result.ok, [d.message for d in result.diagnostics.items]
    game = after_setup(load_rules(result.ir), seed=3)
    assert [(k, len(v)) for k, v in piles(game, "acme-heap").items()] == [("desert-road", 10)]
    assert not any(k.startswith("token-pile/") for k in game.state.zones)


def test_a_zone_kept_per_location_is_the_games_pile(tmp_path):
    result = content_copy(tmp_path / "content", ("pile-to token-pile", "pile-to go-discrd"))
    errors = sorted((d.code, d.message, d.hint) for d in result.diagnostics.items if d.severity == "error")
    assert [e[:2] for e in errors] == [
        ("E205", "zone 'token-pile' is kept per location: a pile of tokens, which the game names"),
        ("E301", "unknown zone 'go-discrd'")]
    assert errors[0][2] == "declare it in the game: pile-to token-pile"
    assert errors[1][2].startswith("did you mean 'go-discard'")


def test_a_figure_store_is_untouched_by_piles(rules):
    # a figure holds no pile: its tokens are its store alone
    game = after_setup(rules, seed=4)
    ids = {t["id"] for t in rules.tokens.values() if t["props"].get("group", {}).get("value") == "acme"} | {"acme"}
    toons = [f for f in game.view()["figures"].values() if f["kind"] == "character"]
    assert len(toons) == 4 and not any(ids & set(f["tokens"]) for f in toons)


def test_mayhem_play_shows_how_many_tokens_the_pile_holds_not_which(rules):
    from rich.console import Console
    from mayhem.tui import board_table
    game = after_setup(rules, seed=3)
    console = Console(record=True, width=250)
    console.print(board_table(game))
    text = console.export_text()
    assert "face-down pile x10" in text
    assert not any(t["id"] in text for t in rules.tokens.values() if t["id"].startswith("acme-"))
