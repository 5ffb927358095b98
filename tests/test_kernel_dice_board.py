"""Dice, coins and the board of kernel games, primitive by primitive: rolls (seeded or
forced), reroll, set-die, place-die on a space with slots, on a figure or a player,
free-dice, remove-dice, lowest/highest, coin tosses; figures put and moved, adjacent,
distance and figures-at; choices of a die or a space; counters reset at round end."""
import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, KernelError, KernelGame, load_game_rules

GAME = '''in box gadget

box gadget "Gadget" {
  source authored
  game gadget
  players 2
}

game gadget "Gadget" {
  source authored
  seats 2
  teams 2
  die d6 "Die" { faces 1..6 }
  die odd "Odd die" { face-values [1, 3, 3, 5] }
  space a "A" {
    adjacent [b]
    slots 1
  }
  space b "B" { adjacent [a, c] }
  space c "C" { adjacent [b] }
  space island "Island" {}
  figure pawn "Pawn" {
    per team
    count 2
    start [a, c]
  }
  counter heads "Heads" { per player }
  counter life "Life" {
    per figure
    start 3
    min 0
    out-at-min
  }
  counter spent "Spent this round" {
    per player
    reset round-end
  }
  round {
    roll(d6, 3, of: me)
  }
  action act "Act" (what = ["place", "reroll", "choose", "move", "toss", "two", "hurt"]) {
    effect {
      gain(spent, 1)
      if what == "place" {
        place-die(first(dice-of(me)), on: a)
        place-die(last(dice-of(me)), on: a)
      }
      if what == "reroll" {
        reroll(dice-of(me))
        set-die(first(dice-of(me)), 6)
      }
      if what == "choose" {
        let d = one die in dice-of(me)
        place-die(d, on: me)
        free-dice(dice-on(me))
        remove-dice(last(dice-of(me)))
        roll(odd, 2)
      }
      if what == "move" {
        let s = one space in adjacent(first(figures-of(me)))
        move-to(first(figures-of(me)), s)
        put(last(figures-of(me)), at: island)
      }
      if what == "toss" {
        if coin-toss() == "heads" {
          gain(heads, 1)
        }
      }
      if what == "hurt" {
        lose(life, 3, on: first(figures-of(me)))
        gain(life, 1, on: figures-of(foes(me)))
      }
      if what == "two" {
        set-die(first(dice-of(me)), 2)
      }
      end-turn()
    }
  }
  end when round > 2 {
    tie()
  }
}
'''


@pytest.fixture(scope="module")
def rules(tmp_path_factory):
    root = tmp_path_factory.mktemp("gadget")
    (root / "mayhem.toml").write_text("[collection]\n")
    (root / "gadget.mh").write_text(GAME)
    result = driver.compile_paths([root])
    errors = [d for d in result.diagnostics.items if d.severity == "error"]
    assert not errors, [(str(e.span), e.message) for e in errors]
    return load_game_rules(result.ir, "gadget")


def _game(rules, rolls=(), coins=()):
    game = KernelGame(rules, KernelConfig(players=2, seed=1))
    game._setup_table()
    game.force(list(rolls), list(coins))
    game.start()
    return game


def _free(game, who):
    return [d["value"] for d in game.state.dice.values() if d["owner"] == who and d["on"] is None]


def test_forced_rolls_come_first_then_seeded_ones(rules):
    game = _game(rules, rolls=[4, 1, 6])
    assert _free(game, "p1") == [4, 1, 6]
    again = _game(rules)
    other = _game(rules)
    assert _free(again, "p1") == _free(other, "p1")  # seeded: the same each time
    assert all(v in range(1, 7) for v in _free(again, "p1"))


def test_a_space_takes_as_many_dice_as_its_slots(rules):
    game = _game(rules, rolls=[4, 1, 6])
    game.act("act place")
    assert [d["value"] for d in game.state.dice.values() if d["on"] == "a"] == [4]
    assert _free(game, "p1") == [1, 6]
    assert {"event": "full", "space": "a"} in game.state.log


def test_reroll_and_set_die(rules):
    game = _game(rules, rolls=[4, 1, 6])  # the `round` slot rolls for the first player
    game.force([5, 5, 5], [])
    game.act("act reroll")
    assert _free(game, "p1") == [6, 5, 5]
    with pytest.raises(KernelError, match="7 is no face|no face"):
        game.force([7], [])
        game.act("act reroll")


def test_a_die_chosen_placed_freed_removed_and_odd_dice_rolled(rules):
    game = _game(rules, rolls=[4, 1, 6])
    decision = game.act("act choose")
    assert decision.kind == "target" and decision.actions == ["target 4", "target 1", "target 6"]
    game.force([], [])
    game.act("target 1")
    state = game.state
    assert _free(game, "p1")[:2] == [4, 1]  # 6 removed, 1 placed on p1 then freed
    odd = [d["value"] for d in state.dice.values() if d["type"] == "odd"]
    assert len(odd) == 2 and set(odd) <= {1, 3, 5}


def test_figures_per_team_start_moved_and_put(rules):
    game = _game(rules, rolls=[4, 1, 6])
    state = game.state
    assert {f: x["space"] for f, x in state.figures.items()} == {
        "pawn-t1-1": "a", "pawn-t1-2": "a", "pawn-t2-1": "c", "pawn-t2-2": "c"}
    game.act("act move")  # the one space next to a: b, taken without asking
    figures = game.state.figures
    assert figures["pawn-t1-1"]["space"] == "b" and figures["pawn-t1-2"]["space"] == "island"
    assert {"event": "move", "figure": "pawn-t1-1", "from": "a", "to": "b"} in game.state.log


def test_adjacent_distance_and_figures_at(rules):
    from mayhem.runtime.kernel import board
    from mayhem.runtime.kernel.effects import Run
    game = _game(rules, rolls=[4, 1, 6])
    run, env = Run(game, []), {"ctx:me": "p1"}
    assert board.adjacent(run, env, "b") == ["a", "c"]
    assert board.adjacent(run, env, "pawn-t2-1") == ["b"]  # a figure's space
    assert board.distance(run, env, "a", "c") == 2
    assert board.distance(run, env, "a", "island") is None  # no way there
    assert board.figures_at(run, env, "c") == ["pawn-t2-1", "pawn-t2-2"]
    assert board.figures_of(run, env, "p1") == ["pawn-t1-1", "pawn-t1-2"]  # a player's Team's figures


def test_coin_tosses_are_forced_or_seeded(rules):
    game = _game(rules, rolls=[4, 1, 6], coins=["heads"])
    game.act("act toss")
    assert game.state.counters["heads/p1"] == 1
    assert [e["result"] for e in game.state.log if e["event"] == "coin"] == ["heads"]
    tosses = set()
    for seed in range(12):
        g = KernelGame(rules, KernelConfig(players=2, seed=seed))
        g.start()
        g.act("act toss")
        tosses |= {e["result"] for e in g.state.log if e["event"] == "coin"}
    assert tosses == {"heads", "tails"}


def test_placed_dice_are_free_and_counters_reset_at_round_end(rules):
    game = _game(rules, rolls=[4, 1, 6, 2, 3, 5])
    game.act("act place")  # p1 places a 4 on a (the 6 finds the slot taken); then p2's turn
    assert game.state.counters["spent/p1"] == 1
    game.act("act two")  # p2: one turn each, the round ends
    state = game.state
    assert state.round == 2
    assert not any(d["on"] for d in state.dice.values())
    assert [d["value"] for d in state.dice.values()] == [2, 3, 5]  # round 2's roll alone: round 1's dice went back
    assert state.counters["spent/p1"] == 0 and state.counters["spent/p2"] == 0
    assert any(e["event"] == "dice-freed" for e in state.log)


def test_dice_of_two_of_a_value_are_one_action(rules):
    game = _game(rules, rolls=[3, 3, 5])
    labels = game.labels(list(game.state.dice))
    assert labels == ["3", "3", "5"]  # a die prints as its value; two free 3s of one pool look alike
    decision = game.act("act choose")
    assert decision.actions == ["target 3", "target 5"]


def test_counters_per_figure(rules):
    game = _game(rules, rolls=[4, 1, 6])
    game.act("act hurt")
    counters = game.state.counters
    assert [counters[f"life/{f}"] for f in ("pawn-t1-1", "pawn-t1-2", "pawn-t2-1", "pawn-t2-2")] == [0, 3, 4, 4]
    assert game.state.out == []  # a figure at its minimum puts no player out
