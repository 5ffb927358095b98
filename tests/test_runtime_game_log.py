"""Whole seeded games of both boxes and every mode, read back from their event log: the
log is an account of the game that adds up (Damage, KO, Victory Points, Missions, the
end), and every event an effect causes names the DSL line of that effect.

Public API relied on: `Game` (`start`, `act`, `view`, `result`), the log in the Mayhem log's
words (runtime/game_view.py `logged`: the kernel's lines read through the table of its lines),
`GameConfig`, `make_bot` (`greedy`, `random`) and the event fields of docs/actions.md
(`event`, `span`, `figure`, `amount`, `total`, `team`)."""
from __future__ import annotations

import re

import pytest

from mayhem.runtime import Game, GameConfig, make_bot
from mayhem.runtime.game_view import logged

BOXES = ("teen-titans-go", "looney-tunes")
# events that only an effect of the content causes: each names the DSL line behind it
EFFECT_EVENTS = {"attack", "bonus", "damage", "draw", "increase", "ko", "mayhem-icon", "mission-complete",
                 "off-board", "prevent", "remove-damage", "remove-token", "reroll", "vp"}
SPAN = re.compile(r"^[\w./-]+\.mh:\d+:\d+-\d+:\d+$")


def play(rules, box, mode, seed, bot="greedy") -> Game:
    game = Game(rules, GameConfig(box, seed=seed, mode=mode))
    bots: dict = {}
    d = game.start()
    steps = 0
    while d is not None:
        d = game.act(bots.setdefault(d.player, make_bot(bot, seed * 7 + len(bots))).choose(d, game))
        steps += 1
        assert steps < 20_000
    return game


GAMES = [(box, "standard", seed, "greedy") for box in BOXES for seed in (1, 2)] + \
        [(box, mode, 5, "random") for box in BOXES for mode in ("four-players", "free-for-all")]


class Played:
    """A game over, as these tests read it: its events in the Mayhem log's words, its view."""

    def __init__(self, game) -> None:
        self.game, self.events, self.view = game, logged(game)[0], game.view()


@pytest.fixture(scope="module")
def games(rules):
    return [(cfg, Played(play(rules, *cfg))) for cfg in GAMES]


def test_effect_events_name_the_line_of_their_effect(games):
    seen = set()
    for cfg, game in games:
        for e in game.events:
            assert isinstance(e["event"], str) and e["event"], (cfg, e)
            if e["event"] in EFFECT_EVENTS:
                seen.add(e["event"])
                assert e.get("span") and SPAN.match(e["span"]), (cfg, e)
    # the games reach the effects this test is about
    assert {"attack", "damage", "ko", "vp", "bonus", "mission-complete", "prevent"} <= seen


def test_damage_adds_up(games):
    """Damage goes on a dashboard as it is dealt, comes off as it is removed, and a KO'ed
    Character's dashboard is cleared (Teen Titans GO! Mayhem, KO: "The player removes all
    Damage ... tokens that the KO'ed Character might have on their Character Dashboard")."""
    for cfg, game in games:
        running: dict[str, int] = {}
        for e in game.events:
            kind = e["event"]
            if kind == "damage":
                assert e["amount"] > 0, (cfg, e)
                running[e["figure"]] = running.get(e["figure"], 0) + e["amount"]
                assert e["total"] == running[e["figure"]], (cfg, e)
            elif kind == "remove-damage":
                assert e["amount"] >= 0
                running[e["figure"]] = running.get(e["figure"], 0) - e["amount"]
                assert running[e["figure"]] >= 0, (cfg, e)
            elif kind == "ko":
                running[e["figure"]] = 0
        for key, fig in game.view["figures"].items():
            if fig["kind"] == "character":
                assert fig["damage"] == running.get(key, 0), (cfg, key)
                assert fig["damage"] < fig["life"] or fig["space"] is None


def test_a_ko_happens_when_damage_reaches_life(games):
    for cfg, game in games:
        life = {k: f["life"] for k, f in game.view["figures"].items() if f["kind"] == "character"}
        last_total: dict[str, int] = {}
        for e in game.events:
            if e["event"] == "damage":
                last_total[e["figure"]] = e["total"]
            elif e["event"] == "ko" and e["figure"] in life and life[e["figure"]] is not None:
                # the KO'ing Damage was the last Damage dealt to it
                assert last_total.get(e["figure"], 0) >= life[e["figure"]], (cfg, e)
                last_total[e["figure"]] = 0


def test_victory_points_add_up_and_decide_the_game(games):
    """"The 1st Team to collect 5 Victory Points or successfully KO both opposing
    Characters in the same round immediately wins the game" (Teen Titans GO! Mayhem,
    Winning the game); a KO gives the other Team a Victory Point."""
    for cfg, game in games:
        box, mode = cfg[0], cfg[1]
        totals: dict[str, int] = {}
        for e in game.events:
            if e["event"] == "vp":
                assert e["total"] > totals.get(e["team"], 0), (cfg, e)
                totals[e["team"]] = e["total"]
        seen = game.view
        final = {colour: team["counters"]["vp"] for colour, team in seen["teams"].items()}
        for colour in seen["teams"]:
            # (Looney Tunes Victory Point tokens also come by taking them from a Location)
            assert final[colour] >= totals.get(colour, 0), cfg
        if mode == "free-for-all":
            assert totals == {} and set(final.values()) == {0}, "Teams do not gain Victory Points in this mode"
            continue
        kos = sum(1 for e in game.events if e["event"] == "ko" and e["figure"] in seen["figures"]
                  and seen["figures"][e["figure"]]["kind"] == "character")
        assert sum(totals.values()) >= kos, cfg
        reason = seen["result"]["reason"]
        if reason == "vp":
            assert [final[w] for w in seen["result"]["winners"]] == [max(final.values())]
            assert max(final.values()) >= 5 and min(final.values()) < 5
        else:
            assert max(final.values()) < 5 or reason == "draw"
        assert seen["over"] and reason in ("vp", "double-ko", "draw", "max-rounds"), cfg


def test_a_completed_mission_is_replaced(games):
    for cfg, game in games:
        events = game.events
        for i, e in enumerate(events):
            if e["event"] == "mission-complete":
                later = [x for x in events[i + 1:] if x["event"] in ("go-card", "mission-complete")
                         and x.get("team") == e["team"]]
                # the Team draws its next GO! card at once (unless the deck is empty or the game ended)
                if later:
                    assert later[0]["event"] == "go-card", (cfg, e, later[0])


def test_free_for_all_knocks_out_for_good(games):
    """Free-For-All Mayhem: a KO'ed character is out of the game; the last one standing wins."""
    for cfg, game in games:
        if cfg[1] != "free-for-all":
            continue
        out: set[str] = set()
        for e in game.events:
            if e.get("figure") in out and e["event"] in ("move", "place", "damage"):
                pytest.fail(f"{cfg}: {e['figure']} is back after its KO: {e}")
            if e["event"] == "ko" and game.view["figures"].get(e["figure"], {}).get("kind") == "character":
                out.add(e["figure"])
        standing = [f for f in game.view["figures"].values() if f["kind"] == "character" and not f["out"]]
        result = game.view["result"]
        assert result["reason"] in ("last-standing", "draw", "max-rounds")
        if result["reason"] == "last-standing":
            assert len(standing) == 1 and result["winners"] == [standing[0]["team"]]
