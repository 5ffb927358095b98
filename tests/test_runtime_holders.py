"""Who holds each token (issue #11, speed; runtime/holders.py): the index of the Locations and
characters holding a piece of each token, kept up to date by their stores as pieces are put,
taken, moved, used and cleared, is at every step of seeded games the one a walk over every
Location and character gives; and the listeners an event finds on the Locations' tokens are
the ones a walk over every Location (or the event's own Location) finds, in the same order.

Engine only (`engine_only`, the whole file): the Mayhem engine's own machinery, which goes with it;
who holds a piece on the kernel: tests/test_kernel_pieces.py and test_kernel_piece_owners.py."""
from __future__ import annotations

import random

import pytest

from mayhem.runtime.engine import GameConfig
from mayhem.runtime.game import Game
from mayhem.runtime.holders import Holders

from game_helpers import random_steps

pytestmark = pytest.mark.engine_only  # the engine's own machinery (the docstring)


def walked_index(st) -> tuple[dict, dict]:
    at, on = {}, {}
    for loc in st.board.locations:
        for (tok, _o, _c), n in loc.tokens.items():
            if n > 0:
                at.setdefault(tok, set()).add(loc.index)
    for fig in st.figures.values():
        if fig.kind == "character":
            for (tok, _o, _c), n in fig.tokens.items():
                if n > 0:
                    on.setdefault(tok, set()).add(fig.key)
    return at, on


def kept_index(holders: Holders) -> tuple[dict, dict]:
    return ({t: set(s) for t, s in holders.at.items() if s},
            {t: set(d) for t, d in holders.on.items() if d})


def walked_location_tokens(eng, event: str, where) -> list[tuple]:
    """The Locations' token listeners by a walk over every Location (or the event's own), as
    listeners() found them before the index: (trigger id, token, Location, owner)."""
    tokens = eng.hearing(event)["tokens"]
    out = []
    locs = [eng.state.board.locations[where]] if where is not None else eng.state.board.locations
    for loc in locs:
        for tok, owner, _c in sorted((k for k, n in loc.tokens.items() if n > 0 and k[0] in tokens), key=str):
            out += [(id(t), tok, loc.index, owner) for t in eng.triggers_of(eng.rules.tokens[tok])[event]]
    return out


def found_location_tokens(eng, event: str, where) -> list[tuple]:
    params = {} if where is None else {"location": where}
    tokens = eng.hearing(event)["tokens"]
    return [(id(t), env.source, env.here, env.owner) for t, env in eng.listeners(event, params)
            if env.source in tokens and env.here is not None]


@pytest.mark.parametrize("box,mode,seed", [("teen-titans-go", "standard", 5), ("looney-tunes", "standard", 6),
                                           ("looney-tunes", "four-players", 7),
                                           ("teen-titans-go", "free-for-all", 8)])
def test_the_kept_index_is_the_walks_at_every_step(rules, box, mode, seed):
    game = Game(rules, GameConfig(box, mode=mode, seed=seed), record=False)
    eng, st = game.engine, game.state
    token_events = sorted({t["event"] for q in eng.rules.tokens.values() for t in q["triggers"]})
    held = 0
    for steps in random_steps(game, seed, 500):
        if st.board is not None:
            here = eng.heard_in_game(token_events[0])  # makes the index for these figures and board
            assert eng._holders.fits(st) and here is not None
            assert kept_index(eng._holders) == walked_index(st), steps
            held += sum(len(s) for s in eng._holders.at.values()) + sum(len(d) for d in eng._holders.on.values())
            if steps % 5 == 0:
                for event in token_events:
                    for where in (None, *range(len(st.board.locations))):
                        assert found_location_tokens(eng, event, where) == walked_location_tokens(eng, event, where)
    assert held > 0  # some Location or character held a token


def test_a_new_board_or_figure_makes_the_index_again(rules):
    game = Game(rules, GameConfig("teen-titans-go", seed=3), record=False)
    decision = game.start()
    pick = random.Random(3)
    for _ in range(60):
        decision = game.act(pick.choice(decision.actions))
    eng, st = game.engine, game.state
    eng.heard_in_game("move")
    before = eng._holders
    assert before.fits(st)
    some = next(f for f in st.figures.values() if f.kind == "character")
    st.figures["newcomer"] = type(some)("newcomer", "character", some.team, some.comp, some.side, 10)
    st.figures["newcomer"].tokens[("x", None, None)] = 1
    assert not before.fits(st)
    eng.heard_in_game("move")
    assert eng._holders is not before and eng._holders.on.get("x") == {"newcomer": st.figures["newcomer"]}
    st.figures["newcomer"].tokens[("x", None, None)] -= 1  # its store now tells the new index
    assert not eng._holders.on["x"]
