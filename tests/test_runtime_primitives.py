"""The effect primitives (runtime/primitives.py), one at a time, on a real game of Teen
Titans GO! Mayhem in its first round: what each changes, what it asks, what it logs.

Relies on `Game`, `GameConfig`, `Env`, the engine's `p_<primitive>` methods (one per
primitive of compiler/builtins.py: tests/test_runtime_contract.py holds the runtime to
that), `put_pieces`, `count_tokens`, the Decision fields (`player`, `kind`, `actions`)
and the event fields of the game log.

Engine only (`engine_only`, the whole file): it reads the Mayhem engine's own state and methods,
which go with it; the kernel's primitives, one at a time: tests/test_kernel_mayhem_effects.py, test_kernel_vocabulary.py and the 104 Mayhem scenarios."""
from __future__ import annotations

import pytest

from mayhem.runtime.effects import Env
from mayhem.runtime.state import Activation
from game_helpers import everyone_on_the_board

pytestmark = pytest.mark.engine_only  # the engine's own state and methods (the docstring)

TEAMS = {"black": ["robin", "raven"], "white": ["cyborg", "starfire"]}
NODE = {"span": "test.mh:1:1-1:9"}


@pytest.fixture
def game(rules):
    return everyone_on_the_board(rules)


def run(gen, answers=()):
    """Drive a primitive: answer its decisions in order; return the decisions it asked."""
    asked = []
    answers = list(answers)
    try:
        d = next(gen)
        while True:
            asked.append(d)
            d = gen.send(answers.pop(0))
    except StopIteration:
        return asked


def env_of(game, key):
    fig = game.state.figures[key]
    return Env(fig.player, fig.team, fig)


def token(game, tid):
    return next(q for q, t in game.rules.tokens.items() if t["id"] == tid)


def test_grant_icon(game):
    st, eng = game.state, game.engine
    st.icon_granted = frozenset()
    st.shown["mayhem"] = "2"  # no icon on its face
    assert run(eng.p_grant_icon({"die": {"e": "str", "v": "mayhem"}}, env_of(game, "robin"), NODE)) == []
    assert st.icon_granted == {"mayhem"} and eng.shows_icon("mayhem") and not eng.shows_icon("activation")
    assert game.events[-1]["event"] == "mayhem-icon" and game.events[-1]["span"] == NODE["span"]


def test_a_cards_grant_mayhem_icon_grants_the_icon_of_the_games_effect_die(game):
    # the cards' word is a shorthand: `grant-icon` of the die the game's `effect-die` names
    st, eng = game.state, game.engine
    st.icon_granted = frozenset()
    st.shown["mayhem"] = "2"
    icon, _asks = eng.code.expr({"e": "ctx", "name": "mayhem-icon"})
    face, _asks = eng.code.expr({"e": "ctx", "name": "mayhem-die"})
    assert icon(eng, env_of(game, "robin")) is False and face(eng, env_of(game, "robin")) == 2
    stmt = {"op": "primitive", "name": "grant-mayhem-icon", "args": {}, "node": None, "span": NODE["span"]}
    assert run(eng.code.stmt(stmt)(eng, env_of(game, "robin"))) == []
    assert st.icon_granted == {"mayhem"} and icon(eng, env_of(game, "robin")) is True
    assert game.events[-1]["event"] == "mayhem-icon"


def test_bonus_adds_to_the_active_characters_attack(game):
    st = game.state
    # robin's Activation (the game stands before the first one)
    st.active = Activation(figure="robin", ability=None, die=1, die_index=0)
    before = st.active.bonus
    run(game.engine.p_bonus({"amount": {"e": "num", "v": 2}}, env_of(game, "robin"), NODE))
    assert st.active.bonus == before + 2
    assert game.events[-1] == {"seq": len(game.events) - 1, "round": st.round, "event": "bonus", "amount": 2,
                               "to": None, "span": NODE["span"]}  # no `to:`: every Damage it deals
    # the log tells the bonus that was added, even a bonus of 0
    run(game.engine.p_bonus({"amount": {"e": "num", "v": 0}}, env_of(game, "robin"), NODE))
    assert st.active.bonus == before + 2
    assert game.events[-1]["event"] == "bonus" and game.events[-1]["amount"] == 0


def test_draw_mayhem_takes_from_the_top_of_the_deck(game):
    st = game.state
    team = st.teams["black"]
    player = env_of(game, "robin").controller
    hand = list(team.hands[player])
    top = st.mayhem_deck[:2]
    assert len(top) == 2
    run(game.engine.p_draw({"who": None, "count": {"e": "num", "v": 2}}, env_of(game, "robin"), NODE))
    assert team.hands[player] == hand + top
    assert game.events[-1]["event"] == "draw" and game.events[-1]["count"] == 2
    assert game.events[-1]["team"] == "black"


def test_draw_mayhem_as_written_is_the_kernel_draw_of_me(game):
    # the IR keeps `draw-mayhem(2)`; the engine plays it lowered, `draw(me, 2)`: the acting player's hand
    st = game.state
    team = st.teams["black"]
    env = env_of(game, "raven")
    hand, top = list(team.hands[env.controller]), st.mayhem_deck[:2]
    stmt = {"op": "primitive", "name": "draw-mayhem", "args": {"count": {"e": "num", "v": 2}}, "node": "t#1",
            "span": NODE["span"]}
    run(game.engine.code.body([stmt])(game.engine, env))
    assert team.hands[env.controller] == hand + top
    assert game.events[-1]["event"] == "draw" and game.events[-1]["count"] == 2


def test_draw_mayhem_from_an_empty_deck_draws_nothing(game):
    st = game.state
    st.mayhem_deck.clear()
    team = st.teams["black"]
    player = env_of(game, "robin").controller
    hand = list(team.hands[player])
    run(game.engine.p_draw({"who": None, "count": {"e": "num", "v": 3}}, env_of(game, "robin"), NODE))
    assert team.hands[player] == hand


def test_reroll_dice_offers_the_mayhem_die_and_the_unplaced_dice(game):
    st = game.state
    team = st.teams["black"]
    team.placed = [False] * len(team.dice)
    env = env_of(game, "robin")
    gen = game.engine.p_reroll_dice({}, env, NODE)
    d = next(gen)
    assert d.player == env.controller and d.kind == "reroll"
    assert d.actions == ["reroll mayhem-die"] + [f"reroll die-{i + 1}" for i in range(len(team.dice))] + ["done"]
    d = gen.send("reroll die-1")
    # each die is rerolled at most once
    assert "reroll die-1" not in d.actions and "reroll mayhem-die" in d.actions
    assert 1 <= team.dice[0] <= 6
    reroll = [e for e in game.events if e["event"] == "reroll"][-1]
    assert reroll["die"] == 1 and reroll["value"] == team.dice[0] and reroll["team"] == "black"
    with pytest.raises(StopIteration):
        gen.send("done")


def test_reroll_skips_placed_dice(game):
    team = game.state.teams["black"]
    team.placed = [True] * len(team.dice)
    team.placed[-1] = False
    d = next(game.engine.p_reroll_dice({}, env_of(game, "robin"), NODE))
    assert d.actions == ["reroll mayhem-die", f"reroll die-{len(team.dice)}", "done"]


def test_an_obstacle_never_shifts_onto_an_edge_that_encloses_a_location(game):
    """"A Location is never completely surrounded by Obstacles" (Tokens, Obstacle)."""
    engine, board = game.engine, game.state.board
    obstacle = token(game, "obstacle")
    for e in list(board.edge_tokens):
        board.edge_tokens[e].clear()
    engine.refresh_blocked()
    corner = board.corners()[0]
    sides = [board.edge(corner, n) for n in board.adjacent(corner)]
    # block all the corner's sides but one, then try to shift an Obstacle onto the last one
    for e in sides[:-1]:
        assert engine.put_pieces(obstacle, 1, e, None, NODE) == 1
    far = next(e for e in board.edges() if corner not in e and e not in sides
               and not board.would_enclose(e))
    assert engine.put_pieces(obstacle, 1, far, None, NODE) == 1
    env = env_of(game, "robin")
    env.locals.update(src=far, dst=sides[-1])
    raw = {"token": {"e": "token", "name": obstacle}, "from": {"e": "var", "name": "src"},
           "to": {"e": "var", "name": "dst"}}
    run(engine.p_shift(raw, env, NODE))
    assert engine.count_tokens(obstacle, sides[-1], None) == 0
    assert engine.count_tokens(obstacle, far, None) == 1
    assert board.adjacent(corner)
    # an edge that encloses nothing takes it
    free = next(e for e in board.edges() if e not in sides and e != far and not board.would_enclose(e)
                and corner not in e)
    env.locals.update(dst=free)
    run(engine.p_shift(raw, env, NODE))
    assert engine.count_tokens(obstacle, free, None) == 1 and engine.count_tokens(obstacle, far, None) == 0
    assert free in board.blocked and far not in board.blocked


def test_the_active_characters_bonus_counts_for_its_own_attacks_only(game):
    """A bonus of the Active Character's Ability (Special: +1 Damage) adds to the attacks
    of that Ability, not to an attack another figure makes meanwhile."""
    st = game.state
    st.active = Activation(figure="robin", ability=None, die=1, die_index=0, bonus=2)
    raw = {"target": {"e": "var", "name": "t"}, "amount": {"e": "num", "v": 1}, "tags": None}

    def attack_amount(attacker, target):
        env = env_of(game, attacker)
        env.locals["t"] = st.figures[target]
        gen = game.engine.p_assault(raw, env, NODE)
        try:
            next(gen)  # a Reaction window, or the end
        except StopIteration:
            pass
        return [e for e in game.events if e["event"] == "attack"][-1]

    other = attack_amount("cyborg", "raven")
    assert (other["attacker"], other["target"], other["amount"]) == ("cyborg", "raven", 1)
    own = attack_amount("robin", "starfire")
    assert (own["attacker"], own["target"], own["amount"]) == ("robin", "starfire", 3)


def test_a_token_is_not_placed_on_a_figure_immune_to_its_effect(game):
    """Immune: "the Character takes 0 Damage from that effect, which has no effect on it
    whatsoever" (Basic Concepts, Immune)."""
    st = game.state
    stun = token(game, "stun")
    robin, raven = st.figures["robin"], st.figures["raven"]
    robin.immune = frozenset({"tag:stun-test"})
    raw = {"token": {"e": "token", "name": stun}, "count": {"e": "num", "v": 1},
           "on": {"e": "var", "name": "t"},
           "tags": {"e": "list", "items": [{"e": "tag", "name": "tag:stun-test"}]}, "life": None}
    for fig in (robin, raven):
        env = env_of(game, "cyborg")
        env.locals["t"] = fig
        run(game.engine.p_place(raw, env, NODE))
    assert game.engine.count_tokens(stun, robin, None) == 0
    assert game.engine.count_tokens(stun, raven, None) == 1
