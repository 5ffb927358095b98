"""What the turn and the round did, kept on the figures as data, and the shared words that read it.

The part and die a figure was made Active with, its part resolved, its last assault's target,
its bonuses of the turn (added to its assaults; a part's statements that only add one run first),
the figures made Active this round, those knocked out this round; and, read from elsewhere, a
figure's damage, its pieces' restrictions, the tags of the damage being heard, the hand, the card
played and whether a card may be played at a timing.

The record is plain data on a figure's own record in the state (`state.figures[f]`), each
value a tuple or a number, never changed in place (a clone's copy of the figure may share it):

- `acts`: `(turn, round, part, die)` of each time `activate` made the figure Active;
- `resolved`: the turn its part was last resolved (`resolve-ability`);
- `assaulted`: `(turn, target)` of the last `assault` it made;
- `bonus`: `(turn, ((amount, tags or None), ...))` of the `bonus`es of its turn;
- `stacks`: `(turn, holder, token, side, tags, bonus)` of each stack of pieces it placed in its
  turn, with the bonus it carries, until no piece of the token is left on the holder (one of an
  earlier turn that carries none is left out when the figure places again: it adds nothing);
- `out-round`: the round it was knocked out in (damage.py).

The words keep the names and parameters of the shared vocabulary's entries (compiler/builtins.py);
compiler/builtins_kernel.py lists the functions among the words kernel games share and
builtins.CONTEXTS["game"] the context names. docs/kernel.md, "What the turn did"."""
from __future__ import annotations

from .compile import _as_list


# -- written by the primitives (dashboards.py, damage.py) ------------------------------------------

def made_active(state, figure, part, die) -> None:
    """`activate` made the figure Active on this part with this die."""
    fig = state.figures.get(figure)
    if fig is not None:
        fig["acts"] = (*fig.get("acts", ()), (state.turn, state.round, part, die))


def resolved(state, figure) -> None:
    """The figure's part was resolved this turn."""
    fig = state.figures.get(figure)
    if fig is not None:
        fig["resolved"] = state.turn


def assaulted(state, by, target) -> None:
    """The figure `by` made an assault on `target` this turn."""
    fig = state.figures.get(by) if isinstance(by, str) else None
    if fig is not None:
        fig["assaulted"] = (state.turn, target)


def bonus(run, env, amount, to=None) -> None:
    """`bonus(X, to: [tags])`: the Active figure's assaults this turn deal X more (those whose tags
    meet `to`; all without it), logged `bonus` with the amount and the tags' ids."""
    fig = _active(run)
    if fig is None:
        return
    state = run.state
    had = fig.get("bonus")
    kept = had[1] if had is not None and had[0] == state.turn else ()
    scope = tuple(_as_list(to)) or None
    fig["bonus"] = (state.turn, (*kept, (int(amount or 0), scope)))
    stacks = fig.get("stacks")
    if stacks:  # the stacks it placed earlier this turn take it too
        more = int(amount or 0)
        fig["stacks"] = tuple((t, h, k, side, tags, n + more if t == state.turn and
                               (scope is None or set(scope) & set(tags)) else n)
                              for t, h, k, side, tags, n in stacks)
    state.log.append({"event": "bonus", "amount": int(amount or 0),
                      "to": sorted(t.rsplit(":", 1)[-1] for t in scope) if scope else None})


def assault_bonus(state, by, tags: tuple) -> int:
    """What the bonuses of `by`'s turn add to an assault with these tags (0 but for the Active
    figure in its own turn)."""
    if by is None or by != state.active_figure or state.active_turn != state.turn:
        return 0
    had = state.figures[by].get("bonus")
    if had is None or had[0] != state.turn:
        return 0
    total = 0
    for n, scope in had[1]:  # (a loop: a generator would make `tags` a cell)
        if scope is None or set(scope) & set(tags):
            total += n
    return total


def placed(run, env, token, holder, tags) -> None:
    """Pieces of the token placed on the holder by the Active figure's side in its turn: the stack
    carries the turn's bonuses for these tags, and those given later this turn, until no piece
    of the token is left there (`stack-bonus`)."""
    fig = _active(run)
    if fig is None:
        return
    state = run.state
    me = env.get("ctx:me")
    side = state.team_by.get(me) if me in state.players and state.teams else me
    tags = tuple(dict.fromkeys((*_as_list(tags), *env.get("_effect-tags", ()))))  # and its keyword's
    add = assault_bonus(state, state.active_figure, tags)
    stacks, found, turn = [], False, state.turn
    for stack in fig["stacks"] if "stacks" in fig else ():
        t, h, k, s, old, n = stack
        if t != turn:
            if n:  # a stack of an earlier turn that carries no bonus is left out: it adds nothing
                stacks.append(stack)  # to `stack-bonus`, and no bonus reaches it (only this turn's)
            continue
        if h == holder and k == token and s == side:
            old, n, found = tuple(dict.fromkeys(old + tags)), n + add, True
        stacks.append((t, h, k, s, old, n))
    if not found:
        stacks.append((state.turn, holder, token, side, tags, add))
    fig["stacks"] = tuple(stacks)


def cleared(state, holder, token) -> None:
    """No piece of the token is left on the holder: the stacks placed there carry no bonus more."""
    for fig in state.figures.values():
        stacks = fig["stacks"] if "stacks" in fig else None
        for _t, h, k, _s, _tags, _n in stacks or ():  # (a loop: no generator a figure)
            if h == holder and k == token:
                fig["stacks"] = tuple(x for x in stacks if not (x[1] == holder and x[2] == token))
                break


def stack_bonus(run, env, token, on, of=None) -> int:
    """The bonuses carried by the stacks of the token on `on` (placed by `of`'s side, if given)."""
    return sum(n for fig in run.state.figures.values() for _t, h, k, side, _tags, n in fig.get("stacks", ())
               if h == on and k == token and (of is None or side == of))


def hoisted(rules, qid: str, effects: list):
    """A part's effects with the statements that only add a bonus (`bonus`, or a keyword of
    bonuses) taken out, to run first: `(name, bonuses, rest, when)` each; None for a part that
    has none (it runs as written). Made once per part."""
    cache = rules.__dict__.setdefault("_hoisted", {})
    if qid not in cache:
        only = [[_bonus_only(rules, s) for s in body] for _name, body, _when in effects]
        cache[qid] = None if not any(map(any, only)) else [
            (name, [s for s, b in zip(body, flags) if b], [s for s, b in zip(body, flags) if not b], when)
            for (name, body, when), flags in zip(effects, only)]
    return cache[qid]


def _bonus_only(rules, stmt: dict) -> bool:
    if stmt.get("op") == "primitive":
        return stmt["name"] == "bonus"
    if stmt.get("op") == "keyword":
        body = rules.keywords.get(stmt["keyword"], {}).get("body", [])
        return bool(body) and all(_bonus_only(rules, s) for s in body)
    return False


# -- read by the context names --------------------------------------------------------------------

def _active(run):
    """The Active figure's record, made Active this turn; none before one is."""
    state = run.state
    if state.active_turn != state.turn or state.active_figure is None:
        return None
    return state.figures.get(state.active_figure)


def turn_act(run):
    """`(turn, round, part, die)` of the Active figure's making Active this turn; none without one."""
    fig = _active(run)
    acts = fig.get("acts") if fig is not None else None
    return acts[-1] if acts and acts[-1][0] == run.state.turn else None


def chosen_part(run, env):
    """The part the Active figure's die was placed on this turn (`chosen-ability`): turn_act's,
    written out (a menu asks it of every turn's Active figure)."""
    state = run.state
    if state.active_turn != state.turn or state.active_figure is None:
        return None
    fig = state.figures.get(state.active_figure)
    acts = fig.get("acts") if fig is not None else None
    return acts[-1][2] if acts and acts[-1][0] == state.turn else None


def chosen_die(run, env) -> int:
    """The face of the die placed on that part (`activation-die`); 0 without one: turn_act's and
    _active's, written out (no frame of theirs: the shared `resolve` action reads it twice a part)."""
    state = run.state
    if state.active_turn != state.turn or state.active_figure is None:
        return 0
    figures = state.figures
    acts = figures[state.active_figure]["acts"] if state.active_figure in figures and \
        "acts" in figures[state.active_figure] else None
    if not acts or acts[-1][0] != state.turn:
        return 0
    dice = state.dice
    die = acts[-1][3]
    return dice[die]["value"] if die in dice else 0


def part_resolved(run, env) -> bool:
    """The Active figure's part was resolved this turn (`ability-used`): _active's, written out."""
    state = run.state
    if state.active_turn != state.turn or state.active_figure is None:
        return False
    fig = state.figures.get(state.active_figure)
    return fig is not None and fig.get("resolved") == state.turn


def assault_target(run, env):
    """The figure the Active figure's last assault of this turn aimed at (`attack-target`);
    none before it made one."""
    fig = _active(run)
    last = fig.get("assaulted") if fig is not None else None
    return last[1] if last is not None and last[0] == run.state.turn else None


def my_hand(run, env) -> list:
    """The cards of `me`'s `draw-to` zone (`my-hand`), in order, a list of its own; none in a game
    without one. The zone's key is `me`'s kept one (`_mine`), piles.cards_in's."""
    state, me, rules = run.state, env["ctx:me"], run.rules
    try:  # (me -> (the Teams' map it holds for, or None: always; the zone's key)), per rules
        holds, key = rules.hand_kept[me]
    except (AttributeError, KeyError):
        holds = key = False
    if holds is not None and holds is not state.team_by:
        holds, key = _mine(rules, state, "draw-to", me, KEPT)
    zones = state.zones
    return list(zones[key]) if key is not None and key in zones else []


def card_played(run, env) -> bool:
    """A card lies in `me`'s `play-to` zone (`card-played`: kept per Team, the Team's); the zone's key
    is `me`'s kept one (`_mine`)."""
    state, me, rules = run.state, env["ctx:me"], run.rules
    try:
        holds, key = rules.played_kept[me]
    except (AttributeError, KeyError):
        holds = key = False
    if holds is not None and holds is not state.team_by:
        holds, key = _mine(rules, state, "play-to", me, KEPT)
    zones = state.zones
    return key is not None and key in zones and len(zones[key]) > 0


KEPT = True  # `me`'s zones' keys kept (off: found again at each call, as piles.cards_in finds them)


def _mine(rules, state, role: str, me, keep: bool = True) -> tuple:
    """(the Teams' map the key holds for, None when it holds whatever the Teams; the key of `me`'s
    zone of this role, None in a game without one), found as piles.cards_in finds a zone of `me`,
    and kept per rules by `me` (`hand_kept`, `played_kept`). A zone kept per player, or none, names
    `me` alone; one kept per Team names `me`'s Team, read from `state.team_by`, which a write of the
    Teams replaces whole (writers.teams_written): the key holds while the map is the same object.
    The seats are written once, at setup, and only grow: a player seated holds its key."""
    zone = rules.game["props"].get(role)
    kept = rules.__dict__.setdefault("hand_kept" if role == "draw-to" else "played_kept", {})
    if zone is None:
        k = (None, None)
    else:
        zone = zone["value"]
        per, who, holds = rules.zones[zone].per, me, None
        if per == "team" and who in state.players:
            holds = state.team_by
            who = holds[who] if who in holds else None
        k = (holds, f"{zone}/{who}" if per and who is not None else zone)
        if per == "team" and me not in state.players:
            keep = False  # (a Team's own `me`, or no one yet seated: found at each call)
    if keep:
        kept[me] = k
    return k


CONTEXT = {"chosen-ability": chosen_part, "activation-die": chosen_die, "ability-used": part_resolved,
           "attack-target": assault_target, "my-hand": my_hand, "card-played": card_played}


# -- functions ---------------------------------------------------------------------------------

def activated_this_round(run, env) -> list:
    """The figures made Active this round, in the order they were (one entry each time), those
    still standing."""
    state = run.state
    acts = sorted((act[0], f) for f, fig in state.figures.items() if not fig.get("out")
                  for act in fig.get("acts", ()) if act[1] == state.round)
    return [f for _turn, f in acts]


def all_out_this_round(run, env, team) -> bool:
    """Every figure of the Team was knocked out this round and is still off the board
    (`all-ko-this-round`); a Team with no figure: no."""
    state = run.state
    figures, found = state.figures, False
    for f in figures_of(run, env, team):  # (a loop: comprehensions would make `state` a cell)
        if f in figures:
            found = True
            fig = figures[f]
            if fig.get("out-round") != state.round or fig["space"] is not None:
                return False
    return found


def damage_on(run, env, figure) -> int:
    """The figure's damage: its value of the game's `damage-counter` (damage.py); 0 for a
    value that is no figure."""
    if not isinstance(figure, str) or figure not in run.state.figures:
        return 0
    from .damage import _of
    return run.rules.counters[_of(run).counter].get(run, figure)


def restricted(run, env, figure, what) -> bool:
    """A piece on the figure is of a token whose `restricts` names the restriction `what`: the
    tokens that name it are kept per rules (`_naming`, printed), and the figure's pile is read as
    it lies (no list of tokens made, sorted and read a printed property each)."""
    rules = run.rules
    naming = rules.__dict__.get("_restricting")
    stops = naming[what] if naming is not None and what in naming else _naming(rules, what)
    if not stops:
        return False  # no token names it: none can lie on the figure
    state, pieces = run.state, rules.pieces
    if NAMED and pieces is not None and figure.__class__ is str and figure in state.figures \
            and figure in pieces.keyed[0]:  # the figure's pile's key, kept (pieces_at.holder_key's)
        key, zones, cards = pieces.keyed[0][figure], state.zones, state.cards
        for uid in zones[key] if key in zones else ():
            if cards[uid] in stops:
                return True
        return False
    return _restricted(run, env, figure, what)


NAMED = True  # `restricted` reads the figure's pile against the tokens naming the restriction (off: as before)


def _naming(rules, what) -> frozenset:
    """The qids of the cards whose printed `restricts` names `what` (as `_restricted` tests it)."""
    naming = rules.__dict__.setdefault("_restricting", {})
    naming[what] = frozenset(q for q, c in rules.cards.items() if what in (_printed_property(rules, c, "restricts") or ()))
    return naming[what]


def _restricted(run, env, figure, what) -> bool:
    """`restricted` by the tokens on the figure, each's printed `restricts` read (a holder not kept yet)."""
    rules = run.rules
    for qid in tokens_on(run, env, figure):  # a loop, not any() of a generator: most figures hold none
        if what in (_printed_property(rules, rules.cards[qid], "restricts") or ()):
            return True
    return False


def tagged(run, env, tag) -> bool:
    """The damage being heard carries the tag (`damage(..., tags: [...])`, `assault`'s): its
    listeners' `tagged(t)`."""
    return tag in env.get("_tags", ())


def can_play(run, env, card, timing) -> bool:
    """The card has an effect, its printed `timing` is this one, and its effect's guard (`effect
    when COND`), if it has one, holds (`me` the player, `this-card` the card, `self` the Active
    figure)."""
    if not isinstance(card, int) or isinstance(card, bool):
        return False
    printed = run.rules.cards[run.state.cards[card]]
    if not printed.effect or _printed_property(run.rules, printed, "timing") != timing:
        return False
    if printed.when is None:
        return True
    return bool(compiled(printed.when)(run, {"ctx:me": env["ctx:me"], "ctx:this-card": card}))


FUNCTIONS = {"activated-this-round": activated_this_round, "all-ko-this-round": all_out_this_round,
             "damage-on": damage_on, "restricted": restricted, "tagged": tagged, "can-play": can_play,
             "stack-bonus": stack_bonus}
PRIMITIVES = {"bonus": bonus}


def _register() -> None:
    """The context names written into generated code as the relations' are (compile.py: a call of
    `_rel[NAME](run, env)`, its table relations.CONTEXT)."""
    from .compile import _CONTEXT
    from .relations import CONTEXT as RELATED
    RELATED.update(CONTEXT)
    _CONTEXT.update((name, f"_rel[{name!r}](run, env)") for name in CONTEXT)


_register()


# -- imported here, once: at the end, as these modules import this one's names
from .layout import printed_property as _printed_property  # noqa: E402 - bound once, after this module's names (cycles)
from .board import figures_of  # noqa: E402 - bound once, after this module's names (cycles)
from .compile import compiled  # noqa: E402 - bound once, after this module's names (cycles)


def tokens_on(run, env, figure):
    """vocabulary.tokens_on, bound on the first call (importing vocabulary while this module loads
    would load primitives before dashboards has its names: primitives gathers them at its load)."""
    global tokens_on
    from .vocabulary import tokens_on
    return tokens_on(run, env, figure)
