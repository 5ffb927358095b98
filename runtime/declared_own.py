"""The source of a menu (runtime/declared_plan.py) rewritten for speed, what it offers unchanged.

`folded`: the Active Character's menu written for one character (declared_actions._fig_menu),
what its actions read of that character's dashboard folded in (its Special Ability, the
Special's `once` and condition, its Abilities by id with their Actions). `hoisted`: what no
guard changes (the acting figure, the Activation, the token types the figure holds) read once,
at the menu's start. `truth`: a guard's `bool()` calls whose value is only tested left out.
`reads_locals`: whether a source may read the env's locals (a parameter must then be bound there).
`shared`: a guard's second evaluation of a domain read before the loops read from its list."""
from __future__ import annotations

import ast
from functools import lru_cache
import re

from .compiled_expressions import source
from .rules import prop
from .state import Figure
from .turn_words import special_of


def folded(j: int, names: tuple, slots: tuple, guards: tuple, domains: tuple, ns: dict, eng, fig: Figure,
           walk):
    """The lines of an action of one parameter whose domain is the acting character's own
    `special-of(self)` or its `chosen-ability`, folded for that character (None: another
    action, walked as for any figure). `special-of(self)` is read from the dashboard when the
    function is made: no Special Ability, nothing offered; a guard `can-use(special)` is its
    parts written in (an effect, its `once` limit, its own condition), and its Action and entry
    are constants. `chosen-ability`: the dashboard's Abilities by id (the first of each id), each
    with its Action and entry, read by the Activation's Ability while the Activation is this
    character's (a table made when the function is made). `walk`: declared_plan's walk of an
    action for any figure (the Activation another character's)."""
    plan = ns[f"PLAN{j}"]
    decl = getattr(plan, "decl", None)
    if decl is None or not getattr(plan, "one", False):
        return None
    domain, term = decl.params[0][1], decl.terms[1]
    verb, name = ns[f"VERB{j}"], names[0]
    head, indent = [], ""
    if guards[0] is not None:
        head, indent = [f"if {truth(source((guards[0], False), ns))}:"], "    "

    def made(value) -> tuple:  # (the Action, its entry) of the value, its printed form in the slots
        args = tuple(ns["PRINTED"](value) if s >= 0 else fig.key for s in slots)
        return ns["MADE"].get((verb, args)) or ns["MAKE"]((verb, args)), (plan, (value,))
    if domain.get("name") == "chosen-ability" and term is None:
        table = {}
        for ability in reversed(eng.abilities(fig)):  # the first Ability of each id
            table[ability["id"]] = made(ability)
        ns[f"KEY{j}"], ns[f"CHOSEN{j}"] = fig.key, table
        generic = walk(j, names, slots, (None,) + guards[1:], domains, ns)
        return head + [f"{indent}if (a := eng.state.active) is not None and a.figure == KEY{j}:",
                       f"{indent}    e = CHOSEN{j}.get(a.ability)",
                       f"{indent}    if e is not None{'' if ns['DISTINCT'] else ' and e[0] not in bound'}: bound[e[0]] = e[1]",
                       f"{indent}else:"] + [f"{indent}    {line}" for line in generic]
    if domain.get("name") != "special-of" or (domain.get("args") or {}).get("figure", {}).get("e") != "ctx" \
            or domain["args"]["figure"].get("name") != "self":
        return None
    special = special_of(eng, None, fig)
    if special is None:
        return []  # no Special Ability: the domain is empty
    ns[f"V{j}"] = special
    ns[f"ACTION{j}"], ns[f"ENTRY{j}"] = made(special)
    lines = head
    ability = ((term or {}).get("args") or {}).get("ability") or {}
    if term is not None and term.get("e") == "fn" and term.get("name") == "can-use" \
            and ability.get("e") in ("param", "var") and ability.get("name") == name:
        effect = special["effects"].get("effect")
        if effect is None:
            return []  # no effect: never usable
        conds = ["env.self_fig is not None"]
        once = prop(special, "once")
        if once is not None:
            conds.append(f"not env.self_fig.special_used.get({once!r})")
        if effect["when"] is not None:
            fn, asks = eng.code.expr(effect["when"])
            if asks:
                ns[f"WHEN{j}"] = effect["when"]
                conds.append(f"eng.static_eval(WHEN{j}, env)")
            else:
                conds.append(f"bool({source((fn, False), ns)})")
    elif term is not None:
        conds = [source((guards[1], False), ns).replace(f"env.locals.get({name!r})", f"V{j}")]
    else:
        conds = ["True"]
    cond = " and ".join(conds)
    if reads_locals(cond):
        lines = lines + [f"{indent}L[{name!r}] = V{j}"]
    entry = f"bound[ACTION{j}] = ENTRY{j}" if ns["DISTINCT"] else f"if ACTION{j} not in bound: bound[ACTION{j}] = ENTRY{j}"
    return lines + [f"{indent}if {cond}:", f"{indent}    {entry}"]


# what a menu's guards and domains read of the env and the state that no guard changes (they are
# conditions): read once, at the function's start, when read at all
_HOISTED = (("SELF", "env.self_fig"), ("ACT", "eng.state.active"), ("TEAM", "eng.state.teams.get(env.team)"))
# `here` as runtime/functions.py writes it in (the Env's Location, else its figure's), SELF hoisted
_HERE = re.compile(r"\((_t\d+) if \(\1 := env\.here\) is not None "
                   r"else (_t\d+)\.location if \(\2 := SELF or env\.holder\) is not None else None\)")
# `restricted(self, W)` as runtime/turn_words.py writes it in, on the acting figure: one test of ST,
# the token types it holds (read once a menu), against those that forbid W
_RESTRICTED_SELF = re.compile(r"\(False if \((_w\d+) := SELF\)\.__class__ is not FIGURE or not \1\.tokens "
                              r"else not eng\._restricting\.get\(([^()]*|\(+'[\w-]+'\)+), TW_NONE\)"
                              r"\.isdisjoint\(\1\.tokens\.totals\)\)")
_ST = re.compile(r"\bST\b")
# `can-move(self)` as runtime/turn_words.py writes it in: its token test one of ST (no Figure subclass)
_CAN_MOVE_SELF = re.compile(r"\(isinstance\(\((_w\d+) := SELF\), FIGURE\) and \1\.location is not None "
                            r"and \(not \1\.tokens or eng\._stopping\.get\(('[\w-]+'), TW_NONE\)"
                            r"\.isdisjoint\(\1\.tokens\.totals\)\)\)")


def hoisted(text: str) -> str:
    """A menu's source with the acting figure, the Activation, the Team and `here` read once, at
    its start, and `restricted(self, W)` a test of the token types the figure holds, read once too."""
    head = []
    for name, read in _HOISTED:
        if read in text:
            text = text.replace(f"({read})", name).replace(read, name)
            head.append(f"    {name} = {read}")
    text, n = _RESTRICTED_SELF.subn(r"(ST is not None and not RESTRICTING.get(\2, TW_NONE).isdisjoint(ST))", text)
    text, m = _CAN_MOVE_SELF.subn(r"(SELF.__class__ is FIGURE and SELF.location is not None "
                                  r"and (ST is None or STOPPING.get(\2, TW_NONE).isdisjoint(ST)))", text)
    if n or m or _ST.search(text):  # (a token action on the acting figure reads ST too: declared_plan._walk)
        head.append("    ST = SELF.tokens.totals if SELF.__class__ is FIGURE and SELF.tokens else None")
    if n:
        head.append("    RESTRICTING = eng._restricting")
    if m:
        head.append("    STOPPING = eng._stopping")
    text, n = _HERE.subn("HERE", text)
    if n:
        head.append("    HERE = h if (h := env.here) is not None else f.location if (f := SELF or env.holder) is not None "
                    "else None")
    first, _, rest = text.partition("\n")
    return "\n".join([first] + head + [rest])


@lru_cache(maxsize=1024)  # a rules' guards are few, and each character's menu writes them again
def truth(text: str | None) -> str | None:
    """A guard's source as an `if` reads it: a `bool(X)` whose value is only tested (the guard
    itself, an operand of `and`, `or` or `not` that is, a branch of `X if C else Y` that is) as
    `X`: the truth of `A and B` is that of `bool(A and B)`, and an `and` or `or` is true when the
    operand it gives is.

    >>> truth("(bool((a) and (bool(b or c))))"), truth("(not bool(x == bool(y)))")
    ('(a and (b or c))', '(not x == bool(y))')
    >>> truth("(not (bool(t.played) if (t := team) is not None else False))")
    '(not (t.played if (t := team) is not None else False))'
    """
    if text is None or "bool(" not in text:
        return text
    return f"({ast.unparse(_truthy(ast.parse(text, mode='eval').body))})"


def _truthy(node: ast.expr) -> ast.expr:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "bool" \
            and len(node.args) == 1 and not node.keywords:
        return _truthy(node.args[0])
    if isinstance(node, ast.BoolOp):
        return ast.BoolOp(node.op, [_truthy(v) for v in node.values])
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return ast.UnaryOp(node.op, _truthy(node.operand))
    if isinstance(node, ast.IfExp):  # the branch it gives is tested
        return ast.IfExp(node.test, _truthy(node.body), _truthy(node.orelse))
    return node


_ENV_USE = re.compile(r"\benv\b(?!\.(?!locals\b)\w)")  # `env` itself, or its locals: not one of its fields


def reads_locals(text: str | None) -> bool:
    """May this source read the env's locals? It does when it reads them or passes the env on
    (a called closure may read them); reading the env's other fields (`env.self_fig`) does not.

    >>> reads_locals("open(env.self_fig) and env.team")
    False
    >>> reads_locals("_k1(eng, env, (v0))"), reads_locals("env.locals.get('x')")
    (True, True)
    """
    return text is not None and _ENV_USE.search(text) is not None


_CALLED = re.compile(r"\(*(_k\d+\()")  # a domain's source that calls a function: its name


@lru_cache(maxsize=1024)  # each character's menu writes the same guards again
def shared(text: str | None, part: str, name: str) -> str | None:
    """A guard's source with each evaluation of `part` (a domain's source, read before the
    loops: it reads no parameter and a guard changes nothing) read from `name` instead.

    >>> shared("(len(_k1(eng, env, env.team)) == 1 and g(v0))", "(_k1(eng, env, (env.team)))", "F0")
    '(len(F0) == 1 and g(v0))'
    """
    call = _CALLED.match(part)
    if text is None or call is None or call.group(1) not in text:  # (the common case: no ast parsed)
        return text
    tree, dump = ast.parse(text, mode="eval"), ast.dump(ast.parse(part, mode="eval").body)
    found = []

    class Shared(ast.NodeTransformer):
        def visit(self, node):
            if isinstance(node, ast.expr) and ast.dump(node) == dump:
                found.append(node)
                return ast.Name(name, ast.Load())
            return super().visit(node)
    body = Shared().visit(tree.body)
    return f"({ast.unparse(body)})" if found else text
