"""Speed-ups of the events, listeners and end checks of the Mayhem rules on the kernel (docs/kernel.md,
"Events and listeners of the Mayhem rules, fast"), each held to what it replaces: the pieces that
hear an event found from their places (listeners._pieces_heard) to the walk over every holder;
the update event skipped when nothing can hear it; what the end condition reads narrowed (a
counter kept as pieces reads no counters, a figure moving on the board changes nothing); the hot
functions' imports bound once, not at each call."""
from __future__ import annotations

import ast

from mayhem.runtime.kernel import KernelConfig, KernelGame, writers

from kernel_speed_common import ROOT, at_first_die, parity_kernel, titans  # noqa: F401 - titans: a fixture


def _walk(state, rules, here) -> list:
    """The pieces' listeners as components found them before: every holder of every kind walked."""
    from mayhem.runtime.kernel.spaces import controller
    out, zones, cards = [], state.zones, state.cards
    order = {"figure": state.figures, "space": rules.spaces, "player": state.players, "team": state.teams,
             "edge": list(rules.layout.edges) if rules.layout is not None else []}
    for kind, zone in rules.pieces.zones.items():
        if kind == "space" and rules.layout is not None:
            order["space"] = [k[len(zone) + 1:] for k in zones if k.startswith(zone + "/")]
        for holder in order[kind]:
            seen = set()
            for uid in zones.get(f"{zone}/{holder}", ()):
                if cards[uid] in here.pieces and cards[uid] not in seen:
                    seen.add(cards[uid])
                    out += [(t, controller(state, kind, holder), uid, {"ctx:holder": holder})
                            for t in here.pieces[cards[uid]]]
    return out


def test_the_pieces_heard_are_those_of_the_walk_over_every_holder(titans, monkeypatch):
    """At every event a seeded game raises that pieces hear (a Shield on a figure, a trap on a
    space, Fire at Recovery), the listeners found from the pieces' places are the walk's, in its
    order; some were found on holders."""
    from mayhem.runtime.kernel import heard  # (components' module: listeners.py re-exports its names)
    compared, found = [0], [0]
    real = heard._pieces_heard

    def both(state, rules, here, at=None):
        mine = real(state, rules, here, at)
        spaces = set(rules.spaces) | set(rules.layout.printed if rules.layout is not None else ())
        # raised at a space (a figure entering it), the pieces on other spaces are left out (movement.heard_at)
        assert mine == [x for x in _walk(state, rules, here)
                        if at is None or x[3]["ctx:holder"] == at or x[3]["ctx:holder"] not in spaces]
        compared[0] += 1
        found[0] += bool(mine)
        return mine
    monkeypatch.setattr(heard, "_pieces_heard", both)
    from mayhem.runtime.kernel.play import play_game
    play_game(titans, parity_kernel.kernel_config(titans, {}, 3, max_turns=80), ["random"])
    assert compared[0] > 50 and found[0] > 5


def test_the_pieces_hearing_an_event_are_cached_per_list_of_cards(titans):
    """pieces_hearing reads the cards once, a longer list from where it was, and a clone keeps
    the cache for its own copy of the cards (the same uids, the same tokens)."""
    from mayhem.runtime.kernel.listeners import pieces_hearing
    game = KernelGame(titans, KernelConfig(players=2, seed=0))
    game.start()
    state = game.state
    here = titans.hearing.table(titans, "damage")
    token = next(iter(here.pieces))
    uids = pieces_hearing(state, here)
    assert uids and all(state.cards[u] == token for u in uids)
    other = state.clone()
    assert other.heard_uids[0] is other.cards and pieces_hearing(other, here) == uids
    other.cards.append(token)
    other.places.append("nowhere")
    assert pieces_hearing(other, here) == uids + (len(other.cards) - 1,)
    assert pieces_hearing(state, here) == uids  # the original's cache is its own


def test_the_update_event_is_not_raised_where_only_other_events_have_listeners(titans, monkeypatch):
    """A game whose update event no card hears, with a trigger installed for another event,
    raises nothing after a step but checks its end; one installed for the update event hears it."""
    from mayhem.runtime.kernel import finish
    game = KernelGame(titans, KernelConfig(players=2, seed=0))
    game.start()
    landed, checked = [], []
    monkeypatch.setattr(finish, "land", lambda run, env, name, *a, **k: landed.append(name))
    monkeypatch.setattr(game, "check_end", lambda run: checked.append(True))
    monkeypatch.setattr(titans.hearing.table(titans, "update"), "silent", True)
    game.state.triggers.append({"event": "damage", "node": None, "me": None, "card": None, "turn": 0, "vars": {},
                                "until": "turn-end"})
    finish.raise_update(game, None)
    assert landed == [] and checked == [True]
    game.state.triggers.append({"event": "update", "node": None, "me": None, "card": None, "turn": 0, "vars": {},
                                "until": "turn-end"})
    finish.raise_update(game, None)
    assert landed == ["update"] and checked == [True, True]


def test_the_end_reads_no_counters_and_no_move_on_the_board(titans):
    """The Mayhem end condition (VP kept as pieces, `all-ko-this-round`) reads the figures, not the
    counters (nor the round: end_reads._READS_MORE, tests/test_kernel_speed_kspeed9d.py): a counter
    changed or a figure moved between spaces leaves what it reads as it was; a figure off the
    board changes it."""
    from mayhem.runtime.kernel.compile import state_reads
    from mayhem.runtime.kernel.end_reads import _READS_MORE, _counts_pieces, _value, end_reads
    assert state_reads(titans.end_guard, {**_READS_MORE, "value": _value(titans.pieces.kept)}) == {"figures"}
    assert not _counts_pieces(titans.end_guard)
    reads = end_reads(titans)
    game, decision = at_first_die(titans, 0)
    state = game.state
    before = reads(state)
    state.counters["shared-counter-changed"] = 7
    figure = next(f for f, x in state.figures.items() if x["space"] is not None)
    space = state.figures[figure]["space"]
    writers.set_space(state, state.figures[figure], next(s for s in titans.spaces if s != space))
    assert reads(state) == before
    writers.set_space(state, state.figures[figure], None)
    assert reads(state) != before


# the functions of the kernel called at nearly every decision: no import runs inside them
HOT = {"events": ("land", "_reactions"), "heard": ("components", "hear_structure", "_pieces_heard", "_ranked"),
       "steps": ("check_end_plain", "_end_asked", "_end_check"), "end_reads": ("_getter",), "finish": ("raise_update", "_in_play_heard"),
       "when_reads": ("asked", "loop_of", "loops_none"),
       "pieces_at": ("_at", "count"), "specials": ("can_use", "special_of"),
       "layout": ("tile_property", "open_space", "bases_of"),
       "movement": ("heard_at", "move_figure", "enter", "_open", "can_move"), "primitives": ("get_value",), "relations": ("adjacent",), "rounds": ("run_triggers",),
       "record": ("all_out_this_round", "restricted", "card_played", "my_hand", "can_play"),
       "vocabulary": ("has_icon", "tokens_on"), "figure_parts": ("activations", "activated", "abilities_of", "_keys"),
       "actions": ("menu", "_base"), "dashboards": ("_effects", "_card_among"),
       "board": ("adjacent", "figures_of"), "piles": ("cards_in",), "dice": ("dice_of",), "labels": ("labels",),
       "waits": ("waiting", "drawn"), "spaces": ("controller",), "same_selects": ("kept_select",),
       "menus": ("whole_of",)}  # kspeed7c's
# kspeed6c's (docs/kernel.md, "Speed, sixth pass: effects and the board")
for _module, _names in {"relations": ("figures_in", "here", "is_related"), "layout": ("spaces",),
                        "edges": ("encloses", "shift", "sync"), "pieces": ("place", "_back", "_encloses", "_blocks"),
                        "damage": ("deal", "assault", "damage"), "dice": ("_roll_one", "_roll_printed"),
                        "rounds": ("after_turn", "_team_after", "next_member"), "board": ("figures_of",),
                        "vocabulary": ("dice_total", "in_lead_order", "flagged"),
                        "dashboards": ("activate", "resolve_part", "slot_of")}.items():
    HOT[_module] = HOT.get(_module, ()) + _names
# kspeed7d's (docs/kernel.md, "Speed, seventh pass: moving figures and reading the board")
for _module, _names in {"seen": ("view", "moved")}.items():
    HOT[_module] = HOT.get(_module, ()) + _names
# kspeed7a's (docs/kernel.md, "Speed, seventh pass: one lander per event")
for _module, _names in {"heard": ("_figures_heard", "_tiles_live", "_reranked"), "events": ("_offer",),
                        "moments": ("activated", "rolled"), "once": ("spent", "expire"), "landers": ("_fns",)}.items():
    HOT[_module] = HOT.get(_module, ()) + _names
# kspeed7b's (docs/kernel.md, "Speed, seventh pass: the step loop and dirty flags")
for _module, _names in {"piles": ("move",), "pieces": ("_move",), "rounds": ("run_due",),
                        "finish": ("in_play_only",)}.items():
    HOT[_module] = HOT.get(_module, ()) + _names
# kspeed8b's (docs/kernel.md, "Speed, eighth pass: moving figures and events nobody hears")
for _module, _names in {"keeping": ("announce_together",)}.items():
    HOT[_module] = HOT.get(_module, ()) + _names
# kspeed8c's (docs/kernel.md, "Speed, eighth pass: resolving effects")
for _module, _names in {"specials": ("use_part",), "damage": ("_tags",)}.items():
    HOT[_module] = HOT.get(_module, ()) + _names
# kspeed8d's (docs/kernel.md, "Speed, eighth pass: the step loop and Marvel Mayhem")
for _module, _names in {"piles": ("draw",), "kept": ("heap", "value"), "sole": ("merged", "_carded"),
                        "state": ("random", "_hold_new", "_swap_in")}.items():
    HOT[_module] = HOT.get(_module, ()) + _names
# kspeed9a's (docs/kernel.md, "Speed, ninth pass: the menu's own work")
for _module, _names in {"counted": ("firsts", "kept_firsts")}.items():
    HOT[_module] = HOT.get(_module, ()) + _names
# kspeed9b's (docs/kernel.md, "Speed, ninth pass: words kept per turn")
for _module, _names in {"windows": ("card_window", "_holds_timed")}.items():
    HOT[_module] = HOT.get(_module, ()) + _names
# kspeed9c's (docs/kernel.md, "Speed, ninth pass: pieces and moves")
for _module, _names in {"kept": ("_keys",)}.items():
    HOT[_module] = HOT.get(_module, ()) + _names


def test_the_hot_functions_import_nothing_when_called():
    """An import inside a function costs importlib's look-ups at every call: the hot functions
    have theirs bound once, at their module's end."""
    for module, names in HOT.items():
        tree = ast.parse((ROOT / "runtime" / "kernel" / f"{module}.py").read_text())
        funcs = {n.name: n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        for name in names:
            inner = [n for n in ast.walk(funcs[name]) if isinstance(n, (ast.Import, ast.ImportFrom))]
            assert not inner, f"{module}.{name} imports at line {inner[0].lineno}"
