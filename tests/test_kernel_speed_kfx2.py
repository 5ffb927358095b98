"""Resolving effects on the kernel, fast (docs/kernel.md, "Resolving effects, second pass"), held to
what it replaced in a Mayhem box naming `game mayhem`: the piles of pieces keyed once per rules
(pieces_at.py) against a walk over the zones, `can-use` and `special-of` read once per rules
(specials.py) against their formulas as written, a part's effects run by a function made once
(effects_made.part_function), and the turn's discards scanning only the piles that hold a piece due."""
from __future__ import annotations

from pathlib import Path
import random
import sys

import pytest

from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel.effects import Run

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import parity_kernel  # noqa: E402


@pytest.fixture(scope="module")
def titans():
    return load_game_rules(parity_kernel.compile_named(ROOT / "content", ("teen-titans-go",)), "teen-titans-go")


def _decisions(rules, seed: int, n: int, every: int = 1):
    """The game after every `every`-th of its first `n` decisions (random answers, seeded)."""
    game = KernelGame(rules, KernelConfig(players=2, seed=seed))
    pick = random.Random(seed)
    decision = game.start()
    for i in range(n):
        if decision is None:
            return
        if i % every == 0:
            yield game
        decision = game.act(pick.choice(decision.actions))


def _walked_piles(state, rules) -> dict:
    """{holder: the uids lying on it}, by a walk over the zones: each pile whose key names it."""
    p, out = rules.pieces, {}
    for key, uids in state.zones.items():
        zone, _, holder = key.partition("/")
        if zone in p.zones.values() or (p.pile is not None and zone == p.pile and holder in rules.spaces):
            out.setdefault(holder, []).extend(uids)
    return out


def _walked_count(state, rules, piles: dict, token, holder, of) -> int:
    """count(token, on: holder, of:) over the walked piles."""
    kinds = rules.pieces.groups.get(token) or (token,)
    sides = None if of is None else ((of, state.team_of(of)) if of in state.players and state.teams else (of,))
    return sum(1 for uid in piles.get(holder, ())
               if state.cards[uid] in kinds and (sides is None or state.owners[uid] in sides))


def test_count_and_has_are_the_walk_over_the_piles_at_every_decision(titans):
    """At every third of a seeded game's first 120 decisions, `count` of every token on every figure and
    space (one by one, and all of them at once; anyone's, each Team's, each player's) and `has`
    are what a walk over the zones finds; the keys kept are the figures' and the spaces' only."""
    from mayhem.runtime.kernel import pieces
    tokens = [q for q, card in titans.cards.items() if card.type in titans.pieces.types]
    seen = 0
    for game in _decisions(titans, 5, 120, every=3):
        state, run = game.state, Run(game, [])
        holders = list(state.figures) + list(titans.spaces)
        piles = _walked_piles(state, titans)
        for token in tokens:
            for of in (None, *state.teams, *state.players):
                each = [_walked_count(state, titans, piles, token, h, of) for h in holders]
                assert [pieces.count(run, {}, token, on=h, of=of) for h in holders] == each
                assert pieces.count(run, {}, token, on=holders, of=of) == sum(each)
                seen += sum(each)
            assert [pieces.has(run, {}, h, token) for h in holders] == \
                [_walked_count(state, titans, piles, token, h, None) > 0 for h in holders]
    assert seen > 0  # pieces lay out: the counts were not all of empty piles
    figure_keys, space_keys = titans.pieces.keyed[:2]
    assert set(space_keys) <= set(titans.spaces) and space_keys
    assert figure_keys and all(key == f"{titans.pieces.zones['figure']}/{f}" for f, key in figure_keys.items())


def _can_use_as_written(run, part) -> bool:
    state = run.state
    inner = {"ctx:me": state.active, "ctx:this-card": part}
    from mayhem.runtime.kernel.compile import compiled
    if not any(when is None or compiled(when)(run, inner)
               for _n, _b, when in run.rules.dash.effects.get(state.cards[part], [])):
        return False
    limit = run.rules.cards[state.cards[part]].props.get("once")
    if limit is None:
        return True
    marks = [m for m in (state.figures.get(state.owners[part]) or {}).get("used", ()) if m[0] == part]
    return not any(m[1] == state.turn for m in marks) if limit == "turn" else \
        not any(m[2] == state.round for m in marks) if limit == "round" else not marks


def _special_as_written(run, figure):
    state, dash = run.state, run.rules.dash
    fig = state.figures[figure]
    for part in dash.parts.get(fig.get("side") or fig["card"], []):
        if run.rules.cards[part].type in dash.limited:
            uids = state.zones.get(f"{run.rules.cards[part].type}/{figure}")
            if uids:
                return uids[0]
    return None


def test_can_use_and_special_of_are_their_formulas_at_every_decision(titans):
    """`can-use(part)` of every part of every figure and `special-of(figure)`, at each of a seeded
    game's first 150 decisions, are their formulas as written (every guard asked, the zones walked)."""
    from mayhem.runtime.kernel import specials
    answers = set()
    for game in _decisions(titans, 2, 150):
        run = Run(game, [])
        env = {"ctx:me": game.state.active}
        for figure in game.state.figures:
            assert specials.special_of(run, env, figure) == _special_as_written(run, figure)
            for key in (k for k in game.state.zones if k.endswith("/" + figure)):
                for part in game.state.zones[key]:
                    if game.state.cards[part] in titans.dash.effects:
                        got = specials.can_use(run, env, part=part)
                        assert got == _can_use_as_written(run, part)
                        answers.add(got)
    assert answers == {True, False}
    assert titans.dash.usable and titans.dash.specials


def test_a_part_s_effects_run_functions_made_once(titans, monkeypatch):
    """A second game of the same seed resolves its parts without compiling anything (their
    function is kept per part: dashboards.runs, effects_made.py) and is the same game."""
    from mayhem.runtime.kernel import dashboards, effects_made
    from mayhem.runtime.kernel.play import play_game
    config = KernelConfig(players=2, seed=4, max_turns=60)
    first = play_game(titans, config, ["random"])
    assert titans.dash.runs

    def refused(*_a, **_k):
        raise AssertionError("compiled while resolving a part whose functions are kept")
    monkeypatch.setattr(dashboards, "compiled_block", refused)
    monkeypatch.setattr(effects_made, "inline_lines", refused)  # a part's function written (effects_made.py)
    monkeypatch.setattr(effects_made, "source", refused)
    again = play_game(titans, config, ["random"])
    assert again.state.log == first.state.log and again.history == first.history
    assert any(e["event"] == "resolve-ability" for e in again.state.log)


def test_the_turn_s_discards_scan_only_the_piles_holding_a_piece_due(titans, monkeypatch):
    """discard_due looks token by token only into a pile that holds a piece due at that event;
    the pieces due still go back (a seeded game logs its discards)."""
    from mayhem.runtime.kernel import discards
    from mayhem.runtime.kernel.play import play_game
    scanned, last = [], [None]
    real = discards._of

    def of(state, key, token):  # a pile's first token looked into (the later ones may find it emptied)
        if key == last[0]:
            return real(state, key, token)
        last[0] = key
        scanned.append(any(state.cards[u] in titans.pieces.discards.get("turn-end", set()) | titans.pieces.later
                           or state.cards[u] in titans.pieces.discards.get("round-end", set())
                           for u in state.zones.get(key, ())))
        return real(state, key, token)
    monkeypatch.setattr(discards, "_of", of)
    for seed in range(1, 11):  # the first seeded game in which a piece due goes back
        game = play_game(titans, KernelConfig(players=2, seed=seed, max_turns=200), ["random"])
        if any(e["event"] == "discard" for e in game.state.log):
            break
    assert any(e["event"] == "discard" for e in game.state.log), "no seed from 1 to 10 discards a piece"
    assert scanned and all(scanned)
