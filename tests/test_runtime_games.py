"""Whole games through the legal-action interface: determinism, logs and replay, the
interface's guarantees."""
import json

import pytest

from mayhem.runtime import Game, GameConfig, make_bot
from mayhem.runtime.decisions import IllegalAction
from mayhem.runtime.replay import replay
from mayhem.runtime.simulate import play_one, simulate


def play(rules, config, bot="random"):
    game = Game(rules, config)
    bots = {"p1": make_bot(bot, config.seed), "p2": make_bot(bot, config.seed + 1)}
    d = game.start()
    while d is not None:
        d = game.act(bots[d.player].choose(d, game))
    return game


def test_same_seed_same_game(mini_rules):
    a = play(mini_rules, GameConfig("mini", seed=11))
    b = play(mini_rules, GameConfig("mini", seed=11))
    assert a.events == b.events
    assert a.result() == b.result()


def test_different_seeds_differ(mini_rules):
    a = play(mini_rules, GameConfig("mini", seed=1))
    b = play(mini_rules, GameConfig("mini", seed=2))
    assert a.events != b.events


def test_decisions_list_stable_unique_strings(mini_rules):
    game = Game(mini_rules, GameConfig("mini", seed=5))
    bot = make_bot("random", 5)
    d = game.start()
    seen = 0
    while d is not None:
        assert d.actions, "a decision always offers at least one action"
        assert len(set(d.actions)) == len(d.actions)
        assert all(isinstance(a, str) and a == a.strip() and "  " not in a for a in d.actions)
        assert d.player in ("p1", "p2")
        d = game.act(bot.choose(d, game))
        seen += 1
    assert seen > 20


def test_an_illegal_action_is_refused_with_the_legal_ones(mini_rules):
    game = Game(mini_rules, GameConfig("mini", seed=3))
    d = game.start()
    with pytest.raises(IllegalAction) as exc:
        game.act("teleport everyone to the moon")
    assert d.actions[0] in str(exc.value)
    assert game.decision is d  # nothing happened


def test_log_replays_and_a_tampered_log_does_not(mini_rules, tmp_path):
    game = play(mini_rules, GameConfig("mini", seed=8), "greedy")
    path = tmp_path / "game.jsonl"
    game.write_log(path)
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["header"]["seed"] == 8
    assert "result" in json.loads(lines[-1])
    report = replay(mini_rules, path)
    assert report.ok, report.message
    # change one damage amount in the log: the replay must notice
    for i, line in enumerate(lines):
        event = json.loads(line)
        if event.get("event") == "damage":
            event["amount"] += 1
            lines[i] = json.dumps(event, sort_keys=True)
            break
    else:
        pytest.fail("the game dealt no damage")
    path.write_text("\n".join(lines) + "\n")
    bad = replay(mini_rules, path)
    assert not bad.ok and "differs" in bad.message


def test_every_event_carries_the_span_of_its_effect(mini_rules):
    """Read as game_view.logged reads the kernel's log (its lines in the Mayhem log's words, each
    with the span of the statement that wrote it: runtime/kernel/state.py)."""
    from mayhem.runtime.game_view import logged
    game = play(mini_rules, GameConfig("mini", seed=4), "greedy")
    events = logged(game)[0]
    assert all("span" in e for e in events)
    effect_events = [e for e in events if e["event"] in ("attack", "damage", "place-token")]
    assert {e["event"] for e in effect_events} >= {"attack", "damage"}
    assert all(e["span"] for e in effect_events if e["event"] == "damage"), "effects log where they come from"
    with_span = [e for e in effect_events if e["span"]]
    assert all(":" in e["span"] and e["span"].split(":")[0].endswith(".mh") for e in with_span)


def test_first_game_hands(mini_rules):
    game = Game(mini_rules, GameConfig("mini", seed=1, first_game=True, teams={"black": ["alpha", "beta"],
                                                                                  "white": ["gamma", "delta"]}))
    game.start()
    teams = game.view()["teams"]  # (either runtime's game: the view's qids of the cards in hand)
    assert sorted(c.split("/")[-1] for c in teams["black"]["cards"]) == ["bandage", "fury", "parry", "rush"]
    assert teams["white"]["cards"] == [] and teams["black"]["hand"] == 4


def test_greedy_beats_random(mini_rules):
    wins = {"greedy": 0, "random": 0}
    for seed in range(30):
        r = play_one(mini_rules, GameConfig("mini", seed=seed), ["greedy", "random"])
        for w in r["winners"] or []:
            wins["greedy" if r["bots"]["p1"] == w else "random"] += 1
    assert wins["greedy"] > wins["random"]


def test_parallel_simulation_gives_the_same_results(mini_rules):
    one = simulate(mini_rules.ir, "mini", 6, ["random", "greedy"], seed=100, jobs=1)
    two = simulate(mini_rules.ir, "mini", 6, ["random", "greedy"], seed=100, jobs=2)
    assert one.rounds == two.rounds
    assert one.wins_by_team == two.wins_by_team
    assert one.decisions == two.decisions
