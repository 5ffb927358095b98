"""The menu of a game whose only action has one card parameter, generated once per rules.

actions.menu() for such an action (`play CARD` where `value(plays) > 0`) as one function of no
argument, made for a game's state (play_out's loop asks it at each choice of an action): the
guard's parts and the domain written in with the player (`me`) a local, the cards' texts and
actions by uid read once, copies that print alike merged as menu() merges them. Its source is
compiled once per action declaration; a game only binds it to its state (`make(...)`). Its
`drawn` is play_out's loop of a turn's choices of an action by seats that draw their answers
(in_place._drawn_turns), the menu written into it and a card's action made only for the card
drawn."""
from __future__ import annotations

import re

from .actions import _labelled, _plain
from .compile import fresh, source
from .labels import labels

_NONE = ([], [])  # no action: the same empty lists each time (the loop only reads them)
_MAKERS: dict[int, tuple] = {}  # id(the listing) -> (the listing, make)


def made_sole(game, verb: str, listing):
    """actions.sole_menu_of(game, verb, listing): the menu as a function of no argument, reading
    the game's state, whose cards' plain actions are read again when a card is added. The state
    must stay the game's while it is used (play_out never replaces it)."""
    hit = _MAKERS.get(id(listing))
    if hit is None or hit[0] is not listing:
        hit = _MAKERS[id(listing)] = (listing, _maker(listing))
    state = game.state
    probe = game._probe
    if probe is None or probe.state is not state:
        from .effects import Run
        probe = game._probe = Run(game, [])
    cards = state.cards
    by_uid = game._plain.get(verb)
    if by_uid is None or by_uid[0] != len(cards):
        by_uid = _plain(game, verb)

    def plain() -> tuple:
        return _plain(game, verb)

    marks: list = [None, None]  # the counters' keys when last read, and the cards (their uids) with one

    def merged(values: list, named: list, action_of, one_pile: bool = False) -> tuple:
        """Copies that print alike: the first of each when they are the same (no counter on
        them, one zone: actions._same_copies, the cards with a counter found again only when
        the counters' keys change), else told apart by labels(). `one_pile`: the values are
        one pile's cards (a player's, read in place), so in one zone without looking."""
        if one_pile or len(set(map(state.places.__getitem__, values))) == 1:
            counters = state.counters
            if counters.keys() != marks[0]:
                marks[0] = set(counters)
                marks[1] = _carded(counters)
            if marks[1].isdisjoint(values):
                first = dict(zip(reversed(named), reversed(values)))  # each text's first card
                kept = list(dict.fromkeys(named))  # the texts in the order they first come
                return list(map(action_of, map(first.__getitem__, kept))), kept
        out: list = []
        texts: list = []
        _labelled(game, verb, values, list(map((verb + " ").__add__, labels(game, values, True))), set(), texts, out)
        return out, texts
    return hit[1](state, probe, cards, by_uid, plain, merged, _NONE)


def _carded(counters) -> set:
    """The uids of the cards a counter is kept on (its key `NAME/#uid`, state.counter_key), as
    numbers: a hand's uids are tested against them as they are, not each made a text."""
    found = set()
    for key in counters:
        if "/#" in key:
            uid = key[key.rfind("/#") + 2:]
            found.add(int(uid) if uid.isdigit() and str(int(uid)) == uid else uid)
    return found


def _maker(listing):
    """The source of the menu for the listing's IR (actions._listing: its domain and the parts
    of its guard), compiled once: `make(state, run, cards, by_uid, plain, merged, NONE)`."""
    domain, once, rules = listing.ir
    space: dict = {"__rules__": rules}
    value, w = source(domain, space), fresh(space)
    src = f"(({w} if isinstance({w} := {value}, list) else [] if {w} is None else [{w}]))"
    if once:
        src = f"({src} if {' and '.join(f'({source(part, space)})' for part in once)} else None)"
    src = src.replace("env['ctx:me']", "me").replace("env.get('ctx:me')", "me")
    fast = _for_a_player(domain, once, rules, space)
    if fast is not None:  # `me` a player (state.active, a seat): the pile and counters read in place, without the copy
        src = fast
    merge = "merged(values, named, action_of, True)" if fast is not None else "merged(values, named, action_of)"
    env = []
    if re.search(r"'[^']*env", src):  # `env` in a string: kept as a local
        env = ["        env = {'ctx:me': me}"]
    else:  # read only where a declaration's own function is called: made there
        src = re.sub(r"\benv\b", "{'ctx:me': me}", src)
    lines = ["def make(state, run, cards, by_uid, plain, merged, NONE):",
             "    count, text_of, action_of = by_uid[0], by_uid[1].__getitem__, by_uid[2].__getitem__",
             "    def sole():",
             "        nonlocal count, text_of, action_of",
             "        me = state.active",
             *env,
             f"        values = {src}",
             "        if not values:",  # None: a part of the guard said no; []: no card
             "            return NONE",
             "        if count != len(cards):",  # a card added (a scenario's): its plain action too
             "            by_uid = plain()",
             "            count, text_of, action_of = by_uid[0], by_uid[1].__getitem__, by_uid[2].__getitem__",
             "        named = list(map(text_of, values))",
             "        if len(set(named)) == len(named):",  # no two alike: each prints as its id (labels.py)
             "            return list(map(action_of, values)), named",
             f"        return {merge}",
             # the turn's choices of an action drawn by the players (in_place._drawn_turns): the
             # menu above, each card's action made only for the card drawn, and the action taken
             "    def drawn(take, draws, history, game, step):",  # step: the run its actions are taken in
             "        nonlocal count, text_of, action_of",
             "        while not state.end_turn:",
             "            me = state.active",
             *["    " + line for line in env],
             f"            values = {src}",
             "            if not values:",
             "                return",
             "            if count != len(cards):",
             "                by_uid = plain()",
             "                count, text_of, action_of = by_uid[0], by_uid[1].__getitem__, by_uid[2].__getitem__",
             "            named = list(map(text_of, values))",
             "            if len(set(named)) == len(named):",
             "                n = len(values)",
             "                if n > 1:",
             "                    index = draws[me](n)",
             "                    history.append({'player': me, 'kind': 'action', 'action': named[index]})",
             "                    take(game, step, action_of(values[index]))",
             "                else:",
             "                    take(game, step, action_of(values[0]))",
             "            else:",
             f"                legal, texts = {merge}",
             "                n = len(legal)",
             "                if n > 1:",
             "                    index = draws[me](n)",
             "                    history.append({'player': me, 'kind': 'action', 'action': texts[index]})",
             "                    take(game, step, legal[index])",
             "                else:",
             "                    take(game, step, legal[0])",
             "    sole.drawn = drawn",
             "    return sole"]
    exec("\n".join(lines), space)  # noqa: S102 - source generated here, from the IR
    return space["make"]


def _for_a_player(domain: dict | None, once: tuple, rules, space: dict) -> str | None:
    """The listing for `me` a player (a str) when its domain is `cards-in(ZONE)` of `me` and
    each part of the guard compares `value(COUNTER)` of `me` with a number, both kept per
    player: the pile itself (the menu only reads it) where the parts allow, else None. None
    (no such source) for any other listing."""
    from .compile import name_for
    if rules is None or domain is None or domain.get("e") != "fn" or domain.get("name") != "cards-in":
        return None
    args = {k: v for k, v in domain["args"].items() if v is not None}
    zone = rules.zones.get(args.get("zone", {}).get("name")) if args.get("zone", {}).get("e") == "zone" else None
    if zone is None or zone.per != "player" or not set(args) <= {"zone", "of"} or not _is_me(args.get("of")):
        return None
    tests = []
    for part in once:
        left, right = part.get("l") or {}, part.get("r") or {}
        largs = {k: v for k, v in (left.get("args") or {}).items() if v is not None}
        counter = largs.get("counter") or {}
        spec = rules.counters.get(counter.get("name")) if counter.get("e") == "counter" else None
        if (part.get("e") != "cmp" or part.get("op") not in ("<", "<=", ">", ">=") or right.get("e") != "num"
                or left.get("e") != "fn" or left.get("name") != "value" or spec is None or spec.per != "player"
                or not set(largs) <= {"counter", "of"} or not _is_me(largs.get("of"))):
            return None
        tests.append(f"int(state.counters.get({name_for(space, spec.id + '/')} + me, {name_for(space, spec.start)})"
                     f" or 0) {part['op']} {name_for(space, int(right['v'] or 0))}")
    pile = f"state.zones.get({name_for(space, zone.id + '/')} + me)"
    return f"({pile} if {' and '.join(tests)} else None)" if tests else pile


def _is_me(e: dict | None) -> bool:
    return e is None or (e.get("e") == "ctx" and e.get("name") == "me")

