"""The seventh speed pass, the step loop (docs/kernel.md, "Speed, seventh pass: the step loop and dirty flags").

The cards' and pieces' mark (`state.pieces_mark`, writers.py) against the cards' lists it
stands for, the update pass skipped while the marks are as the last quiet pass kept them
(finish.update_lines) against the pass run after every step, and the turn's steps that carry
the update in their own source."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from mayhem.runtime.kernel import finish, structure
from mayhem.runtime.kernel.play import play_game
from mayhem.runtime.kernel.rules import load_game_rules

from kernel_speed_common import ROOT, digest, parity_kernel

BOXES = ("teen-titans-go", "looney-tunes")


def _fresh_rules():
    """Both boxes' rules loaded anew (their steps and actions generated anew: WATCH is read then)."""
    ir = parity_kernel.compile_named(ROOT / "content", BOXES)
    return ir, {box: load_game_rules(ir, box) for box in BOXES}


def _marks(state) -> tuple:
    return state.pieces_mark, state.figures_mark, state.board.get("key")


def _plain(state) -> tuple:
    """What the marks stand for: the cards' places, owners and cards, the figures' parts, the board."""
    figures = tuple((f, x["owner"], x["space"], x.get("quarry"), x.get("out-round")) for f, x in state.figures.items())
    return (tuple(state.places), tuple(state.owners), tuple(state.cards), figures,
            state.board.get("key"), state.board.get("down"))


class _Watch:
    """At every step's end (before the update), the marks: the same marks seen twice must be the
    same cards, figures and board (what a quiet pass kept is then what it read)."""

    def __init__(self) -> None:
        self.seen: dict = {}
        self.steps = self.again = 0

    def __call__(self, game) -> None:
        state = game.state
        self.steps += 1
        marks, plain = _marks(state), _plain(state)
        kept = self.seen.setdefault(marks, plain)
        if kept is not plain:
            self.again += 1
            assert kept == plain, f"the marks {marks} were seen with other cards or figures"


@pytest.fixture()
def watched():
    watch = _Watch()
    finish.WATCH[0] = watch
    yield watch
    finish.WATCH[0] = None


def _games(ir, rules, seeds):
    from parity_kernel import kernel_config
    return [play_game(rules, kernel_config(rules, ir, seed, max_turns=400), ["random"]) for seed in seeds]


def test_the_pieces_mark_stands_for_the_cards_at_every_step(watched):
    """Seeded games of both boxes played whole (play_out) and act() by act() (steps replayed
    from their start, copies): two steps that see the same marks see the same cards' places,
    owners and cards, figures and board. Mutations: piles.move and make_draw_one's function, or
    pieces._move, without their `state.pieces_mark = tick()`: fail."""
    ir, rules = _fresh_rules()
    for box in BOXES:
        _games(ir, rules[box], range(6))
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    import random
    for seed in range(3):  # act() by act(): a step that asks is replayed from a copy of its start
        game = KernelGame(rules["teen-titans-go"], KernelConfig(players=2, seed=seed))
        decision, rng = game.start(), random.Random(seed)
        while decision is not None and decision.actions and len(game.history) < 300:
            decision = game.act(rng.choice(decision.actions))
    assert watched.steps > 3000 and watched.again > 1000  # many steps saw marks seen before


def _counted(monkeypatch) -> list:
    """The passes of the update heard by cards in play that ran (finish._in_play_heard's function)."""
    ran = [0]
    real = finish._in_play_heard

    def made(rules, here, settled):
        fn = real(rules, here, settled)

        def counted(game, run):
            ran[0] += 1
            return fn(game, run)
        return counted
    monkeypatch.setattr(finish, "_in_play_heard", made)
    return ran


def test_the_quiet_pass_skipped_plays_the_same_games(monkeypatch):
    """The same seeded games with the update pass skipped while the marks are as the last pass
    that ran nothing kept them, and with the pass run after every step (quiet_kept off): the same
    logs, histories and results, and fewer passes run. Mutations: a skip that does not compare
    the figures' mark, or pieces._move without its `state.pieces_mark = tick()`: fail."""
    ran = _counted(monkeypatch)
    ir, rules = _fresh_rules()
    quiet = {box: [digest(g) for g in _games(ir, rules[box], range(8))] for box in BOXES}
    skipped = ran[0]
    ran[0] = 0
    monkeypatch.setattr(finish, "quiet_kept", lambda rules, here: False)
    ir, rules = _fresh_rules()
    plain = {box: [digest(g) for g in _games(ir, rules[box], range(8))] for box in BOXES}
    assert quiet == plain
    assert 0 < skipped < ran[0] / 2  # Teen Titans GO!'s cards in play hear it: most passes skipped


def test_a_pass_that_ran_a_body_keeps_no_marks(monkeypatch):
    """A listener whose `when` holds runs again at the next step, whatever the marks: a pass that
    ran a body keeps none (game._quiet None), nor one that landed for a trigger installed; one
    that ran nothing keeps the marks it read. Mutation: `game._quiet = None` left out: fails."""
    from kernel_speed_common import at_first_die
    _ir, rules = _fresh_rules()
    titans = rules["teen-titans-go"]
    here = titans.hearing.table(titans, finish.update_event(titans))
    assert finish._in_play_only(titans, here) and finish.quiet_kept(titans, here)
    game, _decision = at_first_die(titans, 0)
    state = game.state
    assert any(state.cards[u] in here.cards for pile in state.zones.values() for u in pile)
    monkeypatch.setattr(game, "check_end", lambda run: None)
    fn = finish._in_play_heard(titans, here, True)
    game._quiet = None
    fn(game, game._run)  # as the game has it: its GO! cards' goals not met, nothing runs
    assert game._quiet == _marks(state)
    bodies = []
    monkeypatch.setattr(finish, "loops_none", lambda run, loop, lenv: False)
    monkeypatch.setattr(finish, "compiled_block", lambda body, rules=None: lambda run, env: bodies.append(1))
    monkeypatch.setattr(finish.when_reads, "compiled", lambda when: lambda run, env: True)
    game._when_said = {}
    fn(game, game._run)
    assert bodies and game._quiet is None  # a body ran: no marks kept
    game._quiet = "kept"
    state.triggers = [{"event": "none"}]
    monkeypatch.setattr(finish, "land", lambda *a, **k: None)
    fn(game, game._run)
    assert game._quiet is None  # a trigger installed: it landed, and keeps none


def test_the_turns_steps_carry_the_update_in_their_own_source():
    """A turn's and a round's start and end (turns.py) have the update written in (no function
    around them); the setup and the actions one generated function around each (finish.after_step)."""
    ir, rules = _fresh_rules()
    for box in BOXES:
        kinds = structure._per_rules(rules[box])[3]
        assert kinds["turn-start"].updated and kinds["turn-end"].updated
        assert kinds["turn-start"].__code__.co_filename == "<string>"
        assert "_update" in kinds["turn-end"].__code__.co_names
        assert kinds["round-start"].updated and kinds["round-end"].updated
        assert kinds["setup"].__code__.co_name == "stepped"


def test_the_scenarios_see_the_marks_as_the_cards(tmp_path):
    """The 108 scenarios (their tables laid by runtime/scenario_kernel_setup.py, which writes the
    cards' places itself and marks them once laid) under the watch above, in a process of their
    own (their rules are loaded there with the watch written in): no two steps see the same marks
    with other cards. Mutation: pieces._move without its `state.pieces_mark = tick()`: fails (the
    mark at the end of Table.lay is not needed by these: each scenario's first step moves a card
    before its end, so that mutation passes)."""
    code = f"""
import json, sys
sys.path.insert(0, {str(ROOT / 'tests')!r}); sys.path.insert(0, {str(ROOT / 'bench')!r})
from mayhem.runtime.kernel import finish
import test_kernel_speed_kspeed7b as t
watch = t._Watch()
finish.WATCH[0] = watch
import switch_scenarios
rows = switch_scenarios.run_all()
print(json.dumps({{"rows": len(rows), "passed": sum(r["status"] == "PASS" for r in rows),
                  "steps": watch.steps, "again": watch.again,
                  "bad": [r["reasons"][:1] for r in rows if r["status"] != "PASS"]}}))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert out.returncode == 0, out.stderr[-3000:]
    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert found["rows"] == found["passed"] >= 108, found["bad"]
    assert found["steps"] > 500 and found["again"] > 100


def _lab_digests(seeds) -> dict:
    """Digests of seeded random games of the lab games that play rounds (tests/fixtures/kernel/),
    their fewest and most seats in turn, as bench/kernel.py plays them."""
    from mayhem.compiler import driver
    from mayhem.runtime.kernel import KernelConfig
    out = {}
    for lab in ("ridge", "bastion", "embers", "squads"):
        rules = load_game_rules(driver.compile_paths([ROOT / "tests" / "fixtures" / "kernel" / lab]).ir, lab)
        low, high = rules.seats
        decks = sorted(rules.decks)
        out[lab] = []
        for s in seeds:
            n = low if s % 2 == 0 else high
            config = KernelConfig(players=n, seed=s, decks=[decks[(s + i) % len(decks)] for i in range(n)] if decks else [])
            out[lab].append(digest(play_game(rules, config, ["random"])))
    return out


def test_the_round_steps_written_out_play_as_the_steps_methods(monkeypatch):
    """A round's start and end generated per rules (turns.make_round_start, make_round_end: the
    slots, the counters reset, the triggers and the update written in) play the same seeded games
    as Steps._round_start and _round_end followed by the update (finish.after_step): both Mayhem
    boxes, the lab games with rounds, and Looney Tunes with two counters reset at a round's start
    and end. Mutations: the `lead` search in the log left out (the lab games), the reset at a
    round's start or end left out (the resets): fail."""
    ir, rules = _fresh_rules()
    written = {box: [digest(g) for g in _games(ir, rules[box], range(6))] for box in BOXES}
    written_lab = _lab_digests(range(6))
    written_reset = _with_resets(ir)
    from mayhem.runtime.kernel.steps import Steps
    monkeypatch.setattr(structure, "make_round_start", lambda rules: Steps._round_start)
    monkeypatch.setattr(structure, "make_round_end", lambda rules: Steps._round_end)
    ir, rules = _fresh_rules()
    assert structure._per_rules(rules["looney-tunes"])[3]["round-start"].__code__.co_name == "stepped"
    plain = {box: [digest(g) for g in _games(ir, rules[box], range(6))] for box in BOXES}
    assert written == plain
    assert written_lab == _lab_digests(range(6))
    assert written_reset == _with_resets(ir) != plain["looney-tunes"]


def _with_resets(ir) -> list:
    """Looney Tunes' seeded games with its figures' Damage reset at each round's start and their
    Life at each round's end (no box resets a counter at a round's start or end: the reset
    lines are played here)."""
    rules = load_game_rules(ir, "looney-tunes")
    rules.counters["damage"].reset, rules.counters["life"].reset = "round-start", "round-end"
    return [digest(g) for g in _games(ir, rules, range(6))]


def _end_counts(monkeypatch, marks: bool) -> tuple:
    """(the digests of both boxes' seeded games, the end checks called, the end condition asked)
    with rules loaded anew, the end's marks (end_reads.end_marks) on or off."""
    from mayhem.runtime.kernel import end_reads, steps, turns
    from mayhem.runtime.kernel.structure import KernelGame
    with monkeypatch.context() as m:
        if not marks:
            for module in (steps, turns):
                m.setattr(module, "end_marks", lambda rules, state="state": None)
        calls, asked = [0], [0]
        real_check, real_asked = steps._end_check, KernelGame._end_asked

        def check(game):
            made = real_check(game)

            def counted(run):
                calls[0] += 1
                return made(run)
            return counted

        def counted_asked(self, run, parts):
            asked[0] += 1
            return real_asked(self, run, parts)
        m.setattr(steps, "_end_check", check)
        m.setattr(KernelGame, "_end_asked", counted_asked)
        ir, rules = _fresh_rules()
        assert not marks or end_reads.end_marks(rules["teen-titans-go"]) is not None
        digests = {box: [digest(g) for g in _games(ir, rules[box], range(8))] for box in BOXES}
    return digests, calls[0], asked[0]


def test_the_end_check_skipped_by_its_marks_plays_the_same_games(monkeypatch):
    """An end check is not called while the marks of what the end reads (the pieces kept as VP by
    the cards' and pieces' mark, the figures' off mark: end_reads.end_marks; the round too until
    the ninth pass) are as when it last said no: the same seeded games as checking at every call
    site, the end condition asked as often, far fewer checks called. Mutations: end_marks without
    the pieces' mark, or (until the ninth pass) without the round: fail."""
    marked, marked_calls, marked_asked = _end_counts(monkeypatch, True)
    plain, plain_calls, plain_asked = _end_counts(monkeypatch, False)
    assert marked == plain
    assert marked_asked == plain_asked > 0
    assert plain_calls > 1.5 * marked_calls > 0, (plain_calls, marked_calls)
