"""Effects as a reader sees them: an IR effect body as a short phrase, keywords and tokens linked.

`Phrases(model, link)` turns the statements of a slot or trigger into escaped HTML:
a keyword call is its display name with X filled in (`TRAP 2`, `+2 Damage`) and
its other arguments when they differ from the defaults; primitives, conditions
and selectors read as the DSL writes them.
"""
from __future__ import annotations

import re
from typing import Callable

from markupsafe import Markup

from ..compiler.ir_ops import STATEMENTS, dispatch, register_walker
from ..compiler.render_expr import ExpressionText
from ..compiler.render_text import parameters
from .escape import text
from .model import parse_span

Link = Callable[[str, str], Markup]  # (qid, label) -> an <a>, or the label


class Phrases(ExpressionText):
    """Statements and expressions as escaped HTML; expressions are compiler.render_expr's, with
    the pieces in HTML: names escaped, strings in quotes, components linked."""

    minus = "&#8722;"

    def __init__(self, model, link: Link) -> None:
        self.model = model
        self.link = link

    # ---- how the printer's pieces look in HTML (compiler/render_expr.py) ----------------

    def fmt(self, template: str, *args) -> Markup:
        return Markup(template).format(*args)

    def word(self, value) -> Markup:
        return text(value)

    def join(self, sep: str, parts) -> Markup:
        return Markup(sep).join(parts)

    def string(self, value: str) -> Markup:
        return Markup("&#8220;{}&#8221;").format(text(value))

    def ref(self, e: dict) -> Markup:
        comp = self.model.by_qid.get(e["name"])
        return self.link(e["name"], comp["name"] if comp and comp.get("name") else e["name"].split(":")[-1])

    # ---- statements -----------------------------------------------------------------

    def block(self, body: list[dict]) -> Markup:
        parts = [self.stmt(s) for s in body]
        return Markup("; ").join(parts) if parts else Markup("&#8212;")

    def stmt(self, s: dict) -> Markup:
        handler = _STATEMENTS.get(s["op"])
        return handler(self, s, self.block) if handler is not None else text(s["op"])

    # one handler per statement op of the registry (compiler/ir_ops.py); `inner` renders a
    # body inside the statement: inline (`block`) or as nested steps (`steps`)

    def stmt_keyword(self, s: dict, inner) -> Markup:
        return self.keyword_call(s)

    def stmt_primitive(self, s: dict, inner) -> Markup:
        return Markup("<code>{}</code>{}").format(text(s["name"]), self.args(s["args"], s["name"]))

    def stmt_may(self, s: dict, inner) -> Markup:
        label = Markup(" &#8220;{}&#8221;").format(text(s["label"])) if s.get("label") else ""
        return Markup("<em>may</em>{}: {}").format(label, inner(s["body"]))

    def stmt_choose(self, s: dict, inner) -> Markup:
        opts = [Markup("&#8220;{}&#8221;: {}").format(text(o["label"]), inner(o["body"])) for o in s["options"]]
        return Markup("<em>choose one</em> of {}").format(Markup(" / ").join(opts))

    def stmt_if(self, s: dict, inner) -> Markup:
        out = Markup("<em>if</em> {}: {}").format(self.expr(s["cond"]), inner(s["then"]))
        if s.get("else"):
            out += Markup(", <em>otherwise</em> {}").format(inner(s["else"]))
        return out

    def stmt_repeat(self, s: dict, inner) -> Markup:
        return Markup("<em>repeat</em> {} times: {}").format(self.expr(s["count"]), inner(s["body"]))

    def stmt_let(self, s: dict, inner) -> Markup:
        return Markup("<em>let</em> {} = {}").format(text(s["name"]), self.expr(s["value"]))

    def stmt_for_each(self, s: dict, inner) -> Markup:
        return Markup("<em>for each</em> {} in {}: {}").format(text(s["var"]), self.expr(s["source"]),
                                                               inner(s["body"]))

    def stmt_as(self, s: dict, inner) -> Markup:
        return Markup("<em>as</em> {}: {}").format(self.expr(s["who"]), inner(s["body"]))

    def stmt_until(self, s: dict, inner) -> Markup:
        return Markup("<em>until</em> {}: {}").format(text(s["event"]), inner(s["body"]))

    def stmt_trigger(self, s: dict, inner) -> Markup:
        when = Markup(" <em>when</em> {}").format(self.expr(s["when"])) if s.get("when") else ""
        return Markup("<em>on</em> {}{}: {}").format(text(s["event"]), when, inner(s["body"]))

    # ---- a body as steps: the rules text of a round, a phase, an action -----------------

    def steps(self, body: list[dict]) -> Markup:
        """A body as rules text to read: one plain statement inline, several as a numbered
        list, and the body of a block (`if`, `for each`, `may`, `choose`, `on`) nested under
        its head, `otherwise` as the next step. One line of HTML, for a table cell too."""
        items = [item for s in body for item in self.step(s)]
        if not items:
            return Markup("&#8212;")
        if len(items) == 1:
            return items[0]
        return Markup('<ol class="mh-steps">{}</ol>').format(
            Markup("").join(Markup("<li>{}</li>").format(i) for i in items))

    def step(self, s: dict) -> list[Markup]:
        """The steps of one statement: a head and its nested steps (an `if` with its `otherwise`)."""
        op = s["op"]
        if op == "if":
            out = [Markup("<em>if</em> {}: {}").format(self.expr(s["cond"]), self.steps(s["then"]))]
            rest = s.get("else") or []
            if len(rest) == 1 and rest[0]["op"] == "if":  # `else { if ... }`: the next case of the chain
                chain = self.step(rest[0])
                return out + [Markup("<em>otherwise,</em> {}").format(chain[0])] + chain[1:]
            if rest:
                out.append(Markup("<em>otherwise:</em> {}").format(self.steps(rest)))
            return out
        if op == "choose":
            opts = Markup("").join(Markup("<li>&#8220;{}&#8221;: {}</li>").format(text(o["label"]), self.steps(o["body"]))
                                   for o in s["options"])
            return [Markup('<em>choose one:</em> <ul class="mh-steps">{}</ul>').format(opts)]
        handler = _STATEMENTS.get(op)
        return [handler(self, s, self.steps) if handler is not None else text(op)]

    def trigger(self, t: dict) -> Markup:
        return self.stmt_trigger(t, self.block)

    def keyword_call(self, s: dict) -> Markup:
        kw = self.model.by_qid.get(s["keyword"])
        name = (kw or {}).get("name") or s["name"]
        params = (kw or {}).get("params", [])
        defaults = {p["name"]: p["default"] for p in params}
        args = dict(s["args"])
        # `TRAP X` with x = 2 reads `TRAP 2`
        x = args.get("x")
        if x is not None and x.get("e") == "num" and re.search(r"(?<![A-Za-z])X(?![A-Za-z])", name):
            name = re.sub(r"(?<![A-Za-z])X(?![A-Za-z])", str(x["v"]), name, count=1)
            args.pop("x")
        shown = {k: v for k, v in args.items() if v is not None and _plain(v) != _plain(defaults.get(k))}
        label = self.link(s["keyword"], name)
        if not shown:
            return label
        inner = Markup(", ").join(Markup("{}: {}").format(text(k), self.expr(v)) for k, v in sorted(shown.items()))
        return Markup("{} ({})").format(label, inner)

    def args(self, args: dict, primitive: str) -> Markup:
        # arguments the compiler filled in from the primitive's defaults carry no span
        shown = {k: v for k, v in args.items() if v is not None and v.get("span") is not None}
        if not shown:
            return Markup("")
        return Markup("({})").format(self.call(parameters(primitive, primitive=True), shown))

    def named(self, name: str, value: dict) -> bool | None:
        """Did the writer name this argument? Read from the source before the value's span: `of: it`."""
        sources = getattr(self.model, "sources", None)
        span = value.get("span") if isinstance(value, dict) else None
        if not sources or not span:
            return None
        try:
            file, (line, col), _ = parse_span(span)
        except ValueError:
            return None
        text_ = sources.get(file)
        lines = text_.split("\n") if text_ is not None else []
        if not 0 < line <= len(lines):
            return None
        before = (lines[line - 2] + " " if line > 1 else "") + lines[line - 1][:col - 1]
        m = re.search(r"([A-Za-z][\w-]*)\s*:\s*$", before)
        if m:
            return m.group(1) == name or None
        return False if re.search(r"[(,]\s*$", before) else None


def _plain(e):
    """An expression without its spans, to compare an argument with a default."""
    if isinstance(e, dict):
        return {k: _plain(v) for k, v in e.items() if k not in ("span", "node")}
    if isinstance(e, list):
        return [_plain(v) for v in e]
    return e


_STATEMENTS = dispatch(Phrases, "stmt_", STATEMENTS)
register_walker("site: statements as phrases and steps", STATEMENTS, _STATEMENTS)
