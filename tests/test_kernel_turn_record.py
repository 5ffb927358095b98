"""What the turn and the round did, kept by the rules kernel as data on its figures, and the
shared words that read it (runtime/kernel/record.py; docs/kernel.md, "What the turn did"):
`chosen-ability`, `activation-die`, `ability-used` and `activated-this-round` on the lab game
Squads (its `resolve` reads the first three), `attack-target` on a copy of Squads whose Gust
assaults, `damage-on`, `all-ko-this-round`, `tagged`, `my-hand` and `card-played` on the lab
game Bastion (and a copy whose Sally is tagged), `restricted` on a copy of Squads with pieces."""
from __future__ import annotations

from pathlib import Path
import random
import shutil

import pytest

from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel.compile import compiled
from mayhem.runtime.kernel.effects import Run

from game_helpers import lab_copy_ir, lab_ir, play_random, run_kernel_scenario

HERE = Path(__file__).resolve().parent / "fixtures" / "kernel"


def _copy(tmp_path: Path, lab: str, *edits: tuple[str, str]) -> dict:
    """The IR of a copy of a lab game with each edit made once (game_helpers.lab_copy_ir)."""
    return lab_copy_ir(tmp_path, lab, *edits)


def _ctx(name: str) -> dict:
    return {"e": "ctx", "name": name, "span": None}


def _fn(name: str, **args) -> dict:
    return {"e": "fn", "name": name, "args": {k: {"e": "str", "v": v, "span": None} for k, v in args.items()},
            "span": None}


def _read(game: KernelGame, e: dict, me: str | None = None):
    return compiled(e)(Run(game, []), {"ctx:me": me or game.state.active})


def _scenario(ir: dict, text: str):
    result = run_kernel_scenario(ir, HERE / "squads-scenarios" / "record.toml", text)
    assert result.ok, "\n".join([result.name, *result.failures])
    return result


@pytest.fixture(scope="module")
def squads_ir():
    return lab_ir(HERE / "squads")


@pytest.fixture(scope="module")
def squads(squads_ir):
    return load_game_rules(squads_ir, "squads")


@pytest.fixture(scope="module")
def bastion():
    return load_game_rules(lab_ir(HERE / "bastion"), "bastion")


# -- the part, the die, the resolution, the figures made Active this round (Squads) ----------------

SETUP = '''[scenario]
name = "{name}"
box = "squads"
source = "authored: the lab game's place and resolve"

[setup]
players = 2
phase = "actions"
active = "p1"
lead = "t1"
dashboards = {{ "t1" = ["blaze", "stone"], "t2" = ["gale", "moss"] }}
dice = {{ "d6.t1" = [4], "d6.t2" = [6] }}
shown = {{ "omen" = 2 }}
'''


def test_the_part_and_die_of_the_turn_and_the_part_resolved_once(tmp_path):
    """A copy of Squads whose `resolve` does not end the turn: once the chosen part is resolved
    (`ability-used`), the menu offers it no more; the die placed (4) is `activation-die`, which
    meets Fireball's slot (4): its special effect comes too."""
    ir = _copy(tmp_path, "squads", ('''      resolve-ability(ability, special: met, mayhem: met and shows-icon("omen"))
      end-turn()''', '''      resolve-ability(ability, special: met, mayhem: met and shows-icon("omen"))'''))
    text = SETUP.format(name="resolved once") + '''
[[steps]]
action = "place 4 blaze/fireball"
expect = { "decision.actions" = ["resolve fireball", "use blaze/kindle", "rest"] }

[[steps]]
action = "resolve fireball"

[[steps]]
action = "target gale"

[[steps]]
action = "target gale"
expect = { "decision.actions" = ["use blaze/kindle", "rest"] }

[expect]
events = [{ event = "resolve-ability", figure = "blaze", card = "fireball", effects = ["standard", "special"] }]
'''
    _scenario(ir, text)
    again = text.replace("[expect]", '[[steps]]\naction = "resolve fireball"\n\n[expect]')
    result = run_kernel_scenario(ir, HERE / "squads-scenarios" / "record.toml", again)
    assert not result.ok and any("'resolve fireball' is not a legal action now" in f for f in result.failures), \
        result.failures


def test_random_games_read_the_turn_as_it_was_played(squads):
    """At every decision of seeded games: while a figure is Active, `chosen-ability` is the part of
    this turn's `activate` and `activation-die` the face of its die; before one is, none and 0;
    `activated-this-round()` is the figures of this round's `activate` lines, in order."""
    checked = 0
    for seed in range(30):
        game = KernelGame(squads, KernelConfig(players=2 + seed % 3, seed=seed))
        decision = game.start()
        rnd = random.Random(seed)
        while decision is not None:
            log = game.state.log
            starts = [i for i, e in enumerate(log) if e["event"] == "round-start"]
            this_round = log[starts[-1]:] if starts else log
            acts = [e for e in this_round if e["event"] == "activate"]
            assert _read(game, _fn("activated-this-round")) == [e["figure"] for e in acts]
            part, die = _read(game, _ctx("chosen-ability")), _read(game, _ctx("activation-die"))
            state = game.state
            if state.active_turn == state.turn and state.active_figure is not None:
                assert game.card_id(part) == acts[-1]["card"] and die == acts[-1]["die"]
                checked += 1
            else:
                assert (part, die) == (None, 0)
            decision = game.act(rnd.choice(decision.actions))
    assert checked > 200


# -- the target of the Active figure's assault (a copy of Squads) ------------------------------------

WOUNDS = (
    ("  effect-die omen\n", "  effect-die omen\n  damage-counter wounds\n"),
    ('''  counter life "Life" {''', '''  counter wounds "Wounds" {
    per figure
    min 0
    max 9
  }

  counter life "Life" {'''),
    ('''  talent gust "Gust" {
    slot 3
    standard {
      lose(life, 1, on: one figure in figures-of(foes(me)) where value(life, of: it) > 0)
    }''', '''  talent gust "Gust" {
    slot 3
    standard {
      assault(one figure in figures-of(foes(me)) where value(life, of: it) > 0, 1)
      lose(life, 2, on: attack-target)
    }'''),
)


def test_the_target_of_the_active_figure_s_assault(tmp_path):
    """Gust assaults a foe for 1 wound, then takes 2 Life from `attack-target`: the foe chosen;
    the assault is logged `by` the Active figure. Its special effect (the die 6 meets slot 3)
    takes 1 more from a foe chosen again."""
    ir = _copy(tmp_path, "squads", *WOUNDS)
    _scenario(ir, SETUP.format(name="the target of the assault").replace('"d6.t1" = [4], "d6.t2" = [6]',
                                                                          '"d6.t1" = [6], "d6.t2" = [6]')
              .replace('["blaze", "stone"], "t2" = ["gale", "moss"]', '["gale", "stone"], "t2" = ["blaze", "moss"]')
              + '''
[[steps]]
action = "place 6 gale/gust"

[[steps]]
action = "resolve gust"

[[steps]]
action = "target moss"

[[steps]]
action = "target blaze"

[expect]
"counters.wounds.moss" = 1
"counters.life.moss" = 5
"counters.life.blaze" = 5
events = [{ event = "assault", by = "gale", target = "moss", amount = 1 }]
''')


# -- damage, knock-outs, tags (Bastion) ---------------------------------------------------------------

def test_damage_on_and_knocked_out_this_round(bastion):
    """At every decision of seeded games, `damage-on(sentry)` is its wounds, and
    `all-ko-this-round(p)` holds exactly when the player's sentry was knocked out in this round
    (the log's `knock-out` after the round's start)."""
    fell = 0
    for seed in range(40):
        game = KernelGame(bastion, KernelConfig(players=2 + seed % 2, seed=seed))
        decision = game.start()
        rnd = random.Random(seed)
        while decision is not None:
            state = game.state
            for p in state.players:
                sentry = f"sentry-{p}"
                assert _read(game, _fn("damage-on", figure=sentry)) == state.counters.get(f"wounds/{sentry}", 0)
                starts = [i for i, e in enumerate(state.log) if e["event"] == "round-start"]
                now = any(e["event"] == "knock-out" and e["figure"] == sentry for e in state.log[starts[-1]:])
                assert _read(game, _fn("all-ko-this-round", team=p)) == now
                fell += now
            decision = game.act(rnd.choice(decision.actions))
    assert fell > 0


TAGGED = (
    ('''  # A sentry's mail blunts harm of 2 or more by 1.''', '''  # A fierce sally's harm is blunted by 1 more.
  rule calm "Calm" {
    on harm when tagged(fierce) {
      prevent(1)
    }
  }

  # A sentry's mail blunts harm of 2 or more by 1.'''),
    ('''    assault(figures-of(foe), amount)''', '''    assault(figures-of(foe), amount, tags: [fierce])'''),
    ('''card-type keep-card "Keep card" {''', '''tag fierce "Fierce" {
  source authored
}

card-type keep-card "Keep card" {'''),
)


def test_the_tags_of_the_damage_are_heard(tmp_path):
    """With the Sally tagged `fierce` and a rule that hears `tagged(fierce)`, the harm of the
    lab's scenario lands 1 less (1, not 2); the Strike's hit, untagged, is not changed."""
    scenario = HERE / "bastion-scenarios" / "a-sally-damages-a-sentry.toml"
    text = scenario.read_text(encoding="utf-8")
    ir = _copy(tmp_path, "bastion", *TAGGED)
    result = run_kernel_scenario(ir, scenario, text)
    assert not result.ok and any("wounds.sentry-p2" in f for f in result.failures), result.failures
    fiercer = (text.replace('"counters.wounds.sentry-p2" = 2', '"counters.wounds.sentry-p2" = 1')
               .replace('name = "harm", target = "sentry-p2", pending = 3, landed = 2',
                        'name = "harm", target = "sentry-p2", pending = 3, landed = 1')
               .replace('{ event = "damage", figure = "sentry-p2", amount = 2, total = 2 }',
                        '{ event = "damage", figure = "sentry-p2", amount = 1, total = 1 }')
               .replace('name = "harmed", target = "sentry-p2", pending = 2, landed = 2',
                        'name = "harmed", target = "sentry-p2", pending = 1, landed = 1'))
    assert fiercer != text
    result = run_kernel_scenario(ir, scenario, fiercer)
    assert result.ok, result.failures
    assert run_kernel_scenario(ir, HERE / "bastion-scenarios" / "a-hit-lands.toml").ok


def test_the_hand_and_the_card_played(bastion):
    """`my-hand` is `me`'s `draw-to` zone (`hand`), `card-played` whether `me`'s `play-to` zone
    (`played`) holds a card: not at a turn's start, yes once a card is played, not at the next."""
    game = KernelGame(bastion, KernelConfig(players=2, seed=4))
    decision = game.start()
    me = game.state.active
    assert _read(game, _ctx("my-hand")) == game.state.zones[f"hand/{me}"]
    assert _read(game, _ctx("my-hand"), me="p2") == game.state.zones["hand/p2"] != game.state.zones["hand/p1"]
    assert _read(game, _ctx("card-played")) is False
    play = next(a for a in decision.actions if a.startswith("play "))
    decision = game.act(play)
    while game.state.active == me and game.decision is not None and not any(
            a.startswith(("play ", "rest")) for a in game.decision.actions):
        game.act(game.decision.actions[0])  # a target, a reaction: the card's own questions
    if game.state.active == me:
        assert _read(game, _ctx("card-played"), me=me) is True
        assert _read(game, _ctx("card-played"), me="p2" if me == "p1" else "p1") is False
        game.act("rest")
    assert game.state.active != me and _read(game, _ctx("card-played"), me=me) is False


# -- a restriction a piece puts on its holder (a copy of Squads with pieces) ----------------------------

def test_restricted_reads_the_pieces_on_the_figure(tmp_path):
    from test_kernel_restrictions import SQUADS_PIECES
    ir = _copy(tmp_path, "squads", *SQUADS_PIECES)
    rules = load_game_rules(ir, "squads")
    game = KernelGame(rules, KernelConfig(players=2, seed=1))
    game.start()
    state = game.state
    figure = next(iter(state.figures))
    assert _read(game, _fn("restricted", figure=figure, what="numb")) is False
    uid = state.zones["supply"][0]
    state.zones["supply"].remove(uid)
    state.zones.setdefault(f"worn/{figure}", []).append(uid)
    state.places[uid] = f"worn/{figure}"
    assert _read(game, _fn("restricted", figure=figure, what="numb")) is True
    assert _read(game, _fn("restricted", figure=figure, what="rooted")) is False
    other = [f for f in state.figures if f != figure][0]
    assert _read(game, _fn("restricted", figure=other, what="numb")) is False


def test_the_record_is_data_a_clone_copies(squads):
    """The record lies on the figures' records in the state: a clone taken mid-game plays on to
    the same game, and changing the clone's record leaves the original's."""
    game = KernelGame(squads, KernelConfig(players=2, seed=3))
    play_random(game, 3, cap=6)
    twin = game.clone()
    acted = [f for f, fig in game.state.figures.items() if fig.get("acts")]
    assert acted
    twin.state.figures[acted[0]]["acts"] = ()
    assert game.state.figures[acted[0]]["acts"]


# -- a die and a piece spent in the turn (copies of Squads) -------------------------------------------

FORFEIT = HERE / "squads-scenarios" / "a-team-with-no-ability-to-take-its-die-forfeits-one.toml"


def test_a_die_forfeited_is_spent_until_the_round_ends(tmp_path):
    """Squads' fallback with `forfeit-die(die)` in place of `remove-dice(die)`: the lab's scenario
    plays the same (the die is free no more, t2 chooses next), logged `die-forfeit` with the Team
    and the face; the die lies on its Team until the round's end frees it."""
    ir = _copy(tmp_path, "squads", ("      remove-dice(die)\n", "      forfeit-die(die)\n"))
    text = FORFEIT.read_text(encoding="utf-8").replace(
        'events = [{ event = "action", player = "p1", action = "forfeit 5" }]',
        'events = [{ event = "action", player = "p1", action = "forfeit 5" }, '
        '{ event = "die-forfeit", team = "t1", die = 5 }]')
    result = run_kernel_scenario(ir, FORFEIT, text)
    assert result.ok, result.failures
    rules = load_game_rules(ir, "squads")
    spent = 0
    for seed in range(20):
        game = KernelGame(rules, KernelConfig(players=2 + seed % 3, seed=seed))
        decision = game.start()
        rnd = random.Random(seed)
        while decision is not None:
            before = len(game.state.log)
            decision = game.act(rnd.choice(decision.actions))
            for entry in game.state.log[before:]:
                if entry["event"] == "die-forfeit" and game.decision is not None and \
                        not any(e["event"] == "round-end" for e in game.state.log[before:]):
                    holder = entry["team"]
                    on_it = [x for x in game.state.dice.values() if x["on"] == holder]
                    assert any(x["value"] == entry["die"] for x in on_it)
                    spent += 1
    assert spent > 0


def test_a_piece_used_goes_back_to_its_pool_and_its_effect_runs(tmp_path):
    """A copy of Squads with pieces: a chill on the Active hero is used (`use-token`): it goes back
    to the supply, its effect gives the hero 1 Life, and the hero holds none to use again; a
    chill on a teammate is not the Active hero's to use."""
    from test_kernel_restrictions import SQUADS_PIECES
    from mayhem.runtime.kernel import scenario as ksc
    ir = _copy(tmp_path, "squads", *SQUADS_PIECES, ('''  restricts ids optional "The game's restrictions on its holder."
''', '''  restricts ids optional "The game's restrictions on its holder."
  effect effect game "What using it does."
'''), ('''  text "The hero it lies on is numb."
  placed-on figure''', '''  text "The hero it lies on is numb; used, it gives 1 Life."
  placed-on figure
  effect {
    gain(life, 1, on: self)
  }'''), ('''  # ... or rests instead: one Life back.''', '''  action spend "Use a piece" (token = tokens-on(self)) {
    form "{figure} {token}"
    effect {
      use-token(token)
    }
  }

  # ... or rests instead: one Life back.'''))
    rules = load_game_rules(ir, "squads")

    def turn(chilled: str):
        spec = {"scenario": {"name": "spend", "box": "squads"},
                "setup": {"players": 2, "phase": "actions", "active": "p1", "lead": "t1",
                          "dashboards": {"t1": ["stone", "moss"], "t2": ["gale", "blaze"]},
                          "dice": {"d6.t1": [5, 6], "d6.t2": [6]},
                          "zones": {f"worn.{chilled}": ["chill"]}, "keep_rest": True}}
        game, problems = ksc.build(rules, spec)
        assert problems == []
        game.start()
        return game, game.act("place 5 stone/smash")
    game, decision = turn("stone")
    assert "spend stone chill" in decision.actions
    life = game.state.counters["life/stone"]
    decision = game.act("spend stone chill")
    state = game.state
    assert state.counters["life/stone"] == life + 1 and state.zones.get("worn/stone") == []
    assert {"event": "use-token", "figure": "stone", "token": "chill"} in state.log
    assert [state.cards[u] for u in state.zones["supply"]].count("squads:token:chill") == 4  # all back
    assert not any(a.startswith("spend") for a in decision.actions)
    game, decision = turn("moss")
    assert not any(a.startswith("spend") for a in decision.actions)


def test_dice_rerolled_each_once_the_placed_one_read_anew(tmp_path):
    """A copy of Squads whose Blaze's Kindle says `reroll-dice()`: after `place 3 blaze/fireball`
    Blaze's player may roll again the omen die and t1's dice (its free 5, `reroll die-2`, and the 3
    placed this turn, `reroll die-1`), each once, until `done`; the placed die rolled to 6 meets
    Fireball's slot (4), so its special effect comes, which the 3 did not."""
    ir = _copy(tmp_path, "squads", ('''      grant-icon("omen")\n''', '''      reroll-dice()\n'''))
    text = SETUP.format(name="rerolled").replace('"d6.t1" = [4]', '"d6.t1" = [3, 5]') + '''
[[steps]]
action = "place 3 blaze/fireball"

[[steps]]
action = "use blaze/kindle"
expect = { "decision.actions" = ["reroll omen-die", "reroll die-1", "reroll die-2", "done"] }

[[steps]]
action = "reroll die-1"
rolls = [6]
expect = { "decision.actions" = ["reroll omen-die", "reroll die-2", "done"], events = [{ event = "reroll", team = "t1", die = 1, value = 6, placed = true }] }

[[steps]]
action = "reroll omen-die"
rolls = [2]
expect = { "decision.actions" = ["reroll die-2", "done"], "shown.omen" = "2" }

[[steps]]
action = "done"

[[steps]]
action = "resolve fireball"

[[steps]]
action = "target gale"

[[steps]]
action = "target gale"

[expect]
events = [{ event = "resolve-ability", figure = "blaze", card = "fireball", effects = ["standard", "special"] }]
'''
    _scenario(ir, text)
    rules = load_game_rules(ir, "squads")
    asked = 0
    for seed in range(30):  # random games: each die offered once, the answers among those offered
        game = KernelGame(rules, KernelConfig(players=2 + seed % 3, seed=seed))
        decision = game.start()
        rnd = random.Random(seed)
        while decision is not None:
            if decision.kind == "reroll":
                asked += 1
                assert decision.actions[-1] == "done" and len(set(decision.actions)) == len(decision.actions)
            decision = game.act(rnd.choice(decision.actions))
    assert asked > 0


# -- a card playable at a timing, when its guard holds (a copy of Bastion) -----------------------------

def test_a_card_is_playable_at_its_timing_when_its_guard_holds(tmp_path):
    """A copy of Bastion whose Mend prints `timing turn` and guards its effect (`effect when` the
    player's sentry has wounds), and whose `play` asks `can-play(card, "turn")` of such a card:
    at every decision of seeded games, `play mend` is offered exactly when the player holds a
    Mend and its sentry is wounded; `can-play` at another timing, or of a card without one, is no."""
    folder = tmp_path / "bastion"
    shutil.copytree(HERE / "bastion", folder)
    source = folder / "bastion.mh"
    text = source.read_text(encoding="utf-8")
    for old, new in (('''  wall int 0 "The card stays in play among your Ramparts"
''', '''  wall int 0 "The card stays in play among your Ramparts"
  timing id optional "When it may be played"
  effect effect game guarded "What playing it does"
'''), ('''    copies 1
    effect {
      remove-damage(figures-of(me), 2)''', '''    copies 1
    timing turn
    effect when damage-on(first(figures-of(me))) > 0 {
      remove-damage(figures-of(me), 2)'''), ('''    effect when value(plays) > 0 and prop(card, parry) == none {''',
                                              '''    effect when value(plays) > 0 and prop(card, parry) == none and
        (prop(card, timing) == none or can-play(card, "turn")) {''')):
        assert old in text, old
        text = text.replace(old, new)
    source.write_text(text, encoding="utf-8")
    rules = load_game_rules(lab_ir(folder), "bastion")
    offered = withheld = 0
    for seed in range(40):
        game = KernelGame(rules, KernelConfig(players=2, seed=seed))
        decision = game.start()
        rnd = random.Random(seed)
        while decision is not None:
            state = game.state
            me = decision.player
            if decision.kind == "action" and state.counters.get(f"plays/{me}", 0) > 0:
                holds = any(game.card_id(u) == "mend" for u in state.zones[f"hand/{me}"])
                wounded = state.counters.get(f"wounds/sentry-{me}", 0) > 0
                assert ("play mend" in decision.actions) == (holds and wounded)
                offered += holds and wounded
                withheld += holds and not wounded
                for uid in state.zones[f"hand/{me}"]:
                    expect = game.card_id(uid) == "mend" and wounded
                    assert _read(game, {"e": "fn", "name": "can-play", "span": None, "args": {
                        "card": {"e": "num", "v": uid, "span": None},
                        "timing": {"e": "str", "v": "turn", "span": None}}}, me=me) == expect
                    assert _read(game, {"e": "fn", "name": "can-play", "span": None, "args": {
                        "card": {"e": "num", "v": uid, "span": None},
                        "timing": {"e": "str", "v": "reaction", "span": None}}}, me=me) is False
            decision = game.act(rnd.choice(decision.actions))
    assert offered > 0 and withheld > 0


# -- the turn's bonus to its assaults, applied first (a copy of Squads) --------------------------------

BONUS = (*WOUNDS, ('''    special {
      lose(life, 1, on: one figure in figures-of(foes(me)) where value(life, of: it) > 0)
    }
  }

  talent cyclone "Cyclone" {''', '''    special {
      lose(life, 1, on: one figure in figures-of(foes(me)) where value(life, of: it) > 0)
      bonus(2)
    }
  }

  talent cyclone "Cyclone" {'''))

ASSAULT = '''
[[steps]]
action = "place {die} gale/gust"

[[steps]]
action = "resolve gust"

[[steps]]
action = "target moss"
'''


def _gust(ir, die: int, wounds: int, extra: str = "", logged: str = "") -> None:
    text = (SETUP.format(name="the bonus").replace('"d6.t1" = [4]', f'"d6.t1" = [{die}]')
            .replace('["blaze", "stone"], "t2" = ["gale", "moss"]', '["gale", "stone"], "t2" = ["blaze", "moss"]')
            + ASSAULT.format(die=die) + extra + f'''
[expect]
"counters.wounds.moss" = {wounds}
events = [{logged}{{ event = "assault", by = "gale", target = "moss", amount = {wounds} }}]
''')
    _scenario(ir, text)


def test_a_bonus_of_the_turn_is_added_to_its_assaults_whatever_its_place(tmp_path):
    """Gust's special effect says `bonus(2)` after its standard effect's assault: with the die 6
    (the special effect comes) the assault deals 1 + 2 wounds, the bonus logged first; with the
    die 2 it deals 1. A bonus `to: [fierce]` leaves an untagged assault as it is."""
    ir = _copy(tmp_path, "squads", *BONUS)
    _gust(ir, 6, 3, '\n[[steps]]\naction = "target blaze"\n', '{ event = "bonus", amount = 2 }, ')
    _gust(ir, 2, 1)
    scoped = _copy(tmp_path / "scoped", "squads", *BONUS[:-1], (BONUS[-1][0], BONUS[-1][1].replace(
        "bonus(2)", "bonus(2, to: [fierce])")), ('''# A hero: its Life''', '''tag fierce "Fierce" {
  source authored
}

# A hero: its Life'''))
    _gust(scoped, 6, 1, '\n[[steps]]\naction = "target blaze"\n')


def test_a_stack_placed_in_the_turn_carries_its_bonus_until_it_is_gone(tmp_path):
    """A copy of Squads with pieces whose Fireball places a chill on Blaze tagged `fierce` (its
    special effect, with the die 4, giving `bonus(2, to: [fierce])`, run first) and whose Kindle
    gives `bonus(1)` (used after it: the chill forbids `rest`): the stack
    carries 2 from its placing, 1 more from the Kindle; `stack-bonus` of the other Team's is 0; with the die 3 (no special effect) the
    stack carries the Kindle's 1 alone; once the chill is removed, nothing."""
    from test_kernel_restrictions import SQUADS_PIECES
    from mayhem.runtime.kernel import scenario as ksc
    from mayhem.runtime.kernel.pieces import remove_all
    ir = _copy(tmp_path, "squads", *SQUADS_PIECES, ('''    standard {
      lose(life, 1, on: one figure in figures-of(foes(me)) where value(life, of: it) > 0)
    }
    special {
      lose(life, 2, on: one figure in figures-of(foes(me)) where value(life, of: it) > 0)
    }
    # the surge''', '''    standard {
      place(chill, 1, on: self, tags: [fierce])
    }
    special {
      bonus(2, to: [fierce])
    }
    # the surge'''), ('''      grant-icon("omen")\n''', '''      bonus(1)\n'''), ('''      resolve-ability(ability, special: met, mayhem: met and shows-icon("omen"))
      end-turn()''', '''      resolve-ability(ability, special: met, mayhem: met and shows-icon("omen"))'''),
        ('''token chill "Chill" {''', '''tag fierce "Fierce" {
  source authored
}

token chill "Chill" {'''))
    rules = load_game_rules(ir, "squads")
    chill = {"e": "token", "name": "squads:token:chill", "span": None}

    def carried(game, of=None) -> int:
        args = {"token": chill, "on": {"e": "str", "v": "blaze", "span": None}}
        if of is not None:
            args["of"] = {"e": "str", "v": of, "span": None}
        return _read(game, {"e": "fn", "name": "stack-bonus", "args": args, "span": None}, me="p1")

    def turn(die: int):
        spec = {"scenario": {"name": "stack", "box": "squads"},
                "setup": {"players": 2, "phase": "actions", "active": "p1", "lead": "t1",
                          "dashboards": {"t1": ["blaze", "stone"], "t2": ["gale", "moss"]},
                          "dice": {"d6.t1": [die], "d6.t2": [6]}, "shown": {"omen": 2}}}
        game, problems = ksc.build(rules, spec)
        assert problems == []
        game.start()
        game.act(f"place {die} blaze/fireball")
        decision = game.act("resolve fireball")
        # then the Kindle, the one action left (the chill forbids `rest`; the dash, the free Move,
        # is gone once the Ability is resolved), taken without a question: p2's turn is asked
        assert decision is not None and decision.player == "p2", decision
        return game, [(e["event"], e.get("amount")) for e in game.state.log if e["event"] in ("bonus", "place")]
    game, order = turn(4)
    assert order == [("bonus", 2), ("place", None), ("bonus", 1)]
    assert (carried(game), carried(game, "t1"), carried(game, "t2")) == (3, 3, 0)
    game, order = turn(3)
    assert order == [("place", None), ("bonus", 1)] and carried(game) == 1
    remove_all(Run(game, []), {"ctx:me": "p1"}, "squads:token:chill", **{"from": "blaze"})
    assert carried(game) == 0


def test_a_reaction_hears_the_tags_too(tmp_path):
    """A copy of Bastion whose Parry answers harm to its player's sentry `tagged(fierce)`: a
    Sally tagged `fierce` offers p2 the Parry (`react parry`), which prevents it all; the same
    Sally untagged offers nothing."""
    from mayhem.runtime.kernel import scenario as ksc
    parry = ('''    on hit when target == me {
      prevent(pending)
    }''', '''    on harm when target == first(figures-of(me)) and tagged(fierce) {
      prevent(pending)
    }''')

    def sally(*edits):
        folder = tmp_path / f"bastion{len(edits)}"
        shutil.copytree(HERE / "bastion", folder)
        source = folder / "bastion.mh"
        text = source.read_text(encoding="utf-8")
        for old, new in edits:
            assert old in text, old
            text = text.replace(old, new)
        source.write_text(text, encoding="utf-8")
        rules = load_game_rules(lab_ir(folder), "bastion")
        spec = {"scenario": {"name": "parry", "box": "bastion"},
                "setup": {"players": 2, "active": "p1", "phase": "actions", "counters": {"plays.p1": 2},
                          "zones": {"hand.p1": ["sally", "blow"], "hand.p2": ["parry"]}}}
        game, problems = ksc.build(rules, spec)
        assert problems == []
        game.start()
        return game, game.act("play sally")
    game, decision = sally(parry, *TAGGED[1:])
    assert decision.player == "p2" and decision.actions == ["react parry", "pass"]
    game.act("react parry")
    assert game.state.counters.get("wounds/sentry-p2", 0) == 0
    game, decision = sally(parry, TAGGED[2])
    assert decision.player == "p1" and game.state.counters["wounds/sentry-p2"] == 2


def test_a_keyword_s_tags_are_its_primitives_tags(tmp_path):
    """The stack test's copy with Fireball's chill placed by a keyword `snare` that declares
    `tags [fierce]` (its `place` says none): the stack carries the `bonus(2, to: [fierce])`;
    the keyword without its tags, nothing."""
    from test_kernel_restrictions import SQUADS_PIECES
    from mayhem.runtime.kernel import scenario as ksc

    def carried(tags: str) -> int:
        ir = _copy(tmp_path / f"k{len(tags)}", "squads", *SQUADS_PIECES, ('''    standard {
      lose(life, 1, on: one figure in figures-of(foes(me)) where value(life, of: it) > 0)
    }
    special {
      lose(life, 2, on: one figure in figures-of(foes(me)) where value(life, of: it) > 0)
    }
    # the surge''', '''    standard {
      snare
    }
    special {
      bonus(2, to: [fierce])
    }
    # the surge'''), ('''token chill "Chill" {''', f'''tag fierce "Fierce" {{
  source authored
}}

keyword snare "Snare" {{
  source authored
  text "A chill on the hero."
  {tags}
  effect {{
    place(chill, 1, on: self)
  }}
}}

token chill "Chill" {{'''))
        rules = load_game_rules(ir, "squads")
        spec = {"scenario": {"name": "snare", "box": "squads"},
                "setup": {"players": 2, "phase": "actions", "active": "p1", "lead": "t1",
                          "dashboards": {"t1": ["blaze", "stone"], "t2": ["gale", "moss"]},
                          "dice": {"d6.t1": [4], "d6.t2": [6]}, "shown": {"omen": 2}}}
        game, problems = ksc.build(rules, spec)
        assert problems == []
        game.start()
        game.act("place 4 blaze/fireball")
        game.act("resolve fireball")  # the turn ends with it (the lab's resolve)
        assert any(e["event"] == "place" and e["on"] == "blaze" for e in game.state.log)
        return _read(game, {"e": "fn", "name": "stack-bonus", "span": None, "args": {
            "token": {"e": "token", "name": "squads:token:chill", "span": None},
            "on": {"e": "str", "v": "blaze", "span": None}}}, me="p1")
    assert carried("tags [fierce]") == 2
    assert carried("") == 0
