"""The DC Deck-Building Game: Teen Titans Go! on the rules kernel (content/dc-teen-titans-go,
docs/dc-deck-building.md): what its scenarios (tests/scenarios/dc-teen-titans-go/) cannot say
without naming the box's cards, which its card authors change: the Nemesis stack of each mode,
the Events shuffled into the Advanced Game's main deck and none in the Line-Up, seeded games of
every mode that end, with every card kept; and `as PLAYER`, which the setup's choice of a Super
Hero needs, checked by the compiler."""
from __future__ import annotations

from collections import Counter
from pathlib import Path
import shutil
import tomllib

import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel import scenario as ksc
from mayhem.runtime.kernel.play import RandomBot

CONTENT = Path(__file__).resolve().parent.parent / "content"
BOX = "dc-teen-titans-go"
MODES = [None, "advanced", "additional-weaknesses", "marathon"]


@pytest.fixture(scope="module")
def ir():
    result = driver.compile_paths([CONTENT])
    errors = [d for d in result.diagnostics.items if d.severity == "error"]
    assert not errors, [(str(e.span), e.message) for e in errors]
    return result.ir


def _started(ir, mode, seed):
    """A game set up with the first Super Hero dealt chosen by each player."""
    game = KernelGame(load_game_rules(ir, BOX, mode), KernelConfig(players=2, seed=seed))
    decision = game.start()
    while decision is not None and decision.kind == "target" and game.state.turn == 0:
        decision = game.act(decision.actions[0])
    return game, decision


def _kinds(game, key):
    return [game.rules.cards[game.state.cards[u]].props.get("kind") or
            game.rules.card_types[game.rules.cards[game.state.cards[u]].type].props["kind"]["default"]
            for u in game.state.zones[key]]


@pytest.mark.parametrize("mode,face_down", [(None, 4), ("advanced", 4), ("marathon", 6)])
def test_the_nemesis_stack_of_each_mode(ir, mode, face_down):
    """Control Freak face up on four face-down Nemeses (six in Marathon: "add 2 more random
    Nemesis cards to the face down pile"); the rest in the box. Mutation: `repeat 6` back to 4
    fails the Marathon row."""
    game, _ = _started(ir, mode, 5)
    zones, ids = game.state.zones, game.card_id
    assert [ids(u) for u in zones["nemesis"]] == ["control-freak"]
    assert len(zones["nemeses"]) == face_down
    assert "control-freak" not in map(ids, zones["nemeses"] + zones["box"])


@pytest.mark.parametrize("seed", range(6))
def test_the_advanced_game_shuffles_the_events_in_but_none_into_the_line_up(ir, seed):
    """"If you are playing the Advanced Game, also shuffle the Event cards into the main deck."
    "If any Event cards appear in the starting Line-Up, replace them ... then shuffle the Events
    back into the main deck." The standard game leaves them in the box's `event-pool`. Mutation:
    the setup's Line-Up of the top five, Events or not, fails seeds whose top five hold one."""
    game, _ = _started(ir, "advanced", seed)
    zones = game.state.zones
    assert len(zones["lineup"]) == 5 and "event" not in _kinds(game, "lineup")
    assert _kinds(game, "main").count("event") == 6 and not zones["event-pool"]
    plain, _ = _started(ir, None, seed)
    assert "event" not in _kinds(plain, "main") and len(plain.state.zones["event-pool"]) == 6


@pytest.mark.parametrize("mode", MODES)
def test_seeded_games_of_every_mode_end_with_every_card_kept(ir, mode):
    """Random games of each mode end (by the Line-Up or the Nemeses), every card in exactly one
    zone all along, Power never below 0."""
    rules = load_game_rules(ir, BOX, mode)
    reasons = Counter()
    for seed in range(4):
        game = KernelGame(rules, KernelConfig(players=2, seed=seed))
        decision = game.start()
        bot = RandomBot(seed)  # the random bot plays its hand before it ends the turn (bots-wait-for)
        while decision is not None:
            decision = game.act(bot.choose(decision, game))
            placed = [u for pile in game.state.zones.values() for u in pile]
            assert len(placed) == len(set(placed)) == len(game.state.cards)
            assert all(v >= 0 for k, v in game.state.counters.items() if k.startswith("power/"))
        reasons[game.state.log[-1].get("reason")] += 1
    assert set(reasons) <= {"line-up", "nemeses"}, reasons


def test_as_takes_a_player_not_a_number(tmp_path):
    """`as p { ... }` runs a block as that player (the setup's choice of a Super Hero); `as 3` is
    still an E401. Mutation: `player` taken out of what `as` accepts fails the content's
    compilation (the first test's fixture) and the first half here."""
    box = tmp_path / "box.mh"
    box.write_text('''in box tiny

box tiny "Tiny" {
  source authored
  players 2
  game tiny
}

game tiny "Tiny" {
  source authored
  seats 2
  zone pile "Pile" {
    per player
  }
  setup {
    for each p in players {
      as p {
        move-card(one card in cards-in(pile, of: p), pile, of: p)
      }
    }
  }
  turn-end {
    as 3 {
      end-turn()
    }
  }
}
''', encoding="utf-8")
    result = driver.compile_paths([tmp_path])
    errors = [(d.code, d.span.line) for d in result.diagnostics.items if d.severity == "error"]
    assert errors == [("E401", 23)], errors


def _with_cards(tmp_path, cards: str) -> dict:
    """The IR of a copy of the box with more cards (a file of them), asserted free of errors."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT / BOX, root / BOX)
    (root / "mayhem.toml").write_text("[collection]\n", encoding="utf-8")
    (root / BOX / "more.mh").write_text("in box dc-teen-titans-go\n\n" + cards, encoding="utf-8")
    result = driver.compile_paths([root])
    errors = [d for d in result.diagnostics.items if d.severity == "error"]
    assert not errors, [(str(e.span), e.message) for e in errors]
    return result.ir


DROP_KICK = '''super-power drop-kick "Drop Kick" {
  source authored
  text "+1 Power. Lose a Sidekick."
  cost 3
  power 1
  effect {
    move-card(one card in cards-in(team, of: me) where prop(it, kind) == "sidekick", sidekicks)
  }
}
'''

LOSE_AND_RECRUIT = '''
[scenario]
name = "A Sidekick lost in a turn: the Power it made kept, recruited again, its ability not used twice"
box = "dc-teen-titans-go"
source = "rulebook \\"Sidekicks\\""

[setup]
players = 2
active = "p1"
phase = "actions"

[setup.zones]
"team.p1" = ["cyborg", "beast-boy-sidekick"]
"team.p2" = ["raven"]
"hand.p1" = ["sonic-boom", "drop-kick", "staff-strike", "sonic-boom"]
"hand.p2" = ["punch"]
"lineup" = ["birdarangs", "silkie", "gizmo", "sonic-boom", "staff-strike"]
"nemesis" = ["control-freak"]
"nemeses" = ["trigon"]

[[steps]]
action = "play sonic-boom"
expect = { "counters.power.p1" = 2 }

[[steps]]
action = "play drop-kick"
expect = { "zones.team.p1" = ["cyborg", "beast-boy-sidekick"], "zones.sidekicks" = [], "counters.power.p1" = 3 }
'''


def test_a_sidekick_lost_and_recruited_again_in_one_turn(ir, tmp_path):
    """"You can Recruit a Sidekick the same turn you lose them as long as you meet their Recruit
    condition. You keep any Power generated by a Sidekick before you lose them. Sidekick
    abilities can only be used once per turn, even if you lose them and Recruit them again in the
    same turn." (Sidekicks) On a copy of the box with one more card, Drop Kick (a Super Power:
    "+1 Power. Lose a Sidekick."): Beast Boy's Sidekick side gives +1 for the first Super Power,
    is lost by Drop Kick (the second Super Power: it is recruited again at once, its condition
    met), and gives nothing for the third. Mutation: the ability's `used` check taken out of its
    `when` makes the last step 5."""
    ir_more = _with_cards(tmp_path, DROP_KICK)
    text = LOSE_AND_RECRUIT + '''
[[steps]]
action = "play staff-strike"
expect = { "zones.team.p1" = ["cyborg", "beast-boy-sidekick"], "counters.power.p1" = 4 }
'''
    outcome = ksc.run(ir_more, tomllib.loads(text), text, "lose-and-recruit.toml")
    assert outcome.ok, "\n".join([outcome.name, *outcome.failures])


RECRUIT_AND_STEAL = '''super-power call-for-help "Call for Help" {
  source authored
  text "Recruit a Sidekick."
  cost 2
  effect {
    for each s in up-to 1 card in cards-in(sidekicks) {
      gain-card(s, team, of: me)
    }
  }
}

villain poach "Poach" {
  source authored
  text "Steal a Sidekick."
  cost 4
  effect {
    for each s in up-to 1 card in cards-in(team, of: opponents(me)) where prop(it, kind) == "sidekick" {
      gain-card(s, team, of: me)
    }
  }
}
'''


def test_recruit_a_sidekick_takes_an_unclaimed_one_and_steal_a_foes(ir, tmp_path):
    """"When a card you play tells you to "Recruit a Sidekick," choose a Sidekick from above the
    Line-Up ... These effects cannot be used to Recruit a Sidekick already on your opponent's
    team. If there are no unclaimed Sidekicks, simply don't acquire a new Sidekick." "When a card
    tells you to "Steal a Sidekick," choose a Sidekick your foe has on their team ... You cannot
    steal an unclaimed Sidekick." (Sidekicks) The phrasing game.mh's comment gives card authors,
    on a copy of the box with two such cards. Mutation: Call for Help choosing among the foe's
    team too offers `target beast-boy-sidekick` (the forbidden option)."""
    ir_more = _with_cards(tmp_path, RECRUIT_AND_STEAL)
    text = '''
[scenario]
name = "Recruit a Sidekick: an unclaimed one only; Steal a Sidekick: a foe's only, never the Super Hero"
box = "dc-teen-titans-go"
source = "rulebook \\"Sidekicks\\""

[setup]
players = 2
active = "p1"
phase = "actions"

[setup.zones]
"team.p1" = ["cyborg"]
"team.p2" = ["raven", "beast-boy-sidekick"]
"sidekicks" = ["starfire-sidekick"]
"hand.p1" = ["call-for-help", "poach", "call-for-help"]
"hand.p2" = ["punch"]
"lineup" = ["birdarangs", "silkie", "gizmo", "sonic-boom", "staff-strike"]
"nemesis" = ["control-freak"]
"nemeses" = ["trigon"]

[[steps]]
action = "play call-for-help"

[[steps]]
expect_options = ["target starfire-sidekick", "target none"]
forbid_options = ["target beast-boy-sidekick"]
action = "target starfire-sidekick"
expect = { "zones.team.p1" = ["cyborg", "starfire-sidekick"], "zones.sidekicks" = [] }

[[steps]]
action = "play poach"

[[steps]]
expect_options = ["target beast-boy-sidekick", "target none"]
forbid_options = ["target raven"]
action = "target beast-boy-sidekick"
expect = { "zones.team.p1" = ["cyborg", "starfire-sidekick", "beast-boy-sidekick"], "zones.team.p2" = ["raven"] }

# no unclaimed Sidekick left: nothing to recruit, nothing asked
[[steps]]
action = "play call-for-help"
expect = { "zones.team.p1" = ["cyborg", "starfire-sidekick", "beast-boy-sidekick"], "decision.kind" = "action" }
'''
    outcome = ksc.run(ir_more, tomllib.loads(text), text, "recruit-and-steal.toml")
    assert outcome.ok, "\n".join([outcome.name, *outcome.failures])


FROM_MAIN = '''super-power lucky-find "Lucky Find" {
  source authored
  text "+1 Power. Gain the top card of the main deck."
  cost 3
  power 1
  effect {
    raise(gain-from-main, player: me)
  }
}

super-power wild-card "Wild Card" {
  source authored
  text "Play the top card of the main deck."
  cost 3
  effect {
    raise(play-from-main, player: me)
  }
}
'''

EVENT_ON_TOP = '''
[scenario]
name = "An Event gained or played from the main deck goes next to the Nemesis, the next card instead"
box = "dc-teen-titans-go"
source = "rulebook \\"Events (Advanced Play Only)\\""

[setup]
players = 2
active = "p1"
phase = "actions"

[setup.zones]
"hand.p1" = ["CARD"]
"deck.p1" = ["punch"]
"deck.p2" = ["punch"]
"hand.p2" = []
"lineup" = ["birdarangs", "silkie", "gizmo", "sonic-boom", "staff-strike"]
"main" = ["pizza-night", "sonic-boom", "gizmo"]
"nemesis" = ["control-freak"]
"nemeses" = ["trigon"]

[[steps]]
action = "play CARD"
expect = EXPECT
'''


@pytest.mark.parametrize("card, expect", [
    ("lucky-find", '{ "zones.events" = ["pizza-night"], "zones.discard.p1" = ["sonic-boom"], '
                   '"zones.main" = ["gizmo"], "zones.hand.p1" = ["punch"], "zones.hand.p2" = ["punch"], '
                   '"counters.power.p1" = 1 }'),
    ("wild-card", '{ "zones.events" = ["pizza-night"], "zones.played.p1" = ["wild-card", "sonic-boom"], '
                  '"zones.main" = ["gizmo"], "zones.hand.p1" = ["punch"], "counters.power.p1" = 1 }'),
])
def test_an_event_gained_or_played_from_the_main_deck(ir, tmp_path, card, expect):
    """"If you would gain or play an Event from the main deck, place it next to the Nemesis stack
    and gain/play the next card of the deck instead." (Events (Advanced Play Only)) No card of the
    box gains or plays the main deck's top card: on a copy with two that do (the events
    `gain-from-main` and `play-from-main` that game.mh gives card authors), Pizza Night on top
    goes next to the Nemesis (read aloud: each player draws a card) and Sonic Boom, the next, is
    gained (to the discard pile) or played (+1 Power). Mutation: the events' `repeat` that sets
    Events aside taken out gains or plays Pizza Night itself: fails."""
    ir_more = _with_cards(tmp_path, FROM_MAIN)
    text = EVENT_ON_TOP.replace("CARD", card).replace("EXPECT", expect)
    outcome = ksc.run(ir_more, tomllib.loads(text), text, f"{card}.toml")
    assert outcome.ok, "\n".join([outcome.name, *outcome.failures])
