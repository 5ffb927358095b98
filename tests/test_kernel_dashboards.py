"""The kernel's dashboards, proven by the lab game Squads (tests/fixtures/kernel/squads): figures
that are cards of a declared card type (`figure hero { card-type hero }`), dealt at setup with
their Life from the card; cards declared inside them (`children [talent]`: a hero's Abilities,
each with a slot and two effects); a die placed on one makes the hero Active (`activate`,
`self`), and its menu offers the rest of the turn (`resolve-ability`: standard, then special
when the die meets the slot). A scenario for each rule (tests/fixtures/kernel/squads-scenarios);
random games keep the step's invariants; a clone, a replay and play_out give the same game; a
rule changed in the content plays differently; bad content is said with a did-you-mean."""
from __future__ import annotations

from pathlib import Path
import random
import shutil
import tomllib

import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel import scenario as ksc
from mayhem.runtime.kernel.play import replay, write_log
from mayhem.runtime.kernel.rules import KernelError
from game_helpers import lab_ir as _compile, play_random as _play

HERE = Path(__file__).resolve().parent / "fixtures" / "kernel"
SQUADS = HERE / "squads"
SCENARIOS = sorted((HERE / "squads-scenarios").glob("*.toml"))


@pytest.fixture(scope="module")
def squads_ir():
    return _compile(SQUADS)


@pytest.fixture(scope="module")
def squads(squads_ir):
    return load_game_rules(squads_ir, "squads")


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_squads_scenario(squads_ir, path):
    text = path.read_text(encoding="utf-8")
    result = ksc.run(squads_ir, tomllib.loads(text), text, str(path))
    assert result.ok, "\n".join([result.name, *result.failures])


def test_each_rule_has_a_scenario_that_its_rule_decides(squads_ir):
    """The scenarios hang on the rules: a die one pip lower below the slot fails the special one."""
    path = HERE / "squads-scenarios" / "special-when-the-die-meets-the-slot.toml"
    text = path.read_text(encoding="utf-8").replace('"d6.t1" = [4]', '"d6.t1" = [3]').replace("thorn 4", "thorn 3")
    result = ksc.run(squads_ir, tomllib.loads(text), text, str(path))
    assert not result.ok and any("life.blaze" in f or "resolve-ability" in f for f in result.failures)


def test_figures_are_the_box_s_cards_with_their_parts(squads):
    game = KernelGame(squads, KernelConfig(players=2, seed=1))
    game.start()
    state = game.state
    heroes = {f: x for f, x in state.figures.items()}
    assert len(heroes) == 4 and sorted(x["owner"] for x in heroes.values()) == ["t1", "t1", "t2", "t2"]
    printed = {c.id: c for c in squads.cards.values() if c.type == "hero"}
    assert set(heroes) <= set(printed)
    for f in heroes:
        if squads.dash.sides.get(heroes[f]["card"]):  # a hero of two sides: its side is chosen first
            assert game.decision.kind == "side" and not state.zones.get(f"talent/{f}")
            continue
        assert state.counters[f"life/{f}"] == printed[f].props["life"]  # start-from life
        parts = state.zones[f"talent/{f}"]
        assert parts and all(state.owners[uid] == f for uid in parts)
        assert [squads.cards[state.cards[uid]].type for uid in parts] == ["talent"] * len(parts)


def test_a_game_without_dashboards_keeps_none(squads):
    """Marvel Mayhem and Ridge declare no figure of a card type and no action that starts a
    turn: the kernel's menu and setup skip the dashboards for them (nothing to pay)."""
    root = HERE.parent.parent.parent
    for path, box in ((root / "content", "marvel-mayhem"), (HERE / "ridge", "ridge")):
        rules = load_game_rules(_compile(path), box)
        assert rules.dash is None and rules.turn_starters == ()
    assert squads.dash is not None and squads.turn_starters == ("place",)


def _turns(log):
    """Each turn's events (turn-start to turn-end)."""
    turns, current = [], None
    for e in log:
        if e["event"] == "turn-start":
            current = [e]
        elif current is not None:
            current.append(e)
            if e["event"] == "turn-end":
                turns.append(current)
                current = None
    return turns


def test_random_games_keep_the_dashboards_invariants(squads):
    slots = {c.id: c.props["slot"] for c in squads.cards.values() if c.type == "talent"}
    reasons, surged = set(), 0
    for seed in range(300):
        game = KernelGame(squads, KernelConfig(players=2 + seed % 3, seed=seed))
        _play(game, seed)
        state = game.state
        assert game.over
        reasons.add(state.result["reason"])
        assert all(0 <= state.counters[f"life/{f}"] <= 9 for f in state.figures)
        icon, granted, icons = False, False, {}  # the omen die's icon when each Ability was resolved
        for e in state.log:
            if e["event"] == "omen-die":
                icon = e["face"].endswith("*")
            elif e["event"] == "omen-icon":  # Blaze's Kindle: it counts as showing it this turn
                granted = True
            elif e["event"] == "turn-start":
                granted = False
            elif e["event"] == "resolve-ability":
                icons[id(e)] = icon or granted
        for turn in _turns(state.log):
            player = turn[0]["player"]
            acts = [e for e in turn if e["event"] == "activate"]
            resolved = [e for e in turn if e["event"] == "resolve-ability"]
            assert len(acts) <= 1 and len(resolved) <= len(acts)  # one Active figure a turn, resolved once
            if not acts:
                continue
            act = acts[0]
            # the Active figure is the turn's player's Team's, and activated once a round
            assert state.figures[act["figure"]]["owner"] == state.team_of(player)
            if resolved:
                r = resolved[0]
                assert (r["figure"], r["card"]) == (act["figure"], act["card"])
                # standard always; special exactly when the die meets the slot; the surge (`mayhem`) too
                # when the omen die shows its icon (Blaze's Fireball alone has one)
                met = act["die"] >= slots[act["card"]]
                want = ["standard", "special"] if met else ["standard"]
                if met and icons[id(r)] and act["card"] == "fireball":
                    want.append("mayhem")
                    surged += 1
                guarded = act["card"] == "ember-shield"  # its special effect has a `when` of its own too
                assert r["effects"] == want or (guarded and r["effects"] == ["standard"])
        per_round: dict[tuple, int] = {}
        current = 0
        for e in state.log:
            if e["event"] == "round-start":
                current = e["round"]
            elif e["event"] == "activate":
                key = (current, e["figure"])
                per_round[key] = per_round.get(key, 0) + 1
        assert all(n == 1 for n in per_round.values())  # a hero is activated once a round at most
    assert "won" in reasons and surged > 0


def _to_a_question(game: KernelGame, rnd: random.Random):
    """act() until the Active figure's Ability asks for a target (a question inside a step)."""
    decision = game.start()
    while decision is not None and decision.kind != "target":
        decision = game.act(rnd.choice(decision.actions))
    return decision


def test_a_clone_in_the_middle_of_an_ability_plays_on_to_the_same_game(squads):
    found = 0
    for seed in range(6):
        game = KernelGame(squads, KernelConfig(players=2 + seed % 2 * 2, seed=seed))
        decision = _to_a_question(game, random.Random(seed))
        if decision is None:
            continue
        found += 1
        assert game.pending is not None  # stopped inside the step, its answers kept as data
        twin = game.clone()
        assert twin.state == game.state and twin.state is not game.state
        _play(game, 50 + seed)
        _play(twin, 50 + seed)
        assert twin.state == game.state and twin.history == game.history
    assert found


def test_a_replay_of_the_decisions_is_the_same_game(squads, tmp_path):
    for seed in (3, 4):
        game = KernelGame(squads, KernelConfig(players=2 + seed % 3, seed=seed))
        _play(game, seed)
        write_log(game, tmp_path / f"squads-{seed}.jsonl")
        report = replay(lambda box: squads, tmp_path / f"squads-{seed}.jsonl")
        assert report.ok, report.message


def test_a_game_dealt_named_heroes_replays_with_them(squads, tmp_path):
    chosen = {"t1": ["stone", "moss"], "t2": ["blaze", "gale"]}
    game = KernelGame(squads, KernelConfig(players=2, seed=9, dashboards=chosen))
    _play(game, 9)
    assert {f: x["owner"] for f, x in game.state.figures.items()} == {
        "stone": "t1", "moss": "t1", "blaze": "t2", "gale": "t2"}
    write_log(game, tmp_path / "named.jsonl")
    report = replay(lambda box: squads, tmp_path / "named.jsonl")
    assert report.ok, report.message


def test_a_game_played_out_is_the_game_played_act_by_act(squads):
    asked: list[str] = []
    for seed in range(10):
        config = KernelConfig(players=2 + seed % 3, seed=seed)
        by_act, pick = KernelGame(squads, config), random.Random(seed)
        decision = by_act.start()
        while decision is not None:
            decision = by_act.act(pick.choice(decision.actions))
        in_place, pick = KernelGame(squads, config), random.Random(seed)

        def choose(decision):
            asked.append(decision.kind)
            return pick.choice(decision.actions)
        in_place.play_out(choose)
        assert in_place.history == by_act.history and in_place.state.log == by_act.state.log
        assert in_place.state.to_json() == by_act.state.to_json()
    assert "target" in asked  # an Ability's target asked in place


def test_the_rules_are_content(squads, tmp_path):
    """The same seeds on a copy of Squads whose special effects need a die above the slot play
    another game."""
    copy = tmp_path / "squads"
    shutil.copytree(SQUADS, copy)
    source = copy / "squads.mh"
    text = source.read_text(encoding="utf-8")
    assert ">= slot-of(ability)" in text
    source.write_text(text.replace(">= slot-of(ability)", "> slot-of(ability)"), encoding="utf-8")
    changed = load_game_rules(_compile(copy), "squads")
    differ = 0
    for seed in range(10):
        games = []
        for rules in (squads, changed):
            game = KernelGame(rules, KernelConfig(players=2, seed=seed))
            _play(game, seed)
            games.append(game)
        differ += games[0].state.log != games[1].state.log
        dice = {}
        for e in games[1].state.log:  # a die equal to the slot now resolves the standard effect alone
            if e["event"] == "activate":
                dice[e["card"]] = e["die"]
            elif e["event"] == "resolve-ability":
                slot = next(c.props["slot"] for c in changed.cards.values() if c.id == e["card"])
                assert ("special" in e["effects"]) == (dice[e["card"]] > slot) or (
                    e["card"] == "ember-shield" and "special" not in e["effects"])  # guarded by a `when` too
    assert differ


def test_a_scenario_names_its_heroes_or_is_told_with_a_did_you_mean(squads):
    spec = {"scenario": {"name": "x", "box": "squads"},
            "setup": {"players": 2, "dashboards": {"t1": ["blaze", "mos"], "t2": ["gale", "stone"]}}}
    _game, problems = ksc.build(squads, spec)
    assert problems and "no card 'mos'" in problems[0].message and "did you mean 'moss'?" in problems[0].message
    with pytest.raises(KernelError, match="takes 2 cards, not 1"):
        KernelGame(squads, KernelConfig(players=2, dashboards={"t1": ["blaze"], "t2": ["gale", "stone"]})).start()


def _errors(tmp_path, old: str, new: str) -> list:
    copy = tmp_path / "squads"
    shutil.copytree(SQUADS, copy)
    source = copy / "squads.mh"
    text = source.read_text(encoding="utf-8")
    assert old in text
    source.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = driver.compile_paths([copy])
    return [d for d in result.diagnostics.items if d.severity == "error"]


@pytest.mark.parametrize("old, new, message, hint", [
    ("  talent fireball", "  talnt fireball", "unknown kind of declaration 'talnt'", "did you mean 'talent'?"),
    ("    slot 5\n", "    slott 5\n", "slott", "did you mean 'slot'?"),
    ("children [talent, knack]", "children [talnt, knack]", "'talnt' in children is no card type", "did you mean 'talent'?"),
    ("card-type hero\n", "card-type heroo\n", "unknown card type 'heroo'", "did you mean 'hero'?"),
])
def test_bad_dashboards_are_said_with_a_did_you_mean(tmp_path, old, new, message, hint):
    errors = _errors(tmp_path, old, new)
    said = [(e.message, e.hint, e.span) for e in errors if message in e.message]
    assert said, [e.message for e in errors]
    text, got_hint, span = said[0]
    assert got_hint == hint and span.line > 0 and span.col > 0


def test_a_talent_stands_only_inside_a_hero(tmp_path):
    errors = _errors(tmp_path, "hero blaze \"Blaze\" {", "talent loose \"Loose\" {\n  slot 2\n}\n\nhero blaze \"Blaze\" {")
    assert any("cannot be declared in a box file" in e.message for e in errors), [e.message for e in errors]
