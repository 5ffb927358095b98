"""The turn's menus and decisions with fewer opcodes (issue #11, speed; branch mspeed16), each
held to what it replaces: `restricted` as one test of the token types a figure holds against
those that forbid the word (made once per game), the turn's contexts written into a guard's
source, each choice's env copied from one made per turn, and the random bots' one-function
answer with `end-turn` last in a menu.

Engine only (`engine_only`, the whole file): these shortcuts are the Mayhem engine's own and go
with it; the kernel's are held to their plain forms by tests/test_kernel_speed*.py and
tests/test_kernel_events_speed.py, and its games to the engine's rules by the 104 scenarios."""
from __future__ import annotations

import pytest

from mayhem.runtime import declared_actions, expressions, turn_words
from mayhem.runtime.actions import END_TURN, Action
from mayhem.runtime.bots import RandomBot, random_answer
from mayhem.runtime.engine import GameConfig
from mayhem.runtime.game import Game
from mayhem.runtime.simulate import play_one
from mayhem.runtime.state import Activation

from game_helpers import everyone_on_the_board

pytestmark = pytest.mark.engine_only  # the engine's own shortcuts (the docstring)

SPAN = "test.mh:1:1-1:9"


@pytest.fixture(scope="module")
def game(rules):
    return everyone_on_the_board(rules)


def _forbidding(eng, what: str) -> str:
    return next(tok for tok in sorted(eng.rules.tokens) if what in eng._restricted_by(tok))


def test_a_token_placed_within_the_turn_changes_the_next_menu(game):
    """The token types that forbid a word are kept per game, the tokens a figure holds are
    not: a token that `restricts move-or-ability` given to the Active Character between two
    menus of its turn takes `resolve` out of the next one once its Move is taken (`moved`,
    written into the guard, read anew), and taking the token off puts `resolve` back."""
    eng, st = game.engine, game.state
    fig = st.figures[next(iter(st.teams.values())).characters[0]]
    saved_active, saved_tokens = st.active, dict(fig.tokens)
    ability = eng.abilities(fig)[0]["id"]
    st.active, st.active_team = Activation(fig.key, ability, 6, 0), fig.team
    token = _forbidding(eng, "move-or-ability")

    def verbs() -> list[str]:
        options, _bound = declared_actions.menu(eng, fig, eng.fig_env(fig))
        return [a.verb for a in options]
    try:
        fig.tokens.clear()
        assert "move" in verbs() and "resolve" in verbs()
        fig.tokens[(token, None, None)] = 1
        assert "resolve" in verbs()  # not moved yet
        st.active.moved = True
        assert "resolve" not in verbs()
        fig.tokens[(token, None, None)] = 0  # a count of 0 kept in the store: holds none
        assert "resolve" in verbs()
        fig.tokens[(token, None, None)] = 2
        assert "resolve" not in verbs()
        fig.tokens.clear()
        assert "resolve" in verbs() and "move" in verbs()
        st.active.ability_done = True  # `ability-used` and `free-move-available`, read anew
        assert "resolve" not in verbs() and "move" not in verbs()
    finally:
        st.active, st.active_team = saved_active, None
        fig.tokens.clear()
        fig.tokens.update(saved_tokens)


def test_the_turns_contexts_written_in_give_their_closures_values(game):
    """`ability-used`, `moved`, `free-move-available` and `card-played`, compiled from their
    written-in source, against runtime/expressions.py's closures: with no Active Character,
    and with every combination of its flags; for a Team that played a card and one that did not."""
    eng, st = game.engine, game.state
    fig = st.figures[next(iter(st.teams.values())).characters[0]]
    saved_active, saved_played = st.active, {c: list(t.played_this_round) for c, t in st.teams.items()}
    names = ["ability-used", "moved", "free-move-available", "card-played"]
    checked = 0
    try:
        for flags in [None] + [(a, b, c) for a in (False, True) for b in (False, True) for c in (False, True)]:
            st.active = None if flags is None else Activation(fig.key, None, 3, 0, moved=flags[0],
                                                                  free_move_used=flags[1], ability_done=flags[2])
            for colour, team in st.teams.items():
                team.played_this_round[:] = ["some-card"] if flags and flags[0] else []
                for team_of_env in (colour, None, "no-such-team"):
                    env = eng.fig_env(fig)
                    env.team = team_of_env
                    for name in names:
                        code, _asks = eng.code.expr({"e": "ctx", "name": name, "span": SPAN})
                        assert name in turn_words.CONTEXT_INLINE and "_w" in code.src
                        assert code(eng, env) == expressions.context(name)(eng, env), (name, flags, team_of_env)
                        checked += 1
    finally:
        st.active = saved_active
        for colour, cards in saved_played.items():
            st.teams[colour].played_this_round[:] = cards
    assert checked == 9 * 2 * 3 * 4


def test_each_choice_of_a_turn_gets_an_env_of_its_own(rules, monkeypatch):
    """The Active Character's env is copied from one made per turn: each menu of a turn gets a
    new env with empty locals (the chosen action's parameters bound in the last one stay there)
    and the figure's controller, Team and figure."""
    plain = declared_actions._fig_menu  # rest_of_turn asks the character's own menu (mspeed23)
    seen: list = []

    def watched(eng, fig):
        side, offer = plain(eng, fig)

        def offer_watched(eng, env):
            assert env.locals == {} and env.event == {} and env.self_fig is fig and env.team == fig.team
            assert env.controller == eng.controller_of(fig) and env.source == fig.comp["qid"]
            assert all(env is not e and env.locals is not e.locals for e in seen[-3:])
            seen.append(env)
            return offer(eng, env)
        mine = eng._fig_menus[fig.key] = (side, offer_watched)
        return mine

    monkeypatch.setattr(declared_actions, "_fig_menu", watched)
    play_one(rules, GameConfig("teen-titans-go", seed=4), ["random", "random"])
    assert len(seen) > 50 and any(e.locals for e in seen)  # a chosen action bound its parameters


@pytest.mark.parametrize("last", [True, False])
def test_the_one_function_answer_draws_as_the_bot_with_end_turn_anywhere(rules, last):
    """bots.random_answer with `end-turn` last in a turn's menu (drawn among the others without
    a copy) and elsewhere (copied and removed): the same picks as RandomBot.pick, draw by draw."""
    resolve = Action("resolve", ("hero", "punch"))
    moves = [Action("move", ("hero", n)) for n in range(5)]
    one, two = RandomBot(11), RandomBot(11)
    answer = random_answer({"p1": one.pick}, [].append)
    for n in range(60):
        menu = moves[: n % 5] + [resolve]
        menu = menu + [END_TURN] if last else [END_TURN] + menu
        kept = list(menu)
        assert answer("p1", "turn", "", menu, None) == two.pick("p1", "turn", menu)
        assert menu == kept  # the menu itself is not changed
        plain = moves[: 1 + n % 5]
        assert answer("p1", "target", "", plain, None) == two.pick("p1", "target", plain)
    assert one.rng.getstate() == two.rng.getstate()


def test_a_random_bot_never_ends_the_turn_while_it_can_resolve(rules):
    """With `end-turn` last and `resolve` offered, the draw is among the others only."""
    picks = {"p1": RandomBot(5).pick}
    answer = random_answer(picks, [].append)
    menu = [Action("resolve", ("hero", "punch")), END_TURN]
    assert {answer("p1", "turn", "", menu, None) for _ in range(40)} == {menu[0]}
    assert len({answer("p1", "turn", "", [Action("move", ("hero", 1)), END_TURN], None) for _ in range(80)}) == 2


def test_random_bots_in_one_function_play_the_games_of_act_by_act(rules):
    """Seeded games of random bots played out through the one-function answer give the history
    of the same bots asked one decision at a time (act() by act())."""
    for seed in (2, 9):
        fast = Game(rules, GameConfig("teen-titans-go", seed=seed), record=False)
        bots = {"p1": RandomBot(seed), "p2": RandomBot(seed + 1)}
        fast.play_out(lambda d: bots[d.player].choose(d, fast), {p: b.pick for p, b in bots.items()})
        slow = Game(rules, GameConfig("teen-titans-go", seed=seed), record=False)
        again = {"p1": RandomBot(seed), "p2": RandomBot(seed + 1)}
        decision = slow.start()
        while decision is not None:
            decision = slow.act(again[decision.player].choose(decision, slow))
        assert fast.history == slow.history and fast.state.winners == slow.state.winners


def _tokens_walked(store, of):
    """tokens-on as it was: the store's keys of a positive count (of Team `of`), in the order
    of their printed (key, count) pairs, each token type once."""
    out = []
    for (token, _owner, _colour), _n in sorted((item for item in store.items() if item[1] > 0 and
                                                 (of is None or item[0][1] == of)), key=str):
        if token not in out:
            out.append(token)
    return out


def test_tokens_on_reads_the_stores_kept_counts_as_the_walk_of_its_keys(game):
    """Every pair and triple of the content's token types on a figure and on a Location, placed
    by each Team or none, some with a count of 0 or kept under two owners: tokens-on (and its
    written-in form) gives the token types the walk of the store's keys gave, in its order."""
    from itertools import combinations
    eng, st = game.engine, game.state
    fig = st.figures[next(iter(st.teams.values())).characters[0]]
    loc = next(i for i, place in enumerate(st.board.locations) if not place.removed)
    saved = {id(s): dict(s) for s in (fig.tokens, st.board.locations[loc].tokens)}
    kinds = sorted(eng.rules.tokens)
    owners = [None, *st.teams]
    code, _asks = eng.code.expr({"e": "fn", "name": "tokens-on", "span": SPAN, "args": {
        "where": {"e": "var", "name": "x", "span": SPAN}, "of": {"e": "var", "name": "of", "span": SPAN}}})
    env = eng.fig_env(fig)
    checked = 0
    try:
        for where, store in ((fig, fig.tokens), (loc, st.board.locations[loc].tokens)):
            for n, held in enumerate(list(combinations(kinds, 2)) + list(combinations(kinds[:6], 3))):
                store.clear()
                for i, tok in enumerate(held):
                    store[(tok, owners[(n + i) % len(owners)], None)] = 0 if (n + i) % 4 == 0 else 1 + i
                    if i == 1:
                        store[(tok, owners[(n + i + 1) % len(owners)], None)] = 1  # a second owner
                for of in owners:
                    env.locals.update(x=where, of=of)
                    expected = _tokens_walked(store, of)
                    assert turn_words.tokens_on(eng, env, where, of) == expected, (held, of)
                    assert code(eng, env) == expected
                    checked += 1
    finally:
        for s in (fig.tokens, st.board.locations[loc].tokens):
            s.clear()
            s.update(saved[id(s)])
    assert checked > 200
