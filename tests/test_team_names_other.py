"""A game whose Teams are not black and white: the shared rules say `team-names [red, blue]`,
and the boxes write those names in their pools, Bases and counts per Team. The content
compiles and checks as the Mayhem content does, and plays the same seeded games, its Teams
called red and blue (compiler/typecheck_teams.py, compiler/checks/game_pieces.py)."""
from __future__ import annotations

import re

from mayhem.compiler.checks import run_checks
from mayhem.runtime import Game, GameConfig, load_rules, make_bot

from game_helpers import content_copy

RENAMED = {"black": "red", "white": "blue"}


def _renamed_boxes(root) -> None:
    """Every box's pools, Bases and counts per Team written with the new names."""
    for box in ("teen-titans-go", "looney-tunes"):
        for name in ("box.mh", "locations.mh"):
            path = root / box / name
            text = path.read_text(encoding="utf-8")
            text = re.sub(r"^(\s*)(black|white) (\d+)$", lambda m: f"{m[1]}{RENAMED[m[2]]} {m[3]}", text, flags=re.M)
            text = re.sub(r"\b(bases|activation-dice|counter-bases) black (\d+) white (\d+)", r"\1 red \2 blue \3", text)
            text = re.sub(r"^(\s*)base (black|white)\b", lambda m: f"{m[1]}base {RENAMED[m[2]]}", text, flags=re.M)
            path.write_text(text, encoding="utf-8")


def _play(rules, seed: int) -> Game:
    game = Game(rules, GameConfig("teen-titans-go", seed=seed))
    bots = {"p1": make_bot("random", seed), "p2": make_bot("random", seed + 1)}
    d = game.start()
    while d is not None:
        d = game.act(bots[d.player].choose(d, game))
    return game


def test_a_game_with_other_team_names_compiles_checks_and_plays_the_same(tmp_path, ir, rules):
    result = content_copy(tmp_path / "content", ("team-names [black, white]", "team-names [red, blue]"))
    # the boxes still name black and white: each such name is an unknown Team of the game
    errors = [(d.code, d.message) for d in result.diagnostics.items if d.severity == "error"]
    assert errors and all(code == "E301" and re.match(r"unknown Team '(black|white)'", m) for code, m in errors)
    assert any("in pool 'victory-points'" in m for _c, m in errors) and any("as the Base of" in m for _c, m in errors)
    _renamed_boxes(tmp_path / "content")
    from mayhem.compiler import driver
    result = driver.compile_paths([tmp_path / "content"])
    assert [(d.code, d.message) for d in result.diagnostics.items if d.severity == "error"] == []
    shown, _silenced = run_checks(result.ir, result.graph)
    before, _ = run_checks(ir)
    assert sorted((d.code, d.message) for d in shown) == sorted((d.code, d.message) for d in before)
    other = load_rules(result.ir)
    for seed in (0, 1):
        mine, theirs = _play(other, seed), _play(rules, seed)
        # the view and the result: the same game, its Teams renamed
        assert sorted(mine.view(pieces=False)["teams"]) == ["blue", "red"]
        got, want = mine.result(), theirs.result()
        assert (got["rounds"], got["reason"]) == (want["rounds"], want["reason"])
        assert got["winners"] == [RENAMED[w] for w in want["winners"]]
        assert got["vp"] == {RENAMED[t]: n for t, n in want["vp"].items()}
