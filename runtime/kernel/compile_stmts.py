"""Effect statements of the IR compiled once into Python functions `f(run, env)`.

As compile.py does for expressions, a block becomes the source of one function (its `if`,
`for each`, `repeat`, `let`, `may` and primitives inline, their expressions too), compiled
once and cached by the identity of its IR list, so a step of play runs Python instead of
reading `op` and `args` out of dictionaries. The functions belong to the rules (their IR
nodes), never to the state: the state stays data, and a clone or a replayed step uses the
same functions. Each does exactly what effects.py's `Run` methods did, in the same order
(the digests of tests/test_kernel_compiled.py hold the games to it). Each op has its emitter
(`Inline.stmt_OP` here, `compile_made.Made`'s for the ops made into functions of their own),
found through the registry of IR ops (compiler/ir_ops.py): `EMIT`."""
from __future__ import annotations

import re

from ...compiler.ir_ops import STATEMENTS, dispatch, register_walker
from .compile import _as_list, call_source, compiled, name_for, source
from .rules import KernelError
from .state import stamp_span
from .written import WRITTEN_OUT, emptied_pile_lines

_CACHE: dict[int, tuple[list, object]] = {}


def compiled_block(body: list, rules=None):
    """The function running a list of statements: before each of them an action's body
    stops once the turn has ended (`end-turn`), as an `_stops` env says. Where a statement
    nested in another sees that, the whole body stops: what the rest would still do (set a
    loop's variable) changes nothing outside it. Made with the `rules` the body is of (at
    load, compile_rules), it reads a player's pile or counter in place (compile._declared)."""
    if not body:  # no statements (a slot the game leaves out: a new list each time)
        return nothing
    hit = _CACHE.get(id(body))
    if hit is not None and hit[0] is body:
        return hit[1]
    space: dict = {"_as_list": _as_list, "__rules__": rules}
    names = Locals()
    lines = ["def block(run, env):", "    state = run.state", "    stops = env['_stops'] if '_stops' in env else None"]
    _emit(body, space, lines, 1, names)
    lines[3:3] = [f"    {local} = env[{key!r}] if {key!r} in env else None" for key, local in names.first.items()]
    src = "\n".join(lines).replace(_RESYNC, "; ".join(f"{local} = env[{key!r}] if {key!r} in env else None"
                                                      for key, local in names.local.items()) or "pass")
    exec(src, space)  # noqa: S102 - source generated here, from the IR
    block = space["block"]
    _CACHE[id(body)] = (body, block)  # the list is kept alive with its function: its id stays its own
    return block


def inline_lines(body: list, space: dict, known: dict | None = None, players: tuple = (),
                 contexts: tuple | None = None) -> list[str]:
    """A structure slot's statements as lines of a function of its own (turns.py), at depth
    1, with `run`, `env` and `state` (run's) set there and no `_stops` in env: compiled_block's
    lines less its stop tests, which never hold there. `known`: env keys whose values are
    locals there already (`{'ctx:me': 'me'}`); `players`: those of them surely the player whose
    turn it is (a str); `contexts`: the context keys env surely holds, and no other (Locals.contexts)."""
    names = Locals()
    names.players.update(players)
    names.contexts = contexts
    for key, local in (known or {}).items():
        names.local[key] = local
        names.known.add(key)
    lines: list[str] = []
    _emit(body, space, lines, 1, names)
    lines = [line for line in lines if line.strip() != "if stops and state.end_turn: return"]
    lines[0:0] = [f"    {local} = env.get({key!r})" for key, local in names.first.items()]
    resync = "; ".join(f"{local} = env.get({key!r})" for key, local in names.local.items()) or "pass"
    return [line.replace(_RESYNC, resync) for line in lines]


def compiled_action(action, rules=None):
    """`take(game, run, action)`: actions.take_action for one declared action, generated once
    per declaration: the env of its parameters made in one literal (each parameter a local of
    the body too), the action logged, its body written in (a turn ended by it returns through
    the end check) and the end checked after it, then the update event (finish.update_lines,
    written in: no wrapper's frame; its early returns run it too); an action whose values are
    not one per parameter is taken by the general code (actions.take_general)."""
    hit = _CACHE.get(id(action))
    if hit is not None and hit[0] is action:
        return hit[1]
    from .actions import take_general
    space: dict = {"_as_list": _as_list, "_general": take_general, "_end": _end_check, "__rules__": rules}
    names = Locals()
    keys = ["var:" + name for name, _domain in action.params]
    params = [names.set(key) for key in keys]
    me = names.set("ctx:me")
    names.players.add("ctx:me")  # the player whose turn it is (gstate.active), a seat
    names.contexts = ("ctx:me",)  # (its env's one context: `_stops` and the parameters are no contexts)
    head = ["def take(game, run, action):"]
    if params:  # one value per parameter, unpacked (a try costs nothing until it raises)
        head += ["    try:", f"        {', '.join(params)}, = action.args",
                 "    except ValueError:", "        return _general(game, run, action)"]
    else:
        head.append("    if action.args: return _general(game, run, action)")
    head += ["    gstate = game.state", f"    {me} = gstate.active"]
    head += ["    env = {'ctx:me': " + me + ", '_stops': True"
             + "".join(f", {key!r}: {local}" for key, local in zip(keys, params)) + "}",
             f"    gstate.log.append({{'event': 'action', 'player': {me}, 'action': action.text}})",
             "    gstate.acted = True",
             "    state = run.state"]
    lines: list[str] = []
    _emit(action.body, space, lines, 1, names)
    if rules is not None and action.id in rules.turn_starters:  # a figure made Active by it (dashboards.started)
        lines.append("    if gstate.result is None and not gstate.end_turn and (gstate.active_turn != gstate.turn or "
                     f"gstate.active_figure is None): {name_for(space, started)}(run, gstate, {name_for(space, action)})")
    stop = "if stops and state.end_turn: return"  # `_stops` is set: the turn's end returns through the check
    lines = [line[:-len(stop)] + "if state.end_turn: return _end(game, run, gstate)" if line.endswith(stop)
             else line for line in lines]
    if rules is not None:  # the rules the action is of: the parts their end condition reads written in
        from .turns import end_lines
        lines += end_lines(rules, state="gstate")
    else:
        lines.append("    game.check_end(run)")
    first = [f"    {local} = env.get({key!r})" for key, local in names.first.items()]
    if not re.search(r"\benv\b", "\n".join(first + lines).replace(_RESYNC, "env")):
        head = [line for line in head if not line.startswith("    env = ")]  # nothing reads it: not made
    tail = _update_tail(rules, space)
    if tail:  # the update event after it (finish.update_lines), written in: one frame, not a wrapper's too
        lines += tail
        head = [line.replace("return _general(", "return _general_updated(") for line in head]
        lines = [line.replace("return _end(", "return _end_updated(") for line in lines]
        exec("\n".join(["def _general_updated(game, run, action):", "    _general(game, run, action)", *tail,
                        "def _end_updated(game, run, gstate):", "    game.check_end(run)", *tail]), space)  # noqa: S102
    src = "\n".join(head + first + lines).replace(_RESYNC, "; ".join(f"{local} = env.get({key!r})"
                                                                    for key, local in names.local.items()) or "pass")
    exec(src, space)  # noqa: S102 - source generated here, from the IR
    take = space["take"]
    if tail:
        take.updated = True  # (finish.after_step: a step with its update written in is itself)
    else:  # (a test's switch, ONE_FRAME off: the update in a wrapper of its own, as until December 4, 2026)
        take = after_step(rules, take, frozenset())
    _CACHE[id(action)] = (action, take)  # the declaration is kept alive with its function
    return take


def _update_tail(rules, space: dict) -> list[str]:
    """finish.after_step's lines for an action (nothing it writes after its end check): the update
    event's function called only when it may do something; none for a game without one."""
    from .finish import update_event, update_lines
    if rules is None or update_event(rules) is None or not ONE_FRAME[0]:
        return []
    return update_lines(rules, frozenset(), space)


ONE_FRAME = [True]  # an action's update written into its own function (a test's switch)
WRITTEN = [True]  # resolve-ability written into the block (effects_made.resolve_lines; a test's switch)


def _end_check(game, run, state) -> None:
    """The end check after an action (steps.check_end's first test, then the call)."""
    game.check_end(run)


_RESYNC = "__resync__"  # after `choose one`, whose options' blocks may set variables in this env


class Locals:
    """The block's variables and contexts kept in Python locals (`_l0`), not read from
    `env` at each use: a `let` or a `for each` sets both the local and `env` (which the
    primitives, selectors and nested functions read), and a name read where this block has
    not surely set it yet is read from `env` once, at the block's start (`first`). `known`
    holds the names surely set on the way to the statement being emitted."""

    def __init__(self) -> None:
        self.local: dict[str, str] = {}  # env key -> local name
        self.first: dict[str, str] = {}  # the keys read from env at the block's start
        self.known: set = set()
        self.players: set = set()  # the keys surely set to the player whose turn it is (compile.me_player)
        # the context keys (compile_made.CONTEXTS, `_effect-tags`) env surely holds and no other, where the
        # code that made env says so (no statement sets one): a keyword's env is then one dict display
        self.contexts: tuple | None = None

    def name(self, key: str) -> str:
        local = self.local.get(key)
        if local is None:
            local = self.local[key] = f"_l{len(self.local)}"
        return local

    def read(self, key: str) -> str:
        local = self.name(key)
        if key not in self.known:
            self.first[key] = local
        return local

    def set(self, key: str) -> str:
        local = self.name(key)
        self.known.add(key)
        return local


def nothing(run, env):
    return None


def _emit(body: list, space: dict, lines: list, depth: int, names: Locals) -> None:
    pad = "    " * depth
    if not body:
        lines.append(pad + "pass")
    for stmt in body:
        lines.append(pad + "if stops and state.end_turn: return")
        _emit_statement(stmt, space, lines, depth, names)


def _nested(body: list, space: dict, lines: list, depth: int, names: Locals, also=()) -> set:
    """A nested block's statements; the names it surely sets are returned, not kept: the
    statement after it may run without it (an `if` whose other branch ran, a loop run no time)."""
    before = set(names.known)
    names.known.update(also)
    _emit(body, space, lines, depth, names)
    after, names.known = names.known, before
    return after


def _emit_statement(stmt: dict, space: dict, lines: list, depth: int, names: Locals) -> None:
    emit = EMIT.get(stmt["op"])
    if emit is None:  # an op the registry (compiler/ir_ops.py) does not hold: compile_check.py says it at load first
        raise KernelError(f"{stmt.get('span')}: the statement '{stmt['op']}' is not supported in kernel games: "
                          "the kernel compiler has no emitter for it")
    emit(stmt, space, lines, depth, names)


class Inline:
    """`stmt_OP(stmt, space, lines, depth, names)`: a statement of op OP written in the block's
    lines at `depth` (with compile_made.Made's, the registry's dispatch: `EMIT`)."""

    @staticmethod
    def stmt_primitive(stmt, space, lines, depth, names):
        pad, n = "    " * depth, len(lines)  # the lines it logs given its span, if it logged any: one mark (the
        span = stmt.get("span")  # log's last line before and after it, its span: state.spans reads them), also
        if not span:  # when the game ends in it (state.stamp_span; a `try` costs nothing until it raises)
            lines += [pad + line for line in _primitive(stmt, space, names, n)]
            return
        from .effects import GameOver
        lines += [pad + f"_g{n} = state.log[-1] if state.log else None", pad + "try:"]
        lines += [pad + "    " + line for line in _primitive(stmt, space, names, n)]
        lines += [pad + f"except {name_for(space, GameOver)}:",
                  pad + f"    {name_for(space, stamp_span)}(state, _g{n}, {name_for(space, span)})", pad + "    raise",
                  pad + f"if state.log and state.log[-1] is not _g{n}: "
                  f"state.marks.append((_g{n}, state.log[-1], {name_for(space, span)}))"]

    @staticmethod
    def stmt_let(stmt, space, lines, depth, names):
        pad = "    " * depth
        key = "var:" + stmt["name"]
        value = source(stmt["value"], space, names)  # read before the name is set
        lines.append(pad + f"{names.set(key)} = env[{key!r}] = {value}")

    @staticmethod
    def stmt_if(stmt, space, lines, depth, names):
        pad = "    " * depth
        lines.append(pad + f"if {source(stmt['cond'], space, names)}:")
        then = _nested(stmt["then"], space, lines, depth + 1, names)
        lines.append(pad + "else:")
        other = _nested(stmt["else"], space, lines, depth + 1, names)
        names.known |= then & other  # set on both ways

    @staticmethod
    def stmt_for_each(stmt, space, lines, depth, names):
        pad, n = "    " * depth, len(lines)
        key = "var:" + stmt["var"]
        emptied = emptied_pile_lines(stmt, space, names, n)
        if emptied:  # a pile moved card by card into others, then emptied at once; else the loop
            lines += [pad + line for line in emptied] + [pad + "else:"]
            pad, depth = pad + "    ", depth + 1
        found = source(stmt['source'], space, names)
        if kept_source(stmt["source"]):  # a set of `all`: found again once what it reads changed (same_selects.py)
            found = f"{name_for(space, kept_select)}(run, env, {name_for(space, stmt['source'])}, lambda: {found})"
        lines.append(pad + f"_s{n} = {found}")  # _as_list's copy, written out
        if stmt["source"].get("e") == "fn" and stmt["source"].get("name") == "cards-in":
            lines.append(pad + f"for _v{n} in _s{n}:")  # a list of its own already (piles.cards_in)
        else:
            lines.append(pad + f"for _v{n} in (list(_s{n}) if isinstance(_s{n}, list) else [] if _s{n} is None "
                         f"else [_s{n}]):")
        lines.append(pad + f"    {names.name(key)} = env[{key!r}] = _v{n}")
        _nested(stmt["body"], space, lines, depth + 1, names, also=[key])

    @staticmethod
    def stmt_repeat(stmt, space, lines, depth, names):
        pad, n = "    " * depth, len(lines)
        lines.append(pad + f"for _r{n} in range(max(int(({source(stmt['count'], space, names)}) or 0), 0)):")
        _nested(stmt["body"], space, lines, depth + 1, names)

    @staticmethod
    def stmt_may(stmt, space, lines, depth, names):
        pad = "    " * depth
        label = stmt["label"] or "it"
        offered = name_for(space, (f"do {label}", "skip"))
        lines.append(pad + f"if run.ask(env['ctx:me'], 'may', {name_for(space, f'do {label}?')}, list({offered}), "
                     f"{name_for(space, stmt['span'])}) != 'skip':")
        _nested(stmt["body"], space, lines, depth + 1, names)


def _primitive(stmt: dict, space: dict, names: Locals, n: int) -> list[str]:
    """The lines of a primitive's statement: its call, or, for the counters' `gain`, `lose`
    and `set-counter` and for `move-card`, their loop over the holders (cards) written out
    around the one call it makes each time (primitives._change, piles.move)."""
    from .primitives import PRIMITIVES
    if stmt["name"] == "raise":  # the event its statement names, and its fields (events.py)
        from .events import raise_lines
        return raise_lines(stmt, space, names)
    if stmt["name"] == "shift":  # its destination judged once the piece is lifted (edges.py)
        from .edges import shift_lines
        return shift_lines(stmt, space, names)
    if stmt["name"] == "move-figure":  # its destination asked once a figure may Move (movement.py)
        from .movement import move_figure_lines
        return move_figure_lines(stmt, space, names)
    fn = PRIMITIVES.get(stmt["name"])
    if fn is None:  # a shorthand of the vocabulary (compiler/shorthand.py): the word it stands for
        from ...compiler.shorthand import lowered
        rules = space.get("__rules__")
        stmt = lowered(stmt, rules.game if rules is not None else None)
        fn = PRIMITIVES.get(stmt["name"])
    if fn is None:  # a primitive of another runtime (a shared keyword's): an error if it runs
        def unknown(run, env):
            raise KernelError(f"{stmt.get('span')}: '{stmt['name']}' is not a primitive of kernel games")
        return [name_for(space, unknown) + "(run, env)"]
    shared, args = shared_args(stmt["args"], space, names, n)  # a repeated pure expression read once
    if fn is resolve_part and WRITTEN[0]:  # dashboards.resolve_part, written out (effects_made.py)
        return shared + resolve_lines(args, space, names, n)
    written = WRITTEN_OUT.get(stmt["name"])
    if written is not None and set(args) == set(written[1]):
        return shared + written[0](args, space, names, n)
    call = call_source(fn, [(k.replace("-", "_"), e) for k, e in args.items()], space, names)
    return shared + (assault_lines(call, space) if stmt["name"] == "assault" else [call])  # (a piece may stop it)




def compile_rules(rules, components: list | None = None) -> None:
    """Compile every body, guard and domain of a game once, at load (rules.py): play then
    only calls closures, and an expression the kernel cannot play is an error at load. First
    every body of `components` (what the game plays) and of its keywords (which compile at
    their first call) is read for an op or form the compiler lacks (compile_check.py): the
    first is a KernelError naming it, its span and its component."""
    from .compile_check import message, uncompiled
    for found in uncompiled(components or [], rules.keywords):
        raise KernelError(message(found))
    from .actions import _plan
    bodies = list(rules.slots.values()) + [a.body for a in rules.actions.values()]
    bodies += [b for ct in rules.card_types.values() for b in ct.effects.values()]
    bodies += [c.effect for c in rules.cards.values() if c.effect]
    bodies += [r["body"] for r in rules.rules]  # keywords (shared ones too) compile when first called
    for body in bodies:
        compiled_block(body, rules)
    for action in rules.actions.values():
        _plan(action, rules)
    for e in [rules.end_guard, rules.round_end_guard] + [r.get("when") for r in rules.rules]:
        if e is not None:
            compiled(e)


# -- imported here, once: at the end, as the modules it loads import this one's names (cycles)
from .damage import assault_lines  # noqa: E402
from .compile_shared import shared_args  # noqa: E402
from .effects_made import resolve_lines  # noqa: E402
from .dashboards import resolve_part  # noqa: E402
from .finish import after_step  # noqa: E402
from .dashboards import started  # noqa: E402
from .same_selects import kept_select, kept_source  # noqa: E402
from .compile_made import CONTEXTS, Made  # noqa: E402,F401 - (CONTEXTS: re-exported)


class Statements(Inline, Made):
    """Every statement op's emitter: written in (Inline) or a function of its own (Made)."""


EMIT = dispatch(Statements, "stmt_", STATEMENTS)
register_walker("kernel-statements", STATEMENTS, EMIT)
