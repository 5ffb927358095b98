"""Speed-ups of the kernel's eleventh round (docs/kernel.md, "Speed", kspeed11) that must not change
what a game does, each held to the code it replaces: a pile emptied card by card into its cards'
owners' piles, to the loop that moves each; a selector without `where` generated with its pool's
source (a pure operand shared), to the pool's own function; and, whole games, a game written for
the test whose rules differ from Marvel Mayhem's (a target among players and their cards, a
played pile put back at a turn's end, a keyword, a card owned by nobody) played by play_game's
drawing bots (their own loop of a turn, a target drawn in Run.choose_value, the card's parts and
the keyword's body written in) as each bot's choose plays it act() by act()."""
from __future__ import annotations

from pathlib import Path

import pytest

from game_helpers import assert_same_kernel_game, kernel_by_act, kernel_config, kernel_rules

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def marvel():
    return kernel_rules(ROOT / "content", "marvel-mayhem")


def _midgame(rules, seed: int = 3, players: int = 3):
    """A game of `players` stopped at a choice of an action, some turns in."""
    from mayhem.runtime.kernel import KernelGame
    import random
    game, pick = KernelGame(rules, kernel_config(rules, players, seed)), random.Random(seed)
    decision = game.start()
    for _ in range(12):
        decision = game.act(pick.choice(decision.actions))
    assert decision is not None and decision.kind == "action"
    return game


def _after(game, block, env: dict) -> tuple:
    """The state a block leaves in a copy of the game, and the env it ran in."""
    from mayhem.runtime.kernel.effects import Run
    trial = game.clone()
    env = dict(env)
    block(Run(trial, []), env)
    return trial.state.to_json(), env


def _loop(zone: str, to: str, of=None, owner: bool = True) -> list:
    """`for each c in cards-in(zone[, of]) { move-card(c, to[, of: owner-of(c)]) }` as IR."""
    card = {"e": "var", "name": "c"}
    source = {"e": "fn", "name": "cards-in", "args": {"zone": {"e": "zone", "name": zone}, "of": of}}
    move = {"op": "primitive", "name": "move-card", "span": "test",
            "args": {"card": card, "to": {"e": "zone", "name": to},
                     "of": {"e": "fn", "name": "owner-of", "args": {"card": card}} if owner else None}}
    return [{"op": "for-each", "var": "c", "source": source, "body": [move], "span": "test"}]


@pytest.mark.parametrize("owner", [True, False])
def test_a_pile_emptied_into_its_cards_owners_piles_is_what_moving_each_card_does(marvel, owner):
    """A loop moving each card of a player's pile to its owner's pile of another zone, compiled
    with the rules (the pile emptied at once after the moves), leaves the state and the loop's
    variable as the loop compiled without them (each card taken out of the pile): cards of
    several owners, one owned by nobody (the loop then moves each card itself), an empty pile."""
    from mayhem.runtime.kernel.compile_stmts import compiled_block
    from mayhem.runtime.kernel.compile_stmts import Locals
    from mayhem.runtime.kernel.written import emptied_pile_lines
    game = _midgame(marvel)
    state, me = game.state, game.state.active
    others = [p for p in state.players if p != me]
    mine = [u for u, o in enumerate(state.owners) if o == me and state.places[u].startswith("deck/")][:3]
    theirs = [u for u, o in enumerate(state.owners) if o in others and state.places[u].startswith("deck/")][:2]
    body = _loop("played", "discard", owner=owner)
    written, general = compiled_block(body, marvel), compiled_block(list(body))
    assert emptied_pile_lines(body[0], {"__rules__": marvel}, Locals(), 0)  # the written loop is the new one
    for cards, nobody in [(mine + theirs, False), (theirs + mine, True), ([], False), (mine[:1], False)]:
        trial = game.clone()
        pile = trial.state.zones.setdefault(f"played/{me}", [])
        for u in cards:  # put into `me`'s played pile, as a turn's cards are
            trial.state.zones[trial.state.places[u]].remove(u)
            pile.append(u)
            trial.state.places[u] = f"played/{me}"
        if nobody:
            trial.state.owners[cards[-1]] = None
        env = {"ctx:me": me, "var:c": "before"}
        now, then = _after(trial, written, env), _after(trial, general, env)
        assert now == then, (cards, nobody)
        assert not now[0]["zones"].get(f"played/{me}") or nobody is False and not cards


def test_an_emptied_pile_is_only_written_for_a_loop_of_one_move_of_its_variable(marvel):
    """The pile is emptied at once only when the loop does nothing else: a loop moving another
    card, moving into its own zone, or doing two things keeps its own code."""
    from mayhem.runtime.kernel.compile_stmts import Locals
    from mayhem.runtime.kernel.written import emptied_pile_lines
    space = {"__rules__": marvel}
    assert emptied_pile_lines(_loop("played", "discard")[0], space, Locals(), 0)
    assert emptied_pile_lines(_loop("played", "discard", owner=False)[0], space, Locals(), 0)
    assert not emptied_pile_lines(_loop("played", "played")[0], space, Locals(), 0)
    other = _loop("played", "discard")[0]
    other["body"][0]["args"]["card"] = {"e": "var", "name": "d"}
    assert not emptied_pile_lines(other, space, Locals(), 0)
    twice = _loop("played", "discard")[0]
    twice["body"] = twice["body"] * 2
    assert not emptied_pile_lines(twice, space, Locals(), 0)
    assert not emptied_pile_lines(_loop("played", "discard")[0], {}, Locals(), 0)  # no rules: zones not known


def _opponents():
    return {"e": "fn", "name": "opponents", "args": {"who": {"e": "ctx", "name": "me"}}}


def _pool(right_of) -> dict:
    """`opponents(me) + cards-in(defenses, of: X)` as IR."""
    return {"e": "bin", "op": "+", "l": _opponents(),
            "r": {"e": "fn", "name": "cards-in", "args": {"zone": {"e": "zone", "name": "defenses"}, "of": right_of}}}


@pytest.mark.parametrize("right_of", ["same", "other", "me"])
def test_a_selector_written_with_its_pool_gives_the_pool_s_values(marvel, right_of):
    """`all target in A + f(..., A)` written with A shared gives the list the pool's own
    function gives (A evaluated twice), for each player in turn, with Defense cards on the
    table, and `one ...` takes a lone value without asking."""
    from mayhem.runtime.kernel.compile import compiled
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.selects import written_select
    of = {"same": _opponents(), "other": {"e": "ctx", "name": "turn-player"}, "me": {"e": "ctx", "name": "me"}}[right_of]
    pool = _pool(of)
    every, own = written_select(pool, True, "choose a target", "test"), compiled(pool)
    one = written_select(pool, False, "choose a target", "test")
    game = _midgame(marvel)
    state = game.state
    for seat in state.players:  # a Defense card before each player
        card = next(u for u, o in enumerate(state.owners) if o == seat and state.places[u].startswith("deck/"))
        state.zones[state.places[card]].remove(card)
        state.zones.setdefault(f"defenses/{seat}", []).append(card)
        state.places[card] = f"defenses/{seat}"
    for me in state.players:
        env, run = {"ctx:me": me}, Run(game, [])
        assert every(run, env) == own(run, env) and len(own(run, env)) > 1
    state.out = [p for p in state.players[1:]]
    for seat in state.players:  # no card left to target: the lone opponent
        state.zones["defenses/" + seat] = []
    lone = own(Run(game, []), {"ctx:me": state.players[1]})
    assert len(lone) == 1 and one(Run(game, []), {"ctx:me": state.players[1]}) == lone[0]


def test_a_selector_shares_only_the_very_left_operand():
    """The left operand is shared where it comes again in the right one (spans aside), never
    where the right one reads something else; the right one is kept as it is then."""
    from mayhem.runtime.kernel.selects import _bare, _replaced
    by = {"e": "var", "name": "x"}
    same = dict(_opponents(), span="elsewhere")
    assert _replaced(_pool(same)["r"], _bare(_opponents()), by)["args"]["of"] is by
    right = _pool({"e": "ctx", "name": "me"})["r"]
    assert _replaced(right, _bare(_opponents()), by) is right


DUEL = '''in box duel

box duel "Duel" {
  source authored
  game duel
  players 2
}

game duel "Duel" {
  source authored
  seats 2..4
  turn-order clockwise
  first-player seeded-choice
  decks-to deck
  draw-from deck
  draw-to hand
  discard-to discard
  play-to played
  zone deck "Deck" {
    per player
    ordered
    reshuffle-from discard
  }
  zone hand "Hand" { per player }
  zone played "Played" {
    per player
    ordered
  }
  zone guards "Guards" {
    per player
    ordered
  }
  zone discard "Discard pile" {
    per player
    ordered
  }
  counter plays "Plays" {
    per player
    reset turn-end
  }
  counter hp "Hit points" {
    per player
    start 4
    min 0
    out-at-min
  }
  setup {
    for each p in players {
      shuffle(deck, of: p)
      draw(p, 2)
    }
  }
  turn {
    draw(me, 1)
    set-counter(plays, 2)
  }
  turn-end {
    for each c in cards-in(played) {
      move-card(c, discard, of: owner-of(c))
    }
  }
  end when size(players) <= 1 {
    if size(players) == 1 {
      win(players)
    } else {
      tie()
    }
  }
  action play "Play" (card = cards-in(hand, me)) {
    effect when value(plays) > 0 {
      lose(plays, 1)
      play-card(card)
    }
  }
}

card-type fighter "Fighter" {
  source authored
  resolve-order [hit, guard]
  hit int 0 "Hits"
  guard int 0 "Guards"
  hit {
    let t = one target in opponents(me) + cards-in(guards, of: opponents(me))
    if is-card(t) {
      move-card(t, discard, of: owner-of(t))
    } else {
      hurt(t, amount)
    }
  }
  guard {
    move-card(this-card, guards, of: me)
  }
}

keyword hurt "Hurt" (who, n) {
  source authored
  text "Deal N damage."
  effect {
    lose(hp, n, on: who)
  }
}

deck red "Red" {
  source authored
  fighter jab "Jab" {
    hit 1
    copies 4
  }
  fighter cross "Cross" {
    hit 2
    copies 2
  }
  fighter wall "Wall" {
    guard 1
    copies 3
  }
  fighter both "Both" {
    hit 1
    guard 1
    copies 2
  }
}

deck blue "Blue" {
  source authored
  fighter jab "Jab" {
    hit 1
    copies 3
  }
  fighter wall "Wall" {
    guard 1
    copies 4
  }
  fighter hook "Hook" {
    hit 3
    copies 1
  }
}
'''


@pytest.fixture(scope="module")
def duel(tmp_path_factory):
    folder = tmp_path_factory.mktemp("duel")
    (folder / "mayhem.toml").write_text("[collection]\n")
    (folder / "duel.mh").write_text(DUEL)
    return kernel_rules(folder, "duel")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_of_other_rules_plays_out_by_draws_as_act_by_act(duel, players):
    """A game whose rules differ from Marvel Mayhem's (two plays a turn, guards taken by a hit,
    a keyword hurting a player, three and four seats) plays the same game by play_game's
    drawing bots (in_place._drawn_turns, targets drawn in Run.choose_value, the pile emptied at
    a turn's end, the card's parts and the keyword's body written in) as act() by act(), with
    targets drawn among players and cards; the game's run keeps no draws after it."""
    from mayhem.runtime.kernel.play import play_game
    targets = ended = 0
    for seed in range(6):
        config = kernel_config(duel, players, seed)
        played = play_game(duel, config, ["random"])
        assert_same_kernel_game(played, kernel_by_act(duel, config))
        targets += sum(h["kind"] == "target" and h["action"] != f"target {h['player']}" for h in played.history)
        ended += played.state.result["reason"] in ("won", "tie")
        assert played._run.draws is None
    assert targets and ended


def test_a_card_owned_by_nobody_in_a_played_pile_goes_by_the_loop(duel):
    """A turn's end whose played pile holds a card owned by nobody (its owner None): the
    generated turn end moves each card as the loop does, the same as the general steps."""
    from mayhem.runtime.kernel import KernelGame
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.steps import Steps
    game = KernelGame(duel, kernel_config(duel, 2, 1))
    decision = game.start()
    while decision is not None and decision.kind != "action":  # pragma: no cover - the first is an action
        decision = game.act(decision.actions[0])
    state, me = game.state, game.state.active
    hand = state.zones[f"hand/{me}"]
    for u in hand[:2]:
        state.zones[state.places[u]].remove(u)
        state.zones.setdefault(f"played/{me}", []).append(u)
        state.places[u] = f"played/{me}"
    state.owners[state.zones[f"played/{me}"][0]] = None
    written, general = game.clone(), game.clone()
    for trial, step in [(written, game._kinds["turn-end"]), (general, Steps._turn_end)]:
        trial.state.phase = "turn-end"
        step(trial, Run(trial, []))
    assert written.state.to_json() == general.state.to_json()
    assert written.state.zones[f"discard/{me}"] and not written.state.zones[f"played/{me}"]


@pytest.mark.parametrize("domain,guard", [
    ("cards-in(hand, me)", "value(plays) >= 1"),
    ("cards-in(hand, me)", "value(plays) > 0 and value(plays, of: first(opponents(me))) >= 0"),
    ("cards-in(hand, first(opponents(me)))", "value(plays) > 0")])
def test_the_sole_menu_s_drawn_loop_plays_as_act_by_act(tmp_path, domain, guard):
    """sole.py's loop of a turn's drawn choices (the menu written in, a card's action made
    only for the card drawn, copies alike merged) plays the game act() by act() plays, for a
    menu read in place and for menus written the general way."""
    from test_kernel_speed10 import SOLO
    from mayhem.runtime.kernel.play import play_game
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    (tmp_path / "solo.mh").write_text(SOLO.replace("DOMAIN", domain).replace("GUARD", guard))
    rules = kernel_rules(tmp_path, "solo")
    for seed in range(6):
        config = kernel_config(rules, 2 + seed % 2, seed)
        played = play_game(rules, config, ["random"])
        assert_same_kernel_game(played, kernel_by_act(rules, config))
        assert len(played.history) > 1
