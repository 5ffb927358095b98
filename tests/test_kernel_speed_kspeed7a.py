"""The kernel toward RLCard's UNO, seventh pass, part A: one lander per event (docs/kernel.md,
"Speed, seventh pass: one lander per event"). Each event's generated function (landers.py) is
held against the plain `land` it replaces (copied here as it was), over seeded games of both
Mayhem boxes, Marvel Mayhem and the lab games; the pieces' search kept on the event's table
(heard._pieces_heard's `last`) against the plain search at every raise, also on copies and with
cards added; and the landers' source against what each event can do."""
from __future__ import annotations

from collections import Counter

import pytest

from mayhem.compiler import driver
from mayhem.runtime.kernel import KernelConfig, heard, load_game_rules, writers
from mayhem.runtime.kernel.compile import compiled
from mayhem.runtime.kernel.compile_stmts import compiled_block
from mayhem.runtime.kernel.events import _reactions, in_play
from mayhem.runtime.kernel.movement import heard_at
from mayhem.runtime.kernel.once import spend, spent
from mayhem.runtime.kernel.play import play_game
from mayhem.runtime.kernel.rules import KernelError
from mayhem.runtime.kernel.spaces import controller, tile_of

from kernel_speed_common import ROOT, digest, parity_kernel

BOXES = ("teen-titans-go", "looney-tunes")
LABS = ("ridge", "bastion", "embers", "ruins", "squads", "errands")


@pytest.fixture(scope="module")
def ir():
    return parity_kernel.compile_named(ROOT / "content", BOXES)


def _held_last(state, found: list) -> list:
    figures = state.figures
    held = [x for x in found if x[3].get("ctx:holder") in figures]
    return [x for x in found if x[3].get("ctx:holder") not in figures] + held if held else found


def plain_land(run, env, event, amount, fields, tags=(), logged=True, seen=None):
    """events.land as it was before the landers (main at 9e4a8d32), read plainly: every branch
    asked at each raise. `seen` counts the kinds of listener that heard."""
    rules, state = run.rules, run.state
    at = fields.pop("_at", None) if "_at" in fields else None
    stood = fields.pop("_stood", None) if "_stood" in fields else None
    hearing = rules.hearing
    if event not in hearing.events:
        raise KernelError(f"no event '{event}' in the game; events: " + (", ".join(hearing.events) or "none"))
    spec = hearing.events[event]
    pending = [max(int(amount or 0), 0) if spec["amount"] else 0]
    given = pending[0]
    here = hearing.table(rules, event)
    if not here.silent or state.triggers:
        where = at[1] if at is not None else None
        me = state.active
        if here.rules and fields:
            about = fields.get("var:figure", fields.get("var:target"))
            if isinstance(about, str) and about in state.figures and state.figures[about]["owner"] is not None:
                me = controller(state, "figure", about)
        found = [(t, me, None, {}) for t in here.rules]
        if here.pieces or here.figures or here.spaces:
            about = hearing.events[event].get("about")
            tile = tile_of(state, about, fields, stood) if here.spaces and where is None else None
            found += heard.components(state, rules, here, own=True, at=where, tile=tile)
        if here.cards:
            found += [(t, owner, uid, {"_in": key}) for t, owner, uid, key in in_play(state, rules, here)]
        for t in state.triggers:
            if t["event"] == event and "until" in t:
                found.append((rules.nodes[t["node"]], t["me"], t["card"], t["vars"]))
        if spec["amount"] and here.pieces:
            found = _held_last(state, found)
        about = None
        if here.spaces and at is None and stood is None:
            name = hearing.events[event].get("about")
            about = fields.get("var:" + name) if name is not None else None
        for trigger, me, card, kept in found:
            if "_in" in kept and state.places[card] != kept["_in"]:
                continue
            if about is not None and "ctx:here" in kept and state.figures[about]["space"] != kept["ctx:here"]:
                continue
            if at is not None and not heard_at(run, kept, at):
                continue
            lenv = {"ctx:me": me, "ctx:this-card": card, **kept, **fields, "_pending": pending}
            if tags:
                lenv["_tags"] = tags
            period = hearing.once.get(id(trigger))
            if period is not None and spent(state, trigger, lenv):
                continue
            if trigger.get("when") is None or compiled(trigger["when"])(run, lenv):
                if period is not None:
                    spend(state, trigger, lenv, period)
                if seen is not None:
                    seen[next((k for k in ("_in", "ctx:holder", "ctx:here", "ctx:self") if k in kept),
                              "rule" if trigger in here.rules else "installed")] += 1
                compiled_block(trigger["body"])(run, lenv)
        if here.reactions:
            _reactions(run, here, event, fields, pending, tags)
    landed = pending[0]
    if logged:
        entry = {"event": "raise", "name": event, "by": env.get("ctx:me")}
        for k, v in fields.items():
            entry[k[4:]] = v
        if spec["amount"]:
            entry["pending"], entry["landed"] = given, landed
        state.log.append(entry)
    if spec["body"]:
        compiled_block(spec["body"])(run, {"ctx:me": env.get("ctx:me"), "ctx:amount": landed, **fields})
    return landed


class PlainLanders(dict):
    """rules.hearing.landers with plain_land for every event (what a raise and events.land call)."""

    def __init__(self, seen: Counter) -> None:
        super().__init__()
        self.seen = seen

    def __missing__(self, event):
        seen = self.seen

        def plain(run, env, amount, fields, tags=(), logged=True):
            seen["raised"] += 1
            return plain_land(run, env, event, amount, fields, tags, logged, seen)
        return plain


def _games(ir, name: str, seeds, plain: Counter | None = None) -> list:
    """The digests of seeded games of a box, Marvel Mayhem or a lab game (as bench/kernel.py
    plays them), with the landers, or with plain_land (`plain`: the kinds that heard, counted)."""
    if name in BOXES:
        rules = load_game_rules(ir, name)
    else:
        folder = ROOT / "content" if name == "marvel-mayhem" else ROOT / "tests" / "fixtures" / "kernel" / name
        rules = load_game_rules(driver.compile_paths([folder]).ir, name)
    if plain is not None:
        rules.hearing.landers = PlainLanders(plain)
    decks = sorted(rules.decks)
    out, reacts = [], 0
    for seed in seeds:
        if name in BOXES:
            config = parity_kernel.kernel_config(rules, ir, seed, max_turns=150)
        else:
            low, high = rules.seats
            n = low if seed % 2 == 0 else high
            config = KernelConfig(players=n, seed=seed, decks=[decks[(seed + i) % len(decks)] for i in range(n)]
                                  if decks else [])
        game = play_game(rules, config, ["random"])
        out.append((digest(game), [list(e) for e in game.state.log]))  # (the digest sorts the keys)
        reacts += sum(1 for e in game.state.log if e["event"] == "react")
    return out, reacts


# the kinds of listener that heard in the plain games (the variables each hears with: a card in
# play `_in`, a piece `ctx:holder`, a tile `ctx:here`, a figure `ctx:self`), and Reactions played
HEARD = {"teen-titans-go": {"rule", "ctx:holder", "ctx:here", "ctx:self", "_in", "installed", "react"},
         "looney-tunes": {"rule", "ctx:holder", "ctx:here", "ctx:self", "installed", "react"},
         "bastion": {"rule", "_in", "installed", "react"}, "ruins": {"ctx:here"}, "embers": set(),
         "ridge": set(), "squads": set(), "errands": set()}


@pytest.mark.parametrize("name", BOXES + LABS)
def test_the_landers_play_the_games_the_plain_land_plays(ir, name):
    """Seeded games played with each event's lander and with plain_land (every branch asked at
    each raise) are the same games, log line for log line (their keys in the same order); in the plain games, each kind of
    listener the game has heard some raise (HEARD), and Reactions were played where it has them."""
    seeds = range(6)
    seen = Counter()
    mine, reacts = _games(ir, name, seeds)
    assert mine == _games(ir, name, seeds, plain=seen)[0]
    assert {k for k, n in seen.items() if n and k != "raised"} | ({"react"} if reacts else set()) >= HEARD[name]




def test_a_card_in_play_that_left_its_zone_hears_no_more_of_the_event(tmp_path):
    """Errands' Idle about given a second trigger on the update event after the one that
    finishes it, the update's lander called with the card in play: the card has left its zone
    when its second trigger's turn comes, so it gives no point (plain_land neither); a copy
    whose point comes first gives it."""
    from test_kernel_finish import DECKS, HERE as FIXTURES, changed  # noqa: F401 - the copy of a lab game
    import tomllib
    from mayhem.runtime.kernel import scenario as ksc
    from mayhem.runtime.kernel.effects import Run
    second = ("    on update {\n      card-done()\n    }\n  }\n}\n",
              "    on update {\n      card-done()\n    }\n    on update {\n      gain(points, 1, on: my-team)\n"
              "    }\n  }\n}\n")
    first = ("    on update {\n      card-done()\n    }\n  }\n}\n",
             "    on update {\n      gain(points, 1, on: my-team)\n    }\n    on update {\n      card-done()\n"
             "    }\n  }\n}\n")
    spec = tomllib.loads((FIXTURES / "errands-scenarios" / "no-errand-left-is-a-draw.toml").read_text())
    for pair, points in ((second, 0), (first, 1)):
        rules = load_game_rules(changed(tmp_path / str(points), "errands", *pair), "errands")
        for land in (rules.hearing.landers["update"], PlainLanders(Counter())["update"]):
            game, problems = ksc.build(rules, spec)
            assert not problems
            land(Run(game, []), {"ctx:me": "p1"}, 0, {}, (), True)
            assert ksc.actual(game, "counters.points.t1") == points
            assert [game.card_id(uid) for uid in game.state.zones["run"]] == ["idle"]


def _walk(state, rules, here, at) -> list:
    """The pieces that hear the event as a walk over every holder of every kind found them
    (test_kernel_events_speed's walk), raised at a space (`at`) those on other spaces left out."""
    from test_kernel_events_speed import _walk as walk
    spaces = set(rules.spaces) | set(rules.layout.printed if rules.layout is not None else ())
    return [x for x in walk(state, rules, here) if at is None or x[3]["ctx:holder"] == at
            or x[3]["ctx:holder"] not in spaces]


def _walked_four(rules, seed: int, decisions: int):
    """walked's game, of four players: other figures and other cards than a game of two."""
    import random
    from mayhem.runtime.kernel import KernelGame
    game = KernelGame(rules, KernelConfig(players=4, seed=seed))
    decision, rng = game.start(), random.Random(seed)
    for _ in range(decisions):
        if game.state.result is not None or not decision.actions:
            break
        yield game
        decision = game.act(rng.choice(decision.actions))


def test_the_pieces_search_kept_on_the_table_is_the_walk_over_every_holder(ir):
    """heard._pieces_heard, whose last search is kept on the event's table (the state's cache,
    the cards then, the places' reader, the places, the piles' order), answers as the walk over
    every holder, for every event pieces hear, raised at no space and at each: at each decision
    of two seeded games of each box played side by side, of two and four players (the table
    seeing one state, then the other), on a copy, on a copy whose piece was swapped with another
    (the same cards, other uids: its cache dropped, as flip.turned drops it), and with a piece
    of a token that hears it added to the cards and laid on a figure."""
    from kernel_speed_common import walked
    compared = 0
    for box in BOXES:
        rules = load_game_rules(ir, box)
        tables = [rules.hearing.table(rules, e) for e in rules.hearing.events]
        tables = [t for t in tables if t.pieces]
        spaces = [None] + list(rules.spaces)
        assert tables
        games = zip(walked(rules, (1,), 120), _walked_four(rules, 4, 120))
        for n, pair in enumerate(games):
            for state in [g.state for g in pair] + ([pair[0].state.clone()] if n % 10 == 0 else []):
                for here in tables:
                    for at in spaces:
                        assert heard._pieces_heard(state, rules, here, at) == _walk(state, rules, here, at)
                        compared += 1
        state = pair[0].state.clone()  # a token's piece and another piece on another holder swapped,
        for here in tables:  # the cache dropped (as flip.turned drops it): the same cards, other uids
            found = heard._pieces_heard(state, rules, here)
            held = rules.pieces.held
            other = next((u for u, q in enumerate(state.cards) if q not in here.pieces and found
                          and state.places[u].partition("/")[0] in held
                          and state.places[u] != state.places[found[0][2]]), None)
            if other is not None:
                uid = found[0][2]
                state.cards[uid], state.cards[other] = state.cards[other], state.cards[uid]
                state.heard_uids = None
                assert heard._pieces_heard(state, rules, here) == _walk(state, rules, here, None)
                compared += 10_000
        state = pair[1].state.clone()
        zone = rules.pieces.zones["figure"]
        for here in tables:  # a piece of a token that hears it laid on a figure holding none
            heard._pieces_heard(state, rules, here)
            token = next(iter(here.pieces))
            fid = next(f for f in state.figures if not any(state.cards[u] == token
                                                           for u in state.zones.get(f"{zone}/{f}", ())))
            state.cards.append(token)
            state.owners.append(None)
            state.places.append(f"{zone}/{fid}")
            state.zones.setdefault(f"{zone}/{fid}", []).append(len(state.cards) - 1)
            found = heard._pieces_heard(state, rules, here)
            assert found == _walk(state, rules, here, None) and any(x[2] == len(state.cards) - 1 for x in found)
    assert compared > 30_000  # (and a swap in each box)


def _lab(name: str):
    return load_game_rules(driver.compile_paths([ROOT / "tests" / "fixtures" / "kernel" / name]).ir, name)


def test_each_lander_writes_out_only_what_its_event_can_do(ir):
    """A lander's source names the pieces' search only for an event pieces hear, the tiles only
    for one tiles hear, and so on for the figures, the cards in play, the Reactions, the rules'
    calls and the event's effect; the installed triggers are read in every one. A lander makes
    no cell (a comprehension reading its locals would) and imports nothing."""
    checked = Counter()
    for rules in (load_game_rules(ir, "teen-titans-go"), load_game_rules(ir, "looney-tunes"), _lab("bastion"),
                  _lab("embers"), _lab("ruins")):
        for event, spec in rules.hearing.events.items():
            here = rules.hearing.table(rules, event)
            fn = rules.hearing.landers[event]
            src = fn.source
            for kind, word in (("pieces", "_pieces_heard("), ("spaces", "TILES"), ("figures", "_figures_heard("),
                               ("cards", "CARDS"), ("reactions", "_offer("), ("rules", "(run, lenv)\n")):
                if kind == "rules":
                    assert bool(here.rules) == any(line.strip().startswith("B") for line in src.splitlines()), src
                else:
                    assert bool(getattr(here, kind)) == (word in src), (event, kind)
                checked[kind] += bool(getattr(here, kind))
            assert bool(spec["body"]) == ("EFFECT(" in src) and "state.triggers" in src
            assert fn.__code__.co_cellvars == () and "import" not in src
            assert rules.hearing.landers[event] is fn  # made once
    assert all(checked[k] for k in ("pieces", "spaces", "figures", "cards", "reactions", "rules")), checked


def test_a_raise_statement_calls_its_event_s_lander():
    """The code of `raise(hit, amount, attacker: me, target: foe)` (events.raise_lines) calls
    the lander of `hit` of the rules played, not events.land; an event the game does not declare
    is an error naming those it does, at its first raise."""
    from mayhem.compiler.ir_ops import ir_statements
    from mayhem.runtime.kernel.compile_stmts import Locals
    from mayhem.runtime.kernel.events import land, raise_lines
    lab = driver.compile_paths([ROOT / "tests" / "fixtures" / "kernel" / "bastion"]).ir
    rules = load_game_rules(lab, "bastion")
    stmt = next(x for x in ir_statements(lab["components"]) if x["op"] == "primitive" and x["name"] == "raise")
    space: dict = {}
    lines = raise_lines(stmt, space, Locals())
    assert lines[0].startswith("run.rules.hearing.landers['hit'](run, env, ") and land not in space.values()
    with pytest.raises(KernelError, match="no event 'boom' in the game; events: hit"):
        rules.hearing.landers["boom"]


def _plain_figures(state, rules, here, own: bool) -> list:
    """heard._figures_heard read plainly: every figure of the dict asked whether its card hears."""
    from mayhem.runtime.kernel.spaces import silenced
    out, sided = [], rules.__dict__.get("_sided_parts", ())
    silencing = rules.pieces.silencing if rules.pieces is not None else None
    for fid, x in state.figures.items():
        for part, t in here.figures.get(x.get("card"), ()):
            uid = None
            if part is not None:
                key = f"{rules.cards[part].type}/{fid}"
                uid = next((u for u in state.zones.get(key, ()) if state.cards[u] == part), None)
                if uid is None and part in sided or silencing and silenced(state, rules, fid, part):
                    continue
            out.append((t, controller(state, "figure", fid) if own else state.active, uid,
                        {"ctx:self": fid, "_once": f"{fid}/{part or ''}"}))
    return out


def test_the_figures_hearing_kept_on_the_table_are_the_plain_reading(ir):
    """heard._figures_heard, whose list of the figures hearing is kept on the event's table with
    the dict of figures it was found in and its size, answers as the plain reading for every
    event figures hear, as a figure's controller and as the player whose turn it is: at each
    decision of a two-player and a four-player game of each box played side by side, on copies,
    on a copy whose figure was given another card (another dict of the same size), and once a
    figure is dealt into that dict."""
    from kernel_speed_common import walked
    compared = late = 0
    for box in BOXES:
        rules = load_game_rules(ir, box)
        tables = [t for t in (rules.hearing.table(rules, e) for e in rules.hearing.events) if t.figures]
        assert tables
        for n, pair in enumerate(zip(walked(rules, (2,), 100), _walked_four(rules, 5, 100))):
            for state in [g.state for g in pair] + ([pair[1].state.clone()] if n % 10 == 0 else []):
                for here in tables:
                    for own in (True, False):
                        assert heard._figures_heard(state, rules, here, own) == _plain_figures(state, rules, here, own)
                        compared += 1
        for here in tables:
            state = pair[0].state
            heard._figures_heard(state, rules, here, True)
            copy = state.clone()
            fid, x = next((f, x) for f, x in copy.figures.items() if "card" in x)
            other = next(iter(here.figures)) if x["card"] not in here.figures else \
                next(q for q in (y.get("card") for y in copy.figures.values()) if q not in here.figures)
            copy.figures[fid] = {**x, "card": other}  # (a figure keeps its card: this is another game's)
            assert heard._figures_heard(copy, rules, here, True) == _plain_figures(copy, rules, here, True)
            for i, card in enumerate(here.figures):  # one dealt since (a figure is never taken out)
                writers.add_figure(copy, f"dealt-late-{i}", {**x, "card": card})
                found = heard._figures_heard(copy, rules, here, True)
                assert found == _plain_figures(copy, rules, here, True)
                late += any(y[3]["ctx:self"] == f"dealt-late-{i}" for y in found)
    assert compared > 1_000 and late
