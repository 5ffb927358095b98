"""The kernel's cards in play that finish (runtime/kernel/finish.py), proven by the lab game Errands
(tests/fixtures/kernel/errands): a zone's `draws-from`, `enter-effect`, `done-to` and
`done-effect`, `draw-into`, `card-done`, the game's `update-event` raised after every step, and
`end-game`; and `remove-location`, a player's choice among spaces, in a copy of Ruins. Each rule
has a scenario (tests/fixtures/kernel/errands-scenarios); random games keep every card in one
zone; a game played out, a clone at a question asked inside the update event and a replay give
the same game; a copy without `update-event` never finishes a card."""
from __future__ import annotations

import json
from pathlib import Path
import random
import shutil
import tomllib

import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel import scenario as ksc
from mayhem.runtime.kernel.compile_stmts import compiled_block
from mayhem.runtime.kernel.effects import Run
from mayhem.runtime.kernel.play import replay, write_log
from mayhem.runtime.kernel.rules import KernelError
from cli_helpers import invoke
from game_helpers import lab_ir as compiled

HERE = Path(__file__).resolve().parent / "fixtures" / "kernel"
SCENARIOS = sorted((HERE / "errands-scenarios").glob("*.toml"))
DECKS = ["north", "south"]


@pytest.fixture(scope="module")
def errands_ir():
    return compiled(HERE / "errands")


@pytest.fixture(scope="module")
def errands(errands_ir):
    return load_game_rules(errands_ir, "errands")


def changed(tmp_path: Path, game: str, old: str, new: str, *more: str) -> dict:
    """The IR of a copy of a lab game with passages of its content changed (old, new, old, new ...)."""
    folder = tmp_path / game
    shutil.copytree(HERE / game, folder)
    path = folder / f"{game}.mh"
    text = path.read_text(encoding="utf-8")
    pairs = (old, new) + more
    for was, now in zip(pairs[::2], pairs[1::2]):
        assert was in text
        text = text.replace(was, now)
    path.write_text(text, encoding="utf-8")
    return compiled(folder)


def _play(game: KernelGame, seed: int) -> list[str]:
    rnd = random.Random(seed)
    decision = game.decision if game.decision is not None or game.over else game.start()
    taken = []
    while decision is not None and len(taken) < 2000:
        taken.append(rnd.choice(decision.actions))
        decision = game.act(taken[-1])
    return taken


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_errands_scenario(errands_ir, path):
    text = path.read_text(encoding="utf-8")
    result = ksc.run(errands_ir, tomllib.loads(text), text, str(path))
    assert result.ok, "\n".join([result.name, *result.failures])


def test_random_games_finish_errands_and_keep_every_card_in_one_zone(errands):
    done, drawn, reasons = 0, 0, set()
    for seed in range(60):
        game = KernelGame(errands, KernelConfig(players=2, seed=seed, decks=DECKS))
        _play(game, seed)
        state = game.state
        assert game.over
        assert sorted(uid for pile in state.zones.values() for uid in pile) == list(range(len(state.cards)))
        assert all(state.places[uid] == key for key, pile in state.zones.items() for uid in pile)
        assert all(len(state.zones[f"errand/{t}"]) <= 1 for t in state.teams)  # its capacity
        log = state.log
        done += sum(e["event"] == "card-done" for e in log)
        drawn += sum(e["event"] == "draw-into" for e in log)
        # a card done went to the zone's `done-to`, and its Team drew the next at once
        assert [e["card"] for e in log if e["event"] == "card-done"] == \
            [game.card_id(uid) for uid in state.zones["run"]]
        assert all(state.owners[uid] in state.teams[t] for t in state.teams for uid in state.zones[f"errand/{t}"])
        reasons.add(state.result["reason"])
        points = {t: state.counters[f"points/{t}"] for t in state.teams}
        if state.result["reason"] == "errands":  # end-game: the one Team with two points wins
            (team,) = [t for t, p in points.items() if p >= 2]
            assert state.result["winners"] == state.teams[team]
    assert done > 60 and drawn > done and reasons == {"errands", "draw"}


def test_a_game_played_out_is_the_game_played_act_by_act(errands):
    asked = 0
    for seed in range(16):
        config = KernelConfig(players=2, seed=seed, decks=DECKS)
        by_act, pick = KernelGame(errands, config), random.Random(seed)
        decision = by_act.start()
        while decision is not None:
            asked += decision.actions[0].startswith("target ")  # Grind grain's, asked inside a step
            decision = by_act.act(pick.choice(decision.actions))
        played, pick = KernelGame(errands, config), random.Random(seed)
        played.play_out(lambda d: pick.choice(d.actions))
        assert played.history == by_act.history and played.state.log == by_act.state.log
        assert played.state.to_json() == by_act.state.to_json()
    assert asked >= 3


def test_a_clone_at_a_question_asked_after_a_step_plays_on_to_the_same_game(errands, tmp_path):
    stopped = []
    for seed in range(40):
        game = KernelGame(errands, KernelConfig(players=2, seed=seed, decks=DECKS))
        decision, rnd = game.start(), random.Random(seed)
        while decision is not None and not (decision.actions[0].startswith("target ") and game.state.turn > 0):
            decision = game.act(rnd.choice(decision.actions))
        if decision is not None:
            stopped.append(game)
    assert len(stopped) >= 2
    for game in stopped[:3]:
        assert game.pending is not None  # an action's step, stopped at the errand drawn after it
        twin = game.clone()
        _play(game, 3)
        _play(twin, 3)
        assert twin.state == game.state and twin.history == game.history
        write_log(game, tmp_path / "errands.jsonl")
        report = replay(lambda box: errands, tmp_path / "errands.jsonl")
        assert report.ok, report.message


def test_a_card_done_hears_no_more_of_the_event_it_was_done_in(tmp_path, errands_ir):
    """Idle about given a second trigger on the update event, after the one that finishes it:
    the card has left play by then, so it gives no point; a copy whose point comes first gives it."""
    second = ("    on update {\n      card-done()\n    }\n  }\n}\n",
              "    on update {\n      card-done()\n    }\n    on update {\n      gain(points, 1, on: my-team)\n"
              "    }\n  }\n}\n")
    first = ("    on update {\n      card-done()\n    }\n  }\n}\n",
             "    on update {\n      gain(points, 1, on: my-team)\n    }\n    on update {\n      card-done()\n"
             "    }\n  }\n}\n")
    path = HERE / "errands-scenarios" / "no-errand-left-is-a-draw.toml"
    text = path.read_text(encoding="utf-8")
    spec = tomllib.loads(text)
    for pair, points in ((second, 0), (first, 1)):
        ir = changed(tmp_path / str(points), "errands", *pair)
        spec["steps"][0]["expect"] = {"counters.points.t1": points, "zones.run": ["idle"]}
        result = ksc.run(ir, spec, text, str(path))
        assert result.ok, "\n".join([result.name, *result.failures])


def test_without_an_update_event_no_card_is_ever_done(tmp_path):
    ir = changed(tmp_path, "errands", "  update-event update\n", "")
    rules = load_game_rules(ir, "errands")
    for seed in range(10):
        game = KernelGame(rules, KernelConfig(players=2, seed=seed, decks=DECKS))
        _play(game, seed)
        assert not any(e["event"] == "card-done" for e in game.state.log)
        assert game.state.result["reason"] == "turn-limit"


def test_a_zone_without_done_to_sends_a_card_done_to_the_discard_zone(tmp_path):
    ir = changed(tmp_path, "errands", "    done-to run\n", "")
    with pytest.raises(KernelError, match="names no `done-to` zone, and the game no `discard-to`"):
        _play(KernelGame(load_game_rules(ir, "errands"), KernelConfig(players=2, seed=0, decks=DECKS)), 0)
    ir = changed(tmp_path / "b", "errands", "    done-to run\n", "",
                 "  decks-to satchel\n", "  decks-to satchel\n  discard-to run\n")
    game = KernelGame(load_game_rules(ir, "errands"), KernelConfig(players=2, seed=1, decks=DECKS))
    _play(game, 1)
    done = [e["card"] for e in game.state.log if e["event"] == "card-done"]
    assert done and done == [game.card_id(uid) for uid in game.state.zones["run"]]


def test_draw_into_a_zone_that_draws_from_none_is_a_clear_error(tmp_path):
    """The compiler's E401 at the zone named (compiler/drawing.py; it was the kernel's error at
    play, which stays for rules not compiled from checked content)."""
    with pytest.raises(AssertionError, match=r"errands.mh:88:17.*zone 'errand' draws from no zone: 'draw-into' "
                                             r"takes a zone that `draws-from` one"):
        changed(tmp_path, "errands", "    draws-from pile\n", "")
    result = driver.compile_paths([tmp_path / "errands"])
    assert [(d.code, d.hint) for d in result.diagnostics.items if d.severity == "error"] == [
        ("E401", "declare in zone 'errand': draws-from ZONE (the pile its cards come from)")]


def test_a_team_s_zone_drawing_from_a_player_s_zone_is_a_clear_error(tmp_path):
    """The compiler's E401 at the zone named (compiler/drawing.py); the kernel's error at play
    stays for rules not compiled from checked content (the IR made despite the error)."""
    with pytest.raises(AssertionError, match=r"errands.mh:89:17.*zone 'errand' is kept per team, and draws from "
                                             r"'satchel', kept per player: a team holds no such pile"):
        changed(tmp_path, "errands", "    draws-from pile\n", "    draws-from satchel\n")
    result = driver.compile_paths([tmp_path / "errands"])
    assert [(d.code, d.hint) for d in result.diagnostics.items if d.severity == "error"] == [
        ("E401", "draw from a zone of the table or one kept per team, or keep 'errand' per player too")]
    ir = driver.compile_paths([HERE / "errands"]).ir  # the same rules, the draw's pile changed in the IR itself
    (props,) = [n["props"] for n in _nodes(ir) if n.get("props", {}).get("draws-from", {}).get("value") == "pile"]
    props["draws-from"]["value"] = "satchel"
    with pytest.raises(KernelError, match="zone 'satchel' is kept per player, and t1 holds none"):
        KernelGame(load_game_rules(ir, "errands"), KernelConfig(players=2, seed=0, decks=DECKS)).start()


def _nodes(tree):
    """Every dict of an IR tree, depth first."""
    if isinstance(tree, dict):
        yield tree
        tree = list(tree.values())
    if isinstance(tree, list):
        for item in tree:
            yield from _nodes(item)


def test_an_update_event_the_game_does_not_declare_is_an_error(tmp_path):
    folder = tmp_path / "errands"
    shutil.copytree(HERE / "errands", folder)
    path = folder / "errands.mh"
    path.write_text(path.read_text(encoding="utf-8").replace("update-event update", "update-event updat"),
                    encoding="utf-8")
    comp = driver.compile_paths([folder])
    found = [d for d in comp.diagnostics.items if d.code == "E301"]
    assert found and "'update-event updat' names no event of the game" in found[0].message
    assert found[0].hint == "did you mean 'update'?"


def test_the_kernel_plays_a_shorthand_as_the_word_it_stands_for(errands):
    """`complete-mission` (compiler/shorthand.py) is played as `card-done()`."""
    game = KernelGame(errands, KernelConfig(players=2, seed=0, decks=DECKS))
    game.start()
    state = game.state
    (uid,) = state.zones["errand/t1"]
    block = compiled_block([{"op": "primitive", "name": "complete-mission", "args": {}, "node": "x", "span": "s"}],
                           errands)
    block(Run(game, []), {"ctx:me": state.owners[uid], "ctx:this-card": uid})
    assert uid in state.zones["run"] and any(e["event"] == "card-done" for e in state.log)


def test_the_lab_game_checks_simulates_and_its_scenarios_run():
    folder = HERE / "errands"
    checked = invoke("check", folder)
    assert checked.exit_code == 0 and "no problems" in checked.output, checked.output
    result = invoke("simulate", "--box", "errands", "--games", "100", "--format", "json", "--content", folder)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 100 and set(summary["reasons"]) == {"errands", "draw"}
    assert summary["wins"].get("p1", 0) > 0 and summary["wins"].get("p2", 0) > 0
    scenarios = invoke("scenario", "run", HERE / "errands-scenarios", "--content", folder)
    assert scenarios.exit_code == 0 and " 0 failed" in scenarios.stdout, scenarios.stdout


# -- remove-location: a player's choice among spaces (a copy of Ruins) ---------------------------

RUBBLE = "      remove-space(one space in rubble)\n"
CHOSEN = "      remove-location(rubble, by: first(figures-of(me)))\n"


def test_remove_location_asks_the_figure_s_player_which_space_leaves_play(tmp_path):
    ir = changed(tmp_path, "ruins", RUBBLE, CHOSEN)
    path = HERE / "ruins-scenarios" / "an-empty-tile-crumbles.toml"
    text = path.read_text(encoding="utf-8").replace('"target old-well", "target sunken-court"',
                                                    '"remove old-well", "remove sunken-court"')
    text = text.replace('"target rotten-floor", "target stair", "target great-hall"',
                        '"remove rotten-floor", "remove stair", "remove great-hall"')
    text = text.replace('action = "target old-well"', 'action = "remove old-well"')
    result = ksc.run(ir, tomllib.loads(text), text, str(path))
    assert result.ok, "\n".join([result.name, *result.failures])
    rules = load_game_rules(ir, "ruins")
    removed = 0
    for seed in range(30):
        game = KernelGame(rules, KernelConfig(players=2 + seed % 3, seed=seed))
        _play(game, seed)
        gone = game.state.board["gone"]
        removed += len(gone)
        assert not {"west-camp", "east-camp"} & set(gone)  # only what may crumble leaves play
    assert removed > 20


def test_remove_location_by_no_figure_removes_nothing(tmp_path):
    ir = changed(tmp_path, "ruins", RUBBLE, "      remove-location(rubble, by: none)\n")
    rules = load_game_rules(ir, "ruins")
    for seed in range(6):
        game = KernelGame(rules, KernelConfig(players=2, seed=seed))
        _play(game, seed)
        assert game.state.board["gone"] == []
