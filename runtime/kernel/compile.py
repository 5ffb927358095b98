"""Expressions of the IR compiled once into Python functions `f(run, env)`, cached by IR node.

They are cached by the identity of their IR node, so that play does not walk dictionaries at
every step. As Jinja2 compiles a template, an expression becomes Python source, compiled
once: its operators and names inline, constants in a namespace, a primitive or function
called directly with its arguments; only a selector (`one card in ...`) stays a closure of
its own. Each form's source is written by its emitter in compile_exprs.py, found through the
registry of IR forms (compiler/ir_ops.py)."""
from __future__ import annotations

import inspect
import keyword

from ...compiler.ir_ops import sub_expressions

_CACHE: dict[int, tuple[dict, object]] = {}


def compiled(e: dict):
    hit = _CACHE.get(id(e))
    if hit is not None and hit[0] is e:
        return hit[1]
    space: dict = {}
    fn = function(source(e, space), space)
    _CACHE[id(e)] = (e, fn)  # the node is kept alive with its function: its id stays its own
    return fn


def function(src: str, space: dict):
    """`lambda run, env: SRC` with the names of `space`."""
    return eval("lambda run, env: " + src, space)  # noqa: S307 - source generated here, from the IR


def _as_list(value):
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def _plus(a, b):
    if isinstance(a, list):  # _as_list(a) + _as_list(b), written out
        return a + (b if isinstance(b, list) else [] if b is None else [b])
    if isinstance(b, list):
        return ([] if a is None else [a]) + b
    return (a or 0) + (b or 0)


def name_for(space: dict, value) -> str:
    """A name bound to `value` in the generated code's namespace."""
    name = f"_{len(space)}"
    space[name] = value
    return name


_CONTEXT = {"players": "run.state.in_game()", "turn-player": "run.state.active", "teams": "list(run.state.teams)",
            "round": "run.state.round", "spaces": "(list(run.rules.spaces) if run.rules.layout is None else run.rules.layout.spaces(run))"}
# the Active figure of the turn (dashboards.py), none before one is
_CONTEXT["self"] = "(run.state.active_figure if run.state.active_turn == run.state.turn else None)"
# ... but in a figure's own trigger, that figure (listeners.components)
_CONTEXT["self"] = f"(env['ctx:self'] if 'ctx:self' in env else {_CONTEXT['self']})"
_CONTEXT["pending"] = "((env['_pending'] if '_pending' in env else None) or (0,))[0]"  # the pending amount of the event being heard (events.py)
_CONTEXT["holder"] = "(env['ctx:holder'] if 'ctx:holder' in env else None)"  # what a piece lies on, in its trigger (listeners.py)
# the names relative to the acting figure and the player acting, each a function of relations.py
_CONTEXT.update((name, f"_rel[{name!r}](run, env)") for name in (
    "here", "adjacent", "here-or-adjacent", "anywhere", "my-team", "opposing-team", "leading-team", "owner", "active"))
_CONTEXT["here"] = "(env['ctx:here'] if 'ctx:here' in env else _rel['here'](run, env))"
_CONTEXT["my-team"] = "(env['_my-team'] if '_my-team' in env else _rel['my-team'](run, env))"  # env: actions._base
# the acting figure's free Move of the turn, each a function of movement.py
_CONTEXT.update((name, f"_move[{name!r}](run, env)") for name in ("free-move-available", "moved"))
# context names the kernel sets in an effect's env itself (gather.py reads them too)
SET_IN_ENV = frozenset(("me", "self", "this-card", "holder", "here", "amount"))


def printed_name(rules, name: str) -> bool:
    """Whether a context name reads the running card's printed property: a name the kernel gives
    no meaning of its own (`_CONTEXT`, the env's), which a card type of the game declares as a
    property (a card's `monster-life 6`, read as `monster-life` in its effects)."""
    return (rules is not None and name not in _CONTEXT and name not in SET_IN_ENV
            and any(name in ct.props for ct in rules.card_types.values()))


_ORDER = {"<", "<=", ">", ">="}
# functions of one argument written out in the source, `{0}` a fresh local the argument is
# read into once (`size` is `len(_as_list(x))`, without calling _as_list)
_INLINE = {"size": "(len({0}) if isinstance({0} := {1}, list) else 0 if {0} is None else 1)",
           "first": "(({0} or [None])[0] if isinstance({0} := {1}, list) else {0})",
           "last": "(({0} or [None])[-1] if isinstance({0} := {1}, list) else {0})",
           "is-card": "(isinstance({0} := {1}, int) and not isinstance({0}, bool))"}
_ARG = {"size": "set", "first": "set", "last": "set", "is-card": "x"}


def _declared(space: dict, table: str, e: dict):
    """The zone or counter an IR node names, from the rules the code is generated for (a
    space's `__rules__`: a declaration's facts, its `per` and start, written into the source);
    None for code made without them, which calls the declaration's own function."""
    rules = space.get("__rules__")
    return getattr(rules, table).get(e["name"]) if rules is not None else None


def me_of(bound) -> str:
    """`me` in generated source: the local a block keeps it in where the block has surely set
    it (an action's function, a turn's slot: compile_stmts.Locals.known), else read from env."""
    if bound is not None and "ctx:me" in getattr(bound, "known", ()):
        return bound.local["ctx:me"]
    return "env['ctx:me']"


def me_player(bound) -> str | None:
    """The local `me` is kept in where it is surely the player whose turn it is (a str: an
    action's function, a turn's slot; compile_stmts.Locals.players), so generated code needs
    no `type(me) is str` test; else None."""
    if bound is not None and "ctx:me" in getattr(bound, "players", ()) and "ctx:me" in bound.known:
        return bound.local["ctx:me"]
    return None


def fresh(space: dict) -> str:
    """A name for a local of the generated code (a walrus's), its own in `space`'s code."""
    n = space["__fresh__"] = space.get("__fresh__", 0) + 1
    return f"_w{n}"


def source(e: dict | None, space: dict, bound=None) -> str:
    """Python source of an expression, evaluated in `run`, `env` and `space`: it does what
    the interpreter did, in the same order (the digests of tests/test_kernel_compiled.py).
    In a block (compile_stmts.py) `bound` names the Python locals its variables are kept in;
    alone, a variable is read from `env`."""
    if e is None:
        return "None"
    emit = EMIT.get(e["e"])
    if emit is None:  # a form the registry does not hold, or one no emitter writes alone (compile_exprs.IGNORED)
        raise KernelError(f"{e.get('span')}: the expression form '{e['e']}' is not supported in kernel games: "
                          f"{IGNORED.get(e['e'], 'the kernel compiler has no emitter for it (compile_exprs.py)')}")
    return emit(e, space, bound)


class _It:
    """`bound` of source(): `it` is the parameter `it`, every other name is read from env."""

    @staticmethod
    def read(key: str) -> str:
        return "it" if key == "var:it" else f"(env[{key!r}] if {key!r} in env else None)"


def _selects(e: dict) -> bool:
    """Whether a selector is in the expression (its own function, reading `it` from env)."""
    return e.get("e") == "select" or any(_selects(child) for child in _children(e))


def _select(e: dict):
    """`one KIND in SET where COND` (a choice, asked of `me`) or `all ...` (the list). The
    condition is a function of `it` (no copy of env per candidate) unless a selector in it
    reads `it` from env."""
    pool = compiled(e["in"]) if e["in"] is not None else None
    if pool is not None and e["kind"] == "edge":  # the edges that touch the spaces of the set (edges.py)
        from .edges import edges_in
        pool = (lambda spaces: lambda run, env: edges_in(run, spaces(run, env)))(pool)
    from ...compiler.shorthand import kernel_kind  # the compiler's table of the vocabulary's other words
    from .relations import RELATIONS, figures_in
    kind = kernel_kind(e["kind"])  # a kind the vocabulary gives another word for: the kernel's word
    from .selects import select_for  # one generated function where the selector can be (selects.py)
    if (made := select_for(e, kind, _selects)) is not None:
        return made
    if kind in RELATIONS:  # figures by whom they belong to, of the set or on its spaces (relations.py)
        pool = (lambda kind, of: lambda run, env: figures_in(run, env, kind, of(run, env) if of else None))(
            kind, pool)
    where, of_it = None, None
    if e["where"] is not None and not _selects(e["where"]):
        space: dict = {}
        of_it = eval("lambda run, env, it: " + source(e["where"], space, _It), space)  # noqa: S307 - from the IR
    elif e["where"] is not None:
        where = compiled(e["where"])
    every, span, prompt = e["quant"] == "all", e["span"], f"choose a {e['kind']}"
    optional = e["quant"] == "up-to"  # `up-to 1`: or none (Run.choose_value)

    def select(run, env):
        values = pool(run, env) if pool is not None else run.game.pool(kind)
        values = list(values) if isinstance(values, list) else [] if values is None else [values]  # _as_list's copy
        if of_it is not None:
            values = [v for v in values if of_it(run, env, v)]
        elif where is not None:
            values = [v for v in values if where(run, {**env, "var:it": v})]
        if every:
            return values
        if not values:
            return None
        return run.choose_value(env["ctx:me"], values, prompt, span, optional)
    return select


def pure(e: dict | None, names: frozenset = frozenset()) -> bool:
    """The expression asks nothing, draws nothing and reads none of `names` (`var:NAME`
    keys): its value is the same each time it is evaluated in one state and context."""
    if e is None:
        return True
    kind = e["e"]
    if kind in ("var", "param", "it", "event") and "var:" + (e["name"] if kind != "it" else "it") in names:
        return False
    if kind == "select" and e["quant"] != "all":
        return False
    if kind == "fn" and e["name"] in IMPURE_FUNCTIONS:
        return False
    return all(pure(child, names) for child in _children(e))


# the expressions directly under an expression (in `args`, `items`, `l`, ...): where the
# registry of IR forms says they are (compiler/ir_ops.py)
_children = sub_expressions


_READS_CTX = {"players": {"out"}, "teams": set(), "round": {"round"}, "turn-player": {"active"},
              "me": {"active"}, "spaces": {"board"}}  # the seats and Teams never change in play; the tiles may
_READS_FN = {"size": set(), "first": set(), "last": set(), "value": {"counters", "active"},
             "box-property": set()}  # the box prints it: it never changes
_READS_POOL = {"player": {"out"}, "team": set(), "space": {"board"}}


def state_reads(e: dict | None, fns: dict = _READS_FN) -> frozenset | None:
    """The parts of the state an end condition's value depends on (`out`, `round`,
    `active`, `counters`), evaluated with `me` the player whose turn it is; None when it
    reads anything else (a zone, a die, a variable) or asks. Between two checks where these
    parts are equal the answer is the same (structure.py keeps its last no)."""
    if e is None:
        return frozenset()
    kind = e["e"]
    if kind in CONSTANTS:
        return frozenset()
    if kind == "ctx":
        found = _READS_CTX.get(e["name"])
        return None if found is None else frozenset(found)
    if kind == "it":
        return frozenset()  # bound by its selector
    here = set()
    if kind == "fn":
        if e["name"] not in fns:
            return None
        here = fns[e["name"]]
        if callable(here):  # what it reads depends on its arguments (end_reads.py's `count`, `value`)
            here = here(e)
        elif e["name"] == "value" and e["args"].get("of") is not None:
            here = {"counters"}  # of someone named: not of `me`
    elif kind == "select":
        if e["quant"] != "all" or (e["in"] is None and e["kind"] not in _READS_POOL):
            return None
        here = _READS_POOL.get(e["kind"], set()) if e["in"] is None else set()
    elif kind not in ("cmp", "bin", "and", "or", "not", "neg", "is", "list"):
        return None
    out = set(here)
    for child in _children(e):
        found = state_reads(child, fns)
        if found is None:
            return None
        out |= found
    return frozenset(out)


IMPURE_FUNCTIONS = {"coin-toss", "coin-toss-between", "pick-at-random"}  # functions that change the state (a toss is logged and drawn)


CONSTANTS = ("num", "bool", "str", "zone", "counter", "property", "none")  # a value known before play


def call(fn, args: list):
    """A function calling `fn(run, env, ...)` with the values of `args` ((keyword, expression
    or None) pairs, evaluated in their order)."""
    space: dict = {}
    return function(call_source(fn, args, space), space)


def call_source(fn, args: list, space: dict, bound=None) -> str:
    """Source calling `fn(run, env, ...)`: by position where `args` are fn's next parameters
    in that order or as many as fn's `by_position` says (a word's one argument, whatever the
    vocabulary names it), by keyword otherwise; a constant argument (a counter's name, a number)
    is a name bound to its value, any other argument its own source."""
    names = [k for k, _e in args]
    try:
        params = list(inspect.signature(fn).parameters)[2:]
    except (TypeError, ValueError):  # pragma: no cover - a builtin without a signature
        params = None
    positional = params is not None and (names == params[:len(names)] or getattr(fn, "by_position", 0) == len(names))
    values = [source(e, space, bound) for _k, e in args]
    if positional:
        parts = values
    elif all(k.isidentifier() and not keyword.iskeyword(k) for k in names):
        parts = [f"{k}={v}" for k, v in zip(names, values)]
    else:  # pragma: no cover - no primitive has such a parameter
        parts = ["**{" + ", ".join(f"{k!r}: {v}" for k, v in zip(names, values)) + "}"]
    return name_for(space, fn) + "(" + ", ".join(["run", "env"] + parts) + ")"


# -- imported here, once: at the end, as compile_exprs.py imports this module's names (a cycle)
from .rules import KernelError  # noqa: E402
from .compile_exprs import EMIT, IGNORED  # noqa: E402
