"""Gaps a deck-builder needed in the kernel, closed (docs/kernel.md, "Deck-building gaps closed:
signed properties, mixed decks, the reshuffle before a look"), each proven on the lab game Market
(tests/fixtures/kernel/market, its scenarios in market-scenarios/):

- a card type's property declared `signed` takes a number below 0 (a Bruise prints `vp -1`),
  read as an `int` property is; an `int` property given one is an E204 whose hint says `signed`;
- `starts-with [TYPE, ...]`: a zone starts with the cards of several card types, each type's in
  the list's order, then shuffled if the zone says so;
- `reshuffle-if-empty(zone, of: player)`: the empty pile made again from its `reshuffle-from`
  pile before a card of it is looked at (draw's own lines, piles.reshuffled);
- the log: a draw of several cards whose `reshuffle-from` pile runs out logs one `reshuffle`, not
  one more for the empty pile; `fill` logs the cards laid, copies counted."""
from __future__ import annotations

from pathlib import Path

import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, KernelError, KernelGame, load_game_rules
from mayhem.runtime.kernel.effects import Run
from cli_helpers import invoke
from game_helpers import lab_copy_ir, lab_ir

FOLDER = Path(__file__).resolve().parent / "fixtures" / "kernel" / "market"
DECKS = ["east", "north", "south", "west"]


@pytest.fixture(scope="module")
def market():
    return load_game_rules(lab_ir(FOLDER), "market")


def _table(rules, players: int = 2, seed: int = 1) -> KernelGame:
    game = KernelGame(rules, KernelConfig(players=players, seed=seed, decks=DECKS[:players]))
    game.start()
    return game


def _set(game: KernelGame, key: str, uids: list[int]) -> None:
    """The pile `key` holds exactly `uids` (taken from wherever they lay)."""
    state = game.state
    for uid in uids:
        state.zones[state.places[uid]].remove(uid)
    for uid in state.zones.get(key, []):  # what lay there goes to the discard pile of nobody: set aside
        state.zones.setdefault("set-aside", []).append(uid)
        state.places[uid] = "set-aside"
    state.zones[key] = list(uids)
    for uid in uids:
        state.places[uid] = key


# -- signed properties ------------------------------------------------------------------------

def test_a_signed_property_prints_a_number_below_zero_and_is_read_as_printed(market):
    """Market's Bruise card type declares `vp signed 0`; its Bruise prints `vp -1`: the card's
    property is -1 and `prop(card, vp)` reads -1 at the end (the scenario
    a-bruise-prints-minus-one-vp.toml plays it)."""
    bruise = next(c for c in market.cards.values() if c.id == "bruise")
    assert bruise.props["vp"] == -1
    assert market.card_types["bruise-card"].props["vp"]["type"] == "signed"


def _errors(tmp_path: Path, *edits) -> list[tuple[str, str, str | None]]:
    import shutil
    folder = tmp_path / "market"
    shutil.copytree(FOLDER, folder)
    source = folder / "market.mh"
    text = source.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    source.write_text(text, encoding="utf-8")
    result = driver.compile_paths([folder])
    return [(d.code, d.message, d.hint) for d in result.diagnostics.items if d.severity == "error"]


def test_a_number_below_zero_for_an_int_property_is_an_error_whose_hint_says_signed(tmp_path):
    signed = '  vp signed 0 "Victory Points at the end: below 0 for a card that costs its owner some"'
    errors = _errors(tmp_path, (signed, "  vp int 0"))
    assert errors == [("E204", "'vp' takes a number",
                       "card-type 'bruise-card' declares 'vp' `int` (0 or more): declare it `vp signed 0` to "
                       "print a number below 0")]


def test_a_signed_property_in_the_resolve_order_resolves_above_zero_only(tmp_path):
    """A `signed` property the card type's `resolve-order` lists is a part of the card like an
    `int` one: its effect runs with `amount` when the card prints more than 0, not otherwise;
    and `mayhem check` counts it among the card's symbols (C802, a card that does nothing)."""
    from mayhem.runtime.kernel.primitives import resolution_parts
    starter = ('  power int 0 "Power added when played"\n  cost int 0 "Power spent to buy it"\n'
               '  vp int 0 "Victory Points at the end"\n  villain int 0 "1 for a villain"\n\n  power {\n'
               '    gain(power, amount)\n  }\n}\n\ncard-type market-card')
    blank = ('"It does nothing."\n    copies 3\n    silence "C802" "a deck-builder\'s blank starter: it only '
             'takes a place in the hand"\n  }\n}\n\ndeck east')
    ir = lab_copy_ir(tmp_path, "market", (starter, starter.replace("power int 0", "power signed 0")),
                     (blank, '"It does nothing."\n    copies 3\n    power -2\n  }\n}\n\ndeck east'))
    rules = load_game_rules(ir, "market")
    grit = next(c for c in rules.cards.values() if c.id == "grit")
    daydream = next(c for c in rules.cards.values() if c.id == "daydream" and c.props.get("power"))
    assert daydream.props["power"] == -2 and rules.card_types["starter-card"].props["power"]["type"] == "signed"
    assert [amount for _body, amount in resolution_parts(rules, grit)] == [1]
    assert resolution_parts(rules, daydream) == []
    checked = invoke("check", tmp_path / "market")  # a signed symbol is a symbol: Grit's Power is no C802
    # (its one finding is the note of the main deck's cost curve, C807)
    assert checked.exit_code == 0 and checked.output.endswith(": 1 note\n") and "[C807]" in checked.output, \
        checked.output


# -- a zone that starts with several card types -------------------------------------------

def test_a_zone_starts_with_each_card_type_of_its_list_in_order(tmp_path):
    """`starts-with [dodge-card, market-card]` on a main deck that is not shuffled: the Dodges
    first, then the market cards, each card as many times as its `copies`, a type's cards in
    the order the rules hold them (by id); the pile's `fill` logs 24 cards."""
    ir = lab_copy_ir(tmp_path, "market", ("    starts-with [market-card, dodge-card]\n    shuffled\n",
                                          "    starts-with [dodge-card, market-card]\n"))
    game = _table(load_game_rules(ir, "market"))
    laid = [game.card_id(u) for u in game.state.zones["lineup"] + game.state.zones["main"]]
    assert laid == (["dodge"] * 4 + ["hammer"] * 5 + ["jab"] * 4 + ["rummage"] * 2 + ["scout"] * 4
                    + ["windfall"] * 3 + ["workshop"] * 2)
    assert {"event": "fill", "zone": "main", "count": 24} in game.state.log


def test_starts_with_takes_a_card_type_or_a_list_of_them(tmp_path):
    errors = _errors(tmp_path, ("    starts-with [market-card, dodge-card]\n", "    starts-with [market-card, 2]\n"))
    assert errors == [("E204", "'starts-with' takes a name or a [list] of names",
                       "for example: `starts-with [a, b]`")]
    # a name that is no card type: the compiler's E301 at the name, with a did-you-mean among the
    # game's own card types (not the toolchain's `go-card`: tests/test_kernel_gaps3.py)
    errors = _errors(tmp_path / "other", ("    starts-with [market-card, dodge-card]\n",
                                          "    starts-with [market-card, dodge-cards]\n"))
    assert errors == [("E301", "zone 'main' starts with an unknown card type 'dodge-cards'",
                       "did you mean 'dodge-card'?")]


# -- the reshuffle before a look ---------------------------------------------------------------

def test_reshuffle_if_empty_makes_an_empty_deck_again_from_the_discard_pile_and_only_then(market):
    """p1's deck empty, three cards in their discard pile: `reshuffle-if-empty(deck)` moves them
    in, shuffled (seeded), and logs one `reshuffle`; again, with cards in the deck, it does
    nothing; p2's deck (cards in it) is left as it is when both are named."""
    from mayhem.runtime.kernel.gaining import reshuffle_if_empty
    game = _table(market)
    state = game.state
    discard = state.zones["deck/p1"][:3]
    _set(game, "discard/p1", discard)
    _set(game, "deck/p1", [])
    p2_deck = list(state.zones["deck/p2"])
    since = len(state.log)
    reshuffle_if_empty(Run(game, []), {"ctx:me": "p1"}, "deck", ["p1", "p2"])
    assert sorted(state.zones["deck/p1"]) == sorted(discard) and state.zones["discard/p1"] == []
    assert all(state.places[u] == "deck/p1" for u in discard)
    assert state.zones["deck/p2"] == p2_deck
    assert state.log[since:] == [{"event": "reshuffle", "player": "p1", "zone": "deck"}]
    before = list(state.zones["deck/p1"])
    reshuffle_if_empty(Run(game, []), {"ctx:me": "p1"}, "deck")
    assert state.zones["deck/p1"] == before and len(state.log) == since + 1


def test_reshuffle_if_empty_of_a_zone_without_reshuffle_from_is_an_error(market):
    from mayhem.runtime.kernel.gaining import reshuffle_if_empty
    game = _table(market)
    with pytest.raises(KernelError, match="zone 'main' declares no `reshuffle-from`"):
        reshuffle_if_empty(Run(game, []), {"ctx:me": "p1"}, "main")


# -- the log --------------------------------------------------------------------------------------

@pytest.mark.parametrize("discarded", [0, 2])
def test_a_draw_whose_discard_pile_runs_out_logs_one_reshuffle_or_none(market, discarded):
    """p1 draws 5 from an empty deck with `discarded` cards in their discard pile: those cards
    are drawn, and `reshuffle` is logged once if there were any, never for an empty pile (it
    was logged again for each card still wanted once the pile ran out)."""
    from mayhem.runtime.kernel.piles import draw
    game = _table(market)
    state = game.state
    cards = state.zones["deck/p1"][:discarded]
    _set(game, "discard/p1", cards)
    _set(game, "deck/p1", [])
    hand = list(state.zones["hand/p1"])
    since = len(state.log)
    draw(Run(game, []), {"ctx:me": "p1"}, "p1", 5)
    assert sorted(state.zones["hand/p1"]) == sorted(hand + cards)
    assert [e for e in state.log[since:] if e["event"] == "reshuffle"] == \
        [{"event": "reshuffle", "player": "p1", "zone": "deck"}] * (discarded > 0)
