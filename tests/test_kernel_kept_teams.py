"""A counter kept as each Team's own pieces (the shared rules' `vp`, `kept-as vp`) needs pieces
for every Team of the mode played: Free-For-All with the `vp` counter and the `ko-vp` rule kept
in (the rulebook gives no VP in that mode: content/shared/modes.mh leaves both out) gave no VP
on the kernel, silently, as the pool counts its pieces by the colours black and white and the
mode's Teams are t1 to t3. The kernel now refuses such a game once its setup has run
(runtime/kernel/kept.py `check_teams`), at the mode's declaration, with a hint."""
from __future__ import annotations

from pathlib import Path
import random
import shutil

import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel.rules import KernelError
from mayhem.runtime.switch import kernel_ir

CONTENT = Path(__file__).resolve().parent.parent / "content"
LEFT_OUT = ('  without counter vp rulebook "Free-For-All Mayhem"\n', '  without rule ko-vp rulebook "Free-For-All Mayhem"\n')


def _rules(tmp_path, kept: tuple[str, ...]):
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    modes = root / "shared" / "modes.mh"
    text = modes.read_text(encoding="utf-8")
    for line in kept:
        assert text.count(line) == 1, line
        text = text.replace(line, "")
    modes.write_text(text, encoding="utf-8")
    result = driver.compile_paths([root])
    assert result.ok, [(str(d.span), d.message) for d in result.diagnostics.items if d.severity == "error"]
    return load_game_rules(kernel_ir(result.ir), "teen-titans-go", mode="free-for-all")


def test_free_for_all_with_the_vp_counter_kept_in_is_refused_at_setup(tmp_path):
    rules = _rules(tmp_path, LEFT_OUT)
    game = KernelGame(rules, KernelConfig(players=3, seed=1))
    rnd = random.Random(1)
    with pytest.raises(KernelError) as caught:  # the setup's choices (the draft, the sides), then the check
        decision = game.start()
        while decision is not None:
            decision = game.act(rnd.choice(decision.actions))
    assert game.state.round == 0  # refused at setup, before the first round
    said = str(caught.value)
    assert said.startswith("shared/modes.mh:27:1-") and "mode 'free-for-all' keeps the counter 'vp'" in said
    assert "Teams t1, t2, t3 have none: their 'vp' would stay 0" in said
    assert "hint: leave the counter out in the mode (`without counter vp`" in said


def test_free_for_all_as_shipped_plays(tmp_path):
    """The mode as content/shared/modes.mh declares it (the counter and the rule left out) plays
    to its end: the check is asked of the counters the game keeps, and it keeps no `vp`."""
    rules = _rules(tmp_path, ())
    for seed in range(3):
        game = KernelGame(rules, KernelConfig(players=3, seed=seed))
        rnd, decision = random.Random(seed), game.start()
        while decision is not None:
            decision = game.act(rnd.choice(decision.actions))
        assert game.state.result is not None
