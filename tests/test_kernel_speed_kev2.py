"""Events, updates and end checks of the Mayhem rules on the kernel, second pass (docs/kernel.md,
"Events, updates and end checks, second pass"), each held to what it replaces: a card's `when`
on the update event asked again only once what it reads changed (when_reads.py), to the game
asking it at every update; what the end condition reads of VP kept as pieces (their places);
an event raised at a space listing only that space's tile; the zones in play's keys found once
per list of seats; a once-per limit kept in the rules, not written into the IR."""
from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path
import sys

import pytest

from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import parity_kernel  # noqa: E402


@pytest.fixture(scope="module")
def ir():
    return parity_kernel.compile_named(ROOT / "content", ("teen-titans-go",))


@pytest.fixture(scope="module")
def titans(ir):
    return load_game_rules(ir, "teen-titans-go")


def _digest(game) -> str:
    data = {"log": game.state.log, "history": game.history, "result": game.state.result}
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()


def _mid_game(titans, seed: int = 3, steps: int = 40):
    game = KernelGame(titans, KernelConfig(players=2, seed=seed))
    decision = game.start()
    for _ in range(steps):
        decision = game.act(decision.actions[-1])
    return game


def test_a_when_asked_only_once_what_it_reads_changed_plays_the_game_asking_it_always(titans, monkeypatch):
    """Seeded games whose cards in play hear the update event: asking a `when` again only once
    its projection changed (when_reads.asked) is the same game (log, answers, result) as asking
    it at every update; some were answered without asking."""
    from mayhem.runtime.kernel import when_reads
    from mayhem.runtime.kernel.play import play_game
    from kernel_speed_common import counting
    # every update pass run, as when this was written (kspeed7b skips a quiet one: its own tests)
    monkeypatch.setattr(KernelGame, "_quiet", property(lambda game: None, lambda game, marks: None))
    asked = [0, 0]
    counted = counting(when_reads.compiled, asked)
    digests = []
    for always in (False, True):
        with monkeypatch.context() as m:
            m.setattr(when_reads, "compiled", counted)
            if always:
                m.setattr(when_reads, "projection", lambda e, rules: None)
                m.setitem(titans.__dict__, "_when_reads", {})  # (the projections made once per rules: anew)
            games = [play_game(titans, parity_kernel.kernel_config(titans, {}, seed, max_turns=120), ["random"])
                     for seed in (1, 4)]
        digests.append([_digest(g) for g in games])
        asked.reverse()
    cached, always = asked  # (the counts swapped after each run: cached's is last)
    assert digests[0] == digests[1]
    assert always > 2 * cached > 0, (always, cached)  # (945 and 360 when written)


def test_the_projection_of_a_when_changes_with_what_it_reads_alone(titans, monkeypatch):
    """What a goal's `when` reads (`count(all friend in anywhere where has(it, TOKEN) and
    has-icon(location-of(it), ICON)) > 0`): the figures' spaces and owners, the board's key and
    the token's pieces' places; a counter changed or a figure's turn's record leaves it as it was
    (the projection of the figures' parts, not their marks: writers.MARKS off while it is written)."""
    from mayhem.runtime.kernel import writers
    monkeypatch.setattr(writers, "MARKS", False)
    from mayhem.runtime.kernel.pieces import _move
    from mayhem.runtime.kernel.when_reads import projection, reads
    here = titans.hearing.table(titans, "update")
    when = next(t["when"] for q, ts in here.cards.items() for t in ts if q.endswith("bring-the-pizza"))
    token = next(p for p in reads(when, titans) if isinstance(p, tuple))[0]
    assert reads(when, titans) == {"figures", "board", (token,)}
    project = projection(when, titans)
    state = _mid_game(titans).state
    before = project(state)
    state.counters["anything"] = 3
    figure = next(iter(state.figures))
    state.figures[figure]["moved"] = 99
    assert project(state) == before
    space = state.figures[figure]["space"]
    writers.set_space(state, state.figures[figure], "elsewhere")
    assert project(state) != before
    writers.set_space(state, state.figures[figure], space)
    assert project(state) == before
    state.board["key"] = state.board["key"] + "!"
    assert project(state) != before
    state.board["key"] = state.board["key"][:-1]
    uid = next(u for u, qid in enumerate(state.cards) if qid == token)
    was = state.places[uid]
    _move(state, uid, f"on-figure/{figure}")
    assert project(state) != before
    _move(state, uid, was)
    assert project(state) == before


def test_a_when_reading_what_is_not_known_is_asked_every_time(titans):
    """A condition reading a counter, a die or a variable, or a selector asking, has no projection."""
    from mayhem.runtime.kernel.when_reads import projection, reads
    value = {"e": "fn", "name": "value", "args": {"counter": {"e": "counter", "name": "vp"}, "of": None}}
    assert reads(value, titans) is None and projection(value, titans) is None
    one = {"e": "select", "quant": "one", "count": None, "kind": "friend", "in": None, "where": None}
    assert reads(one, titans) is None
    var = {"e": "cmp", "op": "==", "l": {"e": "var", "name": "x"}, "r": {"e": "num", "v": 1}}
    assert reads(var, titans) is None


def test_the_end_reads_where_the_vp_pieces_lie(titans):
    """The Mayhem end condition's projection holds where each VP piece lies (their places): a VP
    piece moved changes it, and the uids are found again once a piece is turned over."""
    from mayhem.runtime.kernel.end_reads import end_reads
    from mayhem.runtime.kernel.pieces import _move
    reads = end_reads(titans)
    state = _mid_game(titans, seed=0, steps=10).state
    vp = titans.pieces.kept["vp"].token
    uids = [u for u, qid in enumerate(state.cards) if qid == vp]
    assert reads(state)[-1] == tuple(state.places[u] for u in uids)
    before = reads(state)
    _move(state, uids[0], f"on-team/{next(iter(state.teams))}")
    assert reads(state) != before
    state.heard_uids = None  # (flip.turned drops the cache): found again, the same
    assert reads(state)[-1] == tuple(state.places[u] for u in uids)


def test_an_event_at_a_space_lists_only_its_tile(titans):
    """listeners._tile_at is spaces.tiles_heard of the one tile (none for a tile gone or no tile)."""
    from mayhem.runtime.kernel.listeners import _tile_at
    from mayhem.runtime.kernel.spaces import tiles_heard
    state = _mid_game(titans, seed=0, steps=5).state
    here = titans.hearing.table(titans, "enter")
    assert here.spaces
    for tile in state.board["tiles"] + ["nowhere"]:
        assert _tile_at(state, here.spaces, tile) == [x for x in tiles_heard(state, here.spaces)
                                                      if x[3]["ctx:here"] == tile]
    gone = state.board["tiles"][0]
    state.board["gone"].append(gone)
    assert _tile_at(state, here.spaces, gone) == []


def test_the_keys_of_the_zones_in_play_are_found_again_for_other_seats(titans):
    """The zones in play's keys (per Team here) are kept for one list of seats and dict of Teams: a
    copy's are found again, the same."""
    game = _mid_game(titans, seed=0, steps=5)
    hearing = titans.hearing
    keys = hearing.in_play_keys(titans, game.state)
    assert keys == [f"{z}/{t}" for z in hearing.in_play for t in game.state.teams]
    assert hearing.in_play_keys(titans, game.state) is keys
    other = game.state.clone()
    again = hearing.in_play_keys(titans, other)
    assert again == keys and again is not keys


def test_a_once_per_limit_is_kept_in_the_rules_not_the_ir():
    """Loading the rules of the lab game Bastion (a rule and cards `once per round`, `once per
    game`) writes no `once` into the IR's triggers: the limits are the rules' own."""
    from game_helpers import lab_ir
    ir = lab_ir(ROOT / "tests" / "fixtures" / "kernel" / "bastion")
    before = copy.deepcopy(ir)
    rules = load_game_rules(ir, "bastion")

    def triggers(x):
        if isinstance(x, dict):
            if "event" in x and "body" in x:
                yield x
            for v in x.values():
                yield from triggers(v)
        elif isinstance(x, list):
            for v in x:
                yield from triggers(v)
    assert rules.hearing.once and set(rules.hearing.once.values()) <= {"turn", "round", "game"}
    assert not any("once" in t for t in triggers(ir))
    assert sum(1 for _ in triggers(ir)) == sum(1 for _ in triggers(before))
