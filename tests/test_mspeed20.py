"""The seventh speed round on the turn and the pieces (issue #11), each shortcut held to what it
replaces: a Team's count of a token is one read of the sums its stores keep (runtime/token_counts.py,
`team_sums`), which every write of a store of the Team (its area, its characters) keeps, and
which is made again when a character comes into the game; a pool's colour is read once per pool
object; a Team's free die is found by `list.index`; the turn that starts with a die placed
still says so when the action's effect makes no Active Character.

Engine only (`engine_only`, the whole file): these shortcuts are the Mayhem engine's own and go
with it; the kernel's are held to their plain forms by tests/test_kernel_speed*.py and
tests/test_kernel_events_speed.py, and its games to the engine's rules by the 104 scenarios."""
from __future__ import annotations

from collections import Counter
from itertools import product

import pytest

from mayhem.runtime.declared_actions import DeclarationError
from mayhem.runtime.engine import Engine, GameConfig
from mayhem.runtime.game import Game
from mayhem.runtime.state import Figure
from mayhem.runtime.turn import _free_die

from game_helpers import everyone_on_the_board, random_steps

pytestmark = pytest.mark.engine_only  # the engine's own shortcuts (the docstring)


def team_walked(eng, token: str, colour: str) -> int:
    """A Team's pieces of a token (or of its group): its area's and its characters', walked."""
    st = eng.state
    stores = [st.teams[colour].tokens] + [st.figures[k].tokens for k in st.teams[colour].characters]
    return sum(n for store in stores for (t, _o, _c), n in store.items()
               if t == token or eng.group_of.get(t) == token)


# ---- a Team's count: the sums its stores keep, against a walk at every step ---------------


@pytest.mark.parametrize("box,seed", [("looney-tunes", 7), ("teen-titans-go", 8), ("teen-titans-go", 9)])
def test_a_team_s_count_is_the_walk_at_every_step(rules, box, seed):
    """Tokens given to and taken from the Teams' areas and characters within a turn (Missions'
    Gifts, VP, statuses, a KO that clears them) change the next count: the sums are never stale."""
    game = Game(rules, GameConfig(box, seed=seed), record=False)
    eng, st = game.engine, game.state
    tokens = sorted(eng.rules.tokens) + sorted(set(eng.group_of.values()))
    changed = 0
    last = None
    for _step in random_steps(game, seed, 600):
        counts = {}
        for colour in st.order:
            for token in tokens:
                n = eng.count_tokens(token, colour, None)
                assert n == team_walked(eng, token, colour), (token, colour)
                counts[(colour, token)] = n
        changed += last is not None and counts != last
        last = counts
    assert changed > 3  # the Teams' pieces changed between decisions, and each count saw it


def test_a_team_s_sums_follow_every_write_of_its_stores(rules):
    game = everyone_on_the_board(rules)
    eng, st = game.engine, game.state
    colour = st.order[0]
    team = st.teams[colour]
    fig = st.figures[team.characters[0]]
    token = next(t for t in sorted(eng.rules.tokens) if t not in eng.group_of and t not in eng.group_of.values())
    eng.count_tokens(token, colour, None)  # the first count of a token finds whether it stands alone
    before = eng.count_tokens(token, colour, None)  # the sums are made
    assert fig.tokens.sums is team.tokens.sums is not None
    fig.tokens[(token, colour, None)] += 2
    team.tokens[(token, None, None)] = 1
    assert eng.count_tokens(token, colour, None) == before + 3 == team_walked(eng, token, colour)
    del fig.tokens[(token, colour, None)]
    team.tokens.pop((token, None, None))
    assert eng.count_tokens(token, colour, None) == before == team_walked(eng, token, colour)
    fig.tokens.update({(token, None, None): 4})
    assert eng.count_tokens(token, colour, None) == before + 4
    fig.tokens.clear()
    assert eng.count_tokens(token, colour, None) == team_walked(eng, token, colour)


def test_a_character_coming_into_the_game_is_counted(rules):
    """The sums are made for the Team's characters as they were: one more (a character coming
    into the game, as setups and scenarios add them) makes them again, its pieces counted."""
    game = everyone_on_the_board(rules)
    eng, st = game.engine, game.state
    colour = st.order[0]
    team = st.teams[colour]
    token = next(t for t in sorted(eng.rules.tokens) if t not in eng.group_of and t not in eng.group_of.values())
    eng.count_tokens(token, colour, None)
    before = eng.count_tokens(token, colour, None)
    old = st.figures[team.characters[0]]
    newcomer = Figure("newcomer", "character", colour, old.comp, old.side, old.life)
    newcomer.tokens[(token, colour, None)] = 3
    st.figures["newcomer"] = newcomer
    team.characters.append("newcomer")
    assert eng.count_tokens(token, colour, None) == before + 3 == team_walked(eng, token, colour)
    newcomer.tokens[(token, colour, None)] -= 1  # its store now adds to the Team's sums too
    assert eng.count_tokens(token, colour, None) == before + 2 == team_walked(eng, token, colour)


# ---- a pool's colour, read once per pool ---------------------------------------------------


def test_a_pool_s_colour_is_read_again_for_a_new_pool(rules):
    game = everyone_on_the_board(rules)
    eng, st = game.engine, game.state
    pid = next(iter(st.pools))
    st.pools[pid] = Counter({("x", None): 3})
    assert eng.coloured(pid) is False
    st.pools[pid] = Counter({("x", "red"): 3, ("x", "blue"): 3})  # a scenario's pool of colours
    assert eng.coloured(pid) is True
    del st.pools[pid]
    assert eng.coloured(pid) is False


# ---- the turn: a free die, and a starting action that activates nobody --------------------


def test_the_free_die_is_the_first_free_one_showing_the_value():
    for n in range(4):
        for dice in product(range(1, 4), repeat=n):
            for placed in product((False, True), repeat=n):
                for value in range(0, 5):
                    want = next((i for i, (v, p) in enumerate(zip(dice, placed)) if v == value and not p), None)
                    assert _free_die(list(dice), list(placed), value) == want


def test_a_die_placed_without_an_active_character_is_an_error(rules):
    """team_turns checks the Activation the starting action made by identity: an effect that
    activates nobody (an engine whose `activate` does nothing) is still the declaration's error."""
    calls = []

    class Idle(Engine):
        def p_activate(self, raw, env, node):
            calls.append(raw)
            return
            yield  # pragma: no cover

    config = GameConfig("teen-titans-go", seed=2)
    game = Game(rules, config, engine=Idle(rules, config, record=False))
    with pytest.raises(DeclarationError, match="made no Active Character"):
        for _step in random_steps(game, 2, 400):
            pass
    assert calls


# ---- the round's end: the tokens discarded by their type, found once per game -------------


def test_discard_tokens_removes_every_piece_of_the_types_that_say_so(rules):
    game = everyone_on_the_board(rules)
    eng, st = game.engine, game.state
    when = {q: t["props"]["discarded"]["value"] for q, t in eng.rules.tokens.items() if "discarded" in t["props"]}
    due = sorted(q for q, w in when.items() if w == "turn-end")
    kept = next(q for q in sorted(eng.rules.tokens) if q not in when and q not in eng.group_of)
    assert due
    figs = [st.figures[k] for c in st.order for k in st.teams[c].characters]
    for fig in figs:
        fig.tokens[(due[0], fig.team, None)] += 2
        fig.tokens[(kept, fig.team, None)] += 1
    discard, _yields = type(eng).p_discard_tokens.with_values
    discard(eng, {"when": "nobody-says-this"}, None, None)  # no token type says it: nothing goes
    assert all(fig.tokens.totals.get(due[0]) == 2 for fig in figs)
    discard(eng, {"when": "turn-end"}, None, None)
    for fig in figs:
        assert due[0] not in fig.tokens.totals and fig.tokens.totals.get(kept) == 1
