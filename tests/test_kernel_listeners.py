"""Events heard by pieces and by figures (runtime/kernel/listeners.py `components`): a token's
triggers heard while one of its pieces lies on a holder (`holder`, once per holder however
many lie there), a figure card's and its Abilities' triggers (`self`, `once per`), for the
game's own events and for the structure events. The lab games Embers (cinders scorch, a freeze
hears the scorch) and Squads (Briar's Bark): a scenario per rule, a copy with the rule changed
that plays differently, seeded games with the invariant of the part, a clone, a replay and
play_out that agree."""
import json
from pathlib import Path
import random
import shutil

import pytest

from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel import scenario as ksc
from mayhem.runtime.kernel.play import replay, write_log
from game_helpers import lab_ir as _compiled, run_kernel_scenario as _run

HERE = Path(__file__).resolve().parent / "fixtures" / "kernel"
NEW = [HERE / "embers-scenarios" / "cinders-scorch-once-per-ranger.toml",
       HERE / "embers-scenarios" / "freeze-hears-a-scorch.toml",
       HERE / "squads-scenarios" / "bark-heard-once-per-round.toml"]


def _copy(tmp_path, lab: str, *edits) -> Path:
    folder = tmp_path / lab
    shutil.copytree(HERE / lab, folder)
    source = folder / f"{lab}.mh"
    text = source.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    source.write_text(text, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def embers_ir():
    return _compiled(HERE / "embers")


@pytest.fixture(scope="module")
def squads_ir():
    return _compiled(HERE / "squads")


@pytest.mark.parametrize("path", NEW, ids=[p.stem for p in NEW])
def test_new_rule_scenario(embers_ir, squads_ir, path):
    result = _run(embers_ir if "embers" in path.parent.name else squads_ir, path)
    assert result.ok, "\n".join([result.name, *result.failures])


def test_a_piece_heard_once_per_piece_would_scorch_twice(tmp_path):
    """Changed rule: a cinder that hears `turn-end` once per holder scorches once; written as a
    rule scorching for each cinder, the same scenario loses 2 life, and fails."""
    folder = _copy(tmp_path, "embers", ("    raise(scorch, 1, target: holder)\n",
                                        "    raise(scorch, count(cinder, on: holder), target: holder)\n"))
    result = _run(_compiled(folder), NEW[0])
    assert not result.ok and any("counters.life.p2" in f for f in result.failures)


def test_without_the_freeze_s_trigger_the_scorch_lands(tmp_path):
    folder = _copy(tmp_path, "embers", ("  on scorch when target == holder {\n    prevent(pending)\n  }\n", ""))
    result = _run(_compiled(folder), NEW[1])
    assert not result.ok and any("landed" in f or "life" in f for f in result.failures)


def test_bark_without_its_limit_heals_twice_a_round(tmp_path):
    folder = _copy(tmp_path, "squads", ("    slot 3\n    once per round\n", "    slot 3\n"))
    result = _run(_compiled(folder), NEW[2])
    assert not result.ok and any("counters.life.briar" in f for f in result.failures)


def test_a_figure_hears_the_game_s_own_event(tmp_path):
    """A figure's Ability hears an event the game declares (`on blow when target == self`),
    `self` naming Briar: the blow on Briar is prevented, and Bark's limit is spent for the round."""
    folder = _copy(tmp_path, "squads",
                   ("  die d6 \"Six-sided die\" {",
                    "  event blow \"A blow\" (target) {\n    amount\n    effect {\n"
                    "      lose(life, amount, on: target)\n    }\n  }\n\n  die d6 \"Six-sided die\" {"),
                   ("    standard {\n      lose(life, 1, on: one figure in figures-of(foes(me)) where value(life, of: it) > 0)\n"
                    "    }\n    special {\n      lose(life, 2, on: one figure in figures-of(foes(me)) where value(life, of: it) > 0)\n"
                    "    }\n    # the surge: the flames spread to every foe still standing\n    mayhem {\n"
                    "      for each f in figures-of(foes(me)) {\n        if value(life, of: f) > 0 {\n"
                    "          lose(life, 1, on: f)\n        }\n      }\n    }\n  }\n\n  talent ember-shield",
                    "    standard {\n      raise(blow, 1, target: one figure in figures-of(foes(me)) where value(life, of: it) > 0)\n"
                    "    }\n  }\n\n  talent ember-shield"),
                   ("    on turn-end when size(all figure in figures-of(team(me)) where it == self) > 0 and\n"
                    "        value(life, of: self) > 0 and\n        value(life, of: self) <= 3 {\n"
                    "      gain(life, 1, on: self)\n    }",
                    "    on blow when target == self {\n      prevent(1)\n    }"))
    rules = load_game_rules(_compiled(folder), "squads")
    spec = {"scenario": {"name": "x", "box": "squads"},
            "setup": {"players": 2, "phase": "actions", "active": "p1", "lead": "t1",
                      "dashboards": {"t1": ["blaze", "moss"], "t2": ["briar", "stone"]},
                      "dice": {"d6.t1": [2, 2], "d6.t2": [1, 1]}}}
    game, problems = ksc.build(rules, spec)
    assert problems == []
    game.start()
    for action in ("place 2 blaze/fireball", "resolve fireball", "target briar"):
        game.act(action)
    raised = [e for e in game.state.log if e["event"] == "raise"]
    assert raised[-1]["target"] == "briar" and raised[-1]["landed"] == 0
    assert game.state.counters["life/briar"] == 5
    assert any(t["event"] == "spent" and t["key"].startswith("briar/") for t in game.state.triggers)


def _turns(log: list) -> list[list]:
    """The log's turns, each from its `turn-start` to the last line of its end (the `turn-end`
    line opens the turn's end: its triggers and discards follow it)."""
    out, turn = [], None
    for e in log + [{"event": "turn-start"}]:
        if e["event"] in ("turn-start", "round-end"):
            if turn and any(x["event"] == "turn-end" for x in turn):
                out.append(turn)
            turn = None
        if e["event"] == "turn-start":
            turn = []
        if turn is not None:
            turn.append(e)
    return out


def test_seeded_embers_scorch_each_ranger_at_most_once_a_turn(embers_ir):
    """Invariant: a ranger is scorched at most once a turn (its cinders hear the turn's end once
    per holder), only at the end of its own player's turn, and 1 cinder goes back each time."""
    rules = load_game_rules(embers_ir, "embers")
    scorched = 0
    for seed in range(150):
        game = KernelGame(rules, KernelConfig(players=2 + seed % 3, seed=seed))
        rnd = random.Random(seed)
        decision = game.start()
        while decision is not None:
            decision = game.act(rnd.choice(decision.actions))
        for turn in _turns(game.state.log):
            raises = [e for e in turn if e["event"] == "raise"]
            assert len({e["target"] for e in raises}) == len(raises)
            player = next(e["player"] for e in turn if e["event"] == "turn-end")
            for e in raises:
                assert game.state.figures[e["target"]]["owner"] == player and e["landed"] in (0, 1)
                assert any(r["event"] == "remove" and r["token"] == "cinder" and r["from"] == e["target"] for r in turn)
            scorched += len(raises)
    assert scorched


def test_seeded_squads_bark_at_most_once_a_round(squads_ir):
    """Invariant: Bark's limit is spent at most once at a time, and never outlives its round."""
    rules = load_game_rules(squads_ir, "squads")
    dealt = 0
    for seed in range(120):
        game = KernelGame(rules, KernelConfig(players=2 + seed % 3, seed=seed))
        rnd = random.Random(seed)
        decision = game.start()
        while decision is not None:
            spent = [t for t in game.state.triggers if t["event"] == "spent"]
            assert len(spent) <= 1 and all(t["until"] == "round-end" for t in spent)
            if spent:
                assert game.state.log[-1]["event"] != "round-start"
            decision = game.act(rnd.choice(decision.actions))
        dealt += "briar" in game.state.figures
    assert dealt


@pytest.mark.parametrize("lab, players, seed", [("embers", 3, 4), ("squads", 2, 0)])
def test_clone_replay_and_play_out_agree(embers_ir, squads_ir, tmp_path, lab, players, seed):
    rules = load_game_rules(embers_ir if lab == "embers" else squads_ir, lab)
    config = KernelConfig(players=players, seed=seed)
    if lab == "squads":  # Briar dealt, so that its trigger is heard
        config = KernelConfig(players=players, seed=seed,
                              dashboards={"t1": ["briar", "moss"], "t2": ["blaze", "stone"]})
    game, rnd = KernelGame(rules, config), random.Random(seed)
    decision = game.start()
    for _ in range(6):
        decision = game.act(rnd.choice(decision.actions))
    twin = game.clone()
    for g in (game, twin):
        pick = random.Random(1)
        d = g.decision
        while d is not None:
            d = g.act(pick.choice(d.actions))
    assert twin.state == game.state and twin.history == game.history
    write_log(game, tmp_path / "game.jsonl")
    report = replay(lambda box: rules, tmp_path / "game.jsonl")
    assert report.ok, report.message
    whole, pick = KernelGame(rules, config), random.Random(seed)
    stepped, pick2 = KernelGame(rules, config), random.Random(seed)
    d = stepped.start()
    while d is not None:
        d = stepped.act(pick2.choice(d.actions))
    whole.play_out(lambda decision: pick.choice(decision.actions))
    assert whole.state.log == stepped.state.log


def test_until_next_turn_end_lasts_to_the_end_of_the_installer_s_next_turn(tmp_path):
    """`until next-turn-end`: the War Cry installed in p1's turn outlives that turn and p2's, and
    goes at the end of p1's next turn; `until turn-end` (the lab's) goes with the first."""
    def hits(until: str) -> list:
        folder = _copy(tmp_path / until, "bastion", ("      until turn-end {", f"      until {until} {{"))
        rules = load_game_rules(_compiled(folder), "bastion")
        spec = {"scenario": {"name": "x", "box": "bastion"},
                "setup": {"players": 2, "phase": "actions", "active": "p1", "counters": {"plays.p1": 2},
                          "zones": {"hand.p1": ["war-cry", "blow"], "deck.p1": ["blow"] * 4,
                                    "hand.p2": [], "deck.p2": ["blow"] * 4}}}
        game, problems = ksc.build(rules, spec)
        assert problems == []
        game.start()
        d = game.decision
        while d is not None and game.state.turn < 6:
            mine = game.state.active == "p1"
            wanted = [a for a in d.actions if a == ("play war-cry" if "play war-cry" in d.actions else "play blow")]
            d = game.act(wanted[0] if mine and wanted else "rest" if "rest" in d.actions else d.actions[0])
        return [(e["event"], e.get("landed"), e.get("until")) for e in game.state.log
                if (e["event"] == "raise" and e["by"] == "p1") or e["event"] in ("uninstall", "install")]

    once = hits("turn-end")
    longer = hits("next-turn-end")
    assert once[:3] == [("install", None, "turn-end"), ("raise", 3, None), ("uninstall", None, "turn-end")]
    assert ("raise", 2, None) in once[3:]
    assert longer[:2] == [("install", None, "next-turn-end"), ("raise", 3, None)]
    gone = longer.index(("uninstall", None, "next-turn-end"))
    assert gone > 2 and longer[2:gone] and all(x == ("raise", 3, None) for x in longer[2:gone])
    assert all(x[1] != 3 for x in longer[gone + 1:] if x[0] == "raise")


def test_a_piece_s_trigger_may_ask_at_a_turn_s_end(tmp_path):
    """A cinder whose trigger asks (`one figure in ...`) stops the turn's end with a question to
    the player whose turn it is; the step keeps its copy, so act, clone and replay agree."""
    folder = _copy(tmp_path, "embers", ("    raise(scorch, 1, target: holder)\n",
                                        "    raise(scorch, 1, target: one figure in figures-of(players))\n"))
    rules = load_game_rules(_compiled(folder), "embers")
    spec = {"scenario": {"name": "x", "box": "embers"},
            "setup": {"players": 2, "phase": "actions", "active": "p1",
                      "figures": {"ranger-p1": "field", "ranger-p2": "field"}}}
    game, problems = ksc.build(rules, spec)
    assert problems == []
    game.start()
    game.act("kindle ranger-p2")
    decision = game.act("move camp")
    assert decision.player == "p2" and sorted(decision.actions) == ["target ranger-p1", "target ranger-p2"]
    twin = game.clone()
    game.act("target ranger-p1")
    twin.act("target ranger-p1")
    assert game.state == twin.state and game.state.counters["life/p1"] == 2 and game.state.counters["life/p2"] == 3


def test_a_raise_nobody_can_answer_keeps_no_copy(embers_ir):
    """`raise` asks only when a listener or a Reaction of the game can: Embers' scorch (heard
    by a freeze's `prevent`, no Reaction) is marked quiet, so a turn's end that raises it runs
    without a copy to replay from; Bastion's hit (a Parry answers it) still asks."""
    from mayhem.runtime.kernel.asking import step_may_ask
    embers = load_game_rules(embers_ir, "embers")
    game = KernelGame(embers, KernelConfig(players=2, seed=1))
    game.start()
    assert not step_may_ask(game, "turn-end")
    cinder = next(t for ts in embers.hearing.piece_triggers.values() for t in ts if t["event"] == "turn-end")
    assert cinder["body"][0]["name"] == "raise" and id(cinder["body"][0]) in embers._quiet_raises
    assert "quiet" not in json.dumps(embers_ir)  # kept in the rules: the IR, which games may share, is left as it was
    ir = _compiled(HERE / "bastion")
    bastion = load_game_rules(ir, "bastion")
    raises, work = [], [ir]
    while work:
        x = work.pop()
        if isinstance(x, dict):
            raises += [x] if x.get("op") == "primitive" and x.get("name") == "raise" else []
            work.extend(x.values())
        elif isinstance(x, list):
            work.extend(x)
    assert raises and not any(id(s) in bastion._quiet_raises for s in raises)
