"""The kernel toward RLCard's UNO, seventh pass, resolving effects (docs/kernel.md, "Speed, seventh
pass: resolving effects"): each mark, kept answer and generated function is held against the
plain computation it replaces, over seeded games of both Mayhem boxes."""
from __future__ import annotations

import pytest

from mayhem.runtime.kernel import load_game_rules
from mayhem.runtime.kernel import state as state_module
from mayhem.runtime.kernel.play import play_game

from kernel_speed_common import ROOT, parity_kernel, walked

BOXES = ("teen-titans-go", "looney-tunes")


@pytest.fixture(scope="module")
def ir():
    return parity_kernel.compile_named(ROOT / "content", BOXES)


def _play(ir, box: str, seeds, rules=None):
    rules = rules or load_game_rules(ir, box)
    return [play_game(rules, parity_kernel.kernel_config(rules, ir, seed, max_turns=150), ["random"]) for seed in seeds]


# -- the spans of the log's lines: one mark a statement, no walk ------------------------------

class _Stamping(list):
    """A state's marks that also stamp, at each mark, the old way (until December 4, 2026:
    `stamp_span` walked the lines logged since the statement's start and gave each its span
    where none was given yet): index -> (the line, its span), in `old`."""

    def __init__(self, state) -> None:
        super().__init__()
        self.state, self.old = state, {}

    def append(self, mark) -> None:
        last, _end, span = mark
        log = self.state.log
        for i in range(len(log) - 1, -1, -1):
            line = log[i]
            if line is last:
                break
            if i not in self.old or self.old[i][0] is not line:
                self.old[i] = (line, span)
        super().append(mark)


def _stamping(monkeypatch) -> list:
    made = []
    init = state_module.State.__init__

    def stamped(self, seed):
        init(self, seed)
        self.marks = _Stamping(self)
        made.append(self.marks)
    monkeypatch.setattr(state_module.State, "__init__", stamped)
    return made


def _old_spans(marks, log) -> dict:
    return {i: got for i, got in marks.old.items() if i < len(log) and log[i] is got[0]}


@pytest.mark.parametrize("box", BOXES)
def test_the_marks_give_each_line_the_span_the_walk_gave(ir, box, monkeypatch):
    """Over seeded games played out (ending inside a statement too) and a game answered a
    decision at a time (its steps replayed, the last try's lines cut), `State.spans` read from
    the marks is the walk's stamping, line by line, and most lines have one."""
    made = _stamping(monkeypatch)
    rules = load_game_rules(ir, box)
    games = _play(ir, box, range(4), rules)
    ended_inside = 0
    for game in games:
        marks = game.state.marks
        assert isinstance(marks, _Stamping)
        got, old = game.state.spans, _old_spans(marks, game.state.log)
        assert got == old
        assert len(got) > len(game.state.log) // 3
        if game.state.result["reason"] == "vp":  # the game ended inside a statement (GameOver): its
            assert len(game.state.log) - 1 in got  # `game-over` line stamped on the way out (stamp_span)
            ended_inside += 1
    assert ended_inside
    for game in walked(load_game_rules(ir, box), (1,), 120):
        pass
    state = game.state
    assert isinstance(state.marks, _Stamping) and state.turn > 5
    assert state.spans == _old_spans(state.marks, state.log)


# -- can-use: the uses of this turn or round, newest first ---------------------------------------

def _plain_can_use(run, env, part) -> bool:
    """`can-use(PART)` as it read until December 4, 2026: every use of the game scanned."""
    from mayhem.runtime.kernel.specials import _usable
    state = run.state
    whens, limit = _usable(run.rules, state.cards[part])
    if whens is not None:
        inner = {"ctx:me": env["ctx:me"], "ctx:this-card": part}
        if not any(when(run, inner) for when in whens):
            return False
    if limit is None:
        return True
    fig = state.figures.get(state.owners[part])
    at = 1 if limit == "turn" else 2 if limit == "round" else None
    now = state.turn if at == 1 else state.round
    return not any(mark[0] == part and (at is None or mark[at] == now) for mark in (fig or {}).get("used", ()))


@pytest.mark.parametrize("box", BOXES)
@pytest.mark.parametrize("forced", (None, "turn", "round", "game"))
def test_can_use_reads_the_uses_of_this_turn_or_round_as_the_plain_scan(ir, box, forced, monkeypatch):
    """At every decision of seeded games, `can-use` of every part of a figure that declares
    `once` says what the scan of every use said, with uses of earlier turns and rounds on the
    figures, and some part spent. The parts dealt in these games are used once per turn or game,
    and the Looney Tunes parts used once per round have no effect of their own (can-use says no
    before it reads the uses): `forced`, every such part is read as unguarded and used once per
    turn, round or game."""
    from mayhem.runtime.kernel import specials
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.specials import can_use
    if forced is not None:
        monkeypatch.setattr(specials, "_usable", lambda rules, qid: (None, forced))
    rules = load_game_rules(ir, box)
    limited = [q for q, c in rules.cards.items() if c.props.get("once")]
    assert {rules.cards[q].props["once"] for q in limited} >= ({"turn", "round"} if box == "looney-tunes" else
                                                                {"turn", "game"})
    asked = said_no = old_uses = 0
    for game in walked(rules, (0, 2, 4), 400):
        state, run = game.state, Run(game, [])
        env = {"ctx:me": state.active}
        for part, qid in enumerate(state.cards):
            if qid in limited and state.owners[part] in state.figures:
                got = can_use(run, env, ability=part)
                assert got == _plain_can_use(run, env, part), (qid, state.turn, state.round)
                asked += 1
                said_no += not got
        old_uses += any(m[1] != state.turn for fig in state.figures.values() for m in fig.get("used", ()))
        if state.turn % 7 == 0:  # on a copy: each part used in the turn before (of this round), then a use of
            copy = state.clone()  # this turn of another part: a use of this round found past another turn's
            run.state = copy  # (after the figure's own uses, in the order of use: turns and rounds never go back)
            for part, qid in enumerate(copy.cards):
                if qid in limited and copy.owners[part] in copy.figures:
                    fig = copy.figures[copy.owners[part]]
                    if any(m[1] >= copy.turn - 1 for m in fig.get("used", ())):
                        continue
                    fig["used"] = (*fig.get("used", ()), (part, copy.turn - 1, copy.round), (-1, copy.turn, copy.round))
                    got = can_use(run, env, ability=part)
                    assert got == _plain_can_use(run, env, part), (qid, "copy", copy.turn)
                    said_no += not got
    assert asked > 500 and said_no and old_uses


# -- a part's effects: one generated function --------------------------------------------------

def _plain_part_function(rules, qid: str):
    """A part's effects as dashboards.py ran them until December 4, 2026: a loop over the part's
    compiled blocks (its bonuses' first, where it has some: record.hoisted), one call a block."""
    from mayhem.runtime.kernel.compile import compiled
    from mayhem.runtime.kernel.compile_stmts import compiled_block
    from mayhem.runtime.kernel.record import hoisted
    effects = rules.dash.effects.get(qid, [])
    plan = hoisted(rules, qid, effects) if effects else None
    if plan is None:
        steps = [(name, None if when is None else compiled(when), compiled_block(body, rules))
                 for name, body, when in effects]

        def plain(run, me, part, given, done):
            for name, when, body in steps:
                if name in given and not given[name]:
                    continue
                inner = {"ctx:me": me, "ctx:this-card": part}
                if when is not None and not when(run, inner):
                    continue
                done.append(name)
                body(run, inner)
                run.game.check_end(run)
            return done
    else:
        steps = [(name, None if when is None else compiled(when), compiled_block(bonuses, rules),
                  compiled_block(rest, rules)) for name, bonuses, rest, when in plan]

        def plain(run, me, part, given, done):
            inner = {"ctx:me": me, "ctx:this-card": part}
            chosen = [(b, r) for name, when, b, r in steps
                      if not (name in given and not given[name]) and (when is None or when(run, inner))]
            done += [name for name, when, _b, _r in steps
                     if not (name in given and not given[name]) and (when is None or when(run, inner))]
            for bonuses, _rest in chosen:
                bonuses(run, inner)
            for _bonuses, rest in chosen:
                rest(run, inner)
                run.game.check_end(run)
            return done
    rules.dash.runs[qid] = plain
    return plain


@pytest.mark.parametrize("box", BOXES)
def test_a_part_s_effects_as_one_function_play_the_games_the_loop_played(ir, box, monkeypatch):
    """Seeded games whose parts run their generated function are the games whose parts ran the
    loop over their blocks: the same logs (the effects run, by name, in each `resolve-ability`
    and `use` line), histories and spans; parts with bonuses first, flags said no and guarded
    effects were among them."""
    from mayhem.runtime.kernel import dashboards
    from mayhem.runtime.kernel.record import hoisted
    seeds = range(6)
    made_rules = load_game_rules(ir, box)
    made = _play(ir, box, seeds, made_rules)
    assert made_rules.dash.runs and all(f.__code__.co_filename == "<string>" for f in made_rules.dash.runs.values())
    monkeypatch.setattr(dashboards, "part_function", _plain_part_function)
    plain_rules = load_game_rules(ir, box)
    plain = _play(ir, box, seeds, plain_rules)
    assert set(plain_rules.dash.runs) == set(made_rules.dash.runs)
    for a, b in zip(made, plain):
        assert a.state.log == b.state.log and a.history == b.history and a.state.result == b.state.result
        assert a.state.spans == b.state.spans
    dash = made_rules.dash
    assert any(hoisted(made_rules, q, dash.effects[q]) for q in dash.runs)  # some part has bonuses first
    lines = [e for g in made for e in g.state.log if e["event"] in ("resolve-ability", "use")]
    assert len(lines) > 50 and {e["event"] for e in lines} == {"resolve-ability", "use"}
    assert [e for e in lines if len(e["effects"]) == 1] and [e for e in lines if len(e["effects"]) > 1]  # flags: no, yes
    if box == "looney-tunes":  # a guarded effect (`special when COND`) among the parts run
        assert any(when is not None for q in dash.runs for _n, _b, when in dash.effects[q])


# -- the stacks a figure placed: those of earlier turns that carry nothing left out ------------

def _plain_placed(run, env, token, holder, tags) -> None:
    """record.placed as it read until December 4, 2026: every stack the figure placed kept."""
    from mayhem.runtime.kernel.record import _active, _as_list, assault_bonus
    fig = _active(run)
    if fig is None:
        return
    state = run.state
    me = env.get("ctx:me")
    side = state.team_by.get(me) if me in state.players and state.teams else me
    tags = tuple(dict.fromkeys((*_as_list(tags), *env.get("_effect-tags", ()))))
    add = assault_bonus(state, state.active_figure, tags)
    stacks, found = [], False
    for t, h, k, s, old, n in fig.get("stacks", ()):
        if (t, h, k, s) == (state.turn, holder, token, side):
            old, n, found = tuple(dict.fromkeys(old + tags)), n + add, True
        stacks.append((t, h, k, s, old, n))
    if not found:
        stacks.append((state.turn, holder, token, side, tags, add))
    fig["stacks"] = tuple(stacks)


def test_the_stacks_left_out_change_no_game_and_no_bonus(ir, monkeypatch):
    """Seeded Teen Titans GO! games (Traps placed on Locations, `stack-bonus` read by their
    damage) are the same with every stack kept; the stacks kept are those of this turn and those
    that carry a bonus, which some earlier turn's stacks do, and fewer than before."""
    from mayhem.runtime.kernel import pieces
    box, seeds = "teen-titans-go", range(8)
    pruned = _play(ir, box, seeds)
    monkeypatch.setattr(pieces, "placed", _plain_placed)
    kept = _play(ir, box, seeds)
    for a, b in zip(pruned, kept):
        assert a.state.log == b.state.log and a.history == b.history
    stacks = [(g.state, fig.get("stacks", ())) for g in pruned for fig in g.state.figures.values()]
    every = [(g.state, fig.get("stacks", ())) for g in kept for fig in g.state.figures.values()]
    assert sum(len(s) for _st, s in stacks) < sum(len(s) for _st, s in every)
    assert all(x[5] or x[0] == max(y[0] for y in s) for _st, s in stacks for x in s)
    assert any(x[5] and x[0] != st.turn for st, s in every for x in s)  # a bonus carried past its turn
    assert any(e["event"] == "raise" and e["name"] == "damage" for g in pruned for e in g.state.log)


# -- the dice on a figure's parts, read in C --------------------------------------------------

def _plain_activations(state, keys) -> int:
    return sum(1 for x in state.dice.values() if isinstance(x["on"], int) and state.places[x["on"]] in keys)


@pytest.mark.parametrize("box", BOXES)
def test_activations_and_activated_read_the_dice_as_the_plain_loops(ir, box):
    """At every decision of seeded games, for every figure and every part of every figure,
    `activations` and `activated` say what a loop over the dice said (activations: the dice on a
    part lying in the figure's zones; activated: a die on the part, the part the figure's), also
    on copies with a second die placed on a part that has one, and no die on any."""
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.figure_parts import _keys, activated, activations
    rules = load_game_rules(ir, box)
    seen, said = 0, set()
    for n, game in enumerate(walked(rules, (0, 3), 300)):
        states = [game.state]
        if n % 25 == 0:
            two, none = game.state.clone(), game.state.clone()
            placed = [x for x in two.dice.values() if isinstance(x["on"], int)]
            if placed:
                free = next((x for x in two.dice.values() if x["on"] is None), None)
                if free is not None:
                    free["on"] = placed[0]["on"]
            for x in none.dice.values():
                x["on"] = None
            states += [two, none]
        for state in states:
            run = Run(game, [])
            run.state = state
            parts = [uid for uid, owner in enumerate(state.owners) if owner in state.figures]
            for figure in state.figures:
                keys = _keys(run, figure) or ()
                got = activations(run, {}, figure)
                assert got == _plain_activations(state, keys), (figure, state.turn)
                said.add(got)
                for part in parts:
                    plain = any(x["on"] == part for x in state.dice.values()) and state.places[part] in keys
                    assert activated(run, {}, figure, ability=part) == plain
                    seen += plain
    assert seen and {0, 1, 2} <= said


@pytest.mark.parametrize("box", BOXES)
def test_activation_die_written_out_reads_as_turn_act(ir, box):
    """`activation-die` (record.chosen_die, turn_act's and _active's reads written out) is the
    face of the die turn_act finds, at every decision of seeded games, and on copies where the
    Active figure was made Active in an earlier turn or its die is gone."""
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.record import chosen_die, turn_act
    rules = load_game_rules(ir, box)
    faces = set()
    for n, game in enumerate(walked(rules, (0, 4), 300)):
        states = [game.state]
        if n % 10 == 0 and game.state.active_figure in game.state.figures:
            old, gone = game.state.clone(), game.state.clone()
            fig = old.figures[old.active_figure]
            fig["acts"] = tuple((t - 1, r, p, d) for t, r, p, d in fig.get("acts", ()))
            gone.dice.clear()
            states += [old, gone]
        for state in states:
            run = Run(game, [])
            run.state = state
            act = turn_act(run)
            x = state.dice.get(act[3]) if act is not None else None
            assert chosen_die(run, {}) == (x["value"] if x is not None else 0)
            faces.add(chosen_die(run, {}))
    assert len(faces) > 3
