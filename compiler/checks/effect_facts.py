"""What an effect does, in the terms card text uses: the numbers it deals, heals,
prevents, adds, gives as Victory Points and places as tokens, the `until` blocks it
installs, and the Damage thresholds it tests. Keywords are followed, with their
arguments bound (`heal(3)` heals 3)."""
from __future__ import annotations

from dataclasses import dataclass, field

from .game_pieces import vp_tokens

# primitive -> (kind of fact, the argument holding its number)
NUMBERS = {
    "damage": ("damage", "amount"), "attack": ("damage", "amount"),
    "remove-damage": ("heal", "amount"), "prevent": ("prevent", "amount"),
    "bonus": ("bonus", "amount"), "increase": ("bonus", "amount"),
    "gain-vp": ("vp", "amount"),
}
TOKEN_COUNTS = ("place", "take")
FLIP = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!="}


@dataclass
class EffectFacts:
    numbers: dict[str, set[int]] = field(default_factory=dict)  # kind -> the numbers it uses
    # the numbers the component writes itself (`damage(x, 2)`, `heal(3)`), not the constants
    # inside the keywords it uses, which the keyword's own text states
    written: dict[str, set[int]] = field(default_factory=dict)
    unknown: set[str] = field(default_factory=set)  # kinds it uses with a number only play knows
    tokens: dict[str, list[int | None]] = field(default_factory=dict)  # token qid -> counts placed or taken
    untils: list[dict] = field(default_factory=list)  # the `until` statements, in order
    thresholds: list[tuple[int, dict]] = field(default_factory=list)  # (least Damage that holds, expr)

    def add(self, kind: str, n: int | None, written: bool = True) -> None:
        if n is None:
            self.unknown.add(kind)
        else:
            self.numbers.setdefault(kind, set()).add(n)
            if written:
                self.written.setdefault(kind, set()).add(n)

    def merge(self, part: "EffectFacts") -> None:
        """Add what `part` found, as if its statements had been walked here."""
        for kind, ns in part.numbers.items():
            self.numbers.setdefault(kind, set()).update(ns)
        for kind, ns in part.written.items():
            self.written.setdefault(kind, set()).update(ns)
        if part.unknown:
            self.unknown |= part.unknown
        for tok, counts in part.tokens.items():
            self.tokens.setdefault(tok, []).extend(counts)
        if part.untils:
            self.untils.extend(part.untils)
        if part.thresholds:
            self.thresholds.extend(part.thresholds)

    def uses(self, kind: str) -> bool:
        return kind in self.numbers or kind in self.unknown


def value(expr, env: dict) -> int | None:
    """The number an argument is when it is written as one (or bound to one)."""
    if not isinstance(expr, dict):
        return None
    if expr.get("e") == "num":
        return expr["v"]
    if expr.get("e") == "param":
        return env.get(expr["name"])
    return None


def _threshold(e: dict, env: dict) -> int | None:
    """`damage-on(x) >= 5` (or `> 4`, `5 <= damage-on(x)`): the least Damage that meets it."""
    if e.get("e") != "cmp":
        return None
    left, right, op = e["l"], e["r"], e["op"]
    if not (isinstance(left, dict) and left.get("e") == "fn" and left.get("name") == "damage-on"):
        left, right, op = right, left, FLIP[op]
    if not (isinstance(left, dict) and left.get("e") == "fn" and left.get("name") == "damage-on"):
        return None
    n = value(right, env)
    if n is None:
        return None
    return {">=": n, ">": n + 1, "==": n}.get(op)


def _conditions(node, out: list) -> None:
    """Every comparison under a condition (through `and`, `or`, `not`)."""
    if isinstance(node, dict):
        if node.get("e") == "cmp":
            out.append(node)
        for key in ("items", "l", "r", "x", "expr"):
            if key in node:
                _conditions(node[key], out)
    elif isinstance(node, list):
        for item in node:
            _conditions(item, out)


def collect(col, comp: dict) -> EffectFacts:
    """The facts of a component's own effects and triggers (not its children's): worked out
    once per component (three checks ask; a Workspace keeps them for the components an edit
    leaves). The checks only read them."""
    key = ("effect-facts", comp["qid"])
    found = col.memo.get(key)
    if found is None:
        found = col.memo[key] = _collect(col, comp)
    return found


def _collect(col, comp: dict) -> EffectFacts:
    found = EffectFacts()
    for eff in comp["effects"].values():
        _guard(eff.get("when"), {}, found)
        _body(col, eff["body"], {}, found, set())
    for trig in comp["triggers"]:
        _body(col, [trig], {}, found, set())
    return found


def _guard(cond, env: dict, found: EffectFacts) -> None:
    if not cond:
        return
    cmps: list = []
    _conditions(cond, cmps)
    for c in cmps:
        n = _threshold(c, env)
        if n is not None:
            found.thresholds.append((n, c))


def _body(col, body: list, env: dict, found: EffectFacts, seen: frozenset | set) -> None:
    for s in col.stmts(body):
        op = s["op"]
        if op == "until":
            found.untils.append(s)
        elif op == "trigger":
            _guard(s.get("when"), env, found)
        elif op == "if":
            _guard(s.get("cond"), env, found)
        elif op == "primitive":
            args = s["args"]
            if s["name"] in NUMBERS:
                kind, arg = NUMBERS[s["name"]]
                expr = args.get(arg)
                found.add(kind, value(expr, env), written=not seen or (expr or {}).get("e") == "param")
            if s["name"] in TOKEN_COUNTS:
                tok = args.get("token") or {}
                if tok.get("e") == "token":
                    n = value(args.get("count"), env)
                    where = args.get("on") or args.get("to") or {}
                    if where.get("e") == "select" and where.get("quant") == "all":
                        n = None  # so many on each: the total is known only in play
                    found.tokens.setdefault(tok["name"], []).append(n)
                    if tok["name"] in vp_tokens(col):  # the tokens the game's Victory Points are kept as
                        found.add("vp", n, written=not seen)
        elif op == "keyword":
            qid = s["keyword"]
            kw = col.keywords.get(qid)
            if kw is None or qid in seen:
                continue
            inner = {}
            for p in kw.get("params", []):
                given = s["args"].get(p["name"], p["default"])
                inner[p["name"]] = value(given, env)
            found.merge(_keyword_facts(col, qid, kw, inner, seen))


def _keyword_facts(col, qid: str, kw: dict, inner: dict, seen) -> EffectFacts:
    """What a keyword's bodies do with its parameters bound to `inner` (`seen`: the keywords
    its caller is inside): worked out once per keyword and binding, not once per component
    that calls it (thousands of cards call the same few keywords with the same numbers). A
    keyword is in the collection's interface: a Workspace keeps these while it is unchanged."""
    key = ("keyword-facts", qid, tuple(inner.items()), frozenset(seen))
    part = col.memo.get(key)
    if part is None:
        part = EffectFacts()
        inside = set(seen) | {qid}
        for eff in kw["effects"].values():
            _body(col, eff["body"], inner, part, inside)
        col.memo[key] = part
    return part
