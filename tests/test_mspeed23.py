"""The turn loop, its decisions and the random bot with fewer opcodes (issue #11, speed; branch
mspeed23), each held to what it replaces: the random bots' history kept as tuples until read,
the Active Character's own menu found once a turn, each Team turn's env of its own, `roll`
drawing the die's face values, and `may`, `choose one` and a selector's `one` answered in place
in Game.play_out.

Engine only (`engine_only`, the whole file): these shortcuts are the Mayhem engine's own and go
with it; the kernel's are held to their plain forms by tests/test_kernel_speed*.py and
tests/test_kernel_events_speed.py, and its games to the engine's rules by the 104 scenarios."""
from __future__ import annotations

import random

import pytest

from mayhem.runtime import declared_actions
from mayhem.runtime.actions import DONE, NO_TARGET
from mayhem.runtime.bots import RandomBot
from mayhem.runtime.engine import Engine, GameConfig
from mayhem.runtime.game import Game
from mayhem.runtime.simulate import _picker, play_one

from game_helpers import after_setup

pytestmark = pytest.mark.engine_only  # the engine's own shortcuts (the docstring)


def _random_game(rules, seed: int, box: str = "teen-titans-go") -> tuple[Game, dict]:
    game = Game(rules, GameConfig(box, seed=seed), record=False)
    bots = {f"p{i + 1}": RandomBot(seed * 7919 + i) for i in range(2)}
    return game, bots


def test_the_random_bots_history_is_made_when_read(rules):
    """play_out's random bots keep (player, kind, Action) tuples; `history` gives the dicts an
    act()-by-act() game keeps (the same texts), `decisions` their number without making them."""
    game, bots = _random_game(rules, 3)
    game.play_out(lambda d: bots[d.player].choose(d, game), _picker(bots))
    assert game.decisions > 100 and any(step.__class__ is tuple for step in game._steps)
    history = game.history
    assert len(history) == game.decisions and all(step.__class__ is dict for step in game._steps)
    assert all(set(step) == {"player", "kind", "action"} and isinstance(step["action"], str) for step in history)
    slow, again = Game(rules, GameConfig("teen-titans-go", seed=3), record=False), _random_game(rules, 3)[1]
    decision = slow.start()
    while decision is not None:
        decision = slow.act(again[decision.player].choose(decision, slow))
    assert slow.history == history and slow.result() == game.result()


def test_a_history_read_in_the_middle_keeps_the_steps_after_it(rules):
    """A game stopped at a decision whose history is read, then played out by random bots: the
    history read again holds the steps of both parts, in order."""
    game, bots = _random_game(rules, 5)
    decision = game.start()
    for _ in range(30):
        decision = game.act(bots[decision.player].choose(decision, game))
    first = [dict(step) for step in game.history]
    game.play_out(lambda d: bots[d.player].choose(d, game), _picker(bots))
    assert game.history[:30] == first and len(game.history) == game.decisions > 30
    assert play_one(rules, GameConfig("teen-titans-go", seed=5), ["random"])["decisions"] > 30


def test_a_dashboard_changed_within_the_turn_gets_its_own_menu(rules, monkeypatch):
    """rest_of_turn keeps the Active Character's own menu for the turn: a figure whose dashboard
    is another between two choices of one turn gets the menu made for that one."""
    plain = declared_actions._fig_menu
    made: list = []

    def counted(eng, fig):
        made.append(fig.side)
        return plain(eng, fig)
    monkeypatch.setattr(declared_actions, "_fig_menu", counted)
    game, bots = _random_game(rules, 2)
    swapped: list = []

    def choose(decision):
        return bots[decision.player].choose(decision, game)

    def pick(player, kind, actions):
        st = game.state
        if kind == "turn" and len(swapped) < 5:
            fig = st.figures[st.active.figure]
            fig.side = dict(fig.side)  # the same dashboard, another object
            swapped.append(fig.side)
        return bots[player].pick(player, kind, actions)
    game.play_out(choose, {p: pick for p in bots})
    assert len(swapped) == 5
    assert all(any(side is seen for seen in made) for side in swapped[:-1])  # each asked for its own menu


def test_each_team_turn_gets_an_env_of_its_own(rules):
    """team_turns asks the rules' Team menu itself: each Team turn's env is new, with empty
    locals, the Team and its player, no figure."""
    game, bots = _random_game(rules, 4)
    eng = game.engine
    menus = dict(declared_actions._menus(eng))
    team_menu, seen = menus[True], []

    def watched(eng, env, scope, key, out, bound):
        team = eng.state.teams[env.team]
        assert scope is env.locals and scope == {} and env.event == {} and env.self_fig is None and key is None
        assert env.controller == team.players[0] and env.source == eng.rules.game["qid"]
        assert all(env is not e and env.locals is not e.locals for e in seen)
        seen.append(env)
        return team_menu(eng, env, scope, key, out, bound)
    menus[True] = watched
    eng._menus = menus
    game.play_out(lambda d: bots[d.player].choose(d, game), _picker(bots))
    assert len(seen) > 20 and any(e.locals for e in seen)  # a chosen die bound its parameters


def test_roll_draws_the_faces_values_as_roll_face_does(rules):
    """`roll(die, n, of: t)` without queued results draws the values of the die's faces with the
    same bits as roll_face(); with results queued (a scenario's), it takes them in turn."""
    game = after_setup(rules)
    eng, st = game.engine, game.state
    roll, _yields = Engine.p_roll.with_values
    colour = st.order[0]
    team = st.teams[colour]
    for seed in range(20):
        eng.rng = random.Random(seed)
        team.dice, team.placed = [], []
        list(roll(eng, {"die": "activation", "count": 4, "of": colour}, None, {}))  # a generator: `roll(mayhem)` may ask
        eng.rng = random.Random(seed)
        assert team.dice == [eng.roll_value("activation") for _ in range(4)] and team.placed == [False] * 4
    faces = eng.dice_rules.faces("activation", eng.box)
    eng.forced_rolls = [faces[-1], faces[0]]
    team.dice, team.placed = [], []
    list(roll(eng, {"die": "activation", "count": 2, "of": colour}, None, {}))
    assert team.dice == [int(faces[-1].rstrip("*")), int(faces[0].rstrip("*"))] and eng.forced_rolls == []


def test_may_and_one_target_are_answered_in_place_as_decide_answers(rules, monkeypatch):
    """In play_out, `may`, `choose one` and a selector's `one` ask Engine.answer themselves, without
    Engine.decide's generator: the same answers, history and result as a game played act() by
    act(), where they ask through decide (one candidate or one label is still taken unasked)."""
    kinds: list = []
    plain = Engine.decide

    def watched(self, player, kind, prompt, actions, node=None):
        # a target among several that is not an `up-to N` choice (which offers `none` or `done`)
        one = kind == "target" and NO_TARGET not in actions and DONE not in actions
        kinds.append((kind if kind != "target" or one else "up-to", self.answer is not None and len(actions) > 1))
        return plain(self, player, kind, prompt, actions, node)
    monkeypatch.setattr(Engine, "decide", watched)
    for seed in range(3):
        game, bots = _random_game(rules, seed)
        game.play_out(lambda d: bots[d.player].choose(d, game), _picker(bots))
        asked = {step["kind"] for step in game.history}
        assert {"optional", "target"} <= asked  # both were asked in place ...
        assert not any(kind in ("optional", "target", "option") and in_place for kind, in_place in kinds)  # not decide
        slow, again = Game(rules, GameConfig("teen-titans-go", seed=seed), record=False), _random_game(rules, seed)[1]
        decision = slow.start()
        while decision is not None:
            decision = slow.act(again[decision.player].choose(decision, slow))
        assert slow.history == game.history and slow.result() == game.result()
    assert any(kind in ("optional", "target") and not in_place for kind, in_place in kinds)
