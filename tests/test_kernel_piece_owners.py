"""Whose a piece is while it lies out (runtime/kernel/pieces.py): a piece of a shared pool is the
placing side's once placed and nobody's again back in its pool; `count(..., of:)`,
`remove(..., of:)` and `remove-all(..., of:)` read only the pieces `of` owns (the Mayhem Traps
of both colours on one Location: only the opposing ones spring and go back). Played on the
Embers lab game (tests/fixtures/kernel/embers), whose supply is one shared pool."""
import pytest

from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel import pieces
from mayhem.runtime.kernel.effects import Run
from game_helpers import lab_ir
from test_kernel_pieces import LAB


@pytest.fixture(scope="module")
def embers():
    return load_game_rules(lab_ir(LAB), "embers")


def _game(embers):
    game = KernelGame(embers, KernelConfig(players=2, seed=1))
    game.start()
    return game, Run(game, [])


def _qid(rules, ident):
    return next(q for q, c in rules.cards.items() if c.id == ident and c.type in rules.pieces.types)


def test_a_placed_piece_of_a_shared_pool_is_the_placers(embers):
    game, run = _game(embers)
    ember = _qid(embers, "ember")
    pieces.place(run, {"ctx:me": "p1"}, ember, 2, on="field")
    pieces.place(run, {"ctx:me": "p2"}, ember, 1, on="field")
    on_field = pieces._of(game.state, pieces.holder_key(run, "field"), ember)
    assert [game.state.owners[u] for u in on_field] == ["p1", "p1", "p2"]
    assert pieces.count(run, {}, ember, on="field") == 3
    assert pieces.count(run, {}, ember, on="field", of="p1") == 2
    assert pieces.count(run, {}, ember, on="field", of="p2") == 1


def test_remove_all_of_a_side_sends_back_only_its_pieces_which_are_nobodys_again(embers):
    game, run = _game(embers)
    ember = _qid(embers, "ember")
    pieces.place(run, {"ctx:me": "p1"}, ember, 2, on="field")
    pieces.place(run, {"ctx:me": "p2"}, ember, 1, on="field")
    pieces.remove_all(run, {"ctx:me": "p2"}, ember, **{"from": "field", "of": "p1"})
    assert pieces.count(run, {}, ember, on="field") == 1
    assert pieces.count(run, {}, ember, on="field", of="p2") == 1
    assert game.state.log[-1] == {"event": "remove", "token": "ember", "from": "field", "count": 2}
    supply = [u for u in game.state.zones["supply"] if game.state.cards[u] == ember]
    assert len(supply) == 5 and all(game.state.owners[u] is None for u in supply)
    pieces.remove(run, {"ctx:me": "p1"}, ember, 1, **{"from": "field", "of": "p1"})  # none of p1's is left
    assert pieces.count(run, {}, ember, on="field", of="p2") == 1
    pieces.remove(run, {"ctx:me": "p1"}, ember, 1, **{"from": "field"})
    assert pieces.count(run, {}, ember, on="field") == 0


def test_a_take_with_no_holder_on_either_side_takes_nothing(embers):
    game, run = _game(embers)
    ember = _qid(embers, "ember")
    pieces.place(run, {"ctx:me": "p1"}, ember, 2, on="field")
    before = len(game.state.log)
    pieces.take(run, {"ctx:me": "p1"}, ember, **{"from": "field", "to": None})
    pieces.take(run, {"ctx:me": "p1"}, ember, **{"from": None, "to": "camp"})
    assert len(game.state.log) == before and pieces.count(run, {}, ember, on="field") == 2
    pieces.take(run, {"ctx:me": "p1"}, ember, **{"from": "field", "to": "camp"})
    assert pieces.count(run, {}, ember, on="camp") == 1
