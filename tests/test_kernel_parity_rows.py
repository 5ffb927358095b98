"""The rules the parity rows of the kernel found (docs/kernel.md, "Free-For-All and the parity rows
on the kernel"). Free-For-All Mayhem: the round's start reads the last round's leader until `lead(...)` names this round's
(the Initiative goes round), the figure no one owns takes no Damage (`no-damage`) and acts at the
end of a Character's turn only, and a player
whose figures are all removed from the game stands no more at once and is out once the round is
over, so that a game ends with the last Character standing. Looney Tunes Mayhem: the ACME pile
on Desert Road is `acme` tokens, face down (`has(here, acme)`, `take(acme, ...)`)."""
from __future__ import annotations

from pathlib import Path
import sys

import pytest

from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel.damage import damage
from mayhem.runtime.kernel.effects import Run
from mayhem.runtime.kernel.play import play_game

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import parity_kernel  # noqa: E402


@pytest.fixture(scope="module")
def ir():
    return parity_kernel.compile_named(ROOT / "content", ("teen-titans-go", "looney-tunes"))


@pytest.fixture(scope="module", params=["teen-titans-go", "looney-tunes"])
def ffa(ir, request):
    return load_game_rules(ir, request.param, mode="free-for-all")


@pytest.fixture(scope="module")
def games(ffa):
    """Six seeded games of random bots (each ends within a few rounds)."""
    return [play_game(ffa, KernelConfig(players=3, seed=s, max_turns=300), ["random"]) for s in range(6)]


def test_the_initiative_goes_to_the_next_team_still_playing(games):
    """"The Initiative token goes to the next player going clockwise" (How to Play): from the
    second round on, the leader is the Team after the last round's, whatever the dice (the
    round's start reads `leading-team` as the last round's until `lead(...)` names one)."""
    rounds = 0
    for game in games:
        state, called = game.state, game.rules.lead_called
        order, out, last = list(state.teams), set(), None
        for e in state.log:
            if e["event"] == "out":
                out.add(e["player"])
            elif e["event"] == called:
                if last is not None:
                    k = order.index(last)
                    ring = [t for t in order[k + 1:] + order[:k + 1] if not set(state.teams[t]) <= out]
                    assert e["lead"] == ring[0], (last, e)
                    rounds += 1
                last = e["lead"]
    assert rounds > 0


def test_the_figure_no_one_owns_takes_no_damage(ffa):
    """The non-player figure has no Life (`figure npc { no-damage }`, game.mh): Damage dealt to it
    raises the damage event, but none lands; a Character takes it."""
    game = KernelGame(ffa, KernelConfig(players=3, seed=0))
    decision = game.start()
    while decision.kind != "move":  # the round's start: the figures on the board
        decision = game.act(decision.actions[0])
    run = Run(game, [])
    npc = next(f for f, x in game.state.figures.items() if x["owner"] is None)
    hero = next(f for f, x in game.state.figures.items() if x["owner"] is not None)
    start = len(game.state.log)
    damage(run, {"ctx:me": "p1"}, [npc, hero], 3)
    log = game.state.log[start:]
    assert any(e["event"] == "raise" and e.get("target") == npc and e["name"] == "damage" for e in log)
    assert [e["figure"] for e in log if e["event"] == "damage"] == [hero]
    assert game.state.counters[f"damage/{npc}"] == 0


def test_a_player_whose_figures_are_gone_stands_no_more_and_is_out_after_the_round(games):
    """"When a Character is KO'ed, they are permanently removed from the game" (How to Play):
    its Team stands no more at once (the game ends with one standing), its player plays out
    the round (its die forfeited, as the Mayhem order of the round keeps it) and takes
    no turn after the round's end."""
    ended = 0
    for game in games:
        log, state = game.state.log, game.state
        assert state.result is not None and state.result["reason"] in ("last-standing", "draw"), state.result
        ended += 1
        for i, e in enumerate(log):
            if e["event"] != "remove-from-game":
                continue
            owner = state.figures[e["figure"]]["owner"]
            player = state.teams[owner][0]
            ends = [j for j in range(i, len(log)) if log[j]["event"] == "round-end"]
            outs = [j for j in range(i, len(log)) if log[j]["event"] == "out" and log[j]["player"] == player]
            if ends:
                assert outs and outs[0] < ends[0]  # out at the end of the round it was removed in
                later = log[ends[0]:]
                assert not any(x["event"] == "turn-start" and x["player"] == player for x in later)
    assert ended == 6


def test_the_figure_no_one_owns_acts_at_the_end_of_a_character_s_turn_only(games):
    """"At the end of the turn" (Taz's Spin, Cyborg's Fire): the end of a Character's turn; a
    seat's turn that made no Character Active (a pass, a die forfeited) is none (the npc's
    `on turn-end when figure != none`)."""
    seen = 0
    for game in games:
        log = game.state.log
        npc = next(f for f, x in game.state.figures.items() if x["owner"] is None)
        for i, e in enumerate(log):
            if e["event"] != "turn-end":
                continue
            nxt = next((j for j in range(i + 1, len(log)) if log[j]["event"] in ("turn-start", "round-end")), len(log))
            acted = [x for x in log[i + 1:nxt] if x.get("source") == npc or x["event"] == "place"]
            if e["figure"] is None:
                assert not acted, (e, acted)
            else:
                seen += bool(acted)
    assert seen > 0


def test_the_face_down_pile_is_the_token_its_pool_is_named_after(ir):
    """"Whenever a Toon enters this Location, they may take an ACME token" (Desert Road): the
    pile's pieces are the ten faces `drawn-from acme`; on the space, each is an `acme` (`has`,
    `count`), and `take(acme, ...)` hands the top one, its face kept, to the figure."""
    from mayhem.runtime.kernel.pieces import count, has, take
    rules = load_game_rules(ir, "looney-tunes")
    game = KernelGame(rules, KernelConfig(players=2, seed=3))
    decision = game.start()
    while not any(a.startswith("place-die") for a in decision.actions):  # the figures on the board
        decision = game.act(decision.actions[0])
    run, env = Run(game, []), {"ctx:me": "p1"}
    acme = next(q for q, c in rules.cards.items() if c.id == "acme" and c.type == "token")
    road = next(s for s in rules.spaces if s == "desert-road")
    pile = game.state.zones[f"{rules.pieces.pile}/{road}"]
    assert has(run, env, road, acme) and count(run, env, acme, on=road) == len(pile) == 10
    top = pile[0]
    figure = next(f for f, x in game.state.figures.items() if x["owner"] is not None)
    take(run, env, acme, **{"from": road, "to": figure})
    assert top not in pile and game.state.places[top].endswith("/" + figure)
    assert rules.cards[game.state.cards[top]].id.startswith("acme-")  # its face, on the figure
    # a face held still counts as an `acme`: a token's group counts its faces
    assert has(run, env, figure, acme) and count(run, env, acme, on=figure) == 1


def _lt_table(ir):
    """A Looney Tunes Mayhem game at its first die, each Toon one Damage from its KO: (game, run, env,
    the Toons in Team order)."""
    rules = load_game_rules(ir, "looney-tunes")
    game = KernelGame(rules, KernelConfig(players=2, seed=5))
    decision = game.start()
    while not any(a.startswith("place-die") for a in decision.actions):
        decision = game.act(decision.actions[0])
    state = game.state
    toons = [f for t in state.teams for f, x in state.figures.items() if x["owner"] == t]
    for f in toons:
        state.counters[f"damage/{f}"] = state.counters[f"life/{f}"] - 1
    return game, Run(game, []), {"ctx:me": state.active}, toons


def test_a_knock_out_ends_the_game_at_once(ir):
    """"The 1st Team to ... KO both opposing Characters in the same round immediately wins the
    game" (How to Win): the end is checked right after each KO, so
    one Damage dealt to all four Toons ends the game once the first Team has lost both: that
    Team's opponent wins, by double KO, and its Toons take none (no draw)."""
    from mayhem.runtime.kernel.effects import GameOver
    game, run, env, toons = _lt_table(ir)
    with pytest.raises(GameOver):
        damage(run, env, toons, 1)
    result, state = game.state.result, game.state
    assert result["reason"] == "double-ko"
    assert result["winners"] == list(state.teams[state.figures[toons[2]]["owner"]])
    assert [f for f in toons if state.figures[f].get("out")] == toons[:2]


def test_effects_resolving_together_end_the_game_once_after_them_all(ir):
    """"Any Characters with Fire tokens take Damage" (Recovery; Poison the same): the status
    tokens resolve at the same time (`announce-together`), so the end is checked once after them:
    both Teams losing their Toons there is a draw, the rulebooks' rematch."""
    from mayhem.runtime.kernel.effects import GameOver
    from mayhem.runtime.kernel.keeping import announce_together
    from mayhem.runtime.kernel.pieces import place
    game, run, env, toons = _lt_table(ir)
    poison = next(q for q, c in game.rules.cards.items() if c.id == "poison")
    for f in toons:
        place(run, env, poison, 1, on=f)
    with pytest.raises(GameOver):
        announce_together(run, env, "recovery", toons)
    assert game.state.result["reason"] == "draw" and game.state.result["winners"] == []
    assert all(game.state.figures[f].get("out") for f in toons)
