"""The shared vocabulary's functions that kernel games play in general terms
(runtime/kernel/vocabulary.py): `location-of`, `adjacent-to`, `team-of`, `on-board`,
`unowned-figures`, `in-lead-order`, `next-team`, `dice-total`, `flagged` and `box-property`,
each read in a game of four seats in two Teams on a line of four spaces, and their words known
to the compiler in a game (a call with a wrong argument is an error, as in the boxes)."""
from pathlib import Path

import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel.compile import compiled
from mayhem.runtime.kernel.effects import Run
from mayhem.runtime.kernel.writers import mark

GAME = '''in box line

box line "Line" {
  source authored
  game line
  players 4
  win-vp 3

  pool flag "Flags" {
    count 2
  }
}

token-type token "Token" {
  source authored
  text "A kind of piece."
  requires [text]
  placed-on ids required "Where its pieces may lie."
  heavy flag "It slows its holder."
}

token flag "Flag" {
  source authored
  text "A flag."
  placed-on figure
  heavy
}

token pennant "Pennant" {
  source authored
  text "A light flag."
  placed-on figure
}

game line "Line" {
  source authored
  seats 4
  teams 2

  die d6 "Six-sided die" {
    faces 1..6
  }

  space a "A" { adjacent [b] }
  space b "B" { adjacent [a, c] }
  space c "C" { adjacent [b, d] }
  space d "D" { adjacent [c] }

  # p1 on a, p2 on d, p3 on b, p4 on c; p1 and p3 are t1, p2 and p4 are t2
  figure scout "Scout" {
    per player
    start [a, d, b, c]
  }

  zone supply "Supply" { pools }
  zone carried "On a scout" {
    per figure
    pieces
  }

  # each word read into a local, the test evaluates each `let`'s value
  action probe "Probe" {
    effect {
      let where = location-of(first(figures-of(me)))
      let beside = adjacent-to(first(figures-of(me)))
      let beside-space = adjacent-to(c)
      let team = team-of(last(figures-of(players)))
      let standing = on-board(figures-of(players))
      let loose = unowned-figures()
      let order = in-lead-order(teams)
      let seats = in-lead-order(players)
      let after = next-team(first(teams))
      let totals = dice-total(teams)
      let total = dice-total(last(teams))
      let heavy = flagged(flag, "heavy")
      let light = flagged(pennant, "heavy")
      let win = box-property("win-vp")
      let players = box-property("players")
      let carried = tokens-on(first(figures-of(me)))
      let carried-of = tokens-on(first(figures-of(me)), of: last(teams))
      let up = standing(last(teams))
      end-turn()
    }
  }
}
'''

NAMES = ("where", "beside", "beside-space", "team", "standing", "loose", "order", "seats", "after", "totals",
         "total", "heavy", "light", "win", "players", "carried", "carried-of", "up")


@pytest.fixture(scope="module")
def line(tmp_path_factory):
    root = tmp_path_factory.mktemp("line")
    (root / "mayhem.toml").write_text("[collection]\n")
    (root / "line.mh").write_text(GAME)
    result = driver.compile_paths([root])
    errors = [d for d in result.diagnostics.items if d.severity == "error"]
    assert not errors, [(e.code, e.message) for e in errors]
    return load_game_rules(result.ir, "line")


def _read(rules, state_change=None, me: str = "p1") -> dict:
    game = KernelGame(rules, KernelConfig(players=4, seed=1))
    game.start()
    if state_change is not None:
        state_change(game.state)
        mark(game.state)  # (figures' dicts written here: a new mark, as kernel/writers.py asks)
    run = Run(game, [])
    lets = {stmt["name"]: stmt["value"] for stmt in rules.actions["probe"].body if stmt["op"] == "let"}
    return {name: compiled(lets[name])(run, {"ctx:me": me}) for name in NAMES}


def _dice(state):
    """t1 holds a free 2 and 5 and a placed 6; t2 a free 4."""
    state.dice.update({
        "d6#1": {"type": "d6", "owner": "t1", "value": 2, "on": None},
        "d6#2": {"type": "d6", "owner": "t1", "value": 5, "on": None},
        "d6#3": {"type": "d6", "owner": "t1", "value": 6, "on": "a"},
        "d6#4": {"type": "d6", "owner": "t2", "value": 4, "on": None},
    })


def test_figures_spaces_and_teams(line):
    words = _read(line)
    assert words["where"] == "a" and words["beside"] == ["b"]  # p1's scout on a, next to b
    assert words["beside-space"] == ["b", "d"]  # a space's neighbours, as `adjacent`
    assert words["team"] == "t2"  # p4's scout
    assert words["standing"] == ["scout-p1", "scout-p2", "scout-p3", "scout-p4"]
    assert words["loose"] == []


def test_a_figure_off_the_board_or_of_no_one(line):
    def change(state):
        state.figures["scout-p1"]["space"] = None
        state.figures["scout-p4"]["owner"] = None
    words = _read(line, change)
    assert words["where"] is None and words["beside"] == []  # off the board: nowhere, next to nothing
    assert words["standing"] == ["scout-p2", "scout-p3"]  # p4's scout is no one's: not among the players'
    assert words["loose"] == ["scout-p4"] and words["team"] == "t1"  # the last of the players' is p3's


def test_teams_in_lead_order_and_after_one(line):
    words = _read(line, lambda s: setattr(s, "lead", "t2"))
    assert words["order"] == ["t2", "t1"] and words["seats"] == ["p2", "p3", "p4", "p1"]  # t2's first seat leads
    assert words["after"] == "t2"
    words = _read(line, lambda s: setattr(s, "lead", "p3"))  # a player leads: their Team, from their seat
    assert words["order"] == ["t1", "t2"] and words["seats"] == ["p3", "p4", "p1", "p2"]

    def t2_out(state):
        state.out.extend(["p2", "p4"])
    words = _read(line, t2_out)
    assert words["after"] == "t1"  # a Team with no player in the game is passed over
    assert words["up"] is False and _read(line)["up"] is True  # standing: a player of the Team still in


def test_the_tokens_on_a_holder_each_once(line):
    def flags_on_p1(state):
        for uid in list(state.zones["supply"]):  # both flags onto p1's scout, one of them owned by t2
            state.zones["supply"].remove(uid)
            state.zones.setdefault("carried/scout-p1", []).append(uid)
            state.places[uid] = "carried/scout-p1"
        state.owners[state.zones["carried/scout-p1"][0]] = "t2"
    assert (_read(line)["carried"], _read(line)["carried-of"]) == ([], [])
    words = _read(line, flags_on_p1)
    assert words["carried"] == ["line:token:flag"] and words["carried-of"] == ["line:token:flag"]
    def t1_s_flags_on_p1(state):
        flags_on_p1(state)
        for uid in state.zones["carried/scout-p1"]:
            state.owners[uid] = "t1"
    words = _read(line, t1_s_flags_on_p1)
    assert words["carried"] == ["line:token:flag"] and words["carried-of"] == []  # none of t2's


def test_dice_totals_count_the_free_dice(line):
    words = _read(line, _dice)
    assert words["totals"] == [7, 4]  # t1's placed 6 is not free
    assert words["total"] == 4


def test_a_token_s_flags_and_the_box_s_properties(line):
    words = _read(line)
    assert (words["heavy"], words["light"]) == (True, False)
    assert words["win"] == 3 and words["players"] == [4, 4]  # `players 4`: a range of one
    assert words["order"] == ["t1", "t2"]  # no lead yet: from the first Team


def test_a_wrong_argument_is_the_compiler_s_error(tmp_path):
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    bad = GAME.replace('let win = box-property("win-vp")', 'let win = box-property("win-vpp")')
    (tmp_path / "line.mh").write_text(bad)
    result = driver.compile_paths([tmp_path])
    found = [(d.code, d.message) for d in result.diagnostics.items if d.severity == "error"]
    assert found == [("E301", "unknown box property 'win-vpp'")]


RUINS = Path(__file__).parent / "fixtures" / "kernel" / "ruins"


def test_a_tile_prints_the_icons_its_board_names():
    """Ruins' board names the tiles' `icons` property: the well, the rotten floor and the sunken
    court print cracks (so they may crumble), the great hall does not; a value that is no tile
    prints nothing."""
    result = driver.compile_paths([RUINS])
    rules = load_game_rules(result.ir, "ruins")
    game = KernelGame(rules, KernelConfig(players=2, seed=1))
    game.start()
    run = Run(game, [])

    def prints(space) -> bool:
        e = {"e": "fn", "name": "has-icon", "span": None,
             "args": {"location": {"e": "str", "v": space}, "icon": {"e": "icon", "name": "ruins:icon:cracks"}}}
        return compiled(e)(run, {"ctx:me": "p1"})
    cracked = [t for t in rules.layout.tiles if prints(t)]
    assert cracked == ["old-well", "rotten-floor", "sunken-court"]
    assert not prints("runner-p1") and not prints(None)


def test_a_board_s_icons_property_is_a_list(tmp_path):
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    text = (RUINS / "ruins.mh").read_text(encoding="utf-8")
    (tmp_path / "ruins.mh").write_text(text.replace("    icons icons\n", "    icons slots\n"))
    result = driver.compile_paths([tmp_path])
    found = [(d.code, d.message, d.hint) for d in result.diagnostics.items if d.severity == "error"]
    assert found == [("E204", "'icons slots': the property is int, not a list",
                      "declare it in 'tile': slots list optional")]


def test_an_icon_no_tile_prints_is_a_selector_that_never_finds_one(tmp_path):
    """The check C401 reads the icons a kernel game's tiles print through its board, as it reads
    the Locations': Ruins with no cracked tile never finds rubble."""
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    text = (RUINS / "ruins.mh").read_text(encoding="utf-8")
    (tmp_path / "ruins.mh").write_text(text.replace("  icons [cracks]\n", ""))
    result = driver.check([tmp_path])
    found = [(d.code, d.message) for d in result.diagnostics.items if d.code == "C401"]
    assert found == [("C401", "a selector of game 'ruins' never finds a target: no Location of ruins shows the "
                              "icon 'cracks'")]
    assert not [d for d in driver.check([RUINS]).diagnostics.items if d.code == "C401"]


def test_the_figures_made_active_this_round_are_those_with_a_die_on_a_part():
    """Squads (tests/fixtures/kernel/squads): moss made Active with a die on its bloom has one
    activation, on bloom and not on thorn; gale none; both together one; at the round's end the
    dice are free and no one has any."""
    import tomllib
    from mayhem.runtime.kernel import scenario as ksc
    from mayhem.runtime.kernel.dashboards import abilities_of
    squads = Path(__file__).parent / "fixtures" / "kernel" / "squads"
    rules = load_game_rules(driver.compile_paths([squads]).ir, "squads")
    path = squads.parent / "squads-scenarios" / "one-activation-per-hero-per-round.toml"
    game, problems = ksc.build(rules, tomllib.loads(path.read_text(encoding="utf-8")))
    assert not problems
    game.start()

    def read(name, **args):
        e = {"e": "fn", "name": name, "span": None,
             "args": {k: {"e": "num" if isinstance(v, int) else "str", "v": v} for k, v in args.items()}}
        return compiled(e)(Run(game, []), {"ctx:me": "p1"})
    parts = {game.card_id(uid): uid for uid in abilities_of(Run(game, []), {}, "moss")}
    assert (read("activations", figure="moss"), read("activated", figure="moss", ability=parts["bloom"])) == (0, False)
    game.act("place 2 moss/bloom")
    assert read("activations", figure="moss") == 1 and read("activations", figure="gale") == 0
    assert read("activated", figure="moss", ability=parts["bloom"])
    assert not read("activated", figure="moss", ability=parts["thorn"])
    assert not read("activated", figure="gale", ability=parts["bloom"])  # not a part of gale's
    e = {"e": "fn", "name": "activations", "span": None,
         "args": {"figure": {"e": "list", "items": [{"e": "str", "v": "gale"}, {"e": "str", "v": "moss"}]}}}
    assert compiled(e)(Run(game, []), {"ctx:me": "p1"}) == 1
    for action in ("rest", "place 1 stone/brace", "rest", "place 5 gale/gust", "rest", "place 6 blaze/fireball"):
        game.act(action)
    assert read("activations", figure="gale") == 1 and game.state.round == 1
    game.act("rest")  # every die is placed: the round is over, the dice rolled anew
    assert game.state.round == 2 and read("activations", figure="moss") == read("activations", figure="gale") == 0


def test_a_pick_by_chance_among_two_is_a_coin_toss(line):
    """`coin-toss-between` of two is a coin toss (a scenario's forced `coins`: heads the first,
    tails the last; logged `coin`); of more, a seeded draw; `pick-at-random` the same, not logged."""
    game = KernelGame(line, KernelConfig(players=4, seed=1))
    game.start()

    def pick(name, *values):
        e = {"e": "fn", "name": name, "span": None,
             "args": {"set": {"e": "list", "items": [{"e": "str", "v": v} for v in values]}}}
        return compiled(e)(Run(game, []), {"ctx:me": "p1"})
    game.state.forced["coins"] = ["tails", "heads", "tails"]
    size = len(game.state.log)
    assert (pick("coin-toss-between", "t1", "t2"), pick("coin-toss-between", "t1", "t2")) == ("t2", "t1")
    assert [e["result"] for e in game.state.log[size:] if e["event"] == "coin"] == ["tails", "heads"]
    size = len(game.state.log)
    assert pick("pick-at-random", "t1", "t2") == "t2" and len(game.state.log) == size  # the toss, not logged
    assert pick("coin-toss-between", "p1") == "p1" and pick("coin-toss-between") is None
    drawn = {pick("coin-toss-between", "p1", "p2", "p3") for _ in range(30)}
    assert drawn == {"p1", "p2", "p3"}  # of three: drawn, each of them in 30 draws (seeded)
