"""The switch's trial (bench/trial.py): a Mayhem box that names the shared `game mayhem`, loaded by
the rules kernel, and the machinery the trial found missing and that is now general: a box naming
the shared rules' game (no E309), a load that gathers every reason (`collect`), shorthand words
lowered at load, Teams named by `team-names`, the leader logged by `lead-called`, a game's round
as its declared `phase`s."""
from __future__ import annotations

from collections import Counter
from pathlib import Path
import shutil
import sys

import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel.gather import unread
from mayhem.runtime.kernel.pieces import holder_key
from mayhem.runtime.kernel.play import play_game
from mayhem.runtime.kernel.rules import KernelError, load_game_rules
from mayhem.runtime.kernel.shorthands import lower_components
from mayhem.runtime.kernel.structure import KernelConfig

from conftest import once_value

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import switch  # noqa: E402
import trial  # noqa: E402

RIDGE = ROOT / "tests" / "fixtures" / "kernel" / "ridge"
BOXES = ("teen-titans-go", "looney-tunes")


@pytest.fixture(scope="module")
def reports(tmp_path_factory) -> dict:
    """Made once for the run, whichever worker asks first (tests/conftest.py `once_value`)."""
    return once_value(tmp_path_factory, "switch-trial-reports",
                      lambda: {box: trial.trial(ROOT / "content", box, games=1) for box in BOXES})


@pytest.fixture(scope="module")
def meter(tmp_path_factory) -> dict:
    return once_value(tmp_path_factory, "switch-meter", lambda: switch.measure(ROOT / "content"))


# ---- the trial's report, as data -------------------------------------------------------------

@pytest.mark.parametrize("box", BOXES)
def test_naming_the_shared_game_brings_no_finding(reports, box):
    """The box may name the shared rules' game (it was E309), and it stays a board of Competitive
    Mode (it was C501 and C502 for every token another box's characters need: a box that names a
    game of its own is no such board, compiler/applicability.py)."""
    assert reports[box]["compile"] == []


@pytest.mark.parametrize("box", BOXES)
def test_the_general_blockers_the_trial_found_are_gone(reports, box):
    """The game is found in the shared rules, its Teams are its `team-names`, its phases are
    read, its shorthand words are lowered: none of these is a reason any more."""
    whys = [r["why"] for r in reports[box]["load"]]
    assert not any("names no game" in w or "declares no Teams" in w or "needs Teams" in w for w in whys)
    assert not any(r["kind"] == "unread" and r["word"] == "phase" for r in reports[box]["load"])
    words = set().union(*trial.missing_words(reports[box]).values())
    assert not words & {"gain-vp", "complete-mission", "attack", "roll-mayhem-die", "grant-mayhem-icon",
                        "mayhem-die", "mayhem-icon", "vp-of", "win-vp"}


@pytest.mark.parametrize("box", BOXES)
def test_the_words_the_trial_misses_are_the_meters_missing_words(reports, meter, box):
    """Each word the trial finds the kernel lacks is one the meter (bench/switch.py) counts
    missing, in the same category, and each word the meter misses where the box says it
    is one the trial finds."""
    missing = {cat: {w for w, _n, _where in meter["rows"][cat]["missing"]} for cat in switch.CATEGORIES}
    found = trial.missing_words(reports[box])
    for cat, words in found.items():
        assert words <= missing[cat], (cat, words - missing[cat])
    for cat in found:  # and the converse: each word the meter misses in this box is found
        said_here = {w for w, _n, where in meter["rows"][cat]["missing"] if box in where}
        assert said_here <= found[cat], (cat, said_here - found[cat])
    assert all(r["where"] for r in reports[box]["load"] if r["kind"] in ("primitive", "function", "context"))


@pytest.mark.parametrize("box", BOXES)
def test_a_box_that_loads_has_no_first_error_and_plays_its_games(reports, box):
    """The reasons gathered are words a game reads at play, not errors of a normal load: the
    box loads, and the trial plays its seeded game (`test_a_load_gathers_every_reason_...`
    shows a first error among the reasons gathered, on a lab game)."""
    report = reports[box]
    assert report["loads"] and "first" not in report and [g["seed"] for g in report["games"]] == [0]


@pytest.mark.parametrize("box", BOXES)
def test_every_declaration_of_the_shared_game_is_read_by_the_kernel(reports, box):
    """The game's properties no part of the kernel read were the Mayhem engine's alone (`kept-as`,
    `set-out-on`, `set-out-if`, `owner-kept-if`, `pile-to`, `pool-die`: runtime/kernel/kept.py,
    steps.round_over): none is left, and the compiler refuses none of them in a kernel game."""
    assert [r for r in reports[box]["load"] if r["kind"] == "unread"] == []


# ---- the machinery, each on its own ----------------------------------------------------------

def _ridge(tmp_path: Path, *edits: tuple[str, str]) -> dict:
    folder = tmp_path / "ridge"
    shutil.copytree(RIDGE, folder)
    source = folder / "ridge.mh"
    text = source.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    source.write_text(text, encoding="utf-8")
    comp = driver.compile_paths([folder])
    assert comp.ir is not None, [str(d) for d in comp.diagnostics.items]
    return comp.ir


def test_a_game_that_loads_gathers_nothing():
    ir = driver.compile_paths([RIDGE]).ir
    reasons: list = []
    rules = load_game_rules(ir, "ridge", collect=reasons)
    assert reasons == [] and set(rules.actions) == set(load_game_rules(ir, "ridge").actions)


def test_a_load_gathers_every_reason_where_a_normal_load_raises_the_first():
    """Ridge's IR given three faults: a zone role naming no zone (the load's own error), a
    statement of a primitive the kernel lacks, a guard calling a function it lacks. A normal load
    raises the first; a load that collects keeps all three, each with its place, and goes on."""
    ir = driver.compile_paths([RIDGE]).ir
    game = next(c for c in ir["components"] if c["kind"] == "game")
    game["props"]["draw-to"] = {"value": "nowhere"}
    game["effects"]["round"]["body"].append({"op": "primitive", "name": "tally-up", "args": {},
                                             "node": "ridge/x#1", "span": "ridge.mh:90:5-90:15"})
    rest = next(c for c in game["children"] if c["kind"] == "action" and c["id"] == "rest")
    rest["effects"]["effect"]["when"] = {"e": "fn", "name": "heaviest", "args": {}, "span": "ridge.mh:132:20-132:31"}
    with pytest.raises(KernelError, match="'draw-to nowhere' names no zone"):
        load_game_rules(ir, "ridge")
    reasons: list = []
    rules = load_game_rules(ir, "ridge", collect=reasons)
    assert sorted((r["kind"], r["word"], r["where"]) for r in reasons) == [
        ("function", "heaviest", "ridge.mh:132:20-132:31"), ("load", None, None),
        ("primitive", "tally-up", "ridge.mh:90:5-90:15")]
    assert set(rules.actions) == {"climb", "rest", "belay"}  # the load went on past each

def test_shorthand_words_are_lowered_on_a_copy_and_a_component_without_one_is_kept():
    game = {"kind": "game", "props": {"effect-die": {"value": "omen"}}, "children": [], "effects": {}}
    said = {"kind": "card", "children": [], "effects": {"effect": {"when": None, "body": [
        {"op": "primitive", "name": "gain-vp", "args": {"amount": {"e": "num", "v": 2}, "team": None},
         "node": "n1", "span": "s"},
        {"op": "primitive", "name": "roll-mayhem-die", "args": {}, "node": "n2", "span": "s"}]}}}
    plain = {"kind": "card", "children": [], "effects": {"effect": {"when": None, "body": []}}}
    lowered_game, lowered_card, kept = lower_components([game, said, plain], game)
    body = lowered_card["effects"]["effect"]["body"]
    assert [s["name"] for s in body] == ["gain", "roll"]
    assert body[0]["args"]["counter"] == {"e": "counter", "name": "vp"}
    assert body[1]["args"]["die"] == {"e": "str", "v": "omen"}  # the die the game's `effect-die` names
    assert said["effects"]["effect"]["body"][0]["name"] == "gain-vp"  # the IR is not changed
    assert kept is plain and lowered_game is game


PHASES = '''  phase start "Round start" {
    source authored
    runs round
  }

  phase boost "A boost die for each Team, from the second round" {
    source authored
    effect when round > 1 {
      for each t in teams {
        roll(boost, 1, of: t)
      }
    }
  }

  phase climbing "The turns" {
    source authored
    runs turns
  }

  phase scoring "The summit scores" {
    source authored
    runs round-end
  }

  # Uphill'''


def test_a_games_phases_are_its_round_in_order_and_its_teams_are_named(tmp_path):
    """Ridge with phases (a boost die for each Team from the second round, between the round's
    own start and the turns), Teams named by `team-names` without `teams 2`, and the leader's
    log line named by `lead-called`."""
    ir = _ridge(tmp_path, ("  # Uphill", PHASES),
                ("  teams 2\n", "  team-names [north, south]\n  lead-called first-up\n"))
    rules = load_game_rules(ir, "ridge")
    assert rules.team_ids == ("north", "south") and not unread(rules.game)
    game = play_game(rules, KernelConfig(players=2, seed=3), ["random"])
    assert game.state.teams == {"north": ["p1"], "south": ["p2"]}
    log = game.state.log
    starts = [i for i, e in enumerate(log) if e["event"] == "round-start"]
    leads = [i for i, e in enumerate(log) if e["event"] == "first-up"]
    assert len(leads) >= 2 and len(starts) - len(leads) in (0, 1)  # the last round may end the game at once
    assert not any(e["event"] == "lead" for e in log)

    turns = [next(j for j in range(i, len(log)) if log[j]["event"] in ("turn-start", "game-over")) for i in starts]

    def rolled(i: int) -> list:  # the dice rolled between a round's start and its first turn
        return [e["die"] for e in log[starts[i]:turns[i]] if e["event"] == "roll"]
    assert rolled(0) == ["d6", "d6"]  # round 1: the round's own rolls, no boost
    assert rolled(1) == ["d6", "d6", "boost", "boost"]  # then the phase's, in order, before the turns
    assert [e["owner"] for e in log[starts[1]:turns[1]] if e["event"] == "roll"][2:] == ["north", "south"]


def test_a_kernel_games_phases_run_the_turns(tmp_path):
    """A kernel game's phases are played (no longer an error), but one of them runs the turns."""
    folder = tmp_path / "ridge"
    shutil.copytree(RIDGE, folder)
    source = folder / "ridge.mh"
    text = source.read_text(encoding="utf-8")
    source.write_text(text.replace("  # Uphill", PHASES.replace("runs turns", "runs round-end")), encoding="utf-8")
    errors = [d for d in driver.compile_paths([folder]).diagnostics.items if d.severity == "error"]
    assert any(d.code == "E205" and d.message == "game 'ridge': its phases run no turns" for d in errors)
    assert not any("played by the Mayhem boxes' engine only" in d.message for d in errors)


@pytest.mark.parametrize("box", BOXES)
def test_the_box_loads_with_its_characters_as_figures_and_its_tokens_as_pieces(reports, box):
    """game.mh declares the Characters as figures and the zones of pieces (they were the trial's
    `--amend`, which now adds nothing): the box loads as it is, no reason is about a pool, a zone
    of pieces or a figure, and its seeded game plays past the draft and the pools."""
    report = reports[box]
    assert report["amended"] == [] and report["loads"]
    whys = " ".join(r["why"] for r in report["load"] if r["kind"] == "load")
    assert "pool" not in whys and "figure '" not in whys and "card-type" not in whys
    assert not any("no zone of the game" in g.get("error", "") for g in report["games"])
    assert trial.amend(ROOT / "no-such-content") == [] and trial.AMENDMENTS == ()


def test_the_boxes_figures_and_pieces_lie_in_the_declared_zones(tmp_path):
    """Dealt by the draft, two Characters a Team; the Teams' own tokens in their piles of the
    pools zone, the communal ones in its shared pile, the ACME tokens on their Location's pile
    of the game's `pile-to` zone, a VP token of each Team set out on each Location printed with
    VP slots (the `vp` counter's `set-out-on`, the pool's `set-out-if`); and a piece placed on a Team (a GO! card's Gift tokens) lies in
    the zone kept per Team."""
    copy = tmp_path / "content"
    shutil.copytree(ROOT / "content", copy)
    for box in BOXES:
        trial.name_the_game(copy, box)
    _, ir = trial.findings(copy)
    rules = load_game_rules(ir, "looney-tunes")
    assert (rules.pieces.pool_zone, rules.pieces.zones) == \
        ("supply", {"figure": "on-figure", "space": "on-space", "team": "on-team", "edge": "on-edge"})
    game = play_game(rules, KernelConfig(players=2, seed=0, max_turns=0), ["random"])
    st = game.state
    assert sorted(Counter(fig["owner"] for fig in st.figures.values()).values()) == [2, 2]
    piles = {key for key in st.zones if st.zones[key] and not key.startswith(("on-figure", "on-edge"))}
    assert {"supply", "supply/black", "supply/white"} <= piles
    assert [k for k in piles if k.startswith("token-pile/")] == ["token-pile/desert-road"]  # the game's `pile-to`
    slots = ["desert-road", "home-sweet-home", "hunting-ground", "poker-night"]  # `vp-slots`: one VP of each Team
    assert sorted(k for k in piles if k.startswith("on-space/")) == [f"on-space/{s}" for s in slots]
    assert all(sorted((rules.cards[st.cards[u]].id, st.owners[u]) for u in st.zones[f"on-space/{s}"])
               == [("vp", "black"), ("vp", "white")] for s in slots)
    assert holder_key(game, "black") == "on-team/black" and holder_key(game, "taz") == "on-figure/taz"


def test_a_pool_that_tracks_a_number_is_no_pieces_and_a_zone_per_location_is_per_space():
    """A pool that `tracks` a number (the damage markers) feeds no token: the kernel keeps the
    counter itself, so the pool is not laid as pieces (it was "feeds no token of the game"); a
    zone kept `per location` (the shared vocabulary's word) is kept per space of the board."""
    ir = driver.compile_paths([ROOT / "tests" / "fixtures" / "kernel" / "embers"]).ir
    box = next(c for c in ir["components"] if c["kind"] == "box")
    box["children"].append({"kind": "pool", "id": "marks", "qid": "embers/marks", "name": "Marks",
                            "props": {"count": {"value": 9}, "tracks": {"value": "damage"}},
                            "children": [], "effects": {}, "triggers": []})
    game = next(c for c in ir["components"] if c["kind"] == "game")
    game["children"].append({"kind": "zone", "id": "heap", "qid": "embers/heap", "name": "Heap",
                             "props": {"per": {"value": "location"}}, "children": [], "effects": {},
                             "triggers": []})
    rules = load_game_rules(ir, "embers")
    assert "marks" not in [pool for pool, _counts, _pile in rules.pieces.pools]
    assert rules.zones["heap"].per == "space"


def test_count_of_a_set_is_its_size():
    """`count(all team where ...)`, as the shared game's end condition says it: the kernel's
    `count` of pieces counts a set's members."""
    from mayhem.runtime.kernel.pieces import count
    assert count(None, {}, ["black", "white"]) == 2 and count(None, {}, []) == 0


def test_a_component_named_in_an_effect_is_its_tile_on_the_board():
    """`has(desert-road, acme)` names a Location: in the kernel, a tile of the board is the space
    it is laid as (its id), any other component its qid (it was "the expression 'component' is
    not supported")."""
    from types import SimpleNamespace
    from mayhem.runtime.kernel.compile import compiled
    ir = driver.compile_paths([ROOT / "tests" / "fixtures" / "kernel" / "ruins"]).ir
    rules = load_game_rules(ir, "ruins")
    ident, card = next(iter(rules.layout.printed.items()))
    run = SimpleNamespace(rules=rules)
    assert compiled({"e": "component", "name": card.qid, "span": "s"})(run, {}) == ident != card.qid
    assert compiled({"e": "component", "name": "ruins/elsewhere", "span": "s"})(run, {}) == "ruins/elsewhere"


def test_a_counter_kept_per_player_starts_from_the_sum_over_the_players_figures(tmp_path):
    """Squads with `counter vigour { per player  start-from life }` (as the shared rules' hand
    limit sums the Mayhem icons of a player's Characters): each player's is the Life printed on
    their Team's heroes, a hero of two sides counting its chosen side's."""
    folder = tmp_path / "squads"
    shutil.copytree(ROOT / "tests" / "fixtures" / "kernel" / "squads", folder)
    source = folder / "squads.mh"
    text = source.read_text(encoding="utf-8")
    old = '  counter life "Life" {'
    assert text.count(old) == 1
    source.write_text(text.replace(old, '  counter vigour "Vigour" {\n    per player\n    start-from life\n  }\n\n' + old),
                      encoding="utf-8")
    rules = load_game_rules(driver.compile_paths([folder]).ir, "squads")
    from mayhem.runtime.kernel.structure import KernelGame
    config = KernelConfig(players=2, seed=1, dashboards={"t1": ["blaze", "stone"], "t2": ["gale", "twin"]},
                          sides={"twin": "b"})
    game = KernelGame(rules, config)
    game.start()
    life = {f: game.state.counters[f"life/{f}"] for f in game.state.figures}
    assert life["twin"] != rules.cards[game.state.figures["twin"]["card"]].props.get("life")  # its side's
    assert game.state.counters["vigour/p1"] == life["blaze"] + life["stone"] == 14
    assert game.state.counters["vigour/p2"] == life["gale"] + life["twin"]


def test_a_mode_is_loaded_and_the_words_of_its_own_bodies_are_read(monkeypatch):
    """With a mode, the trial loads the game in it (runtime/kernel/modes.py: no reason says the
    kernel loads no mode) and lists the words of the mode's own setup, round and rules that the
    kernel lacks, at their places in modes.mh: none now; a word of Free-For-All's setup taken
    out of the kernel (`add-unowned-figure`), found there."""
    from mayhem.runtime.kernel import primitives
    report = trial.trial(ROOT / "content", "teen-titans-go", mode="free-for-all", games=0)
    assert report["loads"] and report["mode"] == "free-for-all" and "first" not in report
    assert not any("loads no mode" in r["why"] for r in report["load"])
    assert not [r for r in report["load"] if (r["where"] or "").startswith("shared/modes.mh:")]
    monkeypatch.delitem(primitives.PRIMITIVES, "add-unowned-figure")
    report = trial.trial(ROOT / "content", "teen-titans-go", mode="free-for-all", games=0)
    from_mode = [r for r in report["load"] if (r["where"] or "").startswith("shared/modes.mh:")]
    assert [(r["kind"], r["word"]) for r in from_mode] == [("primitive", "add-unowned-figure")]


def test_a_mode_the_content_does_not_declare_is_a_reason_and_does_not_load():
    report = trial.trial(ROOT / "content", "looney-tunes", mode="no-such-mode", games=1)
    assert not report["loads"] and report["games"] == []
    assert "has no mode 'no-such-mode'" in report["first"]
    assert any(r["kind"] == "load" and r["word"] == "no-such-mode" for r in report["load"])


@pytest.fixture(scope="module")
def mode_lines(tmp_path_factory) -> list:
    return once_value(tmp_path_factory, "switch-trial-mode-lines",
                      lambda: [trial.mode_line(trial.trial(ROOT / "content", box, mode, games=1))
                               for box in BOXES for mode in trial.modes_of(ROOT / "content")])


def test_every_mode_of_both_boxes_loads_in_the_kernel_and_its_games_are_reported(mode_lines):
    """The trial of every mode of content/shared/modes.mh (`--modes`): each loads in the kernel,
    and each seeded game either ended (its reason counted) or raised (its first error kept):
    the report says which, not a traceback. The standard game plays."""
    assert [m["mode"] for m in mode_lines[:5]] == ["standard", "three-players", "four-players", "free-for-all",
                                                   "competitive"]
    assert {(m["box"], m["loads"], m["first"]) for m in mode_lines} == {(b, True, None) for b in BOXES}
    for m in mode_lines:
        assert m["games"] == 1 and m["raised"] + sum(m["endings"].values()) == 1, m
        assert (m["error"] is None) == (m["raised"] == 0), m
    standard = [m for m in mode_lines if m["mode"] == "standard"]
    assert all(m["raised"] == 0 and m["endings"] for m in standard)


def test_a_mode_is_played_by_the_players_it_seats():
    """Three players for `three-players`' seats [[1, 1], [2]], two Teams; the kernel game is the
    mode's (its seats read by modes.py), whatever the game then does with them."""
    from parity_kernel import kernel_config
    copy_ir = _named_ir()
    rules = load_game_rules(copy_ir, "teen-titans-go", mode="three-players")
    config = kernel_config(rules, copy_ir, seed=4)
    assert (rules.mode.id, config.players, config.seed, rules.team_ids) == ("three-players", 3, 4, ("black", "white"))
    assert kernel_config(load_game_rules(copy_ir, "teen-titans-go"), copy_ir, 0).players == 2


def _named_ir() -> dict:
    import parity_kernel
    return parity_kernel.compile_named(ROOT / "content", BOXES)


def test_competitive_mode_plays_the_team_lists_given(tmp_path):
    """Competitive Mode takes its Characters from the team lists (`take-team-lists()`): lists of
    the box's own Characters (one with a side) are the kernel's dashboards and sides, and its
    game plays; the example lists, which mix the boxes, name a Character the box's game has not
    (the trial's reason, said as the kernel's error, not a traceback)."""
    lists = []
    for name, chars in (("one", '"looney-tunes/taz/b", "looney-tunes/bugs-bunny"'),
                        ("two", '"looney-tunes/daffy-duck", "looney-tunes/elmer-fudd"')):
        path = tmp_path / f"{name}.mh"
        path.write_text(f'team {name} "{name}" {{\n  source authored\n  characters [{chars}]\n  hand []\n}}\n',
                        encoding="utf-8")
        lists.append(path)
    report = trial.trial(ROOT / "content", "looney-tunes", mode="competitive", games=1, teams=tuple(lists))
    assert report["loads"] and "error" not in report["games"][0], report["games"]
    assert report["games"][0]["decisions"] > 0
    from parity_kernel import lists_as_dashboards
    assert lists_as_dashboards(_named_ir(), ("black", "white"), tuple(lists)) == (
        {"black": ["taz", "bugs-bunny"], "white": ["daffy-duck", "elmer-fudd"]}, {"taz": "b"})
    examples = trial.mode_line(trial.trial(ROOT / "content", "looney-tunes", mode="competitive", games=1))
    assert examples["raised"] == 1 and examples["error"].startswith("KernelError: figure 'character': no card")


def test_a_two_sided_character_offers_the_abilities_of_the_side_it_plays(tmp_path):
    """The shared `character` card type says its `side` cards are sides (`sides [side]`), so the
    kernel asks each Toon's side at setup (`choose-sides()`) and a die is placed on an Ability of
    that side: no action offers a side itself (it offered `place-die 1 taz/a`)."""
    copy = tmp_path / "content"
    shutil.copytree(ROOT / "content", copy)
    trial.name_the_game(copy, "looney-tunes")
    trial.amend(copy)
    _, ir = trial.findings(copy)
    rules = load_game_rules(ir, "looney-tunes")
    game = play_game(rules, KernelConfig(players=2, seed=0, max_turns=12), ["random"])
    chosen = {e["figure"]: e["side"] for e in game.state.log if e["event"] == "side"}
    assert len(chosen) == 4 and set(chosen.values()) <= {"a", "b"}
    placed = [e["action"].split()[2] for e in game.state.log
              if e["event"] == "action" and e["action"].startswith("place-die")]
    assert placed
    for figure_part in placed:
        figure, part = figure_part.split("/")
        side = next(q for q in rules.dash.sides[game.state.figures[figure]["card"]]
                    if rules.cards[q].id == chosen[figure])
        assert part in [rules.cards[q].id for q in rules.dash.parts[side]]
