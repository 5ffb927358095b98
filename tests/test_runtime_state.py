"""The game state's queries (runtime/state.py): who is on the board, which figures are
characters of a Team, what stands at a Location, the cards in a Team's hands, whether
the game is over.

Public API relied on: `GameState` (`characters`, `on_board`, `at`, `over`, `figures`,
`teams`, `board`, `winners`), `Figure` (`on_board`), `Team` (`all_cards`, `hands`), and
`Board` of runtime/board.py."""
from __future__ import annotations

from mayhem.runtime.board import Board
from mayhem.runtime.state import Figure, GameState, Team


def figure(key, kind="character", team="black", location=None) -> Figure:
    return Figure(key=key, kind=kind, team=team, comp={"id": key}, side={}, life=10, location=location)


def state() -> GameState:
    st = GameState(box="b", mode="standard")
    st.board = Board([3, 4, 3], [(None, 2) for _ in range(10)])
    for f in (figure("a", location=0), figure("b", location=None), figure("c", team="white", location=4),
              figure("taz", kind="npc", team=None, location=4), figure("black-trap", kind="token", location=4)):
        st.figures[f.key] = f
        if f.location is not None:
            st.board.locations[f.location].figures.append(f.key)
    return st


def test_figure_on_board():
    assert figure("a", location=0).on_board  # Location 0 is a Location
    assert not figure("a", location=None).on_board


def test_characters_of_a_team_or_all():
    st = state()
    assert [f.key for f in st.characters()] == ["a", "b", "c"]
    assert [f.key for f in st.characters("black")] == ["a", "b"]
    assert [f.key for f in st.characters("white")] == ["c"]
    assert st.characters("p3") == []


def test_on_board_and_at():
    st = state()
    assert [f.key for f in st.on_board()] == ["a", "c", "taz", "black-trap"]
    assert [f.key for f in st.at(4)] == ["c", "taz", "black-trap"]
    assert [f.key for f in st.at(0)] == ["a"]
    assert st.at(9) == []


def test_over_once_there_are_winners():
    st = state()
    assert not st.over
    st.winners = []  # a draw is an end too
    assert st.over
    st.winners = ["black"]
    assert st.over


def test_all_cards_of_every_hand_in_order():
    team = Team("black", hands={"p1": ["x", "y"], "p3": ["z"]})
    assert team.all_cards() == ["x", "y", "z"]
    assert Team("white").all_cards() == []
