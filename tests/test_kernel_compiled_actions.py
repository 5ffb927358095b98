"""An action's parameter whose domain is numbers takes numbers, and prints them as numbers:
cards are card uids (ints) in the state, so the kernel reads at load which parameters yield
cards (runtime/kernel/rules.py, `yields_cards`) instead of taking every int for a card."""
import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel.rules import yields_cards

from game_helpers import kernel_rules

GAME = '''in box bid

box bid "Bid" {
  source authored
  game bid
  players 2
}

game bid "Bid" {
  source authored
  seats 2
  decks-to deck
  zone deck "Deck" {
    per player
    ordered
  }
  zone hand "Hand" { per player }
  zone discard "Discard pile" { per player }
  counter score "Score" {
    per player
    start 0
  }
  setup {
    for each p in players {
      draw(p, 3)
    }
  }
  action bid "Bid" (n = [0, 1, 2]) {
    effect {
      gain(score, n)
      end-turn()
    }
  }
  action discard "Discard a card" (card = cards-in(hand, me)) {
    effect {
      move-card(card, discard)
      end-turn()
    }
  }
  end when value(score, of: first(players)) >= 5 {
    win(first(players))
  }
}

card-type plain "Card" {
  source authored
  cost int 0
}

deck starter "Starter" {
  source authored
  plain a "A" { copies 1 }
  plain b "B" { copies 1 }
  plain c "C" { copies 1 }
}
'''


@pytest.fixture(scope="module")
def rules(tmp_path_factory):
    root = tmp_path_factory.mktemp("bid")
    (root / "mayhem.toml").write_text("[collection]\n")
    (root / "bid.mh").write_text(GAME)
    return kernel_rules(root, "bid")


def test_a_number_parameter_prints_numbers_and_a_card_parameter_cards(rules):
    game = KernelGame(rules, KernelConfig(players=2, seed=1, decks=["starter", "starter"]))
    decision = game.start()
    # cards 0, 1 and 2 exist (a, b, c of p1): the numbers must not be read as them
    assert [a for a in decision.actions if a.startswith("bid")] == ["bid 0", "bid 1", "bid 2"]
    assert sorted(a for a in decision.actions if a.startswith("discard")) == ["discard a", "discard b", "discard c"]
    assert rules.actions["bid"].cards == (False,) and rules.actions["discard"].cards == (True,)


def test_the_number_taken_is_the_number_printed(rules):
    game = KernelGame(rules, KernelConfig(players=2, seed=1, decks=["starter", "starter"]))
    game.start()
    me = game.decision.player
    game.act("bid 2")
    assert game.state.counters[f"score/{me}"] == 2
    assert {"event": "action", "player": me, "action": "bid 2"} in game.state.log


def test_a_discarded_card_is_the_card_printed(rules):
    game = KernelGame(rules, KernelConfig(players=2, seed=1, decks=["starter", "starter"]))
    game.start()
    me = game.decision.player
    game.act("discard b")
    moved = game.state.zones[f"discard/{me}"]
    assert [rules.cards[game.state.cards[uid]].id for uid in moved] == ["b"]


@pytest.mark.parametrize("expr, cards", [
    ({"e": "fn", "name": "cards-in", "args": {"zone": {"e": "zone", "name": "hand"}, "of": None}}, True),
    ({"e": "fn", "name": "first", "args": {"set": {"e": "fn", "name": "top-card", "args": {}}}}, True),
    ({"e": "list", "items": [{"e": "num", "v": 1}, {"e": "num", "v": 2}]}, False),
    ({"e": "fn", "name": "opponents", "args": {"who": {"e": "ctx", "name": "me"}}}, False),
    ({"e": "select", "kind": "target", "quant": "one", "in": None, "where": None}, True),
    ({"e": "bin", "op": "+", "l": {"e": "list", "items": []},
      "r": {"e": "fn", "name": "cards-in", "args": {}}}, True),
])
def test_which_domains_yield_cards(expr, cards):
    assert yields_cards(expr) is cards


def test_the_rules_are_compiled_at_load_and_what_cannot_play_is_said_then(tmp_path):
    """Every slot, action, card and rule is compiled when the game is loaded: an expression
    the kernel cannot play is a KernelError then, naming it, not in the middle of a game."""
    import copy
    from mayhem.runtime.kernel import KernelError
    from mayhem.runtime.kernel.compile_stmts import _CACHE
    (tmp_path / "mayhem.toml").write_text("[collection]\n")
    (tmp_path / "bid.mh").write_text(GAME)
    ir = driver.compile_paths([tmp_path]).ir
    rules = load_game_rules(ir, "bid")
    body = rules.actions["bid"].body
    assert _CACHE[id(body)][0] is body  # compiled before any game is played
    broken = copy.deepcopy(ir)
    game = next(c for c in broken["components"] if c["kind"] == "game")
    game["effects"]["setup"]["body"].append({"op": "let", "name": "x", "value": {"e": "lambda", "span": "bid.mh:1:1"}})
    with pytest.raises(KernelError, match="'lambda' is not supported in kernel games"):
        load_game_rules(broken, "bid")
