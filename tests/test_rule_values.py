"""Tests that know the rules' values, each written to fail on a deliberate bug that the
rest of the suite let through: a Monster's immunity, the hand after the draw, the
Initiative of each mode, and every check of the invariant checker and of the rule
watcher (runtime/invariants.py).

Engine only (`engine_only`): the invariants' and the watcher's catch tests break the engine's
state and log by hand (`game.engine`); tests/test_properties.py breaks either runtime's the same
way (a piece from nowhere, a negative Damage, a second card, a wrong total) and sees them caught."""
from pathlib import Path

import pytest

from mayhem.runtime import scenario as sc
from mayhem.runtime.bots import RandomBot
from mayhem.runtime.engine import GameConfig
from mayhem.runtime.game import Game
from mayhem.runtime.game_view import logged
from mayhem.runtime.invariants import RuleWatcher, violations
from mayhem.runtime.rules import prop
from game_helpers import in_round_two

SCENARIOS = Path(__file__).resolve().parent / "scenarios"


def drive(gen):
    """Run an engine generator that asks nothing."""
    try:
        while True:
            assert gen.send(None) is None, "the engine asked a question"
    except StopIteration:
        pass


def monster_game(rules):
    spec, text = sc.load(SCENARIOS / "teen-titans-go" / "monster-already-on-board.toml")
    eng, _phase = sc.validate(rules, spec, text)
    return eng, eng.state.figures["monster-black"]


@pytest.mark.parametrize("tags", [("burn", "status"), ("trap",)], ids=["fire", "trap"])
def test_a_monster_takes_no_fire_or_trap_damage(rules, tags):
    """"Monsters are only affected by Melee and Ranged attacks. They are immune to Fire,
    Pull, Push or Stun effects, and they do not activate Traps." (Missions)"""
    eng, monster = monster_game(rules)
    assert monster.damage == 4
    tagged = frozenset(q for t in tags for q in eng.tags_by_id[t])
    drive(eng.deal_damage(monster, 3, tagged, None, None))
    assert monster.damage == 4
    assert eng.events[-1]["event"] == "immune" and eng.events[-1]["figure"] == "monster-black"


def test_a_monster_takes_attack_damage(rules):
    eng, monster = monster_game(rules)
    melee = frozenset(eng.tags_by_id["attack"] + eng.tags_by_id["melee"])
    drive(eng.deal_damage(monster, 1, melee, None, None))
    assert monster.damage == 5


def test_the_monster_token_declares_its_immunities(ir):
    """The content side of the same rule: Fire (burn), Pull, Push, Stun and Traps."""
    monster = next(c for c in ir["components"] if c["kind"] == "token" and c["id"] == "monster")
    assert sorted(monster["props"]["immune"]["value"]) == ["burn", "pull", "push", "stun", "trap"]


# ---- the hand after the draw, and the Initiative, in every mode --------------------------

MODES = ("standard", "three-players", "four-players", "free-for-all")


def until_round(rules, box, mode, seed, rounds):
    """A seeded game played by random bots until round `rounds` begins, watched (on either
    runtime: the watcher reads the view and the log in the engine's words); its log, read."""
    game = Game(rules, GameConfig(box, seed=seed, mode=mode))
    watcher = RuleWatcher(game)
    bots = {}
    d = game.start()
    found = []
    while d is not None and game.view(pieces=False)["round"] <= rounds:
        found += watcher.check()
        d = game.act(bots.setdefault(d.player, RandomBot(seed + int(d.player[1:]))).choose(d, game))
    return game, found + watcher.check()


def printed(rules, box: str, figure: dict) -> dict:
    """The dashboard a figure of the view shows: its side, else its character."""
    comp = rules.characters[box][figure["character"]]
    return next((c for c in comp.get("children", ()) if c["id"] == figure["side"]), comp) if figure["side"] else comp


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("box", ["teen-titans-go", "looney-tunes"])
def test_hand_after_the_draw_is_the_players_icons(rules, box, mode):
    """"Players draw 7 cards [...] maximum Mayhem hand size is determined by the total
    number of [icons] indicated on their Character Dashboards" (Setup); 3 and 4 players:
    "each player draws 4 cards and must discard down to the maximum Mayhem icon on their
    Character Dashboard"; Free-For-All: "draws 4 Mayhem cards and may keep up to their
    Character's Mayhem icon"."""
    draw = {"standard": 7, "three-players": None, "four-players": 4, "free-for-all": 4}[mode]
    for seed in range(3):
        game = Game(rules, GameConfig(box, seed=seed, mode=mode))
        bots = {}
        d = game.start()
        while game.state.phase == "setup":  # (either runtime's state says so while it sets up)
            d = game.act(bots.setdefault(d.player, RandomBot(seed)).choose(d, game))
        seen = game.view()
        for team in seen["teams"].values():
            for player in team["players"]:
                icons = sum(prop(printed(rules, box, f), "mayhem-cards") for f in seen["figures"].values()
                            if f["player"] == player and f["kind"] == "character")
                mine = draw or (7 if len(team["players"]) == 1 else 4)
                assert team["hands"][player] == min(mine, icons), (box, mode, seed, player)


@pytest.mark.parametrize("box", ["teen-titans-go", "looney-tunes"])
def test_free_for_all_initiative_goes_round_the_table(rules, box):
    """"The Initiative token goes to the next player going clockwise." (Free-For-All)"""
    checked = 0
    for seed in range(6):
        game, found = until_round(rules, box, "free-for-all", seed, 4)
        assert not found, found
        seen = game.view(pieces=False)
        order, out, holder = list(seen["teams"]), set(), None
        for e in logged(game)[0]:
            if e["event"] == "ko":  # Free-For-All: out of the game for good
                out.add(seen["figures"][e["figure"]]["team"])
            if e["event"] == "initiative":
                if holder is not None:
                    k = order.index(holder)
                    assert e["team"] == next(c for c in order[k + 1:] + order[:k + 1] if c not in out), seed
                    checked += 1
                holder = e["team"]
    assert checked >= 6


@pytest.mark.parametrize("mode", ["three-players", "four-players"])
def test_three_and_four_players_keep_the_lowest_dice(rules, mode):
    """The 3 and 4 player rules change the hands, not the Initiative: "The round sequence
    is the same as the 2-player game"; the lowest total of the dice wins it."""
    comp = next(c for c in rules.ir["components"] if c["kind"] == "mode" and c["id"] == mode)
    assert "round" not in comp["effects"]  # it plays the game's own round start
    game, found = until_round(rules, "teen-titans-go", mode, 3, 5)
    assert not found, found
    for e in (e for e in logged(game)[0] if e["event"] == "initiative"):
        totals = {c: sum(d) for c, d in e["dice"].items()}
        assert totals[e["team"]] == min(totals.values())


# ---- the invariant checker: each of its checks catches its broken state ----------------


def _pool_appears(eng):
    pid = next(iter(eng.state.pools))
    eng.state.pools[pid][next(iter(eng.state.pools[pid]))] += 1


def _pool_below_zero(eng):
    pid = next(p for p, pool in eng.state.pools.items() if sum(pool.values()) >= 1)
    key = next(k for k, n in eng.state.pools[pid].items() if n > 0)
    eng.state.pools[pid][key] -= 1
    eng.state.pools[pid][("phantom", None)] = -1
    eng.state.pool_totals[pid] -= 2  # the total still adds up: only "below zero" is wrong


def _overfull(eng):
    st = eng.state
    loc = next(l for l in st.board.locations if not l.removed)
    loc.figures.extend(f"ghost-{i}" for i in range(loc.slots + 1 - len(loc.figures)))


def _negative_damage(eng):
    next(f for f in eng.state.figures.values() if f.location is not None).damage = -1


def _lost(eng):
    fig = next(f for f in eng.state.figures.values() if f.kind == "character" and f.location is not None)
    eng.state.board.locations[fig.location].figures.remove(fig.key)


def _enclosed(eng):
    board = eng.state.board
    for edge in [e for e in board.edges() if 0 in e]:
        board.blocked.add(edge)
    board.refresh()


BROKEN = {
    "a token from nowhere": (_pool_appears, "pieces, the box has"),
    "a pool below zero": (_pool_below_zero, "went below zero"),
    "a Location over its slots": (_overfull, "figures in"),
    "negative Damage": (_negative_damage, "negative Damage"),
    "a figure lost between Locations": (_lost, "is lost between Locations"),
    "a Location enclosed by Obstacles": (_enclosed, "enclosed by Obstacles"),
}


@pytest.mark.engine_only
@pytest.mark.parametrize("case", BROKEN, ids=list(BROKEN))
def test_the_invariants_catch_each_broken_state(rules, case):
    game = in_round_two(rules)
    breaks, message = BROKEN[case]
    breaks(game.engine)
    found = violations(game.engine)
    assert [f for f in found if message in f], found


@pytest.mark.engine_only
def test_the_invariants_catch_lost_victory_points(rules):
    game = in_round_two(rules)
    eng = game.engine
    before = {"vp": {c: eng.counter_value("vp", c) + 1 for c in game.state.order}}
    found = violations(eng, before)  # reported by the counter's declared name
    assert sorted(f for f in found if "lost Victory Points" in f) == sorted(
        f"{c} lost Victory Points" for c in game.state.order)


# ---- the rule watcher: each of its checks catches its broken game --------------------------

def watched(rules, box="teen-titans-go", mode="standard", seed=2, rounds=2):
    game = Game(rules, GameConfig(box, seed=seed, mode=mode))
    watcher = RuleWatcher(game.engine)
    bots = {}
    d = game.start()
    while d is not None and game.state.round < rounds:
        assert watcher.check() == []
        d = game.act(bots.setdefault(d.player, RandomBot(seed + int(d.player[1:]))).choose(d, game))
    assert watcher.check() == []
    return game, watcher


@pytest.mark.engine_only
def test_watcher_damage_that_no_event_dealt(rules):
    game, watcher = watched(rules)
    fig = next(f for f in game.state.characters() if f.location is not None)
    fig.damage += 1
    assert any(f"{fig.key} has {fig.damage} Damage, its damage events" in f for f in watcher.check())


@pytest.mark.engine_only
def test_watcher_damage_event_with_a_wrong_total(rules):
    game, watcher = watched(rules)
    fig = next(f for f in game.state.characters() if f.location is not None)
    game.engine.log("damage", figure=fig.key, amount=2, total=fig.damage + 3)
    fig.damage += 2
    assert any("a damage event totals" in f for f in watcher.check())


@pytest.mark.engine_only
def test_watcher_life_above_the_dashboard(rules):
    game, watcher = watched(rules)
    fig = next(f for f in game.state.characters() if f.location is not None and f.damage == 0)
    game.engine.log("remove-damage", figure=fig.key, amount=1)
    fig.damage = -1
    assert any("more Life Points left than its dashboard" in f for f in watcher.check())


@pytest.mark.engine_only
def test_watcher_two_mayhem_cards_in_a_round(rules):
    game, watcher = watched(rules)
    game.engine.log("play", team="black", card="a")
    game.engine.log("play", team="black", card="b")
    assert any("black played a second Mayhem card" in f for f in watcher.check())


@pytest.mark.engine_only
def test_watcher_a_hand_over_the_icons(rules):
    game = Game(rules, GameConfig("teen-titans-go", seed=4))
    watcher = RuleWatcher(game.engine)
    bots = {}
    d = game.start()
    while not any(e["event"] == "setup" for e in game.events):
        d = game.act(bots.setdefault(d.player, RandomBot(4)).choose(d, game))
    team = game.state.teams[game.state.order[0]]
    team.hands[team.players[0]].append(game.state.mayhem_deck.pop())
    assert any(f"{team.players[0]} holds" in f for f in watcher.check())


@pytest.mark.engine_only
def test_watcher_initiative_to_the_highest_dice(rules):
    game, watcher = watched(rules)
    game.engine.log("initiative", team="black", dice={"black": [6, 6], "white": [1, 1]}, coin_toss=False)
    assert any("not the lowest total 2" in f for f in watcher.check())


@pytest.mark.engine_only
def test_watcher_initiative_that_does_not_rotate(rules):
    game, watcher = watched(rules, mode="free-for-all")
    holder = watcher.last_lead
    game.engine.log("initiative", team=holder, dice={}, coin_toss=False)
    assert any(f"the Initiative went to {holder}, not to" in f for f in watcher.check())
