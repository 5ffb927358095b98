"""The Mayhem rules in kernel games of a Mayhem box naming `game mayhem` (bench/trial.py's copy):
a shared keyword's `mayhem-die` read as the Mayhem die's face (runtime/kernel/compile.py lowers a
shorthand the load left), a KO clearing the pieces flagged `cleared-on-ko` (damage.py) and giving
the opposing Team its VP (game.mh's `ko-vp`), and seeded games that KO and end."""
from __future__ import annotations

from pathlib import Path
import sys

import pytest

from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel.compile import function, source
from mayhem.runtime.kernel.damage import deal
from mayhem.runtime.kernel.effects import Run
from mayhem.runtime.kernel.pieces import place
from mayhem.runtime.kernel.primitives import get_value

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import parity_kernel  # noqa: E402
import trial_compare  # noqa: E402


@pytest.fixture(scope="module")
def titans():
    return load_game_rules(parity_kernel.compile_named(ROOT / "content", ("teen-titans-go",)), "teen-titans-go")


def _started(rules, seed: int = 0) -> KernelGame:
    """A game at its first turn: the Characters on the board, the Mayhem die rolled."""
    game = KernelGame(rules, KernelConfig(players=2, seed=seed))
    decision = game.start()
    while not any(a.startswith("place-die") for a in decision.actions):
        decision = game.act(decision.actions[0])
    state = game.state  # the hands back in the deck: no Reaction card asks while a test deals damage
    for zone in [z for z in state.zones if z.startswith("hand/")]:
        for uid in state.zones[zone]:
            state.places[uid] = "mayhem-deck"
            state.zones["mayhem-deck"].append(uid)
        state.zones[zone] = []
    return game


def _bare(game: KernelGame, figure: str) -> None:
    """The figure's pieces set aside (a Shield a Character started with would take the damage)."""
    state = game.state
    for uid in state.zones.get(f"on-figure/{figure}", []):
        state.places[uid] = "set-aside"
        state.zones.setdefault("set-aside", []).append(uid)
    state.zones[f"on-figure/{figure}"] = []


def test_a_shared_keyword_s_mayhem_die_is_the_face_the_mayhem_die_shows(titans):
    ranged = next(k for qid, k in titans.keywords.items() if qid.endswith("ranged-attack"))
    amount = ranged["body"][0]["args"]["amount"]
    # the IR says `mayhem-die`, a shorthand: the load lowers a shared keyword's body as the game's
    assert (amount["e"], amount["name"], amount["args"]["die"]["v"]) == ("fn", "shown-face", "mayhem")
    game = _started(titans)
    space = {"__rules__": titans}
    read = function(source(amount, space), space)
    for face in (2, 3):
        game.state.dice["mayhem"]["value"] = face
        assert read(Run(game, []), {"ctx:me": "p1"}) == face  # was None: an Attack dealt 0


def test_a_ko_clears_the_flagged_pieces_and_gives_the_opposing_team_a_vp(titans):
    game = _started(titans)
    state, run = game.state, Run(game, [])
    victim = next(f for f in state.figures if f == "raven")
    owner = state.figures[victim]["owner"]  # its Team (a figure kept per Team), or its player's
    team = owner if owner in state.teams else state.team_of(owner)
    env = {"ctx:me": state.active or "p1"}
    token_qid = lambda name: next(q for q, c in titans.cards.items() if c.id == name)  # noqa: E731
    place(run, env, token_qid("flee"), 1, on=victim)
    zone = f"{titans.pieces.zones['figure']}/{victim}"
    assert [state.cards[u] for u in state.zones[zone]] == [token_qid("flee")]
    vp = lambda: {t: get_value(run, "vp", t) for t in state.teams}  # noqa: E731 - kept as pieces
    before = vp()
    deal(run, env, victim, 30, None)
    assert state.figures[victim]["out"] and state.figures[victim]["space"] is None
    assert state.zones[zone] == []  # the Flee token back in its pool
    assert state.counters.get("damage/raven", 0) == 0
    after = vp()
    assert team in state.teams and {t: after[t] - before[t] for t in after} == {
        t: (0 if t == team else 1) for t in state.teams}  # 1 VP to the opposing Team alone


def test_seeded_games_of_the_box_ko_characters_and_some_end(titans):
    rows = trial_compare.kernel_games(titans, 10, seed=0)  # seeds 1 and 9 end by VP (December 3, 2026)
    assert not [r for r in rows if r["reason"].startswith("error")]
    assert sum(r["kos"] for r in rows) > 0 and sum(r["vp"] for r in rows) > 0
    assert any(r["reason"] in ("vp", "double-ko") for r in rows)


def test_an_opposing_trap_damages_a_character_entering_its_location(titans):
    """`figure is character` is the kernel's `player-figure` relation (it was read as `foe`, so a
    Trap never went off on a figure of the acting player's Team)."""
    from mayhem.runtime.kernel.movement import move_figure
    game = _started(titans)
    state, run = game.state, Run(game, [])
    trap = next(q for q, c in titans.cards.items() if c.id == "trap")
    mover = next(f for f, x in state.figures.items() if x["owner"] == "black")
    _bare(game, mover)
    place(run, {"ctx:me": "p2"}, trap, 2, on="the-lab")  # two of white's Traps
    assert all(state.owners[u] == "white" for u in state.zones["on-space/the-lab"])
    move_figure(run, {"ctx:me": "p1"}, mover, "the-lab")
    assert state.figures[mover]["space"] == "the-lab"
    assert state.counters[f"damage/{mover}"] == 2 and state.zones["on-space/the-lab"] == []


def test_a_location_s_icons_are_read_through_the_board(titans):
    """game.mh's board names the tiles' `icons`, so `has-icon` reads them (the GO! cards' Gift,
    Clue and Pizza spots: without it no Location had an icon and those Missions never ended)."""
    from mayhem.runtime.kernel.vocabulary import has_icon
    game = _started(titans)
    run, env = Run(game, []), {"ctx:me": "p1"}
    spots = [s for s in game.rules.layout.printed
             if has_icon(run, env, "teen-titans-go:icon:gift-spot", location=s)]
    assert sorted(spots) == ["jump-city-mall", "jump-city-park"]
    assert not has_icon(run, env, "teen-titans-go:icon:gift-spot", location="the-lab")


def test_the_active_character_knocked_out_in_its_turn_ends_the_turn(titans):
    """"A KO'ed Character is immediately removed from the board" (KO): a Trap that KOs the Active
    Character on its Move ends its turn (its Ability was still offered)."""
    game = _started(titans)
    state, run = game.state, Run(game, [])
    decision = game.act(next(a for a in game.decision.actions if a.startswith("place-die")))
    mover, player = state.active_figure, decision.player
    move = next(a for a in decision.actions if a.startswith("move "))
    trap = next(q for q, c in titans.cards.items() if c.id == "trap")
    place(run, {"ctx:me": "p2" if player == "p1" else "p1"}, trap, 2, on=move.split()[-1])
    state.counters[f"damage/{mover}"] = state.counters[f"life/{mover}"] - 1
    _bare(game, mover)
    decision = game.act(move)
    assert state.figures[mover]["out"]
    assert decision.player != player and not any(a.startswith("resolve ") for a in decision.actions)
