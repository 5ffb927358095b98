"""What the Mayhem Activation needs of the kernel, proven by the lab game Squads
(tests/fixtures/kernel/squads): a die whose faces are printed by the box with an icon on some
(`faces-from`, `"3*"`), the game's own die rolled for all (`effect-die`, `roll(omen)` without
`of`) and read by `shows-icon`, which feeds `resolve-ability`'s `mayhem:` flag; and an action's
printed `form` (`place 4 gale/gust`, as the Mayhem `place-die` prints), its strings printed and
read back by runtime/actions.py's one printer and parser. The scenarios are in
tests/fixtures/kernel/squads-scenarios (run by tests/test_kernel_dashboards.py); here, the content
changed plays differently, and random games keep each rule's invariant."""
from __future__ import annotations

from pathlib import Path
import random
import shutil

import pytest

from mayhem.runtime.actions import declared_form
from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel.rules import KernelError
from mayhem.runtime.kernel.structure import IllegalKernelAction
from game_helpers import lab_ir as _compile, play_random as _play

SQUADS = Path(__file__).resolve().parent / "fixtures" / "kernel" / "squads"


@pytest.fixture(scope="module")
def squads():
    return load_game_rules(_compile(SQUADS), "squads")


def _changed(tmp_path, *changes: tuple[str, str]):
    copy = tmp_path / "squads"
    shutil.copytree(SQUADS, copy)
    source = copy / "squads.mh"
    text = source.read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new)
    source.write_text(text, encoding="utf-8")
    return load_game_rules(_compile(copy), "squads")


def _games(rules, seeds=range(60)) -> list[KernelGame]:
    games = []
    for seed in seeds:
        game = KernelGame(rules, KernelConfig(players=2 + seed % 3, seed=seed))
        _play(game, seed)
        games.append(game)
    return games


# -- 1. a die whose faces show an icon, the game's own die, and the `mayhem:` flag -----------------

def test_the_omen_die_reads_its_faces_as_the_box_prints_them(squads):
    assert squads.dice["omen"] == [1, 1, 2, 2, 3, 3]
    assert squads.printed["omen"] == ["1", "1*", "2", "2", "3", "3*"]
    assert squads.effect_die == "omen" and "d6" not in squads.printed  # a die without an icon keeps its numbers


def test_the_omen_die_is_rolled_for_all_each_round_and_its_icon_comes_as_often_as_printed(squads):
    """Every round's start logs one `omen-die` line, a face as printed; the die is owned by none,
    not in any Team's pool; a third of the rolls show the icon (2 faces of 6)."""
    faces = []
    for game in _games(squads):
        rounds = sum(e["event"] == "round-start" for e in game.state.log)
        rolled = [e["face"] for e in game.state.log if e["event"] == "omen-die"]
        assert len(rolled) == rounds and set(rolled) <= {"1", "1*", "2", "3", "3*"}
        assert game.state.dice["omen"]["owner"] is None
        last = rolled[-1]
        assert (game.state.dice["omen"]["value"], game.state.dice["omen"]["icon"]) == (int(last[0]), last.endswith("*"))
        faces += rolled
    share = sum(f.endswith("*") for f in faces) / len(faces)
    assert len(faces) > 300 and 0.25 < share < 0.42


def test_the_surge_comes_only_with_the_icon(squads, tmp_path):
    """The same game with no icon printed on the omen die (and Blaze's Kindle granting none) never
    resolves a `mayhem` effect; the lab's own does, and its games differ from then on."""
    plain = _changed(tmp_path, ('mayhem-die-faces ["1", "1*", "2", "2", "3", "3*"]',
                                'mayhem-die-faces ["1", "1", "2", "2", "3", "3"]'),
                     ('      grant-icon("omen")\n', '      gain(life, 1, on: self)\n'))
    assert "omen" not in plain.printed

    def surges(rules):
        return sum("mayhem" in e["effects"] for g in _games(rules) for e in g.state.log
                   if e["event"] == "resolve-ability")
    assert surges(plain) == 0 and surges(squads) > 0


def test_a_forced_roll_names_a_face_as_printed(squads):
    dealt = {"t1": ["blaze", "stone"], "t2": ["gale", "moss"]}
    game = KernelGame(squads, KernelConfig(players=2, seed=1, dashboards=dealt))
    game.state.forced["rolls"] = [4, 2, 6, 1, "3*"]
    game.start()
    assert game.state.log[[e["event"] for e in game.state.log].index("omen-die")]["face"] == "3*"
    bad = KernelGame(squads, KernelConfig(players=2, seed=1, dashboards=dealt))
    bad.state.forced["rolls"] = [4, 2, 6, 1, "4*"]
    with pytest.raises(KernelError, match=r"a forced roll of 4\* is no face of die 'omen'"):
        bad.start()


# -- 2. an action's printed form ------------------------------------------------------------------

def test_one_printer_and_one_parser_of_a_form():
    form = declared_form("place-die", ["figure", "ability", "value"], "{value:int} {figure}/{ability}")
    assert form.fill(["6", "robin", "staff-meeting"]) == "place-die 6 robin/staff-meeting"
    assert form.render((6, "robin", "staff-meeting")) == "place-die 6 robin/staff-meeting"
    assert form.read("place-die 6 robin/staff-meeting") == ("6", "robin", "staff-meeting")
    assert form.read("place-die robin staff-meeting 6") is None and form.read("place 6 robin/x") is None
    # a kernel game's verb may be one of the runtime's own questions (`place`): its answers are
    # read back from its legal list, not from the grammar
    with pytest.raises(ValueError, match=r"'place' is a verb of .*, printed 'place"):
        declared_form("place", ["figure", "location"], "{figure} {location:loc}")
    assert declared_form("place", ["figure", "location"], "{figure} {location:loc}", own=False).usage


def test_every_string_of_a_formed_action_is_of_its_form_and_names_what_it_does(squads):
    """Each `place` string is `place DIE HERO/ABILITY` and the die, hero and Ability it names are
    the action's arguments; each `use` string names the Active hero (`{figure}`, no parameter)."""
    form = declared_form("place", ["figure", "ability", "die"], "{die:int} {figure}/{ability}")
    placed = used = 0
    for seed in range(20):
        game = KernelGame(squads, KernelConfig(players=2 + seed % 3, seed=seed))
        decision, rnd = game.start(), random.Random(seed)
        while decision is not None:
            for action in game._legal if decision.actions is game._texts else []:
                if action.verb == "place":
                    die, hero, ability = form.read(action.text)
                    figure, part, rolled = action.args
                    assert (hero, ability, int(die)) == (figure, game.card_id(part), game.state.dice[rolled]["value"])
                    placed += 1
                elif action.verb == "use":
                    assert action.text == f"use {game.state.active_figure}/{game.card_id(action.args[0])}"
                    used += 1
            decision = game.act(rnd.choice(decision.actions))
    assert placed > 500 and used > 0


def test_the_form_changes_the_strings_not_the_game(squads, tmp_path):
    """Without its form, `place` prints its parameters in order (`place gale gust 4`): the same
    placements at every decision of the same seeded games, the same winners."""
    plain = _changed(tmp_path, ('    form "{die:int} {figure}/{ability}"\n', ""), ('    form "{figure}/{knack}"\n', ""))

    def unformed(text: str) -> str:
        verb, _, rest = text.partition(" ")
        if verb == "place":
            die, hero_part = rest.split(" ")
            return f"place {hero_part.replace('/', ' ')} {die}"
        return f"use {rest.split('/')[1]}" if verb == "use" else text
    for a, b in zip(_games(squads, range(12)), _games(plain, range(12))):
        assert [unformed(e["action"]) for e in a.state.log if e["event"] == "action"] == \
            [e["action"] for e in b.state.log if e["event"] == "action"]
        assert a.state.result == b.state.result


def test_a_string_not_of_the_form_is_told_how_it_is_written(squads):
    game = KernelGame(squads, KernelConfig(players=2, seed=3))
    game.start()
    with pytest.raises(IllegalKernelAction, match=r"'place' is written 'place N \w+/\w+'"):
        game.act("place gale gust 4")
    with pytest.raises(IllegalKernelAction) as caught:
        game.act("place 9 gale/gust")  # of the form, but not legal: no hint of the form
    assert "written" not in str(caught.value)


# -- 3. two-sided dashboards ------------------------------------------------------------------------

TWIN = {"t1": ["twin", "moss"], "t2": ["blaze", "gale"]}


@pytest.mark.parametrize("side, life, talent, other", [("a", 4, "flare", "wall"), ("b", 7, "wall", "flare")])
def test_the_side_chosen_at_setup_gives_the_hero_its_life_and_talents(squads, side, life, talent, other):
    game = KernelGame(squads, KernelConfig(players=2, seed=5, dashboards=TWIN))
    decision = game.start()
    assert (decision.kind, decision.player, decision.actions) == ("side", "p1", ["side twin a", "side twin b"])
    assert game.state.zones.get("talent/twin", []) == []  # no talent before its side
    decision = game.act(f"side twin {side}")
    assert game.state.counters["life/twin"] == life
    assert [game.card_id(uid) for uid in game.state.zones["talent/twin"]] == [talent]
    assert {"event": "side", "figure": "twin", "side": side, "player": "p1"} in game.state.log
    offered = set()
    rnd = random.Random(5)
    while decision is not None:
        offered |= {a.split()[2] for a in decision.actions if a.startswith("place ") and "twin/" in a}
        decision = game.act(rnd.choice(decision.actions))
    assert offered <= {f"twin/{talent}"} and f"twin/{other}" not in offered


def test_a_side_given_is_not_asked_and_a_game_without_a_two_sided_hero_asks_nothing(squads):
    given = KernelGame(squads, KernelConfig(players=2, seed=5, dashboards=TWIN, sides={"twin": "b"}))
    assert given.start().kind == "action" and given.state.counters["life/twin"] == 7
    plain = KernelGame(squads, KernelConfig(players=2, seed=5, dashboards={"t1": ["stone", "moss"],
                                                                            "t2": ["blaze", "gale"]}))
    assert plain.start().kind == "action" and not any(e["event"] == "side" for e in plain.state.log)


def test_a_clone_at_the_side_question_plays_on_as_the_game(squads):
    game = KernelGame(squads, KernelConfig(players=2, seed=5, dashboards=TWIN))
    game.start()
    twin = game.clone()
    for g in (game, twin):
        decision, rnd = g.act("side twin a"), random.Random(9)
        while decision is not None:
            decision = g.act(rnd.choice(decision.actions))
    assert twin.state.log == game.state.log and twin.state.result == game.state.result


def test_sides_need_choose_sides_in_the_setup(tmp_path):
    with pytest.raises(KernelError, match=r"must choose them: `choose-sides\(\)`"):
        _changed(tmp_path, ("  setup {\n    choose-sides()\n  }\n", ""))


# -- 4. a figure's card drafted rather than dealt ---------------------------------------------------

@pytest.fixture(scope="module")
def drafted(tmp_path_factory):
    """Squads whose setup drafts its heroes (`draft()` before `choose-sides()`)."""
    return _changed(tmp_path_factory.mktemp("drafted"), ("  setup {\n    choose-sides()",
                                                         "  setup {\n    draft()\n    choose-sides()"))


def test_the_players_pick_the_heroes_in_seat_order_each_for_their_team(drafted):
    for players in (2, 3, 4):
        game = KernelGame(drafted, KernelConfig(players=players, seed=players))
        decision, rnd, pickers = game.start(), random.Random(players), []
        assert not game.state.figures and decision.kind == "pick"
        while decision.kind in ("pick", "side"):
            if decision.kind == "pick":
                offered = [a.split()[1] for a in decision.actions]
                assert not set(offered) & set(game.state.figures)  # a picked hero is gone
                pickers.append(decision.player)
            decision = game.act(rnd.choice(decision.actions))
        state = game.state
        expected, have = [], {t: 0 for t in state.teams}  # round and round from p1, a full Team passed over
        for p in state.players * 4:
            if have[state.team_of(p)] < 2 and len(expected) < 4:
                expected.append(p)
                have[state.team_of(p)] += 1
        assert pickers == expected
        assert sorted(x["owner"] for x in state.figures.values()) == ["t1", "t1", "t2", "t2"]
        picks = [e for e in state.log if e["event"] == "pick"]
        assert [(e["player"], e["holder"]) for e in picks] == [(p, state.team_of(p)) for p in pickers]
        for e in picks:
            side = state.figures[e["card"]].get("side")
            printed = drafted.cards[side or state.figures[e["card"]]["card"]]
            assert state.counters[f"life/{e['card']}"] == printed.props["life"]


def test_a_drafted_game_plays_out_as_it_is_played_act_by_act(drafted):
    for seed in range(6):
        config = KernelConfig(players=2 + seed % 3, seed=seed)
        by_act, pick = KernelGame(drafted, config), random.Random(seed)
        decision = by_act.start()
        while decision is not None:
            decision = by_act.act(pick.choice(decision.actions))
        in_place, pick = KernelGame(drafted, config), random.Random(seed)
        in_place.play_out(lambda d: pick.choice(d.actions))
        assert in_place.history == by_act.history and in_place.state.to_json() == by_act.state.to_json()
        assert by_act.over and sum(h["kind"] == "pick" for h in by_act.history) == 4


def test_heroes_named_by_the_configuration_are_dealt_not_drafted(drafted, squads):
    game = KernelGame(drafted, KernelConfig(players=2, seed=1, dashboards={"t1": ["stone", "moss"],
                                                                            "t2": ["blaze", "gale"]}))
    assert game.start().kind == "action" and not any(e["event"] == "pick" for e in game.state.log)
    assert not squads.dash.drafted and drafted.dash.drafted


def test_an_action_of_no_parameter_prints_by_its_form_too(tmp_path):
    """`rest` with `form "{figure}"` prints the Active hero (`rest gale`) and still heals it."""
    rules = _changed(tmp_path, ('  action rest "Rest" {\n', '  action rest "Rest" {\n    form "{figure}"\n'))
    game = KernelGame(rules, KernelConfig(players=2, seed=1, dashboards={"t1": ["gale", "moss"],
                                                                         "t2": ["blaze", "stone"]}))
    decision = game.start()
    place = next(a for a in decision.actions if a.startswith("place ") and " gale/" in a)
    decision = game.act(place)
    assert "rest gale" in decision.actions and "rest" not in decision.actions
    life = game.state.counters["life/gale"]
    game.act("rest gale")
    assert game.state.counters["life/gale"] == min(life + 1, 9)
