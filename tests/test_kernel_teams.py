"""Teams of kernel games: seats grouped into Teams (alternating or in blocks), zones and
counters kept per Team, and the functions `team`, `members`, `teammates` and `foes`."""
import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, KernelError, KernelGame, load_game_rules

GAME = '''in box relay

box relay "Relay" {
  source authored
  game relay
  players 2..5
}

game relay "Relay" {
  source authored
  seats 2..5
  teams 2
  team-seats SEATS
  zone stash "Team stash" { per team }
  zone deck "Deck" {
    per player
    ordered
  }
  counter points "Team points" {
    per team
    max 5
  }
  counter hp "Hit points" {
    per player
    start 3
    min 0
    out-at-min
  }
  decks-to deck
  action pass "Pass a card to the Team's stash" (card = cards-in(deck, me)) {
    effect {
      move-card(card, stash, of: me)
      gain(points, 2)
      for each f in foes(me) {
        lose(hp, 1, on: f)
      }
      for each m in teammates(me) {
        gain(hp, 1, on: m)
      }
      end-turn()
    }
  }
  end when size(all team in teams where value(points, of: it) >= 5) > 0 {
    win(all team in teams where value(points, of: it) >= 5)
  }
}

card-type plain "Card" {
  source authored
}

deck starter "Starter" {
  source authored
  plain a "A" { copies 3 }
  plain b "B" { copies 3 }
}
'''


def _rules(tmp_path, seats="alternate"):
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    (tmp_path / "relay.mh").write_text(GAME.replace("SEATS", seats))
    result = driver.compile_paths([tmp_path])
    errors = [d for d in result.diagnostics.items if d.severity == "error"]
    assert not errors, [(e.code, e.message) for e in errors]
    return load_game_rules(result.ir, "relay")


def _game(rules, players=4):
    game = KernelGame(rules, KernelConfig(players=players, seed=3, decks=["starter"] * players))
    game.start()
    return game


def test_seats_alternate_between_teams_by_default(tmp_path):
    game = _game(_rules(tmp_path), players=5)
    assert game.state.teams == {"t1": ["p1", "p3", "p5"], "t2": ["p2", "p4"]}
    assert game.state.log[0]["teams"] == {"t1": ["p1", "p3", "p5"], "t2": ["p2", "p4"]}


def test_consecutive_seats_form_blocks(tmp_path):
    game = _game(_rules(tmp_path, "consecutive"), players=5)
    assert game.state.teams == {"t1": ["p1", "p2", "p3"], "t2": ["p4", "p5"]}


def test_per_team_zones_and_counters_are_shared_by_teammates(tmp_path):
    rules = _rules(tmp_path)
    game = _game(rules)
    assert "stash/t1" in game.state.zones and "stash/p1" not in game.state.zones
    first = game.state.active
    team = game.state.team_of(first)
    game.act(game.decision.actions[0])
    assert len(game.state.zones[f"stash/{team}"]) == 1
    assert game.state.counters[f"points/{team}"] == 2
    other = "t2" if team == "t1" else "t1"
    assert game.state.counters[f"points/{other}"] == 0
    mate = next(p for p in game.state.teams[team] if p != first)
    foes = game.state.teams[other]
    assert game.state.counters[f"hp/{mate}"] == 4  # a teammate gains 1 (no max)
    assert [game.state.counters[f"hp/{f}"] for f in foes] == [2, 2]


def test_a_team_wins_as_its_players(tmp_path):
    game = _game(_rules(tmp_path), players=2)
    while game.decision is not None:
        game.act(game.decision.actions[0])
    winners = game.state.result["winners"]
    assert game.state.result["reason"] == "won"
    assert winners in (["p1"], ["p2"])
    team = game.state.team_of(winners[0])
    assert game.state.counters[f"points/{team}"] == 5  # the counter's max


def test_more_teams_than_players_is_an_error(tmp_path):
    rules = _rules(tmp_path)
    rules.teams = 3
    with pytest.raises(KernelError, match="3 Teams: it needs 3 players or more, not 2"):
        KernelGame(rules, KernelConfig(players=2, seed=0, decks=["starter"] * 2)).start()
