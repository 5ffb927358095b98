"""Speed-ups of the kernel's tenth round (docs/kernel.md, "Speed", kspeed10) that must not change
what a game does, each held to the code it replaces: random bots answering by the number of
answers alone (no Decision made) to RandomBot.choose act() by act(), in Marvel Mayhem and Ridge;
counters, moves and draws written in place to the block compiled without the rules; an action's
value unpacked to take_general; the sole menu generated for a player to menu() in a game written
for the test; a keyword's contexts, a destroyed card's counters, a whole pile moved at once, and
play_out's loop in a game whose zones refill."""
from __future__ import annotations

from pathlib import Path
import random

import pytest

from game_helpers import assert_same_kernel_game, kernel_by_act, kernel_config, kernel_rules

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def marvel():
    return kernel_rules(ROOT / "content", "marvel-mayhem")


@pytest.fixture(scope="module")
def ridge():
    return kernel_rules(ROOT / "tests" / "fixtures" / "kernel" / "ridge", "ridge")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_bots_drawn_by_the_number_of_answers_play_as_their_choose(marvel, players):
    """play_game's random bots answer play_out by a draw of the answer's place among n (draws.
    index_drawer, by player): the same games as each bot's choose act() by act(), targets too."""
    from mayhem.runtime.kernel.play import play_game
    targets = 0
    for seed in range(8):
        config = kernel_config(marvel, players, seed)
        played = play_game(marvel, config, ["random"])
        assert_same_kernel_game(played, kernel_by_act(marvel, config))
        targets += sum(h["kind"] == "target" for h in played.history)
    assert targets  # questions asked inside an action were drawn too


def test_ridge_s_random_bots_drawn_by_the_number_of_answers(ridge):
    from mayhem.runtime.kernel.play import play_game
    for seed in range(4):
        config = kernel_config(ridge, 2 + 2 * (seed % 2), seed)
        assert_same_kernel_game(play_game(ridge, config, ["random"]), kernel_by_act(ridge, config))


def test_an_index_drawer_draws_what_choice_draws():
    from mayhem.runtime.kernel.draws import index_drawer

    class Odd(random.Random):  # a generator of its own: its own choice is used
        def choice(self, seq):
            return seq[-1]

    for seed in range(20):
        draw, theirs = index_drawer(random.Random(seed)), random.Random(seed)
        for n in (1, 2, 3, 5, 8, 13, 40):
            items = list(range(100, 100 + n))
            assert items[draw(n)] == theirs.choice(items)
    assert index_drawer(Odd(0))(7) == 6
    with pytest.raises(IndexError):
        index_drawer(random.Random(0))(0)


def _midgame(rules):
    """A seeded game of two stopped after 30 decisions, with damage on a card."""
    from mayhem.runtime.kernel import KernelGame
    for seed in range(40):
        game = KernelGame(rules, kernel_config(rules, 2, seed))
        pick = random.Random(seed)
        decision = game.start()
        for _ in range(30):
            if decision is None:
                break
            decision = game.act(pick.choice(decision.actions))
        if decision is not None and any(k.startswith("damage/#") for k in game.state.counters):
            return game
    raise AssertionError("no seed left damage on a card")  # pragma: no cover


def _after(game, block, env) -> tuple:
    """The state (and result) a block leaves in a copy of the game, or the error it raises."""
    from mayhem.runtime.kernel.effects import GameOver, Run
    trial = game.clone()
    try:
        block(Run(trial, []), dict(env))
    except GameOver:
        pass
    except (TypeError, KeyError) as error:  # an odd value (owner-of a list): the same error either way
        return type(error).__name__
    return trial.state.to_json(), trial.state.result


@pytest.mark.parametrize("primitive", ["gain", "lose", "set-counter"])
@pytest.mark.parametrize("counter", ["hp", "plays", "damage"])
def test_a_counter_changed_on_a_holder_in_place_is_what_the_general_code_does(marvel, primitive, counter):
    """`gain`, `lose` and `set-counter` with `on: X` compiled with the rules (one player changed
    in place, counters.inline_change) leave the state as the block compiled without them (the
    counter's own function per holder): for a player (knocked out below the minimum, held at
    the maximum), nobody (`me`), a list of players and a card."""
    from mayhem.runtime.kernel.compile_stmts import compiled_block
    game = _midgame(marvel)
    card = next(int(k.split("#")[1]) for k in game.state.counters if k.startswith("damage/#"))
    players = game.state.players
    for on in [players[0], players[1], None, list(players), card]:
        for amount in [3, 20, -20, 0]:
            key = "value" if primitive == "set-counter" else "amount"
            body = [{"op": "primitive", "name": primitive, "span": "test",
                     "args": {"counter": {"e": "counter", "name": counter}, key: {"e": "var", "name": "n"},
                              "on": {"e": "var", "name": "o"}}}]
            env = {"ctx:me": game.state.active, "var:n": amount, "var:o": on}
            written, general = compiled_block(body, marvel), compiled_block(list(body))
            assert _after(game, written, env) == _after(game, general, env), (counter, primitive, on, amount)


def test_a_card_moved_to_its_owner_s_pile_in_place_is_what_the_general_code_does(marvel):
    """`move-card(c, Z, of: owner-of(c))` (the turn's end of Marvel Mayhem) compiled with the
    rules reads the card's owner from the state: the same as the block compiled without them,
    for one card (another player's too), a list of cards and none."""
    from mayhem.runtime.kernel.compile_stmts import compiled_block
    game = _midgame(marvel)
    state = game.state
    mine = [u for u, owner in enumerate(state.owners) if owner == state.active][:3]
    theirs = [u for u, owner in enumerate(state.owners) if owner not in (state.active, None)][:3]
    assert mine and theirs
    for zone in ("discard", "defenses", "hand"):
        body = [{"op": "primitive", "name": "move-card", "span": "test",
                 "args": {"card": {"e": "var", "name": "c"}, "to": {"e": "zone", "name": zone},
                          "of": {"e": "fn", "name": "owner-of", "args": {"card": {"e": "var", "name": "c"}}}}}]
        written, general = compiled_block(body, marvel), compiled_block(list(body))
        for card in mine + theirs + [mine + theirs, None]:
            env = {"ctx:me": state.active, "var:c": card}
            assert _after(game, written, env) == _after(game, general, env), (zone, card)


def test_an_action_with_values_not_one_per_parameter_is_taken_by_the_general_code(marvel):
    """A declaration's function unpacks its one value; given none or two, it takes the action
    as actions.take_general does."""
    from mayhem.runtime.actions import Action
    from mayhem.runtime.kernel.actions import take_general
    from mayhem.runtime.kernel.compile_stmts import compiled_action
    game = _midgame(marvel)
    take = compiled_action(marvel.actions["play"], marvel)
    hand = game.state.zones[f"hand/{game.state.active}"]
    for args in [(hand[0],), (), (hand[0], hand[-1])]:
        action = tuple.__new__(Action, ("play", args, "play x"))
        assert _after(game, lambda run, env: take(run.game, run, action), {}) == \
            _after(game, lambda run, env: take_general(run.game, run, action), {}), args


SOLO = '''in box solo

box solo "Solo" {
  source authored
  game solo
  players 2
}

game solo "Solo" {
  source authored
  seats 2..3
  decks-to deck
  zone deck "Deck" {
    per player
    ordered
    reshuffle-from discard
  }
  zone hand "Hand" { per player }
  zone discard "Discard pile" { per player }
  counter plays "Plays" {
    per player
    start 2
    reset turn-start
  }
  counter hp "Hit points" {
    per player
    start 3
    min 0
    out-at-min
  }
  setup {
    for each p in players {
      draw(p, 3)
    }
  }
  turn {
    draw(me, 1)
  }
  action play "Play" (card = DOMAIN) {
    effect when GUARD {
      lose(plays, 1)
      move-card(card, discard)
      lose(hp, 1, on: first(opponents(me)))
    }
  }
  end when size(players) <= 1 {
    win(players)
  }
}

card-type plain "Card" {
  source authored
  cost int 0
}

deck starter "Starter" {
  source authored
  plain a "A" { copies 3 }
  plain b "B" { copies 2 }
  plain c "C" { copies 1 }
}
'''


@pytest.mark.parametrize("domain,guard,fast", [
    ("cards-in(hand, me)", "value(plays) >= 1", True),
    ("cards-in(hand)", "value(plays) > 0 and value(plays) <= 2", True),
    ("cards-in(hand, me)", "value(plays) > 0 and value(plays, of: first(opponents(me))) >= 0", False),
    ("cards-in(hand, first(opponents(me)))", "value(plays) > 0", False)])
def test_the_sole_menu_generated_for_a_player_is_menu_s(tmp_path, domain, guard, fast):
    """The sole action's menu (sole.py) reads a player's pile and counters in place when its
    domain is `cards-in(ZONE)` of `me` and its guard's parts compare `value(COUNTER)` of `me`
    with a number; any other listing is written as compile.py writes it. Either way it gives
    menu()'s actions and texts at every choice of an action, and play_out plays the game
    act() by act() plays."""
    from mayhem.runtime.kernel import KernelGame
    from mayhem.runtime.kernel.actions import menu, sole_listing, sole_menu_of
    from mayhem.runtime.kernel.sole import _for_a_player
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    (tmp_path / "solo.mh").write_text(SOLO.replace("DOMAIN", domain).replace("GUARD", guard))
    rules = kernel_rules(tmp_path, "solo")
    listing = sole_listing(KernelGame(rules, kernel_config(rules, 2, 0)))[1]
    domain_ir, once, _rules = listing.ir
    assert (_for_a_player(domain_ir, once, rules, {}) is not None) == fast
    menus = 0
    for seed in range(6):
        config = kernel_config(rules, 2 + seed % 2, seed)
        game, pick = KernelGame(rules, config), random.Random(seed)
        decision = game.start()
        while decision is not None:
            if decision.kind == "action":
                assert sole_menu_of(game, *sole_listing(game))() == menu(game)
                menus += 1
            decision = game.act(pick.choice(decision.actions))
        out, pick = KernelGame(rules, config), random.Random(seed)
        out.play_out(lambda d: pick.choice(d.actions))
        assert_same_kernel_game(out, game)
    assert menus


def test_the_printed_ids_by_uid_are_made_once_per_deal_and_rules(marvel):
    """labels._ids_of keeps each uid's printed id per deal: the same list for the same cards
    dealt with the same rules, made again for other rules (their cards may print otherwise)."""
    from mayhem.runtime.kernel.labels import _ids_of
    other = kernel_rules(ROOT / "content", "marvel-mayhem")
    cards = sorted(marvel.cards)[:5] * 2
    ids = _ids_of(marvel, cards)
    assert ids == [marvel.cards[q].id for q in cards] and _ids_of(marvel, list(cards)) is ids
    assert _ids_of(other, cards) is not ids and _ids_of(other, cards) == ids


def test_the_kernel_sets_no_context_a_keyword_would_not_copy():
    """A keyword's env copies the contexts of its caller's env by their names
    (compile_stmts.CONTEXTS), not by a walk over every key: the kernel names no other context
    (`ctx:NAME` written in its source), so none is left behind."""
    import re
    from mayhem.runtime.kernel.compile_stmts import CONTEXTS
    source = "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "runtime" / "kernel").glob("*.py")))
    named = set(re.findall(r"ctx:[a-z][a-z-]*", source))
    assert named and named <= set(CONTEXTS), named - set(CONTEXTS)


def test_a_keyword_s_env_holds_its_caller_s_contexts_in_their_order(marvel):
    """The env a keyword's body runs in: the caller's contexts in the order the caller set
    them (as the walk over its keys copied them), then the keyword's parameters."""
    from mayhem.runtime.kernel.compile_stmts import compiled_block
    from mayhem.runtime.kernel.effects import Run
    seen = []
    qid = next(q for q in marvel.keywords if marvel.keywords[q]["params"])
    keyword = marvel.keywords[qid]
    body = [{"op": "keyword", "keyword": qid, "span": "test", "args": {name: {"e": "num", "v": 1}
                                                                        for name in keyword["params"]}}]
    game = _midgame(marvel)
    original = keyword["body"]
    keyword["body"] = [{"op": "primitive", "name": "spy", "span": "test", "args": {}}]
    from mayhem.runtime.kernel import compile_made, compile_stmts
    try:
        compile_stmts._CACHE.pop(id(keyword["body"]), None)
        import mayhem.runtime.kernel.primitives as primitives
        primitives.PRIMITIVES["spy"] = lambda run, env: seen.append(list(env.items()))
        # the keyword's body written into the block (kspeed8c), and the keyword's own function
        for written in (True, False):
            compile_made.WRITE_IN[0] = written
            compile_stmts._CACHE.pop(id(body), None)
            block = compiled_block(body, marvel)
            for env in [{"ctx:me": "p1", "ctx:this-card": 3, "ctx:amount": 2, "var:t": "p2"},
                        {"ctx:me": "p2", "_stops": True, "var:card": 4}]:
                block(Run(game, []), env)
                params = [("var:" + name, 1) for name in keyword["params"]]
                assert seen[-1] == [(k, v) for k, v in env.items() if k.startswith("ctx:")] + params
    finally:
        compile_made.WRITE_IN[0] = True
        compile_stmts._CACHE.pop(id(body), None)
        keyword["body"] = original
        primitives.PRIMITIVES.pop("spy", None)


def test_a_game_whose_zones_refill_between_steps_plays_out_as_act_by_act(tmp_path):
    """play_out's loop takes a turn's end and the next turn's start one after the other, and a
    turn's actions in a loop of their own, except where zones refill between two steps (a
    line-up filled from a shared deck): the same game as act() by act()."""
    from test_kernel_zones import GAME
    from mayhem.runtime.kernel import KernelGame
    text = GAME.replace('''  action buy''', '''  setup {
    for each p in players {
      for each c in cards-in(deck, of: p) {
        move-card(c, main)
      }
    }
  }
  action buy''')
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    (tmp_path / "lineup.mh").write_text(text)
    rules = kernel_rules(tmp_path, "lineup")
    assert rules.refills
    for seed in range(4):
        config = kernel_config(rules, 2, seed)
        game, pick = KernelGame(rules, config), random.Random(seed)
        decision = game.start()
        while decision is not None:
            decision = game.act(pick.choice(decision.actions))
        out, pick = KernelGame(rules, config), random.Random(seed)
        out.play_out(lambda d: pick.choice(d.actions))
        assert_same_kernel_game(out, game)
        assert game.state.result["reason"] == "tie" and len(game.history) > 1  # the line-up bought out


def test_me_is_read_from_its_local_only_where_the_block_surely_set_it():
    """Generated code reads `me` from the local an action's function or a turn's slot keeps it
    in (compile.me_of), and from env where the block has only read it (its value may be unset)."""
    from mayhem.runtime.kernel.compile import me_of
    from mayhem.runtime.kernel.compile_stmts import Locals
    names = Locals()
    assert me_of(None) == me_of(names) == "env['ctx:me']"
    names.read("ctx:me")
    assert me_of(names) == "env['ctx:me']"
    local = names.set("ctx:me")
    assert me_of(names) == local != "env['ctx:me']"


def test_a_destroyed_card_loses_its_counters_and_only_its_own(marvel):
    """destroy() drops the counters on the card (`NAME/#uid`), looked for only when the uid's
    mark is among the counters' keys: a card without one, with one, and a card whose uid
    begins another's (`/#1` in `damage/#12`)."""
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.primitives import destroy
    game = _midgame(marvel)
    for uid, marks in [(1, ["damage/#12"]), (1, ["damage/#1", "damage/#12", "hp/#1"]), (2, [])]:
        trial = game.clone()
        for key in [k for k in trial.state.counters if "/#" in k]:
            del trial.state.counters[key]
        trial.state.counters.update(dict.fromkeys(marks, 1))
        destroy(Run(trial, []), {"ctx:me": trial.state.active}, uid)
        assert sorted(k for k in trial.state.counters if "/#" in k) == sorted(m for m in marks if not m.endswith(f"/#{uid}"))
        assert trial.state.places[uid].startswith("discard/")


@pytest.mark.parametrize("pile", ["full", "reshuffled", "empty"])
def test_a_draw_of_an_amount_is_what_draw_does(marvel, pile):
    """`draw(WHO, n)` of an amount not written as 1 (a Draw & Play card's `draw(me, amount)`)
    compiled with the rules: one card written in when n is 1, draw() for any other amount or
    holder; the same state as the block compiled without the rules, from a pile with cards, an
    emptied one reshuffled from the discard pile, and an empty pile and discard pile."""
    from mayhem.runtime.kernel.compile_stmts import compiled_block
    game = _midgame(marvel)
    me = game.state.active
    zones = game.state.zones
    for where, into in ([] if pile == "full" else [("deck", "discard")]) + ([("discard", "defenses")] if pile == "empty" else []):
        for uid in list(zones.get(f"{where}/{me}", [])):
            zones[f"{where}/{me}"].remove(uid)
            zones.setdefault(f"{into}/{me}", []).append(uid)
            game.state.places[uid] = f"{into}/{me}"
    body = [{"op": "primitive", "name": "draw", "span": "test",
             "args": {"who": {"e": "var", "name": "w"}, "count": {"e": "var", "name": "n"}}}]
    written, general = compiled_block(body, marvel), compiled_block(list(body))
    for n in [1, 2, 0, None, True]:
        for who in [me, None, list(game.state.players)]:
            env = {"ctx:me": me, "var:n": n, "var:w": who}
            assert _after(game, written, env) == _after(game, general, env), (n, who)


def test_a_whole_pile_moved_at_once_is_what_moving_each_card_does(marvel):
    """piles._move_all moves a whole pile (a discard pile reshuffled into its deck) at once:
    the same state as piles.move card by card, for a pile, a copy of one, cards of several
    piles, no card, and a pile moved where it is."""
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.piles import _move_all, move
    game = _midgame(marvel)
    me = game.state.active
    for source, to in [(f"hand/{me}", "deck"), ("copy", "deck"), ("mixed", "discard"), ("none", "deck"),
                       (f"deck/{me}", "deck")]:
        states = []
        for at_once in (True, False):
            trial = game.clone()
            zones = trial.state.zones
            made = {"copy": list(zones[f"hand/{me}"]), "none": [],
                    "mixed": zones[f"hand/{me}"][:1] + zones[f"deck/{me}"][:2]}
            uids = made[source] if source in made else zones[source]
            if at_once:
                _move_all(Run(trial, []), uids, to, me)
            else:
                for uid in list(uids):
                    move(Run(trial, []), uid, to, me)
            states.append(trial.state.to_json())
        assert states[0] == states[1], source
