"""Rule values at their edges, where mutation testing (bench/mutation.py) found no test
looking: each test quotes the rule it holds the runtime to."""
from __future__ import annotations

from mayhem.runtime.board import Board


def _board(rows) -> Board:
    return Board(list(rows), [(None, 2) for _ in range(sum(rows))])


def test_the_last_two_locations_walled_off_from_each_other_are_both_enclosed():
    # Looney Tunes rulebook, Obstacles: "a Location may never be completely surrounded by
    # Obstacles. Locations must always have at least 1 open side connecting it to another
    # Location." With two Locations left in play (Free-For-All removes them), an Obstacle
    # between them leaves each with no open side.
    b = _board((1, 1))  # two tiles, one above the other
    assert b.adjacent(0) == (1,)
    b.blocked.add(b.edge(0, 1))
    b.refresh()
    assert b.enclosed() == [0, 1]
    # with three in a row, walling off one end encloses that end only
    row = _board((3,))
    row.blocked.add(row.edge(1, 2))
    row.refresh()
    assert row.enclosed() == [2]
    # and a Location alone in play has no other Location to connect to: not enclosed
    row.locations[0].removed = row.locations[1].removed = True
    row.refresh()
    assert row.live() == [2] and row.enclosed() == []


def test_rules_loaded_here_index_every_kind_of_component_under_its_box(ir):
    # load_rules is called in the test itself, not through the session-scoped `rules`
    # fixture: mutmut runs only the tests that called the mutated function, and a fixture
    # built once for the session counts for one test only (README, mutation testing).
    from mayhem.runtime.rules import load_rules

    rules = load_rules(ir)
    tables = {"character": rules.characters, "mayhem-card": rules.mayhem_cards, "go-card": rules.by_kind["go-card"],
              "location": rules.locations, "npc": rules.npcs}
    for kind, table in tables.items():
        expected: dict[str, set[str]] = {}
        for comp in ir["components"]:
            if comp["kind"] == kind and comp["box"]:
                expected.setdefault(comp["box"], set()).add(comp["id"])
        assert {box: set(comps) for box, comps in table.items()} == expected, kind
    # Teen Titans GO! has GO! cards, Looney Tunes none; both have Mayhem cards
    assert rules.cards_of("go-card", "teen-titans-go") and not rules.cards_of("go-card", "looney-tunes")
    assert rules.cards_of("go-card", "teen-titans-go") is rules.by_kind["go-card"]["teen-titans-go"]
    assert rules.mayhem_cards["looney-tunes"] and rules.mayhem_cards["teen-titans-go"]


def test_the_character_draft_is_offered_as_draft_decisions(rules):
    # docs/actions.md: "`pick CHARACTER` | setup | draft a character, players alternating";
    # the decisions that offer it are of kind `draft` (the game log records the kind).
    from mayhem.runtime import Game, GameConfig

    game = Game(rules, GameConfig("teen-titans-go", seed=3))
    decision = game.start()
    drafted = []
    for _ in range(40):
        if decision is None:
            break
        if decision.actions[0].startswith("pick "):
            assert decision.kind == "draft"
            drafted.append(decision.actions[0])
        decision = game.act(decision.actions[0])
    assert len(drafted) >= 3  # four characters; the last one left may go without a choice
