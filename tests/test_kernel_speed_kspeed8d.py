"""The eighth speed pass, the step loop and Marvel Mayhem (docs/kernel.md, "Speed, eighth pass: the step loop and Marvel Mayhem").

Each change held against the plain computation it replaced: a state's generator set aside whole
when the next state is made (state._hold_new) against a generator of its own per state; a token's
pieces taken from its pool and taken back (pieces.place, _back) and a holder's pieces and a Team's
counter kept as pieces (kept.heap, value), read in C, against the loops they had; a player's
cards drawn at once (piles.draw) against the draw one card at a time; Marvel Mayhem's menu
(sole.py) against the plain menu, with counters on copies alike."""
from __future__ import annotations

import random

import pytest

from mayhem.runtime.kernel.state import State

from kernel_speed_common import ROOT, box_rules, seeded_states


def _draws(state: State, n: int) -> list[float]:
    gen = state.random()
    out = [gen.random() for _ in range(n)]
    state.keep(gen)
    return out


def test_a_state_set_aside_by_the_next_draws_on_as_its_own_generator():
    """A state whose generator is set aside when another is made (a finished game, the next
    begun) gives the same state and draws, read or drawn again in any order, as a generator of
    its own seeded alike; a copy of it draws the same; the new state draws from its own seed."""
    refs = {seed: random.Random(seed) for seed in (3, 4, 5)}

    def ref(seed, n):
        return [refs[seed].random() for _ in range(n)]

    a = State(3)
    assert _draws(a, 3) == ref(3, 3)
    b = State(4)  # a's generator set aside
    assert _draws(b, 2) == ref(4, 2)
    assert _draws(a, 2) == ref(3, 2)  # a's swapped back in, b's set aside (no state copied)
    assert _draws(b, 3) == ref(4, 3)  # and back
    assert a.rng == refs[3].getstate()  # read from the generator set aside
    copy = a.clone()
    c = State(5)  # b's set aside, then a's drawn while c holds the shared one
    assert _draws(a, 1) == ref(3, 1)
    assert _draws(c, 1) == ref(5, 1)
    assert _draws(b, 1) == ref(4, 1)
    again = random.Random()
    again.setstate(copy.rng)  # the copy made before a drew once more: it draws what a drew
    assert _draws(copy, 1) == [again.random()] and copy.rng == a.clone().rng
    assert c.rng == refs[5].getstate() and b.rng == refs[4].getstate()
    b.rng = random.Random(9).getstate()  # a state given a saved generator state draws from it
    assert _draws(b, 1) == [random.Random(9).random()]
    assert a.to_json() == a.clone().to_json()


# -- a token's pieces taken from its pool, read in C (pieces.place, pieces._back) -------------------

_PLACE_OLD = '''        taken = []
        for uid in state.zones.get(pool, ()) if n else ():  # _of(...)[:n], written out: stopped at n
            if cards[uid] == token:
                taken.append(uid)
                if len(taken) == n:
                    break
'''
_BACK_OLD = '''            for uid in state.zones.get(holder_key(run, holder), ()):  # _of(...), written out: stopped at the first
                if cards[uid] == token:
                    break
            else:
                cleared(state, holder, token)
'''


def _plain_pieces():
    """pieces.place and pieces._back with the Python loops they had (the pool walked piece by
    piece), made in pieces.py's namespace from their source."""
    import inspect
    import re
    from mayhem.runtime.kernel import pieces
    place_src = inspect.getsource(pieces.place)
    new = re.search(r"        # _of\(\.\.\.\)\[:n\].*?else \[\]\n", place_src, re.S).group(0)
    back_src = inspect.getsource(pieces._back)
    newer = re.search(r"            if token not in map\(.*?\n.*?cleared\(state, holder, token\)\n", back_src, re.S).group(0)
    space = dict(vars(pieces))
    exec(place_src.replace(new, _PLACE_OLD).replace("def place(", "def plain_place(")
         + back_src.replace(newer, _BACK_OLD).replace("def _back(", "def plain_back("), space)
    return space["plain_place"], space["plain_back"]


def _pieces_seen(state) -> tuple:
    return dict(state.zones), list(state.places), list(state.owners), state.log[-3:], list(state.spared)


@pytest.mark.parametrize("box", ("teen-titans-go", "looney-tunes"))
def test_pieces_taken_from_the_pool_as_the_plain_loop_takes_them(box):
    """On states of seeded games (each 12th decision), each token's pieces placed on figures and
    spaces (1 to 3, more than the pool holds too) and taken back (`remove`) give the same zones,
    places, owners, log and spared pieces as the loops over the pool did."""
    from mayhem.runtime.kernel import pieces
    from mayhem.runtime.kernel.effects import Run
    plain_place, plain_back = _plain_pieces()
    rules = box_rules(box)
    tokens = sorted({qid for fed in rules.pieces.fed.values() for qid in fed})
    compared = short = 0
    for seed in range(3):
        for game in seeded_states(rules, seed, every=12):
            state = game.state
            holders = [f for f, x in state.figures.items() if x["space"] is not None][:3] + \
                [x["space"] for x in state.figures.values() if x["space"] is not None][:2]
            for token in tokens:
                for holder in holders:
                    for count in (1, 3, 40):
                        sides = []
                        for place_fn, back_fn in ((pieces.place, pieces._back), (plain_place, plain_back)):
                            copy = game.clone()
                            run = Run(copy, [])
                            env = {"ctx:me": copy.state.active}
                            place_fn(run, env, token, count, holder)
                            back_fn(run, env, token, [holder], 1, "remove")
                            sides.append(_pieces_seen(copy.state))
                        assert sides[0] == sides[1], (box, seed, token, holder, count)
                        compared += 1
                        short += "short" in str(sides[0][3])
    assert compared > 500 and short > 0  # pools spent too


_RULES: dict = {}  # (Marvel Mayhem's and Market's rules, _card_rules)


# -- a holder's pieces of some kinds and a Team's counter kept as pieces, read in C (kept.py) -------

def _plain_heap(run, holder, kinds, key):
    state, p = run.state, run.rules.pieces
    found = [uid for uid in state.zones.get(key, ()) if state.cards[uid] in kinds]
    if p.pile is not None and p.pile != p.zones.get("space") and holder in run.rules.spaces:
        found += [uid for uid in state.zones.get(f"{p.pile}/{holder}", ()) if state.cards[uid] in kinds]
    return found


def _plain_value(run, counter, holder):
    from mayhem.runtime.kernel import kept
    state, token = run.state, run.rules.counters[counter].kept_as
    team = kept._team(state, holder)
    if team is None:
        return 0
    return sum(1 for key in kept._keys(run, team) for uid in state.zones.get(key, ()) if state.cards[uid] == token)


@pytest.mark.parametrize("box", ("teen-titans-go", "looney-tunes"))
def test_heaps_and_kept_counters_as_the_plain_loops_read_them(box):
    """At each 6th decision of seeded games, kept.heap for every holder of pieces (figures,
    spaces, Teams, players) and every set of token kinds read together, and kept.value of each
    counter kept as pieces for every player and Team, are the plain loops' answers."""
    from mayhem.runtime.kernel import kept
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.pieces import holder_key
    rules = box_rules(box)
    tokens = sorted({qid for fed in rules.pieces.fed.values() for qid in fed})
    kind_sets = [(t,) for t in tokens] + [tuple(tokens)] + [tuple(g) for g in rules.pieces.groups.values()]
    counters = [c for c in rules.counters.values() if getattr(c, "kept_as", None)]
    found = valued = 0
    for seed in range(3):
        for game in seeded_states(rules, seed, every=6):
            run, state = Run(game, []), game.state
            holders = list(state.figures) + list(rules.spaces) + list(state.teams) + list(state.players)
            for holder in holders:
                try:
                    key = holder_key(run, holder)
                except Exception:  # (a holder no zone of pieces is kept per)
                    continue
                for kinds in kind_sets:
                    got = kept.heap(run, holder, kinds, key)
                    assert got == _plain_heap(run, holder, kinds, key)
                    found += bool(got)
            for counter in counters:
                for holder in list(state.players) + list(state.teams):
                    n = kept.value(run, counter.id, holder)
                    assert n == _plain_value(run, counter.id, holder)
                    valued += n > 0
    assert found > 100 and (valued > 20 or not counters)


# -- a player's cards drawn at once (piles.draw) ------------------------------------------------------

def _card_games():
    """Marvel Mayhem's and Market's rules (the deck games: decks per player, reshuffled discards)."""
    from mayhem.compiler import driver
    from mayhem.runtime.kernel.rules import load_game_rules
    if "cards" not in _RULES:
        marvel = load_game_rules(driver.compile_paths([ROOT / "content"]).ir, "marvel-mayhem")
        market = load_game_rules(driver.compile_paths([ROOT / "tests" / "fixtures" / "kernel" / "market"]).ir,
                                 "market")
        _RULES["cards"] = (marvel, market)
    return _RULES["cards"]


def _deck_states(rules, seeds, every: int):
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    decks = sorted(rules.decks)
    for seed in seeds:
        config = KernelConfig(players=2, seed=seed, decks=[decks[seed % len(decks)], decks[(seed + 1) % len(decks)]]
                              if decks else [])
        game = KernelGame(rules, config)
        decision, rng, n = game.start(), random.Random(seed), 0
        while decision is not None and n < 300:
            if n % every == 0:
                yield game
            decision = game.act(rng.choice(decision.actions))
            n += 1


def test_a_players_cards_drawn_at_once_as_one_at_a_time():
    """At states of seeded Marvel Mayhem and Market games, a player's draw of 1 to 8 cards
    (`draw(p, n)`: the cards taken from the pile at once when it holds them all) leaves the same
    zones, places and log as the same draw for a list of that player (drawn one card at a time,
    reshuffled when the pile runs out on the way), on copies of the state."""
    from mayhem.runtime.kernel.effects import Run
    from mayhem.runtime.kernel.piles import draw
    at_once = short = 0
    for rules in _card_games():
        src = rules.zone_roles["draw-from"]
        for game in _deck_states(rules, range(3), every=5):
            for player in game.state.players:
                for n in range(1, 9):
                    sides = []
                    for who in (player, [player]):
                        copy = game.clone()
                        draw(Run(copy, []), {"ctx:me": player}, who, n)
                        sides.append((copy.state.zones, copy.state.places, copy.state.log[-2:]))
                    assert sides[0] == sides[1], (rules.game["id"], player, n)
                    held = len(game.state.zones.get(f"{src}/{player}", ()))
                    at_once += 1 < n <= held
                    short += n > held
    assert at_once > 100 and short > 100


# -- Marvel Mayhem's menu: copies alike told apart by their uids (sole.py) -----------------------------

def test_the_sole_menu_tells_copies_with_a_counter_apart_as_the_plain_menu_does():
    """At states of seeded Marvel Mayhem games, the menu generated for its only action (sole.py,
    the hand's cards with a counter found as uids) is the plain menu (actions.menu's walk), also
    on copies with a counter on one of two copies alike in the hand (then told apart), and on a
    card elsewhere (then merged)."""
    from mayhem.runtime.kernel import actions
    from mayhem.runtime.kernel.sole import made_sole
    marvel = _card_games()[0]
    alike = told = 0
    for game in _deck_states(marvel, range(4), every=3):
        copies = []
        for case in ("as it is", "a counter on a copy", "a counter on a card elsewhere"):
            copy = game.clone()
            state = copy.state
            if copy.decision is None or copy.decision.kind != "action" or state.phase != "actions":
                continue
            hand = state.zones.get(f"hand/{state.active}", [])
            twins = [u for u in hand if [state.cards[v] for v in hand].count(state.cards[u]) > 1]
            if case == "a counter on a copy":
                if not twins:
                    continue
                state.counters[f"damage/#{twins[0]}"] = 1
                told += 1
            elif case == "a counter on a card elsewhere":
                others = [u for u in range(len(state.cards)) if u not in hand]
                state.counters[f"damage/#{others[0]}"] = 1
            verb, listing = actions.sole_listing(copy)
            sole = made_sole(copy, verb, listing)
            got = sole()
            plain = actions.menu(copy, True)
            assert (got[1], [(a.verb, a.args) for a in got[0]]) == \
                (plain[1], [(a.verb, a.args) for a in plain[0]]), case
            alike += bool(twins)
            copies.append(got[1])
    assert alike > 20 and told > 10
