"""Tests that know the rules' values, each written to fail on a deliberate bug that the
rest of the suite let through: a Monster's immunity, the hand after the draw, the
Initiative of each mode, and every check of the invariant checker and of the rule
watcher (runtime/invariants.py).

The catch tests break what the checker reads, the view (`seen`, as the sweeps pass it), the
pools and the log in the Mayhem log's words (runtime/game_view.py `logged`), never a runtime's
own state: each check is seen to catch its broken game. A Monster's immunity played out is the
scenario teen-titans-go/monster-immune.toml and tests/test_kernel_standing.py."""
import copy

import pytest

from mayhem.runtime import Game, GameConfig, make_bot
from mayhem.runtime import game_view, view_pieces
from mayhem.runtime.game_view import logged
from mayhem.runtime.invariants import RuleWatcher, violations
from mayhem.runtime.rules import prop
from game_helpers import in_round_two


def test_the_monster_token_declares_its_immunities(ir):
    """The content side of the same rule: Fire (burn), Pull, Push, Stun and Traps."""
    monster = next(c for c in ir["components"] if c["kind"] == "token" and c["id"] == "monster")
    assert sorted(monster["props"]["immune"]["value"]) == ["burn", "pull", "push", "stun", "trap"]


# ---- the hand after the draw, and the Initiative, in every mode --------------------------

MODES = ("standard", "three-players", "four-players", "free-for-all")


def until_round(rules, box, mode, seed, rounds):
    """A seeded game played by random bots until round `rounds` begins, watched (the watcher reads
    the view and the log in the Mayhem log's words); its log, read."""
    game = Game(rules, GameConfig(box, seed=seed, mode=mode))
    watcher = RuleWatcher(game)
    bots = {}
    d = game.start()
    found = []
    while d is not None and game.view(pieces=False)["round"] <= rounds:
        found += watcher.check()
        d = game.act(bots.setdefault(d.player, make_bot("random", seed + int(d.player[1:]))).choose(d, game))
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
        while game.view(pieces=False)["round"] < 1:  # (round 0 while it sets up)
            d = game.act(bots.setdefault(d.player, make_bot("random", seed)).choose(d, game))
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


def test_the_active_figures_bonus_counts_for_its_own_attacks_only(rules):
    """A bonus of the Active Character's Ability (Special: "+X Damage: increase the Damage of an
    Attack", content/shared/core.mh `plus-damage`) adds to the Attacks of that Character in its
    turn, not to an Attack another figure makes meanwhile (runtime/kernel/record.py: `bonus`,
    `assault_bonus`, read by the kernel's `assault`)."""
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.record import assault_bonus, bonus
    game = Game(rules, GameConfig("teen-titans-go", seed=3))
    d, bot = game.start(), make_bot("random", 3)
    while not (game.kernel.state.active_figure is not None and game.kernel.state.active_turn == game.kernel.state.turn):
        d = game.act(bot.choose(d, game))
    st = game.kernel.state
    active = st.active_figure
    other = next(k for k, f in st.figures.items() if k != active and f.get("space") is not None)
    melee = ("shared/core:tag:attack", "shared/core:tag:melee")
    assert assault_bonus(st, active, melee) == assault_bonus(st, other, melee) == 0
    bonus(Run(game.kernel, []), {}, 2)
    assert st.log[-1]["event"] == "bonus" and st.log[-1]["amount"] == 2
    assert assault_bonus(st, active, melee) == 2 and assault_bonus(st, other, melee) == 0
    assert assault_bonus(st, None, melee) == 0  # an Attack of no figure (a Trap's)


# ---- the invariant checker: each of its checks catches its broken state ----------------
# (the view a sweep passes it, broken; the pools, broken as view_pieces.pools reads them)


def _overfull(seen):
    loc = next(x for x in seen["locations"] if not x["removed"] and x["slots"] is not None)
    loc["figures"] += [f"ghost-{i}" for i in range(loc["slots"] + 1 - len(loc["figures"]))]


def _negative_damage(seen):
    next(f for f in seen["figures"].values() if f["space"] is not None)["damage"] = -1


def _lost(seen):
    key, fig = next((k, f) for k, f in seen["figures"].items() if f["kind"] == "character" and f["space"] is not None)
    next(x for x in seen["locations"] if x["label"] == fig["space"])["figures"].remove(key)


def _enclosed(seen):
    def edge(a, b):
        return f"{a}-{b}" if int(a[1:]) < int(b[1:]) else f"{b}-{a}"
    seen["blocked"] = sorted(set(seen["blocked"]) | {edge("L1", x) for x in seen["sides"]["L1"]})


def _pool_appears(pools):
    pool = next(iter(pools.values()))
    pool["pieces"] += 1


def _pool_below_zero(pools):
    pool = next(p for p in pools.values() if p["free"])
    pool["free"][next(iter(pool["free"]))] = -1


BROKEN = {
    "a token from nowhere": (_pool_appears, "pieces, the box has"),
    "a pool below zero": (_pool_below_zero, "went below zero"),
    "a Location over its slots": (_overfull, "figures in"),
    "negative Damage": (_negative_damage, "negative Damage"),
    "a figure lost between Locations": (_lost, "is lost between Locations"),
    "a Location enclosed by Obstacles": (_enclosed, "enclosed by Obstacles"),
}


@pytest.fixture(scope="module")
def round_two(rules):
    return in_round_two(rules)


@pytest.mark.parametrize("case", BROKEN, ids=list(BROKEN))
def test_the_invariants_catch_each_broken_state(rules, round_two, monkeypatch, case):
    breaks, message = BROKEN[case]
    seen = round_two.view(pieces=False)
    assert violations(round_two, seen=seen) == []
    if breaks in (_pool_appears, _pool_below_zero):
        pools = copy.deepcopy(view_pieces.pools(round_two))
        breaks(pools)
        monkeypatch.setattr(view_pieces, "pools", lambda _game: pools)
    else:
        breaks(seen)
    found = violations(round_two, seen=seen)
    assert [f for f in found if message in f], found


def test_the_invariants_catch_lost_victory_points(round_two):
    teams = round_two.view(pieces=False)["teams"]
    before = {"vp": {t: x["counters"]["vp"] + 1 for t, x in teams.items()}}
    assert violations(round_two, {"vp": {t: x["counters"]["vp"] for t, x in teams.items()}}) == []
    found = violations(round_two, before)  # reported by the counter's declared name
    assert sorted(f for f in found if "lost Victory Points" in f) == sorted(f"{t} lost Victory Points" for t in teams)


# ---- the rule watcher: each of its checks catches its broken game --------------------------

def watched(rules, box="teen-titans-go", mode="standard", seed=2, rounds=2):
    """A seeded game played to round `rounds`, watched after every decision (nothing found)."""
    game = Game(rules, GameConfig(box, seed=seed, mode=mode))
    watcher = RuleWatcher(game)
    bots = {}
    d = game.start()
    while d is not None and game.view(pieces=False)["round"] < rounds:
        assert watcher.check() == []
        d = game.act(bots.setdefault(d.player, make_bot("random", seed + int(d.player[1:]))).choose(d, game))
    assert watcher.check() == []
    return game, watcher


def logs(monkeypatch, game, lines: list[dict]) -> None:
    """The game's log read (`logged`) with `lines`, in the Mayhem log's words, after what it holds."""
    real = game_view.logged

    def read(g, since=0):
        events, at = real(g, since)
        return events + lines, at
    monkeypatch.setattr(game_view, "logged", read)


def _on_board(game, damage=None):
    seen = game.view(pieces=False)
    key = next(k for k, f in seen["figures"].items() if f["kind"] == "character" and f["space"] is not None
               and (damage is None or f["damage"] == damage))
    return seen, key


def test_watcher_damage_that_no_event_dealt(rules):
    game, watcher = watched(rules)
    seen, key = _on_board(game)
    seen["figures"][key]["damage"] += 1
    assert any(f"{key} has {seen['figures'][key]['damage']} Damage, its damage events" in f for f in watcher.check(seen))


def test_watcher_damage_event_with_a_wrong_total(rules, monkeypatch):
    game, watcher = watched(rules)
    seen, key = _on_board(game)
    total = seen["figures"][key]["damage"]
    logs(monkeypatch, game, [{"event": "damage", "figure": key, "amount": 2, "total": total + 3}])
    seen["figures"][key]["damage"] += 2
    found = watcher.check(seen)
    assert any(f"{key}: a damage event totals {total + 3}, its damage events {total + 2}" in f for f in found), found


def test_watcher_life_above_the_dashboard(rules, monkeypatch):
    game, watcher = watched(rules)
    seen, key = _on_board(game, damage=0)
    logs(monkeypatch, game, [{"event": "remove-damage", "figure": key, "amount": 1}])
    seen["figures"][key]["damage"] = -1
    assert any(f"{key} has more Life Points left than its dashboard" in f for f in watcher.check(seen))


def test_watcher_two_mayhem_cards_in_a_round(rules, monkeypatch):
    game, watcher = watched(rules)
    logs(monkeypatch, game, [{"event": "play", "team": "black", "card": "a"}, {"event": "play", "team": "black", "card": "b"}])
    assert any("black played a second Mayhem card" in f for f in watcher.check())


def test_watcher_a_hand_over_the_icons(rules):
    game = Game(rules, GameConfig("teen-titans-go", seed=4))
    bots = {}
    d = game.start()
    while not any(e["event"] == "initiative" for e in logged(game)[0]):  # the first lead line: after the draw
        d = game.act(bots.setdefault(d.player, make_bot("random", 4)).choose(d, game))
    assert RuleWatcher(game).check() == []
    seen = game.view(pieces=False)
    team = next(iter(seen["teams"].values()))
    player = team["players"][0]
    team["hands"][player] += 1
    assert any(f"{player} holds {team['hands'][player]} cards" in f for f in RuleWatcher(game).check(seen))


def test_watcher_initiative_to_the_highest_dice(rules, monkeypatch):
    game, watcher = watched(rules)
    logs(monkeypatch, game, [{"event": "initiative", "round": 2, "team": "black",
                              "dice": {"black": [6, 6], "white": [1, 1]}, "coin_toss": False}])
    assert any("went to black (12), not the lowest total 2" in f for f in watcher.check())


def test_watcher_initiative_that_does_not_rotate(rules, monkeypatch):
    game, watcher = watched(rules, mode="free-for-all")
    holder = watcher.last_lead
    assert holder is not None
    logs(monkeypatch, game, [{"event": "initiative", "round": 2, "team": holder, "dice": {}, "coin_toss": False}])
    assert any(f"the Initiative went to {holder}, not to" in f for f in watcher.check())
