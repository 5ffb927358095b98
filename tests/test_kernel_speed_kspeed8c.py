"""The kernel toward RLCard's UNO, eighth pass, resolving effects (docs/kernel.md, "Speed, eighth
pass: resolving effects"): each generated function is held against the plain code it replaces, over
seeded games of both Mayhem boxes (the same logs, histories, results and spans), and its source
against what it must and must not hold."""
from __future__ import annotations

import pytest

from mayhem.runtime.kernel import compile_made, compile_shared, compile_stmts, effects_made
from mayhem.runtime.kernel import load_game_rules
from mayhem.runtime.kernel.play import play_game

from kernel_speed_common import ROOT, at_first_die, parity_kernel

BOXES = ("teen-titans-go", "looney-tunes")
SEEDS = range(6)


@pytest.fixture(scope="module")
def ir():
    return parity_kernel.compile_named(ROOT / "content", BOXES)


def _games(ir, box: str, monkeypatch, **switches) -> tuple:
    """(the rules, seeded games of `box`) with the switches given (`module.NAME`: False) turned off,
    every compiled block and action made anew for them."""
    with monkeypatch.context() as m:
        m.setattr(compile_stmts, "_CACHE", {})
        for name, on in switches.items():
            module, flag = name.split("__")
            m.setattr(_MODULES[module], flag, [on])
        rules = load_game_rules(ir, box)
        games = [play_game(rules, parity_kernel.kernel_config(rules, ir, seed, max_turns=150), ["random"])
                 for seed in SEEDS]
    return rules, games


_MODULES = {"stmts": compile_stmts, "made": compile_made, "shared": compile_shared, "effects": effects_made}


def _same(made: list, plain: list) -> None:
    for a, b in zip(made, plain):
        assert a.state.log == b.state.log and a.history == b.history and a.state.result == b.state.result
        assert a.state.spans == b.state.spans


def _count(monkeypatch, cls, name: str) -> list:
    """Calls of cls.NAME counted in the list returned."""
    seen, real = [0], getattr(cls, name)

    def counted(*args, **kwargs):
        seen[0] += 1
        return real(*args, **kwargs)
    monkeypatch.setattr(cls, name, counted)
    return seen


# -- an action: one frame, its update written in ------------------------------------------------

@pytest.mark.parametrize("box", BOXES)
def test_an_action_with_its_update_written_in_plays_the_games_of_the_wrapper(ir, box, monkeypatch):
    """Each action's function carries the update after it (no `stepped` wrapper of finish.after_step
    around it), and seeded games are those played with the wrapper; the update ran after actions."""
    rules, made = _games(ir, box, monkeypatch)
    takes = {verb: compile_stmts.compiled_action(a, rules) for verb, a in rules.actions.items()}
    assert all(t.__code__.co_name == "take" and t.updated and "_update" in t.__code__.co_names
               for t in takes.values())
    plain_rules, plain = _games(ir, box, monkeypatch, stmts__ONE_FRAME=False)
    _same(made, plain)


def test_the_early_returns_of_an_action_run_its_update_too(ir):
    """A turn ended inside an action, and values not one per parameter, return through functions
    that run the update after what they do (the wrapper ran it after any return)."""
    rules = load_game_rules(ir, "teen-titans-go")
    take = compile_stmts.compiled_action(rules.actions["resolve"], rules)
    space = take.__globals__
    for name in ("_end_updated", "_general_updated"):
        assert "_update" in space[name].__code__.co_names
    assert "_end_updated" in take.__code__.co_names and "_general_updated" in take.__code__.co_names


# -- a part's effects: the end checked by its marks --------------------------------------------

@pytest.mark.parametrize("box", BOXES)
def test_the_end_checked_by_its_marks_after_an_effect_asks_the_end_as_often(ir, box, monkeypatch):
    """A part's function checks the end after each effect only where the end's marks changed:
    the same games, and the end condition asked as often, as with the check called each time."""
    import sys
    from mayhem.runtime.kernel.steps import Steps
    asked, real = [0, 0], Steps._end_asked

    def counted(game, run, parts):  # every ask, and those from a part's function (its end check)
        asked[0] += 1
        asked[1] += sys._getframe(2).f_code.co_name == "effects"
        return real(game, run, parts)
    monkeypatch.setattr(Steps, "_end_asked", counted)
    rules, made = _games(ir, box, monkeypatch)
    marked, asked[:] = tuple(asked), [0, 0]
    assert rules.dash.runs and all("_end_seen" in f.__code__.co_names for f in rules.dash.runs.values()
                                   if "check_end" in f.__code__.co_names)
    _rules, plain = _games(ir, box, monkeypatch, effects__MARKED=False)
    _same(made, plain)
    assert marked == tuple(asked) and marked[1] > 0


# -- resolve-ability written into its block, its repeated arguments read once --------------------

@pytest.mark.parametrize("box", BOXES)
def test_resolve_ability_written_out_plays_the_games_of_resolve_part(ir, box, monkeypatch):
    """`resolve-ability` written into the `resolve` action's function (no resolve_part frame) plays
    the games the call of dashboards.resolve_part played: its record, log line and effects."""
    monkeypatch.setattr(compile_stmts, "_CACHE", {})
    rules = load_game_rules(ir, box)
    game, decision = at_first_die(rules)  # one resolve: the figure's record marks it (`ability-used`)
    decision = game.act(next(a for a in decision.actions if a.startswith("place-die")))
    while not any(a.startswith("resolve") for a in decision.actions):
        decision = game.act(next(a for a in decision.actions if not a.startswith("end-turn")))
    figure = game.state.active_figure
    assert game.state.figures[figure].get("resolved") != game.state.turn
    game.act(next(a for a in decision.actions if a.startswith("resolve")))
    assert game.state.figures[figure]["resolved"] == game.state.turn
    rules, made = _games(ir, box, monkeypatch)
    from mayhem.runtime.kernel.dashboards import resolve_part
    take = compile_stmts.compiled_action(rules.actions["resolve"], rules)
    assert resolve_part not in take.__globals__.values() and "_part_function" not in take.__code__.co_names
    _rules, plain = _games(ir, box, monkeypatch, stmts__WRITTEN=False)
    _same(made, plain)
    lines = [e for g in made for e in g.state.log if e["event"] == "resolve-ability"]
    assert len(lines) > 30 and all(e["effects"] for e in lines)


@pytest.mark.parametrize("box", BOXES)
def test_a_repeated_pure_argument_read_once_plays_the_same_games(ir, box, monkeypatch):
    """`resolve`'s `activation-die >= slot-of(ability)`, written twice, is evaluated once: the
    function reads `activation-die` and `slot-of` once each, and the games are those evaluating
    each place."""
    from mayhem.runtime.kernel.dashboards import slot_of

    def slots(rules) -> int:  # the places slot-of is called from in the `resolve` action's function
        take = rules.__dict__.setdefault("_t", compile_stmts.compiled_action(rules.actions["resolve"], rules))
        return sum(v is slot_of for v in take.__globals__.values())
    rules, made = _games(ir, box, monkeypatch)
    assert slots(rules) == 1
    with monkeypatch.context() as m:
        m.setattr(compile_stmts, "_CACHE", {})
        m.setattr(compile_shared, "SHARE", [False])
        assert slots(load_game_rules(ir, box)) == 2
    _rules, plain = _games(ir, box, monkeypatch, shared__SHARE=False)
    _same(made, plain)


def _fn(name, **args):
    return {"e": "fn", "name": name, "args": args, "span": f"x.mh:{len(args)}:1-1:2"}


def test_only_surely_evaluated_pure_repeats_are_shared():
    """A repeat is shared where every argument is pure and each place is surely evaluated: not behind
    the first item of an `and`, not when an argument asks or draws."""
    from mayhem.runtime.kernel.compile_stmts import Locals
    die = {"e": "ctx", "name": "activation-die", "span": "a.mh:1:1-1:4"}
    die2 = dict(die, span="a.mh:2:1-2:4")  # the same expression at another place
    cmp = {"e": "cmp", "op": ">=", "l": die, "r": {"e": "num", "v": 3}}
    cmp2 = {"e": "cmp", "op": ">=", "l": die2, "r": {"e": "num", "v": 3}}
    icon = {"e": "ctx", "name": "round"}
    lines, args = compile_shared.shared_args({"a": cmp, "b": {"e": "and", "items": [cmp2, icon]}}, {}, Locals(), 1)
    assert len(lines) == 1 and args["a"]["e"] == "var" and args["b"]["items"][0] == args["a"]
    assert ">=" in lines[0] and "activation-die" in lines[0]  # the comparison whole, not its parts
    behind = {"e": "and", "items": [icon, cmp2]}  # evaluated only when `round` holds
    assert compile_shared.shared_args({"a": cmp, "b": behind}, {}, Locals(), 1) == ([], {"a": cmp, "b": behind})
    toss = _fn("coin-toss")
    assert compile_shared.shared_args({"a": cmp, "b": cmp2, "c": toss}, {}, Locals(), 1)[0] == []


# -- keywords written into their callers ------------------------------------------------------

@pytest.mark.parametrize("box", BOXES)
def test_keywords_written_in_play_the_games_of_the_keywords_functions(ir, box, monkeypatch):
    """A keyword's body written into its caller (its env made, the caller's put back, its locals
    named apart) plays the games its own function played; a part's functions call no keyword."""
    rules, made = _games(ir, box, monkeypatch)
    assert rules.dash.runs and not any("f" in f.__code__.co_names for f in rules.dash.runs.values())
    _rules, plain = _games(ir, box, monkeypatch, made__WRITE_IN=False)
    _same(made, plain)


def test_a_keyword_s_lines_name_their_locals_apart_and_put_the_env_back(ir):
    """The lines of a keyword written in: every local the body assigns has the call's suffix, the
    caller's env is put back last, the env is one dict display where the caller's contexts are
    known; a keyword inside itself is called, not written in."""
    import re
    rules = load_game_rules(ir, "teen-titans-go")
    stmt = next(s for _q, effects in rules.dash.effects.items() for _n, body, _w in effects for s in body
                if s.get("op") == "keyword" and rules.keywords[s["keyword"]]["params"])
    space = {"__rules__": rules}
    lines = compile_made.keyword_lines(stmt, space, ("ctx:me", "ctx:this-card"))
    assigned = set(re.findall(r"^\s*(_[a-z]{1,3}\d+\w*)\s*=", "\n".join(lines), re.M))
    assert assigned and all(re.search(r"\d_\d+$", name) for name in assigned)
    assert lines[0] == "_kwenv_1 = {'ctx:me': env['ctx:me'], 'ctx:this-card': env['ctx:this-card']}"
    assert lines[-1] == "env = _kwsaved_1"
    plain = compile_made.keyword_lines(stmt, {"__rules__": rules})
    assert plain[0] == "_kwenv_1 = {}" and plain[1].startswith("if 'ctx:me' in env")
    assert compile_made.keyword_lines(stmt, {"__rules__": rules, "__keywords__": (stmt["keyword"],)}) is None
    assert compile_made.keyword_lines(stmt, {}) is None  # no rules: read at the first call


# -- the hand and the card played: the pile of `me` read in place --------------------------------

@pytest.mark.parametrize("box", BOXES)
def test_card_played_and_my_hand_read_the_pile_as_cards_in(ir, box, monkeypatch):
    """`card-played` (the pile of `me` tested in place) and `my-hand` (cards_in's own list, not a
    copy of it) give, at every reading of seeded games, what piles.cards_in gives; a card was
    played in some, and the hand held cards."""
    from mayhem.runtime.kernel import record, relations
    from mayhem.runtime.kernel.piles import cards_in
    seen = {"played": 0, "held": 0, "asked": 0}

    def played(run, env):
        mine = record.card_played(run, env)
        zone = run.rules.game["props"]["play-to"]["value"]
        assert mine == bool(cards_in(run, env, zone, None))
        seen["played"] += mine
        seen["asked"] += 1
        return mine

    def hand(run, env):
        mine = record.my_hand(run, env)
        zone = run.rules.game["props"]["draw-to"]["value"]
        assert mine == list(cards_in(run, env, zone, None)) and all(mine is not z for z in run.state.zones.values())
        seen["held"] += bool(mine)
        return mine
    monkeypatch.setitem(relations.CONTEXT, "card-played", played)
    monkeypatch.setitem(relations.CONTEXT, "my-hand", hand)
    _games(ir, box, monkeypatch)
    assert seen["asked"] > 100 and seen["played"] > 0 and seen["held"] > 0
