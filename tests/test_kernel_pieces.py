"""The kernel's lab game for pieces, Embers (tests/fixtures/kernel/embers), written only in the
DSL: tokens declared by a `token-type`, the box's pools laid at setup (one face down and
shuffled on a space), pieces placed on figures from a pool that runs out, taken from one
holder to another and put back; a freeze that forbids the `move` action without a guard
saying so, discarded at the round's end; a hidden ordered pile drawn from the top. Each rule
has a scenario (tests/fixtures/kernel/embers-scenarios); seeded games keep the pieces'
invariants; a clone, a replay and play_out play the same game; a rule changed in the content
plays differently; bad declarations are said with their place and a hint."""
from pathlib import Path
import random
import shutil

import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel import scenario as ksc
from mayhem.runtime.kernel.play import replay, write_log
from game_helpers import lab_ir as _compiled, run_kernel_scenario as _run

HERE = Path(__file__).resolve().parent / "fixtures" / "kernel"
LAB = HERE / "embers"
SCENARIOS = sorted((HERE / "embers-scenarios").glob("*.toml"))
PIECES = 6 + 2 + 2 + 3 + 4  # the box's pools: embers, freezes, dazes, cinders, loot


@pytest.fixture(scope="module")
def embers_ir():
    return _compiled(LAB)


@pytest.fixture(scope="module")
def embers(embers_ir):
    return load_game_rules(embers_ir, "embers")


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_embers_scenario(embers_ir, path):
    result = _run(embers_ir, path)
    assert result.ok, "\n".join([result.name, *result.failures])


def test_setup_lays_the_pools_and_shuffles_the_face_down_pile(embers):
    piles = set()
    for seed in range(12):
        game = KernelGame(embers, KernelConfig(players=2, seed=seed))
        game.start()
        state = game.state
        ids = [embers.cards[state.cards[uid]].id for uid in state.zones["supply"]]
        assert sorted(ids) == ["cinder"] * 3 + ["daze"] * 2 + ["ember"] * 6 + ["freeze"] * 2
        pile = tuple(embers.cards[state.cards[uid]].id for uid in state.zones["ground/vault"])
        assert sorted(pile) == ["dud", "dud", "gem", "gem"]  # the loot pool feeds its two tokens in turn
        assert state.zones["ground/camp"] == [] and state.zones["carried/ranger-p1"] == []
        piles.add(pile)
    assert len(piles) > 1  # seeded shuffles, not one order


def _pieces_where(game) -> dict:
    state, rules = game.state, game.rules
    out = {}
    for uid, qid in enumerate(state.cards):
        if rules.cards[qid].type in rules.pieces.types:
            assert uid in state.zones[state.places[uid]]  # a piece lies where its place says, once
            out[uid] = state.places[uid]
    return out


def _frozen_since_round_end(log) -> int:
    placed = 0
    for e in log:
        if e["event"] == "round-end":
            placed = 0
        elif e["event"] == "place" and e["token"] == "freeze":
            placed += e["count"]
    return placed


def _dazes_wear_off(game) -> set:
    """The figures dazed, from the log: placed on, sent back; none is left on a figure of a
    player whose turn ended (its discard time, turn-end: once the turn's end is over, at the
    next turn's start or the round's end; the `turn-end` line opens it)."""
    dazed, ended = set(), None
    for e in game.state.log:
        if e["event"] == "place" and e["token"] == "daze" and e["count"]:
            dazed.add(e["on"])
        elif e["event"] == "discard" and e["token"] == "daze":
            dazed.discard(e["from"])
        elif e["event"] == "turn-end":
            ended = e["player"]
        elif e["event"] in ("turn-start", "round-end") and ended is not None:
            assert not [f for f in dazed if game.state.figures[f]["owner"] == ended]
            ended = None
    return dazed


def test_random_games_keep_the_pieces_invariants(embers):
    reasons, spent, frozen_turns = set(), 0, 0
    for seed in range(300):
        game = KernelGame(embers, KernelConfig(players=2 + seed % 3, seed=seed))
        rnd = random.Random(seed)
        decision = game.start()
        while decision is not None:
            state = game.state
            where = _pieces_where(game)
            assert len(where) == PIECES  # pieces are conserved: every one in the pool or on a holder
            frozen = [uid for uid, key in where.items() if key.startswith("carried/")
                      and game.rules.cards[state.cards[uid]].id == "freeze"]
            assert len(frozen) == _frozen_since_round_end(state.log)  # every freeze melts at round-end
            mine = [f"carried/{f}" for f, x in state.figures.items() if x["owner"] == state.active]
            held = {game.rules.cards[state.cards[uid]].id for key in mine for uid in state.zones[key]}
            if "freeze" in held:  # a freeze forbids move, a daze dig: no guard of the lab says so
                frozen_turns += 1
                assert not any(a.startswith("move ") for a in decision.actions)
            if "daze" in held:
                assert "dig" not in decision.actions
            dazes = [key for key in where.values() if key.startswith("carried/")]
            assert all(sum(state.cards[u] == "embers:token:daze" for u in state.zones[k]) <= 1 for k in dazes)
            decision = game.act(rnd.choice(decision.actions))
        assert game.over
        dazed = _dazes_wear_off(game)
        assert dazed == {k[len("carried/"):] for k, v in game.state.zones.items() if k.startswith("carried/")
                         and any(game.state.cards[u] == "embers:token:daze" for u in v)}
        reasons.add(game.state.result["reason"])
        spent += any(e["event"] == "place" and e.get("short") for e in game.state.log)
    assert reasons >= {"won", "tie"} and spent and frozen_turns


def _play(game: KernelGame, seed: int) -> None:
    rnd = random.Random(seed)
    decision = game.decision if game.decision is not None or game.over else game.start()
    while decision is not None:
        decision = game.act(rnd.choice(decision.actions))


def test_a_clone_plays_on_to_the_same_game(embers):
    game = KernelGame(embers, KernelConfig(players=3, seed=11))
    game.start()
    rnd = random.Random(3)
    for _ in range(7):
        game.act(rnd.choice(game.decision.actions))
    assert any(k.startswith("carried/") and v for k, v in game.state.zones.items())  # pieces are out
    twin = game.clone()
    assert twin.state == game.state and twin.state.zones is not game.state.zones
    _play(game, 5)
    _play(twin, 5)
    assert twin.state == game.state and twin.history == game.history


def test_a_replay_of_the_log_is_the_same_game(embers, tmp_path):
    game = KernelGame(embers, KernelConfig(players=4, seed=9))
    _play(game, 9)
    write_log(game, tmp_path / "embers.jsonl")
    report = replay(lambda box: embers, tmp_path / "embers.jsonl")
    assert report.ok, report.message


def test_play_out_gives_the_game_act_by_act_gives(embers):
    for seed in range(20):
        config = KernelConfig(players=2 + seed % 3, seed=seed)
        stepped, pick = KernelGame(embers, config), random.Random(seed)
        decision = stepped.start()
        while decision is not None:
            decision = stepped.act(pick.choice(decision.actions))
        whole, pick = KernelGame(embers, config), random.Random(seed)
        whole.play_out(lambda decision: pick.choice(decision.actions))
        assert whole.history == stepped.history and whole.state.log == stepped.state.log
        assert whole.state.to_json() == stepped.state.to_json()


def _lab_copy(tmp_path, old: str, new: str) -> Path:
    folder = tmp_path / "embers"
    shutil.copytree(LAB, folder)
    source = folder / "embers.mh"
    text = source.read_text(encoding="utf-8")
    assert text.count(old) == 1
    source.write_text(text.replace(old, new), encoding="utf-8")
    return folder


def test_the_rules_are_content_a_changed_token_plays_differently(tmp_path):
    """The freeze restricts `dazed` (what forbids `dig`) instead of `frozen` in a copy of the lab
    game: the frozen ranger moves; and a pool of one ember places one of the two thrown."""
    path = HERE / "embers-scenarios" / "freeze-forbids-move-until-round-end.toml"
    changed = _compiled(_lab_copy(tmp_path / "a", "restricts frozen", "restricts dazed"))
    result = _run(changed, path)
    assert not result.ok and "['move camp', 'move vault'] should not be legal here" in result.failures[0]
    fewer = _compiled(_lab_copy(tmp_path / "b", "count 6", "count 1"))
    result = _run(fewer, HERE / "embers-scenarios" / "throw-and-burn.toml")
    said = "step 1: zones.carried.ranger-p2: expected ['ember', 'ember', 'daze'], got ['ember', 'daze']"
    assert not result.ok and said in result.failures


@pytest.mark.parametrize("old, new, said", [
    ("restricts frozen", "restricts frozne",
     ("E301", "unknown restriction 'frozne': a token restricts what game 'embers' declares",
      "did you mean 'frozen'?")),
    ("    actions [move]", "    actions [mvoe]",
     ("E301", "unknown action 'mvoe': a restriction forbids actions of the game", "did you mean 'move'?")),
    ("    actions [move]", "    stops [attack]",
     ("E205", "'stops [attack]': in this game the rules kernel's primitives ask a restriction move, place only "
              "(the game names no `assault-event attack`)",
      "stops [move, place]; an action it forbids: actions [ACTION]")),
    ("  drawn-from loot\n  placed-on space player\n  worth 2", "  drawn-from lot\n  placed-on space player\n  worth 2",
     ("E301", "unknown pool 'lot'", "did you mean 'loot'?")),
    ("pile-on vault", "pile-on valt", ("E301", "unknown space 'valt'", "did you mean 'vault'?")),
    ("discarded round-end", "discarded turn-start",
     ("E204", None, None)),  # the token type's enum says it first
    ("    per figure\n    pieces", "    pieces",
     ("E205", "zone 'carried' holds pieces, so it is kept per the kind of holder they lie on", None)),
    ("pool freeze \"Freeze pieces\"", "pool frost \"Freeze pieces\"",
     ("E301", "pool 'frost' feeds no token: a pool is named after its token, or a token names it `drawn-from`",
      "tokens of the box: cinder, daze, dud, ember, freeze, gem")),
])
def test_bad_pieces_are_said_with_their_place_and_a_hint(tmp_path, old, new, said):
    result = driver.compile_paths([_lab_copy(tmp_path, old, new)])
    errors = [d for d in result.diagnostics.items if d.severity == "error"]
    code, message, hint = said
    match = [e for e in errors if e.code == code and (message is None or e.message == message)]
    assert match, [(e.code, e.message) for e in errors]
    assert match[0].span.line > 0 and match[0].span.col > 0 and match[0].span.file.endswith("embers.mh")
    if hint is not None:
        assert match[0].hint == hint


def test_a_placed_on_kind_without_its_zone_is_said(tmp_path):
    result = driver.compile_paths([_lab_copy(tmp_path, "  placed-on space player\n  worth 2",
                                             "  placed-on team\n  worth 2")])
    said = [(e.code, e.message, e.hint) for e in result.diagnostics.items if e.severity == "error"]
    assert ("E205", "token 'gem' is placed on a team, but no zone of the game holds pieces on a team",
            "declare one: zone on-team { per team  pieces }") in said


def test_a_game_without_pieces_has_none(embers):
    bastion = load_game_rules(_compiled(HERE / "bastion"), "bastion")  # (Ridge has its ropes)
    assert bastion.pieces is None and embers.pieces is not None
    assert embers.pieces.restricts == {"move": {"embers:token:freeze"}, "dig": {"embers:token:daze"}}
    assert embers.pieces.discards == {"round-end": {"embers:token:freeze"}, "turn-end": {"embers:token:daze"}}
    assert embers.pieces.limits == {"embers:token:daze": 1}


def test_a_team_s_own_pool_by_its_name(tmp_path):
    """A pool counted per Team (`red 3  blue 2`, the game's `team-names`) lays each Team's pieces
    in its own pile of a `pools` zone kept per Team, owned by the Team; a Team places from its own
    pile, a piece goes back to its owner's; a pool with one `count` stays shared (its piece the
    placing Team's while it lies out, nobody's back in the pool: pieces._placer). The Teams'
    ids are their names (`supply/red`), as the game's `team-names` gives them."""
    folder = _lab_copy(tmp_path, 'pool ember "Ember pieces" {\n    count 6',
                       'pool ember "Ember pieces" {\n    red 3\n    blue 2')
    source = folder / "embers.mh"
    text = source.read_text(encoding="utf-8")
    text = text.replace("  first-player first-seat\n",
                        "  first-player first-seat\n  teams 2\n  team-names [red, blue]\n", 1)
    source.write_text(text.replace('"The supply" {\n    pools', '"The supply" {\n    per team\n    pools'),
                      encoding="utf-8")
    rules = load_game_rules(_compiled(folder), "embers")
    spec = {"scenario": {"name": "x", "box": "embers"},
            "setup": {"players": 2, "phase": "actions", "active": "p2",
                      "figures": {"ranger-p1": "field", "ranger-p2": "field"}}}
    game, problems = ksc.build(rules, spec)
    assert problems == []
    state = game.state

    def ids(key):
        return [(rules.cards[state.cards[uid]].id, state.owners[uid]) for uid in state.zones[key]]

    assert ids("supply/red") == [("ember", "red")] * 3 and ids("supply/blue") == [("ember", "blue")] * 2
    assert sorted(ids("supply")) == [("cinder", None)] * 3 + [("daze", None)] * 2 + [("freeze", None)] * 2
    game.start()
    game.act("throw ranger-p1")  # blue's two embers, a shared daze (blue's while it lies out); then red's turn
    assert ids("carried/ranger-p1") == [("ember", "blue"), ("ember", "blue"), ("daze", "blue")]
    assert ids("supply/blue") == []
    game.act("throw ranger-p2")  # red throws two of its own; at its turn's end one of blue's burns, back to blue
    assert ids("supply/red") == [("ember", "red")] and ids("supply/blue") == [("ember", "blue")]
    assert ids("carried/ranger-p1") == [("ember", "blue")]
