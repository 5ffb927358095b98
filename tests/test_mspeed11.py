"""The decision loop's shortcuts of issue #11 (mspeed11) against the forms they replace: a game
of random bots that keeps no log (Game.play_out's fewest steps: `pick` by player, no function
between) plays as the same bots act() by act(); the random bot's `pick` on Actions draws what
`choose` draws on their texts; `restricted()` and `chosen-ability` written out give what
TurnMixin.restricts and a walk of the dashboard's Abilities give.

Engine only (`engine_only`, the whole file): these shortcuts are the Mayhem engine's own and go
with it; the kernel's are held to their plain forms by tests/test_kernel_speed*.py and
tests/test_kernel_events_speed.py, and its games to the engine's rules by the 104 scenarios."""
from __future__ import annotations

from itertools import combinations
import random

import pytest

from mayhem.runtime import turn_words
from mayhem.runtime.actions import END_TURN, Action
from mayhem.runtime.bots import RandomBot, make_bot
from mayhem.runtime.decisions import Decision
from mayhem.runtime.engine import GameConfig
from mayhem.runtime.game import Game
from mayhem.runtime.simulate import _picker, play_one, seat_bots
from mayhem.runtime.state import Activation

pytestmark = pytest.mark.engine_only  # the engine's own shortcuts (the docstring)


def _by_act(rules, config: GameConfig) -> Game:
    names = seat_bots(rules, config.mode, ["random"])
    bots = {f"p{i + 1}": make_bot(n, config.seed * 7919 + i) for i, n in enumerate(names)}
    game = Game(rules, config)
    decision = game.start()
    while decision is not None:
        decision = game.act(bots[decision.player].choose(decision, game))
    return game


@pytest.mark.parametrize("box, mode", [("teen-titans-go", "standard"), ("looney-tunes", "standard"),
                                       ("looney-tunes", "four-players"), ("teen-titans-go", "free-for-all")])
def test_a_game_without_a_log_plays_as_the_same_bots_act_by_act(rules, box, mode):
    for seed in range(3):
        reference = _by_act(rules, GameConfig(box, seed=seed, mode=mode))
        names = seat_bots(rules, mode, ["random"])
        bots = {f"p{i + 1}": make_bot(n, seed * 7919 + i) for i, n in enumerate(names)}
        picks = _picker(bots)
        assert isinstance(picks, dict) and set(picks) == set(bots)  # by player, no function between
        game = Game(rules, GameConfig(box, seed=seed, mode=mode), record=False)
        game.play_out(lambda d: bots[d.player].choose(d, game), picks)
        assert len(game.history) > 20
        assert game.history == reference.history
        assert game.result() == reference.result()
        assert game.events == []  # nothing recorded
        result = play_one(rules, GameConfig(box, seed=seed, mode=mode), ["random"])
        assert result["decisions"] == len(reference.history)
        assert result["winners"] == reference.result()["winners"]


def test_play_out_takes_pick_as_one_function_or_by_player(rules):
    """The same game either way, with a log (the general answer) and without."""
    config = dict(box="looney-tunes", seed=5)
    played = []
    for record in (True, False):
        for by_player in (True, False):
            bots = {p: RandomBot(i) for i, p in enumerate(("p1", "p2"))}
            picks = {p: b.pick for p, b in bots.items()}
            pick = picks if by_player else (lambda player, kind, actions: picks[player](player, kind, actions))
            game = Game(rules, GameConfig(**config), record=record)
            game.play_out(lambda d: bots[d.player].choose(d, game), pick)
            played.append(game.history)
    assert len(played[0]) > 20 and all(h == played[0] for h in played)


def menus():  # made once the rules are loaded: their declared actions' forms print these
    return [
        [Action("move", ("hero", 3)), Action("resolve", ("hero", "a1")), END_TURN],
        [Action("move", ("hero", 3)), Action("move", ("hero", 4)), END_TURN],  # no Ability left to use
        [END_TURN, Action("resolve", ("hero", "a1"))],
        [Action("resolve", ("hero", "a1")), Action("use", ("hero", "s1")), END_TURN, Action("play", ("c1",))],
        [Action("resolve", ("hero", "a1"))],
    ]


@pytest.mark.parametrize("kind", ["turn", "die"])
def test_the_random_bots_pick_draws_what_choose_draws(rules, kind):
    MENUS = menus()
    for n, menu in enumerate(MENUS):
        for seed in range(20):
            a, b = RandomBot(seed), RandomBot(seed)
            for _ in range(5):  # the two generators stay in step
                texts = [str(x) for x in menu]
                chosen = a.choose(Decision("p1", kind, "?", texts), None)
                picked = b.pick("p1", kind, menu)
                assert str(picked) == chosen, (n, seed)
            if kind == "turn" and n in (0, 2, 3):
                assert END_TURN not in {a.pick("p1", kind, menu) for _ in range(30)}
            assert len(menu) == len(MENUS[n]) and (END_TURN in menu) == (END_TURN in MENUS[n])  # not changed


def test_restricted_written_out_is_restricts_for_every_set_of_tokens(rules):
    game = Game(rules, GameConfig("teen-titans-go", seed=3))
    decision = game.start()
    while decision is not None and decision.kind != "turn":
        decision = game.act(decision.actions[0])
    eng = game.engine
    fig = next(f for f in eng.state.figures.values() if f.kind == "character")
    kinds = sorted(eng.rules.tokens)
    whats = {"no-move", "no-ability", "no-special", "move-or-ability", "nothing-of-the-kind"}
    for tok in kinds:
        whats.update(eng._restricted_by(tok))
    assert not turn_words.restricted(eng, None, "not a figure", "no-move")
    fig.tokens.clear()
    assert not any(turn_words.restricted(eng, None, fig, what) for what in whats)
    said = 0
    for n, held in enumerate([(t,) for t in kinds] + list(combinations(kinds, 2))):
        fig.tokens.clear()
        for i, tok in enumerate(held):
            fig.tokens[(tok, None, None)] = 0 if i == 1 and n % 3 == 0 else 1
        for what in whats:
            written = turn_words.restricted(eng, None, fig, what)
            assert written == eng.restricts(fig, what), (held, what)
            said += written
    assert said > 0


def test_chosen_ability_is_the_dashboards_ability_of_the_dies_id(rules):
    """At every turn decision of seeded games (both boxes), and for an id no Ability has."""
    checked = 0
    for box in ("teen-titans-go", "looney-tunes"):
        game = Game(rules, GameConfig(box, seed=2))
        eng = game.engine
        rng = random.Random(1)
        decision = game.start()
        while decision is not None:
            act = eng.state.active
            if act is not None:
                fig = eng.state.figures[act.figure]
                naive = next((a for a in eng.abilities(fig) if a["id"] == act.ability), None)
                assert turn_words.chosen_ability(eng, None) is naive
                checked += naive is not None
            decision = game.act(rng.choice(decision.actions))
        fig = next(f for f in eng.state.figures.values() if f.kind == "character")
        eng.state.active = Activation(fig.key, "no-such-ability", 1, 0)
        assert turn_words.chosen_ability(eng, None) is None
        eng.state.active = None
        assert turn_words.chosen_ability(eng, None) is None
    assert checked > 50


def test_special_of_is_the_dashboards_special_ability_known_or_not(rules):
    """special-of written out: before and after the dashboard's entry is made, for every figure
    of both boxes, and for a value that is no figure."""
    checked = 0
    for box in ("teen-titans-go", "looney-tunes"):
        game = Game(rules, GameConfig(box, seed=4))
        decision = game.start()
        while decision is not None and decision.kind != "turn":
            decision = game.act(decision.actions[0])
        eng = game.engine
        for fig in eng.state.figures.values():
            naive = next((c for c in fig.side["children"] if c["kind"] == "special-ability"), None)
            eng._specials.pop(fig.side["qid"], None)
            assert turn_words.special_of(eng, None, fig) is naive  # unknown: found and kept
            assert fig.side["qid"] in eng._specials
            assert turn_words.special_of(eng, None, fig) is naive  # known
            checked += naive is not None
        assert turn_words.special_of(eng, None, "not a figure") is None
        assert turn_words.special_of(eng, None, None) is None
    assert checked > 2


def test_pick_draws_rng_choice_for_every_length_and_leaves_the_generator_where_it_does(rules):
    """pick's index written out against random.Random.choice: every menu length from 1 to 40
    (lengths a power of two and just above it included: the redraws), the generators in step."""
    a, b = RandomBot(11), RandomBot(11)
    for n in list(range(1, 41)) * 5:
        menu = [Action("move", (f"f{i}", 0)) for i in range(n)]
        assert a.pick("p1", "die", menu) is b.rng.choice(menu)
    assert a.rng.getstate() == b.rng.getstate()

    class Other(random.Random):  # a generator of another kind: its own choice
        def choice(self, seq):
            return seq[-1]
    c = RandomBot(0)
    c.rng = Other(0)
    assert c.pick("p1", "die", menus()[0]) == menus()[0][-1]
