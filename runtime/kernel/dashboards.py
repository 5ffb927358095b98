"""Dashboards: figures that are cards, the cards declared inside them, and the Active figure.

The parts of a figure's card are its Abilities; a die is placed on one, and the Active figure's
menu is what the turn offers.

A figure kind with `card-type T` deals `count` of the box's cards of type T to each player (or
Team) at setup; the figure's id is its card's, its counters `start-from` the card's properties,
and the cards declared inside it (a card type's `children`) are card instances owned by the
figure, in a zone of their own (`TYPE/ID`: the card type, the figure). `activate(figure, part,
die)` places the die on the part and makes the figure Active (`self`) for the turn; while none
is, the turn offers only the actions that `starts-turn`, then only the others. `resolve-ability(part, FLAG: cond, ...)`
runs the part's effects in its card type's order: an effect named by a flag when the flag
holds, the others always; a guarded one (`special when COND { ... }`) only when COND holds too."""
from __future__ import annotations

from dataclasses import dataclass, field
import re

from .dice import place_die
from .figure_parts import abilities_of
from .writers import moved
from .modes import figure_counts
from .moments import activated
from .record import made_active, resolved
from .rules import Card, KernelError
from .starts import acts_for, controlled_by_players, player_starts
from .writers import add_figure


@dataclass
class Dashboards:
    kinds: dict[str, str]  # figure kind -> the card type of its figures
    roster: dict[str, list[str]]  # that card type -> the qids of the box's cards of it, in declaration order
    parts: dict[str, list[str]]  # a figure card's qid -> the qids of the cards declared inside it, in order
    starts: dict[str, str]  # a per-figure counter -> the printed property it starts from
    effects: dict[str, list[tuple[str, list, dict | None]]] = field(default_factory=dict)  # part qid -> [(effect, body, when)]
    limited: frozenset = frozenset()  # the card types of parts used `once per ...` (they declare `once`), not placed on
    sides: dict[str, list[str]] = field(default_factory=dict)  # a figure card's qid -> its sides' qids (sides.py)
    drafted: bool = False  # the setup picks the figures' cards (`draft()`, draft.py) rather than dealing them
    player_starts: dict[str, str] = field(default_factory=dict)  # a per-player counter -> the property it sums
    # read once per rules, as asked: a figure card -> its `once` parts' types (special_of); a part ->
    # its effects' conditions and limit (can_use)
    specials: dict = field(default_factory=dict, compare=False, repr=False)
    usable: dict = field(default_factory=dict, compare=False, repr=False)
    runs: dict = field(default_factory=dict, compare=False, repr=False)  # a part -> its effects' function (effects_made.py)


def load_dashboards(rules, tops: list) -> None:
    """rules.dash and rules.turn_starters from the IR, once per game; a game with neither
    keeps None and (): the kernel's other paths then pay nothing for them."""
    game = rules.game
    rules.turn_starters = tuple(c["id"] for c in game["children"]
                                if c["kind"] == "action" and "starts-turn" in c["props"])
    load_fallbacks(rules, game)
    kinds = {c["id"]: c["props"]["card-type"]["value"] for c in game["children"]
             if c["kind"] == "figure" and "card-type" in c["props"]}
    if not kinds:
        return
    for kind, ctype in kinds.items():
        if ctype not in rules.card_types:
            raise KernelError(f"figure '{kind}': 'card-type {ctype}' names no card type of box '{rules.box}'")
    orders = {c["id"]: _effect_order(c) for c in tops if c["kind"] == "card-type"}
    side_types = {c["id"]: tuple(c["props"]["sides"]["value"]) for c in tops
                  if c["kind"] == "card-type" and "sides" in c["props"]}  # two-sided dashboards (sides.py)
    roster: dict[str, list[str]] = {ctype: [] for ctype in kinds.values()}
    parts: dict[str, list[str]] = {}
    effects: dict[str, list] = {}
    sides: dict[str, list[str]] = {}

    def card_of(child: dict) -> str | None:
        ctype = rules.card_types.get(child["kind"])
        if ctype is None:
            return None
        props = {k: v["default"] for k, v in ctype.props.items() if v.get("default") is not None}
        props.update({k: v["value"] for k, v in child["props"].items() if k in ctype.props})
        rules.cards[child["qid"]] = Card(child["qid"], child["id"], child["name"] or child["id"], child["kind"], props, 1, None)
        order = orders.get(child["kind"], [])
        effects[child["qid"]] = [(k, child["effects"][k]["body"], child["effects"][k].get("when"))
                                 for k in order if k in child["effects"]]  # `when`: a guarded effect
        return child["qid"]

    from .sides import load_sides
    for comp in tops:
        if comp["kind"] not in roster:
            continue
        roster[comp["kind"]].append(comp["qid"])
        held = load_sides(side_types, comp, card_of, parts)  # its sides, each with its parts
        if held:
            sides[comp["qid"]] = held
        own = side_types.get(comp["kind"], ())
        parts[comp["qid"]] = [q for q in map(card_of, [c for c in comp["children"] if c["kind"] not in own])
                              if q is not None]
    starts = {c["id"]: c["props"]["start-from"]["value"] for c in game["children"]
              if c["kind"] == "counter" and "start-from" in c["props"] and _per(c) == "figure"}
    limited = frozenset(c["id"] for c in tops if c["kind"] == "card-type" and "once" in rules.card_types[c["id"]].props)
    from .draft import drafts
    rules.dash = Dashboards(kinds, roster, parts, starts, effects, limited, sides, drafts(rules))
    rules.dash.player_starts = {c["id"]: c["props"]["start-from"]["value"] for c in game["children"]
                                if c["kind"] == "counter" and "start-from" in c["props"] and _per(c) == "player"}
    if sides and not any(s.get("op") == "primitive" and s.get("name") == "choose-sides"
                         for s in rules.slots.get("setup", [])):
        raise KernelError(f"game '{game['id']}': a figure's card has sides (`sides` of its card type): its "
                          "`setup { }` must choose them: `choose-sides()`")
    for bodies in effects.values():
        for _name, body, _when in bodies:
            compiled_block(body, rules)
            _index(rules, body)


def _effect_order(card_type: dict) -> list[str]:
    """The effects a card type declares, in the order written (the IR keeps properties by name)."""
    def at(pv: dict) -> tuple:  # "file.mh:LINE:COL-LINE:COL"
        found = re.search(r":(\d+):(\d+)-", pv.get("span") or "")
        return (int(found[1]), int(found[2])) if found else (0, 0)
    effects = [(at(pv), k) for k, pv in card_type["props"].items()
               if isinstance(pv["value"], dict) and pv["value"].get("type") == "effect"]
    return [k for _at, k in sorted(effects)]


def _per(comp: dict):
    p = comp["props"].get("per")
    return p["value"] if p is not None else None


def _index(rules, body: list) -> None:
    """Its statements by node id (rules.index_bodies): a trigger inside an effect is kept as one."""
    from .rules import index_bodies
    index_bodies(rules, [body])


# -- setup --------------------------------------------------------------------------------

def deal_figures(game) -> None:
    """Each figure kind of a card type: `count` of its cards for each player (or Team), a
    seeded draw from the box's, or those the configuration names (`{"t1": ["ID", ...]}`)."""
    rules, state = game.rules, game.state
    chosen = getattr(game.config, "dashboards", None) or {}
    if not chosen and rules.dash.drafted:
        return  # the players pick them at setup (draft.py)
    for kind, ctype in rules.dash.kinds.items():
        spec = rules.figures[kind]
        if spec["unowned"]:
            continue  # no one's: `add-unowned-figure()` adds them (unowned.py)
        holders = list(state.teams) if spec["per"] == "team" else list(state.players)
        roster = rules.dash.roster[ctype]
        counts = figure_counts(rules, spec, holders)  # a mode's seats: how many each player controls
        need = sum(counts)
        if chosen:
            picked = _named(rules, roster, holders, chosen, counts, kind)
        else:
            if need > len(roster):
                raise KernelError(f"figure '{kind}': {len(holders)} holders of {spec['count']} need {need} cards "
                                  f"of card type '{ctype}'; box '{rules.box}' has {len(roster)}")
            gen = state.random()
            picked = gen.sample(roster, need)
            state.keep(gen)
        at = 0
        for i, holder in enumerate(holders):
            start = spec["start"][i % len(spec["start"])] if spec["start"] else None
            for qid in picked[at:at + counts[i]]:
                _place(rules, state, kind, holder, qid, start)
            controlled_by_players(rules, state, holder, picked[at:at + counts[i]])  # starts.py
            at += counts[i]
    player_starts(rules, state)  # a per-player counter summing the figures' printed property


def _named(rules, roster: list, holders: list, chosen: dict, counts: list, kind: str) -> list[str]:
    from ...dsl.diagnostics import did_you_mean
    ids = {rules.cards[q].id: q for q in roster}
    picked = []
    for holder, count in zip(holders, counts):
        names = list(chosen.get(holder, []))
        if len(names) != count:
            raise KernelError(f"figure '{kind}': '{holder}' takes {count} cards, not {len(names)}: "
                              f"{', '.join(names) or 'none'}")
        for name in names:
            if name not in ids or ids[name] in picked:
                hint = did_you_mean(name, sorted(ids)) if name not in ids else "each card is dealt once"
                raise KernelError(f"figure '{kind}': no card '{name}' to deal to '{holder}'"
                                  + (f" ({hint})" if hint else ""))
            picked.append(ids[name])
    for holder in chosen:
        if holder not in holders:
            raise KernelError(f"figure '{kind}': no player or Team '{holder}' to deal to")
    return picked


def _place(rules, state, kind: str, holder: str, qid: str, space) -> None:
    printed = rules.cards[qid]
    fid = printed.id
    add_figure(state, fid, {"kind": kind, "owner": holder, "space": space, "card": qid})
    for counter in rules.counters.values():
        if counter.per == "figure":
            prop = rules.dash.starts.get(counter.id)
            value = printed.props.get(prop) if prop is not None else None
            state.counters[f"{counter.id}/{fid}"] = value if isinstance(value, int) else counter.start
    deal_parts(rules, state, qid, fid)


def deal_parts(rules, state, qid: str, fid: str) -> None:
    """The parts declared inside a card (`qid`: a figure's card, or the side it plays) dealt to
    the figure as card instances it owns, each in the zone of its card type kept for the figure."""
    for part in rules.dash.parts.get(qid, []):
        key = f"{rules.cards[part].type}/{fid}"
        uid = len(state.cards)
        state.cards.append(part)
        state.owners.append(fid)
        state.places.append(key)
        state.zones.setdefault(key, []).append(uid)
        moved(state)


# -- the turn's menu ------------------------------------------------------------------------

def turn_plans(game, plans: list, fallback: bool = False) -> list:
    """The plans of the actions the turn offers now: those that `starts-turn` while no figure
    is Active this turn, the others once one is (actions.menu); a `fallback` action's only
    when `fallback` (fallback_menu)."""
    state = game.state
    starters, fallbacks = game.rules.turn_starters, game.rules.turn_fallbacks
    if fallback:
        return [p for p in plans if p[0] in fallbacks]
    active = state.active_turn == state.turn and state.active_figure is not None
    return [p for p in plans if (p[0] in starters) != active and p[0] not in fallbacks]


def started(run, state, action) -> None:
    """After an action that `starts-turn` (compile_stmts.compiled_action, actions.take_general): a
    figure is Active this turn, or the turn or the game ended; else a KernelError at the action's
    declaration, as the turn would never end (the die never spent, its starter offered again)."""
    if state.result is None and not state.end_turn and (state.active_turn != state.turn or state.active_figure is None):
        raise KernelError(f"{action.span or 'game'}: action '{action.id}' starts a turn, but its effect made no figure "
                          "Active: the turn would never end\n  hint: make one Active in its effect, "
                          "`activate(figure, PART, die: DIE)`, or end the turn (`end-turn()`)")


def load_fallbacks(rules, game: dict) -> None:
    """rules.turn_fallbacks: the actions marked `fallback`, each ending the turn it is taken in
    (an `end-turn()` added to its body: the turn it takes is spent)."""
    from dataclasses import replace
    fallbacks = [c["id"] for c in game["children"] if c["kind"] == "action" and "fallback" in c["props"]]
    rules.turn_fallbacks = tuple(fallbacks)
    for verb in fallbacks:
        action = rules.actions[verb]
        end = {"op": "primitive", "name": "end-turn", "args": {}, "node": f"{verb}#fallback-end"}
        rules.actions[verb] = replace(action, body=[*action.body, end])


def fallback_menu(game) -> tuple[list, list]:
    """What the turn offers when no action that `starts-turn` is legal and no figure is Active:
    the first legal combination of the `fallback` actions, taken without a choice; none (the
    player passes) without one (actions.menu)."""
    state = game.state
    if state.active_turn == state.turn and state.active_figure is not None:
        return [], []
    out, texts = actions.menu(game, True)  # the module, bound at the end of this one (cycles)
    return out[:1], texts[:1]


# -- primitives and functions ------------------------------------------------------------------

def _card_among(given: dict):
    """The card among a call's keyword arguments (a uid; the shared words name it by their own
    parameter's name), none without one."""
    for v in given.values():
        if v.__class__ is int or isinstance(v, int) and not isinstance(v, bool):  # (an int: no call)
            return v
    return None


def activate(run, env, figure, **given) -> None:
    """`activate(figure, PART, die: DIE)`: the die on the figure's part (a card inside its card); the figure Active."""
    state, part = run.state, None
    for v in given.values():  # _card_among, written out: no call
        if v.__class__ is int or isinstance(v, int) and not isinstance(v, bool):
            part = v
            break
    die = given["die"] if "die" in given else None
    if die is not None and part is not None:
        place_die(run, env, die, part)
    state.active_figure, state.active_turn = figure, state.turn
    made_active(state, figure, part, die)  # the part and die of this turn, as data (record.py)
    acts_for(state, figure)  # a Team's figure its own player controls: that player runs its turn (starts.py)
    value = state.dice[die]["value"] if die in state.dice else None
    state.log.append({"event": "activate", "figure": figure, "card": run.rules.cards[state.cards[part]].id
                      if part is not None else None, "die": value, "player": env["ctx:me"]})
    activated(run, env, figure)  # the game's `activate-event`, if it names one (moments.py)


def resolve_part(run, env, **given) -> None:
    """`resolve-ability(PART, FLAG: cond, ...)`: the part's effects in its card type's
    declaration order, one named by a flag when the flag holds, the others always; the end
    checked after each."""
    part = None
    for v in given.values():  # _card_among, written out: no call
        if v.__class__ is int or isinstance(v, int) and not isinstance(v, bool):
            part = v
            break
    if part is None:
        return
    state = run.state
    resolved(state, state.owners[part])  # record.py
    line = {"event": "resolve-ability", "figure": state.owners[part], "card": run.rules.cards[state.cards[part]].id,
            "effects": []}
    state.log.append(line)  # before its effects' lines, as the other engine logs it
    runs, qid = run.rules.dash.runs, state.cards[part]  # its effects, one function (effects_made.py)
    (runs[qid] if qid in runs else part_function(run.rules, qid))(run, env["ctx:me"], part, given, line["effects"])


def _effects(run, env, part: int, given: dict, done: list) -> list[str]:
    """The part's effects run in order (resolve_part, use_part), and the names of those run
    (`done`, each as it starts): one function per part (effects_made.part_function)."""
    runs, qid = run.rules.dash.runs, run.state.cards[part]
    return (runs[qid] if qid in runs else part_function(run.rules, qid))(run, env["ctx:me"], part, given, done)


def slot_of(run, env, **given):
    """A part's printed `slot` (none where it prints none)."""
    for part in given.values():  # _card_among, written out: no call
        if part.__class__ is int or isinstance(part, int) and not isinstance(part, bool):
            props = run.rules.cards[run.state.cards[part]].props
            return props["slot"] if "slot" in props else None
    return None


def figure_of(run, env, card):
    """The figure whose card this card is declared inside (its holder); none for another card."""
    if not isinstance(card, int) or isinstance(card, bool):
        return None
    owner = run.state.owners[card]
    return owner if owner in run.state.figures else None


PRIMITIVES = {"activate": activate, "resolve-ability": resolve_part}
FUNCTIONS = {"abilities-of": abilities_of, "slot-of": slot_of, "figure-of": figure_of}

# read at call time; imported once this module's FUNCTIONS is made (primitives._more reads it)
from .compile_stmts import compiled_block  # noqa: E402
from .effects_made import part_function  # noqa: E402
from . import actions  # noqa: E402 - actions.py imports this module first: its `menu` read at call time
