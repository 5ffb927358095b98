"""The kernel's last deck-building and error-message gaps, closed (docs/kernel.md, "The last
deck-building gaps: draw-into a table zone, the game's own card types in hints"):

- `draw-into` takes a zone of the table (no `of`: the card is no one's, `me` of its
  `enter-effect` the player acting) and a player's zone (a player as `of`), as the zone's `per`
  allows; a mismatch is the compiler's E401/E402 (golden E401-draw-into). Market's villain in
  play is such a zone of the table (tests/fixtures/kernel/market, scenario
  a-villain-enters-play-at-the-turns-end.toml);
- `draw-into` from an empty pile logs `reshuffle` only when cards were shuffled in (piles.reshuffled);
- an unknown card type's E301 guesses and lists the game's own card types, not the toolchain's;
- the `reacts-to`/`reacts-if` table is a declared field of the rules (`GameRules.reacting`);
- a kernel scenario may say `phase = "setup"`: the game's own `setup { }` runs, then the steps."""
from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel.card_flow import draw_into
from mayhem.runtime.kernel.effects import Run
from mayhem.runtime.kernel.rules import GameRules
from game_helpers import lab_copy_ir, lab_ir, run_kernel_scenario

ROOT = Path(__file__).resolve().parents[1]
KERNEL = ROOT / "tests" / "fixtures" / "kernel"
DECKS = ["east", "north", "south", "west"]


@pytest.fixture(scope="module")
def market():
    return load_game_rules(lab_ir(KERNEL / "market"), "market")


def _table(rules, players: int = 2, seed: int = 1) -> KernelGame:
    game = KernelGame(rules, KernelConfig(players=players, seed=seed, decks=DECKS[:players]))
    game.start()
    return game


def _errors(folder: Path) -> list[tuple[str, str, str | None]]:
    result = driver.compile_paths([folder])
    return [(d.code, d.message, d.hint) for d in result.diagnostics.items if d.severity == "error"]


def _copy(tmp_path: Path, src: Path, name: str, file: str, *edits) -> Path:
    folder = tmp_path / name
    shutil.copytree(src, folder)
    source = folder / file
    text = source.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    source.write_text(text, encoding="utf-8")
    return folder


# -- draw-into a zone of the table, and a player's zone ------------------------------------

def test_market_draws_its_next_villain_into_a_zone_of_the_table(market):
    """The scenario: the Rat King beaten, the Warlord drawn from the stack into the lair at the
    turn's end (each player gains a Bruise), then the Lich (p2, whose turn ends, draws a card)."""
    ir = lab_ir(KERNEL / "market")
    path = KERNEL / "market-scenarios" / "a-villain-enters-play-at-the-turns-end.toml"
    result = run_kernel_scenario(ir, path)
    assert result.ok, result.failures


def test_a_card_drawn_into_a_zone_of_the_table_is_no_ones_and_its_effect_has_me_the_player_acting(market):
    """`draw-into(lair)` with p2 acting: the Lich leaves the villain stack for the lair (the
    table's pile), logged with no holder; it gets no owner; its First Appearance (`draw(me, 1)`)
    draws p2 a card."""
    game = _table(market)
    state = game.state
    lich = next(u for u in state.zones["villains"] + state.zones["lair"] if game.card_id(u) == "lich")
    for key in ("villains", "lair"):
        if lich in state.zones[key]:
            state.zones[key].remove(lich)
    state.zones["villains"].insert(0, lich)
    state.places[lich] = "villains"
    state.zones["lair"], owner_before = [], state.owners[lich]
    hand = len(state.zones["hand/p2"])
    since = len(state.log)
    draw_into(Run(game, []), {"ctx:me": "p2"}, "lair")
    assert state.zones["lair"] == [lich] and state.places[lich] == "lair"
    assert state.owners[lich] == owner_before is None
    assert {"event": "draw-into", "zone": "lair", "holder": None, "card": "lich", "uid": lich} in state.log[since:]
    assert len(state.zones["hand/p2"]) == hand + 1 and len(state.zones["hand/p1"]) == 5


def test_draw_into_a_players_zone_with_a_player_as_of(tmp_path):
    """A copy of Market with a zone kept per player that draws from the main deck: its setup's
    `draw-into(spot, of: p)` for each player lays one market card in each player's spot, theirs
    (their owner), logged with the player as holder."""
    ir = lab_copy_ir(tmp_path, "market",
                     ('  zone lineup "Line-up" {\n', '  zone spot "Spot" {\n    per player\n    capacity 1\n'
                      '    draws-from main\n    in-play\n  }\n\n  zone lineup "Line-up" {\n'),
                     ("    move-card(top-card(villains), lair)\n",
                      "    move-card(top-card(villains), lair)\n    for each p in players {\n"
                      "      draw-into(spot, of: p)\n      draw-into(spot, of: p)\n    }\n"))
    game = _table(load_game_rules(ir, "market"), players=3)
    state = game.state
    for p in ("p1", "p2", "p3"):
        (uid,) = state.zones["spot/" + p]  # its capacity: the second draw-into drew nothing
        assert state.owners[uid] == p
        assert {"event": "draw-into", "zone": "spot", "holder": p, "card": game.card_id(uid), "uid": uid} in state.log
    assert len(state.zones["main"]) == 24 - 5 - 3


def test_draw_into_without_of_where_there_is_no_me_is_an_e402(tmp_path):
    """The shared rules' round has no `me`: `draw-into(mission)` of a zone kept per team must say
    whose (E402 at the zone, the hint an example); `of: t` compiles (the shipped content)."""
    folder = _copy(tmp_path, ROOT / "content", "content", "shared/game.mh",
                   ("draw-into(mission, of: t)", "draw-into(mission)"))
    assert _errors(folder) == [("E402", "zone 'mission' is kept per team: 'draw-into' needs 'of' here, where "
                                "there is no `me`", "draw-into(mission, of: t)")]


# -- the reshuffle of draw-into, logged once -------------------------------------------------

@pytest.mark.parametrize("fallen", [0, 2])
def test_draw_into_from_an_empty_pile_logs_reshuffle_only_when_cards_were_shuffled_in(tmp_path, fallen):
    """A copy of Market whose villain stack is made again from a pile of fallen villains: with the
    stack empty and `fallen` cards in that pile, `draw-into(lair)` logs one `reshuffle` and draws
    one if there were any, and logs none and draws nothing if there were none (it logged one)."""
    ir = lab_copy_ir(tmp_path, "market",
                     ("    starts-with villain-card\n    shuffled\n  }\n",
                      "    starts-with villain-card\n    shuffled\n    reshuffle-from fallen\n  }\n\n"
                      '  zone fallen "Fallen villains" {\n    ordered\n  }\n'))
    game = _table(load_game_rules(ir, "market"))
    state = game.state
    moved = (state.zones["villains"] + state.zones["lair"])[:fallen]
    rest = [u for u in state.zones["villains"] + state.zones["lair"] if u not in moved]
    state.zones["villains"], state.zones["lair"], state.zones["fallen"] = [], [], list(moved)
    state.zones["set-aside"] = rest
    for uid in moved:
        state.places[uid] = "fallen"
    for uid in rest:
        state.places[uid] = "set-aside"
    since = len(state.log)
    draw_into(Run(game, []), {"ctx:me": "p1"}, "lair")
    assert [e for e in state.log[since:] if e["event"] == "reshuffle"] == \
        [{"event": "reshuffle", "player": None, "zone": "villains"}] * (fallen > 0)
    assert len(state.zones["lair"]) == (fallen > 0) and state.zones["fallen"] == []


# -- E301 of a card type: the game's own ------------------------------------------------------

def test_an_unknown_card_type_is_guessed_and_listed_among_the_games_own(tmp_path):
    """Market with `starts-with kick-crad` and `starts-with relic`: the did-you-mean is Market's
    `kick-card`, and the list is Market's six card types, not the toolchain's (`go-card`, ...)."""
    folder = _copy(tmp_path, KERNEL / "market", "market", "market.mh",
                   ("    starts-with kick-card\n", "    starts-with kick-crad\n"),
                   ("    starts-with bruise-card\n", "    starts-with relic\n"))
    own = "bruise-card, dodge-card, kick-card, market-card, starter-card, villain-card"
    assert sorted(_errors(folder)) == [
        ("E301", "zone 'bruises' starts with an unknown card type 'relic'", f"card types of game 'market': {own}"),
        ("E301", "zone 'kicks' starts with an unknown card type 'kick-crad'", "did you mean 'kick-card'?")]


def test_a_figures_unknown_card_type_lists_the_games_own(tmp_path):
    """Squads' figure `card-type hero` changed to `pawn`: no guess, and the hint lists the game's
    own card types (`face`, `hero`, `knack`, `talent`), not the toolchain's (`character`, `go-card`, ...)."""
    folder = _copy(tmp_path, KERNEL / "squads", "squads", "squads.mh", ("    card-type hero\n", "    card-type pawn\n"))
    errors = _errors(folder)
    assert errors == [("E301", "unknown card type 'pawn'", "card types of game 'squads': face, hero, knack, talent")], errors


# -- a scenario that runs the game's own setup ------------------------------------------------

def test_a_scenario_of_phase_setup_runs_the_games_own_setup(tmp_path):
    """Market's scenario the-game-setup-mixes-the-main-deck.toml (`phase = "setup"`): the game's
    `setup { }` runs, seeded, and the main deck it fills holds the Dodges among the market cards;
    the same file at `phase = "turn-start"` lays nothing (the table is the scenario's)."""
    ir = lab_ir(KERNEL / "market")
    path = KERNEL / "market-scenarios" / "the-game-setup-mixes-the-main-deck.toml"
    result = run_kernel_scenario(ir, path)
    assert result.ok, result.failures
    text = path.read_text(encoding="utf-8").replace('phase = "setup"', 'phase = "turn-start"')
    failed = run_kernel_scenario(ir, path, text)
    assert "zones.lineup: expected ['jab', 'windfall', 'dodge', 'scout', 'hammer'], got []" in failed.failures


# -- reacting's table, declared ---------------------------------------------------------------

def test_the_reacting_table_is_a_declared_field_of_the_rules():
    """`GameRules.reacting` is a field (with its default, not compared); Aegis's Heroes react to
    `assail` only, its Equipment if their `defense` is set; nothing in the rules' __dict__ under
    the old private name."""
    field = {f.name: f for f in dataclasses.fields(GameRules)}["reacting"]
    assert field.compare is False and field.default_factory is dict
    aegis = load_game_rules(lab_ir(KERNEL / "aegis"), "aegis")
    assert aegis.reacting == {"hero-card": (frozenset({"assail"}), None), "gear-card": (None, "defense")}
    assert "_reacting" not in aegis.__dict__
