"""A turn's menu as declared actions (issue #11, migration step 7): the die placed on an
Ability that starts a Team's turn and the actions of the Active Character's turn are `action`
declarations of the shared game (content/shared/game.mh), each with its parameters' domains,
its guard and its effect; the kernel offers what they allow, in their order (each read here
through the view, the log and the legal actions, as a user sees them).

The rulebooks: "Players are only allowed to play 1 Mayhem card each round." "Character
Activation icon: May be used any time during a Character's Activation." (Mayhem Cards)
"b. Free Move (optional) The player may choose to Move the Active Character
to an adjacent Location with an open Slot." "Finish Your Turn: After resolving all effects
of the Active Character's Ability, the player must then finish their turn." (Teen Titans GO!
Mayhem, Character Activation)

The kernel's turn is also held by tests/test_kernel_turn_flow.py, test_kernel_activation.py
and test_kernel_card_windows.py, and its menus by the Mayhem scenarios' `expect_options` and
`forbid_options`; the forfeit by test_mayhem_fallback.py."""
from __future__ import annotations

import copy
import re
import shutil

import pytest

from mayhem.compiler import driver
from mayhem.runtime import Game, GameConfig, load_rules, make_bot
from mayhem.runtime.actions import VERBS, Action

from conftest import CONTENT
from test_mayhem_zones import game_comp

def nth_turn(rules, box: str, seed: int, n: int, kind: str = "turn", mode: str = "standard"):
    """The game and its n-th decision of `kind` (a turn's), random bots playing from the seed."""
    game = Game(rules, GameConfig(box, seed=seed, mode=mode))
    bot = make_bot("random", seed)
    d = game.start()
    seen = 0
    for _ in range(3000):  # (a game that never ends fails here, not hangs)
        if d is None:
            break
        if d.kind == kind:
            seen += 1
            if seen == n:
                return game, d
        d = game.act(bot.choose(d, game))
    raise AssertionError(f"{box} seed {seed} has no {kind} decision {n}")


def first_turn_with_moves(rules, seed: int = 11):
    for n in range(1, 40):
        game, d = nth_turn(rules, "teen-titans-go", seed, n)
        if any(a.startswith("move ") for a in d.actions):
            return game, d
    raise AssertionError("no turn with a Move")


def actions_of(ir: dict) -> list[dict]:
    return [c for c in game_comp(ir)["children"] if c["kind"] == "action"]


def compiled_copy(tmp_path, old: str, new: str):
    """The rules of a copy of the content whose game.mh has `old` replaced by `new`."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    game_mh = root / "shared" / "game.mh"
    text = game_mh.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    game_mh.write_text(text.replace(old, new), encoding="utf-8")
    result = driver.compile_paths([root])
    assert result.ok, [f"{d.code} {d.span}: {d.message}" for d in result.diagnostics.items]
    return load_rules(result.ir)


# ---- the declarations ------------------------------------------------------------------------

def test_the_turn_menu_is_declared_in_its_order(ir):
    acts = actions_of(ir)
    assert [a["id"] for a in acts] == ["place-die", "forfeit", "move", "resolve", "use", "play", "use-token",
                                       "retrieve", "end-turn"]
    # every verb's rule is content: an effect, with its guard
    assert all("effect" in a["effects"] for a in acts)
    assert [a["id"] for a in acts if a["props"].get("starts-turn")] == ["place-die"]
    assert [a["id"] for a in acts if a["props"].get("fallback")] == ["forfeit"]  # tests/test_mayhem_fallback.py
    move = acts[2]
    assert [p["name"] for p in move["params"]] == ["location"]
    assert (move["params"][0]["default"]["e"], move["params"][0]["default"]["name"]) == ("ctx", "adjacent")
    assert move["span"].startswith("shared/game.mh:")


def test_every_declared_verb_is_a_verb_of_the_action_grammar(rules):
    """The kernel plays the game's declarations: its actions are the game's, each a verb of the
    grammar, `move` and `place-die` printed with the acting figure and the die's value first."""
    from mayhem.runtime.actions import usage
    from mayhem.runtime.kernel import load_game_rules
    from mayhem.runtime.switch import kernel_ir
    played = load_game_rules(kernel_ir(rules.ir), "teen-titans-go").actions
    assert list(played) == [a["id"] for a in actions_of(rules.ir)]
    assert set(played) <= set(VERBS)
    assert [name for name, _domain in played["move"].params] == ["location"] and usage("move") == ["move CHARACTER Ln"]
    assert usage("place-die") == ["place-die N CHARACTER/ABILITY"]


# ---- the turn's actions, through the view and the log ----------------------------------------

def test_a_die_placed_makes_the_active_character(rules):
    game, d = nth_turn(rules, "looney-tunes", 5, 1, kind="die")
    colour = next(c for c, t in game.view()["teams"].items() if d.player in t["players"])
    placed = d.actions[0]
    action = Action.parse(placed)
    size = len(game.events)
    game.act(placed)
    seen = game.view()
    assert seen["active"] == action.figure
    assert seen["teams"][colour]["used"] == [action.value]
    logged = [e for e in game.events[size:] if e["event"] == "activate"]
    assert [(e["figure"], e["card"], e["die"]) for e in logged] == [(action.figure, action.ability, action.value)]


def slot(rules, figure: str, ability: str) -> int:
    comp = next(c for c in rules.ir["components"] if c["kind"] == "character" and c["id"] == figure)
    ab = next(a for a in comp["children"] if a["kind"] == "ability" and a["id"] == ability)
    return ab["props"]["slot"]["value"]


def test_a_place_die_guard_changed_in_content_changes_the_placements(rules, tmp_path):
    # a game where a die goes only on an Ability whose slot it meets
    changed = compiled_copy(tmp_path, "effect when location-of(figure) != none and",
                            "effect when value >= slot-of(ability) and location-of(figure) != none and")
    # the game's first placement: the same table and dice under both rules
    _g, before = nth_turn(rules, "teen-titans-go", 4, 1, kind="die")
    _g, after = nth_turn(changed, "teen-titans-go", 4, 1, kind="die")
    meets = [a for a in before.actions
             if Action.parse(a).value >= slot(rules, Action.parse(a).figure, Action.parse(a).ability)]
    assert after.actions == meets and 0 < len(meets) < len(before.actions)


def test_a_team_whose_place_die_allows_nothing_forfeits_a_die(rules, tmp_path):
    # a game where no die meets an Ability's slot: every such placement is refused, so a Team
    # whose dice meet no slot passes its turn, spending a die
    changed = compiled_copy(tmp_path, "effect when location-of(figure) != none and",
                            "effect when value > 6 and location-of(figure) != none and")
    game = Game(changed, GameConfig("teen-titans-go", seed=3))
    bot = make_bot("random", 3)
    d = game.start()
    while d is not None and game.view()["round"] < 2:
        assert not any(a.startswith("place-die ") for a in d.actions)
        d = game.act(bot.choose(d, game))
    assert game.view()["round"] == 2  # the first round ended: its dice were forfeited
    assert not [e for e in game.events if e["event"] == "activate"]


def test_a_declared_move_is_taken_by_its_effect(rules):
    game, d = first_turn_with_moves(rules)
    figure = game.view()["active"]
    move = next(a for a in d.actions if a.startswith("move "))
    d = game.act(move)
    assert game.view()["figures"][figure]["space"] == f"L{Action.parse(move).location + 1}"
    # the free Move is spent: no second one
    assert d is not None and not any(a.startswith("move ") for a in d.actions)


def test_end_turn_ends_the_turn(rules):
    game, d = first_turn_with_moves(rules)
    key = game.view()["active"]
    size = len(game.events)
    d = game.act("end-turn")
    assert [e.get("figure") for e in game.events[size:] if e["event"] == "turn-end"] == [key]
    assert d.kind == "die"  # the next Team places a die


# ---- the rule is content: change it, and the legal actions change -----------------------------

def test_a_move_domain_changed_in_content_changes_the_legal_moves(rules, tmp_path):
    # the first turn of the game: only dice were placed before, the same under both rules
    game, d = nth_turn(rules, "teen-titans-go", 11, 1)
    before = [a for a in d.actions if a.startswith("move ")]
    figure = game.view()["active"]
    here = game.view()["figures"][figure]["space"]
    assert before and {a.split()[-1] for a in before} <= set(game.view()["sides"][here])
    # a game whose free Move goes to any open Location, not only next door
    changed = compiled_copy(tmp_path, "action move \"Move\" (location = adjacent)",
                            "action move \"Move\" (location = anywhere)")
    game2, d2 = nth_turn(changed, "teen-titans-go", 11, 1)
    after = [a for a in d2.actions if a.startswith("move ")]
    assert game2.view()["active"] == figure and set(before) < set(after)
    assert {a.split()[-1] for a in after} - set(game2.view()["sides"][here]) - {here}


def test_a_move_guard_changed_in_content_changes_the_legal_moves(rules, tmp_path):
    # a game whose free Move stays open after the Ability: drop `free-move-available`
    changed = compiled_copy(tmp_path, "effect when free-move-available and can-move(self)",
                            "effect when can-move(self)")
    for r, offered in ((rules, False), (changed, True)):
        game, d = nth_turn(r, "teen-titans-go", 11, 1)
        figure = game.view()["active"]
        d = game.act(next(a for a in d.actions if a.startswith("resolve ")))
        while d is not None and d.kind not in ("turn", "die"):  # the Ability's own choices
            d = game.act(d.actions[0])
        # the turn goes on with a Move offered, or ends (nothing left but end-turn)
        assert (d.kind == "turn" and any(a.startswith(f"move {figure} ") for a in d.actions)) is offered


def test_without_the_end_turn_effect_end_turn_ends_nothing(ir):
    doc = copy.deepcopy(ir)
    end = next(a for a in actions_of(doc) if a["id"] == "end-turn")
    end["effects"]["effect"]["body"] = []
    rules = load_rules(doc)
    game, d = first_turn_with_moves(rules)
    key = game.view()["active"]
    d = game.act("end-turn")
    assert game.view()["active"] == key
    assert d.kind == "turn" and "end-turn" in d.actions


def play_options(d) -> list[str]:
    return [a for a in d.actions if a.startswith("play ")]


def after_playing_one(rules):
    """The Looney Tunes game of seed 5 at its fourth turn (five Activation cards in hand), once a
    Mayhem card is played: the turn decision that follows."""
    game, d = nth_turn(rules, "looney-tunes", 5, 4)
    first = play_options(d)[0]
    d = game.act(first)
    while d is not None and d.kind != "turn":  # the card's own choices
        d = game.act(d.actions[0])
    return game, first, d


def test_a_card_played_is_the_teams_card_of_the_round(rules):
    game, first, d = after_playing_one(rules)
    team = next(t for t in game.view()["teams"].values() if d.player in t["players"])
    assert [c.split("/")[-1] for c in team["played"]] == [first.split()[1]]
    assert play_options(d) == []  # one Mayhem card a round


def test_the_one_card_a_round_rule_is_content(rules, tmp_path):
    changed = compiled_copy(tmp_path, "effect when not card-played and can-play(card, \"activation\")",
                            "effect when can-play(card, \"activation\")")
    _game, first, d = after_playing_one(changed)
    _g, before = nth_turn(rules, "looney-tunes", 5, 4)
    # without the rule, the other Activation cards of the hand are still offered
    assert play_options(d) == [a for a in play_options(before) if a != first]
    assert len(play_options(d)) >= 2


def turn_plays(rules, seeds=range(4)) -> set[str]:
    """The timings of the cards offered by `play` in the turns of seeded Teen Titans GO! games."""
    timings = set()
    for seed in seeds:
        game = Game(rules, GameConfig("teen-titans-go", seed=seed, max_rounds=4))
        bot = make_bot("random", seed)
        d = game.start()
        while d is not None:
            if d.kind == "turn":
                timings |= {rules.by_qid[f"teen-titans-go/{a.split()[1]}"]["props"]["timing"]["value"]
                            for a in play_options(d)}
            d = game.act(bot.choose(d, game))
    return timings


def test_the_timing_a_card_is_played_at_is_content(rules, tmp_path):
    assert turn_plays(rules) == {"activation"}
    changed = compiled_copy(tmp_path, "can-play(card, \"activation\")", "can-play(card, \"round-start\")")
    assert turn_plays(changed) == {"round-start"}


# ---- the turn order is content: `turn-order alternate-teams`, `round-ends` -------------------

def turns_of_round(rules, box: str, seed: int, round_: int) -> tuple[list[str], str]:
    """The Teams whose turns round `round_` of a seeded game of random bots played, in order
    (a turn: a die placed, read from the log's `activate`), and the Team that led the round."""
    game = Game(rules, GameConfig(box, seed=seed))
    bot = make_bot("random", seed)
    d = game.start()
    turns, lead = [], None
    while d is not None and game.view()["round"] <= round_:
        seen = game.view()
        if seen["round"] == round_:
            lead = lead or seen["lead"]
            if d.kind == "die":
                size = len(game.events)
                d = game.act(bot.choose(d, game))
                if any(e["event"] == "activate" for e in game.events[size:]):
                    turns.append(next(c for c, t in seen["teams"].items() if seen["figures"][
                        game.view()["active"]]["team"] == c))
                continue
        d = game.act(bot.choose(d, game))
    return turns, lead


def test_the_teams_alternate_from_the_leading_team_until_every_die_is_spent(rules):
    # "Starting with the Team that won initiative, each player will alternate activating 1 of
    # their Characters until all Activation dice have been placed for the round." (Character
    # Activation)
    turns, lead = turns_of_round(rules, "teen-titans-go", 3, 1)
    assert len(turns) == 4 and turns[0] == lead
    assert turns[0::2] == [turns[0]] * 2 and turns[1::2] == [turns[1]] * 2 and turns[0] != turns[1]


def test_a_round_of_one_turn_each_is_content(rules, tmp_path):
    # a game whose round's turns are over once each Team had one: one die each, the rest unused
    changed = compiled_copy(tmp_path, "round-ends all-passed", "round-ends one-turn-each")
    before, _lead = turns_of_round(rules, "teen-titans-go", 3, 1)
    after, _lead = turns_of_round(changed, "teen-titans-go", 3, 1)
    assert after == before[:2] and len(before) == 4


def test_a_starting_action_that_activates_nothing_is_a_clear_error(ir):
    """An action that `starts-turn` whose effect makes no figure Active (the die never placed: the
    turn would never end) is an error at its declaration: the kernel's KernelError with a hint
    (runtime/kernel/dashboards.py `started`), never a game that goes on for ever."""
    from mayhem.runtime.kernel.rules import KernelError
    doc = copy.deepcopy(ir)
    place = next(a for a in actions_of(doc) if a["id"] == "place-die")
    place["effects"]["effect"]["body"] = []  # the die is never placed: the turn would never end
    with pytest.raises(ValueError) as caught:
        nth_turn(load_rules(doc), "teen-titans-go", 3, 1)
    assert isinstance(caught.value, KernelError)
    text = str(caught.value)
    found = re.match(r"shared/game\.mh:(\d+):\d+-\d+:\d+: action 'place-die' starts a turn, but its effect made "
                     r"no (Active Character|figure Active)", text)
    assert found, text
    line = (CONTENT / "shared" / "game.mh").read_text(encoding="utf-8").splitlines()[int(found.group(1)) - 1]
    assert line.startswith("  action place-die ")
    assert "\n  hint: make one Active in its effect, `activate(" in text
