"""The sixth speed pass, events and the end check (docs/kernel.md, "Speed, sixth pass: events and
the end check"): the figures' marks (writers.py), now on by default, and the off mark the end
check reads, held against the plain tuples they stand for at every end check of seeded games;
the update function that hears the cards in play (finish.in_play_only, events.in_play and
when_reads.asked written out in it) against asking every condition plain."""
from __future__ import annotations

import random

import pytest

from mayhem.runtime.kernel import KernelConfig, load_game_rules, structure, writers
from mayhem.runtime.kernel.end_reads import _figures_out
from mayhem.runtime.kernel.play import play_game

from kernel_speed_common import ROOT, counting, digest, parity_kernel

BOXES = ("teen-titans-go", "looney-tunes")


@pytest.fixture(scope="module")
def ir():
    return parity_kernel.compile_named(ROOT / "content", BOXES)


def _plain_figures(state) -> tuple:
    """What when_reads.projection reads of the figures, plain: each one's owner, space and quarry."""
    return tuple((f, x["owner"], x["space"], x.get("quarry")) for f, x in state.figures.items())


def _play(ir, box: str, seeds, rules=None):
    rules = rules or load_game_rules(ir, box)
    return [play_game(rules, parity_kernel.kernel_config(rules, ir, seed, max_turns=150), ["random"]) for seed in seeds]


@pytest.mark.parametrize("box", BOXES)
def test_a_mark_stands_for_one_projection_at_every_end_check(ir, box, monkeypatch):
    """At every end check of six seeded games, a figures' mark seen twice is seen with the same
    figures (owner, space, quarry), and an off mark with the same owners, figures off the board
    and rounds knocked out (end_reads._figures_out): a mark is a dirty flag, never stale. Marks
    go up with the writes, and a move on the board leaves the off mark as it was."""
    seen, off_seen, counts = {}, {}, [0, 0]
    real = structure.KernelGame.check_end

    def checked(game, run):
        state = game.state
        plain, off = _plain_figures(state), _figures_out(state)
        assert seen.setdefault((id(game), state.figures_mark), plain) == plain, "a figures' mark gone stale"
        assert off_seen.setdefault((id(game), state.figures_off_mark), off) == off, "an off mark gone stale"
        return real(game, run)
    monkeypatch.setattr(structure.KernelGame, "check_end", checked)
    games = _play(ir, box, range(6))
    assert len(seen) > 100 and len(off_seen) > 10 and len(off_seen) < len(seen), (len(seen), len(off_seen))
    for game in games:  # (the games stay alive: their ids are not reused while the marks are compared)
        counts[0] += game.state.figures_mark > 0
        counts[1] += game.state.figures_off_mark > 0
    assert counts == [6, 6]


def test_the_writers_mark_what_they_write(ir):
    """A move between spaces gives a new figures' mark and keeps the off mark; off the board, onto
    it, knocked out and a figure added give both; a clone keeps both, and the copy's writes are its own."""
    game = _play(ir, "teen-titans-go", [3])[0]
    state = game.state
    fig = next(x for x in state.figures.values() if x["space"] is not None)
    other = next(s for s in game.rules.spaces if s != fig["space"])
    for write, off_too in ((lambda: writers.set_space(state, fig, other), False),
                           (lambda: writers.set_space(state, fig, None), True),
                           (lambda: writers.set_space(state, fig, None), False),
                           (lambda: writers.set_space(state, fig, other), True),
                           (lambda: writers.knock_out(state, fig), True),
                           (lambda: writers.add_figure(state, "late", {"kind": "x", "owner": None, "space": None}), True)):
        before, off, copy = state.figures_mark, state.figures_off_mark, state.clone()
        write()
        assert state.figures_mark > before and (state.figures_off_mark > off) is off_too
        assert (copy.figures_mark, copy.figures_off_mark) == (before, off)


@pytest.mark.parametrize("box", BOXES)
def test_the_end_check_reading_the_marks_plays_the_games_the_tuples_play(ir, box, monkeypatch):
    """The same seeded games with the marks as with the tuples of every figure (the projections
    written anew with writers.MARKS off), and the end condition asked no more often: the off mark
    moves only where the tuple of _figures_out does (a figure off the board or back, one knocked out)."""
    asked = [0]
    rules = load_game_rules(ir, box)
    end = structure._per_rules(rules)[0]

    def counted(run, env):
        asked[0] += 1
        return end(run, env)
    hit = structure._PER_RULES[id(rules)]
    monkeypatch.setitem(structure._PER_RULES, id(rules), (hit[0], (counted,) + hit[1][1:]))
    marked = [digest(g) for g in _play(ir, box, range(5), rules)]
    marked_asked, asked[0] = asked[0], 0
    monkeypatch.setattr(writers, "MARKS", False)
    plain_rules = load_game_rules(ir, box)
    end = structure._per_rules(plain_rules)[0]
    hit = structure._PER_RULES[id(plain_rules)]
    monkeypatch.setitem(structure._PER_RULES, id(plain_rules), (hit[0], (counted,) + hit[1][1:]))
    assert [digest(g) for g in _play(ir, box, range(5), plain_rules)] == marked
    assert marked_asked == asked[0] > 0, (marked_asked, asked[0])


class _Forgets(dict):
    """A listener's memo (`game._when_said`) that keeps nothing: every `when` asked plain."""

    def __setitem__(self, key, value) -> None:
        pass


def _answered(rules, seed: int, memo=None, decisions: int = 300):
    """A 2-player game of these rules, answered at random (seeded) for `decisions` decisions,
    its listeners' memo `memo` when given."""
    game = structure.KernelGame(rules, KernelConfig(players=2, seed=seed))
    if memo is not None:
        game._when_said = memo
    pick, decision = random.Random(seed), game.start()
    for _ in range(decisions):
        if decision is None or not decision.actions:
            break
        decision = game.act(pick.choice(decision.actions))
    return game


def test_the_update_function_answers_as_every_condition_asked_plain(ir, monkeypatch):
    """Teen Titans GO!'s cards in play hear the update event through finish.in_play_only, which
    keeps each listener's last answer with what it read (`when_reads.asked`, written out): the
    same seeded games as with a memo that keeps nothing (every `when` asked at every update),
    with fewer than half the asks."""
    from mayhem.runtime.kernel import finish, when_reads
    rules = load_game_rules(ir, "teen-titans-go")
    assert finish.updater(rules).__name__ == "in_play_only"
    # the pass run after every step, as before kspeed7b's skip of a quiet pass (its own test:
    # test_kernel_speed_kspeed7b), so that the asks counted are the memo's alone
    monkeypatch.setattr(finish, "quiet_kept", lambda rules, here: False)
    asked = [0]
    monkeypatch.setattr(when_reads, "compiled", counting(when_reads.compiled, asked))
    runs = []
    for forget in (False, True):
        asked[0] = 0
        games = [_answered(rules, seed, _Forgets() if forget else None) for seed in (2, 5, 8)]
        runs.append(([digest(g) for g in games], asked[0]))
    (kept, kept_asked), (plain, plain_asked) = runs
    assert kept == plain
    assert plain_asked > 2 * kept_asked > 0, (plain_asked, kept_asked)


@pytest.mark.parametrize("box", BOXES)
def test_the_end_check_written_per_game_plays_as_the_plain_check(ir, box, monkeypatch):
    """A game's `check_end` is written once per game (steps._EndCheck: what the end reads inline,
    no call to read it); the same seeded games, with the end condition asked as often, as with
    Steps.check_end_plain (a method reading `_end_reads`)."""
    from mayhem.runtime.kernel.steps import Steps
    rules = load_game_rules(ir, box)
    asked = [0]
    end = structure._per_rules(rules)[0]

    def counted(run, env):
        asked[0] += 1
        return end(run, env)
    hit = structure._PER_RULES[id(rules)]
    monkeypatch.setitem(structure._PER_RULES, id(rules), (hit[0], (counted,) + hit[1][1:]))
    games = _play(ir, box, range(5), rules)
    assert all("check_end" in g.__dict__ and g.check_end.__name__ == "check_end" for g in games)
    written, asked[0] = asked[0], 0
    monkeypatch.setattr(structure.KernelGame, "check_end", Steps.check_end_plain)
    plain = _play(ir, box, range(5), rules)
    assert "check_end" not in plain[0].__dict__
    assert [digest(g) for g in games] == [digest(g) for g in plain] and written == asked[0] > 0


def test_the_pieces_places_read_in_c_are_the_plain_reading(ir):
    """The places of the pieces a counter is kept as (end_reads.getter_source: an itemgetter kept
    on the tokens with the uids' cache and the number of cards) are the plain reading at every
    decision of a seeded game, on a copy, once a card is added, and once a piece is turned over
    (flip.py drops the uids' cache)."""
    from mayhem.runtime.kernel.end_reads import _Tokens, _getter, getter_source
    from mayhem.runtime.kernel.listeners import pieces_hearing
    rules = load_game_rules(ir, "teen-titans-go")
    tokens = _Tokens(k.token for k in rules.pieces.kept.values())
    read = eval("lambda state: " + getter_source("_t") + "(state.places)", {"_t": tokens, "_getter": _getter})

    def plain(state):
        return tuple(state.places[u] for u in pieces_hearing(state, tokens))
    game = structure.KernelGame(rules, KernelConfig(players=2, seed=6))
    pick, decision, seen = random.Random(6), game.start(), 0
    for _ in range(200):
        if decision is None or not decision.actions:
            break
        assert read(game.state) == plain(game.state)
        seen += 1
        decision = game.act(pick.choice(decision.actions))
    state = game.state
    copy = state.clone()
    assert read(copy) == plain(copy) and read(state) == plain(state) and seen > 100
    vp = next(iter(tokens.pieces))
    state.cards.append(vp)  # a card added: found again
    state.owners.append(None)
    state.places.append("nowhere")
    assert read(state)[-1] == "nowhere" and read(state) == plain(state)
    uid = next(u for u in pieces_hearing(state, tokens))
    state.cards[uid] = "turned-over"  # a piece turned over (flip.turned): its cache dropped
    state.heard_uids = None
    assert read(state) == plain(state) and len(read(state)) == len(plain(copy))
