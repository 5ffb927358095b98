"""A turn's menu as declared actions (issue #11, migration step 7): the die placed on an
Ability that starts a Team's turn and the actions of the Active Character's turn are `action`
declarations of the shared game (content/shared/game.mh), each with its parameters' domains,
its guard and its effect; the engine offers what they allow, in their order, and prints the
action strings it printed before.

The rulebooks: "Players are only allowed to play 1 Mayhem card each round." "Character
Activation icon: May be used any time during a Character's Activation." (Mayhem Cards)
"b. Free Move (optional) The player may choose to Move the Active Character
to an adjacent Location with an open Slot." "Finish Your Turn: After resolving all effects
of the Active Character's Ability, the player must then finish their turn." (Teen Titans GO!
Mayhem, Character Activation)

Engine only (`engine_only`): the tests that read the engine's turn machinery (its menus as printed
before, `game.engine`'s actions and Active Character, its events by name after content edits).
The kernel's turn is held by tests/test_kernel_turn_flow.py, test_kernel_activation.py and
test_kernel_card_windows.py, the Teams alternating and the round's end by
test_kernel_rounds.py, and its menus by the 104 Mayhem scenarios' `expect_options` and
`forbid_options`; left on the kernel: the content edits of place-die, move and end-turn replayed
on it (test_mayhem_fallback.py plays the forfeit on both)."""
from __future__ import annotations

import copy
import re
import shutil

import pytest

from mayhem.compiler import driver
from mayhem.runtime import declared_actions
from mayhem.runtime.actions import VERBS, Action
from mayhem.runtime.bots import RandomBot
from mayhem.runtime.engine import GameConfig
from mayhem.runtime.game import Game
from mayhem.runtime.rules import load_rules
from mayhem.runtime.switch import runtime_setting

from conftest import CONTENT
from test_mayhem_zones import game_comp

# Turn decisions of seeded games between random bots (box, seed, the n-th turn decision),
# with the legal actions as the engine printed them before the menu was declared (main at
# ca0f796): the order matters, a seeded bot picks by index.
BEFORE = [
    ("teen-titans-go", 3, 2, ["move robin L5", "move robin L6", "move robin L8", "move robin L10",
                              "resolve robin/staff-meeting", "use robin/team-leader", "end-turn"]),
    ("teen-titans-go", 3, 3, ["resolve robin/staff-meeting", "use robin/team-leader", "retrieve pizza", "end-turn"]),
    ("teen-titans-go", 11, 1, ["move raven L2", "move raven L6", "move raven L7", "resolve raven/telekinesis",
                               "play booby-trapped-couch", "play heavy-load", "play hot-sauce", "end-turn"]),
    ("looney-tunes", 5, 1, ["move elmer-fudd L1", "move elmer-fudd L2", "move elmer-fudd L4", "move elmer-fudd L6",
                            "move elmer-fudd L8", "move elmer-fudd L9", "resolve elmer-fudd/elephant-gun",
                            "play carrot-break", "play high-de-fence", "play mega-magnet", "play portable-hole",
                            "play tag-team", "end-turn"]),
    ("looney-tunes", 5, 15, ["move bugs-bunny L2", "move bugs-bunny L6", "move bugs-bunny L7",
                             "resolve bugs-bunny/tornado-in-the-box", "use bugs-bunny/rabbit-hole",
                             "play carrot-break", "play high-de-fence", "play portable-hole", "play tag-team",
                             "end-turn"]),
]


# The decisions that start a Team's turn (box, mode, seed, the n-th such decision), as main
# printed them before `place-die` was declared (fafc15f): every Character that may activate,
# each of its Abilities, each face of the Team's free dice, lowest first.
BEFORE_DIE = [
    ("teen-titans-go", "standard", 3, 2, ["place-die 2 robin/staff-meeting", "place-die 4 robin/staff-meeting",
                                          "place-die 2 robin/hero-reflexes", "place-die 4 robin/hero-reflexes",
                                          "place-die 2 cyborg/body-armor", "place-die 4 cyborg/body-armor",
                                          "place-die 2 cyborg/sonic-cannon", "place-die 4 cyborg/sonic-cannon"]),
    ("looney-tunes", "standard", 5, 1, ["place-die 2 elmer-fudd/elephant-gun", "place-die 2 elmer-fudd/poisoned-carrot",
                                        "place-die 2 bugs-bunny/slingshot", "place-die 2 bugs-bunny/tornado-in-the-box"]),
    ("teen-titans-go", "free-for-all", 7, 2, ["place-die 5 raven/telekinesis", "place-die 5 raven/soul-self"]),
]


def nth_turn(rules, box: str, seed: int, n: int, kind: str = "turn", mode: str = "standard"):
    """The game and its n-th decision of `kind` (a turn's), random bots playing from the seed."""
    game = Game(rules, GameConfig(box, seed=seed, mode=mode))
    bot = RandomBot(seed)
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
    assert result.ok, [f"{d.span}: {d.message}" for d in result.diagnostics.items]
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
    decls = declared_actions.declared_actions(rules)
    assert {d.verb for d in decls} <= set(VERBS)
    move = next(d for d in decls if d.verb == "move")
    assert move.slots == (-1, 0)  # `move CHARACTER Ln`: the acting figure, then the parameter
    place = next(d for d in decls if d.verb == "place-die")
    assert place.slots == (2, 0, 1)  # `place-die N CHARACTER/ABILITY`: value, figure, ability
    assert place.starts_turn and not move.starts_turn


# ---- the strings printed are the old ones ----------------------------------------------------

@pytest.mark.engine_only
@pytest.mark.parametrize("box,seed,n,expected", BEFORE, ids=[f"{b}-{s}-{n}" for b, s, n, _e in BEFORE])
def test_the_turn_menu_prints_what_it_printed_before(rules, box, seed, n, expected):
    _game, d = nth_turn(rules, box, seed, n)
    assert d.actions == expected


@pytest.mark.engine_only
@pytest.mark.parametrize("box,mode,seed,n,expected", BEFORE_DIE, ids=[f"{b}-{m}-{s}-{n}" for b, m, s, n, _e in BEFORE_DIE])
def test_the_die_placements_print_what_they_printed_before(rules, box, mode, seed, n, expected):
    _game, d = nth_turn(rules, box, seed, n, kind="die", mode=mode)
    assert d.actions == expected


@pytest.mark.engine_only
def test_a_die_placed_makes_the_active_character(rules):
    game, d = nth_turn(rules, "looney-tunes", 5, 1, kind="die")
    colour = next(c for c, t in game.state.teams.items() if d.player in t.players)
    game.act("place-die 2 bugs-bunny/slingshot")
    st = game.state
    assert (st.active.figure, st.active.ability, st.active.die, st.active_team) == \
        ("bugs-bunny", "slingshot", 2, colour)
    team = st.teams[colour]
    assert team.placed[st.active.die_index] and team.dice[st.active.die_index] == 2
    assert st.figures["bugs-bunny"].activations == ["slingshot"]
    logged = [e for e in game.events if e["event"] == "activate"][-1]
    assert (logged["figure"], logged["ability"], logged["die"]) == ("bugs-bunny", "slingshot", 2)
    assert logged["span"].startswith("shared/game.mh:")  # the placement is the game's action


def slot(rules, figure: str, ability: str) -> int:
    comp = next(c for c in rules.ir["components"] if c["kind"] == "character" and c["id"] == figure)
    ab = next(a for a in comp["children"] if a["kind"] == "ability" and a["id"] == ability)
    return ab["props"]["slot"]["value"]


@pytest.mark.engine_only
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


@pytest.mark.engine_only
def test_a_team_whose_place_die_allows_nothing_forfeits_a_die(rules, tmp_path):
    # a game where no die meets an Ability's slot: every such placement is refused, so a Team
    # whose dice meet no slot passes its turn, spending a die
    changed = compiled_copy(tmp_path, "effect when location-of(figure) != none and",
                            "effect when value > 6 and location-of(figure) != none and")
    game = Game(changed, GameConfig("teen-titans-go", seed=3))
    bot = RandomBot(3)
    d = game.start()
    while d is not None and d.kind not in ("die", "turn") and game.state.round < 2:
        d = game.act(bot.choose(d, game))
    forfeits = [e for e in game.events if e["event"] == "die-forfeit"]
    assert forfeits and not [e for e in game.events if e["event"] == "activate"]


@pytest.mark.engine_only
def test_a_declared_move_is_taken_by_its_effect(rules):
    game, d = first_turn_with_moves(rules)
    st = game.state
    fig = st.figures[st.active.figure]
    move = next(a for a in d.actions if a.startswith("move "))
    dest = Action.parse(move).location
    d = game.act(move)
    assert fig.location == dest and st.active.free_move_used and st.active.moved
    logged = [e for e in game.events if e["event"] == "move"][-1]
    assert (logged["figure"], logged["to"]) == (fig.key, f"L{dest + 1}")
    assert logged["span"].startswith("shared/game.mh:")  # the Move is the game's action
    # the free Move is spent: no second one
    assert d is not None and not any(a.startswith("move ") for a in d.actions)


@pytest.mark.engine_only
def test_end_turn_ends_the_turn(rules):
    game, d = first_turn_with_moves(rules)
    key = game.state.active.figure
    game.act("end-turn")
    ends = [e for e in game.events if e["event"] == "turn-end"]
    assert ends[-1]["figure"] == key
    assert game.state.active is None or game.state.active.figure != key


# ---- the rule is content: change it, and the legal actions change -----------------------------

@pytest.mark.engine_only
def test_a_move_domain_changed_in_content_changes_the_legal_moves(rules, tmp_path):
    # the first turn of the game: only dice were placed before, the same under both rules
    _game, d = nth_turn(rules, "teen-titans-go", 11, 1)
    before = [a for a in d.actions if a.startswith("move ")]
    assert before == ["move raven L2", "move raven L6", "move raven L7"]
    # a game whose free Move goes to any open Location, not only next door
    changed = compiled_copy(tmp_path, "action move \"Move\" (location = adjacent)",
                            "action move \"Move\" (location = anywhere)")
    game2, d2 = nth_turn(changed, "teen-titans-go", 11, 1)
    st = game2.state
    after = [a for a in d2.actions if a.startswith("move ")]
    assert after == [f"move raven L{i + 1}" for i in st.board.live() if game2.engine.is_open(i)]
    assert set(before) < set(after)


@pytest.mark.engine_only
def test_a_move_guard_changed_in_content_changes_the_legal_moves(rules, tmp_path):
    # a game whose free Move stays open after the Ability: drop `free-move-available`
    changed = compiled_copy(tmp_path, "effect when free-move-available and can-move(self)",
                            "effect when can-move(self)")
    for r, offered in ((rules, False), (changed, True)):
        game, d = nth_turn(r, "teen-titans-go", 11, 1)
        d = game.act(next(a for a in d.actions if a.startswith("resolve ")))
        while d is not None and d.kind != "turn":  # the Ability's own choices
            d = game.act(d.actions[0])
        assert game.state.active.ability_done
        assert any(a.startswith("move ") for a in d.actions) is offered


@pytest.mark.engine_only
def test_without_the_end_turn_effect_end_turn_ends_nothing(ir):
    doc = copy.deepcopy(ir)
    end = next(a for a in actions_of(doc) if a["id"] == "end-turn")
    end["effects"]["effect"]["body"] = []
    rules = load_rules(doc)
    game, d = first_turn_with_moves(rules)
    key = game.state.active.figure
    d = game.act("end-turn")
    assert game.state.active is not None and game.state.active.figure == key
    assert d.kind == "turn" and "end-turn" in d.actions


@pytest.mark.engine_only
def test_an_action_without_effect_is_an_error(ir):
    doc = copy.deepcopy(ir)
    end = next(a for a in actions_of(doc) if a["id"] == "end-turn")
    end["effects"] = {}
    rules = load_rules(doc)
    with pytest.raises(declared_actions.DeclarationError, match="'end-turn' declares no effect"):
        first_turn_with_moves(rules)


def play_options(d) -> list[str]:
    return [a for a in d.actions if a.startswith("play ")]


def after_playing_one(rules):
    """The Looney Tunes game of seed 5 at its first turn, once a Mayhem card is played: the
    turn decision that follows."""
    game, d = nth_turn(rules, "looney-tunes", 5, 1)
    first = play_options(d)[0]
    d = game.act(first)
    while d is not None and d.kind != "turn":  # the card's own choices
        d = game.act(d.actions[0])
    return game, first, d


@pytest.mark.engine_only
def test_a_card_played_is_the_teams_card_of_the_round(rules):
    game, first, d = after_playing_one(rules)
    team = game.state.teams[game.state.active_team]
    assert [c.split("/")[-1] for c in team.played_this_round] == [first.split()[1]]
    assert play_options(d) == []  # one Mayhem card a round


@pytest.mark.engine_only
def test_the_one_card_a_round_rule_is_content(rules, tmp_path):
    changed = compiled_copy(tmp_path, "effect when not card-played and can-play(card, \"activation\")",
                            "effect when can-play(card, \"activation\")")
    _game, first, d = after_playing_one(changed)
    _g, before = nth_turn(rules, "looney-tunes", 5, 1)
    # without the rule, the other Activation cards of the hand are still offered
    assert play_options(d) == [a for a in play_options(before) if a != first]
    assert len(play_options(d)) == 4


def turn_menu_with_card(rules, timing: str) -> tuple[list[str], dict]:
    """The play actions of the first turn of the Teen Titans GO! game of seed 11, once a
    Mayhem card of `timing` is put into the acting player's hand, and the hand's timings."""
    game, d = nth_turn(rules, "teen-titans-go", 11, 1)
    st = game.state
    hand = st.teams[st.active_team].hands[d.player]
    extra = next(q for q, c in sorted(game.rules.by_qid.items()) if c["kind"] == "mayhem-card" and q.startswith(
        "teen-titans-go/") and c["props"]["timing"]["value"] == timing and "effect" in c["effects"] and q not in hand)
    hand.append(extra)
    timings = {q.split("/")[-1]: game.rules.by_qid[q]["props"]["timing"]["value"] for q in hand}
    fig = st.figures[st.active.figure]
    options, _bound = declared_actions.menu(game.engine, fig, game.engine.fig_env(fig))
    return [a.card for a in options if a.verb == "play"], timings


@pytest.mark.engine_only
def test_the_timing_a_card_is_played_at_is_content(rules, tmp_path):
    offered, timings = turn_menu_with_card(rules, "round-start")
    assert offered and {timings[c] for c in offered} == {"activation"}
    changed = compiled_copy(tmp_path, "can-play(card, \"activation\")", "can-play(card, \"round-start\")")
    offered, timings = turn_menu_with_card(changed, "round-start")
    assert offered and {timings[c] for c in offered} == {"round-start"}


@pytest.mark.engine_only
def test_a_game_without_turn_actions_is_a_clear_error(ir):
    doc = copy.deepcopy(ir)
    game = game_comp(doc)
    # the die is still placed (the action that starts the turn), then the Active Character has none
    game["children"] = [c for c in game["children"] if c["kind"] != "action" or c["id"] == "place-die"]
    with pytest.raises(declared_actions.DeclarationError, match="declares none that is legal now"):
        first_turn_with_moves(load_rules(doc))


# ---- the turn order is content: `turn-order alternate-teams`, `round-ends` -------------------

def turns_of_round(rules, box: str, seed: int, round_: int) -> tuple[list[str], str]:
    """The Teams whose turns round `round_` of a seeded game of random bots played, in order
    (a turn: a die placed, or a die forfeited), and the Team that led the round."""
    game = Game(rules, GameConfig(box, seed=seed))
    bot = RandomBot(seed)
    d = game.start()
    while d is not None and game.state.round <= round_:
        d = game.act(bot.choose(d, game))
    owner = {k: c for c, t in game.state.teams.items() for k in t.characters}
    lead = next(e["team"] for e in game.events if e["event"] == "initiative" and e["round"] == round_)
    return [owner[e["figure"]] if e["event"] == "activate" else e["team"] for e in game.events
            if e["round"] == round_ and e["event"] in ("activate", "die-forfeit")], lead


@pytest.mark.engine_only
def test_the_teams_alternate_from_the_leading_team_until_every_die_is_spent(rules):
    # "Starting with the Team that won initiative, each player will alternate activating 1 of
    # their Characters until all Activation dice have been placed for the round." (Character
    # Activation)
    turns, lead = turns_of_round(rules, "teen-titans-go", 3, 1)
    assert len(turns) == 4 and turns[0] == lead
    assert turns[0::2] == [turns[0]] * 2 and turns[1::2] == [turns[1]] * 2 and turns[0] != turns[1]


@pytest.mark.engine_only
def test_a_round_of_one_turn_each_is_content(rules, tmp_path):
    # a game whose round's turns are over once each Team had one: one die each, the rest unused
    changed = compiled_copy(tmp_path, "round-ends all-passed", "round-ends one-turn-each")
    before, _lead = turns_of_round(rules, "teen-titans-go", 3, 1)
    after, _lead = turns_of_round(changed, "teen-titans-go", 3, 1)
    assert after == before[:2] and len(before) == 4


def test_another_turn_order_is_a_clear_error(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    game_mh = root / "shared" / "game.mh"
    game_mh.write_text(game_mh.read_text(encoding="utf-8").replace("turn-order alternate-teams",
                                                                    "turn-order clockwise"), encoding="utf-8")
    result = driver.compile_paths([root])
    errors = [d for d in result.diagnostics.items if d.code == "E205"]
    assert len(errors) == 1 and "plays `turn-order alternate-teams` only" in errors[0].message
    assert str(errors[0].span).startswith(str(game_mh)) or "game.mh" in str(errors[0].span)


def test_a_starting_action_that_activates_nothing_is_a_clear_error(ir):
    """An action that `starts-turn` whose effect makes no figure Active (the die never placed: the
    turn would never end) is an error at its declaration, on either runtime: the engine's
    DeclarationError, the kernel's KernelError with a hint (runtime/kernel/dashboards.py
    `started`), never a game that goes on for ever."""
    from mayhem.runtime.kernel.rules import KernelError
    doc = copy.deepcopy(ir)
    place = next(a for a in actions_of(doc) if a["id"] == "place-die")
    place["effects"]["effect"]["body"] = []  # the die is never placed: the turn would never end
    with pytest.raises(ValueError) as caught:
        nth_turn(load_rules(doc), "teen-titans-go", 3, 1)
    kernel = runtime_setting() == "kernel"
    assert isinstance(caught.value, KernelError if kernel else declared_actions.DeclarationError)
    text = str(caught.value)
    found = re.match(r"shared/game\.mh:(\d+):\d+-\d+:\d+: action 'place-die' starts a turn, but its effect made "
                     r"no (Active Character|figure Active)", text)
    assert found, text
    line = (CONTENT / "shared" / "game.mh").read_text(encoding="utf-8").splitlines()[int(found.group(1)) - 1]
    assert line.startswith("  action place-die ")
    assert not kernel or "\n  hint: make one Active in its effect, `activate(" in text
