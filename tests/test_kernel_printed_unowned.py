"""The last two words of the Mayhem content the kernel lacked, in general terms, on copies of lab
games: a context name that is a card's printed property (a GO! card's `monster-life`) read as the
running card's (`this-card`'s) property (runtime/kernel/compile.py, `printed_name`), and a figure
no one owns, added by `add-unowned-figure()` (runtime/kernel/unowned.py)."""
from __future__ import annotations

from pathlib import Path
import shutil

from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel.compile import function, printed_name, source
from mayhem.runtime.kernel.effects import Run
from mayhem.runtime.kernel.gather import words_lacking
from game_helpers import lab_ir

HERE = Path(__file__).resolve().parent / "fixtures" / "kernel"


def _copy(tmp_path: Path, game: str, *pairs: str) -> dict:
    """The IR of a copy of a lab game with passages of its content changed (old, new, ...)."""
    folder = tmp_path / game
    shutil.copytree(HERE / game, folder)
    path = folder / f"{game}.mh"
    text = path.read_text(encoding="utf-8")
    for was, now in zip(pairs[::2], pairs[1::2]):
        assert was in text
        text = text.replace(was, now)
    path.write_text(text, encoding="utf-8")
    return lab_ir(folder)


# ---- a card's printed property read by its name -------------------------------------------------

PRINTED = ('  reward effect game "Run when the errand is done"\n',
           '  reward effect game "Run when the errand is done"\n'
           '  steps int optional "How many steps the errand takes (authored)."\n',
           '  errand-card fetch-water "Fetch water" {\n',
           '  errand-card fetch-water "Fetch water" {\n    steps 3\n')


def _uid(game: KernelGame, card_id: str) -> int:
    return next(uid for uid, qid in enumerate(game.state.cards) if game.rules.cards[qid].id == card_id)


def test_a_context_name_a_card_type_declares_reads_the_running_card_s_property(tmp_path):
    rules = load_game_rules(_copy(tmp_path, "errands", *PRINTED), "errands")
    assert printed_name(rules, "steps")
    # a name no card type declares, and the kernel's own names, are not a printed property
    assert not printed_name(rules, "nothing-printed") and not printed_name(rules, "this-card")
    assert not printed_name(rules, "round") and not printed_name(None, "steps")
    game = KernelGame(rules, KernelConfig(players=2, seed=1))
    game.start()
    space = {"__rules__": rules}
    read = function(source({"e": "ctx", "name": "steps"}, space), space)
    run = Run(game, [])
    assert read(run, {"ctx:me": "p1", "ctx:this-card": _uid(game, "fetch-water")}) == 3
    # a card that prints none: its card type's default (none); no card running: none
    assert read(run, {"ctx:me": "p1", "ctx:this-card": _uid(game, "sell-flour")}) is None
    assert read(run, {"ctx:me": "p1"}) is None


def test_the_load_gathers_an_unknown_context_name_but_not_a_printed_one(tmp_path):
    rules = load_game_rules(_copy(tmp_path, "errands", *PRINTED), "errands")
    body = [{"op": "primitive", "name": "gain", "span": "x.mh:1:1-1:2",
             "args": {"counter": {"e": "counter", "name": "points"}, "amount": {"e": "ctx", "name": name},
                      "on": {"e": "ctx", "name": "my-team"}}} for name in ("steps", "nothing-printed")]
    comp = {"effects": {"reward": {"body": body}}, "triggers": [], "children": []}
    found = words_lacking(rules, [comp])
    assert [(r["kind"], r["word"]) for r in found] == [("context", "nothing-printed")]


# ---- a figure no one owns -----------------------------------------------------------------------

WARDEN = ('  figure climber "Climber" {\n',
          '  # no one\'s: added by the setup, off the board\n'
          '  figure warden "Warden" {\n    unowned\n  }\n\n'
          '  setup {\n    add-unowned-figure()\n  }\n\n'
          '  figure climber "Climber" {\n')


def test_the_setup_adds_a_figure_of_a_kind_no_one_owns_off_the_board(tmp_path):
    rules = load_game_rules(_copy(tmp_path, "ridge", *WARDEN), "ridge")
    assert rules.figures["warden"]["unowned"] and not rules.figures["climber"]["unowned"]
    game = KernelGame(rules, KernelConfig(players=2, seed=3))
    game.start()
    figures = game.state.figures
    assert figures["warden"] == {"kind": "warden", "owner": None, "space": None}
    # the players' figures are dealt as before: one climber each, none of the warden's kind
    assert sorted(f for f, x in figures.items() if x["kind"] == "climber") == ["climber-p1", "climber-p2"]
    assert [f for f, x in figures.items() if x["kind"] == "warden"] == ["warden"]
    assert {"event": "add-figure", "figure": "warden", "to": None} in game.state.log
    run = Run(game, [])
    from mayhem.runtime.kernel.vocabulary import unowned_figures
    assert unowned_figures(run, {}) == ["warden"]


def test_without_the_setup_word_no_unowned_figure_comes_into_the_game(tmp_path):
    rules = load_game_rules(_copy(tmp_path, "ridge", WARDEN[0], WARDEN[1].replace("add-unowned-figure()", "")),
                            "ridge")
    game = KernelGame(rules, KernelConfig(players=2, seed=3))
    game.start()
    assert "warden" not in game.state.figures and all(x["owner"] for x in game.state.figures.values())


BEAST = ('  figure hero "Hero" {\n',
         '  # the box\'s first beast, no one\'s, in the middle glade\n'
         '  figure stray "Stray" {\n    unowned\n    start [middle]\n    card-type beast\n  }\n\n'
         '  figure hero "Hero" {\n',
         '    choose-sides()\n', '    add-unowned-figure()\n    choose-sides()\n',
         'card-type hero "Hero" {\n',
         'card-type beast "Beast" {\n  source authored\n  no-decks\n  life int 0 "Life at the start"\n}\n\n'
         'beast wolf "Wolf" {\n  source authored\n  life 4\n}\n\n'
         'beast boar "Boar" {\n  source authored\n  life 5\n}\n\n'
         'card-type hero "Hero" {\n')


def test_an_unowned_figure_that_is_a_card_is_the_first_in_id_order_with_its_counters(tmp_path):
    rules = load_game_rules(_copy(tmp_path, "squads", *BEAST), "squads")
    game = KernelGame(rules, KernelConfig(players=2, seed=5))
    game.start()
    figures = game.state.figures
    strays = {f: x for f, x in figures.items() if x["kind"] == "stray"}
    assert list(strays) == ["boar"]  # boar before wolf: id order, not the order declared
    assert strays["boar"]["owner"] is None and strays["boar"]["space"] == "middle"
    assert game.state.counters["life/boar"] == 5  # its `start-from life`, as a dealt figure's
    heroes = [x for x in figures.values() if x["kind"] == "hero"]
    assert len(heroes) == 4 and all(x["owner"] in ("t1", "t2") for x in heroes)
    # a seeded game plays to its end, the stray no one's throughout
    from mayhem.runtime.kernel.play import play_game
    played = play_game(rules, KernelConfig(players=2, seed=5), ["random"])
    assert played.state.result is not None and played.state.figures["boar"]["owner"] is None


def test_the_go_cards_monster_life_is_read_in_the_switch_s_trial(tmp_path):
    """Teen Titans GO! named `game mayhem` and amended as the trial does (bench/trial.py): its
    GO! cards' `monster-life`, the word the kernel lacked, reads each card's printed Life."""
    import sys
    sys.path.insert(0, str(HERE.parents[2] / "bench"))
    import trial
    from mayhem.runtime.kernel.play import play_game
    copy = tmp_path / "content"
    shutil.copytree(HERE.parents[2] / "content", copy)
    trial.name_the_game(copy, "teen-titans-go")
    trial.amend(copy)
    rules = load_game_rules(driver.compile_paths([copy]).ir, "teen-titans-go")
    game = play_game(rules, KernelConfig(players=2, seed=0), ["random"])
    space = {"__rules__": rules}
    read = function(source({"e": "ctx", "name": "monster-life"}, space), space)
    run = Run(game, [])
    life = {rules.cards[q].id: read(run, {"ctx:me": "p1", "ctx:this-card": uid})
            for uid, q in enumerate(game.state.cards) if rules.cards[q].type == "go-card"}
    assert {k: v for k, v in life.items() if v is not None} == {"control-freak": 6, "mother-mae-eye": 7, "trigon": 10}
    assert len(life) == 12  # the other GO! cards print none
