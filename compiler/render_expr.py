"""IR expressions printed as the DSL writes them: the one printer of expressions, in plain text
(`mayhem diff`) and, through a subclass that says how each piece looks, in HTML (the site's
`Phrases`, site/effects.py).

A call's arguments are given as its writer gave them (compiler.render_text.call_args), and an
operand is bracketed only where precedence needs it (compiler.render_text.needs_parens):

>>> trap, here = {"e": "token", "name": "shared/core:token:trap"}, {"e": "ctx", "name": "here"}
>>> count = {"e": "fn", "name": "count", "args": {"what": trap, "on": here}}
>>> ExpressionText().expr({"e": "cmp", "op": ">=", "l": count, "r": {"e": "num", "v": 3}})
'count(trap, on: here) >= 3'
>>> two, n = {"e": "num", "v": 2}, {"e": "var", "name": "n"}
>>> ExpressionText().expr({"e": "bin", "op": "*", "l": {"e": "bin", "op": "+", "l": n, "r": two}, "r": two})
'(n + 2) * 2'
>>> ExpressionText().expr({"e": "select", "quant": "one", "kind": "friend", "count": None, "in": None,
...                        "where": {"e": "not", "x": {"e": "str", "v": "KO"}}})
'one friend where not "KO"'
"""
from __future__ import annotations

import json

from .ir_ops import EXPRESSIONS, dispatch, register_walker
from .render_text import call_args, needs_parens, parameters

# the expression forms that are a name: the printer shows the name (a component's, linked on the site)
NAMES = ("ctx", "event", "var", "param", "it", "relation", "none", "unresolved", "zone", "counter", "property")
REFS = ("token", "tag", "icon", "component")  # the names of components


class ExpressionText:
    """Prints an IR expression as plain text. A subclass changes how the pieces look by
    overriding the hooks (`fmt`, `word`, `join`, `string`, `ref`, `named`, `minus`)."""

    minus = "-"

    # ---- the hooks --------------------------------------------------------------------

    def fmt(self, template: str, *args):
        """The template with its `{}` filled (on the site: escaped HTML)."""
        return template.format(*args)

    def word(self, value):
        """A word or number of the DSL as it is shown."""
        return str(value)

    def join(self, sep: str, parts):
        return sep.join(parts)

    def string(self, value: str):
        """A string literal."""
        return json.dumps(value, ensure_ascii=False)

    def ref(self, e: dict):
        """A component named by an expression (a token, tag, icon or component): its id."""
        return self.word(e["name"].rsplit(":", 1)[-1].rsplit("/", 1)[-1])

    def named(self, name: str, value: dict) -> bool | None:
        """Did the writer name this argument of a call? None: cannot tell (no source)."""
        return None

    # ---- expressions ------------------------------------------------------------------

    def expr(self, e: dict | None):
        if e is None:
            return self.fmt("")
        handler = _FORMS.get(e["e"])
        return handler(self, e) if handler is not None else self.word(e["e"])

    def operand(self, e: dict, key: str | int):
        """An operand of `e` (`e[key]`, or its `key`-th item), bracketed where precedence needs it."""
        child = e["items"][key] if isinstance(key, int) else e[key]
        out = self.expr(child)
        return self.fmt("({})", out) if needs_parens(e, child, "l" if key == 0 else str(key)) else out

    def call(self, params: list[str] | None, args: dict):
        """A call's arguments as written: by position, or named (`value(vp, of: it)`)."""
        return self.join(", ", (self.expr(v) if k is None else self.fmt("{}: {}", self.word(k), self.expr(v))
                                for k, v in call_args(params, args, self.named)))

    def form_num(self, e: dict):
        return self.word(e["v"])

    def form_bool(self, e: dict):
        return self.word(str(e["v"]).lower())

    def form_str(self, e: dict):
        return self.string(e["v"])

    def form_list(self, e: dict):
        return self.fmt("[{}]", self.join(", ", (self.expr(i) for i in e["items"])))

    def form_fn(self, e: dict):
        return self.fmt("{}({})", self.word(e["name"]), self.call(parameters(e["name"]), e["args"]))

    def form_bin(self, e: dict):
        return self.fmt("{} {} {}", self.operand(e, "l"), self.word(e["op"]), self.operand(e, "r"))

    form_cmp = form_bin

    def form_neg(self, e: dict):
        return self.fmt(self.minus + "{}", self.operand(e, "x"))

    def form_is(self, e: dict):
        return self.fmt("{} is {}{}", self.operand(e, "l"), "not " if e.get("negated") else "", self.operand(e, "r"))

    def form_and(self, e: dict):
        return self.join(f" {e['e']} ", (self.operand(e, i) for i in range(len(e["items"]))))

    form_or = form_and

    def form_not(self, e: dict):
        return self.fmt("not {}", self.operand(e, "x"))

    def form_select(self, e: dict):
        quant = self.word(e["quant"])
        if e.get("count") is not None:
            quant = self.fmt("{} {}", quant, self.operand(e, "count"))
        out = self.fmt("{} {}", quant, self.word(e["kind"]))
        if e.get("in") is not None:
            out = self.fmt("{} in {}", out, self.operand(e, "in"))
        if e.get("where") is not None:
            out = self.fmt("{} where {}", out, self.expr(e["where"]))
        return out

    def _name(self, e: dict):
        return self.word(e["name"])

    def _ref(self, e: dict):
        return self.ref(e)


_FORMS = dispatch(ExpressionText, "form_", EXPRESSIONS,
                  also={**{n: ExpressionText._name for n in NAMES}, **{n: ExpressionText._ref for n in REFS}})
register_walker("text: expressions as the DSL writes them (diff, site)", EXPRESSIONS, _FORMS)


def expression_text(e: dict | None) -> str:
    """An IR expression as plain text: `count(trap, on: here) >= 3`."""
    return ExpressionText().expr(e)
