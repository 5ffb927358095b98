"""The step machinery of the Mayhem rules on the kernel, by its cost per decision (docs/kernel.md,
"The step loop, by its cost per decision"), each held to what it replaces: the update event's
function made once per rules (finish.updater) to the general landing; a listener's loop over a set
found empty not run again while what the set reads is unchanged (when_reads.loops_none) to the
body run every time; a laid board's piles' order (listeners.zone_order) to the zones' own order."""
from __future__ import annotations

import pytest

from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules, writers
from mayhem.runtime.kernel.play import play_game

from kernel_speed_common import ROOT, at_first_die, digest, parity_kernel


@pytest.fixture(scope="module")
def ir():
    return parity_kernel.compile_named(ROOT / "content", ("teen-titans-go",))


def _games(rules, seeds=(1, 4)):
    return [play_game(rules, parity_kernel.kernel_config(rules, {}, seed, max_turns=120), ["random"]) for seed in seeds]


def test_the_update_function_of_the_rules_plays_the_games_the_general_landing_plays(ir, monkeypatch):
    """Teen Titans GO!'s update event is heard by cards in play alone: its function (updater) hears
    them without land's tests; forced to land it at every step instead, the games are the same."""
    from mayhem.runtime.kernel import finish
    rules = load_game_rules(ir, "teen-titans-go")
    assert finish.updater(rules).__name__ == "in_play_only"
    fast = [digest(g) for g in _games(rules)]
    landed = [0]

    def general(rules, settled=False):
        def heard(game, run):
            if game.state.phase != "over":
                landed[0] += 1
                finish.land(run, {"ctx:me": game.state.active}, "update", 0, {}, logged=False)
                game.check_end(run)
        return heard
    monkeypatch.setattr(finish, "updater", general)
    slow = [digest(g) for g in _games(load_game_rules(ir, "teen-titans-go"))]  # (rules of their own: made anew)
    assert landed[0] > 100 and fast == slow


def test_a_loop_over_a_set_found_empty_is_not_run_again_while_what_it_reads_is_unchanged(ir, monkeypatch):
    """Secret Santa's delivery (`on update when has(my-team, gift) { for each spot in (all location
    ...) { ... } }`) runs its body only once the set it loops over may have changed: the same
    games as running it at every update, with fewer sets asked."""
    from mayhem.runtime.kernel import finish, when_reads
    rules = load_game_rules(ir, "teen-titans-go")
    here = rules.hearing.table(rules, "update")
    santa = next(ts for q, ts in here.cards.items() if q.endswith("secret-santa"))
    assert when_reads.loop_of(santa[0], rules) is not None and when_reads.loop_of(santa[1], rules) is None
    skipped, real = [0], when_reads.loops_none

    def counted(run, loop, lenv):
        none = real(run, loop, lenv)
        skipped[0] += none
        return none
    monkeypatch.setattr(finish, "loops_none", counted)
    kept = [digest(g) for g in _games(rules, range(4))]
    monkeypatch.setattr(finish, "loop_of", lambda trigger, rules: None)
    always = [digest(g) for g in _games(rules, range(4))]
    assert skipped[0] > 0 and kept == always


def test_the_memo_of_an_empty_loop_holds_until_what_it_reads_changes(ir, monkeypatch):
    """loops_none asks the set once, keeps its no with what it read, answers from it while that is
    unchanged, and asks again once a figure moved (the figures are among its reads)."""
    from mayhem.runtime.kernel import when_reads
    from mayhem.runtime.kernel.effects import Run
    rules = load_game_rules(ir, "teen-titans-go")
    here = rules.hearing.table(rules, "update")
    trigger = next(ts for q, ts in here.cards.items() if q.endswith("secret-santa"))[0]
    loop = when_reads.loop_of(trigger, rules)
    game, _decision = at_first_die(rules)  # the figures dealt and on the board
    state = game.state
    owners = state.owners
    card = next(u for u in range(len(state.cards)) if owners[u] is not None)  # (its owner is `owner`)
    run, lenv = Run(game, []), {"ctx:me": state.active, "ctx:this-card": card}
    asked, real = [0], when_reads.compiled

    def counted(e):
        asked[0] += 1
        return real(e)
    monkeypatch.setattr(when_reads, "compiled", counted)
    empty = not real(loop[0])(run, lenv)
    assert when_reads.loops_none(run, loop, lenv) is empty and asked == [1]
    if not empty:
        pytest.fail("seed 0's first die has a friend on an empty gift spot: pick another seed")
    assert when_reads.loops_none(run, loop, lenv) and asked == [1]  # answered from the memo
    fig = next(x for x in state.figures.values() if x["space"] is not None)
    writers.set_space(state, fig, next(s for s in rules.spaces if s != fig["space"]))
    when_reads.loops_none(run, loop, lenv)
    assert asked == [2]  # what it reads changed: asked again


def test_the_order_of_the_piles_is_the_zones_order_after_a_copy_and_a_new_pile(ir):
    """zone_order indexes the zones once per dict of zones, extended when a pile is added; a copy's
    zones (another dict) are indexed anew."""
    from mayhem.runtime.kernel.listeners import zone_order
    game = KernelGame(load_game_rules(ir, "teen-titans-go"), KernelConfig(players=2, seed=0))
    game.start()
    state = game.state
    assert zone_order(state) == {k: i for i, k in enumerate(state.zones)}
    state.zones["new-pile/x"] = []
    assert zone_order(state)["new-pile/x"] == len(state.zones) - 1
    other = state.clone()
    other.zones["other-pile"] = []
    assert zone_order(other) == {k: i for i, k in enumerate(other.zones)}
    assert "other-pile" not in zone_order(state)


def test_a_step_that_checked_its_end_last_is_not_checked_again_after_an_update_nobody_ran(ir, monkeypatch):
    """An action, a turn's start and its end check the end last (their `settled`: what they write
    after it, which the Mayhem end does not read): the update event after them checks it again
    only once a listener ran; the same games as checking after every step, with fewer checks."""
    from mayhem.runtime.kernel import finish, structure
    from mayhem.runtime.kernel.end_reads import end_parts
    rules = load_game_rules(ir, "teen-titans-go")
    kinds = structure._per_rules(rules)[3]
    # the update event after each (kspeed7b: written into the turn's own function, `updated`)
    assert kinds["turn-end"].updated and "_update" in kinds["turn-end"].__code__.co_names
    assert end_parts(rules) is not None and not end_parts(rules) & {"active", "phase", "passed", "triggers"}
    checks, real = [0], structure.KernelGame.check_end

    def counted(self, run):
        checks[0] += 1
        return real(self, run)
    monkeypatch.setattr(structure.KernelGame, "check_end", counted)
    settled = [digest(g) for g in _games(rules)]
    fewer = checks[0]
    monkeypatch.setattr(finish, "end_parts", lambda rules: None)  # not known: checked after every step
    always = [digest(g) for g in _games(load_game_rules(ir, "teen-titans-go"))]
    assert settled == always and checks[0] - fewer > fewer // 4, (fewer, checks[0] - fewer)


def test_the_figures_hearing_an_event_are_the_walk_over_the_figures_after_a_deal_and_a_copy(ir):
    """figures_hearing lists, in the order dealt, the figures whose card hears the event, as the
    walk over every figure found them; a figure dealt later and a copy's figures are found anew."""
    from mayhem.runtime.kernel.listeners import figures_hearing
    rules = load_game_rules(ir, "teen-titans-go")
    game, _decision = at_first_die(rules)
    state = game.state
    # (those made so far, a turn's end among them since kspeed7b writes its triggers at load, and
    # the declared events')
    tables = [t for t in rules.hearing.heard.values() if t.figures] + \
        [rules.hearing.table(rules, e) for e in rules.hearing.events if rules.hearing.table(rules, e).figures]
    assert tables

    def walk(state, here):
        return [(f, here.figures[x["card"]]) for f, x in state.figures.items() if here.figures.get(x.get("card"))]
    for here in tables:
        assert figures_hearing(state, here) == walk(state, here)
    tables = [here for here in tables if walk(state, here)]  # those a figure dealt in this game hears
    assert tables
    fid, fig = next((f, x) for f, x in state.figures.items() if x.get("card") in tables[0].figures)
    writers.add_figure(state, "a-late-one", dict(fig))  # a figure dealt later, of a card that hears it
    assert figures_hearing(state, tables[0])[-1][0] == "a-late-one"
    other = state.clone()
    del other.figures[fid]
    assert figures_hearing(other, tables[0]) == walk(other, tables[0])
    assert figures_hearing(state, tables[0]) == walk(state, tables[0])
