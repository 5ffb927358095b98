"""The turn's menus and decisions with fewer opcodes, a seventh round (issue #11, speed; branch
mspeed18), each held to what it replaces: a token action whose guard is `flagged(token, F)` asks
the store for the token types flagged F (a set made once per set of rules) before it lists the
store, and a token given or taken within a turn changes the next menu.

Engine only (`engine_only`, the whole file): these shortcuts are the Mayhem engine's own and go
with it; the kernel's are held to their plain forms by tests/test_kernel_speed*.py and
tests/test_kernel_events_speed.py, and its games to the engine's rules by the 104 scenarios."""
from __future__ import annotations

from dataclasses import replace

import pytest

from mayhem.runtime import declared_actions, turn_words
from mayhem.runtime.state import Activation

from game_helpers import everyone_on_the_board
from test_declared_plan import reference_menu

pytestmark = pytest.mark.engine_only  # the engine's own shortcuts (the docstring)


@pytest.fixture(scope="module")
def game(rules):
    return everyone_on_the_board(rules)


def _flagged(eng, flag: str) -> str:
    return next(tok for tok in sorted(eng.rules.tokens) if eng.rules.token_flag(tok, flag))


def _unflagged(eng) -> str:
    return next(tok for tok in sorted(eng.rules.tokens)
                if not eng.rules.token_flag(tok, "usable") and not eng.rules.token_flag(tok, "retrievable"))


def test_flagged_token_actions_see_tokens_given_and_taken_within_the_turn(game):
    """`use-token` (a `usable` token on the Active Character) and `retrieve` (a `retrievable`
    one of the Team's at its Location): a token put there between two menus of one turn is
    offered in the next, one taken away is not, a token of another flag is never offered, and
    every menu is the declarations walked naively (tests/test_declared_plan.py)."""
    eng, st = game.engine, game.state
    fig = st.figures[next(iter(st.teams.values())).characters[0]]
    here = st.board.locations[fig.location].tokens
    saved = st.active, st.active_team, dict(fig.tokens), dict(here)
    st.active, st.active_team = Activation(fig.key, eng.abilities(fig)[0]["id"], 6, 0), fig.team
    usable, retrievable, other = _flagged(eng, "usable"), _flagged(eng, "retrievable"), _unflagged(eng)

    def menu() -> list[str]:
        env = eng.fig_env(fig)
        options, _bound = declared_actions.menu(eng, fig, env)
        shown = [str(a) for a in options]
        assert shown == reference_menu(eng, fig, eng.fig_env(fig), False)
        return [a.verb for a in options]
    try:
        fig.tokens.clear()
        here.clear()
        assert "use-token" not in menu() and "retrieve" not in menu()
        fig.tokens[(other, None, None)] = 1
        here[(other, fig.team, None)] = 1
        assert "use-token" not in menu() and "retrieve" not in menu()
        fig.tokens[(usable, None, None)] = 1
        assert menu().count("use-token") == 1
        here[(retrievable, fig.team, None)] = 1
        assert menu().count("retrieve") == 1
        here[(retrievable, "nobody", None)] = 1  # another Team's: still one
        assert menu().count("retrieve") == 1
        fig.tokens[(usable, None, None)] = 0  # a count of 0 kept in the store: holds none
        del here[(retrievable, fig.team, None)]
        assert "use-token" not in menu() and "retrieve" not in menu()
    finally:
        st.active, st.active_team = saved[0], saved[1]
        fig.tokens.clear()
        fig.tokens.update(saved[2])
        here.clear()
        here.update(saved[3])


def test_one_valued_domains_offer_one_action_or_none(game):
    """`special-of(self)` and `chosen-ability` give one component or none (turn_words.ONE_VALUED):
    their actions are written without a loop, offered once when the word gives an Ability and
    not at all when it gives none (no Active Character's Ability chosen), as walked naively."""
    eng, st = game.engine, game.state
    assert all(turn_words.special_of(eng, None, f) is None or turn_words.special_of(eng, None, f).__class__ is dict
               for f in st.figures.values())
    fig = st.figures[next(iter(st.teams.values())).characters[0]]
    saved = st.active, st.active_team
    try:
        for ability in (eng.abilities(fig)[0]["id"], None):
            st.active, st.active_team = Activation(fig.key, ability, 6, 0), fig.team
            env = eng.fig_env(fig)
            found = turn_words.chosen_ability(eng, env)
            options, _bound = declared_actions.menu(eng, fig, env)
            assert [str(a) for a in options] == reference_menu(eng, fig, eng.fig_env(fig), False)
            assert [a.verb for a in options].count("resolve") == (found is not None)
            assert (found is None) == (ability is None)
    finally:
        st.active, st.active_team = saved


def test_a_characters_own_menu_sees_its_special_used_and_its_activation_change(game):
    """The Active Character's menu is written for each character (declared_actions._fig_menu):
    its Special Ability, the Special's `once` and condition and its Abilities by id are folded
    in, the state they are asked against is not. Using the Special within the turn takes `use`
    out of the next menu (its `once`), an Activation on another Ability or of another character
    changes `resolve`, and every menu is the declarations walked naively."""
    eng, st = game.engine, game.state
    figs = [f for f in st.figures.values() if f.kind == "character" and f.location is not None]
    with_once = [f for f in figs if (sp := turn_words.special_of(eng, None, f)) is not None
                 and "effect" in sp["effects"] and sp["props"].get("once") is not None]
    assert with_once
    saved = st.active, st.active_team

    def menu(fig) -> list[str]:
        options, _bound = declared_actions.menu(eng, fig, eng.fig_env(fig))
        shown = [str(a) for a in options]
        assert shown == reference_menu(eng, fig, eng.fig_env(fig), False)
        return shown
    try:
        for fig in figs:
            used = dict(fig.special_used)
            for ability in eng.abilities(fig):
                st.active, st.active_team = Activation(fig.key, ability["id"], 6, 0), fig.team
                assert f"resolve {fig.key}/{ability['id']}" in menu(fig)
            st.active = Activation(figs[0].key if fig is not figs[0] else figs[1].key, eng.abilities(fig)[0]["id"], 6, 0)
            assert not any(a.startswith("resolve") for a in menu(fig))  # another character's Activation
            st.active = Activation(fig.key, eng.abilities(fig)[0]["id"], 6, 0)
            if fig in with_once:
                once = turn_words.special_of(eng, None, fig)["props"]["once"]["value"]
                fig.special_used[once] = False
                menu(fig)  # `use` offered as its own condition says
                fig.special_used[once] = True
                assert not [a for a in menu(fig) if a.startswith("use ")]
                fig.special_used.clear()
                fig.special_used.update(used)
    finally:
        st.active, st.active_team = saved


def test_a_characters_own_menu_is_made_again_for_another_dashboard(game):
    """A figure of the same key on another dashboard (a scenario sets one up) gets a menu of its
    own: the engine keeps each character's menu with the dashboard it was written for, so the
    Special Ability offered is the new dashboard's, never the one folded in before."""
    eng, st = game.engine, game.state
    fig = st.figures["robin"]  # a Special Ability once a turn, no condition: offered while unused
    mine = turn_words.special_of(eng, None, fig)
    other = next(c for c in eng.rules.characters["teen-titans-go"].values()
                 if (sp := turn_words.special_of(eng, None, replace(fig, side=c))) is not None
                 and sp["id"] != mine["id"] and "effect" in sp["effects"] and not sp["effects"]["effect"]["when"])
    saved = st.active, st.active_team, fig.side, dict(fig.special_used)

    def uses() -> list[str]:
        options = [str(a) for a in declared_actions.menu(eng, fig, eng.fig_env(fig))[0]]
        assert options == reference_menu(eng, fig, eng.fig_env(fig), False)
        return [a for a in options if a.startswith("use ")]
    try:
        st.active, st.active_team = Activation(fig.key, eng.abilities(fig)[0]["id"], 6, 0), fig.team
        fig.special_used.clear()
        assert uses() == [f"use robin/{mine['id']}"]
        fig.side = other
        assert uses() == [f"use robin/{turn_words.special_of(eng, None, fig)['id']}"]
    finally:
        st.active, st.active_team, fig.side = saved[:3]
        fig.special_used.clear()
        fig.special_used.update(saved[3])


def test_the_teams_menu_reads_each_dashboards_abilities_kept_and_the_activations_anew(game):
    """`abilities-of(figure)` of the Team's menu is kept per dashboard with the Abilities'
    printed ids (declared_plan.abilities_of); what the figure activated is read at each menu. An
    Ability activated between two menus leaves the next; a figure on another dashboard offers
    that dashboard's Abilities; every menu is the declarations walked naively."""
    eng, st = game.engine, game.state
    team = next(iter(st.teams.values()))
    fig = st.figures[team.characters[0]]
    other = next(c for c in eng.rules.characters["teen-titans-go"].values() if c["qid"] != fig.side["qid"])
    saved = fig.side, list(fig.activations), list(team.dice), list(team.placed)
    env = declared_actions.team_env(eng, team.colour, team.players[0])

    def menu() -> list[str]:
        options = [str(a) for a in declared_actions.menu(eng, None, env, starts_turn=True)[0]]
        assert options == reference_menu(eng, None, env, True)
        return options
    try:
        team.dice, team.placed = [3, 5], [False, False]
        fig.activations.clear()
        first = eng.abilities(fig)[0]["id"]
        assert f"place-die 3 {fig.key}/{first}" in menu()
        fig.activations.append(first)
        assert f"place-die 3 {fig.key}/{first}" not in menu()
        fig.activations.clear()
        fig.side = other
        ids = [a["id"] for a in eng.abilities(fig)]
        shown = [a for a in menu() if a.startswith(f"place-die 3 {fig.key}/")]
        assert shown == [f"place-die 3 {fig.key}/{i}" for i in ids] and ids
    finally:
        fig.side = saved[0]
        fig.activations[:] = saved[1]
        team.dice, team.placed = saved[2], saved[3]
