"""A game's menu (the legal actions of the turn) as one generated function per set of actions the turn offers, and the whole menu as one.

actions.menu() asked each verb's plan (actions._plan) in a loop, reading its shape at each
decision; this writes the loop out once per shape: for each verb, in order, its guard's parts
that read no parameter, its lifted values, then its listing (a card parameter listed by one
function), its single domain, its chained walk (walks.py), or its values one by one with the
parts of the guard that read one parameter and the rest of it. The source is compiled once
per shape (`_CODE`, by source) and bound to a game's plans (`make(...)`): restricted plans
(pieces.py) are new functions per game, not a new source. The same actions, in the same
order, as the loop (tests/test_kernel_speed_menus.py). `whole_of` writes the whole menu of a
game's plans as one function: actions.menu's start, the turn's sets of actions chosen by the
state, the walks written in, the fallbacks (tests/test_kernel_speed_kspeed7c.py)."""
from __future__ import annotations

from functools import partial
from itertools import product

from ..actions import Action
from .chained import Chained, Formed, chained_menu
from .counted import NotCountable, block_lines, firsts, full_pick, kept_firsts, pick_lines
from .dashboards import turn_plans
from .effects import NeedChoice
from .labels import labels
from .waits import bot_waits, waited
from .walks import _U, _written, walk_lines, walk_of

_CODE: dict[str, object] = {}  # the source -> its compiled `make`
_BASE = {"labels": labels, "NeedChoice": NeedChoice, "Action": Action, "_new": tuple.__new__,
         "product": product, "isinstance": isinstance, "list": list, "zip": zip, "map": map, "enumerate": enumerate}


def menu_of(game, fallback: bool = False):
    """The menu function `menu(game, run, env, seen, texts, out)` of the actions the turn
    offers now (actions.menu: those that start a turn, the Active figure's, the fallbacks, as
    dashboards.turn_plans keeps them), made once per game for each of those sets."""
    if game._plans is None:
        from .actions import plans_of
        plans_of(game)
    kept = game.__dict__["_menus"] if "_menus" in game.__dict__ else None
    if kept is None or kept[0] is not game._plans:
        kept = game._menus = (game._plans, {})
    state, starters = game.state, game.rules.turn_starters
    which = (state.active_turn == state.turn and state.active_figure is not None, fallback) if starters else None
    made = kept[1][which] if which in kept[1] else None
    if made is None:
        plans = turn_plans(game, game._plans, fallback) if starters else game._plans
        made = kept[1][which] = _made(plans, game.rules)
    return made


def _made(plans: list, rules):
    from .actions import _allows, _card_values, _labelled, _values
    names: dict = {"card_values": _card_values, "labelled": _labelled, "values_of": _values,
                   "chained_menu": chained_menu, "allows": _allows}
    lines = ["def menu(game, run, base, seen, texts, out):"]
    for i, (verb, plan, cards_of) in enumerate(plans):
        lines += _block(i, verb, plan, cards_of, names, rules.actions.get(verb))
    lines.append(" return")
    src = "\n".join(lines)
    make = _CODE.get(src)
    if make is None:
        space = dict(_BASE)
        params = ", ".join(sorted(names))
        exec(f"def make({params}):\n" + "\n".join(" " + line for line in lines) + "\n return menu", space)  # noqa: S102
        make = _CODE[src] = space["make"]
    menu = make(**names)
    menu.source, menu.verbs = src, tuple([verb for verb, _plan, _cards in plans])
    return menu


def _block(i: int, verb: str, plan: tuple, cards_of: tuple, names: dict, action, inline: bool = False,
           count: list | None = None) -> list[str]:
    """The source of one verb's part of the menu, at one indent, its functions in `names`;
    `inline`: a chained action's walk written in (walks.walk_lines, its names in `names`), not called;
    `count` (counted.py): the block counted (`cnt`, its end in `c{i}`), its kind appended to it."""
    if count is None:
        return _lines(i, verb, plan, cards_of, names, action, inline, None)
    info: dict = {"space": names}
    count.append((i, info))
    return _lines(i, verb, plan, cards_of, names, action, inline, info) + [f" c{i} = cnt"]


def _lines(i: int, verb: str, plan: tuple, cards_of: tuple, names: dict, action, inline: bool,
           info: dict | None) -> list[str]:
    domains_of, keys, once, alone, guard, _body, lifted, listing = plan
    names[f"V{i}"], names[f"P{i}"], names[f"C{i}"] = verb, verb + " ", cards_of[0] if cards_of else False
    if info is not None and (listing is not None and cards_of[0] or not isinstance(domains_of, Chained) and (
            len(domains_of) > 1 or len(domains_of) == 1 and (guard is not None or not alone[0]))):
        raise NotCountable  # a listing, a product, a guard asked after the text: the whole menu's lines only
    if listing is not None and cards_of[0]:  # a card of one parameter, any the guard's parts allow
        names[f"LST{i}"] = listing
        return [f" values = LST{i}(run, base)",
                " if values is not None:",
                f"  if not card_values(game, V{i}, values, seen, texts, out):",
                f"   labelled(game, V{i}, values, list(map(P{i}.__add__, labels(game, values, True))), seen, texts, out)"]
    body: list[str] = [" env = base"]
    pad = " "
    if once is not None:  # the parts of the guard that read no parameter, in order
        for j, part in enumerate(once):
            names[f"O{i}_{j}"] = part
        body.append(f" if {' and '.join(f'O{i}_{j}(run, env)' for j in range(len(once)))}:")
        pad = "  "
    if lifted:  # the rest's values that read no parameter, once per listing
        body.append(f"{pad}env = dict(env)")
        for j, (key, value) in enumerate(lifted):
            names[f"LK{i}_{j}"], names[f"LF{i}_{j}"] = key, value
            body.append(f"{pad}env[LK{i}_{j}] = LF{i}_{j}(run, env)")
    if len(domains_of) == 1 and guard is None and not alone[0] and domains_of.__class__ is not Formed:
        names[f"D{i}"] = domains_of[0]
        body += [f"{pad}values = D{i}(run, env)",
                 f"{pad}if values.__class__ is not list: values = values_of(values)",
                 f"{pad}if not (C{i} and card_values(game, V{i}, values, seen, texts, out)):",
                 f"{pad} labelled(game, V{i}, values, list(map(P{i}.__add__, labels(game, values, C{i}))), seen, "
                 "texts, out)"]
        return body
    if isinstance(domains_of, Chained):  # a domain reads the parameters before it, or a form (chained.py)
        if domains_of and inline:  # the walk's body here, its first stops a `break` out of its loop
            written = _written(action, domains_of, guard)
            if info is not None:
                info["group"] = f"gr{i}"
            lines = walk_lines(verb, domains_of, keys, guard, cards_of, written, names, f"W{i}_", "break", info)[1]
            before, after = block_lines(i, info["kind"], pad, (f"W{i}_C0",)) if info is not None else ([], [])
            body += before + [f"{pad}e0 = env", f"{pad}while True:"] + [f"{pad} {line}" for line in lines] + \
                [f"{pad} break"] + after
        elif info is not None:
            raise NotCountable
        elif domains_of:
            names[f"W{i}"] = walk_of(verb, domains_of, keys, guard, cards_of, action)
            body.append(f"{pad}W{i}(game, run, env, seen, texts, out)")
        else:
            names[f"PLAN{i}"] = (domains_of, keys, guard, cards_of)
            body.append(f"{pad}chained_menu(game, V{i}, *PLAN{i}[:3], PLAN{i}[3], run, env, seen, texts, out)")
        return body
    names[f"G{i}"] = guard
    add = ["seen.add(t)", "texts.append(t)"]
    if not domains_of:  # no parameter: the verb alone, if the guard allows it
        names[f"A{i}"] = Action(verb, (), verb)
        body.append(f"{pad}if V{i} not in seen:" if info is None else f"{pad}if True:  # (no other block prints it)")
        if guard is not None:
            body.append(f"{pad} try:")
            body.append(f"{pad}  ok = G{i}(run, env.copy())")
            body.append(f"{pad} except NeedChoice:")
            body.append(f"{pad}  ok = False  # a guard asks no question")
        else:
            body.append(f"{pad} ok = True")
        body.append(f"{pad} if ok:")
        if info is not None:  # (no other block prints the verb alone)
            info["kind"] = "verb"
            return body + [f"{pad}  cnt += 1"]
        body += [f"{pad}  seen.add(V{i})", f"{pad}  texts.append(V{i})", f"{pad}  out.append(A{i})"]
        return body
    if len(domains_of) == 1:  # one parameter: its values with the parts of the guard that read it
        names[f"D{i}"], names[f"K{i}"], names[f"AL{i}"] = domains_of[0], keys[0], alone[0]
        body.append(f"{pad}values = D{i}(run, env)")  # actions._values, written out: the common list, no call
        body.append(f"{pad}if values.__class__ is not list: values = values_of(values)")
        if alone[0]:  # the values the guard's parts that read them allow, then labels (of all values) if any is
            # (loops, not comprehensions: a comprehension reading `run` or `env` would make them
            # cells of the whole menu, paid at every call and every read)
            body.append(f"{pad}kept = []")
            body.append(f"{pad}for j, v in enumerate(values):")
            if len(alone[0]) == 1:  # one part of the guard reads the value: asked in place, no call of allows()
                names[f"ALP{i}"] = alone[0][0]
                body.append(f"{pad} if ALP{i}(run, {{**env, K{i}: v}}): kept.append(j)")
            else:
                body.append(f"{pad} if allows(AL{i}, run, env, K{i}, v): kept.append(j)")
            if info is not None:  # counted: the places kept, less those printed alike (one label: one text)
                info["kind"] = "alp"
                return body + [f"{pad}if kept:", f"{pad} vl{i} = values", f"{pad} if len(kept) > 1:",
                               f"{pad}  bl{i} = labels(game, values, C{i})",
                               f"{pad}  if len(set(bl{i})) != len(bl{i}): kept = kept_firsts(bl{i}, kept)",
                               f"{pad} cnt += len(kept)", f"{pad} kj{i} = kept"]
            body.append(f"{pad}if kept: labs = labels(game, values, C{i})")
            body.append(f"{pad}pairs = list(zip(map(values.__getitem__, kept), map(labs.__getitem__, kept))) if kept else ()")
        else:
            body.append(f"{pad}pairs = list(zip(values, labels(game, values, C{i}))) if values else ()")
        body.append(f"{pad}for value, label in pairs:")
        body.append(f"{pad} t = P{i} + label")
        body.append(f"{pad} if t in seen: continue")
        if guard is not None:
            body += [f"{pad} inner = env.copy()", f"{pad} inner[K{i}] = value", f"{pad} try:",
                     f"{pad}  if not G{i}(run, inner): continue", f"{pad} except NeedChoice:",
                     f"{pad}  continue  # a guard asks no question"]
        body += [f"{pad} {line}" for line in add]
        body.append(f"{pad} out.append(_new(Action, (V{i}, (value,), t)))")
        return body
    from .actions import _product  # several parameters of independent domains: their product
    names["product_menu"] = _product
    names[f"PLAN{i}"], names[f"CS{i}"] = plan, cards_of
    body.append(f"{pad}product_menu(game, V{i}, PLAN{i}, CS{i}, run, env, seen, texts, out)")
    return body


_WHOLE: dict[tuple, tuple] = {}  # (the rules' id, the plans' ids) -> (the rules, the plans, the whole menu)


def whole_of(game):
    """actions.menu(game) (no fallback) as one function `menu(game)` generated per set of plans
    (a game's, kept on it; games of the same rules share it when their plans are the same
    objects): actions.menu's start (the run its guards are asked in, the env with `here` and
    `my-team`), each set of actions the turn offers (dashboards.turn_plans: those that start a
    turn, the Active figure's) chosen by the state, every verb's block in order with the walks
    of chained actions written in (walks.walk_lines: the Active figure's name and `my-team`
    read once a menu, not once a walk), and the fallbacks asked when none is legal. The same
    actions, texts and order as actions.menu (tests/test_kernel_speed_kspeed7c.py)."""
    plans = game._plans
    if plans is None:
        plans = actions.plans_of(game)
    return kept_per_plans(game, plans, "_whole", _WHOLE, _whole)


def kept_per_plans(game, plans: list, attr: str, table: dict, make):
    """`make(plans, rules)` kept on the game as `attr` (with the plans it was made for) and in
    `table`, shared by games of the same rules whose plans are the same objects (whole_of's menu,
    counted.py's counted menu)."""
    kept = game.__dict__[attr] if attr in game.__dict__ else None
    if kept is not None and kept[0] is plans:
        return kept[1]
    rules = game.rules
    key = (id(rules), tuple([id(plan) for _verb, plan, _cards in plans]))
    hit = table.get(key)
    if hit is None or hit[0] is not rules or any(a[1] is not b[1] for a, b in zip(hit[1], plans)):
        hit = table[key] = (rules, plans, make(plans, rules))
    setattr(game, attr, (plans, hit[2]))
    return hit[2]


def bound_menu(game):
    """actions.menu(game) as a function of no argument for play_out's loop (in_place.py): the
    game's whole menu (whole_of) bound to it, or actions.menu itself when a test switched the
    generated menus off."""
    if actions._WHOLE[0] and actions._GENERATED[0]:
        return partial(whole_of(game), game)
    return partial(actions.menu, game)


def counted_menu(game):
    """counted.counted_of(game) for play_out's loop (in_place.py), or None: plans it cannot count,
    or a test switched the generated menus or the counted one off."""
    from .counted import _COUNTED, counted_of
    if actions._WHOLE[0] and actions._GENERATED[0] and _COUNTED[0]:
        return counted_of(game)
    return None


def _whole(plans: list, rules, count: bool = False):
    """whole_of's function; `count`: counted.counted_of's (each block counted, the action drawn
    printed: counted.py), NotCountable where a block cannot be counted."""
    from .actions import _allows, _card_values, _labelled, _values
    from .dashboards import fallback_menu
    from .effects import Run
    space = dict(_BASE)
    space.update(card_values=_card_values, labelled=_labelled, values_of=_values, chained_menu=chained_menu,
                 allows=_allows, Run=Run, fallback_menu=fallback_menu, _U=_U)
    lines = ["def pick(game, draws, history):" if count else "def menu(game):",
             " state = game.state",
             " run = game._probe  # guards and domains ask nothing: one run for them all, per state",
             " if run is None or run.state is not state:",
             "  run = game._probe = Run(game, [])",
             " me, figures, active = state.active, state.figures, state.active_figure  # actions._base, written out",
             " base = {'ctx:me': me}",
             " if (turn := state.active_turn == state.turn) and active in figures:",
             "  base['ctx:here'] = figures[active]['space']",
             " sf = active if turn else None  # `self` in a walk (walks._Set)",
             " mt = _U  # `my-team`, read once a menu (walks._Set)",
             " if state.teams:",
             "  mt = base['_my-team'] = me if me in state.teams else state.team_by[me] if me in state.team_by else None",
             " cnt = 0  # the actions counted" if count else " out, texts, seen = [], [], set()",
             " act = None  # the Active figure's name, read the first time a walk prints it"]
    starters, fallbacks = rules.turn_starters, rules.turn_fallbacks
    if starters:  # dashboards.turn_plans: those that start a turn, else the Active figure's
        variants = [(" if turn and active is not None:", [p for p in plans if p[0] not in starters and p[0] not in fallbacks]),
                    (" else:", [p for p in plans if p[0] in starters and p[0] not in fallbacks])]
    else:
        variants = [(None, plans)]
    waits = bot_waits(rules)  # what a random bot waits with (waits.py): one rule of it, where its actions lie
    wait = waits[0] if len(waits) == 1 else (None, ())
    order: list | None = [] if count else None  # counted: each set of actions' blocks and what they count
    if count:
        space.update(full_pick=full_pick, firsts=firsts, kept_firsts=kept_firsts)
        if len(waits) > 1:
            raise NotCountable  # (the draw reads the texts)
    size = "cnt" if count else "len(out)"
    if wait[0] is not None:
        space["WAIT"] = waited(rules)
        lines.append(" ws = we = 0  # the place of the actions a bot waits with, while an action it waits for is offered")
        lines.append(" up = False  # an action it waits for offered")
    i = 0
    for head, chosen in variants:
        pad = ""
        if head is not None:
            lines.append(head)
            pad = " "
        block = []
        counts: list | None = [] if count else None
        for verb, plan, cards_of in chosen:
            if verb == wait[0] or verb in wait[1]:
                block.append(f"{pad} ws = {size}" if verb == wait[0] else f"{pad} u = {size}")
            block += [pad + line for line in _block(i, verb, plan, cards_of, space, rules.actions.get(verb), True,
                                                    counts)]
            if verb == wait[0] or verb in wait[1]:
                block.append(f"{pad} we = {size}" if verb == wait[0] else f"{pad} if {size} != u: up = True")
            i += 1
        if order is not None:
            order.append((head, counts))
        lines += block or [pad + " pass"]
    if fallbacks and starters:  # nothing starts the turn: the first the fallbacks offer (dashboards.fallback_menu)
        lines += [f" if not {size}:", "  if turn and active is not None:",
                  "   return None" if count else "   return out, texts  # none: a figure is Active"]
        counts = [] if count else None
        for verb, plan, cards_of in [p for p in plans if p[0] in fallbacks]:
            lines += [" " + line for line in _block(i, verb, plan, cards_of, space, rules.actions.get(verb), True,
                                                    counts)]
            i += 1
        lines.append("  if cnt > 1: cnt = 1" if count else "  return out[:1], texts[:1]")
        if order is not None:  # (after the second set's blocks: asked only when they counted none)
            order[-1] = (order[-1][0], order[-1][1] + counts)
    elif fallbacks:  # (no action starts a turn: the fallbacks are among the plans asked above)
        if count:
            raise NotCountable
        lines += [" if not out:", "  return fallback_menu(game)"]
    if order is not None:  # counted: the place drawn, that action printed (counted.pick_lines)
        lines += pick_lines(order, wait[0] is not None)
        src = "\n".join(lines)
        exec(src, space)  # noqa: S102 - source generated here, from the plans
        space["pick"].source = src
        return space["pick"]
    if wait[0] is not None:  # for the bot's draw (waits.drawn): these texts, and the actions it waits with
        lines += [" WAIT[0] = texts", " if up:", "  WAIT[1], WAIT[2] = ws, we", " else:", "  WAIT[1] = WAIT[2] = 0"]
    lines.append(" return out, texts")
    src = "\n".join(lines)
    exec(src, space)  # noqa: S102 - source generated here, from the plans
    menu = space["menu"]
    menu.source, menu.verbs = src, tuple([verb for verb, _plan, _cards in plans])
    return menu


# -- imported here, once: at the end, as actions.py imports this module's names (a cycle)
from . import actions  # noqa: E402
