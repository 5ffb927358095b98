"""The setup as declared steps (issue #11, step 8): `game mayhem`'s `setup { }` (content/shared/game.mh)
is what the game runs, in order, in place of a hard-coded sequence; a mode's own `setup { }`
replaces it (content/shared/modes.mh), so that Free-For-All's face-down board, its non-player
figure and its communal tokens, and Competitive Mode's team lists, are steps, not flags. A copy of
the content with other steps plays another setup."""
from __future__ import annotations

import pytest

from game_helpers import after_setup, content_copy
from mayhem.compiler.builtins_setup import DEFAULT_STEPS
from mayhem.runtime import Game, GameConfig
from mayhem.runtime.actions import Action
from mayhem.runtime.rules import load_rules

GAME_STEPS = ["form-teams", "draft", "choose-sides", "lay-board", "fill-pools", "shuffle-deck", "draw-hands",
              "fill-zones"]


def steps_of(body: list[dict]) -> list[str]:
    return [s["name"] for s in body]


def test_the_game_declares_its_setup_in_the_rulebooks_order(rules):
    # "1. The youngest player chooses their Team color ... 2. ... players alternate selecting
    # Characters ... 3. Randomly place the 10 Location tiles ... 4. Shuffle the Mayhem cards ...
    # 5. Players draw 7 cards ... 6. Shuffle the 12 GO! Cards" (Setup); the tokens (7.) with the board
    body = rules.game["effects"]["setup"]["body"]
    assert steps_of(body) == GAME_STEPS
    assert body[0]["args"]["names"]["v"] == "chosen"
    assert body[0]["span"].startswith("shared/game.mh:")
    # content without `game mayhem` plays the same steps (runtime/setup.py: default_setup)
    assert [s if isinstance(s, str) else s[0] for s in DEFAULT_STEPS] == GAME_STEPS


def team_supplies(game) -> dict[str, int]:
    """The pieces each Team holds in its own supply (the kernel keeps a Team's pieces in the
    zone `supply/TEAM`, the communal ones in `supply`)."""
    st, pool = game.kernel.state, game.krules.pieces.pool_zone
    return {z.split("/", 1)[1]: len(uids) for z, uids in st.zones.items() if z.startswith(f"{pool}/")}


def test_what_free_for_all_s_setup_says_is_played(rules):
    """Free-For-All's own steps: a face-down board of 2 Slots, a figure nobody controls, tokens
    of no Team, no team lists; the game's steps (the standard game): none of them."""
    ffa = after_setup(rules, mode="free-for-all", seed=4)
    seen = ffa.view(pieces=False)
    assert all(loc["location"] is None and loc["slots"] == 2 for loc in seen["locations"])
    assert [f["kind"] for f in seen["figures"].values()].count("npc") == 1
    supplies = team_supplies(ffa)
    assert len(supplies) == 3 and set(supplies.values()) == {0}  # every piece communal
    standard = after_setup(rules, mode="standard", seed=4)
    seen = standard.view(pieces=False)
    assert all(loc["location"] is not None for loc in seen["locations"])
    assert "npc" not in [f["kind"] for f in seen["figures"].values()]
    supplies = team_supplies(standard)
    assert sorted(supplies) == ["black", "white"] and all(n > 0 for n in supplies.values())


def test_free_for_all_plays_its_own_setup(rules):
    seen = after_setup(rules, mode="free-for-all", seed=4).view(pieces=False)
    # "arrange them facedown ... Each Location has 2 Slots and provides no other effects." (ten
    # tiles; their rows [4, 3, 2, 1] are the layout's: ffa-shrink-board.toml plays them)
    assert len(seen["locations"]) == 10
    assert all(loc["location"] is None and loc["slots"] == 2 for loc in seen["locations"])
    # "Cyborg is not a playable Character in this mode": the figure nobody controls, not drafted
    [unowned] = [f for f in seen["figures"].values() if f["kind"] == "npc"]
    npc_character = rules.npcs["teen-titans-go"][unowned["character"]]["props"]["figure"]["value"]
    assert npc_character not in {f["character"] for f in seen["figures"].values() if f["kind"] == "character"}
    # the draft never offers it (`draft(exclude: "unowned")`); the standard game's does
    assert npc_character not in draft_offers(rules, "free-for-all")
    assert npc_character in draft_offers(rules, "standard")


def draft_offers(rules, mode: str) -> set[str]:
    """The characters the first pick of a draft offers."""
    game = Game(rules, GameConfig("teen-titans-go", seed=1, mode=mode))
    d = game.start()
    while d.kind != "draft":
        d = game.act(d.actions[0])
    return {Action.parse(a).character for a in d.actions}


def test_a_step_changed_in_the_content_changes_the_setup(tmp_path):
    # the game's setup with face-down tiles of 3 Slots and no hands drawn
    result = content_copy(tmp_path / "a", ("    lay-board()\n    # \"7.", "    lay-board(face-down-slots: 3)\n    # \"7."),
                          ("    draw-hands()\n", ""))
    assert result.ok, [d.message for d in result.diagnostics.items]
    seen = after_setup(load_rules(result.ir), seed=2).view(pieces=False)
    assert all(loc["location"] is None and loc["slots"] == 3 for loc in seen["locations"])
    assert all(n == 0 for team in seen["teams"].values() for n in team["hands"].values())


def test_free_for_all_s_tokens_are_communal_by_its_setup_step(tmp_path):
    result = content_copy(tmp_path / "a", modes=(('    fill-pools(owner: "none")\n', "    fill-pools()\n"),))
    assert result.ok
    supplies = team_supplies(after_setup(load_rules(result.ir), mode="free-for-all", seed=4))
    assert len(supplies) == 3 and sum(supplies.values()) > 0  # pieces of the Teams' own


def test_a_setup_without_a_board_is_a_positioned_error(tmp_path):
    result = content_copy(tmp_path / "a", ("    lay-board()\n    # \"7.", "    # \"7."))
    errors = [d for d in result.diagnostics.items if d.severity == "error"]
    # fill-pools needs the board before it; and the setup has none at all
    assert [(e.code, e.message) for e in errors] == [
        ("E205", "setup step 'fill-pools' needs 'lay-board' before it"),
        ("E205", "the setup has no 'lay-board()'")]
    assert errors[0].span.file.endswith("shared/game.mh") and errors[0].hint == "add 'lay-board()' before it"


def test_competitive_mode_takes_its_teams_from_the_lists_or_says_it_needs_them(rules):
    game = Game(rules, GameConfig("teen-titans-go", seed=1, mode="competitive"))
    with pytest.raises(ValueError) as err:
        d = game.start()
        while d is not None and game.view(pieces=False)["round"] < 1:  # (round 0 while it sets up)
            d = game.act(d.actions[0])
    # "take-team-lists(): ... come from the Teams' lists: give them"
    assert "come from the Teams' lists" in str(err.value)
