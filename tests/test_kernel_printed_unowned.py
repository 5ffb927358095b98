"""The last two words of the Mayhem content the kernel lacked, in general terms, on copies of lab
games: a context name that is a card's printed property (a GO! card's `monster-life`) read as the
running card's (`this-card`'s) property (runtime/kernel/compile.py, `printed_name`), and a figure
no one owns, added by `add-unowned-figure()` (runtime/kernel/unowned.py)."""
from __future__ import annotations

from pathlib import Path
import shutil

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
