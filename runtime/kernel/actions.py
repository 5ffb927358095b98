"""Actions as data: a declared verb with its argument values, listed, printed and parsed back.

The legal actions are every value of each parameter's domain that the action's guard allows;
each prints as a stable string (`VERB CARD`, `VERB PLAYER`) and parses back against the
legal list (`parse`)."""
from __future__ import annotations

from itertools import product

from ..actions import Action, parse as _parse
from .chained import Chained, Formed, chained, chained_menu
from .leveled import free_domains, leveled
from .compile import compiled, fresh, function, pure, source
from .compile_stmts import compiled_action, compiled_block
from .effects import NeedChoice, Run
from .labels import labels
from .menus import menu_of, whole_of
from .pieces import restricted_plans


_GENERATED = [True]  # False: menu()'s loop over the plans (_walk_plans), as written (tests/test_kernel_speed_menus.py)
_WHOLE = [True]  # False: menu() without menus.whole_of's function (tests/test_kernel_speed_kspeed7c.py)
_new = tuple.__new__  # an Action (runtime/actions.py: `(verb, args, text)`) made without a Python-level __new__


def legal_actions(game) -> list[Action]:
    return menu(game)[0]


def menu(game, fallback: bool = False) -> tuple[list[Action], list[str]]:
    """The legal actions and their strings (a decision's `actions`), in the same order."""
    if not fallback and _WHOLE[0] and _GENERATED[0]:  # the whole menu, one generated function (menus.py)
        return whole_of(game)(game)
    out, texts, seen = [], [], set()
    state = game.state
    probe = game._probe  # guards and domains ask nothing: one run for them all, per state
    if probe is None or probe.state is not state:
        probe = game._probe = Run(game, [])
    me, figures, active = state.active, state.figures, state.active_figure  # _base(state), written out
    base = {"ctx:me": me}
    if (turn := state.active_turn == state.turn) and active in figures:
        base["ctx:here"] = figures[active]["space"]
    if state.teams:
        base["_my-team"] = me if me in state.teams else state.team_by[me] if me in state.team_by else None
    plans = game._plans if game._plans is not None else plans_of(game)
    if _GENERATED[0]:  # the loop of _walk_plans, written out once per set of plans (menus.py)
        kept = game.__dict__["_menus"] if "_menus" in game.__dict__ else None  # menus.menu_of's, read in place
        which = (turn and active is not None, fallback) if game.rules.turn_starters else None
        made = kept[1][which] if kept is not None and kept[0] is plans and which in kept[1] else None
        (made or menu_of(game, fallback))(game, probe, base, seen, texts, out)
    else:
        if game.rules.turn_starters:  # dashboards.py: the actions that start a turn, or the Active figure's
            plans = turn_plans(game, plans, fallback)
        _walk_plans(game, plans, probe, base, seen, texts, out)
    if not out and game.rules.turn_fallbacks and not fallback:  # dashboards.py: nothing starts the turn
        return fallback_menu(game)
    return out, texts


def _base(state) -> dict:
    """The env a menu's guards and domains are asked in: `me`, and what every verb of the menu
    would otherwise ask again (compile._CONTEXT reads them from the env): `here`, the acting
    figure's space (relations.here, no trigger's tile or holder in a menu), and `my-team`."""
    me, figures, active = state.active, state.figures, state.active_figure  # (reads by `in` and subscript: no call)
    base = {"ctx:me": me}
    if state.active_turn == state.turn and active in figures:
        base["ctx:here"] = figures[active]["space"]
    if state.teams:
        base["_my-team"] = me if me in state.teams else state.team_by[me] if me in state.team_by else None
    return base


def _walk_plans(game, plans: list, probe, base: dict, seen: set, texts: list, out: list) -> None:
    """menu()'s loop over the plans, as menus.py writes it out (kept to compare the two)."""
    for verb, (domains_of, keys, once, alone, guard, _body, lifted, listing), cards_of in plans:
        if listing is not None and cards_of[0]:  # a card of one parameter, any the guard's parts allow
            values = listing(probe, base)  # None: a part of the guard said no for every card
            if values is None:
                continue
            if _card_values(game, verb, values, seen, texts, out):
                continue
            prefix = verb + " "  # copies that differ: told apart by labels()
            _labelled(game, verb, values, list(map(prefix.__add__, labels(game, values, True))), seen, texts, out)
            continue
        env = base
        if once is not None:
            for part in once:
                if not part(probe, env):
                    break  # a part of the guard that reads no parameter says no: for every value
            else:
                part = None
            if part is not None:
                continue
        if lifted:  # the rest's values that read no parameter, once per listing
            env = dict(env)
            for key, value in lifted:
                env[key] = value(probe, env)
        if len(domains_of) == 1 and guard is None and not alone[0] and domains_of.__class__ is not Formed:
            values = _values(domains_of[0](probe, env))
            if cards_of[0] and _card_values(game, verb, values, seen, texts, out):
                continue
            prefix = verb + " "
            _labelled(game, verb, values, list(map(prefix.__add__, labels(game, values, cards_of[0]))), seen, texts,
                      out)
            continue
        if isinstance(domains_of, Chained):  # a domain reads the parameters before it, or a form (chained.py)
            chained_menu(game, verb, domains_of, keys, guard, cards_of, probe, env, seen, texts, out)
            continue
        _product(game, verb, (domains_of, keys, once, alone, guard, _body, lifted, listing), cards_of, probe, env,
                 seen, texts, out)


def _product(game, verb: str, plan: tuple, cards_of: tuple, probe, env: dict, seen: set, texts: list,
             out: list) -> None:
    """The actions of a verb whose domains read no parameter: every combination of their
    values (those the guard's parts of one parameter allow) that the rest of the guard allows."""
    domains_of, keys, _once, alone, guard = plan[:5]
    pairs_of = []
    for domain, cards, key, parts in zip(domains_of, cards_of, keys, alone):
        values = _values(domain(probe, env))
        pairs = list(zip(values, labels(game, values, cards)))
        if parts:  # the parts of the guard that read this parameter alone, asked once per value
            pairs = [pair for pair in pairs if _allows(parts, probe, env, key, pair[0])]
        pairs_of.append(pairs)
    for combo in product(*pairs_of):
        text = " ".join([verb] + [label for _value, label in combo])  # no parameter: the verb
        if text in seen:
            continue  # a copy alike to one already offered
        args = tuple([value for value, _label in combo])
        if guard is not None:
            inner = env.copy()
            for key, value in zip(keys, args):
                inner[key] = value
            try:
                allowed = guard(probe, inner)
            except NeedChoice:
                allowed = False  # a guard asks no question
        else:
            allowed = True
        if allowed:
            seen.add(text)
            texts.append(text)
            out.append(_new(Action, (verb, args, text)))


def plans_of(game) -> list:
    """The game's plans (verb, plan, cards), made once per game: each declared action's (_plan),
    with what pieces forbid a part of the guards (pieces.py)."""
    plans = game._plans = [(verb, _plan(action), action.cards) for verb, action in game.rules.actions.items()]
    if game.rules.pieces is not None:
        plans = game._plans = restricted_plans(game.rules, plans)
    return plans


def sole_listing(game):
    """(verb, listing) when the game's only action has one card parameter listed by one generated
    function (`play CARD` where `value(plays) > 0`): sole_menu lists it, not menu(); else None."""
    plans = game._plans
    if plans is None:
        plans = plans_of(game)
    if len(plans) != 1:
        return None
    verb, plan, cards_of = plans[0]
    return (verb, plan[7]) if plan[7] is not None and cards_of[0] else None


def sole_menu(game, verb: str, listing) -> tuple[list, list]:
    """menu(game) for the game's sole action of one card parameter (sole_listing) (sole.py)."""
    return sole_menu_of(game, verb, listing)()


def sole_menu_of(game, verb: str, listing):
    """sole_menu(game, verb, listing) as a function of no argument, for play_out's loop: the
    menu generated for the action (sole.py), reading the state, the run its listing is asked in
    and the cards' plain actions, which are read again when a card is added (a card's uid
    indexes them). The state must stay the game's while it is used (play_out never replaces it)."""
    from .sole import made_sole
    return made_sole(game, verb, listing)


def _card_values(game, verb: str, values: list, seen: set, texts: list, out: list) -> bool:
    """Adds the actions of a card parameter's values when each prints as its card's id (`VERB ID`,
    made once per deal): all of them when no two are alike, else the first of each set of copies
    alike and the same. False, adding nothing, when copies differ (labels() tells them apart) or
    a text is listed already."""
    by_uid = game._plain.get(verb)
    if by_uid is None or by_uid[0] != len(game.state.cards):
        by_uid = _plain(game, verb)
    try:
        named = list(map(by_uid[1].__getitem__, values))
    except (TypeError, IndexError):  # pragma: no cover - a card domain yields card uids
        return False
    if seen and not seen.isdisjoint(named):
        return False
    if len(set(named)) == len(named):  # no two alike: each prints as its id (labels.py)
        seen.update(named)
        texts += named
        out += map(by_uid[2].__getitem__, values)
        return True
    if not _same_copies(game.state, values):
        return False
    first = dict(zip(reversed(named), reversed(values)))  # each text's first card
    kept = list(dict.fromkeys(named))  # the texts in the order they first come
    seen.update(kept)
    texts += kept
    out += map(by_uid[2].__getitem__, map(first.__getitem__, kept))
    return True


def _labelled(game, verb: str, values: list, named: list, seen: set, texts: list, out: list) -> None:
    """A parameter's values with their texts (labels.py) added to the menu; of copies alike,
    the first, and none whose text is already offered."""
    if len(set(named)) == len(named) and (not seen or seen.isdisjoint(named)):
        seen.update(named)
        texts += named
        out += [_new(Action, (verb, (value,), text)) for value, text in zip(values, named)]
        return
    for value, text in zip(values, named):  # copies alike: the first of them
        if text not in seen:
            seen.add(text)
            texts.append(text)
            out.append(_new(Action, (verb, (value,), text)))


_DEALS: dict[tuple, tuple] = {}  # (verb, the printed card of each uid) -> (rules, _plain's answer)


def _plain(game, verb: str) -> tuple:
    """(the number of cards, each card's "VERB ID" by uid, each card's action so printed):
    what the menu offers for a card where no other card of the listing prints alike. Kept per
    game (a game's uids are only added to, and a clone starts its own), made once per deal
    (the same decks dealt give every uid the same card: setup.py copies the table)."""
    state, rules = game.state, game.rules
    key = (verb, tuple(state.cards))
    hit = _DEALS.get(key)
    if hit is None or hit[0] is not rules:
        printed = rules.cards
        texts = [f"{verb} {printed[qid].id}" for qid in state.cards]
        hit = _DEALS[key] = (rules, (len(texts), texts, [_new(Action, (verb, (uid,), text))
                                                         for uid, text in enumerate(texts)]))
    game._plain[verb] = hit[1]
    return hit[1]


def _same_copies(state, values: list) -> bool:
    """Whether cards that print alike among `values` are the same (labels.py): all in one
    zone, and none of them with a counter on it (`NAME/#uid`)."""
    places = state.places
    if len(set(map(places.__getitem__, values))) != 1:
        return False
    counters = state.counters
    if "/#" not in "\n".join(counters):
        return True
    marked = {k[k.rfind("/#") + 2:] for k in counters if "/#" in k}
    return marked.isdisjoint(map(str, values))


def _allows(parts, probe, env, key, value) -> bool:
    inner = env.copy()
    inner[key] = value
    return all(part(probe, inner) for part in parts)


_PLANS: dict[int, tuple] = {}


def _plan(action, rules=None) -> tuple:
    """An action's domains as closures (compile.py), its parameters' keys, its guard split
    in parts, and its body's function (compile_stmts.py), made once per declaration. When the
    guard and the domains are `pure` (they ask and draw nothing), each part of the guard (the
    items of a top-level `and`) is asked where it is cheapest: one that reads no parameter
    (`value(coins) > 0`) once per listing (`once`), one that reads a single parameter
    (`free-slots(to) > 0`) once per value of it (`alone`, by parameter), the rest (`guard`)
    once per combination of values. A guard that can ask is asked whole, per combination."""
    hit = _PLANS.get(id(action))
    if hit is not None and hit[0] is action:
        return hit[1]
    domains = tuple(compiled(domain) if domain is not None else _none for _name, domain in action.params)
    domains = chained(domains, action.params, action.form, action.id, action.span)  # Chained: one reads a parameter before it
    if isinstance(domains, Chained):  # those that read no parameter before them, listed once per listing
        domains.free = free_domains(action.params)
    keys = tuple("var:" + name for name, _domain in action.params)
    names = frozenset(keys)
    lifted: list = []
    once, alone, rest = None, tuple(() for _ in keys), action.guard
    if action.guard is not None and action.form is None and all(pure(d, names) for _n, d in action.params):
        items = action.guard["items"] if action.guard["e"] == "and" else [action.guard]
        if items and all(pure(item) for item in items):
            once_parts, alone_parts, rest_items = [], [[] for _ in keys], []
            for item in items:
                read = [i for i, key in enumerate(keys) if not pure(item, frozenset([key]))]
                if not read:
                    once_parts.append(item)
                elif len(read) == 1:
                    alone_parts[read[0]].append(compiled(item))
                else:
                    rest_items.append(item)
            once = tuple(map(compiled, once_parts)) or None
            alone = tuple(tuple(parts) for parts in alone_parts)
            rest = (None if not rest_items else rest_items[0] if len(rest_items) == 1
                    else {"e": "and", "items": rest_items})
            if rest is not None:
                rest = _lift(rest, names, lifted)
    elif action.guard is not None and isinstance(domains, Chained) and all(pure(d) for _n, d in action.params):
        levels = leveled(action.guard, keys)
        if levels is not None:
            plan = (domains, keys, once, alone, levels, compiled_block(action.body), (), None)
            _PLANS[id(action)] = (action, plan)
            return plan
    listing = None
    if len(domains) == 1 and rest is None and not alone[0] and (once is not None or action.guard is None) \
            and action.form is None:
        listing = _listing(action.params[0][1], once_parts if once is not None else [], rules)
    plan = (domains, keys, once, alone, compiled(rest) if rest is not None else None,
            compiled_block(action.body), tuple((key, compiled(e)) for key, e in lifted), listing)
    _PLANS[id(action)] = (action, plan)
    return plan


def _listing(domain: dict | None, once: list, rules=None):
    """One function `f(run, env)` for an action of one parameter whose guard's parts read no
    parameter: None when one of them says no (in their order), else the parameter's values
    (its domain's list, a value alone in a list, none: []): those parts and the domain in one
    generated source (compile.py), not a call each."""
    space: dict = {"__rules__": rules}
    value, w = source(domain, space), fresh(space)
    src = f"(({w} if isinstance({w} := {value}, list) else [] if {w} is None else [{w}]))"
    if once:
        src = f"({src} if {' and '.join(f'({source(part, space)})' for part in once)} else None)"
    listing = function(src, space)
    listing.ir = (domain, tuple(once), rules)  # sole.py writes it again, its player a local
    return listing


def _lift(e: dict, names: frozenset, lifted: list) -> dict:
    """The expression with each call in it that reads none of `names` (`distance(first(
    figures-of(me)), goal)`) replaced by a variable, added to `lifted` (its key and the
    call): evaluated once per listing, not once per combination. The IR is not changed."""
    if e.get("e") in ("fn", "select") and pure(e, names):
        key = f"lift:{len(lifted)}"
        lifted.append(("var:" + key, e))
        return {"e": "var", "name": key}
    out = {}
    for k, value in e.items():
        if isinstance(value, dict) and "e" in value:
            value = _lift(value, names, lifted)
        elif isinstance(value, dict) and k != "span":
            value = {a: _lift(v, names, lifted) if isinstance(v, dict) and "e" in v else v for a, v in value.items()}
        elif isinstance(value, list):
            value = [_lift(v, names, lifted) if isinstance(v, dict) and "e" in v else v for v in value]
        out[k] = value
    return out


def _none(run, env):
    return None


def _values(value):
    if value.__class__ is list:  # the common case: a list, no isinstance() call
        return value
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def parse(text: str, legal: list[Action]) -> Action:
    """The legal action a string names (runtime/actions.py's parser); a ValueError naming the legal ones if none."""
    return _parse(text, legal)


def take_action(game, run: Run, action: Action) -> None:
    """The action taken: its declaration's own function (compile_stmts.compiled_action)."""
    take = game._takes.get(action.verb)
    if take is None:
        take = game._takes[action.verb] = compiled_action(game.rules.actions[action.verb], game.rules)
    take(game, run, action)


def take_general(game, run: Run, action: Action) -> None:
    """take_action read from the declaration: its parameters' values set in the env (as many
    as there are values), the action logged, its body run, the end checked."""
    verb = action.verb
    plan = game._bodies.get(verb)
    if plan is None:  # the parameters' keys and the body of each verb, read once per game
        plan = game._bodies[verb] = _plan(game.rules.actions[verb])[1::4]
    state = game.state
    env = {"ctx:me": state.active, "_stops": True}
    for key, value in zip(plan[0], action.args):
        env[key] = value
    state.log.append({"event": "action", "player": state.active, "action": action.text})
    state.acted = True
    plan[1](run, env)  # the action's body
    if verb in game.rules.turn_starters and not state.end_turn:  # a figure made Active by it
        started(run, state, game.rules.actions[verb])
    game.check_end(run)


# -- imported here, once: at the end, as these modules import this one's names
from .dashboards import turn_plans, fallback_menu, started  # noqa: E402 - bound once, after this module's names (cycles)
