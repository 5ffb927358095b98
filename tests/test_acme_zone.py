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

from pathlib import Path

from mayhem.runtime import Game, load_rules, run_scenario

import game_helpers
from game_helpers import content_copy

DESERT_ROAD = Path(__file__).resolve().parent / "scenarios" / "looney-tunes" / "desert-road.toml"


def after_setup(rules, seed=3, mode="standard") -> Game:
    return game_helpers.after_setup(rules, "looney-tunes", mode, seed)


def piles(game, zone: str = "token-pile") -> dict[str, list[str]]:
    """The face-down piles that hold pieces: the Location's id -> its pieces (token qids) in the
    pile's order. Hidden: the view gives only how many (`pile`), so this reads the kernel's
    zones (a pile keyed by the Location's id, its pieces by their instances)."""
    st = game.state
    return {k.split("/", 1)[1]: [st.cards[u] for u in v] for k, v in st.zones.items()
            if k.startswith(f"{zone}/") and v}


def road(game) -> dict:
    """Desert Road in the view."""
    return next(loc for loc in game.view()["locations"] if loc["location"] == "desert-road")


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
    assert len(orders) > 1  # shuffled by the seed


def test_a_scenario_clears_the_pile_and_expects_it_by_its_key(rules, tmp_path):
    # desert-road.toml clears the pile (`clear = ["acme"]`) and puts one known token there
    text = DESERT_ROAD.read_text(encoding="utf-8")
    # expected before the token is used (once used, the kernel puts it back in the pool: nothing
    # draws from that pool after setup)
    old = 'expect = { "decision.player" = "p2", '
    assert old in text
    text = text.replace(old, 'expect = { "zones.token-pile/L2" = [], "pools.acme" = 9, "decision.player" = "p2", ')
    path = tmp_path / "desert-road.toml"
    path.write_text(text, encoding="utf-8")
    result = run_scenario(rules, path)
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
