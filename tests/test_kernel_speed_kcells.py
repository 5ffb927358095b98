"""No cell variables in the kernel's hot functions outside the menus (docs/kernel.md, "No cells
in the kernel's hot functions"): in Python 3.11 a comprehension, generator or lambda that reads a
local of its function makes that local a cell, made at every call. The functions below were
called 0.1 times a decision or more in Teen Titans GO! or Looney Tunes with cells; their
comprehensions are loops or functions of their own, with the same answers in the same order."""
from __future__ import annotations

from mayhem.runtime.kernel import (dice, discards, events, heard, kept, labels, layout, pieces, pieces_at, piles,
                                   record, rounds, vocabulary, waits)

from kernel_speed_common import at_first_die, titans  # noqa: F401 - titans: a fixture

HOT = [layout.open_space, layout.derive, piles.cards_in, events.land, rounds.run_triggers,
       vocabulary.has_icon, discards.discard_due, discards._concerned, waits._without, kept.heap,
       heard._tile_at,
       # 0.1 to 0.3 calls a decision
       labels._names, vocabulary.in_lead_order, kept._keys, kept.value, dice.roll, record.assault_bonus,
       record.all_out_this_round, pieces_at._of, pieces_at._at, pieces_at._owned, pieces.place]


def test_the_hot_functions_make_no_cells():
    """Each of them has no cell variable (a comprehension put back in one makes this fail)."""
    for fn in HOT:
        assert fn.__code__.co_cellvars == (), (fn.__qualname__, fn.__code__.co_cellvars)


def test_without_and_cards_in_answer_as_the_comprehensions_did(titans):
    """waits._without as the comprehension it replaces; piles.cards_in of a list of players in a
    zone kept per Team (the loop that finds their Teams) as the plain reading, at a seeded game's
    first die."""
    for actions in (["move a", "resolve x", "end-turn", "resolve", "resolved"], [], ["resolve"]):
        assert waits._without(actions, "resolve") == [a for a in actions if a != "resolve"
                                                      and a[:8] != "resolve "]
    game, _decision = at_first_die(titans, 3)
    from mayhem.runtime.kernel.effects import Run
    run = Run(game, [])
    state, asked = run.state, 0
    for zone, z in titans.zones.items():
        if z.per != "team":
            continue
        players = list(state.players)
        plain = []
        for holder in dict.fromkeys(state.holder(p, "team") for p in players):
            plain += state.zones.get(f"{zone}/{holder}", ())
        assert piles.cards_in(run, {"ctx:me": players[0]}, zone, players) == plain, zone
        asked += bool(plain)
    assert asked > 0
