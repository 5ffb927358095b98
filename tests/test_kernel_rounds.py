"""Rounds of kernel games: the `round` and `round-end` slots around the turns, turn orders
(clockwise, alternating Teams from the Team that leads), when a round ends (one turn each,
every player passed, a condition), and triggers on structure events (one-shot ones inside
effects, and `rule`s always in force)."""
from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules

GAME = '''in box tag

box tag "Tag" {
  source authored
  game tag
  players 2..4
}

game tag "Tag" {
  source authored
  seats 2..4
  teams 2
  turn-order ORDER
  round-ends all-passed
  counter tokens "Tokens" {
    per player
    start 1
    reset round-start
  }
  counter points "Points" { per team }
  counter rounds "Rounds over" {}
  counter gone "Players out" {}
  counter bonus "Bonus" { per player }
  round {
    LEAD
  }
  rule count-rounds "Count the rounds" {
    on round-end {
      gain(rounds, 1)
    }
  }
  counter starts "Turns begun in round 2" {}
  counter next-turn "One-shot turn-start triggers run" {}
  rule count-starts "Count the turns of round 2" {
    on turn-start when round == 2 {
      gain(starts, 1)
    }
  }
  rule resign-point "A point to the foes of a player out" {
    on out {
      for each f in foes(player) {
        gain(points, 1, on: f)
      }
      gain(gone, 1)
    }
  }
  action spend "Spend a token" () {
    effect when value(tokens) > 0 {
      lose(tokens, 1)
      gain(points, 1)
      on round-start {
        gain(bonus, 1)
      }
      on turn-start {
        gain(next-turn, 1)
      }
      end-turn()
    }
  }
  action resign "Resign" () {
    effect when value(tokens) == 0 and round == 2 and value(bonus) == 1 and size(players) == 4 and me == first(players) {
      knock-out(me)
    }
  }
  end when round > 3 or value(gone) > 0 {
    tie()
  }
}
'''


def _game(tmp_path, order="alternate-teams", lead="", players=4):
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    (tmp_path / "tag.mh").write_text(GAME.replace("ORDER", order).replace("LEAD", lead))
    result = driver.compile_paths([tmp_path])
    errors = [d for d in result.diagnostics.items if d.severity == "error"]
    assert not errors, [(e.code, e.message) for e in errors]
    game = KernelGame(load_game_rules(result.ir, "tag"), KernelConfig(players=players, seed=0))
    decision = game.start()
    while decision is not None:
        decision = game.act("spend" if "spend" in decision.actions else decision.actions[0])
    return game


def _rounds(game):
    """The players of each round's turns, and whether each acted."""
    rounds, turn = [], None
    for e in game.state.log:
        if e["event"] == "round-start":
            rounds.append([])
        elif e["event"] == "turn-start":
            turn = [e["player"], False]
            rounds[-1].append(turn)
        elif e["event"] == "action":
            turn[1] = True
    return [[p + ("*" if acted else "") for p, acted in r] for r in rounds]


def test_teams_alternate_and_a_round_ends_when_every_player_passed(tmp_path):
    game = _game(tmp_path)
    rounds = _rounds(game)
    assert rounds[0] == ["p1*", "p2*", "p3*", "p4*", "p1", "p2", "p3", "p4"]
    # no `lead(...)`: the next Team leads the next round, each Team's players in rotation
    assert rounds[1][:4] == ["p2*", "p1*", "p4*", "p3*"]
    assert [e["lead"] for e in game.state.log if e["event"] == "lead"][:2] == ["t1", "t2"]


def test_the_round_slot_names_the_leading_team(tmp_path):
    game = _game(tmp_path, lead="lead(last(teams))")
    rounds = _rounds(game)
    assert rounds[0][:4] == ["p2*", "p1*", "p4*", "p3*"]
    assert rounds[1][0] == "p2*"


def test_rules_run_at_every_event_and_effects_wait_for_the_next_one(tmp_path):
    game = _game(tmp_path)
    state = game.state
    ends = [e for e in state.log if e["event"] == "round-end"]
    # one-shot `on round-start` inside `spend`: once, at the next round's start
    assert state.counters["rounds"] == len(ends)
    assert all(state.counters[f"bonus/{p}"] >= 1 for p in state.players)


def test_a_rule_on_out_hears_the_player_who_is_out(tmp_path):
    game = _game(tmp_path)
    state = game.state
    assert state.out == ["p1"]  # the first player, in round 2, once the bonus is in and the token spent
    # a point each spend; p1 out: a point for each foe, both of Team t2
    assert state.counters["points/t2"] - state.counters["points/t1"] == 2
    log = [e["event"] for e in state.log]
    assert log.index("out") < log.index("game-over")


def test_clockwise_rounds_give_each_player_one_turn(tmp_path):
    game = _game(tmp_path, order="clockwise", players=3)
    rounds = _rounds(game)
    assert rounds[0] == ["p1*", "p2*", "p3*", "p1", "p2", "p3"]
    assert rounds[1][0] == "p1*"


def test_a_rule_s_condition_and_a_one_shot_turn_start(tmp_path):
    game = _game(tmp_path)
    state = game.state
    rounds = _rounds(game)
    assert state.counters["starts"] == len(rounds[1])  # every turn begun in round 2, none else
    spends = sum(1 for e in state.log if e["event"] == "action" and e["action"] == "spend")
    # each spend waits for the next turn's start once; the last one may find no turn after it
    assert state.counters["next-turn"] in (spends, spends - 1)


def test_a_player_who_leads_goes_first_and_their_team_rotates_on(tmp_path):
    game = _game(tmp_path, lead="lead(last(players))")
    assert _rounds(game)[0][:4] == ["p4*", "p1*", "p2*", "p3*"]
