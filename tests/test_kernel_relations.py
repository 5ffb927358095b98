"""The words relative to the acting figure and the player acting, in a kernel game: the context
names `here`, `adjacent`, `here-or-adjacent`, `anywhere`, `my-team`, `opposing-team`,
`leading-team`, `owner`, `holder` and `active`, the selectors `friend`, `teammate`, `opponent`,
`foe` and `player-figure` (and the vocabulary's `character` and `location`, the kernel's
`player-figure` and `space`), and relations on the right of `is` (runtime/kernel/relations.py).
Each is read in a game of four seats in two Teams on a line of four spaces, in the envs the
kernel makes (an action's, a piece's trigger, a figure's trigger, an Active figure's turn)."""
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

  pool flag "Flags" {
    count 2
  }
}

token-type token "Token" {
  source authored
  text "A kind of piece."
  requires [text]
  triggers game
  placed-on ids required "Where its pieces may lie."
}

token flag "Flag" {
  source authored
  text "A flag."
  placed-on figure space
}

game line "Line" {
  source authored
  seats 4
  teams 2

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
  zone ground "On a space" {
    per space
    pieces
  }

  # each word read into a local, the test evaluates each `let`'s value
  action probe "Probe" {
    effect {
      let here = here
      let beside = adjacent
      let near = here-or-adjacent
      let anywhere = anywhere
      let mine = my-team
      let theirs = opposing-team
      let leader = leading-team
      let owner = owner
      let active = active
      let friends = all friend
      let mates = all teammate
      let opponents = all opponent
      let foes = all foe
      let characters = all character
      let held = all player-figure
      let places = all location
      let near-opponents = all opponent in here-or-adjacent
      let mates-of = all friend in figures-of(players)
      let here-opponents = all opponent in [c] + figures-of(me)
      let picked = one location in adjacent
      let is-friend = last(figures-of(members(team(me)))) is friend
      let not-opponent = last(figures-of(members(team(me)))) is not opponent
      end-turn()
    }
  }
}
'''

NAMES = ("here", "beside", "near", "anywhere", "mine", "theirs", "leader", "owner", "holder", "active",
         "friends", "mates", "opponents", "foes", "characters", "held", "places", "near-opponents", "mates-of",
         "here-opponents", "picked", "is-friend", "not-opponent")


@pytest.fixture(scope="module")
def line(tmp_path_factory):
    root = tmp_path_factory.mktemp("line")
    (root / "mayhem.toml").write_text("[collection]\n")
    (root / "line.mh").write_text(GAME)
    result = driver.compile_paths([root])
    errors = [d for d in result.diagnostics.items if d.severity == "error"]
    assert not errors, [(e.code, e.message) for e in errors]
    return load_game_rules(result.ir, "line")


def _read(rules, env: dict, state_change=None, answer: str = "c") -> dict:
    """Each word `probe` reads into a local evaluated in `env` (`ctx:me` p1 unless given)."""
    game = KernelGame(rules, KernelConfig(players=4, seed=1))
    game.start()
    if state_change is not None:
        state_change(game.state)
        mark(game.state)  # (figures' dicts written here: a new mark, as kernel/writers.py asks)
    run = Run(game, ["target " + answer])  # the answer to `one location in adjacent`, when it asks
    lets = {stmt["name"]: stmt["value"] for stmt in rules.actions["probe"].body if stmt["op"] == "let"}
    lets["holder"] = {"e": "ctx", "name": "holder", "span": None}  # a piece's trigger's only (E403 elsewhere)
    return {name: compiled(lets[name])(run, {"ctx:me": "p1", **env}) for name in NAMES}


def test_an_action_of_a_player_reads_the_teams_and_the_board_but_has_no_acting_figure(line):
    words = _read(line, {}, lambda s: setattr(s, "lead", "p2"))
    assert (words["mine"], words["theirs"], words["leader"]) == ("t1", "t2", "t2")  # a player leading: their Team
    assert words["anywhere"] == ["a", "b", "c", "d"]
    assert words["places"] == ["a", "b", "c", "d"]  # `location` is a space
    # no figure is Active and no trigger is heard: nothing is `here`
    assert (words["here"], words["beside"], words["near"], words["active"], words["holder"]) == (None, [], [], None, None)
    assert words["near-opponents"] == [] and words["picked"] is None
    # relations to p1's Team t1 (p1 and p3), over the figures on the board
    assert words["friends"] == ["scout-p1", "scout-p3"]
    assert words["mates"] == ["scout-p1", "scout-p3"]  # without an acting figure, no friend is left out
    assert words["opponents"] == words["foes"] == ["scout-p2", "scout-p4"]
    assert words["characters"] == words["held"] == ["scout-p1", "scout-p2", "scout-p3", "scout-p4"]
    assert words["mates-of"] == ["scout-p1", "scout-p3"]  # `in` a set of figures: those of them that are friends
    assert words["here-opponents"] == ["scout-p4"]  # `in` spaces and figures: the figures on c, and scout-p1
    assert (words["is-friend"], words["not-opponent"]) == (True, True)


def test_a_piece_on_a_figure_reads_the_board_from_its_holder(line):
    def flag_on_p3(state):
        uid = state.zones["supply"][0]
        state.zones["supply"].remove(uid)
        state.zones["carried/scout-p3"] = [uid]
        state.places[uid] = "carried/scout-p3"
        state.owners[uid] = "t2"
    game_words = _read(line, {"ctx:holder": "scout-p3", "ctx:this-card": 0}, flag_on_p3)
    assert game_words["holder"] == "scout-p3"
    assert (game_words["here"], game_words["beside"], game_words["near"]) == ("b", ["a", "c"], ["b", "a", "c"])
    assert game_words["near-opponents"] == ["scout-p4"]  # p4 on c, next to b; p2 on d is not
    assert game_words["mates"] == ["scout-p1"]  # the holder is the acting figure: no teammate of itself
    assert game_words["owner"] == "t2"  # the piece's owner, as owner-of(this-card)
    assert game_words["picked"] == "c"  # one of two spaces: asked, and answered


def test_a_piece_on_a_space_is_here_there(line):
    words = _read(line, {"ctx:holder": "c"}, answer="d")
    assert words["picked"] == "d"
    assert (words["here"], words["beside"], words["mates"]) == ("c", ["b", "d"], ["scout-p1", "scout-p3"])
    assert words["near-opponents"] == ["scout-p2", "scout-p4"]


def test_a_figure_s_trigger_and_the_active_figure(line):
    words = _read(line, {"ctx:self": "scout-p2", "ctx:me": "p2"})
    assert (words["here"], words["beside"], words["mine"], words["theirs"]) == ("d", ["c"], "t2", "t1")
    assert words["mates"] == ["scout-p4"] and words["opponents"] == ["scout-p1", "scout-p3"]
    assert words["active"] is None  # a figure's own trigger is not the Active figure

    def active_p4(state):
        state.active_figure, state.active_turn = "scout-p4", state.turn
    words = _read(line, {"ctx:me": "p4"}, active_p4, answer="b")
    assert (words["active"], words["here"], words["near"]) == ("scout-p4", "c", ["c", "b", "d"])
    assert words["mates"] == ["scout-p2"]


def test_a_figure_off_the_board_or_of_no_one(line):
    def change(state):
        state.figures["scout-p4"]["space"] = None  # off the board: in no selector without `in`
        state.figures["scout-p2"]["owner"] = None  # a figure no one holds: a foe, no opponent, no character
    words = _read(line, {}, change)
    assert words["opponents"] == [] and words["foes"] == ["scout-p2"]
    assert words["characters"] == words["held"] == ["scout-p1", "scout-p3"]
    assert words["mates-of"] == ["scout-p1", "scout-p3"]


@pytest.mark.parametrize("name", ["here", "adjacent", "anywhere"])
def test_spatial_names_in_a_game_without_a_board_are_an_error(tmp_path, name):
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    text = ('in box lab\nbox lab "Lab" {\n  source authored\n  game lab\n  players 2\n}\n'
            'game lab "Lab" {\n  source authored\n  seats 2\n  action go "Go" (x = NAME) {\n'
            '    effect {\n      end-turn()\n    }\n  }\n}\n').replace("NAME", name)
    (tmp_path / "lab.mh").write_text(text)
    result = driver.compile_paths([tmp_path])
    found = [(d.code, d.message) for d in result.diagnostics.items if d.severity == "error"]
    assert found == [("E403", f"'{name}' names spaces of the board, and this game has none")]
