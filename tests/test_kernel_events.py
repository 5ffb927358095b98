"""The kernel's lab game of events heard by components, Bastion (tests/fixtures/kernel/bastion):
a declared event with fields and a pending amount (`hit`), raised by cards and heard by the
game's rule (`once per round`), a card lying in a zone marked in play, a trigger installed
`until turn-end`, and a Reaction card played from the hand. Each rule has a scenario
(tests/fixtures/kernel/bastion-scenarios); seeded random games keep the step's invariants; a
clone taken at a Reaction (a question asked mid-step) and a replay play on to the same game;
play_out() plays the game act() by act() plays; and the rules are content."""
import json
from pathlib import Path
import random
import shutil
import tomllib

import pytest

from cli_helpers import invoke
from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel import scenario as ksc
from mayhem.runtime.kernel.play import replay, write_log
from game_helpers import lab_ir as _compile, run_kernel_scenario as _run, play_random as _play

HERE = Path(__file__).resolve().parent / "fixtures" / "kernel"
LAB = HERE / "bastion"
SCENARIOS = sorted((HERE / "bastion-scenarios").glob("*.toml"))


@pytest.fixture(scope="module")
def bastion_ir():
    return _compile(LAB)


@pytest.fixture(scope="module")
def bastion(bastion_ir):
    return load_game_rules(bastion_ir, "bastion")


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_bastion_scenario(bastion_ir, path):
    result = _run(bastion_ir, path)
    assert result.ok, "\n".join([result.name, *result.failures])


def _changed(tmp_path, old: str, new: str) -> dict:
    """The lab game with one rule changed: a copy of its content compiled."""
    root = tmp_path / "bastion"
    shutil.copytree(LAB, root)
    source = root / "bastion.mh"
    text = source.read_text(encoding="utf-8")
    assert old in text
    source.write_text(text.replace(old, new), encoding="utf-8")
    return _compile(root)


@pytest.mark.parametrize("scenario, old, new, said", [
    ("bulwark-once-per-round", "once per round", "once per game", "counters.hp.p2: expected 2, got 1"),
    ("rampart-in-play", "  zone walls \"Ramparts in play\" {\n    per player\n    ordered\n    in-play\n",
     "  zone walls \"Ramparts in play\" {\n    per player\n    ordered\n", "counters.hp.p2: expected 6, got 5"),
    ("listeners-in-order", "on hit when pending >= 3 {", "on hit when pending >= 4 {", "expected 6, got 5"),
    ("parry-answers-a-hit", "  reacts-from hand\n", "", "not among the legal actions"),
    ("war-cry-until-turn-end", "until turn-end {", "until round-end {", "expected 2, got 1"),
    # damage (runtime/kernel/damage.py): the game's declarations say what it uses
    ("a-sally-damages-a-sentry", "on harm when pending >= 2 {", "on harm when pending >= 9 {",
     "counters.hp.p2: expected 7, got 5"),  # 3 wounds: the sentry falls
    ("a-sally-damages-a-sentry", "  damage-counter wounds\n", "  damage-counter toughness\n",
     "counters.wounds.sentry-p2: expected 2, got 0"),
    ("a-sentry-falls-at-its-toughness", "  damage-bound toughness\n", "", "counters.hp.p2: expected 5, got 7"),
    ("a-sentry-falls-at-its-toughness", "  ko-event fall\n", "", "counters.hp.p2: expected 5, got 7"),
    ("mend-removes-wounds", "remove-damage(figures-of(me), 2)", "remove-damage(figures-of(me), 0)",
     "counters.wounds.sentry-p1: expected 0, got 1"),
])
def test_the_rules_are_content(tmp_path, scenario, old, new, said):
    """Each scenario hangs on its rule as written: the copy with that rule changed plays otherwise."""
    result = _run(_changed(tmp_path, old, new), HERE / "bastion-scenarios" / f"{scenario}.toml")
    assert not result.ok and any(said in f for f in result.failures), result.failures


def test_random_games_keep_the_invariants(bastion):
    """Three hundred seeded games end; in each, an amount never lands below 0, a Reaction's
    Parry leaves nothing of its hit, the hit takes what landed off its target (down to 0), and no
    installed trigger outlives the turn that installed it."""
    reasons, reacted, installed = set(), 0, 0
    for seed in range(300):
        game = KernelGame(bastion, KernelConfig(players=2 + seed % 2, seed=seed))
        _play(game, seed)
        assert game.over
        reasons.add(game.state.result["reason"])
        hp = {p: 7 for p in game.state.players}
        waiting, answered = 0, False
        for e in game.state.log:
            if e["event"] == "react":
                answered = True
                reacted += 1
            elif e["event"] == "raise" and e["name"] == "hit":
                assert 0 <= e["landed"]
                assert e["landed"] == 0 or not answered
                answered = False
                hp[e["target"]] = max(hp[e["target"]] - e["landed"], 0)
            elif e["event"] == "raise" and e["name"] == "fall":  # a sentry knocked out: its keep loses 2
                owner = game.state.figures[e["figure"]]["owner"]
                hp[owner] = max(hp[owner] - 2, 0)
            elif e["event"] == "install":
                waiting += 1
                installed += 1
            elif e["event"] == "uninstall":
                waiting -= e["count"]
            elif e["event"] == "turn-start":  # the last turn's end over (its `turn-end` line opens it)
                assert waiting == 0
        assert hp == {p: game.state.counters.get(f"hp/{p}", 7) for p in game.state.players}
    assert reasons >= {"won"} and reacted > 50 and installed > 50


def test_random_games_deal_damage_to_sentries_as_declared(bastion):
    """In seeded games a sentry's wounds are what was dealt less what was removed, each harm
    landing after the Mail rule's prevent; it is knocked out exactly when its wounds reach its
    toughness (3), its wounds then cleared, and it takes no charge or harm after."""
    dealt = knocked = removed = 0
    for seed in range(200):
        game = KernelGame(bastion, KernelConfig(players=2 + seed % 2, seed=seed))
        _play(game, seed)
        wounds = {f: 0 for f in game.state.figures}
        out = set()
        for e in game.state.log:
            if e["event"] == "raise" and e["name"] == "harm":
                assert e["target"] not in out
                assert e["landed"] == (e["pending"] - 1 if e["pending"] >= 2 else e["pending"])  # Mail
            elif e["event"] == "assault":
                assert e["target"] not in out
            elif e["event"] == "damage":
                wounds[e["figure"]] += e["amount"]
                assert e["total"] == wounds[e["figure"]] and e["amount"] > 0
                dealt += 1
            elif e["event"] == "knock-out":
                assert wounds[e["figure"]] >= 3
                wounds[e["figure"]] = 0
                out.add(e["figure"])
                knocked += 1
            elif e["event"] == "remove-damage":
                wounds[e["figure"]] -= e["amount"]
                assert wounds[e["figure"]] >= 0
                removed += 1
        assert all(w < 3 for w in wounds.values())
        assert wounds == {f: game.state.counters.get(f"wounds/{f}", 0) for f in game.state.figures}
        assert out == {f for f, x in game.state.figures.items() if x.get("out")}
    assert dealt > 100 and knocked > 20 and removed > 20


def _at_a_reaction(rules, seed: int):
    game = KernelGame(rules, KernelConfig(players=3, seed=seed))
    rnd = random.Random(seed)
    decision = game.start()
    while decision is not None and decision.kind != "react":
        decision = game.act(rnd.choice(decision.actions))
    return game, decision


def test_a_clone_at_a_reaction_plays_on_to_the_same_game(bastion):
    """A Reaction is a question asked inside a step (a card's strike): the clone is data."""
    for seed in range(20):
        game, decision = _at_a_reaction(bastion, seed)
        if decision is None:
            continue
        assert game.pending is not None  # the step stopped mid-way, kept to be replayed
        twin = game.clone()
        assert twin.state == game.state and twin.state is not game.state
        _play(game, 5)
        _play(twin, 5)
        assert twin.state == game.state and twin.history == game.history
        return
    pytest.fail("no seed reached a Reaction")


def test_a_replay_of_the_decisions_is_the_same_game(bastion, tmp_path):
    for seed in (3, 4):
        game = KernelGame(bastion, KernelConfig(players=3, seed=seed))
        _play(game, seed)
        assert any(h["kind"] == "react" for h in game.history)
        write_log(game, tmp_path / f"bastion-{seed}.jsonl")
        report = replay(lambda box: bastion, tmp_path / f"bastion-{seed}.jsonl")
        assert report.ok, report.message


def _by_act(rules, config, seed):
    game, pick = KernelGame(rules, config), random.Random(seed)
    decision = game.start()
    while decision is not None:
        decision = game.act(pick.choice(decision.actions))
    return game


def _in_place(rules, config, seed, asked):
    game, pick = KernelGame(rules, config), random.Random(seed)

    def choose(decision):
        asked.append(decision.kind)
        return pick.choice(decision.actions)
    game.play_out(choose)
    return game


def test_played_out_is_the_game_played_act_by_act(bastion):
    asked: list[str] = []
    for seed in range(12):
        config = KernelConfig(players=2 + seed % 2, seed=seed)
        a, b = _in_place(bastion, config, seed, asked), _by_act(bastion, config, seed)
        assert a.history == b.history and a.state.log == b.state.log and a.state.to_json() == b.state.to_json()
    assert "react" in asked  # Reactions were asked in place, inside their step


def test_a_game_stopped_at_a_reaction_plays_out_from_there(bastion):
    for seed in range(20):
        game, decision = _at_a_reaction(bastion, seed)
        if decision is None:
            continue
        rnd = random.Random(seed)  # the same draws as _at_a_reaction's, continued
        replayed = KernelGame(bastion, KernelConfig(players=3, seed=seed))
        d = replayed.start()
        while d is not None and d.kind != "react":
            d = replayed.act(rnd.choice(d.actions))
        pick = random.Random(99)
        game.play_out(lambda d: pick.choice(d.actions))
        pick = random.Random(99)
        while d is not None:
            d = replayed.act(pick.choice(d.actions))
        assert game.state.to_json() == replayed.state.to_json() and game.history == replayed.history
        return
    pytest.fail("no seed reached a Reaction")


def test_a_game_that_hears_nothing_builds_no_table(bastion_ir):
    """Who hears an event is worked out at its first raise, once per rules: an event's table."""
    rules = load_game_rules(bastion_ir, "bastion")
    assert rules.hearing.heard == {}
    here = rules.hearing.table(rules, "hit")
    assert [t["rule"] for t in here.rules] == ["bulwark"] and not here.silent
    assert sorted(q.split("/")[-1] for q in here.cards) == ["rampart"] * 3
    assert sorted(q.split("/")[-1] for q in here.reactions) == ["parry"] * 3
    assert rules.hearing.table(rules, "hit") is here


def test_check_simulate_and_scenario_run_on_the_lab_game():
    assert invoke("check", LAB).exit_code == 0
    result = invoke("simulate", "--box", "bastion", "--games", "200", "--format", "json", "--content", LAB)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 200 and summary["reasons"].get("won", 0) > 100
    result = invoke("scenario", "run", HERE / "bastion-scenarios", "--content", LAB)
    assert result.exit_code == 0 and f"{len(SCENARIOS)} passed, 0 failed" in result.stdout, result.output


def test_zones_kept_per_team_hear_and_answer_for_the_team(tmp_path):
    """A copy of the lab game with Teams, its hands and Ramparts kept per Team: the cards in a
    Team's zone in play hear, and a Team's hand answers an event, played by one of its players."""
    root = tmp_path / "teams"
    shutil.copytree(LAB, root)
    source = root / "bastion.mh"
    text = source.read_text(encoding="utf-8")
    text = text.replace("  round-ends one-turn-each\n", "  round-ends one-turn-each\n  teams 2\n")
    text = text.replace('zone hand "Hand" {\n    per player', 'zone hand "Hand" {\n    per team')
    text = text.replace('zone walls "Ramparts in play" {\n    per player', 'zone walls "Ramparts in play" {\n    per team')
    source.write_text(text, encoding="utf-8")
    rules = load_game_rules(_compile(root), "bastion")
    reacted = walls = 0
    for seed in range(40):
        game = KernelGame(rules, KernelConfig(players=3, seed=seed))
        _play(game, seed)
        assert game.over and set(game.state.zones) >= {"hand/t1", "hand/t2", "walls/t1"}
        walls += len(game.state.zones["walls/t1"]) + len(game.state.zones["walls/t2"])
        reacted += sum(h["kind"] == "react" for h in game.history)
        for e in game.state.log:  # a Team's card answers for the Team: played by one of its players
            if e["event"] == "react":
                assert game.state.team_of(e["player"]) == game.state.team_of(game.state.owners[e["uid"]]) \
                    or e["player"] == game.state.owners[e["uid"]]
    assert reacted > 10 and walls > 0


def test_prevent_in_a_keyword_is_said_not_lost(tmp_path):
    """A keyword's env carries no pending amount: `prevent` there stops the game with a clear error
    rather than preventing nothing."""
    from mayhem.runtime.kernel.rules import KernelError
    root = tmp_path / "bastion"
    shutil.copytree(LAB, root)
    source = root / "bastion.mh"
    text = source.read_text(encoding="utf-8")
    source.write_text(text.replace("on hit when target == me {\n      prevent(1)", "on hit when target == me {\n"
                                   "      blunt()") + '\nkeyword blunt "Blunt" {\n  source authored\n  text "Blunt a hit."\n'
                      "  effect {\n    prevent(1)\n  }\n}\n", encoding="utf-8")
    ir = _compile(root)
    path = HERE / "bastion-scenarios" / "rampart-in-play.toml"
    text = path.read_text(encoding="utf-8")
    with pytest.raises(KernelError, match="in the trigger itself"):
        ksc.run(ir, tomllib.loads(text), text, str(path))
