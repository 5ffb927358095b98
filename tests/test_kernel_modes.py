"""Modes of kernel games (runtime/kernel/modes.py): a `mode` declared in the box of a kernel game
changes the game's structure before it is loaded. The lab game Ridge's mode `scramble` gives
seats (one player with two climbers against a Team of two), leaves the ropes' zones and the rule
`slide` out, adds a rule, and gives its own setup, round and end; its scenarios hang on the mode.
A mode leaves out zones and counters (and the pools that would lie in a zone left out), lays a
board in its own rows, deals or drafts each player its figures that are cards by its seats, keeps
its flagged cards in the decks, and a mode the game has not is a clear error, in the API, the CLI
and a scenario."""
from pathlib import Path
import json
import re

import pytest
from click.testing import CliRunner

from mayhem.cli import main
from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, KernelError, KernelGame, load_game_rules
from mayhem.runtime.kernel.play import play_game, replay, write_log
from mayhem.runtime.scenario import ScenarioError
from game_helpers import lab_ir, run_kernel_scenario

LAB = Path(__file__).resolve().parent / "fixtures" / "kernel"
RIDGE = LAB / "ridge"
SCRAMBLE = sorted((LAB / "ridge-scenarios").glob("scramble-*.toml"))


@pytest.fixture(scope="module")
def ridge_ir():
    return lab_ir(RIDGE)


def test_the_mode_changes_the_game_it_is_loaded_with(ridge_ir):
    plain = load_game_rules(ridge_ir, "ridge")
    scramble = load_game_rules(ridge_ir, "ridge", mode="scramble")
    assert plain.mode is None and plain.seats == (2, 4) and plain.teams == 2
    assert {t["rule"] for t in plain.rules} == {"slide"}
    assert scramble.mode.id == "scramble" and scramble.mode.name == "Scramble"
    assert scramble.seats == (3, 3)  # [[2], [1, 1]]: three players
    assert scramble.mode.team_of == (0, 1, 1) and scramble.mode.figures == (2, 1, 1)
    assert {t["rule"] for t in scramble.rules} == {"second-wind"}  # without rule slide, with its own
    assert "setup" in scramble.slots and "setup" not in plain.slots  # a slot the game lacks, given
    assert scramble.end_guard != plain.end_guard
    # the one function the setup words read a mode's properties through
    from mayhem.runtime.kernel.modes import mode_prop
    assert mode_prop(scramble, "seats") == [[2], [1, 1]] and mode_prop(scramble, "hand-draw", 7) == 7
    assert mode_prop(plain, "seats") is None
    # `standard` is the game as declared while the box declares no mode of that id
    assert load_game_rules(ridge_ir, "ridge", mode="standard").mode is None


@pytest.mark.parametrize("path", SCRAMBLE, ids=[p.stem for p in SCRAMBLE])
def test_the_scenarios_of_the_mode_hang_on_it(ridge_ir, path):
    text = path.read_text(encoding="utf-8")
    result = run_kernel_scenario(ridge_ir, path, text)
    assert result.ok, "\n".join([result.name, *result.failures])
    without = re.sub(r'mode = "scramble" *#.*\n', "", text)
    assert without != text
    try:  # the game as declared: two players, not three figures of p1, the slide, three points
        failed = not run_kernel_scenario(ridge_ir, path, without).ok
    except ScenarioError:
        failed = True
    assert failed


def test_a_seeded_game_of_the_mode_seats_its_teams_and_replays(ridge_ir, tmp_path):
    rules = load_game_rules(ridge_ir, "ridge", mode="scramble")
    game = play_game(rules, KernelConfig(players=3, seed=4), ["random"])
    state = game.state
    assert state.teams == {"t1": ["p1"], "t2": ["p2", "p3"]}  # seat by seat alternating would put p3 in t1
    assert sorted(state.figures) == ["climber-p1-1", "climber-p1-2", "climber-p2", "climber-p3"]
    puts = {e["figure"]: e["to"] for e in state.log if e["event"] == "put"}
    assert puts == {"climber-p1-1": "ledge-1", "climber-p1-2": "ledge-1",  # the mode's setup
                    "climber-p2": "ledge-2", "climber-p3": "ledge-2"}
    assert state.result["reason"] in ("won", "tie")
    write_log(game, tmp_path / "scramble.jsonl")
    head = json.loads((tmp_path / "scramble.jsonl").read_text().splitlines()[0])
    assert head["mode"] == "scramble"
    asked = []

    def rules_for(box, mode=None):
        asked.append(mode)
        return load_game_rules(ridge_ir, box, mode=mode)

    report = replay(rules_for, tmp_path / "scramble.jsonl")
    assert report.ok, report.message
    assert asked == ["scramble"]
    with pytest.raises(KernelError, match="plays 3 to 3 players, not 2"):
        KernelGame(rules, KernelConfig(players=2))


def test_a_mode_the_game_has_not_is_a_clear_error(ridge_ir, tmp_path):
    with pytest.raises(KernelError, match=r"Ridge has no mode 'scrambel' \(did you mean 'scramble'\?\); "
                                          r"its modes: scramble"):
        load_game_rules(ridge_ir, "ridge", mode="scrambel")
    path = LAB / "ridge-scenarios" / "scramble-one-against-two.toml"
    text = path.read_text(encoding="utf-8").replace('mode = "scramble"', 'mode = "solo"')
    with pytest.raises(ScenarioError) as caught:
        run_kernel_scenario(ridge_ir, path, text)
    assert ":7:1:" in str(caught.value) and "Ridge has no mode 'solo'" in str(caught.value)


def _invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_the_cli_plays_simulates_and_replays_a_game_in_its_mode(tmp_path):
    result = _invoke("simulate", "--box", "ridge", "--mode", "scramble", "--games", "3", "--format", "json",
                     "--log-dir", tmp_path, "--content", RIDGE)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 3
    replayed = _invoke("replay", tmp_path / "seed-1.jsonl", "--content", RIDGE)
    assert replayed.exit_code == 0 and "the same game" in replayed.output, replayed.output
    played = _invoke("play", "--box", "ridge", "--mode", "scramble", "--seed", "2", "--content", RIDGE)
    assert played.exit_code == 0 and "Ridge (Scramble), seed 2" in played.output, played.output
    assert "climber-p1-2 on ledge-1" in played.output
    wrong = _invoke("simulate", "--box", "ridge", "--mode", "scrambel", "--content", RIDGE)
    assert wrong.exit_code == 2
    assert "--mode: Ridge has no mode 'scrambel' (did you mean 'scramble'?)" in " ".join(wrong.output.split())


GAME = '''in box tally

box tally "Tally" {
  source authored
  game tally
  players 2
}

game tally "Tally" {
  source authored
  seats 2
  zone tokens "Tokens" { pools }
  zone kept "Kept tokens" {
    per player
    pieces
  }
  zone tally "Marks" { per player }
  counter marks "Marks" { per player }
  counter score "Score" { per player }
  rule mark "Mark" {
    on turn-end {
      gain(marks, 1)
    }
  }
  action score "Score" {
    effect {
      gain(score, 1)
      end-turn()
    }
  }
  end when size(all player in players where value(score, of: it) >= 3) > 0 {
    win(all player in players where value(score, of: it) >= 3)
  }
}

token-type token "Token" {
  source authored
  placed-on ids required "Where its pieces lie."
}

token bead "Bead" {
  source authored
  placed-on player
}

MODE
'''


def _tally(tmp_path, mode: str):
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    (tmp_path / "tally.mh").write_text(GAME.replace("MODE", mode).replace('  players 2\n', '  players 2\n'
                                                                         '  pool bead "Beads" { count 3 }\n'))
    return driver.compile_paths([tmp_path])


def test_a_mode_leaves_zones_counters_rules_and_their_pools_out(tmp_path):
    result = _tally(tmp_path, '''mode bare "Bare" {
  source authored
  without zone tally
  without zone tokens
  without zone kept
  without counter marks
  without rule mark
}''')
    assert not [d for d in result.diagnostics.items if d.severity == "error"]
    plain, bare = load_game_rules(result.ir, "tally"), load_game_rules(result.ir, "tally", mode="bare")
    assert {"tally", "tokens", "kept"} <= set(plain.zones) and plain.pieces.pools
    assert set(bare.zones) == set() and "marks" not in bare.counters and bare.rules == []
    assert bare.pieces is None or bare.pieces.pools == []  # the pool had nowhere to lie
    game = KernelGame(bare, KernelConfig(players=2, seed=1))
    game.start()
    assert not [k for k in game.state.counters if k.startswith("marks/")]
    assert not [k for k in game.state.zones if k.startswith(("tally/", "tokens", "kept/"))]
    # what a mode leaves out and the rest of the game still names: a clear error at load
    result = _tally(tmp_path, '''mode lean "Lean" {
  source authored
  without counter score
}''')
    with pytest.raises(KernelError, match="mode 'lean' leaves out counter 'score', which action 'score' still names"):
        load_game_rules(result.ir, "tally", mode="lean")


def test_what_a_kernel_mode_leaves_out_is_checked_against_its_game(tmp_path):
    result = _tally(tmp_path, '''mode odd "Odd" {
  source authored
  without zone talley
  setup {
    tie()
  }
}''')
    errors = [(d.code, d.message, d.hint) for d in result.diagnostics.items if d.severity == "error"]
    # the slots of a kernel game's mode are the game's (`tie()`), and it needs no `seats` nor `start`
    assert errors == [("E301", "unknown zone 'talley' in the game 'tally'", "did you mean 'tally'?")]


def test_a_mode_lays_the_board_in_its_rows(tmp_path):
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    text = (LAB / "ruins" / "ruins.mh").read_text(encoding="utf-8")
    (tmp_path / "ruins.mh").write_text(text + '''
mode narrow "Narrow" {
  source authored
  board [3, 3]
}
''')
    ir = lab_ir(tmp_path)
    assert load_game_rules(ir, "ruins").layout.rows == [2, 3, 2]
    narrow = load_game_rules(ir, "ruins", mode="narrow")
    assert narrow.layout.rows == [3, 3]
    game = KernelGame(narrow, KernelConfig(players=2, seed=5))
    game.start()
    assert len([t for t in game.state.board["tiles"] if t is not None]) == 6


def test_a_mode_in_the_file_of_a_mayhem_box_still_needs_its_seats_and_start(tmp_path):
    """The model pass leaves a box file's mode to the resolver, which knows whether the box
    names a game: a Mayhem box's mode needs `seats` and `start` as a module's does."""
    import shutil
    root = tmp_path / "content"
    shutil.copytree(Path(__file__).resolve().parent.parent / "content", root)
    with open(root / "teen-titans-go" / "box.mh", "a", encoding="utf-8") as fh:
        fh.write('\nmode duel "Duel" {\n  source authored\n  text "Two characters a side."\n}\n')
    result = driver.compile_paths([root])
    errors = [(d.code, d.message) for d in result.diagnostics.items if d.severity == "error"]
    assert errors == [("E205", "mode 'duel' needs 'seats'"), ("E205", "mode 'duel' needs 'start'")]


def test_a_game_of_a_module_file_offers_the_modules_modes():
    """A box that names a game declared outside it (the rules the boxes share) is offered the
    modes of the module files, besides its own; a game of its own box only its box's."""
    from mayhem.runtime.kernel.modes import apply_mode, offered

    def comp(kind, ident, box, **props):
        return {"kind": kind, "id": ident, "name": None, "box": box, "qid": f"{box}/{ident}",
                "props": {k: {"value": v} for k, v in props.items()}, "children": [], "effects": {}, "triggers": []}

    game = comp("game", "shared", None, seats=[2, 4])
    ir = {"components": [comp("box", "b", "b", game="shared"), game, comp("mode", "trio", None, seats=[[1], [1], [1]]),
                         comp("mode", "own", "b"), comp("box", "c", "c", game="c-game"), comp("game", "c-game", "c")]}
    assert set(offered(ir, "b")) == {"trio", "own"} and offered(ir, "c") == {}
    changed, chosen = apply_mode(ir, "b", "trio")
    shared = next(c for c in changed["components"] if c["kind"] == "game")
    assert shared["props"]["seats"]["value"] == [3, 3] and shared["props"]["teams"]["value"] == 3
    assert chosen.team_of == (0, 1, 2) and game["props"]["seats"]["value"] == [2, 4]  # the IR itself unchanged


@pytest.mark.parametrize("drafted", [False, True], ids=["dealt", "drafted"])
def test_the_seats_of_a_mode_deal_or_draft_each_player_its_figures_that_are_cards(tmp_path, drafted):
    """Squads with heroes kept per player: the mode's `[[2], [1, 1]]` deals (or drafts) p1 two
    heroes and p2, p3 one each, where the game as declared gives each player its `count`."""
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    text = (LAB / "squads" / "squads.mh").read_text(encoding="utf-8")
    hero = "    per team\n    count 2\n    start [west, east]\n    card-type hero"
    assert hero in text
    text = text.replace(hero, "    per player\n    count 1\n    start [west, east]\n    card-type hero")
    if drafted:
        text = text.replace("  setup {\n    choose-sides()", "  setup {\n    draft()\n    choose-sides()")
    (tmp_path / "squads.mh").write_text(text + '''
mode uneven "Uneven" {
  source authored
  seats [[2], [1, 1]]
}
''')
    ir = lab_ir(tmp_path)
    for mode, players, want in ((None, 3, {"p1": 1, "p2": 1, "p3": 1}), ("uneven", 3, {"p1": 2, "p2": 1, "p3": 1})):
        game = play_game(load_game_rules(ir, "squads", mode=mode), KernelConfig(players=players, seed=2), ["random"])
        owners = [f["owner"] for f in game.state.figures.values()]
        assert {p: owners.count(p) for p in want} == want
        assert (game.state.teams["t2"] == ["p2", "p3"]) == (mode == "uneven")
        picks = [e["player"] for e in game.state.log if e["event"] == "pick"]
        assert sorted(picks) == (sorted(p for p, n in want.items() for _ in range(n)) if drafted else [])


def test_a_mode_keeps_the_cards_with_its_flag_in_the_decks(tmp_path):
    """`cards-with FLAG`: each deck of the box keeps only the cards whose card type's flag is
    set (a card type without the flag, Bastion's Parry, keeps none); the game as declared, all."""
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    text = (LAB / "bastion" / "bastion.mh").read_text(encoding="utf-8")
    text = text.replace('  wall int 0 "The card stays in play among your Ramparts"\n',
                        '  wall int 0 "The card stays in play among your Ramparts"\n  heavy flag "A heavy blow"\n')
    text = text.replace('  keep-card great-blow "Great Blow" {\n', '  keep-card great-blow "Great Blow" {\n    heavy\n')
    (tmp_path / "bastion.mh").write_text(text + '''
mode siege "Siege" {
  source authored
  cards-with heavy
}
''')
    ir = lab_ir(tmp_path)
    plain, siege = load_game_rules(ir, "bastion"), load_game_rules(ir, "bastion", mode="siege")
    ids = lambda rules, deck: sorted({rules.cards[q].id for q in rules.decks[deck]})  # noqa: E731
    assert "parry" in ids(plain, "north") and len(ids(plain, "north")) > 2
    assert ids(siege, "north") == ids(siege, "south") == ["great-blow"]
    game = KernelGame(siege, KernelConfig(players=2, seed=1, decks=["north", "south"]))
    game.start()
    assert {game.card_id(uid) for uid in range(len(game.state.cards))} == {"great-blow"}


def test_the_scramble_has_no_ropes_because_it_leaves_their_zones_out(ridge_ir, tmp_path):
    """`without zone supply` and `without zone roped`: the pool of ropes is not laid, `count(rope)`
    is 0, so the belay a 6 would take is not offered; with the zones kept, it is."""
    scramble = load_game_rules(ridge_ir, "ridge", mode="scramble")
    assert not {"supply", "roped"} & set(scramble.zones) and scramble.pieces.pools == []
    path = LAB / "ridge-scenarios" / "scramble-no-ropes.toml"
    assert run_kernel_scenario(ridge_ir, path).ok
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    text = (RIDGE / "ridge.mh").read_text(encoding="utf-8")
    kept = text.replace("  without zone supply\n  without zone roped\n", "")
    assert kept != text
    (tmp_path / "ridge.mh").write_text(kept)
    result = run_kernel_scenario(lab_ir(tmp_path), path)
    assert not result.ok and "['belay 6'] should not be legal here" in result.failures[0]
